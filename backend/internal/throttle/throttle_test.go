package throttle_test

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/apperr/apperrtest"
	"github.com/atelier-commerce/atelier/backend/internal/db"
	"github.com/atelier-commerce/atelier/backend/internal/db/dbtest"
	"github.com/atelier-commerce/atelier/backend/internal/throttle"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"
)

func TestMain(m *testing.M) { os.Exit(dbtest.Main(m)) }

// Per-client buckets key an IPv6 client by its /64, which is what one customer gets from an ISP
// and picks addresses from at will; IPv4 addresses are keyed as they are.
func TestClientKeys(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"198.51.100.7":                  "198.51.100.7",
		"::ffff:198.51.100.7":           "198.51.100.7",
		"2001:db8:1:2:3:4:5:6":          "2001:db8:1:2::/64",
		"2001:db8:1:2:ffff:ffff:ffff:1": "2001:db8:1:2::/64",
		"2001:db8:1:3::1":               "2001:db8:1:3::/64",
		"fe80::1%eth0":                  "fe80::/64",
		"":                              "",
		"not an address":                "not an address",
	} {
		require.Equal(t, want, throttle.ClientKey(in), in)
	}
	require.Equal(t, "jane@example.com", throttle.AddressKey("  Jane@Example.COM\n"))
}

var t0 = time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC)

func reserve(ctx context.Context, pool *pgxpool.Pool, now time.Time, buckets ...throttle.Bucket) error {
	return db.WithTx(ctx, pool, func(tx pgx.Tx) error {
		_, err := throttle.Reserve(ctx, tx, now, buckets, "too_many_requests", "Too many. Please try again in %s.")
		return err
	})
}

func rows(t *testing.T, pool *pgxpool.Pool) int {
	t.Helper()
	var n int
	require.NoError(t, pool.QueryRow(context.Background(), `SELECT count(*) FROM throttle_attempts`).Scan(&n))
	return n
}

// A full bucket refuses until its oldest counted attempt leaves the window; the refusal says how
// long, and is not itself counted.
func TestReserve(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	limit := throttle.Limit{Max: 2, Window: time.Hour}
	client := func(ip string) throttle.Bucket { return throttle.PerClient("k", ip, limit) }
	address := func(email string) throttle.Bucket { return throttle.PerAddress("a", email, limit) }
	roomy := throttle.PerAddress("a", "j@example.com", throttle.Limit{Max: 9, Window: time.Hour})
	tests := map[string]struct {
		earlier []throttle.Bucket // one attempt each, a minute apart from t0
		then    []throttle.Bucket
		refused bool
	}{
		"under the limit":        {[]throttle.Bucket{client("192.0.2.1")}, []throttle.Bucket{client("192.0.2.1")}, false},
		"at the limit":           {[]throttle.Bucket{client("192.0.2.1"), client("192.0.2.1")}, []throttle.Bucket{client("192.0.2.1")}, true},
		"another client":         {[]throttle.Bucket{client("192.0.2.1"), client("192.0.2.1")}, []throttle.Bucket{client("192.0.2.2")}, false},
		"unknown client":         {[]throttle.Bucket{client(""), client(""), client("")}, []throttle.Bucket{client("")}, false},
		"no limit":               {[]throttle.Bucket{throttle.PerClient("k", "192.0.2.1", throttle.Limit{}), throttle.PerClient("k", "192.0.2.1", throttle.Limit{})}, []throttle.Bucket{throttle.PerClient("k", "192.0.2.1", throttle.Limit{})}, false},
		"any full bucket":        {[]throttle.Bucket{client("192.0.2.1"), client("192.0.2.1")}, []throttle.Bucket{roomy, client("192.0.2.1")}, true},
		"address case-blind":     {[]throttle.Bucket{address("J@Example.com"), address(" j@example.COM")}, []throttle.Bucket{address("j@example.com")}, true},
		"ipv6 /64 is one client": {[]throttle.Bucket{client("2001:db8::1"), client("2001:db8::ffff:2")}, []throttle.Bucket{client("2001:db8::3")}, true},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			pool := dbtest.Pool(t)
			for i, b := range tt.earlier {
				require.NoError(t, reserve(ctx, pool, t0.Add(time.Duration(i)*time.Minute), b))
			}
			before := rows(t, pool)
			now := t0.Add(10 * time.Minute)
			err := reserve(ctx, pool, now, tt.then...)
			if !tt.refused {
				require.NoError(t, err)
				return
			}
			ae := apperr.As(err)
			require.NotNil(t, ae, "%v", err)
			require.Equal(t, apperr.KindResourceExhausted, ae.Kind)
			require.Equal(t, "too_many_requests", ae.Reason)
			require.Equal(t, 50*time.Minute, ae.RetryAfter, "until the oldest attempt leaves the window")
			require.Equal(t, "Too many. Please try again in 50 minutes.", ae.Message)
			require.Equal(t, before, rows(t, pool), "a refused attempt is not counted")
			require.NoError(t, reserve(ctx, pool, t0.Add(time.Hour+time.Second), tt.then...), "room again once it has")
		})
	}
}

// Concurrent attempts cannot slip past the limit: the count and the insert run in one
// SERIALIZABLE transaction.
func TestReserveConcurrent(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := dbtest.Pool(t)
	limit := throttle.Limit{Max: 3, Window: time.Hour}
	errs := apperrtest.Concurrently(8, func(int) error {
		return reserve(ctx, pool, t0, throttle.PerClient("k", "192.0.2.9", limit))
	})
	require.Equal(t, 3, apperrtest.Passed(t, errs, "too_many_requests"))
	require.Equal(t, 3, rows(t, pool))
}

func TestPruneForgetsOnlyOldAttempts(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := dbtest.Pool(t)
	b := throttle.PerClient("k", "192.0.2.1", throttle.Limit{Max: 10, Window: time.Hour})
	require.NoError(t, reserve(ctx, pool, t0, b))
	require.NoError(t, reserve(ctx, pool, t0.Add(time.Hour), b))
	n, err := throttle.Prune(ctx, pool, t0.Add(throttle.Retention))
	require.NoError(t, err)
	require.Equal(t, int64(1), n)
	require.Equal(t, 1, rows(t, pool))
}
