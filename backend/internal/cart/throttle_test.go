package cart_test

import (
	"context"
	"testing"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/apperr/apperrtest"
	"github.com/atelier-commerce/atelier/backend/internal/cart"
	"github.com/atelier-commerce/atelier/backend/internal/db/dbtest"
	"github.com/atelier-commerce/atelier/backend/internal/shipping"
	"github.com/atelier-commerce/atelier/backend/internal/throttle/throttletest"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"
)

// throttledCarts is a cart service of its own whose guest carts are limited to 3 an hour per
// client, on a clock the test moves.
type throttledCarts struct {
	svc   *cart.Service
	pool  *pgxpool.Pool
	clock *throttletest.Clock
}

func newThrottledCarts(t *testing.T) throttledCarts {
	t.Helper()
	pool := dbtest.Pool(t)
	c := throttledCarts{pool: pool, clock: throttletest.NewClock()}
	c.svc = cart.NewService(pool, shipping.NewService(pool),
		cart.WithNewCartLimit(throttletest.Limits.PerClient), cart.WithClock(c.clock.Now))
	return c
}

func (c throttledCarts) count(t *testing.T) int {
	t.Helper()
	var n int
	require.NoError(t, c.pool.QueryRow(context.Background(), `SELECT count(*) FROM carts`).Scan(&n))
	return n
}

// A client that has started its guest carts for the hour is refused more, with 429 and the time
// until its oldest one leaves the window, and the refusal makes no cart. A signed-in customer's
// Create (their one cart) is not limited, nor is another client.
func TestCreateThrottledPerClient(t *testing.T) {
	t.Parallel()
	const client = "198.51.100.7"
	tooMany := apperrtest.Want{Kind: apperr.KindResourceExhausted, Reason: "too_many_requests",
		Message: "Too many new carts from your network. Please try again in 57 minutes."}
	three := []string{client, client, client}
	tests := map[string]struct {
		earlier           []string // the clients of three guest carts, a minute apart
		account, clientIP string
		want              *apperrtest.Want
	}{
		"the same client":              {earlier: three, clientIP: client, want: &tooMany},
		"the same IPv6 /64":            {earlier: []string{"2001:db8:5:5::1", "2001:db8:5:5::2", "2001:db8:5:5:a::3"}, clientIP: "2001:db8:5:5::99", want: &tooMany},
		"another client":               {earlier: three, clientIP: "198.51.100.8"},
		"an unknown client":            {earlier: []string{"", "", ""}, clientIP: ""},
		"a customer from that address": {earlier: three, account: uuid.NewString(), clientIP: client},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			c := newThrottledCarts(t)
			for _, ip := range tt.earlier {
				_, err := c.svc.Create(ctx, "", ip)
				require.NoError(t, err)
				c.clock.Advance(time.Minute)
			}
			before := c.count(t)
			_, err := c.svc.Create(ctx, tt.account, tt.clientIP)
			if tt.want == nil {
				require.NoError(t, err)
				return
			}
			apperrtest.Require(t, err, *tt.want)
			require.Equal(t, 57*time.Minute, apperr.As(err).RetryAfter)
			require.Equal(t, before, c.count(t), "a refused request makes no cart")

			c.clock.Advance(57 * time.Minute)
			_, err = c.svc.Create(ctx, tt.account, tt.clientIP)
			require.NoError(t, err, "the oldest cart has left the window")
		})
	}
}

// Concurrent requests of one client cannot start more carts than the limit.
func TestCreateThrottleConcurrent(t *testing.T) {
	t.Parallel()
	c := newThrottledCarts(t)
	errs := apperrtest.Concurrently(10, func(int) error {
		_, err := c.svc.Create(context.Background(), "", "192.0.2.33")
		return err
	})
	require.Equal(t, 3, apperrtest.Passed(t, errs, "too_many_requests"))
	require.Equal(t, 3, c.count(t))
}
