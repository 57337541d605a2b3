package newsletter

import (
	"context"

	"github.com/jackc/pgx/v5"
)

// insertSubscription records an address; added is false when it was already subscribed.
func insertSubscription(ctx context.Context, tx pgx.Tx, email string) (added bool, err error) {
	tag, err := tx.Exec(ctx, `INSERT INTO newsletter_subscriptions (email) VALUES (@email) ON CONFLICT DO NOTHING`,
		pgx.NamedArgs{"email": email})
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() > 0, nil
}
