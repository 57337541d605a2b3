package db

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/jackc/pgx/v5"
)

// Emit records an outbox event in tx: the follow-up work named by topic (e.g.
// "password_reset.requested") with its JSON-encoded payload. It becomes visible to the relay only
// if tx commits, and then exactly once as far as the relay is concerned (see the jobs package).
// It returns the event's id, which workers use as their idempotency key.
func Emit(ctx context.Context, tx pgx.Tx, topic string, payload any) (string, error) {
	body, err := json.Marshal(payload)
	if err != nil {
		return "", fmt.Errorf("db.Emit: %s: encode payload: %w", topic, err)
	}
	var id string
	if err := tx.QueryRow(ctx, `INSERT INTO outbox (topic, payload) VALUES ($1, $2) RETURNING id::text`,
		topic, body).Scan(&id); err != nil {
		return "", fmt.Errorf("db.Emit: %s: %w", topic, err)
	}
	return id, nil
}
