package catalog_test

import (
	"context"
	"testing"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/apperr/apperrtest"
	"github.com/atelier-commerce/atelier/backend/internal/catalog"
	"github.com/atelier-commerce/atelier/backend/internal/db/dbtest"
	"github.com/stretchr/testify/require"
)

// searchProduct is one product of the search corpus; brand is both its brand and its category,
// as in the shop (PRODUCT §1).
type searchProduct struct {
	slug, name, desc, brand string
	price                   int64
	ageDays                 int
	hidden                  bool
}

const brandVelvet = "Velvet Atelier"

// searchCorpus is fixed, so the tests can say which products come first. Ages are chosen against
// the tie-break (newest first): where a test asserts an order by relevance, the product it wants
// first is the older one.
var searchCorpus = []searchProduct{
	{"rose-serum", "Rose Serum", "A radiance serum with damask rose.", brandA, 4500, 20, false},
	{"vitamin-serums", "Vitamin C Serums Duo", "Two brightening treatments for morning and night.", brandB, 6200, 19, false},
	{"face-oil", "Hydrating Face Oil", "Lighter than a serum, richer than a balm.", brandB, 3800, 2, false},
	{"night-cream", "Midnight Repair Cream", "Rich overnight repair for tired skin.", brandA, 8900, 18, false},
	{"eye-cream", "Lumière Eye Cream", "A brightening cream for the eye contour.", brandA, 6100, 17, false},
	{"petal-mist", "Petal Mist", "A hydrating toner mist with rose water.", brandA, 2500, 16, false},
	{"velvet-hand-cream", "Velvet Hand Cream", "Smooths dry hands in seconds.", brandB, 1800, 15, false},
	{"atelier-candle", "Fig Leaf Candle", "Burns for forty hours.", brandVelvet, 4200, 3, false},
	{"moss-balm", "Moss Balm", "Melts to a velvet finish on dry lips.", brandB, 1500, 1, false},
	{"clay-mask", "Eucalyptus Clay Mask", "A purifying mask for oily skin.", brandB, 2900, 14, false},
	{"body-lotion", "Neroli Body Lotion", "Fast-absorbing lotion, 50% shea.", brandA, 3400, 13, false},
	{"cleansing-balm", "Cleansing Balm", "Melts away make-up and sunscreen.", brandA, 3600, 12, false},
	{"lip-balm", "Rosehip Lip Balm", "Balm for lips with rosehip oil.", brandB, 1200, 11, false},
	{"shampoo", "Cedar Shampoo", "Cleans the hair gently.", brandA, 2400, 10, false},
	{"draft-serum", "Serum Draft", "An unpublished serum.", brandA, 9900, 0, true},
}

// newSearchShop loads the corpus into a database of its own.
func newSearchShop(t *testing.T) *catalog.Service {
	t.Helper()
	svc := catalog.NewService(dbtest.Pool(t), 0)
	now := time.Now().UTC()
	for _, p := range searchCorpus {
		_, _, err := svc.SaveProduct(context.Background(), catalog.ProductInput{
			Slug: p.slug, Name: p.name, Description: p.desc, Price: pence(p.price), Stock: 10,
			Active: true, Published: !p.hidden,
			Attributes: []catalog.Attribute{{Name: "category", Value: p.brand}, {Name: "brand", Value: p.brand}},
			CreatedAt:  now.Add(-time.Duration(p.ageDays) * 24 * time.Hour),
		})
		require.NoError(t, err)
	}
	return svc
}

// Searches over one shared corpus (reads only, so the cases can share it): which products come
// back, in which order, for what shoppers type.
func TestSearch(t *testing.T) {
	t.Parallel()
	svc := newSearchShop(t)
	everything := []string{"moss-balm", "face-oil", "atelier-candle", "shampoo", "lip-balm", "cleansing-balm",
		"body-lotion", "clay-mask", "velvet-hand-cream", "petal-mist", "eye-cream", "night-cream", "vitamin-serums", "rose-serum"}
	tests := map[string]struct {
		q    catalog.ListQuery
		want []string // the whole answer, in order (AllPageSize)
	}{
		// Stemming: the plural finds the singular and the other way round; the names first, then
		// the description that mentions a serum; the unpublished serum never.
		"plural finds singular": {q: catalog.ListQuery{Search: "serums"}, want: []string{"rose-serum", "vitamin-serums", "face-oil"}},
		"singular finds plural": {q: catalog.ListQuery{Search: "serum"}, want: []string{"rose-serum", "vitamin-serums", "face-oil"}},
		"case does not matter":  {q: catalog.ListQuery{Search: "SERUM"}, want: []string{"rose-serum", "vitamin-serums", "face-oil"}},
		// As you type: the last word is a prefix.
		"prefix as you type":           {q: catalog.ListQuery{Search: "ser"}, want: []string{"rose-serum", "vitamin-serums", "face-oil"}},
		"prefix of the last word only": {q: catalog.ListQuery{Search: "rose ser"}, want: []string{"rose-serum"}},
		// Weights: name (velvet-hand-cream) above brand (Velvet Atelier's candle) above
		// description (moss-balm), although the ties would put them the other way round.
		"name above brand above description": {q: catalog.ListQuery{Search: "velvet"},
			want: []string{"velvet-hand-cream", "atelier-candle", "moss-balm"}},
		// Every word must match, in any field: the brand gives one, the name the other.
		"words are ANDed across fields": {q: catalog.ListQuery{Search: "lumière serum"}, want: []string{"rose-serum"}},
		"accented brand":                {q: catalog.ListQuery{Search: "Lumière"}, want: []string{"eye-cream", "shampoo", "cleansing-balm", "body-lotion", "petal-mist", "night-cream", "rose-serum"}},
		// Typo tolerance when nothing matches as typed.
		"transposed letters":        {q: catalog.ListQuery{Search: "seurm"}, want: []string{"rose-serum", "vitamin-serums", "face-oil"}},
		"a letter missing":          {q: catalog.ListQuery{Search: "cedr shampoo"}, want: []string{"shampoo"}},
		"a typo beside a good word": {q: catalog.ListQuery{Search: "rose seurm"}, want: []string{"rose-serum"}},
		"a typo in the brand":       {q: catalog.ListQuery{Search: "lumeire"}, want: []string{"eye-cream", "shampoo", "cleansing-balm", "body-lotion", "petal-mist", "night-cream", "rose-serum"}},
		// Misses are an empty page, not an error.
		"no such word":          {q: catalog.ListQuery{Search: "zzzqx"}, want: []string{}},
		"too far for a typo":    {q: catalog.ListQuery{Search: "xylophone"}, want: []string{}},
		"only stop words":       {q: catalog.ListQuery{Search: "the and"}, want: []string{}},
		"hidden products never": {q: catalog.ListQuery{Search: "draft"}, want: []string{}},
		// Operator characters are never tsquery syntax: what is left is the words.
		"tsquery operators":        {q: catalog.ListQuery{Search: `rose & !serum | (`}, want: []string{"rose-serum"}},
		"a prefix marker typed":    {q: catalog.ListQuery{Search: "serum:*"}, want: []string{"rose-serum", "vitamin-serums", "face-oil"}},
		"quotes and colons":        {q: catalog.ListQuery{Search: `'rose':A "serum"`}, want: []string{"rose-serum"}},
		"operators only":           {q: catalog.ListQuery{Search: `a & | ! ( ) : * ' " \ <-> %`}, want: []string{}},
		"punctuation only":         {q: catalog.ListQuery{Search: `&|!():*'`}, want: []string{}},
		"a number and a percent":   {q: catalog.ListQuery{Search: "50%"}, want: []string{"body-lotion"}},
		"apostrophe inside a word": {q: catalog.ListQuery{Search: "cedar's"}, want: []string{"shampoo"}},
		// No search: the listing, newest first.
		"empty is no search":                   {q: catalog.ListQuery{Search: ""}, want: everything},
		"whitespace only is no search":         {q: catalog.ListQuery{Search: " \t  "}, want: everything},
		"relevance without a search is newest": {q: catalog.ListQuery{Sort: catalog.SortRelevance}, want: everything},
		// Filters and explicit sorts combine with a search.
		"search and category": {q: catalog.ListQuery{Search: "serum", Categories: []string{brandB}}, want: []string{"vitamin-serums", "face-oil"}},
		"search and price":    {q: catalog.ListQuery{Search: "serum", MinPrice: pence(4000)}, want: []string{"rose-serum", "vitamin-serums"}},
		"search sorted by price": {q: catalog.ListQuery{Search: "serum", Sort: catalog.SortPriceAsc},
			want: []string{"face-oil", "rose-serum", "vitamin-serums"}},
		"search sorted newest": {q: catalog.ListQuery{Search: "serum", Sort: catalog.SortNewest},
			want: []string{"face-oil", "vitamin-serums", "rose-serum"}},
		"typo with a filter": {q: catalog.ListQuery{Search: "seurm", MaxPrice: pence(5000)}, want: []string{"rose-serum", "face-oil"}},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			tt.q.PageSize = catalog.AllPageSize
			page := list(t, svc, tt.q)
			require.Equal(t, tt.want, slugs(page.Products))
			require.Equal(t, len(tt.want), page.Total)
		})
	}
}

// A relevance page token holds an offset: following the tokens walks the same order as one
// page of everything, and the last page has none.
func TestSearchPageTokens(t *testing.T) {
	t.Parallel()
	svc := newSearchShop(t)
	all := slugs(list(t, svc, catalog.ListQuery{Search: "lumière", PageSize: catalog.AllPageSize}).Products)
	require.Len(t, all, 7)
	first := list(t, svc, catalog.ListQuery{Search: "lumière", PageSize: 6})
	require.Equal(t, all[:6], slugs(first.Products))
	require.NotEmpty(t, first.NextPageToken)
	second := list(t, svc, catalog.ListQuery{Search: "lumière", PageSize: 6, PageToken: first.NextPageToken})
	require.Equal(t, all[6:], slugs(second.Products))
	require.Empty(t, second.NextPageToken)

	// The token belongs to its search and its sort.
	tests := map[string]catalog.ListQuery{
		"another search":   {Search: "cream", PageSize: 6, PageToken: first.NextPageToken},
		"an explicit sort": {Search: "lumière", Sort: catalog.SortNewest, PageSize: 6, PageToken: first.NextPageToken},
		"no search":        {PageSize: 6, PageToken: first.NextPageToken},
	}
	for name, q := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			_, err := svc.List(context.Background(), q)
			apperrtest.Require(t, err, apperrtest.Want{Kind: apperr.KindInvalid, Reason: "invalid_page_token"})
		})
	}
}

// Every write of a name or attributes keeps search current: the new name is found, the old one
// not, the new brand ranks, and typo correction knows the new words.
func TestSearchFollowsWrites(t *testing.T) {
	t.Parallel()
	camellia := catalog.AdminInput{Name: new("Camellia Serum")}
	tests := map[string]struct {
		update *catalog.AdminInput // saved over rose
		create *catalog.AdminInput // a new product
		search string
		want   []string // names
	}{
		"renamed, found by its new name": {update: &camellia, search: "camellia", want: []string{"Camellia Serum"}},
		"renamed, not by its old one":    {update: &camellia, search: "rose", want: []string{}},
		"new brand": {update: &catalog.AdminInput{Attributes: attrs("category", brandB, "brand", "Orchard House")},
			search: "orchard", want: []string{"Rose Serum"}},
		"brand removed":      {update: &catalog.AdminInput{Attributes: attrs("feature", "Vegan")}, search: "maison", want: []string{}},
		"new word corrected": {update: &camellia, search: "camelia", want: []string{"Camellia Serum"}},
		"created": {create: &catalog.AdminInput{Name: new("Jasmine Body Oil"), Price: pence(3000), SKU: new("JB-1"),
			Stock: new(int32(4)), Attributes: attrs("category", brandB)}, search: "jasmnie", want: []string{"Jasmine Body Oil"}},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			b := newBackOffice(t)
			if tt.update != nil {
				_, err := b.admin.Update(context.Background(), b.ben, b.rose.ID, b.get(t, b.rose.ID).Revision, *tt.update)
				require.NoError(t, err)
			}
			if tt.create != nil {
				b.create(t, *tt.create)
			}
			page := list(t, b.shop, catalog.ListQuery{Search: tt.search, PageSize: catalog.AllPageSize})
			names := []string{}
			for _, p := range page.Products {
				names = append(names, p.Name)
			}
			require.Equal(t, tt.want, names)
		})
	}
}
