package jobs

import (
	"context"
	"testing"

	"github.com/atelier-commerce/atelier/backend/internal/db/dbtest"
	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"
)

// Records of sent e-mails are kept a month, then forgotten — except those about an order, which
// are its timeline and stay.
func TestPruneMailSent(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	store := dbtest.Pool(t)
	_, err := store.Exec(ctx, `INSERT INTO mail_sent (outbox_id, kind, order_id, sent_at) VALUES
		(gen_random_uuid(), 'old', NULL, now() - interval '31 days'),
		(gen_random_uuid(), 'recent', NULL, now() - interval '29 days'),
		(gen_random_uuid(), 'old about an order', gen_random_uuid(), now() - interval '400 days'),
		(gen_random_uuid(), 'recent about an order', gen_random_uuid(), now())`)
	require.NoError(t, err)
	n, err := pruneMailSent(store).Run(ctx)
	require.NoError(t, err)
	require.Equal(t, int64(1), n)
	rows, err := store.Query(ctx, `SELECT kind FROM mail_sent ORDER BY kind`)
	require.NoError(t, err)
	kinds, err := pgx.CollectRows(rows, pgx.RowTo[string])
	require.NoError(t, err)
	require.Equal(t, []string{"old about an order", "recent", "recent about an order"}, kinds)
}
