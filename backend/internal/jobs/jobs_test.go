package jobs_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"os"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/account"
	"github.com/atelier-commerce/atelier/backend/internal/catalog"
	"github.com/atelier-commerce/atelier/backend/internal/contact"
	"github.com/atelier-commerce/atelier/backend/internal/db"
	"github.com/atelier-commerce/atelier/backend/internal/db/dbtest"
	"github.com/atelier-commerce/atelier/backend/internal/jobs"
	"github.com/atelier-commerce/atelier/backend/internal/logtest"
	"github.com/atelier-commerce/atelier/backend/internal/mail"
	"github.com/atelier-commerce/atelier/backend/internal/metrics"
	"github.com/atelier-commerce/atelier/backend/internal/netguard"
	"github.com/atelier-commerce/atelier/backend/internal/newsletter"
	"github.com/atelier-commerce/atelier/backend/internal/order"
	"github.com/atelier-commerce/atelier/backend/internal/settings"
	"github.com/atelier-commerce/atelier/backend/internal/telemetry"
	"github.com/atelier-commerce/atelier/backend/internal/webhook"
	"github.com/atelier-commerce/atelier/backend/internal/webhook/event"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	smtpmock "github.com/mocktools/go-smtp-mock/v2"
	"github.com/prometheus/client_golang/prometheus/testutil"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
	"github.com/stretchr/testify/require"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
)

func TestMain(m *testing.M) { os.Exit(dbtest.Main(m)) }

const shopMailbox = "shop@atelier.test"

// sink is an SMTP server that records what it receives.
func sink(t *testing.T, cfg smtpmock.ConfigurationAttr) (*smtpmock.Server, string) {
	t.Helper()
	cfg.HostAddress, cfg.PortNumber = "127.0.0.1", 0
	cfg.MultipleMessageReceiving = true
	srv := smtpmock.New(cfg)
	require.NoError(t, srv.Start())
	t.Cleanup(func() { _ = srv.Stop() })
	return srv, fmt.Sprintf("smtp://127.0.0.1:%d", srv.PortNumber())
}

// delivered is the messages the sink accepted (sessions that sent none, like probes, excluded).
func delivered(srv *smtpmock.Server) []smtpmock.Message {
	var out []smtpmock.Message
	for _, m := range srv.Messages() {
		if m.IsConsistent() && strings.HasPrefix(m.MsgResponse(), "250") {
			out = append(out, m)
		}
	}
	return out
}

func sender(t *testing.T, smtpURL string) *mail.Sender {
	t.Helper()
	s, err := mail.NewSender(smtpURL, "Atelier London <hello@atelier.test>")
	require.NoError(t, err)
	return s
}

// mailingShop is a test's own configured shop and a mail server (cfg as for sink) its e-mails go to.
func mailingShop(t *testing.T, cfg smtpmock.ConfigurationAttr) (*pgxpool.Pool, *smtpmock.Server, string) {
	t.Helper()
	pool := dbtest.Pool(t)
	configureShop(t, pool)
	srv, smtpURL := sink(t, cfg)
	return pool, srv, smtpURL
}

func configureShop(t *testing.T, pool *pgxpool.Pool) {
	t.Helper()
	require.NoError(t, settings.NewService(pool).Save(context.Background(), settings.Store{
		Name: "Atelier London", AddressLine1: "12 Marylebone High Street", City: "London", Postcode: "W1U 4NR",
		Country: "United Kingdom", ContactEmail: shopMailbox, Phone: "+44 20 7946 0000"}))
}

// farRetry keeps a failed job in the retryable state for the test to look at.
type farRetry struct{}

func (farRetry) NextRetry(*rivertype.JobRow) time.Time { return time.Now().Add(time.Hour) }

type runnerOpts struct {
	jobsPool   *pgxpool.Pool
	mail       *mail.Sender
	log        *logtest.Buffer
	retry      river.ClientRetryPolicy
	chores     []jobs.Chore
	resetLinks jobs.ResetLinkFunc
	orders     jobs.OrderConfirmationFunc
	notices    jobs.OrderNotices
	refunds    func(context.Context, string) error
	newsletter jobs.NewsletterLinkFunc
	images     jobs.ImageWork
	webhooks   *webhook.Service
	middleware []rivertype.Middleware
}

// noOrders and noRefunds stand in for the order context in tests that have no orders.
func noOrders(context.Context, string) (string, mail.OrderConfirmation, error) {
	return "", mail.OrderConfirmation{}, errors.New("this test has no orders")
}

func noRefunds(context.Context, string) error { return errors.New("this test refunds nothing") }

// noNotices stands in for the order context's notices in tests that have no orders.
type noNotices struct{}

func (noNotices) Shipped(context.Context, string) (string, mail.OrderShipped, error) {
	return "", mail.OrderShipped{}, errors.New("this test has no orders")
}

func (noNotices) Cancelled(context.Context, string) (string, mail.OrderCancelled, error) {
	return "", mail.OrderCancelled{}, errors.New("this test has no orders")
}

func (noNotices) Refunded(context.Context, string, string) (string, mail.OrderRefunded, error) {
	return "", mail.OrderRefunded{}, errors.New("this test has no orders")
}

// noImages stands in for the catalogue and media in tests that upload no images.
var noImages = jobs.ImageWork{
	Render: func(context.Context, string) error { return errors.New("this test renders no images") },
	Fail:   func(context.Context, string, string) error { return errors.New("this test renders no images") },
	Remove: func(context.Context, string) error { return errors.New("this test removes no images") },
}

// noResetLinks is the link source of tests that send no password reset e-mail.
func noResetLinks(context.Context, string, string, time.Time) (string, time.Time, error) {
	return "", time.Time{}, errors.New("this test issues no reset links")
}

func newRunner(t *testing.T, store *pgxpool.Pool, o runnerOpts) *jobs.Runner {
	t.Helper()
	if o.jobsPool == nil {
		o.jobsPool = store
	}
	if o.log == nil {
		o.log = &logtest.Buffer{}
	}
	if o.resetLinks == nil {
		o.resetLinks = noResetLinks
	}
	if o.orders == nil {
		o.orders = noOrders
	}
	if o.notices == nil {
		o.notices = noNotices{}
	}
	if o.refunds == nil {
		o.refunds = noRefunds
	}
	if o.newsletter == nil {
		o.newsletter = newsletterLinks(newsletter.NewService(store))
	}
	if o.images.Render == nil {
		o.images = noImages
	}
	if o.webhooks == nil {
		// The real context: with no endpoint registered, an event fans out to nothing.
		o.webhooks = webhook.NewService(store, netguard.New(nil, false))
	}
	r, err := jobs.New(jobs.Config{Store: store, Jobs: o.jobsPool, Settings: settings.NewService(store), Mail: o.mail,
		Logger:       slog.New(slog.NewTextHandler(o.log, &slog.HandlerOptions{Level: slog.LevelDebug})),
		PollInterval: 50 * time.Millisecond, RetryPolicy: o.retry, MailUnconfiguredWait: time.Hour,
		Chores: o.chores, ResetLinks: o.resetLinks, OrderConfirmations: o.orders, OrderNotices: o.notices, Refunds: o.refunds, SendRefund: o.refunds, NewsletterLinks: o.newsletter,
		Images: o.images, Webhooks: webhookWork(o.webhooks), Middleware: o.middleware})
	require.NoError(t, err)
	return r
}

// webhookWork adapts the webhook context, as the app does.
func webhookWork(s *webhook.Service) jobs.WebhookWork {
	return jobs.WebhookWork{FanOut: s.RunFanOut, Deliver: s.RunDelivery, Backoff: webhook.Backoff, MaxAttempts: webhook.MaxAttempts}
}

// newsletterLinks adapts the newsletter context's IssueConfirmation, as the app does.
func newsletterLinks(svc *newsletter.Service) jobs.NewsletterLinkFunc {
	return func(ctx context.Context, email string, requestedAt time.Time) (jobs.NewsletterLinks, error) {
		l, err := svc.IssueConfirmation(ctx, email, requestedAt)
		return jobs.NewsletterLinks(l), err
	}
}

func start(t *testing.T, r *jobs.Runner) {
	t.Helper()
	require.NoError(t, r.Start(context.Background()))
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		require.NoError(t, r.Stop(ctx))
	})
}

type jobRow struct {
	ID     int64
	Kind   string
	State  string
	Errors int
}

// jobRows lists the jobs, leaving out the webhook fan-outs that order and product changes make
// beside their own work (webhook_test.go watches those).
func jobRows(t *testing.T, pool *pgxpool.Pool) []jobRow {
	t.Helper()
	rows, err := pool.Query(context.Background(), `SELECT id, kind, state::text, coalesce(array_length(errors, 1), 0)
		FROM river_job WHERE kind <> 'webhook.fan_out' ORDER BY id`)
	require.NoError(t, err)
	out, err := pgx.CollectRows(rows, pgx.RowToStructByPos[jobRow])
	require.NoError(t, err)
	return out
}

func count(t *testing.T, pool *pgxpool.Pool, table string) int {
	t.Helper()
	var n int
	require.NoError(t, pool.QueryRow(context.Background(), `SELECT count(*) FROM `+pgx.Identifier{table}.Sanitize()).Scan(&n))
	return n
}

// lazyErrors reads the jobs' errors only when a failure message is formatted. It only reads, so
// it keeps no test's t (it held one it never used).
type lazyErrors struct {
	pool *pgxpool.Pool
}

func (l lazyErrors) String() string {
	var s string
	_ = l.pool.QueryRow(context.Background(), `SELECT coalesce(string_agg(errors::text, ' | '), '') FROM river_job`).Scan(&s)
	return s
}

func waitForJobState(t *testing.T, pool *pgxpool.Pool, state string) jobRow {
	t.Helper()
	var last []jobRow
	require.Eventually(t, func() bool {
		last = jobRows(t, pool)
		return len(last) == 1 && last[0].State == state
	}, 20*time.Second, 20*time.Millisecond, "waiting for one job in state %s; jobs: %+v, errors: %s", state, &last, lazyErrors{pool})
	return last[0]
}

// The process "dies" between the commit and the relay: the contact message is stored and its
// outbox row committed while no relay or River client runs. A fresh runner started later on the
// same database finds the row and the e-mail goes out exactly once.
func TestOutboxSurvivesACrashBetweenCommitAndRelay(t *testing.T) {
	t.Parallel()
	pool, srv, smtpURL := mailingShop(t, smtpmock.ConfigurationAttr{})
	_, err := contact.NewService(pool).Send(context.Background(), contact.Message{Name: "Jane Doe",
		Email: "jane@example.com", Subject: "Gift wrapping", Body: "Can you wrap <b>two</b> items?"}, "")
	require.NoError(t, err)
	require.Equal(t, 1, count(t, pool, "outbox"), "the event waits in the outbox")
	require.Empty(t, jobRows(t, pool), "no job was created before the crash")

	r := newRunner(t, pool, runnerOpts{mail: sender(t, smtpURL)})
	start(t, r)
	waitForJobState(t, pool, "completed")
	require.Zero(t, count(t, pool, "outbox"), "the relay removed the row")
	require.Equal(t, 1, count(t, pool, "mail_sent"))

	// Later passes find nothing to do; still exactly one e-mail.
	n, err := r.Relay().RelayOnce(context.Background())
	require.NoError(t, err)
	require.Zero(t, n)
	msgs := delivered(srv)
	require.Len(t, msgs, 1)
	raw := msgs[0].MsgRequest()
	require.Equal(t, "RCPT TO:<"+shopMailbox+">", msgs[0].RcpttoRequestResponse()[0][0], "to the shop's mailbox from the settings")
	require.Contains(t, raw, "Reply-To: \"Jane Doe\" <jane@example.com>")
	require.Contains(t, raw, "Subject: Contact form: Gift wrapping")
}

// The relay "crashes" after inserting the job but before deleting the row: the next pass offers
// the row again. Uniqueness by outbox id makes that a no-op, in both database layouts.
func TestReofferedOutboxRowMakesOneJobAndOneEmail(t *testing.T) {
	t.Parallel()
	for _, layout := range []string{"same database", "separate jobs database"} {
		t.Run(layout, func(t *testing.T) {
			t.Parallel()
			store := dbtest.Pool(t)
			jobsPool := store
			if layout == "separate jobs database" {
				jobsPool = dbtest.Pool(t)
			}
			configureShop(t, store)
			srv, smtpURL := sink(t, smtpmock.ConfigurationAttr{})
			_, err := newsletter.NewService(store).Subscribe(context.Background(), "new.subscriber@example.com", "")
			require.NoError(t, err)

			r := newRunner(t, store, runnerOpts{jobsPool: jobsPool, mail: sender(t, smtpURL)})
			// The first relay's insert, without its delete.
			var ev jobs.Event
			require.NoError(t, store.QueryRow(context.Background(), `SELECT id::text, topic, payload, created_at FROM outbox`).
				Scan(&ev.OutboxID, &ev.Topic, &ev.Payload, &ev.EmittedAt))
			args, ok := jobs.ArgsFor(ev)
			require.True(t, ok)
			first, err := r.Client().Insert(context.Background(), args, nil)
			require.NoError(t, err)
			require.False(t, first.UniqueSkippedAsDuplicate)

			// The restarted relay offers the same row again (twice, for good measure).
			for range 2 {
				_, err = r.Relay().RelayOnce(context.Background())
				require.NoError(t, err)
			}
			require.Zero(t, count(t, store, "outbox"))
			require.Len(t, jobRows(t, jobsPool), 1, "one job for one event")

			start(t, r)
			job := waitForJobState(t, jobsPool, "completed")
			require.Equal(t, first.Job.ID, job.ID)
			require.Len(t, delivered(srv), 1, "one e-mail")
			require.Contains(t, delivered(srv)[0].MsgRequest(), "new.subscriber@example.com")
		})
	}
}

// A transaction that rolls back leaves no event behind: nothing is relayed, nothing is sent.
func TestRolledBackTransactionEmitsNothing(t *testing.T) {
	t.Parallel()
	pool := dbtest.Pool(t)
	boom := errors.New("boom")
	err := db.WithTx(context.Background(), pool, func(tx pgx.Tx) error {
		if _, err := db.Emit(context.Background(), tx, jobs.TopicNewsletterSubscribed, map[string]string{"email": "a@example.com"}); err != nil {
			return err
		}
		return boom
	})
	require.ErrorIs(t, err, boom)
	r := newRunner(t, pool, runnerOpts{})
	n, err := r.Relay().RelayOnce(context.Background())
	require.NoError(t, err)
	require.Zero(t, n)
	require.Empty(t, jobRows(t, pool))
}

// Running a job again after its e-mail went out (a retry after a crash, an admin's "retry")
// does not send it again.
func TestEmailWorkerIsIdempotent(t *testing.T) {
	t.Parallel()
	pool, srv, smtpURL := mailingShop(t, smtpmock.ConfigurationAttr{})
	_, err := newsletter.NewService(pool).Subscribe(context.Background(), "twice@example.com", "")
	require.NoError(t, err)
	log := &logtest.Buffer{}
	r := newRunner(t, pool, runnerOpts{mail: sender(t, smtpURL), log: log})
	start(t, r)
	job := waitForJobState(t, pool, "completed")
	require.Len(t, delivered(srv), 1)

	_, err = r.Client().JobRetry(context.Background(), job.ID)
	require.NoError(t, err)
	require.Eventually(t, func() bool {
		return strings.Contains(log.String(), "already sent for this event")
	}, 20*time.Second, 20*time.Millisecond)
	waitForJobState(t, pool, "completed")
	require.Len(t, delivered(srv), 1, "the second run sent nothing")
}

// A 550 to RCPT TO will not change by retrying: the job is cancelled with the reason recorded,
// and nothing is marked as sent.
func TestPermanentSMTPFailureCancelsTheJob(t *testing.T) {
	t.Parallel()
	pool, _, smtpURL := mailingShop(t, smtpmock.ConfigurationAttr{NotRegisteredEmails: []string{"nobody@example.com"}})
	_, err := newsletter.NewService(pool).Subscribe(context.Background(), "nobody@example.com", "")
	require.NoError(t, err)
	r := newRunner(t, pool, runnerOpts{mail: sender(t, smtpURL)})
	start(t, r)
	job := waitForJobState(t, pool, "cancelled")
	require.Equal(t, 1, job.Errors, "the refusal is recorded on the job")
	require.Zero(t, count(t, pool, "mail_sent"))
	var errText string
	require.NoError(t, pool.QueryRow(context.Background(), `SELECT errors[1]->>'error' FROM river_job`).Scan(&errText))
	require.Contains(t, errText, "550")
}

// A 421 or a server that is down may pass: the job is left to retry with the error recorded.
func TestTransientSMTPFailureIsRetried(t *testing.T) {
	t.Parallel()
	closedPort := func() string {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		require.NoError(t, err)
		addr := ln.Addr().String()
		require.NoError(t, ln.Close())
		return "smtp://" + addr
	}
	for name, smtpURL := range map[string]func() string{
		"421 to RCPT TO": func() string {
			_, u := sink(t, smtpmock.ConfigurationAttr{BlacklistedRcpttoEmails: []string{"later@example.com"}})
			return u
		},
		"server down": closedPort,
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			pool := dbtest.Pool(t)
			configureShop(t, pool)
			_, err := newsletter.NewService(pool).Subscribe(context.Background(), "later@example.com", "")
			require.NoError(t, err)
			r := newRunner(t, pool, runnerOpts{mail: sender(t, smtpURL()), retry: farRetry{}})
			start(t, r)
			job := waitForJobState(t, pool, "retryable")
			require.Equal(t, 1, job.Errors)
			var maxAttempts int
			require.NoError(t, pool.QueryRow(context.Background(), `SELECT max_attempts FROM river_job`).Scan(&maxAttempts))
			require.Equal(t, jobs.MailMaxAttempts, maxAttempts, "retries are bounded")
			require.Zero(t, count(t, pool, "mail_sent"))
		})
	}
}

// Without SMTP_URL, e-mail jobs wait (snoozed, attempts not used up) instead of failing.
func TestEmailWaitsWhileMailIsNotConfigured(t *testing.T) {
	t.Parallel()
	pool := dbtest.Pool(t)
	_, err := newsletter.NewService(pool).Subscribe(context.Background(), "patient@example.com", "")
	require.NoError(t, err)
	r := newRunner(t, pool, runnerOpts{})
	start(t, r)
	job := waitForJobState(t, pool, "scheduled")
	require.Zero(t, job.Errors)
	var attempt int
	require.NoError(t, pool.QueryRow(context.Background(), `SELECT attempt FROM river_job`).Scan(&attempt))
	require.Zero(t, attempt, "snoozing does not use up attempts")
}

// accounts is an account service over pool with cheap hashing, its clock set by now (nil: the
// real one), and a registered customer, Jane.
func accounts(t *testing.T, pool *pgxpool.Pool, now func() time.Time) (*account.Service, account.User) {
	t.Helper()
	opts := []account.Option{account.WithHashParams(account.HashParams{Memory: 1024, Time: 1, Threads: 1})}
	if now != nil {
		opts = append(opts, account.WithClock(now))
	}
	svc := account.NewService(pool, account.Settings{SessionTTL: time.Hour, PasswordResetTTL: time.Hour,
		StorefrontURL: "https://shop.atelier.test"}, opts...)
	u, _, err := svc.Register(context.Background(), account.Profile{FirstName: "Jane", LastName: "Doe", Email: "jane@example.com"}, "password1", "")
	require.NoError(t, err)
	return svc, u
}

var resetLinkRE = regexp.MustCompile(`https://shop\.atelier\.test/reset-password\?token=([A-Za-z0-9_-]{43})`)

// resetToken finds the reset link's token in a raw (quoted-printable) message.
func resetToken(t *testing.T, raw string) string {
	t.Helper()
	m := resetLinkRE.FindStringSubmatch(strings.NewReplacer("=\r\n", "", "=3D", "=").Replace(raw))
	require.NotNil(t, m, "a reset link in %s", raw)
	return m[1]
}

// The password reset e-mail carries a working link to the account holder. The link is made when
// the e-mail is sent: the token is in no job argument, no outbox row and no log line — only its
// hash is stored.
func TestPasswordResetEmailAndNoTokenAtRest(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool, srv, smtpURL := mailingShop(t, smtpmock.ConfigurationAttr{})
	svc, _ := accounts(t, pool, nil)
	require.NoError(t, svc.RequestPasswordReset(ctx, "jane@example.com", ""))
	log := &logtest.Buffer{}
	r := newRunner(t, pool, runnerOpts{mail: sender(t, smtpURL), log: log, resetLinks: svc.IssueResetLink})
	start(t, r)
	waitForJobState(t, pool, "completed")
	msgs := delivered(srv)
	require.Len(t, msgs, 1)
	require.Equal(t, "RCPT TO:<jane@example.com>", msgs[0].RcpttoRequestResponse()[0][0])
	raw := msgs[0].MsgRequest()
	require.Contains(t, raw, "Subject: Reset your Atelier London password")
	require.Contains(t, raw, "multipart/alternative")
	token := resetToken(t, raw)
	require.Contains(t, log.String(), "e-mail sent")
	require.NotContains(t, log.String(), token, "never in the logs")

	var args []byte
	require.NoError(t, pool.QueryRow(ctx, `SELECT args FROM river_job`).Scan(&args))
	require.NotContains(t, string(args), token)
	require.NotContains(t, string(args), "token")
	require.NotContains(t, string(args), "reset_url")
	var ev jobs.Event
	require.NoError(t, json.Unmarshal(args, &ev))
	var payload map[string]any
	require.NoError(t, json.Unmarshal(ev.Payload, &payload))
	require.Len(t, payload, 4, "account_id, email, first_name, requested_at: %s", ev.Payload)
	var stored int
	require.NoError(t, pool.QueryRow(ctx, `SELECT count(*) FROM password_reset_tokens WHERE token_hash = sha256(convert_to($1, 'UTF8'))`,
		token).Scan(&stored))
	require.Equal(t, 1, stored, "its hash is what the table keeps")

	require.NoError(t, svc.ConfirmPasswordReset(ctx, token, "brand-new-password"), "the e-mailed link works")
	_, _, err := svc.Login(ctx, "jane@example.com", "brand-new-password", "")
	require.NoError(t, err)
}

// A request that waited longer than a link's lifetime (the mail server was down, the runner
// stopped) is not e-mailed: the job is cancelled, with the reason on it, and no token is made.
func TestStalePasswordResetRequestIsCancelled(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool, srv, smtpURL := mailingShop(t, smtpmock.ConfigurationAttr{})
	var mu sync.Mutex
	now := time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC)
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	svc, _ := accounts(t, pool, clock)
	require.NoError(t, svc.RequestPasswordReset(ctx, "jane@example.com", ""))
	mu.Lock()
	now = now.Add(time.Hour)
	mu.Unlock()

	r := newRunner(t, pool, runnerOpts{mail: sender(t, smtpURL), resetLinks: svc.IssueResetLink})
	start(t, r)
	job := waitForJobState(t, pool, "cancelled")
	require.Equal(t, 1, job.Errors)
	var errText string
	require.NoError(t, pool.QueryRow(ctx, `SELECT errors[1]->>'error' FROM river_job`).Scan(&errText))
	require.Contains(t, errText, "reset_request_expired")
	require.Empty(t, delivered(srv), "nothing e-mailed")
	require.Zero(t, count(t, pool, "password_reset_tokens"))
	require.Zero(t, count(t, pool, "mail_sent"))
}

// When the link cannot be made for a passing reason (the database hiccupped), the job is retried.
func TestResetLinkFailureIsRetried(t *testing.T) {
	t.Parallel()
	pool, srv, smtpURL := mailingShop(t, smtpmock.ConfigurationAttr{})
	svc, _ := accounts(t, pool, nil)
	require.NoError(t, svc.RequestPasswordReset(context.Background(), "jane@example.com", ""))
	r := newRunner(t, pool, runnerOpts{mail: sender(t, smtpURL), retry: farRetry{}})
	start(t, r)
	job := waitForJobState(t, pool, "retryable")
	require.Equal(t, 1, job.Errors)
	require.Empty(t, delivered(srv))
}

// A malformed payload can never be sent: cancelled at once, with the reason on the job.
func TestMalformedPayloadCancels(t *testing.T) {
	t.Parallel()
	pool := dbtest.Pool(t)
	_, smtpURL := sink(t, smtpmock.ConfigurationAttr{})
	require.NoError(t, db.WithTx(context.Background(), pool, func(tx pgx.Tx) error {
		_, err := db.Emit(context.Background(), tx, jobs.TopicPasswordResetRequested, json.RawMessage(`{"email": 42}`))
		return err
	}))
	r := newRunner(t, pool, runnerOpts{mail: sender(t, smtpURL)})
	start(t, r)
	waitForJobState(t, pool, "cancelled")
}

// An event whose topic has no route stays in the outbox (a newer binary may know it) and is
// reported, never silently dropped; it does not hold up the events behind it.
func TestUnroutedTopicIsLeftAndReported(t *testing.T) {
	t.Parallel()
	pool, srv, smtpURL := mailingShop(t, smtpmock.ConfigurationAttr{})
	require.NoError(t, db.WithTx(context.Background(), pool, func(tx pgx.Tx) error {
		_, err := db.Emit(context.Background(), tx, "mystery.happened", map[string]int{"n": 1})
		return err
	}))
	_, err := newsletter.NewService(pool).Subscribe(context.Background(), "after@example.com", "")
	require.NoError(t, err)
	log := &logtest.Buffer{}
	r := newRunner(t, pool, runnerOpts{mail: sender(t, smtpURL), log: log})
	start(t, r)
	waitForJobState(t, pool, "completed")
	require.Len(t, delivered(srv), 1, "the routed event behind it went through")
	var topic string
	require.NoError(t, pool.QueryRow(context.Background(), `SELECT topic FROM outbox`).Scan(&topic))
	require.Equal(t, "mystery.happened", topic)
	require.Eventually(t, func() bool { return strings.Contains(log.String(), "topic=mystery.happened") }, 5*time.Second, 20*time.Millisecond)
}

// An order.paid event is counted for the metrics when it is handed to River, after the
// payment's transaction committed (which may have run more than once).
func TestRelayCountsOrdersPaid(t *testing.T) {
	t.Parallel()
	pool := dbtest.Pool(t)
	r := newRunner(t, pool, runnerOpts{})
	before := testutil.ToFloat64(metrics.OrdersPaid)
	require.NoError(t, db.WithTx(context.Background(), pool, func(tx pgx.Tx) error {
		_, err := db.Emit(context.Background(), tx, jobs.TopicOrderPaid, map[string]string{"order_id": "00000000-0000-0000-0000-000000000001"})
		return err
	}))
	n, err := r.Relay().RelayOnce(context.Background())
	require.NoError(t, err)
	require.Equal(t, 1, n)
	// Other tests of this package relay too, so at least this one's.
	require.GreaterOrEqual(t, testutil.ToFloat64(metrics.OrdersPaid), before+1)
}

// With tracing on, each job's work is a span (named by its kind), as is the relay's handover.
func TestJobsAreTraced(t *testing.T) {
	t.Parallel()
	pool := dbtest.Pool(t)
	spans := tracetest.NewSpanRecorder()
	tracing := telemetry.NewTracing(sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(spans)))
	r := newRunner(t, pool, runnerOpts{middleware: tracing.JobMiddleware()})
	_, err := newsletter.NewService(pool).Subscribe(context.Background(), "traced@example.com", "")
	require.NoError(t, err)
	start(t, r)
	require.Eventually(t, func() bool {
		var work, insert bool
		for _, s := range spans.Ended() {
			work = work || strings.HasPrefix(s.Name(), "river.work/")
			insert = insert || strings.HasPrefix(s.Name(), "river.insert")
		}
		return work && insert
	}, 10*time.Second, 20*time.Millisecond)
}

// The status page's numbers come from River's tables and the outbox.
func TestHealth(t *testing.T) {
	t.Parallel()
	pool := dbtest.Pool(t)
	r := newRunner(t, pool, runnerOpts{})
	h, err := r.Health(context.Background())
	require.NoError(t, err)
	require.Equal(t, jobs.Health{}, h)

	_, err = newsletter.NewService(pool).Subscribe(context.Background(), "one@example.com", "")
	require.NoError(t, err)
	h, err = r.Health(context.Background())
	require.NoError(t, err)
	require.WithinDuration(t, time.Now(), h.OldestUnrelayed, time.Minute, "when the waiting event was written")
	h.OldestUnrelayed = time.Time{}
	require.Equal(t, jobs.Health{Unrelayed: 1}, h)
	_, err = r.Relay().RelayOnce(context.Background())
	require.NoError(t, err)
	h, err = r.Health(context.Background())
	require.NoError(t, err)
	require.Equal(t, jobs.Health{Waiting: 1}, h)

	pool.Close()
	_, err = r.Health(context.Background())
	require.Error(t, err)
}

// Each River state lands in its bucket (running and completed jobs are not counted), and a queue
// longer than one of River's pages is counted whole. The jobs are written straight into River's
// table so that no worker touches them.
func TestHealthCountsEveryState(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := dbtest.Pool(t)
	r := newRunner(t, pool, runnerOpts{})
	_, err := pool.Exec(ctx, `INSERT INTO river_job (args, kind, max_attempts, priority, queue, state, attempted_at, finalized_at)
		SELECT '{}', 'health_probe', 1, 1, 'default', s::river_job_state,
			CASE WHEN s = 'running' THEN now() END,
			CASE WHEN s IN ('cancelled', 'discarded', 'completed') THEN now() END
		FROM unnest(ARRAY['available', 'scheduled', 'pending', 'retryable', 'cancelled', 'discarded', 'completed', 'running']) s`)
	require.NoError(t, err)
	h, err := r.Health(ctx)
	require.NoError(t, err)
	require.Equal(t, jobs.Health{Waiting: 3, Retrying: 1, Failed: 2}, h)

	_, err = pool.Exec(ctx, `INSERT INTO river_job (args, kind, max_attempts, priority, queue, state)
		SELECT '{}', 'health_probe', 1, 1, 'default', 'available' FROM generate_series(1, 10001)`)
	require.NoError(t, err)
	h, err = r.Health(ctx)
	require.NoError(t, err)
	require.Equal(t, jobs.Health{Waiting: 10004, Retrying: 1, Failed: 2}, h)
}

// The emitting contexts and the relay agree on topic names, and on the password reset payload:
// what the account context emits decodes field for field into what the worker reads.
func TestTopicsMatchTheEmitters(t *testing.T) {
	t.Parallel()
	require.Equal(t, contact.TopicMessageReceived, jobs.TopicContactMessageReceived)
	require.Equal(t, newsletter.TopicConfirmationRequested, jobs.TopicNewsletterConfirmationRequested)
	require.Equal(t, account.TopicPasswordResetRequested, jobs.TopicPasswordResetRequested)
	require.Equal(t, order.TopicPaid, jobs.TopicOrderPaid)
	require.Equal(t, order.TopicRefundRequired, jobs.TopicOrderRefundRequired)
	require.Equal(t, order.TopicRefundRequested, jobs.TopicOrderRefundRequested)
	require.Equal(t, order.TopicShipped, jobs.TopicOrderShipped)
	require.Equal(t, order.TopicCancelled, jobs.TopicOrderCancelled)
	require.Equal(t, order.TopicRefunded, jobs.TopicOrderRefunded)
	require.Equal(t, catalog.TopicImageUploaded, jobs.TopicImageUploaded)
	require.Equal(t, catalog.TopicImageDeleted, jobs.TopicImageDeleted)
	require.Equal(t, event.Topic, jobs.TopicWebhookEvent)
	require.Equal(t, webhook.TopicDelivery, jobs.TopicWebhookDelivery)
	require.Equal(t, webhook.TopicEndpointDisabled, jobs.TopicWebhookEndpointDisabled)
	require.Equal(t, webhook.MaxAttempts, jobs.WebhookMaxAttempts)
	require.ElementsMatch(t, []string{"contact_message.received", "newsletter.confirmation_requested", "newsletter.subscribed", "password_reset.requested",
		"order.paid", "order.refund_required", "order.refund_requested", "order.shipped", "order.cancelled", "order.refunded", "image.uploaded", "image.deleted",
		"webhook.event", "webhook.delivery", "webhook.endpoint_disabled"}, jobs.Topics())

	emitted := account.PasswordResetRequested{AccountID: "8d1f0c7e-3a61-4b7a-9a51-0d1b5b0f3b11", Email: "jane@example.com",
		FirstName: "Jane", RequestedAt: time.Date(2026, 3, 3, 14, 5, 0, 123456789, time.UTC)}
	raw, err := json.Marshal(emitted)
	require.NoError(t, err)
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	var read jobs.PasswordResetPayload
	require.NoError(t, dec.Decode(&read), "every emitted field is one the worker knows: %s", raw)
	require.Equal(t, jobs.PasswordResetPayload{AccountID: emitted.AccountID, Email: emitted.Email, FirstName: emitted.FirstName,
		RequestedAt: emitted.RequestedAt}, read)
	back, err := json.Marshal(read)
	require.NoError(t, err)
	require.JSONEq(t, string(raw), string(back), "and every field the worker reads is emitted")
}

// A chore runs every period through a River job, and the jobs package's own chore (forgetting old
// sent-mail records) is among the chores.
func TestChoresRunPeriodically(t *testing.T) {
	t.Parallel()
	store := dbtest.Pool(t)
	ran := make(chan struct{}, 100)
	r := newRunner(t, store, runnerOpts{chores: []jobs.Chore{{Name: "test.sweep", Every: 200 * time.Millisecond,
		Run: func(context.Context) (int64, error) { ran <- struct{}{}; return 3, nil }}}})
	start(t, r)
	for range 2 {
		select {
		case <-ran:
		case <-time.After(30 * time.Second):
			t.Fatal("the chore did not run")
		}
	}
}

func TestChoresAreChecked(t *testing.T) {
	t.Parallel()
	store := dbtest.Pool(t)
	run := func(context.Context) (int64, error) { return 0, nil }
	for _, chores := range [][]jobs.Chore{
		{{Name: "", Every: time.Hour, Run: run}},
		{{Name: "x", Every: 0, Run: run}},
		{{Name: "x", Every: time.Hour, Run: run}, {Name: "x", Every: time.Hour, Run: run}},
	} {
		_, err := jobs.New(jobs.Config{Store: store, Jobs: store, Settings: settings.NewService(store),
			Logger: slog.New(slog.DiscardHandler), Chores: chores, ResetLinks: noResetLinks, OrderConfirmations: noOrders, OrderNotices: noNotices{}, Refunds: noRefunds, SendRefund: noRefunds,
			NewsletterLinks: newsletterLinks(newsletter.NewService(store)), Images: noImages})
		require.Error(t, err)
	}
	_, err := jobs.New(jobs.Config{Store: store, Jobs: store, Settings: settings.NewService(store), Logger: slog.New(slog.DiscardHandler)})
	require.ErrorContains(t, err, "ResetLinks", "a runner that could not send reset links is refused")
}

var confirmLinkRE = regexp.MustCompile(`https://shop\.atelier\.test/newsletter/confirm\?token=([A-Z2-7]{26})`)

// The newsletter confirmation e-mail carries a working confirmation link, the unsubscribe link in
// its footer, and List-Unsubscribe headers (one-click URL and the shop's mailbox) with
// List-Unsubscribe-Post. The link is made when the e-mail is sent: the token is in no job
// argument and no outbox row, and only its hash is stored.
func TestNewsletterConfirmationEmail(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool, srv, smtpURL := mailingShop(t, smtpmock.ConfigurationAttr{})
	svc := newsletter.NewService(pool, newsletter.WithLinks("https://shop.atelier.test", "https://api.atelier.test"))
	_, err := svc.Subscribe(ctx, "new.subscriber@example.com", "")
	require.NoError(t, err)
	r := newRunner(t, pool, runnerOpts{mail: sender(t, smtpURL), newsletter: newsletterLinks(svc)})
	start(t, r)
	waitForJobState(t, pool, "completed")
	msgs := delivered(srv)
	require.Len(t, msgs, 1)
	require.Equal(t, "RCPT TO:<new.subscriber@example.com>", msgs[0].RcpttoRequestResponse()[0][0])
	raw := strings.NewReplacer("=\r\n", "", "=3D", "=", "\r\n ", " ").Replace(msgs[0].MsgRequest())
	require.Contains(t, raw, "Subject: Please confirm your subscription to Atelier London")
	m := confirmLinkRE.FindStringSubmatch(raw)
	require.NotNil(t, m, "a confirmation link in %s", raw)
	token := m[1]
	unsubscribe := regexp.MustCompile(`https://shop\.atelier\.test/newsletter/unsubscribe\?token=([A-Za-z0-9_-]{64})`).FindStringSubmatch(raw)
	require.NotNil(t, unsubscribe, "an unsubscribe link in the footer")
	require.Contains(t, raw, "List-Unsubscribe: <https://api.atelier.test/api/v1/newsletter/unsubscribe?token="+unsubscribe[1]+
		">, <mailto:"+shopMailbox+"?subject=unsubscribe>\r\n")
	require.Contains(t, raw, "List-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n")

	var args []byte
	require.NoError(t, pool.QueryRow(ctx, `SELECT args FROM river_job`).Scan(&args))
	require.NotContains(t, string(args), token)
	require.NotContains(t, string(args), "token")
	var stored int
	require.NoError(t, pool.QueryRow(ctx, `SELECT count(*) FROM newsletter_confirmations WHERE token_hash = sha256(convert_to($1, 'UTF8'))`,
		token).Scan(&stored))
	require.Equal(t, 1, stored, "its hash is what the table keeps")

	email, err := svc.Confirm(ctx, token)
	require.NoError(t, err, "the e-mailed link works")
	require.Equal(t, "new.subscriber@example.com", email)
	require.NoError(t, svc.Unsubscribe(ctx, unsubscribe[1]), "and so does the unsubscribe link")
}

// Sign-ups queued before double opt-in (topic newsletter.subscribed, no requested_at) still leave
// the outbox, and their jobs are cancelled: nobody is mailed a welcome without confirming.
func TestPreOptInSignupIsCancelled(t *testing.T) {
	t.Parallel()
	pool := dbtest.Pool(t)
	srv, smtpURL := sink(t, smtpmock.ConfigurationAttr{})
	require.NoError(t, db.WithTx(context.Background(), pool, func(tx pgx.Tx) error {
		_, err := db.Emit(context.Background(), tx, jobs.TopicNewsletterSubscribed, map[string]string{"email": "old@example.com"})
		return err
	}))
	r := newRunner(t, pool, runnerOpts{mail: sender(t, smtpURL)})
	start(t, r)
	waitForJobState(t, pool, "cancelled")
	require.Zero(t, count(t, pool, "outbox"))
	require.Empty(t, delivered(srv))
}
