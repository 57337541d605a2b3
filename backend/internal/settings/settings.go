// Package settings owns the shop's public details (name, address, contact and registration
// numbers) that the storefront prints in its footer and the e-mails sign with, and their history.
//
// Nothing caches them: the storefront asks for them on every page (once per request) and the
// e-mail jobs read them per message, so a saved change shows on the next request in every
// process. Orders do not refer to them.
package settings

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/db"
	"github.com/atelier-commerce/atelier/backend/internal/emailaddr"
	"github.com/atelier-commerce/atelier/backend/internal/money"
	"github.com/atelier-commerce/atelier/backend/internal/revision"
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

	// Revision counts the saved changes (1 for the first); writes name the one they were based on.
	Revision  int64
	UpdatedAt time.Time
	// UpdatedBy saved the current revision: the system for what the seed saved.
	UpdatedBy revision.Actor
}

// Limits of the fields.
const (
	MaxNameLen     = 100
	MaxLineLen     = 100 // address lines, city, country
	MaxPostcodeLen = 16
	MaxPhoneLen    = 32
)

var (
	// A UK company number: eight digits, or two letters (SC, NI, OC…) and six digits.
	companyNumberPattern = regexp.MustCompile(`^([0-9]{8}|[A-Z]{2}[0-9]{6})$`)
	// A UK VAT number (GB, or XI for Northern Ireland): 9 digits, or 12 for a group member.
	ukVATPattern = regexp.MustCompile(`^(GB|XI)([0-9]{9}|[0-9]{12})$`)
	// An EU VAT number: a member state's prefix (EL for Greece) and 2 to 12 letters and digits;
	// each state's exact shape is left to VIES.
	euVATPattern = regexp.MustCompile(`^(AT|BE|BG|CY|CZ|DE|DK|EE|EL|ES|FI|FR|HR|HU|IE|IT|LT|LU|LV|MT|NL|PL|PT|RO|SE|SI|SK)[0-9A-Z]{2,12}$`)
	// A phone number as people write it: digits, spaces, brackets and hyphens, optionally after +.
	phonePattern = regexp.MustCompile(`^\+?[0-9 ()-]+$`)
)

// spaceless upper-cases s and drops its spaces, as registration numbers are stored.
func spaceless(s string) string { return strings.ToUpper(strings.Join(strings.Fields(s), "")) }

// check normalises st (trimmed text, registration numbers upper-case without spaces) and refuses
// what cannot be saved, naming the field.
func check(st Store) (Store, error) {
	for _, f := range []*string{&st.Name, &st.AddressLine1, &st.AddressLine2, &st.City, &st.Postcode,
		&st.Country, &st.ContactEmail, &st.Phone} {
		*f = strings.TrimSpace(*f)
	}
	st.CompanyNumber, st.VATNumber = spaceless(st.CompanyNumber), spaceless(st.VATNumber)
	tooLong := func(field, s string, limit int) error {
		if utf8.RuneCountInString(s) > limit {
			return apperr.Invalid(field, field+"_too_long", "%s has at most %d characters", field, limit)
		}
		return nil
	}
	if st.Name == "" {
		return st, apperr.Invalid("name", "missing_store_name", "the store needs a name")
	}
	err := errors.Join(
		tooLong("name", st.Name, MaxNameLen),
		tooLong("address_line1", st.AddressLine1, MaxLineLen),
		tooLong("address_line2", st.AddressLine2, MaxLineLen),
		tooLong("city", st.City, MaxLineLen),
		tooLong("postcode", st.Postcode, MaxPostcodeLen),
		tooLong("country", st.Country, MaxLineLen),
		emailaddr.Check("contact_email", st.ContactEmail),
		tooLong("phone", st.Phone, MaxPhoneLen),
	)
	if err != nil {
		return st, firstOf(err)
	}
	if st.Phone != "" {
		digits := countDigits(st.Phone)
		if !phonePattern.MatchString(st.Phone) || digits < 7 || digits > 15 {
			return st, apperr.Invalid("phone", "invalid_phone",
				"phone must be a phone number of 7 to 15 digits, like +44 20 7946 0321")
		}
	}
	if st.CompanyNumber != "" && !companyNumberPattern.MatchString(st.CompanyNumber) {
		return st, apperr.Invalid("company_number", "invalid_company_number",
			"company_number must be a UK company number: 8 digits, or 2 letters and 6 digits (like 14682093 or SC123456)")
	}
	if st.VATNumber != "" && !ukVATPattern.MatchString(st.VATNumber) && !euVATPattern.MatchString(st.VATNumber) {
		return st, apperr.Invalid("vat_number", "invalid_vat_number",
			"vat_number must be GB and 9 or 12 digits (like GB318462975), or an EU VAT number with its country prefix")
	}
	return st, nil
}

// firstOf is the first of the joined errors, so a form shows one field's problem at a time.
func firstOf(err error) error {
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		return j.Unwrap()[0]
	}
	return err
}

func countDigits(s string) int {
	n := 0
	for _, r := range s {
		if r >= '0' && r <= '9' {
			n++
		}
	}
	return n
}

// Service reads and saves the settings.
type Service struct {
	pool *pgxpool.Pool
	now  func() time.Time
}

// NewService returns the settings service.
func NewService(pool *pgxpool.Pool) *Service { return &Service{pool: pool, now: time.Now} }

// Get returns the settings; a shop that has none configured yet is a failed precondition.
func (s *Service) Get(ctx context.Context) (Store, error) {
	st, err := readSettings(ctx, s.pool, false)
	if err != nil {
		return Store{}, fmt.Errorf("settings.Get: %w", err)
	}
	if st == nil {
		return Store{}, errNotConfigured()
	}
	return *st, nil
}

func errNotConfigured() *apperr.Error {
	return apperr.FailedPrecondition("store_not_configured", "the store's settings have not been configured yet")
}

// Save replaces the settings as the system (the seed), checked as an admin's change is. It
// records no revision: the first admin change records the settings as it found them.
func (s *Service) Save(ctx context.Context, st Store) error {
	st, err := check(st)
	if err != nil {
		return err
	}
	if st.CurrencyCode == "" {
		st.CurrencyCode = money.GBPCode
	}
	err = db.WithTx(ctx, s.pool, func(tx pgx.Tx) error {
		return saveSettings(ctx, tx, st, s.now())
	})
	if err != nil {
		return fmt.Errorf("settings.Save: %w", err)
	}
	return nil
}
