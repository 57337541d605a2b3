package content

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// pageBySlug reads a page; pgx.ErrNoRows when there is none.
func pageBySlug(ctx context.Context, pool *pgxpool.Pool, slug string) (Page, error) {
	p := Page{Slug: slug}
	err := pool.QueryRow(ctx, `SELECT title, html, updated_at FROM pages WHERE slug = $1`, slug).Scan(&p.Title, &p.HTML, &p.UpdatedAt)
	return p, err
}

// upsertPage creates the page or replaces the one with its slug, bumping its version.
func upsertPage(ctx context.Context, tx pgx.Tx, p Page) error {
	_, err := tx.Exec(ctx, `INSERT INTO pages (slug, title, html, updated_at) VALUES (@slug, @title, @html, @updated)
		ON CONFLICT (slug) DO UPDATE SET title = excluded.title, html = excluded.html,
			updated_at = excluded.updated_at, version = pages.version + 1`,
		pgx.NamedArgs{"slug": p.Slug, "title": p.Title, "html": p.HTML, "updated": p.UpdatedAt})
	return err
}
