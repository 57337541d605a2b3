package app

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/config"
	"github.com/atelier-commerce/atelier/backend/internal/db"
	"github.com/atelier-commerce/atelier/backend/internal/db/dbtest"
	"github.com/atelier-commerce/atelier/backend/internal/settings"
	smtpmock "github.com/mocktools/go-smtp-mock/v2"
	"github.com/stretchr/testify/require"
)

// The serve wiring end to end: a contact message posted over REST is stored, relayed, and
// e-mailed to the shop's mailbox by the background jobs; the status page probes the real job
// queue and mail server.
func TestServeRunsJobsAndSendsMail(t *testing.T) {
	t.Parallel()
	srv := smtpmock.New(smtpmock.ConfigurationAttr{HostAddress: "127.0.0.1", MultipleMessageReceiving: true})
	require.NoError(t, srv.Start())
	t.Cleanup(func() { _ = srv.Stop() })
	env := map[string]string{"DATABASE_URL": dbtest.URL(t), "API_ADDR": "127.0.0.1:0", "MEDIA_BUCKET_URL": "file://" + t.TempDir(),
		"SMTP_URL": fmt.Sprintf("smtp://127.0.0.1:%d", srv.PortNumber()), "OUTBOX_POLL_INTERVAL": "50ms"}
	cfg, err := config.Parse(func(k string) string { return env[k] })
	require.NoError(t, err)
	a, err := New(context.Background(), cfg, slog.New(slog.DiscardHandler))
	require.NoError(t, err)
	defer a.Close()
	a.authn = testTokens{next: a.accounts} // "admin-token" reads the status page's details
	require.NoError(t, a.settings.Save(context.Background(), settings.Store{Name: "Atelier London", ContactEmail: "shop@atelier.test"}))
	require.NoError(t, a.startJobs(context.Background()))
	ctx, cancel := context.WithCancel(context.Background())
	addr := make(chan string, 1)
	done := make(chan error, 1)
	go func() { done <- a.Serve(ctx, func(s string) { addr <- s }) }()
	base := "http://" + <-addr

	sendJSON(t, http.MethodPost, base+"/api/v1/contact-messages",
		`{"name": "Jane Doe", "email": "jane@example.com", "subject": "Samples", "message": "Do you send samples?"}`, 200)
	var raw string
	require.Eventually(t, func() bool {
		for _, m := range srv.Messages() {
			if m.IsConsistent() {
				raw = m.MsgRequest()
				return true
			}
		}
		return false
	}, 20*time.Second, 20*time.Millisecond, "the shop receives the message")
	require.Contains(t, raw, "Subject: Contact form: Samples")
	require.Contains(t, raw, "To: <shop@atelier.test>")

	status, _, report := sendAsWithHeader(t, http.MethodGet, base+"/api/v1/status", "admin-token", "", false)
	require.Equal(t, http.StatusOK, status)
	checks := items(report, "checks")
	require.Equal(t, "jobs", checks[1]["code"])
	require.Equal(t, "STATUS_CHECK_STATE_OK", checks[1]["state"])
	require.True(t, strings.HasPrefix(checks[1]["message"].(string), "Running:"))
	require.Equal(t, "mail", checks[3]["code"])
	require.Equal(t, "STATUS_CHECK_STATE_OK", checks[3]["state"])
	require.Equal(t, "Mail server answering", checks[3]["message"])

	cancel()
	require.NoError(t, <-done)
	a.stopJobs()
}

// migrate puts River's tables in the jobs database when JOBS_DATABASE_URL names one (the
// CockroachDB layout), and leaves the store's database without them.
func TestMigrateAppliesRiverToTheJobsDatabase(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	store, jobsURL := dbtest.URL(t), dbtest.URL(t)
	for _, url := range []string{store, jobsURL} { // dbtest's copies come migrated: start empty
		pool, err := db.Open(ctx, url)
		require.NoError(t, err)
		_, err = pool.Exec(ctx, `DROP SCHEMA public CASCADE; CREATE SCHEMA public`)
		require.NoError(t, err)
		pool.Close()
	}
	env := map[string]string{"DATABASE_URL": store, "JOBS_DATABASE_URL": jobsURL}
	cfg, err := config.Parse(func(k string) string { return env[k] })
	require.NoError(t, err)
	require.NoError(t, Migrate(ctx, cfg, slog.New(slog.DiscardHandler)))
	require.NoError(t, Migrate(ctx, cfg, slog.New(slog.DiscardHandler)), "idempotent")

	has := func(url, table string) bool {
		pool, err := db.Open(ctx, url)
		require.NoError(t, err)
		defer pool.Close()
		var ok bool
		require.NoError(t, pool.QueryRow(ctx, `SELECT to_regclass($1) IS NOT NULL`, table).Scan(&ok))
		return ok
	}
	require.True(t, has(jobsURL, "river_job"))
	require.False(t, has(store, "river_job"))
	require.True(t, has(store, "outbox"))
	require.True(t, has(store, "mail_sent"))
}
