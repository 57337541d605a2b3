package apikey

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// queryer is a transaction or the pool: authentication reads with one statement, outside a
// transaction, since it runs on every request a key makes.
type queryer interface {
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
}

const keyColumns = `k.id::text, k.name, k.kind, k.prefix, k.scopes, k.allowed_origins, k.created_by::text,
	COALESCE(trim(a.first_name || ' ' || a.last_name), ''), COALESCE(a.email, ''), k.created_at, k.last_used_at, k.revoked_at`

func scanKey(row pgx.Row) (Key, error) {
	var k Key
	var kind string
	var lastUsed, revoked *time.Time
	err := row.Scan(&k.ID, &k.Name, &kind, &k.Prefix, &k.Scopes, &k.AllowedOrigins, &k.CreatedBy.AccountID,
		&k.CreatedBy.Name, &k.CreatedBy.Email, &k.CreatedAt, &lastUsed, &revoked)
	k.Kind = Kind(kind)
	k.CreatedAt = k.CreatedAt.UTC()
	if lastUsed != nil {
		k.LastUsedAt = lastUsed.UTC()
	}
	if revoked != nil {
		k.RevokedAt = revoked.UTC()
	}
	return k, err
}

func insertKey(ctx context.Context, tx pgx.Tx, in NewKey, prefix string, hash []byte, creator string, now time.Time) (string, error) {
	var id string
	err := tx.QueryRow(ctx, `INSERT INTO api_keys (name, kind, prefix, token_hash, scopes, allowed_origins, created_by, created_at)
		VALUES (@name, @kind, @prefix, @hash, @scopes, @origins, @creator, @now) RETURNING id::text`,
		pgx.NamedArgs{"name": in.Name, "kind": string(in.Kind), "prefix": prefix, "hash": hash, "scopes": in.Scopes,
			"origins": in.AllowedOrigins, "creator": creator, "now": now}).Scan(&id)
	return id, err
}

func keyByID(ctx context.Context, tx pgx.Tx, id string) (Key, error) {
	k, err := scanKey(tx.QueryRow(ctx, `SELECT `+keyColumns+` FROM api_keys k LEFT JOIN accounts a ON a.id = k.created_by
		WHERE k.id = @id`, pgx.NamedArgs{"id": id}))
	if errors.Is(err, pgx.ErrNoRows) {
		return Key{}, errKeyNotFound()
	}
	return k, err
}

func updateKey(ctx context.Context, tx pgx.Tx, id, name string, origins []string) error {
	_, err := tx.Exec(ctx, `UPDATE api_keys SET name = @name, allowed_origins = @origins WHERE id = @id`,
		pgx.NamedArgs{"id": id, "name": name, "origins": origins})
	return err
}

// revokeKey revokes a live key and reports whether it did (false: already revoked, or no such key).
func revokeKey(ctx context.Context, tx pgx.Tx, id, by string, now time.Time) (bool, error) {
	tag, err := tx.Exec(ctx, `UPDATE api_keys SET revoked_at = @now, revoked_by = @by WHERE id = @id AND revoked_at IS NULL`,
		pgx.NamedArgs{"id": id, "by": by, "now": now})
	return tag.RowsAffected() == 1, err
}

func listKeys(ctx context.Context, tx pgx.Tx, onlyActive bool, after *cursor, limit int) ([]Key, error) {
	args := pgx.NamedArgs{"active": onlyActive, "limit": limit, "paged": after != nil, "after_t": time.Time{},
		"after_id": "00000000-0000-0000-0000-000000000000"}
	if after != nil {
		args["after_t"], args["after_id"] = after.CreatedAt, after.ID
	}
	rows, err := tx.Query(ctx, `SELECT `+keyColumns+` FROM api_keys k LEFT JOIN accounts a ON a.id = k.created_by
		WHERE (NOT @active OR k.revoked_at IS NULL)
		  AND (NOT @paged OR (k.created_at, k.id) < (@after_t, @after_id::uuid))
		ORDER BY k.created_at DESC, k.id DESC LIMIT @limit`, args)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (Key, error) { return scanKey(row) })
}

// liveKeyByHash finds the live key with hash whose creator is still an admin.
func liveKeyByHash(ctx context.Context, q queryer, hash []byte) (Caller, time.Time, bool, error) {
	var c Caller
	var kind string
	var lastUsed *time.Time
	err := q.QueryRow(ctx, `SELECT k.id::text, k.name, k.kind, k.scopes, k.allowed_origins, k.created_by::text, k.last_used_at
		FROM api_keys k JOIN accounts a ON a.id = k.created_by
		WHERE k.token_hash = @hash AND k.revoked_at IS NULL AND a.role = 'admin'`,
		pgx.NamedArgs{"hash": hash}).Scan(&c.KeyID, &c.Name, &kind, &c.Scopes, &c.AllowedOrigins, &c.CreatedBy, &lastUsed)
	if errors.Is(err, pgx.ErrNoRows) {
		return Caller{}, time.Time{}, false, nil
	}
	c.Kind = Kind(kind)
	var used time.Time
	if lastUsed != nil {
		used = *lastUsed
	}
	return c, used, err == nil, err
}

// touchKey records a use, unless one was recorded since staleBefore (by another request or
// process: the condition makes concurrent touches one write).
func touchKey(ctx context.Context, q queryer, id string, now, staleBefore time.Time) error {
	_, err := q.Exec(ctx, `UPDATE api_keys SET last_used_at = @now
		WHERE id = @id AND (last_used_at IS NULL OR last_used_at < @stale)`,
		pgx.NamedArgs{"id": id, "now": now, "stale": staleBefore})
	return err
}

// liveOrigins lists the allowed origins of every live publishable key whose creator is an admin.
func liveOrigins(ctx context.Context, q queryer) ([]string, error) {
	var origins []string
	err := q.QueryRow(ctx, `SELECT COALESCE(array_agg(DISTINCT o), '{}') FROM api_keys k
		JOIN accounts a ON a.id = k.created_by, unnest(k.allowed_origins) AS o
		WHERE k.kind = 'publishable' AND k.revoked_at IS NULL AND a.role = 'admin'`).Scan(&origins)
	return origins, err
}
