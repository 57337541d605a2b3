package shipping

import (
	"context"
	"fmt"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/db"
	"github.com/atelier-commerce/atelier/backend/internal/money"
	"github.com/atelier-commerce/atelier/backend/internal/revision"
	"github.com/jackc/pgx/v5"
)

// FreeDeliveryRule is the shop's one free-delivery rule (PRODUCT.md: Standard is free on orders
// over £50): the option it makes free and the subtotal it must exceed. It is stored where checkout
// prices it, as Option.FreeOver of that one option, so Option.PriceFor and every caller of it stay
// as they are.
type FreeDeliveryRule struct {
	// OptionCode is the option made free; "" when no option is ever free.
	OptionCode string
	// Threshold is the subtotal an order must exceed (strictly) for free delivery; zero when
	// OptionCode is "".
	Threshold money.Money
	// Revision counts the rule's saved changes; 1 is the rule as the seed left it.
	Revision  int64
	UpdatedAt time.Time
	UpdatedBy revision.Actor
}

// FreeDeliveryRule returns the rule as it now is.
func (s *Service) FreeDeliveryRule(ctx context.Context) (FreeDeliveryRule, error) {
	var r FreeDeliveryRule
	err := db.WithReadTx(ctx, s.pool, func(tx pgx.Tx) (err error) {
		r, err = currentRule(ctx, tx)
		return err
	})
	if err != nil {
		return FreeDeliveryRule{}, fmt.Errorf("shipping.FreeDeliveryRule: %w", err)
	}
	return r, nil
}

// SetFreeDeliveryRule makes the option with code free over threshold (pence), and every other
// option never free, in one transaction; code "" makes no option free (threshold must then be 0).
// The write is based on the rule's revision expected, refused as stale as an option's would be;
// setting the rule it already is saves nothing. The options' own revisions do not move: the rule
// is not part of what an option's history keeps.
func (s *Service) SetFreeDeliveryRule(ctx context.Context, actor revision.Actor, expected int64, code string, threshold int64) (FreeDeliveryRule, error) {
	if expected <= 0 {
		return FreeDeliveryRule{}, apperr.Invalid("expected_revision", "revision_required",
			"say which revision of the free-delivery rule the change is based on (expected_revision, or If-Match on REST)")
	}
	switch {
	case code == "" && threshold != 0:
		return FreeDeliveryRule{}, apperr.Invalid("threshold", "threshold_without_option",
			"a threshold needs the delivery option it makes free (option_code)")
	case code != "" && checkCode(code) != nil:
		return FreeDeliveryRule{}, apperr.Invalid("option_code", "unknown_delivery_option", "there is no delivery option %q", code)
	case threshold < 0:
		return FreeDeliveryRule{}, apperr.Invalid("threshold", "negative_threshold", "the threshold must not be negative")
	case threshold > maxThreshold:
		return FreeDeliveryRule{}, apperr.Invalid("threshold", "threshold_too_high", "the threshold is at most %s", money.GBP(maxThreshold))
	}
	var saved FreeDeliveryRule
	err := db.WithTx(ctx, s.pool, func(tx pgx.Tx) error {
		// Every option is locked, so that concurrent rule changes (and option edits) queue up.
		if err := lockOptions(ctx, tx); err != nil {
			return err
		}
		cur, err := currentRule(ctx, tx)
		if err != nil {
			return err
		}
		if cur.Revision != expected {
			return revision.Stale("free-delivery rule", cur.Revision, cur.UpdatedBy, cur.UpdatedAt)
		}
		if code != "" {
			o, err := optionByCode(ctx, tx, code, false)
			if err != nil {
				return err
			}
			if o == nil {
				return apperr.Invalid("option_code", "unknown_delivery_option", "there is no delivery option %q", code)
			}
		}
		if cur.OptionCode == code && cur.Threshold.Minor == threshold {
			saved = cur
			return nil
		}
		exists, err := ruleRevisionExists(ctx, tx, cur.Revision)
		if err != nil {
			return err
		}
		if !exists {
			if cur.UpdatedAt.IsZero() {
				cur.UpdatedAt = s.now()
			}
			if err := insertRuleRevision(ctx, tx, cur); err != nil {
				return err
			}
		}
		if err := setFreeOver(ctx, tx, code, threshold); err != nil {
			return err
		}
		saved = FreeDeliveryRule{OptionCode: code, Threshold: money.GBP(threshold), Revision: cur.Revision + 1,
			UpdatedAt: s.now(), UpdatedBy: actor}
		if err := insertRuleRevision(ctx, tx, saved); err != nil {
			return err
		}
		return revision.Audit(ctx, tx, revision.Event{Actor: actor, Action: "free_delivery_rule.updated",
			SubjectType: "free_delivery_rule", SubjectID: "free_delivery", Revision: saved.Revision, At: saved.UpdatedAt,
			Detail: map[string]any{
				"option_code": code, "threshold_minor": threshold,
				"was_option_code": cur.OptionCode, "was_threshold_minor": cur.Threshold.Minor,
			}})
	})
	if err != nil {
		return FreeDeliveryRule{}, fmt.Errorf("shipping.SetFreeDeliveryRule: %w", err)
	}
	return saved, nil
}

// maxThreshold is £100,000.
const maxThreshold = 10_000_000

// currentRule is the rule as the options say it, with the revision and saver of its newest
// recorded change (revision 1 by the system when it has none: the seed's rule).
func currentRule(ctx context.Context, tx pgx.Tx) (FreeDeliveryRule, error) {
	r, err := latestRuleRevision(ctx, tx)
	if err != nil {
		return r, err
	}
	code, threshold, updated, err := freeOption(ctx, tx)
	if err != nil {
		return r, err
	}
	r.OptionCode, r.Threshold = code, money.GBP(threshold)
	if r.UpdatedAt.IsZero() {
		// Never changed through the API: the seed's rule, as old as its option's last save.
		r.UpdatedAt = updated
	}
	return r, nil
}
