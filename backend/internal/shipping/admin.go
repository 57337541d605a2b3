package shipping

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/db"
	"github.com/atelier-commerce/atelier/backend/internal/money"
	"github.com/atelier-commerce/atelier/backend/internal/revision"
	"github.com/jackc/pgx/v5"
)

// The admin side: every write to an option is guarded by the option's revision and appends an
// immutable revision and an audit event in its own transaction, as pages do (package content).
// Options are never deleted (orders name them by code): an admin deactivates one instead.
//
// Nothing caches options: the cart and checkout read the active ones (and the free-delivery
// rule with them) on every request, so a saved change prices the next request. An order copies
// its option's code, name, carrier, estimate and price when it is placed, so it keeps them.

// AdminOption is a delivery option with its history's head.
type AdminOption struct {
	Option
	ID string
	// Revision counts the option's saved changes (1 for its creation).
	Revision  int64
	UpdatedAt time.Time
	// UpdatedBy saved the current revision: the system for what the seed saved.
	UpdatedBy revision.Actor
}

// Limits of an option's fields.
const (
	MaxCodeLen     = 32
	MaxNameLen     = 60
	MaxEstimateLen = 100
	MaxPosition    = 1000
	// MaxPrice is £1,000: anything dearer for delivery is a typing mistake.
	MaxPrice = 100_000
)

var codePattern = regexp.MustCompile(`^[a-z0-9]+([_-][a-z0-9]+)*$`)

func checkCode(code string) error {
	if !codePattern.MatchString(code) || len(code) > MaxCodeLen {
		return apperr.Invalid("code", "invalid_code",
			"a delivery option's code is lower-case letters and digits, words joined by - or _, at most %d characters", MaxCodeLen)
	}
	return nil
}

// checkOption normalises an option's text and refuses what an admin cannot save, naming the field.
func checkOption(o Option) (Option, error) {
	o.Name, o.Carrier, o.EstimatedDelivery = strings.TrimSpace(o.Name), strings.TrimSpace(o.Carrier), strings.TrimSpace(o.EstimatedDelivery)
	switch {
	case o.Name == "":
		return o, apperr.Invalid("name", "missing_name", "a delivery option needs a name")
	case utf8.RuneCountInString(o.Name) > MaxNameLen:
		return o, apperr.Invalid("name", "name_too_long", "a delivery option's name has at most %d characters", MaxNameLen)
	case o.Carrier == "":
		return o, apperr.Invalid("carrier", "missing_carrier", "a delivery option needs a carrier, one of %s", strings.Join(Carriers(), ", "))
	case !KnownCarrier(o.Carrier):
		return o, apperr.Invalid("carrier", "unknown_carrier", "carrier must be one of %s", strings.Join(Carriers(), ", "))
	case utf8.RuneCountInString(o.EstimatedDelivery) > MaxEstimateLen:
		return o, apperr.Invalid("estimated_delivery", "estimate_too_long", "the estimated delivery has at most %d characters", MaxEstimateLen)
	case o.Price.Minor < 0:
		return o, apperr.Invalid("price", "negative_price", "price must not be negative")
	case o.Price.Minor > MaxPrice:
		return o, apperr.Invalid("price", "price_too_high", "a delivery price is at most %s", money.GBP(MaxPrice))
	case o.Position < 0 || o.Position > MaxPosition:
		return o, apperr.Invalid("position", "invalid_position", "position must be 0 to %d", MaxPosition)
	}
	o.Price.Currency = money.GBPCode
	return o, nil
}

// List returns every option, inactive ones too, in display order.
func (s *Service) List(ctx context.Context) ([]AdminOption, error) {
	opts, err := adminOptions(ctx, s.pool, "", false)
	if err != nil {
		return nil, fmt.Errorf("shipping.List: %w", err)
	}
	return opts, nil
}

// Get returns the option with code.
func (s *Service) Get(ctx context.Context, code string) (AdminOption, error) {
	if err := checkCode(code); err != nil {
		return AdminOption{}, err
	}
	o, err := optionByCode(ctx, s.pool, code, false)
	if err != nil {
		return AdminOption{}, fmt.Errorf("shipping.Get: %s: %w", code, err)
	}
	if o == nil {
		return AdminOption{}, errOptionNotFound(code)
	}
	return *o, nil
}

// Create saves a new option (revision 1) with the code the admin chose. Its free-over amount is
// the free-delivery rule's business (SetFreeDeliveryRule), so it starts without one.
func (s *Service) Create(ctx context.Context, actor revision.Actor, o Option) (AdminOption, error) {
	o.Code = strings.TrimSpace(o.Code)
	if err := checkCode(o.Code); err != nil {
		return AdminOption{}, err
	}
	o, err := checkOption(o)
	if err != nil {
		return AdminOption{}, err
	}
	o.FreeOver = nil
	var saved *AdminOption
	err = db.WithTx(ctx, s.pool, func(tx pgx.Tx) error {
		ok, err := insertOption(ctx, tx, o, s.now())
		if err != nil {
			return err
		}
		if !ok {
			return apperr.Invalid("code", "code_taken", "there is already a delivery option with the code %q", o.Code)
		}
		saved, err = s.record(ctx, tx, o.Code, actor, revision.Created, 0, nil)
		return err
	})
	if err != nil {
		return AdminOption{}, fmt.Errorf("shipping.Create: %w", err)
	}
	return *saved, nil
}

// Input is the editable part of an option: nil fields keep their values.
type Input struct {
	Name              *string
	Carrier           *string
	EstimatedDelivery *string
	Price             *int64 // pence
	Position          *int32
	Active            *bool
}

// Update changes the fields set in in, based on revision expected. A change that changes nothing
// (once normalised) saves no revision and answers the option as it is. Deactivating the last
// active option is refused: a shop must offer delivery.
func (s *Service) Update(ctx context.Context, actor revision.Actor, code string, expected int64, in Input) (AdminOption, error) {
	o, err := s.change(ctx, actor, code, expected, func(_ context.Context, _ pgx.Tx, cur AdminOption) (Option, revision.Action, int64, error) {
		next := cur.Option
		if in.Name != nil {
			next.Name = *in.Name
		}
		if in.Carrier != nil {
			next.Carrier = *in.Carrier
		}
		if in.EstimatedDelivery != nil {
			next.EstimatedDelivery = *in.EstimatedDelivery
		}
		if in.Price != nil {
			next.Price.Minor = *in.Price
		}
		if in.Position != nil {
			next.Position = *in.Position
		}
		if in.Active != nil {
			next.Active = *in.Active
		}
		next, err := checkOption(next)
		return next, revision.Updated, 0, err
	})
	if err != nil {
		return AdminOption{}, fmt.Errorf("shipping.Update: %w", err)
	}
	return o, nil
}

// change is the frame of every edit of one option: edit returns the option as it should be; when
// that differs from the current one, it is saved with a new revision and an audit event.
func (s *Service) change(ctx context.Context, actor revision.Actor, code string, expected int64,
	edit func(ctx context.Context, tx pgx.Tx, cur AdminOption) (Option, revision.Action, int64, error),
) (AdminOption, error) {
	var saved *AdminOption
	err := s.locked(ctx, code, expected, func(tx pgx.Tx, cur AdminOption) error {
		next, action, restoredFrom, err := edit(ctx, tx, cur)
		if err != nil {
			return err
		}
		if cur.Active && !next.Active {
			others, err := otherActiveOptions(ctx, tx, cur.ID)
			if err != nil {
				return err
			}
			if others == 0 {
				return apperr.FailedPrecondition("last_active_option",
					"%s is the only delivery option offered: a shop must offer delivery, so activate another option first", cur.Name)
			}
		}
		saved, err = history.Save(cur, AdminOption{Option: next},
			func() (bool, error) { return updateOption(ctx, tx, cur.ID, next, cur.Revision, s.now()) },
			func() (*AdminOption, error) { return s.record(ctx, tx, code, actor, action, restoredFrom, &cur) })
		return err
	})
	if err != nil {
		return AdminOption{}, err
	}
	return *saved, nil
}

// locked runs fn in a transaction with the option locked, once the code and expected revision are
// checked: expected is required, and refused as stale unless it is the option's revision. An option
// last saved outside the admin API gets the revision it lacks first (by the system), so that
// history, diff and restore always have the state a change started from.
func (s *Service) locked(ctx context.Context, code string, expected int64, fn func(tx pgx.Tx, cur AdminOption) error) error {
	if err := checkCode(code); err != nil {
		return err
	}
	if expected <= 0 {
		return history.RevisionRequired()
	}
	return db.WithTx(ctx, s.pool, func(tx pgx.Tx) error {
		cur, err := history.Lock(ctx, tx, expected, func() (*AdminOption, error) { return optionByCode(ctx, tx, code, true) }, errOptionNotFound(code))
		if err != nil {
			return err
		}
		return fn(tx, cur)
	})
}

// record reads the option as it now is, stamps actor as its saver, and appends its revision and
// the audit event (with the fields changed since before, when there was a before).
func (s *Service) record(ctx context.Context, tx pgx.Tx, code string, actor revision.Actor, action revision.Action, restoredFrom int64, before *AdminOption) (*AdminOption, error) {
	o, err := optionByCode(ctx, tx, code, false)
	if err != nil {
		return nil, err
	}
	if o == nil {
		return nil, errors.New("shipping.record: the option vanished in its own transaction")
	}
	o.UpdatedBy = actor
	err = history.Record(ctx, tx, *o, action, restoredFrom, before, map[string]any{"code": code})
	return o, err
}

func errOptionNotFound(code string) *apperr.Error {
	return apperr.NotFound("delivery_option_not_found", "delivery option %q not found", code)
}

// Snapshot is an option's editable state as a revision keeps it (JSON in
// delivery_option_revisions.snapshot); the code never changes and the free-over amount belongs to
// the free-delivery rule, so neither is kept.
type Snapshot struct {
	Name              string `json:"name"`
	Carrier           string `json:"carrier"`
	EstimatedDelivery string `json:"estimated_delivery"`
	Price             int64  `json:"price"`
	Position          int32  `json:"position"`
	Active            bool   `json:"active"`
}

func snapshotOf(o Option) Snapshot {
	return Snapshot{Name: o.Name, Carrier: o.Carrier, EstimatedDelivery: o.EstimatedDelivery, Price: o.Price.Minor,
		Position: o.Position, Active: o.Active}
}

func (sn Snapshot) apply(o Option) Option {
	o.Name, o.Carrier, o.EstimatedDelivery, o.Price.Minor = sn.Name, sn.Carrier, sn.EstimatedDelivery, sn.Price
	o.Position, o.Active = sn.Position, sn.Active
	return o
}

var snapshotFields = []revision.Field[Snapshot]{
	{Name: "name", Text: func(s Snapshot) string { return s.Name }},
	{Name: "carrier", Text: func(s Snapshot) string { return s.Carrier }},
	{Name: "estimated_delivery", Text: func(s Snapshot) string { return s.EstimatedDelivery }},
	{Name: "price", Text: func(s Snapshot) string { return money.GBP(s.Price).String() }},
	{Name: "position", Text: func(s Snapshot) string { return strconv.Itoa(int(s.Position)) }},
	{Name: "active", Text: func(s Snapshot) string { return strconv.FormatBool(s.Active) }},
}
