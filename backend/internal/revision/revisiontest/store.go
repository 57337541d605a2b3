package revisiontest

import (
	"context"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"
)

// Querier is a pool or a transaction.
type Querier interface {
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
}

// Events is the audit trail of one subject type ("store_settings"), oldest first, each event
// as "action actor_name revision detail" ("store_settings.updated Ava Sinclair 2 {…}").
func Events(t testing.TB, q Querier, subjectType string) []string {
	t.Helper()
	rows, err := q.Query(context.Background(), `SELECT action || ' ' || actor_name || ' ' || revision::text || ' ' || detail::text
		FROM audit_events WHERE subject_type = @type ORDER BY occurred_at, revision`, pgx.NamedArgs{"type": subjectType})
	require.NoError(t, err)
	events, err := pgx.CollectRows(rows, pgx.RowTo[string])
	require.NoError(t, err)
	return events
}
