package content

import (
	"context"
	"fmt"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
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

func diffSnapshots(a, b Snapshot) []revision.Change { return revision.Diff(snapshotFields, a, b) }

func sameContent(a, b Page) bool { return len(diffSnapshots(snapshotOf(a), snapshotOf(b))) == 0 }

// Revision is one immutable entry of a page's history.
type Revision struct {
	Revision     int64
	Action       revision.Action
	Actor        revision.Actor
	CreatedAt    time.Time
	RestoredFrom int64
	Snapshot     Snapshot
}

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
	size, before, err := revision.Paging(pageSize, pageToken)
	if err != nil {
		return RevisionPage{}, err
	}
	var out RevisionPage
	err = s.read(ctx, slug, func(tx pgx.Tx, cur Page) error {
		out.Page = cur
		revs, err := listRevisions(ctx, tx, cur.ID, before, size+1)
		out.Revisions, out.NextPageToken = revision.Cut(revs, size, func(r Revision) int64 { return r.Revision })
		return err
	})
	if err != nil {
		return RevisionPage{}, fmt.Errorf("content.Revisions: %w", err)
	}
	return out, nil
}

// GetRevision returns one revision of a page, with the page as it now is.
func (s *Service) GetRevision(ctx context.Context, slug string, rev int64) (Revision, Page, error) {
	var r Revision
	var page Page
	err := s.read(ctx, slug, func(tx pgx.Tx, cur Page) (err error) {
		page = cur
		r, err = oneRevision(ctx, tx, cur, rev)
		return err
	})
	if err != nil {
		return Revision{}, Page{}, fmt.Errorf("content.GetRevision: %w", err)
	}
	return r, page, nil
}

// Diff is what a revision changed.
type Diff struct {
	// BaseRevision is the revision the changes are measured from: the predecessor, or the page's
	// current revision; 0 when there is none (every field is a change).
	BaseRevision int64
	Changes      []revision.Change
}

// DiffRevision lists the fields a revision changed compared with its predecessor or, with
// againstCurrent, what restoring it would change in the page as it is now (before: now, after:
// the revision).
func (s *Service) DiffRevision(ctx context.Context, slug string, rev int64, againstCurrent bool) (Diff, error) {
	var d Diff
	err := s.read(ctx, slug, func(tx pgx.Tx, cur Page) error {
		r, err := oneRevision(ctx, tx, cur, rev)
		if err != nil {
			return err
		}
		base := Snapshot{}
		if againstCurrent {
			base, d.BaseRevision = snapshotOf(cur), cur.Revision
		} else {
			prev, err := pageRevision(ctx, tx, cur.ID, rev, true)
			if err != nil {
				return err
			}
			if prev != nil {
				base, d.BaseRevision = prev.Snapshot, prev.Revision
			}
		}
		d.Changes = diffSnapshots(base, r.Snapshot)
		return nil
	})
	if err != nil {
		return Diff{}, fmt.Errorf("content.DiffRevision: %w", err)
	}
	return d, nil
}

// Restore saves a revision's title and HTML as a new revision (action restored), itself undoable
// by restoring the revision before it. Restoring content equal to the current one saves nothing.
func (s *Service) Restore(ctx context.Context, actor revision.Actor, slug string, rev, expected int64) (Page, error) {
	p, err := s.change(ctx, actor, slug, expected, func(ctx context.Context, tx pgx.Tx, cur Page) (Page, revision.Action, int64, error) {
		r, err := oneRevision(ctx, tx, cur, rev)
		next := cur
		next.Title, next.HTML = r.Snapshot.Title, r.Snapshot.HTML
		return next, revision.Restored, rev, err
	})
	if err != nil {
		return Page{}, fmt.Errorf("content.Restore: %w", err)
	}
	return p, nil
}

// read runs fn with the page in one read transaction.
func (s *Service) read(ctx context.Context, slug string, fn func(pgx.Tx, Page) error) error {
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

// oneRevision is the page's revision rev.
func oneRevision(ctx context.Context, tx pgx.Tx, cur Page, rev int64) (Revision, error) {
	r, err := pageRevision(ctx, tx, cur.ID, rev, false)
	if err != nil {
		return Revision{}, err
	}
	if r == nil {
		return Revision{}, apperr.NotFound("revision_not_found", "this page has no revision %d", rev)
	}
	return *r, nil
}
