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
	var st Store
	err := s.pool.QueryRow(ctx, `SELECT store_name, address_line1, address_line2, city, postcode, country,
		contact_email, phone, company_number, vat_number, currency_code FROM store_settings`).Scan(
		&st.Name, &st.AddressLine1, &st.AddressLine2, &st.City, &st.Postcode, &st.Country,
		&st.ContactEmail, &st.Phone, &st.CompanyNumber, &st.VATNumber, &st.CurrencyCode)
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
		_, err := tx.Exec(ctx, `INSERT INTO store_settings (id, store_name, address_line1, address_line2, city,
			postcode, country, contact_email, phone, company_number, vat_number, currency_code)
			VALUES (true, @name, @l1, @l2, @city, @postcode, @country, @email, @phone, @company, @vat, @currency)
			ON CONFLICT (id) DO UPDATE SET store_name = excluded.store_name, address_line1 = excluded.address_line1,
				address_line2 = excluded.address_line2, city = excluded.city, postcode = excluded.postcode,
				country = excluded.country, contact_email = excluded.contact_email, phone = excluded.phone,
				company_number = excluded.company_number, vat_number = excluded.vat_number,
				currency_code = excluded.currency_code, version = store_settings.version + 1, updated_at = now()`,
			pgx.NamedArgs{"name": st.Name, "l1": st.AddressLine1, "l2": st.AddressLine2, "city": st.City,
				"postcode": st.Postcode, "country": st.Country, "email": st.ContactEmail, "phone": st.Phone,
				"company": st.CompanyNumber, "vat": st.VATNumber, "currency": st.CurrencyCode})
		return err
	})
	if err != nil {
		return fmt.Errorf("settings.Save: %w", err)
	}
	return nil
}
