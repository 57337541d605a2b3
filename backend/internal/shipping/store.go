package shipping

import (
	"context"

	"github.com/atelier-commerce/atelier/backend/internal/money"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// activeOptions reads the active options in display order.
func activeOptions(ctx context.Context, pool *pgxpool.Pool) ([]Option, error) {
	rows, err := pool.Query(ctx, `SELECT code, name, carrier, estimated_delivery, price_minor, currency_code,
		free_over_minor, position, active FROM delivery_options WHERE active ORDER BY position, price_minor, code`)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (Option, error) {
		var o Option
		var price int64
		var freeOver *int64
		err := r.Scan(&o.Code, &o.Name, &o.Carrier, &o.EstimatedDelivery, &price, &o.Price.Currency, &freeOver, &o.Position, &o.Active)
		o.Price.Minor = price
		if freeOver != nil {
			o.FreeOver = &money.Money{Minor: *freeOver, Currency: o.Price.Currency}
		}
		return o, err
	})
}

// saveOption creates or replaces the option with o.Code, bumping its version.
func saveOption(ctx context.Context, tx pgx.Tx, o Option, currency string, freeOver *int64) error {
	_, err := tx.Exec(ctx, `INSERT INTO delivery_options
		(code, name, carrier, estimated_delivery, price_minor, currency_code, free_over_minor, position, active)
		VALUES (@code, @name, @carrier, @eta, @price, @currency, @free_over, @position, @active)
		ON CONFLICT (code) DO UPDATE SET name = excluded.name, carrier = excluded.carrier,
			estimated_delivery = excluded.estimated_delivery, price_minor = excluded.price_minor,
			currency_code = excluded.currency_code, free_over_minor = excluded.free_over_minor,
			position = excluded.position, active = excluded.active,
			version = delivery_options.version + 1, updated_at = now()`,
		pgx.NamedArgs{"code": o.Code, "name": o.Name, "carrier": o.Carrier, "eta": o.EstimatedDelivery,
			"price": o.Price.Minor, "currency": currency, "free_over": freeOver, "position": o.Position, "active": o.Active})
	return err
}
