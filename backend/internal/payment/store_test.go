package payment

import (
	"context"
	"testing"

	"github.com/atelier-commerce/atelier/backend/internal/db/dbtest"
	"github.com/stretchr/testify/require"
)

// Applied events are remembered for a month, then forgotten; recent ones are kept, so a repeat
// within Stripe's redelivery window is still recognised.
func TestPruneEventsKeepsTheRecentOnes(t *testing.T) {
	t.Parallel()
	pool := dbtest.Pool(t)
	ctx := context.Background()
	_, err := pool.Exec(ctx, `INSERT INTO payment_events (event_id, type, received_at) VALUES
		('evt_old', 'payment_intent.succeeded', now() - interval '31 days'),
		('evt_recent', 'payment_intent.succeeded', now() - interval '3 days')`)
	require.NoError(t, err)
	n, err := PruneEvents(ctx, pool)
	require.NoError(t, err)
	require.Equal(t, int64(1), n)
	var left []string
	rows, err := pool.Query(ctx, `SELECT event_id FROM payment_events`)
	require.NoError(t, err)
	for rows.Next() {
		var id string
		require.NoError(t, rows.Scan(&id))
		left = append(left, id)
	}
	require.Equal(t, []string{"evt_recent"}, left)
}
