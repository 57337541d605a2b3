package settings

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// readSettings reads the one settings row; pgx.ErrNoRows when the shop has none yet.
func readSettings(ctx context.Context, pool *pgxpool.Pool) (Store, error) {
	var st Store
	err := pool.QueryRow(ctx, `SELECT store_name, address_line1, address_line2, city, postcode, country,
		contact_email, phone, company_number, vat_number, currency_code FROM store_settings`).Scan(
		&st.Name, &st.AddressLine1, &st.AddressLine2, &st.City, &st.Postcode, &st.Country,
		&st.ContactEmail, &st.Phone, &st.CompanyNumber, &st.VATNumber, &st.CurrencyCode)
	return st, err
}

// saveSettings writes the one settings row, bumping its version.
func saveSettings(ctx context.Context, tx pgx.Tx, st Store) error {
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
}
