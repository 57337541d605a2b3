package throttle

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"
)

// newestAttempt returns the time of the nth newest attempt of kind by keyHash after since; found
// is false when there are fewer than n.
func newestAttempt(ctx context.Context, tx pgx.Tx, kind string, keyHash []byte, since time.Time, n int) (at time.Time, found bool, err error) {
	err = tx.QueryRow(ctx, `SELECT at FROM throttle_attempts
		WHERE kind = @kind AND key_hash = @key AND at > @since
		ORDER BY at DESC OFFSET @skip LIMIT 1`,
		pgx.NamedArgs{"kind": kind, "key": keyHash, "since": since, "skip": n - 1}).Scan(&at)
	if errors.Is(err, pgx.ErrNoRows) {
		return time.Time{}, false, nil
	}
	return at, err == nil, err
}

// insertAttempt records one attempt and returns its id.
func insertAttempt(ctx context.Context, tx pgx.Tx, kind string, keyHash []byte, at time.Time) (string, error) {
	var id string
	err := tx.QueryRow(ctx, `INSERT INTO throttle_attempts (kind, key_hash, at) VALUES (@kind, @key, @at) RETURNING id::text`,
		pgx.NamedArgs{"kind": kind, "key": keyHash, "at": at}).Scan(&id)
	return id, err
}

func deleteAttempts(ctx context.Context, tx pgx.Tx, ids []string) error {
	_, err := tx.Exec(ctx, `DELETE FROM throttle_attempts WHERE id = ANY(@ids::uuid[])`, pgx.NamedArgs{"ids": ids})
	return err
}

func deleteKey(ctx context.Context, tx pgx.Tx, kind string, keyHash []byte) error {
	_, err := tx.Exec(ctx, `DELETE FROM throttle_attempts WHERE kind = @kind AND key_hash = @key`,
		pgx.NamedArgs{"kind": kind, "key": keyHash})
	return err
}

// deleteBefore deletes the attempts at or before the cutoff and reports how many.
func deleteBefore(ctx context.Context, tx pgx.Tx, before time.Time) (int64, error) {
	tag, err := tx.Exec(ctx, `DELETE FROM throttle_attempts WHERE at <= @before`, pgx.NamedArgs{"before": before})
	return tag.RowsAffected(), err
}
