// Package dbtest gives each test its own migrated PostgreSQL database in a throw-away cluster
// that the test binary starts for itself, so tests run in parallel and never see a developer's
// data.
package dbtest

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/db"
	"github.com/atelier-commerce/atelier/backend/internal/localpg"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

const template = "atelier_template"

var (
	cluster *localpg.Cluster
	counter atomic.Int64
	mu      sync.Mutex // CREATE DATABASE … TEMPLATE needs the template free of other copiers
)

// Main starts the cluster and a migrated template database, runs the tests and removes it all.
// Call it from TestMain: func TestMain(m *testing.M) { os.Exit(dbtest.Main(m)) }.
func Main(m *testing.M) int {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	sweepOrphans()
	dir, err := os.MkdirTemp("", dirPrefix)
	if err == nil {
		err = os.Chmod(dir, 0o755)
	}
	if err == nil {
		err = os.WriteFile(filepath.Join(dir, ownerFile), []byte(strconv.Itoa(os.Getpid())), 0o644) //nolint:gosec // G306: a pid, readable by the developer's other test runs
	}
	if err == nil {
		cluster, err = localpg.Start(ctx, dir)
	}
	if err == nil {
		err = prepareTemplate(ctx)
	}
	cancel()
	if err != nil {
		fmt.Fprintln(os.Stderr, "dbtest:", err)
		return 1
	}
	code := m.Run()
	if err := cluster.Stop(); err != nil {
		fmt.Fprintln(os.Stderr, "dbtest: stop:", err)
	}
	os.RemoveAll(dir)
	return code
}

const (
	dirPrefix = "atelier-pg-"
	ownerFile = "owner.pid"
)

// sweepOrphans stops and removes clusters left by test binaries that died without cleaning up (a
// panicking test exits before Main's cleanup runs), so they do not pile up on a developer's
// machine.
func sweepOrphans() {
	dirs, _ := filepath.Glob(filepath.Join(os.TempDir(), dirPrefix+"*"))
	for _, dir := range dirs {
		raw, err := os.ReadFile(filepath.Join(dir, ownerFile))
		if err != nil {
			continue
		}
		pid, err := strconv.Atoi(string(raw))
		if err != nil || processAlive(pid) {
			continue
		}
		if c, err := localpg.Attach(dir); err == nil {
			_ = c.Stop()
		}
		_ = os.RemoveAll(dir)
	}
}

func processAlive(pid int) bool {
	p, err := os.FindProcess(pid)
	return err == nil && p.Signal(syscall.Signal(0)) == nil
}

func prepareTemplate(ctx context.Context) error {
	if err := cluster.CreateDatabase(ctx, template, ""); err != nil {
		return err
	}
	pool, err := db.Open(ctx, cluster.URL(template))
	if err != nil {
		return err
	}
	defer pool.Close()
	if _, err = db.Migrate(ctx, pool); err != nil {
		return err
	}
	// River's tables too, so tests can run the real job queue on their database.
	_, err = db.MigrateJobs(ctx, pool)
	return err
}

// NewDatabase returns a fresh, migrated (ours and River's), empty database that lives as long as
// the test binary, for fixtures shared by several tests.
func NewDatabase() (url, name string, err error) {
	if cluster == nil {
		return "", "", errors.New("dbtest: call dbtest.Main from TestMain")
	}
	name = fmt.Sprintf("t_%d_%d", os.Getpid(), counter.Add(1))
	mu.Lock()
	err = cluster.CreateDatabase(context.Background(), name, template)
	mu.Unlock()
	return cluster.URL(name), name, err
}

// URL returns a fresh, migrated, empty database for this test and drops it afterwards.
func URL(t testing.TB) string {
	t.Helper()
	url, name, err := NewDatabase()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		conn, err := pgx.Connect(context.Background(), cluster.URL("postgres"))
		if err != nil {
			return
		}
		defer conn.Close(context.Background())
		_, _ = conn.Exec(context.Background(), "DROP DATABASE IF EXISTS "+pgx.Identifier{name}.Sanitize()+" WITH (FORCE)")
	})
	return url
}

// Pool returns a pool on a fresh database for this test, closed afterwards.
func Pool(t testing.TB) *pgxpool.Pool {
	t.Helper()
	pool, err := db.Open(context.Background(), URL(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	return pool
}
