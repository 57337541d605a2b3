// Package content owns the shop's editable pages (privacy, terms, FAQ and any added). HTML is
// sanitised when it is saved, so every reader can trust what it gets back.
package content

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/db"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/microcosm-cc/bluemonday"
)

// Page is a content page.
type Page struct {
	Slug      string
	Title     string
	HTML      string
	UpdatedAt time.Time
}

// policy allows the markup of a text page (headings with ids for in-page links, lists, links,
// emphasis, tables) and nothing that runs, styles or embeds.
var policy = func() *bluemonday.Policy {
	p := bluemonday.UGCPolicy()
	p.RequireNoFollowOnLinks(false)
	p.AllowElements("section")
	return p
}()

// Sanitize returns html with everything but text markup removed.
func Sanitize(html string) string { return policy.Sanitize(html) }

var slugPattern = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// Service reads and saves pages.
type Service struct{ pool *pgxpool.Pool }

// NewService returns the content service.
func NewService(pool *pgxpool.Pool) *Service { return &Service{pool: pool} }

// Get returns the page with slug.
func (s *Service) Get(ctx context.Context, slug string) (Page, error) {
	if !slugPattern.MatchString(slug) || len(slug) > 64 {
		return Page{}, apperr.Invalid("slug", "invalid_slug", "page slug must be lower-case words joined by hyphens")
	}
	p, err := pageBySlug(ctx, s.pool, slug)
	if errors.Is(err, pgx.ErrNoRows) {
		return Page{}, apperr.NotFound("page_not_found", "page %q not found", slug)
	}
	if err != nil {
		return Page{}, fmt.Errorf("content.Get: %s: %w", slug, err)
	}
	return p, nil
}

// Save creates or replaces a page, sanitising its HTML. A zero UpdatedAt means now.
func (s *Service) Save(ctx context.Context, p Page) error {
	p.Title = strings.TrimSpace(p.Title)
	switch {
	case !slugPattern.MatchString(p.Slug) || len(p.Slug) > 64:
		return apperr.Invalid("slug", "invalid_slug", "page slug must be lower-case words joined by hyphens")
	case p.Title == "":
		return apperr.Invalid("title", "missing_title", "a page needs a title")
	}
	if p.UpdatedAt.IsZero() {
		p.UpdatedAt = time.Now()
	}
	err := db.WithTx(ctx, s.pool, func(tx pgx.Tx) error {
		p.HTML = Sanitize(p.HTML)
		return upsertPage(ctx, tx, p)
	})
	if err != nil {
		return fmt.Errorf("content.Save: %s: %w", p.Slug, err)
	}
	return nil
}
