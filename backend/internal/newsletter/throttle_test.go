package newsletter_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/db/dbtest"
	"github.com/atelier-commerce/atelier/backend/internal/newsletter"
	"github.com/atelier-commerce/atelier/backend/internal/throttle"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"
)

// fixture is a newsletter service of its own, with the given limits, on a clock the test moves.
type fixture struct {
	svc  *newsletter.Service
	pool *pgxpool.Pool
	now  *time.Time
}

func newFixture(t *testing.T, limits newsletter.Limits) fixture {
	t.Helper()
	pool := dbtest.Pool(t)
	now := time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC)
	f := fixture{pool: pool, now: &now}
	f.svc = newsletter.NewService(pool, newsletter.WithLimits(limits), newsletter.WithClock(func() time.Time { return *f.now }),
		newsletter.WithLinks("https://shop.example/", "https://api.shop.example"))
	return f
}

// newThrottled limits sign-ups to 3 an hour per client and 2 per address.
func newThrottled(t *testing.T) fixture {
	t.Helper()
	return newFixture(t, newsletter.Limits{
		PerClient:  throttle.Limit{Max: 3, Window: time.Hour},
		PerAddress: throttle.Limit{Max: 2, Window: time.Hour},
	})
}

// stored counts the subscriptions kept and the confirmation e-mails queued.
func (f fixture) stored(t *testing.T) (subscriptions, events int) {
	t.Helper()
	ctx := context.Background()
	require.NoError(t, f.pool.QueryRow(ctx, `SELECT count(*) FROM newsletter_subscriptions`).Scan(&subscriptions))
	require.NoError(t, f.pool.QueryRow(ctx, `SELECT count(*) FROM outbox`).Scan(&events))
	return subscriptions, events
}

// Each new sign-up e-mails the address, so one client may sign up only so many addresses an
// hour, and one address be entered only so many times: beyond that the form answers 429 with the
// time until the oldest attempt leaves the window, and nobody is subscribed or e-mailed. Repeats
// of an address count whether or not it was new, so a refusal says nothing about who subscribed.
func TestSubscribeThrottled(t *testing.T) {
	t.Parallel()
	type signUp struct{ email, client string }
	tests := map[string]struct {
		earlier []signUp // a minute apart
		then    signUp
		refused bool
	}{
		"one client, many addresses": {[]signUp{{"a@example.com", "192.0.2.1"}, {"b@example.com", "192.0.2.1"}, {"c@example.com", "192.0.2.1"}},
			signUp{"d@example.com", "192.0.2.1"}, true},
		"one address, many clients": {[]signUp{{"jane@example.com", "192.0.2.1"}, {"JANE@example.com", "192.0.2.2"}},
			signUp{"jane@example.com", "192.0.2.3"}, true},
		"one IPv6 /64": {[]signUp{{"a@example.com", "2001:db8::1"}, {"b@example.com", "2001:db8::2"}, {"c@example.com", "2001:db8::3"}},
			signUp{"d@example.com", "2001:db8:0:0:1::4"}, true},
		"under both limits": {[]signUp{{"jane@example.com", "192.0.2.1"}, {"b@example.com", "192.0.2.1"}},
			signUp{"c@example.com", "192.0.2.1"}, false},
		"another client and address": {[]signUp{{"a@example.com", "192.0.2.1"}, {"b@example.com", "192.0.2.1"}, {"c@example.com", "192.0.2.1"}},
			signUp{"d@example.com", "192.0.2.2"}, false},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			f := newThrottled(t)
			for _, s := range tt.earlier {
				_, err := f.svc.Subscribe(ctx, s.email, s.client)
				require.NoError(t, err)
				*f.now = f.now.Add(time.Minute)
			}
			subs, events := f.stored(t)
			_, err := f.svc.Subscribe(ctx, tt.then.email, tt.then.client)
			if !tt.refused {
				require.NoError(t, err)
				return
			}
			ae := apperr.As(err)
			require.NotNil(t, ae, "%v", err)
			require.Equal(t, apperr.KindResourceExhausted, ae.Kind)
			require.Equal(t, "too_many_requests", ae.Reason)
			wait := time.Hour - time.Duration(len(tt.earlier))*time.Minute
			require.Equal(t, wait, ae.RetryAfter)
			require.Equal(t, fmt.Sprintf("Too many sign-ups. Please try again in %d minutes.", int(wait.Minutes())), ae.Message)
			s2, e2 := f.stored(t)
			require.Equal(t, [2]int{subs, events}, [2]int{s2, e2}, "a refused sign-up subscribes and e-mails nobody")

			*f.now = f.now.Add(wait)
			_, err = f.svc.Subscribe(ctx, tt.then.email, tt.then.client)
			require.NoError(t, err, "the oldest attempt has left the window")
		})
	}
}

// Concurrent sign-ups from one client cannot pass the limit.
func TestSubscribeThrottleConcurrent(t *testing.T) {
	t.Parallel()
	f := newThrottled(t)
	const n = 8
	errs := make(chan error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			_, err := f.svc.Subscribe(context.Background(), fmt.Sprintf("victim%d@example.com", i), "192.0.2.50")
			errs <- err
		})
	}
	wg.Wait()
	close(errs)
	ok := 0
	for err := range errs {
		if err == nil {
			ok++
			continue
		}
		require.Equal(t, "too_many_requests", apperr.As(err).Reason, "%v", err)
	}
	require.Equal(t, 3, ok)
	subs, events := f.stored(t)
	require.Equal(t, [2]int{3, 3}, [2]int{subs, events})
}
