package shipping

import (
	"context"
	"fmt"

	"github.com/atelier-commerce/atelier/backend/internal/db"
	"github.com/atelier-commerce/atelier/backend/internal/revision"
	"github.com/jackc/pgx/v5"
)

// history is the delivery options' history: delivery_option_revisions, keyed by the option's id.
// The free-over amount is the free-delivery rule's, with a history of its own, so it is not kept.
var history = revision.History[AdminOption, Snapshot]{
	Table:      optionRevisions,
	Fields:     snapshotFields,
	Noun:       "delivery option",
	Subject:    "delivery_option",
	NoRevision: "this delivery option has no revision %d",
	Head: func(o AdminOption) revision.Head {
		return revision.Head{ID: o.ID, Revision: o.Revision, UpdatedAt: o.UpdatedAt, UpdatedBy: o.UpdatedBy}
	},
	Snapshot: func(o AdminOption) Snapshot { return snapshotOf(o.Option) },
}

// Revision is one immutable entry of an option's history.
type Revision revision.Entry[Snapshot]

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
	l, err := history.ReadPage(ctx, s.read(ctx, code), pageSize, pageToken)
	if err != nil {
		return RevisionPage{}, fmt.Errorf("shipping.Revisions: %w", err)
	}
	return RevisionPage{Option: l.Current, Revisions: revision.As[Revision](l.Entries), NextPageToken: l.NextPageToken}, nil
}

// GetRevision returns one revision of an option, with the option as it now is.
func (s *Service) GetRevision(ctx context.Context, code string, rev int64) (Revision, AdminOption, error) {
	r, cur, err := history.ReadOne(ctx, s.read(ctx, code), rev)
	if err != nil {
		return Revision{}, AdminOption{}, fmt.Errorf("shipping.GetRevision: %w", err)
	}
	return Revision(r), cur, nil
}

// Diff is what a revision changed.
type Diff = revision.Delta

// DiffRevision lists the fields a revision changed compared with its predecessor or, with
// againstCurrent, what restoring it would change in the option as it is now.
func (s *Service) DiffRevision(ctx context.Context, code string, rev int64, againstCurrent bool) (Diff, error) {
	d, err := history.ReadDiff(ctx, s.read(ctx, code), rev, againstCurrent)
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
		r, err := history.One(ctx, tx, cur, rev)
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

// read reads the option with code in one read transaction.
func (s *Service) read(ctx context.Context, code string) revision.Reader[AdminOption] {
	return func(fn func(pgx.Tx, AdminOption) error) error {
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
}
