package settings_test

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/apperr/apperrtest"
	"github.com/atelier-commerce/atelier/backend/internal/db/dbtest"
	"github.com/atelier-commerce/atelier/backend/internal/revision"
	"github.com/atelier-commerce/atelier/backend/internal/revision/revisiontest"
	"github.com/atelier-commerce/atelier/backend/internal/settings"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"
)

func TestMain(m *testing.M) { os.Exit(dbtest.Main(m)) }

var (
	editor = revision.Actor{AccountID: "7b0c9d1e-2f3a-4b5c-8d6e-0f1a2b3c4d5e", Name: "Ava Sinclair", Email: "ava@atelier.test"}
	second = revision.Actor{AccountID: "1c2d3e4f-5a6b-4c7d-8e9f-a0b1c2d3e4f5", Name: "Ben Okafor", Email: "ben@atelier.test"}
)

// seeded are the demo shop's details, as the seed saves them.
var seeded = settings.Store{
	Name: "Atelier London", AddressLine1: "14 Marylebone High Street", AddressLine2: "Marylebone", City: "London",
	Postcode: "W1U 4NS", Country: "United Kingdom", ContactEmail: "hello@atelierlondon.co.uk",
	Phone: "+44 20 7946 0321", CompanyNumber: "14682093", VATNumber: "GB318462975",
}

// fixture is a settings service on a database of its own, holding the seed's details.
type fixture struct {
	pool  *pgxpool.Pool
	store *settings.Service
}

func newFixture(t *testing.T) fixture {
	t.Helper()
	pool := dbtest.Pool(t)
	f := fixture{pool: pool, store: settings.NewService(pool)}
	require.NoError(t, f.store.Save(context.Background(), seeded))
	return f
}

// state is the settings and their whole history, newest first.
func (f fixture) state(t *testing.T) (settings.Store, []settings.Revision) {
	t.Helper()
	ctx := context.Background()
	st, err := f.store.Get(ctx)
	require.NoError(t, err)
	page, err := f.store.Revisions(ctx, revision.MaxPageSize, "")
	require.NoError(t, err)
	return st, page.Revisions
}

func TestSettings(t *testing.T) {
	t.Parallel()
	svc := settings.NewService(dbtest.Pool(t))
	ctx := context.Background()
	_, err := svc.Get(ctx)
	apperrtest.RequireKind(t, err, apperr.KindFailedPrecondition, "store_not_configured")

	want := settings.Store{Name: "Atelier London", City: "London", ContactEmail: "hello@example.test", VATNumber: "GB123456789"}
	require.NoError(t, svc.Save(ctx, want))
	want.Name = "Atelier London Ltd"
	require.NoError(t, svc.Save(ctx, want), "saving again replaces the one row")
	got, err := svc.Get(ctx)
	require.NoError(t, err)
	require.Equal(t, int64(2), got.Revision)
	require.Equal(t, revision.SystemName, got.UpdatedBy.DisplayName())
	require.WithinDuration(t, time.Now(), got.UpdatedAt, time.Minute)
	want.CurrencyCode, want.Revision, want.UpdatedAt = "GBP", got.Revision, got.UpdatedAt
	require.Equal(t, want, got)

	apperrtest.RequireKind(t, svc.Save(ctx, settings.Store{Name: " ", ContactEmail: "a@b.test"}), apperr.KindInvalid, "missing_store_name")
	apperrtest.RequireKind(t, svc.Save(ctx, settings.Store{Name: "X", ContactEmail: "a@b.test", VATNumber: "123"}),
		apperr.KindInvalid, "invalid_vat_number")
}

// Every rule of the store's details, through an admin's update: what is refused names the field
// and a reason and changes nothing; what passes is stored normalised, as answered.
func TestUpdateValidation(t *testing.T) {
	t.Parallel()
	type in = settings.Input
	long := func(n int) *string { return new(strings.Repeat("a", n)) }
	invalid := func(reason string) *apperrtest.Want {
		return &apperrtest.Want{Kind: apperr.KindInvalid, Reason: reason}
	}
	tests := map[string]struct {
		in    in
		want  func(st *settings.Store) // the change expected on the seed's details
		err   *apperrtest.Want
		field string
	}{
		"a new name, trimmed":         {in: in{Name: new("  Atelier Mayfair ")}, want: func(st *settings.Store) { st.Name = "Atelier Mayfair" }},
		"no name":                     {in: in{Name: new("  ")}, err: invalid("missing_store_name"), field: "name"},
		"a name too long":             {in: in{Name: long(settings.MaxNameLen + 1)}, err: invalid("name_too_long"), field: "name"},
		"a name just short enough":    {in: in{Name: long(settings.MaxNameLen)}, want: func(st *settings.Store) { st.Name = strings.Repeat("a", settings.MaxNameLen) }},
		"an address line too long":    {in: in{AddressLine1: long(settings.MaxLineLen + 1)}, err: invalid("address_line1_too_long"), field: "address_line1"},
		"a second line too long":      {in: in{AddressLine2: long(settings.MaxLineLen + 1)}, err: invalid("address_line2_too_long"), field: "address_line2"},
		"no second line":              {in: in{AddressLine2: new("")}, want: func(st *settings.Store) { st.AddressLine2 = "" }},
		"a city too long":             {in: in{City: long(settings.MaxLineLen + 1)}, err: invalid("city_too_long"), field: "city"},
		"a postcode too long":         {in: in{Postcode: long(settings.MaxPostcodeLen + 1)}, err: invalid("postcode_too_long"), field: "postcode"},
		"a country too long":          {in: in{Country: long(settings.MaxLineLen + 1)}, err: invalid("country_too_long"), field: "country"},
		"a new e-mail":                {in: in{ContactEmail: new("shop@atelier.test")}, want: func(st *settings.Store) { st.ContactEmail = "shop@atelier.test" }},
		"no e-mail":                   {in: in{ContactEmail: new("")}, err: invalid("missing_contact_email"), field: "contact_email"},
		"an e-mail without a domain":  {in: in{ContactEmail: new("hello@atelier")}, err: invalid("invalid_email"), field: "contact_email"},
		"an e-mail with a name":       {in: in{ContactEmail: new("Shop <shop@atelier.test>")}, err: invalid("invalid_email"), field: "contact_email"},
		"a phone number with dashes":  {in: in{Phone: new("020-7946-0000")}, want: func(st *settings.Store) { st.Phone = "020-7946-0000" }},
		"no phone number":             {in: in{Phone: new("")}, want: func(st *settings.Store) { st.Phone = "" }},
		"a phone number with letters": {in: in{Phone: new("020 ATELIER")}, err: invalid("invalid_phone"), field: "phone"},
		"a phone number too short":    {in: in{Phone: new("+44 12")}, err: invalid("invalid_phone"), field: "phone"},
		"a phone number too long":     {in: in{Phone: long(settings.MaxPhoneLen + 1)}, err: invalid("phone_too_long"), field: "phone"},
		"a Scottish company number":   {in: in{CompanyNumber: new(" sc 123456 ")}, want: func(st *settings.Store) { st.CompanyNumber = "SC123456" }},
		"no company number":           {in: in{CompanyNumber: new("")}, want: func(st *settings.Store) { st.CompanyNumber = "" }},
		"a company number of 7":       {in: in{CompanyNumber: new("1468209")}, err: invalid("invalid_company_number"), field: "company_number"},
		"a company number of 9":       {in: in{CompanyNumber: new("146820930")}, err: invalid("invalid_company_number"), field: "company_number"},
		"a company number of 3 letters": {in: in{CompanyNumber: new("SCO12345")},
			err: invalid("invalid_company_number"), field: "company_number"},
		"a VAT number with spaces":      {in: in{VATNumber: new("gb 123 4567 89")}, want: func(st *settings.Store) { st.VATNumber = "GB123456789" }},
		"a group VAT number":            {in: in{VATNumber: new("GB318462975001")}, want: func(st *settings.Store) { st.VATNumber = "GB318462975001" }},
		"a Northern Irish VAT number":   {in: in{VATNumber: new("XI318462975")}, want: func(st *settings.Store) { st.VATNumber = "XI318462975" }},
		"an Irish VAT number":           {in: in{VATNumber: new("IE6388047V")}, want: func(st *settings.Store) { st.VATNumber = "IE6388047V" }},
		"no VAT number":                 {in: in{VATNumber: new("")}, want: func(st *settings.Store) { st.VATNumber = "" }},
		"a GB VAT number of 10 digits":  {in: in{VATNumber: new("GB3184629750")}, err: invalid("invalid_vat_number"), field: "vat_number"},
		"a VAT number without a prefix": {in: in{VATNumber: new("318462975")}, err: invalid("invalid_vat_number"), field: "vat_number"},
		"a VAT number of another land":  {in: in{VATNumber: new("US123456789")}, err: invalid("invalid_vat_number"), field: "vat_number"},
		"a VAT number with symbols":     {in: in{VATNumber: new("DE12345-678")}, err: invalid("invalid_vat_number"), field: "vat_number"},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			f := newFixture(t)
			before, history := f.state(t)
			got, err := f.store.Update(context.Background(), editor, before.Revision, tt.in)
			if tt.err != nil {
				ae := apperrtest.RequireKind(t, err, tt.err.Kind, tt.err.Reason)
				require.Equal(t, tt.field, ae.Field)
				require.NotEmpty(t, ae.Message)
				after, afterHistory := f.state(t)
				require.Equal(t, before, after, "a refused change changes nothing")
				require.Equal(t, history, afterHistory)
				return
			}
			require.NoError(t, err)
			want := before
			tt.want(&want)
			want.Revision, want.UpdatedAt, want.UpdatedBy = 2, got.UpdatedAt, editor
			require.Equal(t, want, got)
			stored, history := f.state(t)
			require.Equal(t, got, stored, "the answer is what was stored")
			require.Len(t, history, 2, "the seed's state, then the change")
		})
	}
}

// The revision rules of a write, as for pages: required, refused as stale (naming who saved) unless
// current, and a change that changes nothing saves nothing.
func TestUpdateRevisions(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		earlier  []settings.Input // saved by editor first
		expected int64            // 0 asks for the current revision
		noRev    bool
		in       settings.Input
		wantRev  int64
		wantBy   revision.Actor
		err      *apperrtest.Want
	}{
		"a change":                         {in: settings.Input{City: new("Londres")}, wantRev: 2, wantBy: second},
		"after earlier changes":            {earlier: []settings.Input{{City: new("A")}, {City: new("B")}}, in: settings.Input{City: new("C")}, wantRev: 4, wantBy: second},
		"nothing set saves nothing":        {in: settings.Input{}, wantRev: 1, wantBy: revision.Actor{}},
		"the same once normalised is none": {in: settings.Input{VATNumber: new("gb318462975 "), Name: new("Atelier London ")}, wantRev: 1, wantBy: revision.Actor{}},
		"a stale revision": {earlier: []settings.Input{{City: new("Theirs")}}, expected: 1, in: settings.Input{City: new("Mine")},
			err: &apperrtest.Want{Kind: apperr.KindConflict, Reason: "stale_revision"}},
		"a revision from the future": {expected: 7, in: settings.Input{City: new("Mine")},
			err: &apperrtest.Want{Kind: apperr.KindConflict, Reason: "stale_revision"}},
		"no revision": {noRev: true, in: settings.Input{City: new("Mine")},
			err: &apperrtest.Want{Kind: apperr.KindInvalid, Reason: "revision_required"}},
		"a negative revision": {expected: -1, in: settings.Input{City: new("Mine")},
			err: &apperrtest.Want{Kind: apperr.KindInvalid, Reason: "revision_required"}},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			f := newFixture(t)
			ctx := context.Background()
			cur, _ := f.state(t)
			for _, e := range tt.earlier {
				var err error
				cur, err = f.store.Update(ctx, editor, cur.Revision, e)
				require.NoError(t, err)
			}
			expected := tt.expected
			if expected == 0 && !tt.noRev {
				expected = cur.Revision
			}
			before, history := f.state(t)
			got, err := f.store.Update(ctx, second, expected, tt.in)
			if tt.err != nil {
				apperrtest.Require(t, err, *tt.err)
				after, afterHistory := f.state(t)
				require.Equal(t, before, after, "a refused change changes nothing")
				require.Equal(t, history, afterHistory)
				return
			}
			require.NoError(t, err)
			require.Equal(t, tt.wantRev, got.Revision)
			require.Equal(t, tt.wantBy, got.UpdatedBy)
			stored, _ := f.state(t)
			require.Equal(t, got, stored)
		})
	}
}

// Two admins open the same revision and save at the same moment: one wins, the other is refused
// with a message naming who saved and when, and the loser's change is nowhere.
func TestConcurrentEditorsOneWins(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	editors := []revision.Actor{editor, second}
	var saved [2]settings.Store
	errs := apperrtest.Concurrently(2, func(i int) error {
		var err error
		saved[i], err = f.store.Update(context.Background(), editors[i], 1, settings.Input{Phone: new("+44 20 7946 000" + string(rune('1'+i)))})
		return err
	})
	winner := revisiontest.Winner(t, "store's details", errs, editors, func(i int) time.Time { return saved[i].UpdatedAt })
	now, history := f.state(t)
	require.Equal(t, saved[winner].Phone, now.Phone)
	require.Len(t, history, 2)
}

// History: the seed's state recorded by the first change (as the system's), diffs against the
// predecessor or the current details, restore as a new revision, and the audit trail.
func TestHistoryDiffRestoreAndAudit(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ctx := context.Background()
	st, err := f.store.Update(ctx, editor, 1, settings.Input{Name: new("Atelier Mayfair"), City: new("Mayfair")})
	require.NoError(t, err)
	st, err = f.store.Update(ctx, second, st.Revision, settings.Input{Phone: new("+44 20 7946 0999")})
	require.NoError(t, err)
	require.Equal(t, int64(3), st.Revision)

	d, err := f.store.DiffRevision(ctx, 1, false)
	require.NoError(t, err)
	require.Equal(t, int64(0), d.BaseRevision)
	require.Len(t, d.Changes, 10, "the first revision changes every field")
	d, err = f.store.DiffRevision(ctx, 2, false)
	require.NoError(t, err)
	require.Equal(t, settings.Diff{BaseRevision: 1, Changes: []revision.Change{
		{Field: "name", Before: "Atelier London", After: "Atelier Mayfair"},
		{Field: "city", Before: "London", After: "Mayfair"}}}, d)
	d, err = f.store.DiffRevision(ctx, 1, true)
	require.NoError(t, err)
	require.Equal(t, settings.Diff{BaseRevision: 3, Changes: []revision.Change{
		{Field: "name", Before: "Atelier Mayfair", After: "Atelier London"},
		{Field: "city", Before: "Mayfair", After: "London"},
		{Field: "phone", Before: "+44 20 7946 0999", After: "+44 20 7946 0321"}}}, d, "what restoring 1 would change")

	r, _, err := f.store.GetRevision(ctx, 1)
	require.NoError(t, err)
	require.Equal(t, revision.Actor{}, r.Actor, "the seed's revision is the system's")
	require.Equal(t, revision.Created, r.Action)
	require.Equal(t, "Atelier London", r.Snapshot.Name)

	restored, err := f.store.Restore(ctx, second, 1, 3)
	require.NoError(t, err)
	require.Equal(t, int64(4), restored.Revision)
	require.Equal(t, second, restored.UpdatedBy)
	want := seeded
	want.CurrencyCode, want.Revision, want.UpdatedAt, want.UpdatedBy = "GBP", 4, restored.UpdatedAt, second
	require.Equal(t, want, restored)
	same, err := f.store.Restore(ctx, editor, 1, 4)
	require.NoError(t, err)
	require.Equal(t, int64(4), same.Revision, "restoring what the details say saves nothing")

	first, err := f.store.Revisions(ctx, 2, "")
	require.NoError(t, err)
	require.Equal(t, []int64{4, 3}, revisiontest.Numbers(first.Revisions))
	require.Equal(t, revision.Restored, first.Revisions[0].Action)
	require.Equal(t, int64(1), first.Revisions[0].RestoredFrom)
	rest, err := f.store.Revisions(ctx, 2, first.NextPageToken)
	require.NoError(t, err)
	require.Equal(t, []int64{2, 1}, revisiontest.Numbers(rest.Revisions))
	require.Empty(t, rest.NextPageToken)

	before, history := f.state(t)
	for name, tt := range map[string]struct {
		call func() error
		want apperrtest.Want
	}{
		"restore on a stale revision": {func() error { _, err := f.store.Restore(ctx, editor, 2, 3); return err },
			apperrtest.Want{Kind: apperr.KindConflict, Reason: "stale_revision"}},
		"restore an unknown revision": {func() error { _, err := f.store.Restore(ctx, editor, 9, 4); return err },
			apperrtest.Want{Kind: apperr.KindNotFound, Reason: "revision_not_found", Message: "the store's details have no revision 9"}},
		"restore with no revision": {func() error { _, err := f.store.Restore(ctx, editor, 2, 0); return err },
			apperrtest.Want{Kind: apperr.KindInvalid, Reason: "revision_required"}},
		"get an unknown revision": {func() error { _, _, err := f.store.GetRevision(ctx, 9); return err },
			apperrtest.Want{Kind: apperr.KindNotFound, Reason: "revision_not_found"}},
		"diff an unknown revision": {func() error { _, err := f.store.DiffRevision(ctx, 9, false); return err },
			apperrtest.Want{Kind: apperr.KindNotFound, Reason: "revision_not_found"}},
		"a page size too large": {func() error { _, err := f.store.Revisions(ctx, revision.MaxPageSize+1, ""); return err },
			apperrtest.Want{Kind: apperr.KindInvalid, Reason: "invalid_page_size"}},
		"a made-up page token": {func() error { _, err := f.store.Revisions(ctx, 0, "abc"); return err },
			apperrtest.Want{Kind: apperr.KindInvalid, Reason: "invalid_page_token"}},
	} {
		apperrtest.Require(t, tt.call(), tt.want)
		after, afterHistory := f.state(t)
		require.Equal(t, before, after, name)
		require.Equal(t, history, afterHistory, name)
	}

	require.Equal(t, []string{
		`store_settings.updated Ava Sinclair 2 {"changed": ["name", "city"]}`,
		`store_settings.updated Ben Okafor 3 {"changed": ["phone"]}`,
		`store_settings.restored Ben Okafor 4 {"changed": ["name", "city", "phone"], "restored_from": 1}`,
	}, revisiontest.Events(t, f.pool, "store_settings"))
}

// A shop without details gets them from an admin's first save, which names no revision; reads
// before that say the shop is not configured.
func TestFirstSave(t *testing.T) {
	t.Parallel()
	svc := settings.NewService(dbtest.Pool(t))
	ctx := context.Background()
	_, err := svc.Update(ctx, editor, 1, settings.Input{Name: new("Atelier")})
	apperrtest.RequireKind(t, err, apperr.KindFailedPrecondition, "store_not_configured")
	_, err = svc.Revisions(ctx, 0, "")
	apperrtest.RequireKind(t, err, apperr.KindFailedPrecondition, "store_not_configured")
	_, err = svc.Update(ctx, editor, 0, settings.Input{Name: new("Atelier")})
	apperrtest.RequireKind(t, err, apperr.KindInvalid, "missing_contact_email")
	_, err = svc.Get(ctx)
	apperrtest.RequireKind(t, err, apperr.KindFailedPrecondition, "store_not_configured")

	st, err := svc.Update(ctx, editor, 0, settings.Input{Name: new("Atelier"), ContactEmail: new("shop@atelier.test")})
	require.NoError(t, err)
	require.Equal(t, int64(1), st.Revision)
	require.Equal(t, "GBP", st.CurrencyCode)
	require.Equal(t, editor, st.UpdatedBy)
	page, err := svc.Revisions(ctx, 0, "")
	require.NoError(t, err)
	require.Len(t, page.Revisions, 1)
	require.Equal(t, revision.Created, page.Revisions[0].Action)
	_, err = svc.Update(ctx, editor, 0, settings.Input{City: new("London")})
	apperrtest.RequireKind(t, err, apperr.KindInvalid, "revision_required")
}
