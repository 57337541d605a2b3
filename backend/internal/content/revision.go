package content

import (
	"context"
	"fmt"

	"github.com/atelier-commerce/atelier/backend/internal/db"
	"github.com/atelier-commerce/atelier/backend/internal/revision"
	"github.com/jackc/pgx/v5"
)

// Snapshot is a page's editable state as a revision keeps it (JSON in page_revisions.snapshot).
// The slug never changes, so it is not kept.
type Snapshot struct {
	Title string `json:"title"`
	HTML  string `json:"html"`
}

func snapshotOf(p Page) Snapshot { return Snapshot{Title: p.Title, HTML: p.HTML} }

var snapshotFields = []revision.Field[Snapshot]{
	{Name: "title", Text: func(s Snapshot) string { return s.Title }},
	{Name: "html", Text: func(s Snapshot) string { return s.HTML }},
}

// history is the pages' history: page_revisions, keyed by the page's id.
var history = revision.History[Page, Snapshot]{
	Table:      pageRevisions,
	Fields:     snapshotFields,
	Noun:       "page",
	Subject:    "page",
	NoRevision: "this page has no revision %d",
	Head: func(p Page) revision.Head {
		return revision.Head{ID: p.ID, Revision: p.Revision, UpdatedAt: p.UpdatedAt, UpdatedBy: p.UpdatedBy}
	},
	Snapshot: snapshotOf,
}

// Revision is one immutable entry of a page's history.
type Revision revision.Entry[Snapshot]

// Page is the page as this revision left it.
func (r Revision) Page(cur Page) Page {
	return Page{ID: cur.ID, Slug: cur.Slug, Title: r.Snapshot.Title, HTML: r.Snapshot.HTML, Revision: r.Revision,
		CreatedAt: cur.CreatedAt, UpdatedAt: r.CreatedAt, UpdatedBy: r.Actor}
}

// RevisionPage is one page of a page's history, newest first, with the page as it now is.
type RevisionPage struct {
	Page          Page
	Revisions     []Revision
	NextPageToken string
}

// Revisions lists a page's revisions, newest first; pageToken continues a previous listing.
func (s *Service) Revisions(ctx context.Context, slug string, pageSize int, pageToken string) (RevisionPage, error) {
	l, err := history.ReadPage(ctx, s.read(ctx, slug), pageSize, pageToken)
	if err != nil {
		return RevisionPage{}, fmt.Errorf("content.Revisions: %w", err)
	}
	return RevisionPage{Page: l.Current, Revisions: revision.As[Revision](l.Entries), NextPageToken: l.NextPageToken}, nil
}

// GetRevision returns one revision of a page, with the page as it now is.
func (s *Service) GetRevision(ctx context.Context, slug string, rev int64) (Revision, Page, error) {
	r, cur, err := history.ReadOne(ctx, s.read(ctx, slug), rev)
	if err != nil {
		return Revision{}, Page{}, fmt.Errorf("content.GetRevision: %w", err)
	}
	return Revision(r), cur, nil
}

// Diff is what a revision changed.
type Diff = revision.Delta

// DiffRevision lists the fields a revision changed compared with its predecessor or, with
// againstCurrent, what restoring it would change in the page as it is now (before: now, after:
// the revision).
func (s *Service) DiffRevision(ctx context.Context, slug string, rev int64, againstCurrent bool) (Diff, error) {
	d, err := history.ReadDiff(ctx, s.read(ctx, slug), rev, againstCurrent)
	if err != nil {
		return Diff{}, fmt.Errorf("content.DiffRevision: %w", err)
	}
	return d, nil
}

// Restore saves a revision's title and HTML as a new revision (action restored), itself undoable
// by restoring the revision before it. Restoring content equal to the current one saves nothing.
func (s *Service) Restore(ctx context.Context, actor revision.Actor, slug string, rev, expected int64) (Page, error) {
	p, err := s.change(ctx, actor, slug, expected, func(ctx context.Context, tx pgx.Tx, cur Page) (Page, revision.Action, int64, error) {
		r, err := history.One(ctx, tx, cur, rev)
		next := cur
		next.Title, next.HTML = r.Snapshot.Title, r.Snapshot.HTML
		return next, revision.Restored, rev, err
	})
	if err != nil {
		return Page{}, fmt.Errorf("content.Restore: %w", err)
	}
	return p, nil
}

// read reads the page with slug in one read transaction.
func (s *Service) read(ctx context.Context, slug string) revision.Reader[Page] {
	return func(fn func(pgx.Tx, Page) error) error {
		if err := checkSlug(slug); err != nil {
			return err
		}
		return db.WithReadTx(ctx, s.pool, func(tx pgx.Tx) error {
			cur, err := pageBySlug(ctx, tx, slug, false)
			if err != nil {
				return err
			}
			if cur == nil {
				return errPageNotFound(slug)
			}
			return fn(tx, *cur)
		})
	}
}
