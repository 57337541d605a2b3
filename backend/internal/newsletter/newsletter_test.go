package newsletter_test

import (
	"context"
	"os"
	"sync"
	"testing"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/db/dbtest"
	"github.com/atelier-commerce/atelier/backend/internal/newsletter"
	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"
)

func TestMain(m *testing.M) { os.Exit(dbtest.Main(m)) }

func TestSubscribeIsIdempotentAndCaseInsensitive(t *testing.T) {
	t.Parallel()
	pool := dbtest.Pool(t)
	// One address entered many times: the limits are another test's subject.
	svc := newsletter.NewService(pool, newsletter.WithLimits(newsletter.Limits{}))
	ctx := context.Background()
	count := func() int {
		var n int
		require.NoError(t, pool.QueryRow(ctx, `SELECT count(*) FROM newsletter_subscriptions`).Scan(&n))
		return n
	}
	for _, in := range []string{"  Jane.Doe@Example.COM\n", "jane.doe@example.com", "JANE.DOE@EXAMPLE.COM"} {
		got, err := svc.Subscribe(ctx, in, "")
		require.NoError(t, err, in)
		require.Equal(t, "jane.doe@example.com", got, "stored trimmed and lower-cased")
	}
	require.Equal(t, 1, count(), "one subscription however it was typed")

	var wg sync.WaitGroup
	errs := make(chan error, 6)
	for range 6 {
		wg.Go(func() {
			_, err := svc.Subscribe(ctx, "Sam@example.org", "")
			errs <- err
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		require.NoError(t, err, "concurrent sign-ups of one address all succeed")
	}
	require.Equal(t, 2, count())

	// Every sign-up of a pending address queues a confirmation e-mail (the limits bound how many);
	// a confirmed address is sent nothing.
	rows, err := pool.Query(ctx, `SELECT topic, payload->>'email' FROM outbox ORDER BY created_at`)
	require.NoError(t, err)
	type event struct{ Topic, Email string }
	events, err := pgx.CollectRows(rows, pgx.RowToStructByPos[event])
	require.NoError(t, err)
	require.Len(t, events, 9)
	for _, e := range events {
		require.Equal(t, newsletter.TopicConfirmationRequested, e.Topic)
		require.Contains(t, []string{"jane.doe@example.com", "sam@example.org"}, e.Email)
	}
}

func TestSubscribeRejectsBadAddresses(t *testing.T) {
	t.Parallel()
	svc := newsletter.NewService(dbtest.Pool(t))
	tests := map[string]string{
		"":                        "missing_email",
		"   ":                     "missing_email",
		"jane":                    "invalid_email",
		"jane@gmail":              "invalid_email",
		"jane doe@example.com":    "invalid_email",
		"Jane <jane@example.com>": "invalid_email",
	}
	for in, reason := range tests {
		_, err := svc.Subscribe(context.Background(), in, "")
		ae := apperr.As(err)
		require.NotNil(t, ae, "%q: %v", in, err)
		require.Equal(t, apperr.KindInvalid, ae.Kind)
		require.Equal(t, reason, ae.Reason, in)
		require.Equal(t, "email", ae.Field)
		require.Contains(t, ae.Message, "email", "the message names the field")
	}
}
