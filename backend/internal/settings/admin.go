package settings

import (
	"context"
	"errors"
	"fmt"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/db"
	"github.com/atelier-commerce/atelier/backend/internal/money"
	"github.com/atelier-commerce/atelier/backend/internal/revision"
	"github.com/jackc/pgx/v5"
)

// The admin side: every write is guarded by the settings' revision and appends an immutable
// revision and an audit event in its own transaction, as pages do (package content).

// Input is the editable part of the settings: nil fields keep their values.
type Input struct {
	Name          *string
	AddressLine1  *string
	AddressLine2  *string
	City          *string
	Postcode      *string
	Country       *string
	ContactEmail  *string
	Phone         *string
	CompanyNumber *string
	VATNumber     *string
}

func (in Input) apply(st Store) Store {
	for _, f := range []struct {
		from *string
		to   *string
	}{
		{in.Name, &st.Name}, {in.AddressLine1, &st.AddressLine1}, {in.AddressLine2, &st.AddressLine2},
		{in.City, &st.City}, {in.Postcode, &st.Postcode}, {in.Country, &st.Country},
		{in.ContactEmail, &st.ContactEmail}, {in.Phone, &st.Phone},
		{in.CompanyNumber, &st.CompanyNumber}, {in.VATNumber, &st.VATNumber},
	} {
		if f.from != nil {
			*f.to = *f.from
		}
	}
	return st
}

// subjectID names the settings in the audit trail: there is one set.
const subjectID = "store"

// Update changes the fields set in in, based on revision expected. A change that changes nothing
// (once normalised) saves no revision and answers the settings as they are. A shop that has no
// settings yet gets them from its first update, which names no revision (expected 0).
func (s *Service) Update(ctx context.Context, actor revision.Actor, expected int64, in Input) (Store, error) {
	st, err := s.change(ctx, actor, expected, func(_ context.Context, _ pgx.Tx, cur Store) (Store, revision.Action, int64, error) {
		next, err := check(in.apply(cur))
		return next, revision.Updated, 0, err
	})
	if err != nil {
		return Store{}, fmt.Errorf("settings.Update: %w", err)
	}
	return st, nil
}

// change is the frame of every edit: edit returns the settings as they should be; when that
// differs from the current ones, they are saved with a new revision and an audit event.
func (s *Service) change(ctx context.Context, actor revision.Actor, expected int64,
	edit func(ctx context.Context, tx pgx.Tx, cur Store) (Store, revision.Action, int64, error),
) (Store, error) {
	var saved *Store
	err := s.locked(ctx, expected, func(tx pgx.Tx, cur *Store) error {
		if cur == nil {
			next, _, _, err := edit(ctx, tx, Store{CurrencyCode: money.GBPCode})
			if err != nil {
				return err
			}
			ok, err := insertSettings(ctx, tx, next, s.now())
			if err != nil {
				return err
			}
			if !ok {
				return errors.New("settings.change: the settings row appeared under its lock")
			}
			saved, err = s.record(ctx, tx, actor, revision.Created, 0, nil)
			return err
		}
		next, action, restoredFrom, err := edit(ctx, tx, *cur)
		if err != nil {
			return err
		}
		saved, err = history.Save(*cur, next,
			func() (bool, error) { return updateSettings(ctx, tx, next, cur.Revision, s.now()) },
			func() (*Store, error) { return s.record(ctx, tx, actor, action, restoredFrom, cur) })
		return err
	})
	if err != nil {
		return Store{}, err
	}
	return *saved, nil
}

// locked runs fn in a transaction with the settings row locked (nil when the shop has none yet),
// once the expected revision is checked: it is required, and refused as stale unless it is the
// current revision. Settings last saved outside the admin API get the revision they lack first
// (by the system), so that history, diff and restore always have the state a change started from.
func (s *Service) locked(ctx context.Context, expected int64, fn func(tx pgx.Tx, cur *Store) error) error {
	if expected < 0 {
		return errRevisionRequired()
	}
	return db.WithTx(ctx, s.pool, func(tx pgx.Tx) error {
		cur, err := readSettings(ctx, tx, true)
		if err != nil {
			return err
		}
		if cur == nil {
			if expected != 0 {
				return apperr.FailedPrecondition("store_not_configured",
					"the store's details have not been saved yet: save them first without an expected revision")
			}
			return fn(tx, nil)
		}
		if expected == 0 {
			return errRevisionRequired()
		}
		if err := history.Admit(ctx, tx, *cur, expected); err != nil {
			return err
		}
		return fn(tx, cur)
	})
}

func errRevisionRequired() *apperr.Error { return history.RevisionRequired() }

// record reads the settings as they now are, stamps actor as their saver, and appends their
// revision and the audit event (with the fields changed since before, when there was a before).
func (s *Service) record(ctx context.Context, tx pgx.Tx, actor revision.Actor, action revision.Action, restoredFrom int64, before *Store) (*Store, error) {
	st, err := readSettings(ctx, tx, false)
	if err != nil {
		return nil, err
	}
	if st == nil {
		return nil, errors.New("settings.record: the settings vanished in their own transaction")
	}
	st.UpdatedBy = actor
	err = history.Record(ctx, tx, *st, action, restoredFrom, before, nil)
	return st, err
}

// Snapshot is the settings' editable state as a revision keeps it (JSON in
// store_settings_revisions.snapshot); the JSON names are the API's field names.
type Snapshot struct {
	Name          string `json:"name"`
	AddressLine1  string `json:"address_line1"`
	AddressLine2  string `json:"address_line2"`
	City          string `json:"city"`
	Postcode      string `json:"postcode"`
	Country       string `json:"country"`
	ContactEmail  string `json:"contact_email"`
	Phone         string `json:"phone"`
	CompanyNumber string `json:"company_number"`
	VATNumber     string `json:"vat_number"`
}

func snapshotOf(st Store) Snapshot {
	return Snapshot{Name: st.Name, AddressLine1: st.AddressLine1, AddressLine2: st.AddressLine2, City: st.City,
		Postcode: st.Postcode, Country: st.Country, ContactEmail: st.ContactEmail, Phone: st.Phone,
		CompanyNumber: st.CompanyNumber, VATNumber: st.VATNumber}
}

// apply puts the snapshot's fields on st.
func (sn Snapshot) apply(st Store) Store {
	st.Name, st.AddressLine1, st.AddressLine2, st.City = sn.Name, sn.AddressLine1, sn.AddressLine2, sn.City
	st.Postcode, st.Country, st.ContactEmail, st.Phone = sn.Postcode, sn.Country, sn.ContactEmail, sn.Phone
	st.CompanyNumber, st.VATNumber = sn.CompanyNumber, sn.VATNumber
	return st
}

var snapshotFields = []revision.Field[Snapshot]{
	{Name: "name", Text: func(s Snapshot) string { return s.Name }},
	{Name: "address_line1", Text: func(s Snapshot) string { return s.AddressLine1 }},
	{Name: "address_line2", Text: func(s Snapshot) string { return s.AddressLine2 }},
	{Name: "city", Text: func(s Snapshot) string { return s.City }},
	{Name: "postcode", Text: func(s Snapshot) string { return s.Postcode }},
	{Name: "country", Text: func(s Snapshot) string { return s.Country }},
	{Name: "contact_email", Text: func(s Snapshot) string { return s.ContactEmail }},
	{Name: "phone", Text: func(s Snapshot) string { return s.Phone }},
	{Name: "company_number", Text: func(s Snapshot) string { return s.CompanyNumber }},
	{Name: "vat_number", Text: func(s Snapshot) string { return s.VATNumber }},
}

// history is the settings' history: store_settings_revisions, one set, named "store" in the
// audit trail.
var history = revision.History[Store, Snapshot]{
	Table:      settingsRevisions,
	Fields:     snapshotFields,
	Noun:       "store's details",
	Subject:    "store_settings",
	NoRevision: "the store's details have no revision %d",
	Head: func(st Store) revision.Head {
		return revision.Head{ID: subjectID, Revision: st.Revision, UpdatedAt: st.UpdatedAt, UpdatedBy: st.UpdatedBy}
	},
	Snapshot: snapshotOf,
}

// Revision is one immutable entry of the settings' history.
type Revision revision.Entry[Snapshot]

// Store is the settings as this revision left them.
func (r Revision) Store(cur Store) Store {
	st := r.Snapshot.apply(cur)
	st.Revision, st.UpdatedAt, st.UpdatedBy = r.Revision, r.CreatedAt, r.Actor
	return st
}

// RevisionPage is one page of the settings' history, newest first, with the settings as they are.
type RevisionPage struct {
	Store         Store
	Revisions     []Revision
	NextPageToken string
}

// Revisions lists the settings' revisions, newest first; pageToken continues a previous listing.
func (s *Service) Revisions(ctx context.Context, pageSize int, pageToken string) (RevisionPage, error) {
	l, err := history.ReadPage(ctx, s.read(ctx), pageSize, pageToken)
	if err != nil {
		return RevisionPage{}, fmt.Errorf("settings.Revisions: %w", err)
	}
	return RevisionPage{Store: l.Current, Revisions: revision.As[Revision](l.Entries), NextPageToken: l.NextPageToken}, nil
}

// GetRevision returns one revision, with the settings as they now are.
func (s *Service) GetRevision(ctx context.Context, rev int64) (Revision, Store, error) {
	r, cur, err := history.ReadOne(ctx, s.read(ctx), rev)
	if err != nil {
		return Revision{}, Store{}, fmt.Errorf("settings.GetRevision: %w", err)
	}
	return Revision(r), cur, nil
}

// Diff is what a revision changed.
type Diff = revision.Delta

// DiffRevision lists the fields a revision changed compared with its predecessor or, with
// againstCurrent, what restoring it would change in the settings as they are now.
func (s *Service) DiffRevision(ctx context.Context, rev int64, againstCurrent bool) (Diff, error) {
	d, err := history.ReadDiff(ctx, s.read(ctx), rev, againstCurrent)
	if err != nil {
		return Diff{}, fmt.Errorf("settings.DiffRevision: %w", err)
	}
	return d, nil
}

// Restore saves a revision's fields as a new revision (action restored), itself undoable by
// restoring the revision before it. Restoring what the settings already say saves nothing. The
// restored fields are checked again: a rule tightened since cannot be slipped past by a restore.
func (s *Service) Restore(ctx context.Context, actor revision.Actor, rev, expected int64) (Store, error) {
	if expected == 0 {
		return Store{}, fmt.Errorf("settings.Restore: %w", errRevisionRequired())
	}
	st, err := s.change(ctx, actor, expected, func(ctx context.Context, tx pgx.Tx, cur Store) (Store, revision.Action, int64, error) {
		r, err := history.One(ctx, tx, cur, rev)
		if err != nil {
			return cur, revision.Restored, rev, err
		}
		next, err := check(r.Snapshot.apply(cur))
		return next, revision.Restored, rev, err
	})
	if err != nil {
		return Store{}, fmt.Errorf("settings.Restore: %w", err)
	}
	return st, nil
}

// read reads the settings in one read transaction.
func (s *Service) read(ctx context.Context) revision.Reader[Store] {
	return func(fn func(pgx.Tx, Store) error) error {
		return db.WithReadTx(ctx, s.pool, func(tx pgx.Tx) error {
			cur, err := readSettings(ctx, tx, false)
			if err != nil {
				return err
			}
			if cur == nil {
				return errNotConfigured()
			}
			return fn(tx, *cur)
		})
	}
}
