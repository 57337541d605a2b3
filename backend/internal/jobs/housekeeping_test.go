package jobs

import (
	"context"
	"testing"

	"github.com/atelier-commerce/atelier/backend/internal/db/dbtest"
	"github.com/stretchr/testify/require"
)

// Records of sent e-mails are kept a month, then forgotten.
func TestPruneMailSent(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	store := dbtest.Pool(t)
	_, err := store.Exec(ctx, `INSERT INTO mail_sent (outbox_id, kind, sent_at) VALUES
		(gen_random_uuid(), 'old', now() - interval '31 days'),
		(gen_random_uuid(), 'recent', now() - interval '29 days')`)
	require.NoError(t, err)
	n, err := pruneMailSent(store).Run(ctx)
	require.NoError(t, err)
	require.Equal(t, int64(1), n)
	var kind string
	require.NoError(t, store.QueryRow(ctx, `SELECT kind FROM mail_sent`).Scan(&kind))
	require.Equal(t, "recent", kind)
}
