package db

import (
	"context"
	"crypto/rand"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// SigningKey returns the secret named name from signing_keys, making a random 256-bit one the
// first time it is asked for. Every instance and every restart reads the same key, so what one
// signs (an order link in an e-mail) another verifies, with nothing to configure.
func SigningKey(ctx context.Context, pool *pgxpool.Pool, name string) ([]byte, error) {
	fresh := make([]byte, 32)
	if _, err := rand.Read(fresh); err != nil {
		return nil, fmt.Errorf("db.SigningKey: %s: %w", name, err)
	}
	var key []byte
	err := WithTx(ctx, pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `INSERT INTO signing_keys (name, secret) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING`,
			name, fresh); err != nil {
			return err
		}
		return tx.QueryRow(ctx, `SELECT secret FROM signing_keys WHERE name = $1`, name).Scan(&key)
	})
	if err != nil {
		return nil, fmt.Errorf("db.SigningKey: %s: %w", name, err)
	}
	return key, nil
}
