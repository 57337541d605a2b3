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

func emailKeyHash(email string) []byte { return throttle.Hash(throttle.AddressKey(email)) }
