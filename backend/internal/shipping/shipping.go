// Package shipping owns the delivery options a shop offers and the rule that makes an option free
// above a subtotal, so the cart and checkout can never disagree about what delivery costs.
package shipping

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/db"
	"github.com/atelier-commerce/atelier/backend/internal/money"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Option is one delivery option.
type Option struct {
	Code              string
	Name              string
	Carrier           string
	EstimatedDelivery string
	Price             money.Money
	FreeOver          *money.Money // free when the subtotal is above this
	Position          int32
	Active            bool
}

// PriceFor is what the option costs for an order with the given subtotal.
func (o Option) PriceFor(subtotal money.Money) money.Money {
	if o.FreeOver != nil && subtotal.Minor > o.FreeOver.Minor {
		return money.Money{Minor: 0, Currency: o.Price.Currency}
	}
	return o.Price
}

// StandardCode is the code of the option a cart's summary prices delivery with.
const StandardCode = "standard"

// Default picks, from the active options, the one a cart prices delivery with before the shopper
// chooses at checkout: Standard when it is offered, else the cheapest (the first of equals, in
// display order). ok is false when nothing is offered.
func Default(active []Option) (o Option, ok bool) {
	for _, a := range active {
		if a.Code == StandardCode {
			return a, true
		}
		if !ok || a.Price.Minor < o.Price.Minor {
			o, ok = a, true
		}
	}
	return o, ok
}

// Service reads and saves delivery options.
type Service struct {
	pool *pgxpool.Pool
	now  func() time.Time
}

// NewService returns the shipping service.
func NewService(pool *pgxpool.Pool) *Service { return &Service{pool: pool, now: time.Now} }

// ListActive returns the active options in display order.
func (s *Service) ListActive(ctx context.Context) ([]Option, error) {
	opts, err := activeOptions(ctx, s.pool)
	if err != nil {
		return nil, fmt.Errorf("shipping.ListActive: %w", err)
	}
	return opts, nil
}

// Save creates or replaces the option with o.Code as the system (the seed, tests). It records no
// revision: the first admin change records the option as it found it. An option saved with a
// free-over amount takes the one free-delivery rule from the option that had it.
func (s *Service) Save(ctx context.Context, o Option) error {
	o.Code, o.Name = strings.TrimSpace(o.Code), strings.TrimSpace(o.Name)
	switch {
	case o.Code == "":
		return apperr.Invalid("code", "missing_code", "a delivery option needs a code")
	case o.Name == "":
		return apperr.Invalid("name", "missing_name", "a delivery option needs a name")
	case o.Price.Minor < 0:
		return apperr.Invalid("price", "negative_price", "price must not be negative")
	case o.FreeOver != nil && o.FreeOver.Minor < 0:
		return apperr.Invalid("free_over", "negative_price", "free-over amount must not be negative")
	}
	var freeOver *int64
	if o.FreeOver != nil {
		freeOver = &o.FreeOver.Minor
	}
	currency := o.Price.Currency
	if currency == "" {
		currency = money.GBPCode
	}
	err := db.WithTx(ctx, s.pool, func(tx pgx.Tx) error {
		return saveOption(ctx, tx, o, currency, freeOver)
	})
	if err != nil {
		return fmt.Errorf("shipping.Save: %s: %w", o.Code, err)
	}
	return nil
}
