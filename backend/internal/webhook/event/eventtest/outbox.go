package eventtest

import (
	"context"
	"encoding/json"
	"slices"
	"testing"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/webhook/event"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"
)

// Event is a webhook event as the outbox holds it, its data decoded as D.
type Event[D any] struct {
	Type      string    `json:"type"`
	Timestamp time.Time `json:"timestamp"`
	Data      D         `json:"data"`
	// Raw is the payload as it is sent.
	Raw []byte `json:"-"`
	// written is the start of the transaction that wrote it: one change's events share it.
	written time.Time
}

// Outbox reads the webhook events about the object whose data.id is id, oldest first: by the
// transaction that wrote them, and among one change's events by then (which may be nil, for the
// order of their timestamps).
func Outbox[D any](t testing.TB, pool *pgxpool.Pool, id string, then func(a, b Event[D]) int) []Event[D] {
	t.Helper()
	rows, err := pool.Query(context.Background(), `SELECT created_at, payload FROM outbox
		WHERE topic = $1 AND payload->'data'->>'id' = $2`, event.Topic, id)
	require.NoError(t, err)
	out, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (Event[D], error) {
		var e Event[D]
		if err := row.Scan(&e.written, &e.Raw); err != nil {
			return e, err
		}
		return e, json.Unmarshal(e.Raw, &e)
	})
	require.NoError(t, err)
	slices.SortStableFunc(out, func(a, b Event[D]) int {
		if c := a.written.Compare(b.written); c != 0 {
			return c
		}
		if then != nil {
			if c := then(a, b); c != 0 {
				return c
			}
		}
		return a.Timestamp.Compare(b.Timestamp)
	})
	return out
}

// Types are the events' types, in their order.
func Types[D any](evs []Event[D]) []string {
	out := make([]string, len(evs))
	for i, e := range evs {
		out[i] = e.Type
	}
	return out
}
