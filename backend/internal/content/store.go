package content

import (
	"context"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/revision"
	"github.com/jackc/pgx/v5"
)

// queryer is a pool or a transaction.
type queryer interface {
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
}

// pageColumns are a Page's columns; the saver comes from the revision that saved the current
// state (absent for the seed's pages: the system).
const pageColumns = `SELECT p.id::text, p.slug, p.title, p.html, p.version, p.created_at, p.updated_at,
	COALESCE(r.actor_id::text, ''), COALESCE(r.actor_name, ''), COALESCE(r.actor_email, '')
	FROM pages p LEFT JOIN page_revisions r ON r.page_id = p.id AND r.revision = p.version`

func selectPages(ctx context.Context, q queryer, sql string, args pgx.NamedArgs) ([]Page, error) {
	rows, err := q.Query(ctx, sql, args)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (Page, error) {
		var p Page
		err := r.Scan(&p.ID, &p.Slug, &p.Title, &p.HTML, &p.Revision, &p.CreatedAt, &p.UpdatedAt,
			&p.UpdatedBy.AccountID, &p.UpdatedBy.Name, &p.UpdatedBy.Email)
		return p, err
	})
}

// pageBySlug reads a page, or nil; with lock, the row stays locked until the transaction ends,
// so concurrent writes to one page queue up.
func pageBySlug(ctx context.Context, q queryer, slug string, lock bool) (*Page, error) {
	sql := pageColumns + ` WHERE p.slug = @slug`
	if lock {
		sql += ` FOR UPDATE OF p`
	}
	ps, err := selectPages(ctx, q, sql, pgx.NamedArgs{"slug": slug})
	if err != nil || len(ps) == 0 {
		return nil, err
	}
	return &ps[0], nil
}

// listPages reads every page, the built-in ones first, then by slug.
func listPages(ctx context.Context, q queryer) ([]Page, error) {
	return selectPages(ctx, q, pageColumns+` ORDER BY p.slug = ANY(@builtIn) DESC, p.slug`, pgx.NamedArgs{"builtIn": builtIn})
}

// upsertPage creates the page or replaces the one with its slug, bumping its version.
func upsertPage(ctx context.Context, tx pgx.Tx, p Page) error {
	_, err := tx.Exec(ctx, `INSERT INTO pages (slug, title, html, updated_at) VALUES (@slug, @title, @html, @updated)
		ON CONFLICT (slug) DO UPDATE SET title = excluded.title, html = excluded.html,
			updated_at = excluded.updated_at, version = pages.version + 1`,
		pgx.NamedArgs{"slug": p.Slug, "title": p.Title, "html": p.HTML, "updated": p.UpdatedAt})
	return err
}

// insertPage creates a page at revision 1; false when its slug is taken.
func insertPage(ctx context.Context, tx pgx.Tx, p Page, now time.Time) (bool, error) {
	tag, err := tx.Exec(ctx, `INSERT INTO pages (slug, title, html, version, created_at, updated_at)
		VALUES (@slug, @title, @html, 1, @now, @now) ON CONFLICT (slug) DO NOTHING`,
		pgx.NamedArgs{"slug": p.Slug, "title": p.Title, "html": p.HTML, "now": now})
	return tag.RowsAffected() == 1, err
}

// updatePage writes p's title and HTML as the revision after from; false when the page is no
// longer at from.
func updatePage(ctx context.Context, tx pgx.Tx, p Page, from int64, now time.Time) (bool, error) {
	tag, err := tx.Exec(ctx, `UPDATE pages SET title = @title, html = @html, version = version + 1, updated_at = @now
		WHERE id = @id::uuid AND version = @from`,
		pgx.NamedArgs{"id": p.ID, "title": p.Title, "html": p.HTML, "from": from, "now": now})
	return tag.RowsAffected() == 1, err
}

// deletePage deletes a page and (by cascade) its revisions.
func deletePage(ctx context.Context, tx pgx.Tx, id string) error {
	_, err := tx.Exec(ctx, `DELETE FROM pages WHERE id = @id::uuid`, pgx.NamedArgs{"id": id})
	return err
}

// pageRevisions is the pages' history, keyed by the page's id.
var pageRevisions = revision.Table[Snapshot]{Name: "page_revisions", Key: "page_id"}
