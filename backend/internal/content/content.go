// Package content owns the shop's editable pages (privacy, terms, FAQ and any an admin adds) and
// their history. HTML is sanitised when it is saved, so every reader can trust what it gets back.
//
// The shop reads pages straight from the database (there is no cache of pages in this package,
// in the API's response cache or in the storefront), so a saved change shows on the next request
// in every process.
package content

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/db"
	"github.com/atelier-commerce/atelier/backend/internal/revision"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/microcosm-cc/bluemonday"
)

// Page is a content page.
type Page struct {
	ID        string
	Slug      string
	Title     string
	HTML      string
	Revision  int64
	CreatedAt time.Time
	UpdatedAt time.Time
	UpdatedBy revision.Actor
}

// builtIn are the pages the shop links to itself (footer, checkout, sitemap): they can be edited
// but never deleted.
var builtIn = []string{"privacy", "terms", "faq"}

// BuiltIn reports whether the page is one the shop needs.
func (p Page) BuiltIn() bool { return slices.Contains(builtIn, p.Slug) }

// Limits of the editable fields.
const (
	MaxSlugLen  = 64
	MaxTitleLen = 200
	MaxHTMLLen  = 200000
)

// policy is a strict allow-list for text pages: headings (with ids, for in-page links),
// paragraphs, lists, links, emphasis, tables, line breaks, rules and quotations. Links may be
// relative or http, https and mailto only. Nothing that runs, styles, embeds or submits passes:
// no scripts, style elements or attributes, event attributes, iframes, forms, images (an image
// fetches from wherever its src says, on every visit), classes or data: URLs.
var policy = func() *bluemonday.Policy {
	p := bluemonday.NewPolicy()
	headings := []string{"h1", "h2", "h3", "h4", "h5", "h6"}
	p.AllowElements(headings...)
	p.AllowElements("p", "br", "hr", "blockquote", "section", "ul", "ol", "li", "dl", "dt", "dd",
		"em", "strong", "i", "b", "small", "sub", "sup",
		"table", "caption", "thead", "tbody", "tfoot", "tr", "th", "td")
	p.AllowAttrs("id").Matching(regexp.MustCompile(`^[a-z][a-z0-9-]{0,63}$`)).OnElements(headings...)
	p.AllowAttrs("colspan", "rowspan").Matching(regexp.MustCompile(`^[1-9][0-9]?$`)).OnElements("th", "td")
	p.AllowAttrs("scope").Matching(regexp.MustCompile(`^(row|col|rowgroup|colgroup)$`)).OnElements("th")
	p.AllowAttrs("href").OnElements("a")
	p.AllowURLSchemes("http", "https", "mailto")
	p.AllowRelativeURLs(true)
	p.RequireParseableURLs(true)
	return p
}()

// Sanitize returns html with everything but text markup removed, and every link marked
// rel="noopener" (a page opened from it cannot reach back into the shop's window).
func Sanitize(html string) string {
	// The policy lets no rel attribute through, and in its output "<a " can only start a link
	// with attributes (text and attribute values have their "<" escaped; a link without href is
	// dropped), so the attribute is added to every link exactly once.
	return strings.ReplaceAll(policy.Sanitize(html), "<a ", `<a rel="noopener" `)
}

var slugPattern = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

func checkSlug(slug string) error {
	if !slugPattern.MatchString(slug) || len(slug) > MaxSlugLen {
		return apperr.Invalid("slug", "invalid_slug", "page slug must be lower-case words joined by hyphens, at most %d characters", MaxSlugLen)
	}
	return nil
}

// checkFields normalises a page's title and sanitises its HTML, refusing what cannot be saved.
func checkFields(p Page) (Page, error) {
	p.Title = strings.TrimSpace(p.Title)
	switch {
	case p.Title == "":
		return p, apperr.Invalid("title", "missing_title", "a page needs a title")
	case utf8.RuneCountInString(p.Title) > MaxTitleLen:
		return p, apperr.Invalid("title", "title_too_long", "a page's title has at most %d characters", MaxTitleLen)
	case utf8.RuneCountInString(p.HTML) > MaxHTMLLen:
		return p, apperr.Invalid("html", "html_too_long", "a page's HTML has at most %d characters", MaxHTMLLen)
	}
	p.HTML = Sanitize(p.HTML)
	return p, nil
}

// Service reads and saves pages.
type Service struct {
	pool *pgxpool.Pool
	now  func() time.Time
}

// NewService returns the content service.
func NewService(pool *pgxpool.Pool) *Service { return &Service{pool: pool, now: time.Now} }

// Get returns the page with slug.
func (s *Service) Get(ctx context.Context, slug string) (Page, error) {
	if err := checkSlug(slug); err != nil {
		return Page{}, err
	}
	p, err := pageBySlug(ctx, s.pool, slug, false)
	if err != nil {
		return Page{}, fmt.Errorf("content.Get: %s: %w", slug, err)
	}
	if p == nil {
		return Page{}, errPageNotFound(slug)
	}
	return *p, nil
}

// Save creates or replaces a page as the system (the seed), sanitising its HTML. A zero
// UpdatedAt means now. It records no revision: the first admin change records the page as it
// found it (see change).
func (s *Service) Save(ctx context.Context, p Page) error {
	if err := checkSlug(p.Slug); err != nil {
		return err
	}
	p, err := checkFields(p)
	if err != nil {
		return err
	}
	if p.UpdatedAt.IsZero() {
		p.UpdatedAt = s.now()
	}
	err = db.WithTx(ctx, s.pool, func(tx pgx.Tx) error { return upsertPage(ctx, tx, p) })
	if err != nil {
		return fmt.Errorf("content.Save: %s: %w", p.Slug, err)
	}
	return nil
}

func errPageNotFound(slug string) *apperr.Error {
	return apperr.NotFound("page_not_found", "page %q not found", slug)
}
