package seed

import (
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/atelier-commerce/atelier/backend/internal/seed/productart"
)

func visible(p DemoProduct) bool { return p.Active && p.Published }

func TestProductsCountAndBrands(t *testing.T) {
	require.GreaterOrEqual(t, len(Products), 44)
	perBrand := map[string]int{}
	for _, p := range Products {
		require.Contains(t, []string{"Maison Lumière", "Verdant & Co"}, p.Brand, p.Slug)
		perBrand[p.Brand]++
	}
	// Roughly half each.
	for b, n := range perBrand {
		require.InDelta(t, len(Products)/2, n, 3, b)
	}
}

var kebab = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)
var skuPattern = regexp.MustCompile(`^(ML|VC)-[A-Z]{3}-\d{3}$`)

func TestProductFieldsAreWellFormed(t *testing.T) {
	slugs := map[string]bool{}
	skus := map[string]bool{}
	ages := map[int]string{}
	for _, p := range Products {
		require.Regexp(t, kebab, p.Slug)
		require.False(t, slugs[p.Slug], "duplicate slug %s", p.Slug)
		slugs[p.Slug] = true
		require.Regexp(t, skuPattern, p.SKU, p.Slug)
		require.False(t, skus[p.SKU], "duplicate SKU %s", p.SKU)
		skus[p.SKU] = true
		require.Equal(t, p.Brand == BrandLumiere, strings.HasPrefix(p.SKU, "ML-"), "SKU prefix must match brand: %s", p.SKU)

		require.NotEmpty(t, strings.TrimSpace(p.Name), p.Slug)
		require.Positive(t, p.PricePence, p.Slug)
		require.GreaterOrEqual(t, p.PricePence, int64(1400), p.Slug)
		require.LessOrEqual(t, p.PricePence, int64(32000), p.Slug)
		require.GreaterOrEqual(t, p.Stock, int32(0), p.Slug)
		require.LessOrEqual(t, p.Stock, int32(250), p.Slug)

		sentences := strings.Count(p.Description, ". ") + 1
		require.True(t, sentences >= 2 && sentences <= 4, "%s: description has %d sentences", p.Slug, sentences)
		require.True(t, strings.HasSuffix(p.Description, "."), p.Slug)

		require.True(t, len(p.Features) >= 2 && len(p.Features) <= 5, "%s: %d features", p.Slug, len(p.Features))
		for _, f := range p.Features {
			require.NotEmpty(t, strings.TrimSpace(f), p.Slug)
		}
		require.NotEmpty(t, p.Specs, p.Slug)
		for _, s := range p.Specs {
			require.NotEmpty(t, strings.TrimSpace(s[0]), p.Slug)
			require.NotEmpty(t, strings.TrimSpace(s[1]), p.Slug)
			// These names are filled by the loader from Brand and Features.
			require.NotContains(t, []string{"category", "feature", "brand"}, strings.ToLower(s[0]), p.Slug)
		}

		require.Positive(t, p.AgeDays, p.Slug)
		prev, dup := ages[p.AgeDays]
		require.False(t, dup, "%s and %s share AgeDays %d", p.Slug, prev, p.AgeDays)
		ages[p.AgeDays] = p.Slug
	}
}

func TestPriceRange(t *testing.T) {
	var prices []int64
	for _, p := range Products {
		if visible(p) {
			prices = append(prices, p.PricePence)
		}
	}
	slices.Sort(prices)
	require.LessOrEqual(t, prices[0], int64(1500), "cheapest should be about £14")
	over200 := 0
	for _, v := range prices {
		if v > 20000 {
			over200++
		}
	}
	require.GreaterOrEqual(t, over200, 3, "a few products over £200 so the price slider ceiling is interesting")
	// The /classic carousel shows the 5 most expensive: their prices must differ.
	top := prices[len(prices)-5:]
	require.Len(t, slices.Compact(slices.Clone(top)), 5, "top five prices %v must be distinct", top)
}

func TestStockMix(t *testing.T) {
	var out, low, normal int
	for _, p := range Products {
		switch {
		case p.Stock == 0:
			out++
		case p.Stock < 10:
			low++
		default:
			require.GreaterOrEqual(t, p.Stock, int32(10), p.Slug)
			normal++
		}
	}
	require.GreaterOrEqual(t, out, 4, "Out of Stock examples")
	require.GreaterOrEqual(t, low, 6, "Low Stock examples")
	require.Greater(t, normal, len(Products)/2)
}

func TestHiddenAndFeatured(t *testing.T) {
	var inactive, unpublished, featured int
	for _, p := range Products {
		if !p.Active {
			inactive++
		}
		if !p.Published {
			unpublished++
		}
		if p.Featured {
			featured++
			// The home page draws featured products from those with images.
			require.True(t, visible(p), "featured %s must be visible", p.Slug)
			require.NotEmpty(t, p.Images, "featured %s needs images", p.Slug)
		}
	}
	require.GreaterOrEqual(t, inactive, 2)
	require.GreaterOrEqual(t, unpublished, 2)
	require.InDelta(t, 8, featured, 2)

	// Hiding products must not hide a whole brand, feature, shape or stock state.
	visibleBrands := map[string]bool{}
	visibleFeatures := map[string]bool{}
	for _, p := range Products {
		if visible(p) {
			visibleBrands[p.Brand] = true
			for _, f := range p.Features {
				visibleFeatures[f] = true
			}
		}
	}
	require.Len(t, visibleBrands, 2)
	for _, p := range Products {
		if !visible(p) {
			require.NotZero(t, p.Stock, "%s: hidden products must not be the out-of-stock examples", p.Slug)
			for _, f := range p.Features {
				require.True(t, visibleFeatures[f], "%s: feature %q only exists on hidden products", p.Slug, f)
			}
		}
	}
}

func TestImages(t *testing.T) {
	counts := map[int]int{}
	visibleWithout := 0
	for _, p := range Products {
		require.LessOrEqual(t, len(p.Images), 4, p.Slug)
		counts[len(p.Images)]++
		if len(p.Images) == 0 && visible(p) {
			visibleWithout++
		}
		want := "MAISON LUMIÈRE"
		if p.Brand == BrandVerdant {
			want = "VERDANT & CO"
		}
		for i, img := range p.Images {
			require.Equal(t, want, img.Label, p.Slug)
			require.Equal(t, i, img.Angle, "%s: angles run 0..n-1", p.Slug)
			require.Contains(t, productart.Shapes, img.Shape, p.Slug)
			isLumiere := strings.HasPrefix(img.Palette.Name, "lumiere-")
			require.Equal(t, p.Brand == BrandLumiere, isLumiere, "%s: palette %s belongs to the other brand", p.Slug, img.Palette.Name)
			_, known := productart.PaletteByName(img.Palette.Name)
			require.True(t, known, p.Slug)
			require.Equal(t, p.Images[0].Shape, img.Shape, "%s: one product, one container", p.Slug)
			require.LessOrEqual(t, len([]rune(img.Caption)), 24, "%s: caption is the short form", p.Slug)
		}
	}
	require.GreaterOrEqual(t, visibleWithout, 3, "visible products without images")
	for n := 1; n <= 4; n++ {
		require.Positive(t, counts[n], "some products should have %d image(s)", n)
	}
}

func TestDemoImagesRender(t *testing.T) {
	if testing.Short() {
		t.Skip("renders images")
	}
	// Tiny renders: checks every spec is drawable, not how it looks.
	for _, p := range Products {
		for _, img := range p.Images {
			out := productart.Render(img, 40, 50)
			require.Equal(t, 40, out.Bounds().Dx(), p.Slug)
		}
	}
}

func TestDeliveryOptions(t *testing.T) {
	want := []DemoDeliveryOption{
		{Code: "standard", Name: "Standard", Carrier: "Royal Mail", EstimatedDays: "5–7 working days", PricePence: 1735, Position: 1, Active: true},
		{Code: "express", Name: "Express", Carrier: "DPD", EstimatedDays: "3–4 working days", PricePence: 2499, Position: 2, Active: true},
		{Code: "priority", Name: "Priority", Carrier: "Hermes", EstimatedDays: "2–3 working days", PricePence: 3250, Position: 3, Active: true},
		{Code: "next_day", Name: "Next Day", Carrier: "DHL", EstimatedDays: "Next working day if ordered before 2pm", PricePence: 4524, Position: 4, Active: true},
		{Code: "premium", Name: "Premium", Carrier: "FedEx", EstimatedDays: "By 10am next working day if ordered before 4pm", PricePence: 5976, Position: 5, Active: true},
	}
	require.Equal(t, want, DeliveryOptions)
}

func TestStoreSettings(t *testing.T) {
	s := StoreSettings
	require.Equal(t, "Atelier London", s.StoreName)
	require.Equal(t, "London", s.City)
	require.Regexp(t, `^[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}$`, s.Postcode)
	require.Equal(t, "United Kingdom", s.Country)
	require.Equal(t, "hello@atelierlondon.co.uk", s.ContactEmail)
	require.Regexp(t, `^\+44 20 \d{4} \d{4}$`, s.Phone)
	require.Regexp(t, `^\d{8}$`, s.CompanyNumber)
	require.Regexp(t, `^GB\d{9}$`, s.VATNumber)
	require.NotEmpty(t, s.AddressLine1)
}

func TestPages(t *testing.T) {
	bySlug := map[string]DemoPage{}
	for _, p := range Pages {
		bySlug[p.Slug] = p
	}
	require.Len(t, bySlug, 3)
	check := func(slug, title string, y int, m time.Month, d int) DemoPage {
		p, ok := bySlug[slug]
		require.True(t, ok, slug)
		require.Equal(t, title, p.Title)
		uy, um, ud := p.UpdatedAt.Date()
		require.Equal(t, [3]int{y, int(m), d}, [3]int{uy, int(um), ud}, slug)
		// The same calendar day wherever the page is rendered.
		for _, zone := range []string{"Europe/London", "Europe/Athens", "America/New_York"} {
			if loc, err := time.LoadLocation(zone); err == nil {
				ly, lm, ld := p.UpdatedAt.In(loc).Date()
				require.Equal(t, [3]int{y, int(m), d}, [3]int{ly, int(lm), ld}, "%s in %s", slug, zone)
			}
		}
		require.Greater(t, len(p.HTML), 2500, "%s should be substantial", slug)
		for _, bad := range []string{"<script", "style=", "<style", "onclick", "<h1"} {
			require.NotContains(t, strings.ToLower(p.HTML), bad, slug)
		}
		require.Equal(t, strings.Count(p.HTML, "<h2"), strings.Count(p.HTML, "</h2>"), slug)
		require.Equal(t, strings.Count(p.HTML, "<h3"), strings.Count(p.HTML, "</h3>"), slug)
		require.Equal(t, strings.Count(p.HTML, "<p>"), strings.Count(p.HTML, "</p>"), slug)
		require.Equal(t, strings.Count(p.HTML, "<ul>"), strings.Count(p.HTML, "</ul>"), slug)
		require.Equal(t, strings.Count(p.HTML, "<li>"), strings.Count(p.HTML, "</li>"), slug)
		return p
	}
	privacy := check("privacy", "Privacy Policy", 2025, time.May, 12)
	require.Contains(t, privacy.HTML, "UK GDPR")
	terms := check("terms", "Terms and Conditions", 2025, time.May, 13)
	for _, s := range []string{"28 days", "10 working days", "over £50", "include UK VAT", "£17.35", "£59.76"} {
		require.Contains(t, terms.HTML, s)
	}
	faq := check("faq", "Frequently Asked Questions", 2025, time.May, 12)
	require.GreaterOrEqual(t, strings.Count(faq.HTML, "<h3>"), 12)
	for _, section := range []string{"Orders", "Delivery", "Returns", "Products", "Account"} {
		require.Contains(t, faq.HTML, "<h2>"+section+"</h2>")
	}
	// Every question is followed directly by its answer.
	for _, part := range strings.Split(faq.HTML, "</h3>")[1:] {
		require.True(t, strings.HasPrefix(strings.TrimSpace(part), "<p>"), "answer must follow question: %.60q", part)
	}
}

// The returns window is 28 days from receipt wherever the shop states it (PRODUCT §2: one
// number everywhere, the shipping policy's). Every sentence of the seeded pages that speaks of
// returning something and names a number of days names 28; the storefront's own pages quote
// the same number from storefront/app/lib/returns-policy.ts.
func TestReturnsWindowIsTwentyEightDays(t *testing.T) {
	t.Parallel()
	days := regexp.MustCompile(`(\d+)[ -]days?`)
	tag := regexp.MustCompile(`<[^>]*>`)
	stated := 0
	for _, p := range Pages {
		text := tag.ReplaceAllString(p.HTML, " ")
		for _, sentence := range regexp.MustCompile(`[.?!]\s`).Split(text, -1) {
			if !strings.Contains(strings.ToLower(sentence), "return") {
				continue
			}
			for _, m := range days.FindAllStringSubmatch(sentence, -1) {
				require.Equal(t, "28", m[1], "%s: %q", p.Slug, strings.TrimSpace(sentence))
				stated++
			}
		}
	}
	require.GreaterOrEqual(t, stated, 2, "the terms and the FAQ both state the window")
	for _, p := range Products {
		require.NotRegexp(t, `(?i)return\w*[^.]*\d+[ -]days?`, p.Description, p.Slug)
	}
}
