package order

import (
	"context"
	"fmt"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/throttle"
	"github.com/jackc/pgx/v5"
)

// Hold is one live unpaid order as checkout's cap sees it: how many units it holds, and when its
// reservation lapses and gives them back.
type Hold struct {
	ExpiresAt time.Time
	Units     int64
}

// Holds are the live unpaid orders of one client address and of one e-mail address.
type Holds struct {
	ByClient []Hold // empty when the client's address is not known
	ByEmail  []Hold
}

// HoldsOf lists the unpaid orders whose reservation is still live at now, placed from clientIP
// (by its throttle key, so a whole IPv6 /64 counts as one client) and for email, each soonest to
// lapse first. It reads in the caller's SERIALIZABLE transaction, so an order placed at the same
// time by a concurrent checkout of the same client conflicts with this read, and one of the two
// is retried and counts the other.
func HoldsOf(ctx context.Context, tx pgx.Tx, now time.Time, clientIP, email string) (Holds, error) {
	var h Holds
	var err error
	if key := throttle.ClientKey(clientIP); key != "" {
		if h.ByClient, err = holds(ctx, tx, "client_key_hash", throttle.Hash(key), now); err != nil {
			return Holds{}, fmt.Errorf("order.HoldsOf: %w", err)
		}
	}
	if h.ByEmail, err = holds(ctx, tx, "email_key_hash", emailKeyHash(email), now); err != nil {
		return Holds{}, fmt.Errorf("order.HoldsOf: %w", err)
	}
	return h, nil
}

func holds(ctx context.Context, tx pgx.Tx, column string, key []byte, now time.Time) ([]Hold, error) {
	// column is one of two names fixed in this file, never input.
	if column != "client_key_hash" && column != "email_key_hash" {
		return nil, fmt.Errorf("order: no holds by %q", column)
	}
	rows, err := tx.Query(ctx, `SELECT o.expires_at,
			(SELECT COALESCE(SUM(l.quantity), 0) FROM order_lines l WHERE l.order_id = o.id)::BIGINT
		FROM order_clients c JOIN orders o ON o.id = c.order_id
		WHERE c.`+column+` = @key AND o.status = 'pending_payment' AND o.expires_at > @now
		ORDER BY o.expires_at, o.id`, pgx.NamedArgs{"key": key, "now": now})
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (Hold, error) {
		var h Hold
		err := r.Scan(&h.ExpiresAt, &h.Units)
		return h, err
	})
}

// insertClient records who placed order id, hashed as the throttle keys them.
func insertClient(ctx context.Context, tx pgx.Tx, id string, d Draft) error {
	var client []byte
	if key := throttle.ClientKey(d.ClientIP); key != "" {
		client = throttle.Hash(key)
	}
	_, err := tx.Exec(ctx, `INSERT INTO order_clients (order_id, client_key_hash, email_key_hash) VALUES (@id, @client, @email)`,
		pgx.NamedArgs{"id": id, "client": client, "email": emailKeyHash(d.Email)})
	return err
}

func emailKeyHash(email string) []byte { return throttle.Hash(throttle.AddressKey(email)) }
