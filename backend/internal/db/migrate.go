package db

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

//go:embed migrations/*.sql
var migrationFiles embed.FS

// Migration is one numbered SQL file.
type Migration struct {
	Version int
	Name    string
	SQL     string
}

// Migrations returns the embedded migrations in order.
func Migrations() ([]Migration, error) {
	entries, err := fs.ReadDir(migrationFiles, "migrations")
	if err != nil {
		return nil, err
	}
	var out []Migration
	for _, e := range entries {
		name := e.Name()
		num, rest, ok := strings.Cut(name, "_")
		v, err := strconv.Atoi(num)
		if !ok || err != nil || !strings.HasSuffix(name, ".sql") {
			return nil, fmt.Errorf("db: migration %q is not named NNNN_name.sql", name)
		}
		body, err := migrationFiles.ReadFile(path.Join("migrations", name))
		if err != nil {
			return nil, err
		}
		out = append(out, Migration{Version: v, Name: strings.TrimSuffix(rest, ".sql"), SQL: string(body)})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Version < out[j].Version })
	// Versions must be unique and positive. Gaps are allowed: branches developed in parallel
	// reserve numbers ahead of merging (and Migrate records each version individually, so a
	// number filled in later is still applied).
	for i := range out {
		if out[i].Version < 1 {
			return nil, fmt.Errorf("db: migration version %d must be positive", out[i].Version)
		}
		if i > 0 && out[i].Version == out[i-1].Version {
			return nil, fmt.Errorf("db: two migrations are numbered %04d (%s, %s)", out[i].Version, out[i-1].Name, out[i].Name)
		}
	}
	return out, nil
}

// Migrate applies every migration the database has not seen, each in its own transaction
// together with the row that records it. Two processes migrating at once are safe without
// advisory locks (which CockroachDB lacks): the loser's insert of the version row conflicts, its
// transaction rolls back, and it re-reads the applied set. It returns the versions it applied.
func Migrate(ctx context.Context, pool *pgxpool.Pool) ([]int, error) {
	migrations, err := Migrations()
	if err != nil {
		return nil, err
	}
	if _, err := pool.Exec(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
		version INT PRIMARY KEY,
		name TEXT NOT NULL,
		applied_at TIMESTAMPTZ NOT NULL DEFAULT now())`); err != nil && !createdConcurrently(err) {
		return nil, fmt.Errorf("db.Migrate: create schema_migrations: %w", err)
	}
	var applied []int
	for _, m := range migrations {
		done := false
		err := WithTx(ctx, pool, func(tx pgx.Tx) error {
			var exists bool
			if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM schema_migrations WHERE version = $1)`, m.Version).Scan(&exists); err != nil {
				return err
			}
			done = false
			if exists {
				return nil
			}
			if _, err := tx.Exec(ctx, m.SQL); err != nil {
				return fmt.Errorf("db.Migrate: migration %04d_%s: %w", m.Version, m.Name, err)
			}
			if _, err := tx.Exec(ctx, `INSERT INTO schema_migrations (version, name) VALUES ($1, $2)`, m.Version, m.Name); err != nil {
				return err
			}
			done = true
			return nil
		})
		if err != nil {
			// A concurrent migrator that got there first makes ours fail (on the version row, or
			// earlier on its DDL); that is success as long as the version is now recorded.
			var exists bool
			if qerr := pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM schema_migrations WHERE version = $1)`, m.Version).Scan(&exists); qerr == nil && exists {
				continue
			}
			return applied, fmt.Errorf("db.Migrate: %w", err)
		}
		if done {
			applied = append(applied, m.Version)
		}
	}
	return applied, nil
}

// createdConcurrently reports whether CREATE … IF NOT EXISTS failed only because another
// migrator created the same object at the same moment: PostgreSQL then answers with a unique
// violation on its catalogue (23505), duplicate_object (42710) or duplicate_table (42P07).
func createdConcurrently(err error) bool {
	var pgErr *pgconn.PgError
	return IsUniqueViolation(err) || (errors.As(err, &pgErr) && (pgErr.Code == "42710" || pgErr.Code == "42P07"))
}
