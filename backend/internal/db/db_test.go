package db_test

import (
	"context"
	"errors"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/db"
	"github.com/atelier-commerce/atelier/backend/internal/db/dbtest"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/stretchr/testify/require"
)

func TestMain(m *testing.M) { os.Exit(dbtest.Main(m)) }

// Concurrent read-modify-write transactions on one row conflict under SERIALIZABLE; the retry
// loop must turn every conflict into a successful re-run, so no increment is lost.
func TestWithTxRetriesSerializationFailures(t *testing.T) {
	t.Parallel()
	pool := dbtest.Pool(t)
	ctx := context.Background()
	_, err := pool.Exec(ctx, `CREATE TABLE counter (id INT PRIMARY KEY, n INT NOT NULL); INSERT INTO counter VALUES (1, 0)`)
	require.NoError(t, err)

	const workers, each = 8, 10
	// All at once: the process's one write at a time (writeTurns) would leave nothing to retry.
	turns := db.NewTurns(workers)
	before := db.Retries()
	var attempts sync.Map
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			for i := range each {
				err := db.WithTxTaking(ctx, pool, turns, func(tx pgx.Tx) error {
					key := [2]int{w, i}
					v, _ := attempts.LoadOrStore(key, new(int))
					*v.(*int)++
					var n int
					if err := tx.QueryRow(ctx, `SELECT n FROM counter WHERE id = 1`).Scan(&n); err != nil {
						return err
					}
					_, err := tx.Exec(ctx, `UPDATE counter SET n = $1 WHERE id = 1`, n+1)
					return err
				})
				require.NoError(t, err)
			}
		})
	}
	wg.Wait()
	var n int
	require.NoError(t, pool.QueryRow(ctx, `SELECT n FROM counter`).Scan(&n))
	require.Equal(t, workers*each, n, "no lost updates")
	retried := 0
	attempts.Range(func(_, v any) bool {
		if *v.(*int) > 1 {
			retried++
		}
		return true
	})
	require.Positive(t, retried, "the contention really produced serialization failures")
	// Other tests run beside this one, so the process's count grows by at least this test's.
	require.GreaterOrEqual(t, db.Retries()-before, int64(retried), "every re-run is counted for /metrics")
}

// A transaction that loses every attempt is answered "unavailable, try again" (apperr, reason
// "contention", Retry-After), not as an internal error: nothing is wrong and nothing was written.
func TestWithTxGivesUpAsContention(t *testing.T) {
	t.Parallel()
	pool := dbtest.Pool(t)
	attempts := 0
	err := db.WithTx(context.Background(), pool, func(pgx.Tx) error {
		attempts++
		return &pgconn.PgError{Code: "40001", Message: "could not serialize access"}
	})
	require.Equal(t, 12, attempts, "every attempt is made first")
	ae := apperr.As(err)
	require.NotNil(t, ae, "%v", err)
	require.Equal(t, apperr.KindUnavailable, ae.Kind)
	require.Equal(t, "contention", ae.Reason)
	require.Equal(t, time.Second, ae.RetryAfter)
	require.True(t, db.IsRetryable(err), "the database's own error stays in the chain")
}

func TestWithTxRollsBackOnError(t *testing.T) {
	t.Parallel()
	pool := dbtest.Pool(t)
	ctx := context.Background()
	_, err := pool.Exec(ctx, `CREATE TABLE things (id INT PRIMARY KEY)`)
	require.NoError(t, err)
	boom := errors.New("boom")
	err = db.WithTx(ctx, pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `INSERT INTO things VALUES (1)`); err != nil {
			return err
		}
		return boom
	})
	require.ErrorIs(t, err, boom)
	var n int
	require.NoError(t, pool.QueryRow(ctx, `SELECT count(*) FROM things`).Scan(&n))
	require.Zero(t, n, "nothing half-written")
}

func TestWithSnapshotTxReadsOneSnapshotAndWritesNothing(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := dbtest.Pool(t)
	_, err := pool.Exec(ctx, `CREATE TABLE snapshot_probe (n int)`)
	require.NoError(t, err)
	_, err = pool.Exec(ctx, `INSERT INTO snapshot_probe VALUES (1)`)
	require.NoError(t, err)

	var first, second int
	err = db.WithSnapshotTx(ctx, pool, func(tx pgx.Tx) error {
		if err := tx.QueryRow(ctx, `SELECT count(*) FROM snapshot_probe`).Scan(&first); err != nil {
			return err
		}
		// A write committed meanwhile is not seen by the second statement.
		if _, err := pool.Exec(ctx, `INSERT INTO snapshot_probe VALUES (2)`); err != nil {
			return err
		}
		return tx.QueryRow(ctx, `SELECT count(*) FROM snapshot_probe`).Scan(&second)
	})
	require.NoError(t, err)
	require.Equal(t, 1, first)
	require.Equal(t, first, second, "both statements read the same snapshot")

	err = db.WithSnapshotTx(ctx, pool, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `INSERT INTO snapshot_probe VALUES (3)`)
		return err
	})
	require.Error(t, err, "a snapshot transaction is read-only")
}

func TestIsRetryable(t *testing.T) {
	t.Parallel()
	require.True(t, db.IsRetryable(&pgconn.PgError{Code: "40001"}))
	require.True(t, db.IsRetryable(&pgconn.PgError{Code: "40P01"}))
	require.False(t, db.IsRetryable(&pgconn.PgError{Code: "23505"}))
	require.False(t, db.IsRetryable(errors.New("other")))
}

func TestMigrateIsIdempotentAndSafeConcurrently(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	url := dbtest.URL(t)
	// dbtest's databases are copies of a migrated template: start from an empty schema instead.
	pool, err := db.Open(ctx, url)
	require.NoError(t, err)
	defer pool.Close()
	_, err = pool.Exec(ctx, `DROP SCHEMA public CASCADE; CREATE SCHEMA public`)
	require.NoError(t, err)

	migrations, err := db.Migrations()
	require.NoError(t, err)
	var wg sync.WaitGroup
	results := make([][]int, 4)
	errs := make([]error, 4)
	for i := range results {
		wg.Go(func() {
			p, err := db.Open(ctx, url)
			if err != nil {
				errs[i] = err
				return
			}
			defer p.Close()
			results[i], errs[i] = db.Migrate(ctx, p)
		})
	}
	wg.Wait()
	applied := 0
	for i := range results {
		require.NoError(t, errs[i])
		applied += len(results[i])
	}
	require.Equal(t, len(migrations), applied, "each migration applied exactly once across migrators")

	again, err := db.Migrate(ctx, pool)
	require.NoError(t, err)
	require.Empty(t, again)
	var versions int
	require.NoError(t, pool.QueryRow(ctx, `SELECT count(*) FROM schema_migrations`).Scan(&versions))
	require.Equal(t, len(migrations), versions)
}
