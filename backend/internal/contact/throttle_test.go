package contact_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/contact"
	"github.com/atelier-commerce/atelier/backend/internal/db/dbtest"
	"github.com/atelier-commerce/atelier/backend/internal/throttle"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"
)

// throttled is a contact service of its own, limited to 3 messages an hour per client and 2 per
// reply address, on a clock the test moves.
type throttled struct {
	svc  *contact.Service
	pool *pgxpool.Pool
	now  *time.Time
}

func newThrottled(t *testing.T) throttled {
	t.Helper()
	pool := dbtest.Pool(t)
	now := time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC)
	f := throttled{pool: pool, now: &now}
	f.svc = contact.NewService(pool, contact.WithClock(func() time.Time { return *f.now }), contact.WithLimits(contact.Limits{
		PerClient:  throttle.Limit{Max: 3, Window: time.Hour},
		PerAddress: throttle.Limit{Max: 2, Window: time.Hour},
	}))
	return f
}

func (f throttled) send(email, clientIP string) error {
	_, err := f.svc.Send(context.Background(), contact.Message{Name: "Jane", Email: email, Subject: "Hello", Body: "A question."}, clientIP)
	return err
}

// stored counts the messages kept and the e-mails to the shop queued.
func (f throttled) stored(t *testing.T) (messages, events int) {
	t.Helper()
	ctx := context.Background()
	require.NoError(t, f.pool.QueryRow(ctx, `SELECT count(*) FROM contact_messages`).Scan(&messages))
	require.NoError(t, f.pool.QueryRow(ctx, `SELECT count(*) FROM outbox`).Scan(&events))
	return messages, events
}

// Each message e-mails the shop, so one client address, or one reply address, may send only so
// many an hour: beyond that the form answers 429 with the time until the oldest leaves the
// window, and nothing is stored or e-mailed.
func TestSendThrottled(t *testing.T) {
	t.Parallel()
	type msg struct{ email, client string }
	tests := map[string]struct {
		earlier []msg // a minute apart
		then    msg
		refused bool
	}{
		"one client, many addresses": {[]msg{{"a@example.com", "192.0.2.1"}, {"b@example.com", "192.0.2.1"}, {"c@example.com", "192.0.2.1"}},
			msg{"d@example.com", "192.0.2.1"}, true},
		"one address, many clients": {[]msg{{"jane@example.com", "192.0.2.1"}, {"Jane@Example.com", "192.0.2.2"}},
			msg{"jane@example.com ", "192.0.2.3"}, true},
		"one IPv6 /64": {[]msg{{"a@example.com", "2001:db8::1"}, {"b@example.com", "2001:db8::2"}, {"c@example.com", "2001:db8::3"}},
			msg{"d@example.com", "2001:db8::4"}, true},
		"under both limits": {[]msg{{"jane@example.com", "192.0.2.1"}, {"b@example.com", "192.0.2.1"}},
			msg{"c@example.com", "192.0.2.1"}, false},
		"another client and address": {[]msg{{"a@example.com", "192.0.2.1"}, {"a@example.com", "192.0.2.1"}, {"c@example.com", "192.0.2.1"}},
			msg{"d@example.com", "192.0.2.2"}, false},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			f := newThrottled(t)
			for _, m := range tt.earlier {
				require.NoError(t, f.send(m.email, m.client))
				*f.now = f.now.Add(time.Minute)
			}
			messages, events := f.stored(t)
			err := f.send(tt.then.email, tt.then.client)
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
			require.Equal(t, fmt.Sprintf("Too many messages. Please try again in %d minutes.", int(wait.Minutes())), ae.Message)
			m2, e2 := f.stored(t)
			require.Equal(t, [2]int{messages, events}, [2]int{m2, e2}, "a refused message is neither stored nor e-mailed")

			*f.now = f.now.Add(wait)
			require.NoError(t, f.send(tt.then.email, tt.then.client), "the oldest message has left the window")
		})
	}
}

// Concurrent messages from one client cannot pass the limit.
func TestSendThrottleConcurrent(t *testing.T) {
	t.Parallel()
	f := newThrottled(t)
	const n = 8
	errs := make(chan error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() { errs <- f.send(fmt.Sprintf("sender%d@example.com", i), "192.0.2.50") })
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
	messages, events := f.stored(t)
	require.Equal(t, [2]int{3, 3}, [2]int{messages, events})
}
