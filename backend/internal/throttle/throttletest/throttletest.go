// Package throttletest holds what the tests of throttled services share: a clock that moves
// only when told, and the cases every service limited per client address and per e-mail
// address (throttle.ClientAndAddress: the contact form, newsletter sign-ups) must pass, so each
// such service is tested against the same rules instead of a copy of them.
package throttletest

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/apperr/apperrtest"
	"github.com/atelier-commerce/atelier/backend/internal/throttle"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"
)

// Clock is a test's clock; it starts at a fixed time and moves only by Advance.
type Clock struct {
	mu  sync.Mutex
	now time.Time
}

// NewClock returns a clock at 10:00 UTC on 2 March 2026.
func NewClock() *Clock { return &Clock{now: time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC)} }

// Now is the clock's time; pass it to a service as its clock.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// Advance moves the clock on by d.
func (c *Clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// Limits are the limits the shared cases assume: 3 attempts an hour from one client address,
// 2 giving one e-mail address.
var Limits = throttle.Hourly(3, 2)

// Target is a fresh service under test, limited by Limits on its clock.
type Target struct {
	// Try makes one attempt giving address, from client.
	Try func(address, client string) error
	// Kept counts what accepted attempts leave behind (rows stored, e-mails queued); a refused
	// attempt must leave it as it was.
	Kept func(t *testing.T) []int
}

// Rows is a Kept that counts the rows of tables (their names fixed in the test, never input).
func Rows(pool *pgxpool.Pool, tables ...string) func(t *testing.T) []int {
	return func(t *testing.T) []int {
		t.Helper()
		out := make([]int, len(tables))
		for i, table := range tables {
			require.NoError(t, pool.QueryRow(context.Background(), `SELECT count(*) FROM `+pgx.Identifier{table}.Sanitize()).Scan(&out[i]))
		}
		return out
	}
}

type attempt struct{ address, client string }

// TestClientAndAddress runs the shared cases against targets newTarget builds (one per case, on
// the clock it is given): an attempt beyond either limit is refused with 429, the time until
// the oldest attempt leaves the window (also in the message, whose wording has a %d for the
// minutes) and nothing kept; once that time has passed it is accepted. Addresses count without
// case or surrounding space, and an IPv6 client counts by its /64.
func TestClientAndAddress(t *testing.T, message string, newTarget func(t *testing.T, clock *Clock) Target) { //nolint:tparallel // the calling test is the top level and calls t.Parallel
	t.Helper()
	tests := map[string]struct {
		earlier []attempt // a minute apart
		then    attempt
		refused bool
	}{
		"one client, many addresses": {[]attempt{{"a@example.com", "192.0.2.1"}, {"b@example.com", "192.0.2.1"}, {"c@example.com", "192.0.2.1"}},
			attempt{"d@example.com", "192.0.2.1"}, true},
		"one address, many clients": {[]attempt{{"jane@example.com", "192.0.2.1"}, {"JANE@Example.com", "192.0.2.2"}},
			attempt{" jane@example.com ", "192.0.2.3"}, true},
		"one IPv6 /64": {[]attempt{{"a@example.com", "2001:db8::1"}, {"b@example.com", "2001:db8::2"}, {"c@example.com", "2001:db8::3"}},
			attempt{"d@example.com", "2001:db8:0:0:1::4"}, true},
		"under both limits": {[]attempt{{"jane@example.com", "192.0.2.1"}, {"b@example.com", "192.0.2.1"}},
			attempt{"c@example.com", "192.0.2.1"}, false},
		"another client and address": {[]attempt{{"a@example.com", "192.0.2.1"}, {"b@example.com", "192.0.2.1"}, {"c@example.com", "192.0.2.1"}},
			attempt{"d@example.com", "192.0.2.2"}, false},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			clock := NewClock()
			target := newTarget(t, clock)
			for _, a := range tt.earlier {
				require.NoError(t, target.Try(a.address, a.client))
				clock.Advance(time.Minute)
			}
			before := target.Kept(t)
			err := target.Try(tt.then.address, tt.then.client)
			if !tt.refused {
				require.NoError(t, err)
				return
			}
			wait := time.Hour - time.Duration(len(tt.earlier))*time.Minute
			apperrtest.Require(t, err, apperrtest.Want{Kind: apperr.KindResourceExhausted, Reason: "too_many_requests",
				Message: fmt.Sprintf(message, int(wait.Minutes()))})
			require.Equal(t, wait, apperr.As(err).RetryAfter)
			require.Equal(t, before, target.Kept(t), "a refused attempt keeps nothing")

			clock.Advance(wait)
			require.NoError(t, target.Try(tt.then.address, tt.then.client), "the oldest attempt has left the window")
		})
	}
}

// TestConcurrentClient makes attempts from one client at once, each giving another address:
// exactly the per-client limit of them pass, and only they are kept.
func TestConcurrentClient(t *testing.T, target Target) {
	t.Helper()
	errs := apperrtest.Concurrently(8, func(i int) error {
		return target.Try(fmt.Sprintf("someone%d@example.com", i), "192.0.2.50")
	})
	n := Limits.PerClient.Max
	require.Equal(t, n, apperrtest.Passed(t, errs, "too_many_requests"))
	for _, kept := range target.Kept(t) {
		require.Equal(t, n, kept)
	}
}
