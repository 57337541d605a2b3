package db

import (
	"context"

	"github.com/jackc/pgx/v5"
)

// Turns are writeTurns of their own, for a test that needs transactions to overlap.
type Turns = turns

// NewTurns admits n transactions at a time.
func NewTurns(n int) Turns { return newTurns(n) }

// WithTxTaking is WithTx taking its turns from t rather than the process's.
func WithTxTaking(ctx context.Context, pool Beginner, t Turns, fn func(pgx.Tx) error) error {
	return withTx(ctx, pool, pgx.TxOptions{IsoLevel: pgx.Serializable}, t, fn)
}
