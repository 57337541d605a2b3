package content

import (
	"context"
	"errors"
	"fmt"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/db"
	"github.com/atelier-commerce/atelier/backend/internal/revision"
	"github.com/jackc/pgx/v5"
)

// The admin side: every write is guarded by the page's revision and appends an immutable
// revision and an audit event in its own transaction.

// List returns every page, the built-in ones first, then by slug.
func (s *Service) List(ctx context.Context) ([]Page, error) {
	ps, err := listPages(ctx, s.pool)
	if err != nil {
		return nil, fmt.Errorf("content.List: %w", err)
	}
	return ps, nil
}

// Create saves a new page (revision 1) with the slug the admin chose.
func (s *Service) Create(ctx context.Context, actor revision.Actor, slug, title, html string) (Page, error) {
	if err := checkSlug(slug); err != nil {
		return Page{}, err
	}
	p, err := checkFields(Page{Slug: slug, Title: title, HTML: html})
	if err != nil {
		return Page{}, err
	}
	var saved *Page
	err = db.WithTx(ctx, s.pool, func(tx pgx.Tx) error {
		now := s.now()
		ok, err := insertPage(ctx, tx, p, now)
		if err != nil {
			return err
		}
		if !ok {
			return apperr.Invalid("slug", "slug_taken", "there is already a page at %q", slug)
		}
		saved, err = s.record(ctx, tx, slug, actor, revision.Created, 0, nil)
		return err
	})
	if err != nil {
		return Page{}, fmt.Errorf("content.Create: %w", err)
	}
	return *saved, nil
}

// Input is the editable part of a page: nil fields keep their values.
type Input struct {
	Title *string
	HTML  *string
}

// Update changes the fields set in in, based on revision expected. A change that changes nothing
// (once sanitised) saves no revision and answers the page as it is.
func (s *Service) Update(ctx context.Context, actor revision.Actor, slug string, expected int64, in Input) (Page, error) {
	p, err := s.change(ctx, actor, slug, expected, func(_ context.Context, _ pgx.Tx, cur Page) (Page, revision.Action, int64, error) {
		next := cur
		if in.Title != nil {
			next.Title = *in.Title
		}
		if in.HTML != nil {
			next.HTML = *in.HTML
		}
		next, err := checkFields(next)
		return next, revision.Updated, 0, err
	})
	if err != nil {
		return Page{}, fmt.Errorf("content.Update: %w", err)
	}
	return p, nil
}

// Delete deletes a page and its revisions, based on revision expected; the audit trail keeps who
// deleted it and what it was. The built-in pages are refused.
func (s *Service) Delete(ctx context.Context, actor revision.Actor, slug string, expected int64) error {
	err := s.locked(ctx, slug, expected, func(tx pgx.Tx, cur Page) error {
		if cur.BuiltIn() {
			return apperr.FailedPrecondition("built_in_page", "the %s page is one the shop needs: edit it instead of deleting it", slug)
		}
		if err := deletePage(ctx, tx, cur.ID); err != nil {
			return err
		}
		return revision.Audit(ctx, tx, revision.Event{Actor: actor, Action: "page.deleted", SubjectType: "page",
			SubjectID: cur.ID, Revision: cur.Revision, At: s.now(),
			Detail: map[string]any{"slug": cur.Slug, "title": cur.Title}})
	})
	if err != nil {
		return fmt.Errorf("content.Delete: %w", err)
	}
	return nil
}

// change is the frame of every edit of one page: edit returns the page as it should be; when that
// differs from the current page, it is saved with a new revision and an audit event.
func (s *Service) change(ctx context.Context, actor revision.Actor, slug string, expected int64,
	edit func(ctx context.Context, tx pgx.Tx, cur Page) (Page, revision.Action, int64, error),
) (Page, error) {
	var saved *Page
	err := s.locked(ctx, slug, expected, func(tx pgx.Tx, cur Page) error {
		next, action, restoredFrom, err := edit(ctx, tx, cur)
		if err != nil {
			return err
		}
		saved, err = history.Save(cur, next,
			func() (bool, error) { return updatePage(ctx, tx, next, cur.Revision, s.now()) },
			func() (*Page, error) { return s.record(ctx, tx, slug, actor, action, restoredFrom, &cur) })
		return err
	})
	if err != nil {
		return Page{}, err
	}
	return *saved, nil
}

// locked runs fn in a transaction with the page locked, once the slug and expected revision are
// checked: expected is required, and refused as stale unless it is the page's revision. A page
// last saved outside the admin API gets the revision it lacks first (by the system), so that
// history, diff and restore always have the state a change started from.
func (s *Service) locked(ctx context.Context, slug string, expected int64, fn func(tx pgx.Tx, cur Page) error) error {
	if err := checkSlug(slug); err != nil {
		return err
	}
	if expected <= 0 {
		return history.RevisionRequired()
	}
	return db.WithTx(ctx, s.pool, func(tx pgx.Tx) error {
		cur, err := history.Lock(ctx, tx, expected, func() (*Page, error) { return pageBySlug(ctx, tx, slug, true) }, errPageNotFound(slug))
		if err != nil {
			return err
		}
		return fn(tx, cur)
	})
}

// record reads the page as it now is, stamps actor as its saver, and appends its revision and
// the audit event (with the fields changed since before, when there was a before).
func (s *Service) record(ctx context.Context, tx pgx.Tx, slug string, actor revision.Actor, action revision.Action, restoredFrom int64, before *Page) (*Page, error) {
	p, err := pageBySlug(ctx, tx, slug, false)
	if err != nil {
		return nil, err
	}
	if p == nil {
		return nil, errors.New("content.record: the page vanished in its own transaction")
	}
	p.UpdatedBy = actor
	err = history.Record(ctx, tx, *p, action, restoredFrom, before, map[string]any{"slug": slug})
	return p, err
}
