package shipping_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/apperr/apperrtest"
	"github.com/atelier-commerce/atelier/backend/internal/db/dbtest"
	"github.com/atelier-commerce/atelier/backend/internal/money"
	"github.com/atelier-commerce/atelier/backend/internal/revision"
	"github.com/atelier-commerce/atelier/backend/internal/revision/revisiontest"
	"github.com/atelier-commerce/atelier/backend/internal/shipping"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"
)

var (
	editor = revision.Actor{AccountID: "7b0c9d1e-2f3a-4b5c-8d6e-0f1a2b3c4d5e", Name: "Ava Sinclair", Email: "ava@atelier.test"}
	second = revision.Actor{AccountID: "1c2d3e4f-5a6b-4c7d-8e9f-a0b1c2d3e4f5", Name: "Ben Okafor", Email: "ben@atelier.test"}
)

// fixture is a shipping service on a database of its own, holding the seed's Standard (free over
// £50) and Express options.
type fixture struct {
	pool *pgxpool.Pool
	ship *shipping.Service
}

func newFixture(t *testing.T) fixture {
	t.Helper()
	pool := dbtest.Pool(t)
	f := fixture{pool: pool, ship: shipping.NewService(pool)}
	free := money.GBP(5000)
	for _, o := range []shipping.Option{
		{Code: "standard", Name: "Standard", Carrier: "Royal Mail", EstimatedDelivery: "5–7 working days",
			Price: money.GBP(1735), FreeOver: &free, Position: 1, Active: true},
		{Code: "express", Name: "Express", Carrier: "DPD", EstimatedDelivery: "3–4 working days",
			Price: money.GBP(2499), Position: 2, Active: true},
	} {
		require.NoError(t, f.ship.Save(context.Background(), o))
	}
	return f
}

// state is one option and its whole history, newest first.
func (f fixture) state(t *testing.T, code string) (shipping.AdminOption, []shipping.Revision) {
	t.Helper()
	ctx := context.Background()
	o, err := f.ship.Get(ctx, code)
	require.NoError(t, err)
	page, err := f.ship.Revisions(ctx, code, revision.MaxPageSize, "")
	require.NoError(t, err)
	return o, page.Revisions
}

// all is every option, for "a refused change changes nothing" across options.
func (f fixture) all(t *testing.T) []shipping.AdminOption {
	t.Helper()
	opts, err := f.ship.List(context.Background())
	require.NoError(t, err)
	return opts
}

func TestCreate(t *testing.T) {
	t.Parallel()
	valid := shipping.Option{Code: "click-and-collect", Name: " Click and collect ", Carrier: "DPD",
		EstimatedDelivery: "Ready in 2 hours", Price: money.GBP(0), Position: 6, Active: true}
	with := func(change func(o *shipping.Option)) shipping.Option {
		o := valid
		change(&o)
		return o
	}
	invalid := func(reason string) *apperrtest.Want {
		return &apperrtest.Want{Kind: apperr.KindInvalid, Reason: reason}
	}
	tests := map[string]struct {
		in    shipping.Option
		err   *apperrtest.Want
		field string
	}{
		"a valid option":                {in: valid},
		"a code with an underscore":     {in: with(func(o *shipping.Option) { o.Code = "next_day_am" })},
		"inactive from the start":       {in: with(func(o *shipping.Option) { o.Active = false })},
		"a free-over amount is ignored": {in: with(func(o *shipping.Option) { free := money.GBP(1); o.FreeOver = &free })},
		"no code":                       {in: with(func(o *shipping.Option) { o.Code = "" }), err: invalid("invalid_code"), field: "code"},
		"a code with capitals":          {in: with(func(o *shipping.Option) { o.Code = "Express" }), err: invalid("invalid_code"), field: "code"},
		"a code with spaces":            {in: with(func(o *shipping.Option) { o.Code = "next day" }), err: invalid("invalid_code"), field: "code"},
		"a code too long":               {in: with(func(o *shipping.Option) { o.Code = strings.Repeat("a", shipping.MaxCodeLen+1) }), err: invalid("invalid_code"), field: "code"},
		"a code taken":                  {in: with(func(o *shipping.Option) { o.Code = "express" }), err: invalid("code_taken"), field: "code"},
		"no name":                       {in: with(func(o *shipping.Option) { o.Name = " " }), err: invalid("missing_name"), field: "name"},
		"a name too long":               {in: with(func(o *shipping.Option) { o.Name = strings.Repeat("a", shipping.MaxNameLen+1) }), err: invalid("name_too_long"), field: "name"},
		"no carrier":                    {in: with(func(o *shipping.Option) { o.Carrier = "" }), err: invalid("missing_carrier"), field: "carrier"},
		"an unknown carrier":            {in: with(func(o *shipping.Option) { o.Carrier = "Parcelforce" }), err: invalid("unknown_carrier"), field: "carrier"},
		"an estimate too long": {in: with(func(o *shipping.Option) { o.EstimatedDelivery = strings.Repeat("a", shipping.MaxEstimateLen+1) }),
			err: invalid("estimate_too_long"), field: "estimated_delivery"},
		"a negative price":    {in: with(func(o *shipping.Option) { o.Price = money.GBP(-1) }), err: invalid("negative_price"), field: "price"},
		"a price too high":    {in: with(func(o *shipping.Option) { o.Price = money.GBP(shipping.MaxPrice + 1) }), err: invalid("price_too_high"), field: "price"},
		"a negative position": {in: with(func(o *shipping.Option) { o.Position = -1 }), err: invalid("invalid_position"), field: "position"},
		"a position too far": {in: with(func(o *shipping.Option) { o.Position = shipping.MaxPosition + 1 }),
			err: invalid("invalid_position"), field: "position"},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			f := newFixture(t)
			before := f.all(t)
			start := time.Now()
			got, err := f.ship.Create(context.Background(), editor, tt.in)
			if tt.err != nil {
				ae := apperrtest.RequireKind(t, err, tt.err.Kind, tt.err.Reason)
				require.Equal(t, tt.field, ae.Field)
				require.Equal(t, before, f.all(t), "a refused change changes nothing")
				return
			}
			require.NoError(t, err)
			require.Equal(t, tt.in.Code, got.Code)
			require.Equal(t, strings.TrimSpace(tt.in.Name), got.Name)
			require.Nil(t, got.FreeOver, "the free-delivery rule stays where it is")
			require.Equal(t, int64(1), got.Revision)
			require.Equal(t, editor, got.UpdatedBy)
			require.False(t, got.UpdatedAt.Before(start.Add(-time.Second)))
			stored, history := f.state(t, got.Code)
			require.Equal(t, got, stored, "the answer is what was stored")
			require.Len(t, history, 1)
			require.Equal(t, revision.Created, history[0].Action)
		})
	}
}

func TestUpdate(t *testing.T) {
	t.Parallel()
	type in = shipping.Input
	tests := map[string]struct {
		earlier  []in // saved by editor first, on express
		code     string
		expected int64 // 0 asks for the option's revision
		noRev    bool
		in       in
		want     func(o *shipping.Option)
		wantRev  int64
		err      *apperrtest.Want
		field    string
	}{
		"the price":                            {in: in{Price: new(int64(2599))}, want: func(o *shipping.Option) { o.Price = money.GBP(2599) }, wantRev: 2},
		"free of charge":                       {in: in{Price: new(int64(0))}, want: func(o *shipping.Option) { o.Price = money.GBP(0) }, wantRev: 2},
		"the name, trimmed":                    {in: in{Name: new(" Express Plus ")}, want: func(o *shipping.Option) { o.Name = "Express Plus" }, wantRev: 2},
		"the carrier":                          {in: in{Carrier: new("FedEx")}, want: func(o *shipping.Option) { o.Carrier = "FedEx" }, wantRev: 2},
		"the estimate":                         {in: in{EstimatedDelivery: new("2–3 working days")}, want: func(o *shipping.Option) { o.EstimatedDelivery = "2–3 working days" }, wantRev: 2},
		"the position":                         {in: in{Position: new(int32(9))}, want: func(o *shipping.Option) { o.Position = 9 }, wantRev: 2},
		"deactivated while another is offered": {in: in{Active: new(false)}, want: func(o *shipping.Option) { o.Active = false }, wantRev: 2},
		"after earlier edits": {earlier: []in{{Price: new(int64(1))}, {Price: new(int64(2))}}, in: in{Name: new("X")},
			want: func(o *shipping.Option) { o.Name, o.Price = "X", money.GBP(2) }, wantRev: 4},
		"nothing set saves nothing":   {in: in{}, want: func(*shipping.Option) {}, wantRev: 1},
		"the same name saves nothing": {in: in{Name: new("Express ")}, want: func(*shipping.Option) {}, wantRev: 1},
		"a negative price":            {in: in{Price: new(int64(-1))}, err: &apperrtest.Want{Kind: apperr.KindInvalid, Reason: "negative_price"}, field: "price"},
		"a price too high":            {in: in{Price: new(int64(shipping.MaxPrice + 1))}, err: &apperrtest.Want{Kind: apperr.KindInvalid, Reason: "price_too_high"}, field: "price"},
		"an unknown carrier":          {in: in{Carrier: new("dpd")}, err: &apperrtest.Want{Kind: apperr.KindInvalid, Reason: "unknown_carrier"}, field: "carrier"},
		"no name":                     {in: in{Name: new("")}, err: &apperrtest.Want{Kind: apperr.KindInvalid, Reason: "missing_name"}, field: "name"},
		"an estimate too long":        {in: in{EstimatedDelivery: new(strings.Repeat("é", shipping.MaxEstimateLen+1))}, err: &apperrtest.Want{Kind: apperr.KindInvalid, Reason: "estimate_too_long"}, field: "estimated_delivery"},
		"a position out of range":     {in: in{Position: new(int32(-2))}, err: &apperrtest.Want{Kind: apperr.KindInvalid, Reason: "invalid_position"}, field: "position"},
		"a stale revision": {earlier: []in{{Price: new(int64(1))}}, expected: 1, in: in{Name: new("Mine")},
			err: &apperrtest.Want{Kind: apperr.KindConflict, Reason: "stale_revision"}},
		"a revision from the future": {expected: 5, in: in{Name: new("Mine")}, err: &apperrtest.Want{Kind: apperr.KindConflict, Reason: "stale_revision"}},
		"no revision":                {noRev: true, in: in{Name: new("Mine")}, err: &apperrtest.Want{Kind: apperr.KindInvalid, Reason: "revision_required"}, field: "expected_revision"},
		"an unknown option":          {code: "nope", expected: 1, in: in{Name: new("Mine")}, err: &apperrtest.Want{Kind: apperr.KindNotFound, Reason: "delivery_option_not_found"}},
		"an invalid code":            {code: "No Pe", expected: 1, in: in{Name: new("Mine")}, err: &apperrtest.Want{Kind: apperr.KindInvalid, Reason: "invalid_code"}, field: "code"},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			f := newFixture(t)
			ctx := context.Background()
			cur, _ := f.state(t, "express")
			for _, e := range tt.earlier {
				var err error
				cur, err = f.ship.Update(ctx, editor, "express", cur.Revision, e)
				require.NoError(t, err)
			}
			code, expected := "express", tt.expected
			if tt.code != "" {
				code = tt.code
			}
			if expected == 0 && !tt.noRev {
				expected = cur.Revision
			}
			before := f.all(t)
			_, history := f.state(t, "express")
			got, err := f.ship.Update(ctx, second, code, expected, tt.in)
			if tt.err != nil {
				ae := apperrtest.RequireKind(t, err, tt.err.Kind, tt.err.Reason)
				require.Equal(t, tt.field, ae.Field)
				_, afterHistory := f.state(t, "express")
				require.Equal(t, before, f.all(t), "a refused change changes nothing")
				require.Equal(t, history, afterHistory)
				return
			}
			require.NoError(t, err)
			want := cur.Option
			tt.want(&want)
			require.Equal(t, want, got.Option)
			require.Equal(t, tt.wantRev, got.Revision)
			stored, history := f.state(t, "express")
			require.Equal(t, got, stored, "the answer is what was stored")
			require.Len(t, history, int(tt.wantRev))
			if tt.wantRev > cur.Revision {
				require.Equal(t, second, got.UpdatedBy)
				require.Equal(t, revision.Updated, history[0].Action)
			} else {
				require.Equal(t, cur, got)
			}
		})
	}
}

// A shop must offer delivery: the last active option cannot be deactivated, by an update or a
// restore, and two admins deactivating the last two at once cannot both succeed.
func TestLastActiveOption(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newFixture(t)
	express, err := f.ship.Update(ctx, editor, "express", 1, shipping.Input{Active: new(false)})
	require.NoError(t, err)
	before := f.all(t)
	_, err = f.ship.Update(ctx, editor, "standard", 1, shipping.Input{Active: new(false), Price: new(int64(1))})
	apperrtest.RequireKind(t, err, apperr.KindFailedPrecondition, "last_active_option")
	require.Equal(t, before, f.all(t), "a refused change changes nothing")

	// Standard's revision 1 was active; reactivate Express, deactivate Standard, then make
	// Express inactive again by restoring its revision 2: refused.
	express, err = f.ship.Update(ctx, editor, "express", express.Revision, shipping.Input{Active: new(true)})
	require.NoError(t, err)
	_, err = f.ship.Update(ctx, editor, "standard", 1, shipping.Input{Active: new(false)})
	require.NoError(t, err)
	before = f.all(t)
	_, err = f.ship.Restore(ctx, editor, "express", 2, express.Revision)
	apperrtest.RequireKind(t, err, apperr.KindFailedPrecondition, "last_active_option")
	require.Equal(t, before, f.all(t))

	// Both active again; two admins each deactivate one at the same moment.
	_, err = f.ship.Update(ctx, editor, "standard", 2, shipping.Input{Active: new(true)})
	require.NoError(t, err)
	race := newFixture(t)
	codes := []string{"standard", "express"}
	errs := apperrtest.Concurrently(2, func(i int) error {
		_, err := race.ship.Update(ctx, editor, codes[i], 1, shipping.Input{Active: new(false)})
		return err
	})
	require.Equal(t, 1, apperrtest.Passed(t, errs, "last_active_option"))
	active, err := race.ship.ListActive(ctx)
	require.NoError(t, err)
	require.Len(t, active, 1)
}

// Two admins open the same revision and save at the same moment: one wins, the other is refused
// naming who saved, and the loser's price is nowhere.
func TestConcurrentEditorsOneWins(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	editors := []revision.Actor{editor, second}
	prices := []int64{1999, 2999}
	var saved [2]shipping.AdminOption
	errs := apperrtest.Concurrently(2, func(i int) error {
		var err error
		saved[i], err = f.ship.Update(context.Background(), editors[i], "express", 1, shipping.Input{Price: &prices[i]})
		return err
	})
	winner := revisiontest.Winner(t, "delivery option", errs, editors, func(i int) time.Time { return saved[i].UpdatedAt })
	now, history := f.state(t, "express")
	require.Equal(t, prices[winner], now.Price.Minor)
	require.Len(t, history, 2)
}

// History: the seed's state recorded (as the system's) by the first change, diffs, restore as a
// new revision, refusals that change nothing, and the audit trail.
func TestHistoryDiffRestoreAndAudit(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ctx := context.Background()
	o, err := f.ship.Update(ctx, editor, "standard", 1, shipping.Input{Price: new(int64(1835)), Name: new("Standard UK")})
	require.NoError(t, err)
	o, err = f.ship.Update(ctx, second, "standard", o.Revision, shipping.Input{Carrier: new("Hermes")})
	require.NoError(t, err)
	require.Equal(t, int64(3), o.Revision)
	require.Equal(t, int64(5000), o.FreeOver.Minor, "edits leave the free-delivery rule alone")

	d, err := f.ship.DiffRevision(ctx, "standard", 2, false)
	require.NoError(t, err)
	require.Equal(t, shipping.Diff{BaseRevision: 1, Changes: []revision.Change{
		{Field: "name", Before: "Standard", After: "Standard UK"},
		{Field: "price", Before: "£17.35", After: "£18.35"}}}, d)
	d, err = f.ship.DiffRevision(ctx, "standard", 1, true)
	require.NoError(t, err)
	require.Equal(t, shipping.Diff{BaseRevision: 3, Changes: []revision.Change{
		{Field: "name", Before: "Standard UK", After: "Standard"},
		{Field: "carrier", Before: "Hermes", After: "Royal Mail"},
		{Field: "price", Before: "£18.35", After: "£17.35"}}}, d)
	d, err = f.ship.DiffRevision(ctx, "standard", 1, false)
	require.NoError(t, err)
	require.Equal(t, int64(0), d.BaseRevision)
	require.Equal(t, []string{"name", "carrier", "estimated_delivery", "price", "position", "active"}, revision.Names(d.Changes))

	r, cur, err := f.ship.GetRevision(ctx, "standard", 1)
	require.NoError(t, err)
	require.Equal(t, revision.Actor{}, r.Actor, "the seed's revision is the system's")
	require.Equal(t, revision.Created, r.Action)
	require.Equal(t, "Royal Mail", r.Option(cur).Carrier)

	restored, err := f.ship.Restore(ctx, second, "standard", 1, 3)
	require.NoError(t, err)
	require.Equal(t, int64(4), restored.Revision)
	require.Equal(t, "Royal Mail", restored.Carrier)
	require.Equal(t, int64(1735), restored.Price.Minor)
	same, err := f.ship.Restore(ctx, editor, "standard", 1, 4)
	require.NoError(t, err)
	require.Equal(t, int64(4), same.Revision, "restoring what the option says saves nothing")

	page, err := f.ship.Revisions(ctx, "standard", 3, "")
	require.NoError(t, err)
	require.Equal(t, []int64{4, 3, 2}, revisiontest.Numbers(page.Revisions))
	require.Equal(t, revision.Restored, page.Revisions[0].Action)
	require.Equal(t, int64(1), page.Revisions[0].RestoredFrom)
	last, err := f.ship.Revisions(ctx, "standard", 3, page.NextPageToken)
	require.NoError(t, err)
	require.Equal(t, []int64{1}, revisiontest.Numbers(last.Revisions))
	require.Empty(t, last.NextPageToken)

	before, history := f.state(t, "standard")
	for name, tt := range map[string]struct {
		call func() error
		want apperrtest.Want
	}{
		"restore on a stale revision": {func() error { _, err := f.ship.Restore(ctx, editor, "standard", 2, 3); return err },
			apperrtest.Want{Kind: apperr.KindConflict, Reason: "stale_revision"}},
		"restore an unknown revision": {func() error { _, err := f.ship.Restore(ctx, editor, "standard", 9, 4); return err },
			apperrtest.Want{Kind: apperr.KindNotFound, Reason: "revision_not_found", Message: "this delivery option has no revision 9"}},
		"restore with no revision": {func() error { _, err := f.ship.Restore(ctx, editor, "standard", 2, 0); return err },
			apperrtest.Want{Kind: apperr.KindInvalid, Reason: "revision_required"}},
		"get an unknown revision": {func() error { _, _, err := f.ship.GetRevision(ctx, "standard", 9); return err },
			apperrtest.Want{Kind: apperr.KindNotFound, Reason: "revision_not_found"}},
		"diff an unknown revision": {func() error { _, err := f.ship.DiffRevision(ctx, "standard", 9, false); return err },
			apperrtest.Want{Kind: apperr.KindNotFound, Reason: "revision_not_found"}},
		"history of an unknown option": {func() error { _, err := f.ship.Revisions(ctx, "nope", 0, ""); return err },
			apperrtest.Want{Kind: apperr.KindNotFound, Reason: "delivery_option_not_found"}},
		"a made-up page token": {func() error { _, err := f.ship.Revisions(ctx, "standard", 0, "x"); return err },
			apperrtest.Want{Kind: apperr.KindInvalid, Reason: "invalid_page_token"}},
	} {
		apperrtest.Require(t, tt.call(), tt.want)
		after, afterHistory := f.state(t, "standard")
		require.Equal(t, before, after, name)
		require.Equal(t, history, afterHistory, name)
	}

	_, err = f.ship.Create(ctx, editor, shipping.Option{Code: "collect", Name: "Collect", Carrier: "DPD", Active: true})
	require.NoError(t, err)
	require.Equal(t, []string{
		`delivery_option.updated Ava Sinclair 2 {"code": "standard", "changed": ["name", "price"]}`,
		`delivery_option.updated Ben Okafor 3 {"code": "standard", "changed": ["carrier"]}`,
		`delivery_option.restored Ben Okafor 4 {"code": "standard", "changed": ["name", "carrier", "price"], "restored_from": 1}`,
		`delivery_option.created Ava Sinclair 1 {"code": "collect"}`,
	}, revisiontest.Events(t, f.pool, "delivery_option"))
}

// The one free-delivery rule: read as the seed left it, moved to another option (which the cart
// and checkout price at once, the old option no longer free), switched off, with stale refusal,
// validation that changes nothing, and the audit trail.
func TestFreeDeliveryRule(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ctx := context.Background()
	rule, err := f.ship.FreeDeliveryRule(ctx)
	require.NoError(t, err)
	require.Equal(t, "standard", rule.OptionCode)
	require.Equal(t, money.GBP(5000), rule.Threshold)
	require.Equal(t, int64(1), rule.Revision)
	require.Equal(t, revision.SystemName, rule.UpdatedBy.DisplayName())

	priceOf := func(code string, subtotal int64) int64 {
		t.Helper()
		active, err := f.ship.ListActive(ctx)
		require.NoError(t, err)
		for _, o := range active {
			if o.Code == code {
				return o.PriceFor(money.GBP(subtotal)).Minor
			}
		}
		t.Fatalf("no option %s", code)
		return 0
	}
	require.Equal(t, int64(0), priceOf("standard", 5001))

	optionsBefore := f.all(t)
	rule, err = f.ship.SetFreeDeliveryRule(ctx, editor, 1, "express", 10000)
	require.NoError(t, err)
	require.Equal(t, shipping.FreeDeliveryRule{OptionCode: "express", Threshold: money.GBP(10000), Revision: 2,
		UpdatedAt: rule.UpdatedAt, UpdatedBy: editor}, rule)
	require.Equal(t, int64(1735), priceOf("standard", 20000), "Standard is no longer free")
	require.Equal(t, int64(2499), priceOf("express", 10000), "over, not at, the threshold")
	require.Equal(t, int64(0), priceOf("express", 10001))
	for i, o := range f.all(t) {
		require.Equal(t, optionsBefore[i].Revision, o.Revision, "the options' own revisions do not move")
	}
	got, err := f.ship.FreeDeliveryRule(ctx)
	require.NoError(t, err)
	require.Equal(t, rule.Revision, got.Revision)
	require.Equal(t, editor, got.UpdatedBy)

	same, err := f.ship.SetFreeDeliveryRule(ctx, second, 2, "express", 10000)
	require.NoError(t, err)
	require.Equal(t, int64(2), same.Revision, "the rule it already is saves nothing")

	for name, tt := range map[string]struct {
		expected  int64
		code      string
		threshold int64
		want      apperrtest.Want
		field     string
	}{
		"stale":                      {1, "standard", 5000, apperrtest.Want{Kind: apperr.KindConflict, Reason: "stale_revision"}, ""},
		"no revision":                {0, "standard", 5000, apperrtest.Want{Kind: apperr.KindInvalid, Reason: "revision_required"}, "expected_revision"},
		"an unknown option":          {2, "parcel", 5000, apperrtest.Want{Kind: apperr.KindInvalid, Reason: "unknown_delivery_option"}, "option_code"},
		"an invalid code":            {2, "Par Cel", 5000, apperrtest.Want{Kind: apperr.KindInvalid, Reason: "unknown_delivery_option"}, "option_code"},
		"a negative threshold":       {2, "standard", -1, apperrtest.Want{Kind: apperr.KindInvalid, Reason: "negative_threshold"}, "threshold"},
		"a threshold too high":       {2, "standard", 10_000_001, apperrtest.Want{Kind: apperr.KindInvalid, Reason: "threshold_too_high"}, "threshold"},
		"a threshold with no option": {2, "", 5000, apperrtest.Want{Kind: apperr.KindInvalid, Reason: "threshold_without_option"}, "threshold"},
	} {
		before := f.all(t)
		_, err := f.ship.SetFreeDeliveryRule(ctx, second, tt.expected, tt.code, tt.threshold)
		ae := apperrtest.RequireKind(t, err, tt.want.Kind, tt.want.Reason)
		require.Equal(t, tt.field, ae.Field, name)
		require.Equal(t, before, f.all(t), "%s: a refused change changes nothing", name)
		now, err := f.ship.FreeDeliveryRule(ctx)
		require.NoError(t, err)
		require.Equal(t, int64(2), now.Revision, name)
	}
	_, err = f.ship.SetFreeDeliveryRule(ctx, second, 1, "standard", 5000)
	ae := apperrtest.RequireKind(t, err, apperr.KindConflict, "stale_revision")
	require.Contains(t, ae.Message, "This free-delivery rule has changed since you opened it: saved by Ava Sinclair at ")

	off, err := f.ship.SetFreeDeliveryRule(ctx, second, 2, "", 0)
	require.NoError(t, err)
	require.Equal(t, int64(3), off.Revision)
	require.Empty(t, off.OptionCode)
	for _, o := range f.all(t) {
		require.Nil(t, o.FreeOver, o.Code)
	}

	// The seed saving Standard with a free-over amount again takes the rule back: still one.
	free := money.GBP(5000)
	require.NoError(t, f.ship.Save(ctx, shipping.Option{Code: "express", Name: "Express", Carrier: "DPD",
		Price: money.GBP(2499), FreeOver: &free, Position: 2, Active: true}))
	require.NoError(t, f.ship.Save(ctx, shipping.Option{Code: "standard", Name: "Standard", Carrier: "Royal Mail",
		Price: money.GBP(1735), FreeOver: &free, Position: 1, Active: true}))
	free1 := 0
	for _, o := range f.all(t) {
		if o.FreeOver != nil {
			free1++
			require.Equal(t, "standard", o.Code)
		}
	}
	require.Equal(t, 1, free1)

	require.Equal(t, []string{
		`free_delivery_rule.updated Ava Sinclair 2 {"option_code": "express", "threshold_minor": 10000, "was_option_code": "standard", "was_threshold_minor": 5000}`,
		`free_delivery_rule.updated Ben Okafor 3 {"option_code": "", "threshold_minor": 0, "was_option_code": "express", "was_threshold_minor": 10000}`,
	}, revisiontest.Events(t, f.pool, "free_delivery_rule"))
}

// Two admins change the rule from the same revision at once: one wins, the other is stale, and
// exactly one option is free.
func TestConcurrentRuleChanges(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	codes := []string{"standard", "express"}
	errs := apperrtest.Concurrently(2, func(i int) error {
		_, err := f.ship.SetFreeDeliveryRule(context.Background(), editor, 1, codes[i], 7000)
		return err
	})
	require.Equal(t, 1, apperrtest.Passed(t, errs, "stale_revision"))
	free := 0
	for _, o := range f.all(t) {
		if o.FreeOver != nil {
			free++
		}
	}
	require.Equal(t, 1, free)
}
