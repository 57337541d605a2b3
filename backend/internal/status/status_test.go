package status_test

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"os"
	"testing"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/db"
	"github.com/atelier-commerce/atelier/backend/internal/db/dbtest"
	"github.com/atelier-commerce/atelier/backend/internal/status"
	"github.com/stretchr/testify/require"
)

func TestMain(m *testing.M) { os.Exit(dbtest.Main(m)) }

func TestDatabaseCheck(t *testing.T) {
	t.Parallel()
	pool, err := db.Open(context.Background(), dbtest.URL(t))
	require.NoError(t, err)
	var log bytes.Buffer
	svc := status.NewService(slog.New(slog.NewTextHandler(&log, nil)), status.Database(pool))
	require.Equal(t, []status.Result{{Code: "database", Name: "Database", State: status.OK, Message: "Connected"}},
		svc.Run(context.Background()))

	pool.Close() // a closed pool cannot reach the database, like a database that is down
	require.Equal(t, []status.Result{{Code: "database", Name: "Database", State: status.Failing, Message: "Unreachable"}},
		svc.Run(context.Background()))
	require.Contains(t, log.String(), "check=database", "the cause is logged")
}

type pingFunc func(context.Context) error

func (f pingFunc) Ping(ctx context.Context) error { return f(ctx) }

func TestRunKeepsOrderAndBoundsProbes(t *testing.T) {
	t.Parallel()
	var log bytes.Buffer
	hung := status.Database(pingFunc(func(ctx context.Context) error {
		<-ctx.Done()
		return ctx.Err()
	}))
	secret := status.Check{Code: "payments", Name: "Payments", Probe: func(context.Context) (status.State, string, error) {
		return status.Failing, "Provider unreachable", errors.New("dial tcp 10.0.0.7:443: sk_live_secret")
	}}
	svc := status.NewService(slog.New(slog.NewTextHandler(&log, nil)),
		hung, status.Unconfigured("jobs", "Background jobs", "Not set up."), secret)
	start := time.Now()
	got := svc.Run(context.Background())
	require.Less(t, time.Since(start), status.Timeout+time.Second, "a hung probe is cut off")
	require.Equal(t, []status.Result{
		{Code: "database", Name: "Database", State: status.Failing, Message: "Unreachable"},
		{Code: "jobs", Name: "Background jobs", State: status.NotConfigured, Message: "Not set up."},
		{Code: "payments", Name: "Payments", State: status.Failing, Message: "Provider unreachable"},
	}, got, "in the injected order, with only the safe messages")
	require.Contains(t, log.String(), "10.0.0.7", "the cause goes to the log only")
}

func TestJobsCheck(t *testing.T) {
	t.Parallel()
	counts := status.JobCounts{Waiting: 3, Retrying: 1, Failed: 2}
	var err error
	check := status.Jobs(func(context.Context) (status.JobCounts, error) { return counts, err })
	svc := status.NewService(slog.New(slog.DiscardHandler), check)
	require.Equal(t, []status.Result{{Code: "jobs", Name: "Background jobs", State: status.OK,
		Message: "Running: 3 waiting, 1 retrying, 2 failed"}}, svc.Run(context.Background()))
	counts.Unrelayed = 4
	require.Equal(t, "Running: 3 waiting, 1 retrying, 2 failed, 4 not yet queued", svc.Run(context.Background())[0].Message)
	err = errors.New(`relation "river_job" does not exist`)
	require.Equal(t, []status.Result{{Code: "jobs", Name: "Background jobs", State: status.Failing,
		Message: "Job queue unreachable"}}, svc.Run(context.Background()))
}

type probeFunc func(context.Context) error

func (f probeFunc) Probe(ctx context.Context) error { return f(ctx) }

func TestMailCheck(t *testing.T) {
	t.Parallel()
	run := func(c status.Check) status.Result {
		return status.NewService(slog.New(slog.DiscardHandler), c).Run(context.Background())[0]
	}
	require.Equal(t, status.Result{Code: "mail", Name: "Mail", State: status.NotConfigured,
		Message: "Outgoing mail is not configured."}, run(status.Mail(nil)))
	require.Equal(t, status.Result{Code: "mail", Name: "Mail", State: status.OK, Message: "Mail server answering"},
		run(status.Mail(probeFunc(func(context.Context) error { return nil }))))
	hung := run(status.Mail(probeFunc(func(ctx context.Context) error { <-ctx.Done(); return ctx.Err() })))
	require.Equal(t, status.Result{Code: "mail", Name: "Mail", State: status.Failing, Message: "Mail server unreachable"}, hung,
		"a probe that waits for its context is cut off by the page's deadline")
}

// Everyone learns up or down; only a caller given the details learns what each check found.
func TestReport(t *testing.T) {
	t.Parallel()
	fixed := func(code string, st status.State, msg string) status.Check {
		return status.Check{Code: code, Name: code, Probe: func(context.Context) (status.State, string, error) { return st, msg, nil }}
	}
	logger := slog.New(slog.DiscardHandler)
	for _, tc := range []struct {
		name   string
		checks []status.Check
		want   status.State
	}{
		{"all working", []status.Check{fixed("database", status.OK, "Connected"), fixed("jobs", status.OK, "Running: 3 waiting")}, status.OK},
		{"a part not set up is not down", []status.Check{fixed("database", status.OK, "Connected"),
			status.Unconfigured("mail", "Mail", "Outgoing mail is not configured.")}, status.OK},
		{"one failing is down", []status.Check{fixed("database", status.OK, "Connected"), fixed("jobs", status.Failing, "Job queue unreachable"),
			status.Unconfigured("mail", "Mail", "Outgoing mail is not configured.")}, status.Failing},
		{"no checks", nil, status.OK},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			svc := status.NewService(logger, tc.checks...)
			public := svc.Report(context.Background(), false)
			require.Equal(t, status.Report{State: tc.want}, public, "no findings")
			admin := svc.Report(context.Background(), true)
			require.Equal(t, tc.want, admin.State)
			require.Equal(t, svc.Run(context.Background()), admin.Checks)
			require.Equal(t, tc.want, status.Overall(admin.Checks))
		})
	}
}
