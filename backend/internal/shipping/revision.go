package shipping

import (
	"context"
	"fmt"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/db"
	"github.com/atelier-commerce/atelier/backend/internal/revision"
	"github.com/jackc/pgx/v5"
)

// Revision is one immutable entry of an option's history.
type Revision struct {
	Revision     int64
	Action       revision.Action
	Actor        revision.Actor
	CreatedAt    time.Time
	RestoredFrom int64
	Snapshot     Snapshot
}

// Option is the option as this revision left it (with today's free-over amount, which is the
// free-delivery rule's and has a history of its own).
func (r Revision) Option(cur AdminOption) AdminOption {
	out := cur
	out.Option = r.Snapshot.apply(cur.Option)
	out.Revision, out.UpdatedAt, out.UpdatedBy = r.Revision, r.CreatedAt, r.Actor
	return out
}

// RevisionPage is one page of an option's history, newest first, with the option as it now is.
type RevisionPage struct {
	Option        AdminOption
	Revisions     []Revision
	NextPageToken string
}

// Revisions lists an option's revisions, newest first; pageToken continues a previous listing.
func (s *Service) Revisions(ctx context.Context, code string, pageSize int, pageToken string) (RevisionPage, error) {
	size, before, err := revision.Paging(pageSize, pageToken)
	if err != nil {
		return RevisionPage{}, err
	}
	var out RevisionPage
	err = s.read(ctx, code, func(tx pgx.Tx, cur AdminOption) error {
		out.Option = cur
		revs, err := listRevisions(ctx, tx, cur.ID, before, size+1)
		out.Revisions, out.NextPageToken = revision.Cut(revs, size, func(r Revision) int64 { return r.Revision })
		return err
	})
	if err != nil {
		return RevisionPage{}, fmt.Errorf("shipping.Revisions: %w", err)
	}
	return out, nil
}

// GetRevision returns one revision of an option, with the option as it now is.
func (s *Service) GetRevision(ctx context.Context, code string, rev int64) (Revision, AdminOption, error) {
	var r Revision
	var o AdminOption
	err := s.read(ctx, code, func(tx pgx.Tx, cur AdminOption) (err error) {
		o = cur
		r, err = oneRevision(ctx, tx, cur, rev)
		return err
	})
	if err != nil {
		return Revision{}, AdminOption{}, fmt.Errorf("shipping.GetRevision: %w", err)
	}
	return r, o, nil
}

// Diff is what a revision changed.
type Diff struct {
	// BaseRevision is the revision the changes are measured from: the predecessor, or the option's
	// current revision; 0 when there is none (every field is a change).
	BaseRevision int64
	Changes      []revision.Change
}

// DiffRevision lists the fields a revision changed compared with its predecessor or, with
// againstCurrent, what restoring it would change in the option as it is now.
func (s *Service) DiffRevision(ctx context.Context, code string, rev int64, againstCurrent bool) (Diff, error) {
	var d Diff
	err := s.read(ctx, code, func(tx pgx.Tx, cur AdminOption) error {
		r, err := oneRevision(ctx, tx, cur, rev)
		if err != nil {
			return err
		}
		base := Snapshot{}
		if againstCurrent {
			base, d.BaseRevision = snapshotOf(cur.Option), cur.Revision
		} else {
			prev, err := optionRevision(ctx, tx, cur.ID, rev, true)
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
		return Diff{}, fmt.Errorf("shipping.DiffRevision: %w", err)
	}
	return d, nil
}

// Restore saves a revision's fields as a new revision (action restored), itself undoable by
// restoring the revision before it. Restoring what the option already says saves nothing. The
// restored fields are checked again, and the last active option is not deactivated by a restore
// either.
func (s *Service) Restore(ctx context.Context, actor revision.Actor, code string, rev, expected int64) (AdminOption, error) {
	o, err := s.change(ctx, actor, code, expected, func(ctx context.Context, tx pgx.Tx, cur AdminOption) (Option, revision.Action, int64, error) {
		r, err := oneRevision(ctx, tx, cur, rev)
		if err != nil {
			return cur.Option, revision.Restored, rev, err
		}
		next, err := checkOption(r.Snapshot.apply(cur.Option))
		return next, revision.Restored, rev, err
	})
	if err != nil {
		return AdminOption{}, fmt.Errorf("shipping.Restore: %w", err)
	}
	return o, nil
}

// read runs fn with the option in one read transaction.
func (s *Service) read(ctx context.Context, code string, fn func(pgx.Tx, AdminOption) error) error {
	if err := checkCode(code); err != nil {
		return err
	}
	return db.WithReadTx(ctx, s.pool, func(tx pgx.Tx) error {
		cur, err := optionByCode(ctx, tx, code, false)
		if err != nil {
			return err
		}
		if cur == nil {
			return errOptionNotFound(code)
		}
		return fn(tx, *cur)
	})
}

// oneRevision is the option's revision rev.
func oneRevision(ctx context.Context, tx pgx.Tx, cur AdminOption, rev int64) (Revision, error) {
	r, err := optionRevision(ctx, tx, cur.ID, rev, false)
	if err != nil {
		return Revision{}, err
	}
	if r == nil {
		return Revision{}, apperr.NotFound("revision_not_found", "this delivery option has no revision %d", rev)
	}
	return *r, nil
}
