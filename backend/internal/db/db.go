// Package db owns the connection pool, the one way to run a transaction (SERIALIZABLE with a
// retry loop, so PostgreSQL exercises the same path CockroachDB needs) and the schema migrations.
package db

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"sync/atomic"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Option adjusts how Open connects.
type Option func(*pgxpool.Config)

// WithTracer traces every query with t (OpenTelemetry, when it is on); a nil t traces nothing.
func WithTracer(t pgx.QueryTracer) Option {
	return func(c *pgxpool.Config) {
		if t != nil {
			c.ConnConfig.Tracer = t
		}
	}
}

// Open connects a pool to url and checks that the database answers.
func Open(ctx context.Context, url string, opts ...Option) (*pgxpool.Pool, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("db.Open: parse DATABASE_URL: %w", err)
	}
	for _, o := range opts {
		o(cfg)
	}
	if cfg.ConnConfig.RuntimeParams == nil {
		cfg.ConnConfig.RuntimeParams = map[string]string{}
	}
	cfg.ConnConfig.RuntimeParams["application_name"] = "atelier"
	if cfg.MaxConns < 8 {
		cfg.MaxConns = 8
	}
	cfg.MaxConnIdleTime = 5 * time.Minute
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("db.Open: %w", err)
	}
	pingCtx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := pool.Ping(pingCtx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("db.Open: ping: %w", err)
	}
	return pool, nil
}

// Beginner is what WithTx needs from a pool; *pgxpool.Pool satisfies it.
type Beginner interface {
	BeginTx(ctx context.Context, opts pgx.TxOptions) (pgx.Tx, error)
}

// maxAttempts bounds retries of a transaction that keeps losing serialization races.
const maxAttempts = 12

// WithTx runs fn in a SERIALIZABLE transaction and commits it, retrying the whole function when
// the database reports a serialization failure or deadlock. fn must therefore be safe to run
// more than once: no side effects outside the transaction (that is what the outbox is for).
func WithTx(ctx context.Context, pool Beginner, fn func(pgx.Tx) error) error {
	return withTx(ctx, pool, pgx.TxOptions{IsoLevel: pgx.Serializable}, processTurns(), fn)
}

// WithReadTx is WithTx for reads that must see one consistent snapshot across statements.
func WithReadTx(ctx context.Context, pool Beginner, fn func(pgx.Tx) error) error {
	return withTx(ctx, pool, pgx.TxOptions{IsoLevel: pgx.Serializable, AccessMode: pgx.ReadOnly}, nil, fn)
}

// WithSnapshotTx runs fn in a read-only REPEATABLE READ transaction: its statements see one
// snapshot, without SERIALIZABLE's bookkeeping (PostgreSQL's predicate locks, which a read-only
// transaction pays for as long as it runs beside writers). For reads whose answer is only shown,
// never acted upon — the public catalogue's — where the write that follows, if any, checks again
// in a transaction of its own. On CockroachDB it is a read-only transaction at its default level.
func WithSnapshotTx(ctx context.Context, pool Beginner, fn func(pgx.Tx) error) error {
	return withTx(ctx, pool, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}, nil, fn)
}

// retries counts the transactions run again after a serialization failure or deadlock, in this
// process: the price of contention, which /metrics reports (Retries).
var retries atomic.Int64

// Retries is how many times this process has run a transaction again because the database
// refused it as a serialization failure or deadlock.
func Retries() int64 { return retries.Load() }

// withTx runs fn in a transaction with opts, each attempt in a turn of t (nil: no turns).
func withTx(ctx context.Context, pool Beginner, opts pgx.TxOptions, t turns, fn func(pgx.Tx) error) error {
	backoff := 2 * time.Millisecond
	for attempt := 1; ; attempt++ {
		err := t.run(ctx, func() error { return runOnce(ctx, pool, opts, fn) })
		if err == nil || !IsRetryable(err) {
			return err
		}
		if attempt == maxAttempts {
			return contended(err)
		}
		retries.Add(1)
		// Jittered exponential backoff keeps contending transactions from retrying in lockstep.
		sleep := backoff/2 + rand.N(backoff)
		select {
		case <-ctx.Done():
			return errors.Join(err, ctx.Err())
		case <-time.After(sleep):
		}
		backoff = min(backoff*2, 250*time.Millisecond)
	}
}

// writeTurns admits a write transaction of this process to the database at a time
// (SetWriteConcurrency; 1 by default); the others wait their turn. Under SERIALIZABLE,
// transactions that run at the same time are what conflict, and a conflict costs a whole
// attempt: measured with `just bench`'s 32 shoppers checking out at once (1 000 products, 5 s),
// all admitted at once gave 52 orders/s, a p99 of 1.7 s, 2 700 retries and about 50 purchases
// refused after 12 attempts; three at a time, 68 orders/s and 11 refused; two, 80-86 orders/s
// and 0-1 refused; one, 83-89 orders/s, a p99 of 0.4-0.5 s and no retry at all. A write
// transaction is a few milliseconds, so one lane carries hundreds a second. Read-only
// transactions take no turn.
//
// A turn is waited for at most maxTurnWait; after that the transaction runs anyway. A write
// transaction that starts another one inside itself (on another connection) would otherwise
// wait forever for the turn it holds, and one slow transaction must not stop every write.
var (
	writeTurns   atomic.Pointer[turns] // nil until SetWriteConcurrency: defaultTurns
	defaultTurns = newTurns(defaultWriteConcurrency)
)

// processTurns are the turns this process's write transactions take.
func processTurns() turns {
	if t := writeTurns.Load(); t != nil {
		return *t
	}
	return defaultTurns
}

const (
	defaultWriteConcurrency = 1
	maxTurnWait             = time.Second
)

// SetWriteConcurrency sets how many write transactions this process runs at a time (at least 1).
// It is meant for start-up; a transaction already in a turn finishes in the turns it took.
// Asking for the number already set changes nothing (tests start many servers in one process).
func SetWriteConcurrency(n int) {
	n = max(n, 1)
	if cap(processTurns()) == n {
		return
	}
	t := newTurns(n)
	writeTurns.Store(&t)
}

// turns is a counting semaphore whose wait is bounded.
type turns chan struct{}

func newTurns(n int) turns { return make(turns, n) }

// run calls fn in a turn: when one is free, or when maxTurnWait has passed without one. Nil
// turns run fn at once.
func (t turns) run(ctx context.Context, fn func() error) error {
	if t == nil {
		return fn()
	}
	select { // a free turn needs no timer
	case t <- struct{}{}:
		defer func() { <-t }()
		return fn()
	default:
	}
	timer := time.NewTimer(maxTurnWait)
	defer timer.Stop()
	select {
	case t <- struct{}{}:
		defer func() { <-t }()
	case <-timer.C:
	case <-ctx.Done():
		return ctx.Err()
	}
	return fn()
}

// contended is the answer when a transaction kept losing to concurrent ones: nothing is wrong and
// nothing was written, so it is "unavailable, try again" (503 with Retry-After), not an internal
// error. Every write the API takes is safe to send again (carts and checkout by their idempotency).
func contended(err error) error {
	e := apperr.Unavailable("contention", fmt.Errorf("db.WithTx: still conflicting after %d attempts: %w", maxAttempts, err))
	e.Message = "The shop is very busy right now. Please try again in a moment."
	e.RetryAfter = time.Second
	return e
}

func runOnce(ctx context.Context, pool Beginner, opts pgx.TxOptions, fn func(pgx.Tx) error) (err error) {
	tx, err := pool.BeginTx(ctx, opts)
	if err != nil {
		return fmt.Errorf("db.runOnce: begin: %w", err)
	}
	defer func() {
		if err != nil {
			// The rollback error adds nothing: the transaction is void either way.
			_ = tx.Rollback(context.WithoutCancel(ctx))
		}
	}()
	if err = fn(tx); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// IsRetryable reports whether err is a serialization failure (40001) or deadlock (40P01), the
// errors after which a whole transaction may simply be run again.
func IsRetryable(err error) bool {
	if pgErr, ok := errors.AsType[*pgconn.PgError](err); ok {
		return pgErr.Code == "40001" || pgErr.Code == "40P01"
	}
	return false
}

// IsUniqueViolation reports whether err is a unique-constraint violation.
func IsUniqueViolation(err error) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && pgErr.Code == "23505"
}
