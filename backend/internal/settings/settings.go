// Package settings owns the shop's public details (name, address, contact and registration
// numbers) that the storefront prints in its footer.
package settings

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/db"
	"github.com/atelier-commerce/atelier/backend/internal/money"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Store is the shop's details.
type Store struct {
	Name          string
	AddressLine1  string
	AddressLine2  string
	City          string
	Postcode      string
	Country       string
	ContactEmail  string
	Phone         string
	CompanyNumber string
	VATNumber     string
	CurrencyCode  string
}

// Service reads and saves the settings.
type Service struct{ pool *pgxpool.Pool }

// NewService returns the settings service.
func NewService(pool *pgxpool.Pool) *Service { return &Service{pool: pool} }

// Get returns the settings; a shop that has none configured yet is a failed precondition.
func (s *Service) Get(ctx context.Context) (Store, error) {
	st, err := readSettings(ctx, s.pool)
	if errors.Is(err, pgx.ErrNoRows) {
		return Store{}, apperr.FailedPrecondition("store_not_configured", "the store's settings have not been configured yet")
	}
	if err != nil {
		return Store{}, fmt.Errorf("settings.Get: %w", err)
	}
	return st, nil
}

// Save replaces the settings.
func (s *Service) Save(ctx context.Context, st Store) error {
	if strings.TrimSpace(st.Name) == "" {
		return apperr.Invalid("store_name", "missing_store_name", "the store needs a name")
	}
	if st.CurrencyCode == "" {
		st.CurrencyCode = money.GBPCode
	}
	err := db.WithTx(ctx, s.pool, func(tx pgx.Tx) error {
		return saveSettings(ctx, tx, st)
	})
	if err != nil {
		return fmt.Errorf("settings.Save: %w", err)
	}
	return nil
}
