// Package jobs runs the shop's background work on River and feeds it from the transactional
// outbox (ARCHITECTURE §2): a domain change writes an outbox row in its own transaction, the
// relay here turns each row into exactly one River job, and idempotent workers do the follow-up
// (today: the e-mails). Nothing is lost if the process dies between a commit and the enqueue —
// the row waits in the outbox — and nothing happens for a change that rolled back.
//
// River supports PostgreSQL only, so its tables live in the jobs database: the store's own
// database by default, or JOBS_DATABASE_URL when the store runs on CockroachDB. See Relay for
// how the handoff stays exactly-once in both cases.
package jobs

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	mailer "github.com/atelier-commerce/atelier/backend/internal/mail"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivertype"
)

// Config is what the runner is built from.
type Config struct {
	// Store is the store's database: the outbox, mail_sent and the settings live there.
	Store *pgxpool.Pool
	// Jobs is the database with River's tables. Pass Store itself when they are one database:
	// the relay then hands rows over in a single transaction.
	Jobs *pgxpool.Pool
	// Settings gives the workers the shop's details and mailbox.
	Settings ShopSettings
	// Mail sends e-mail; nil when SMTP_URL is unset, and e-mail jobs then wait for it.
	Mail   *mailer.Sender
	Logger *slog.Logger
	// PollInterval is how often the relay looks at the outbox (default 500ms).
	PollInterval time.Duration
	// RetryPolicy overrides River's backoff (tests use it to keep a failed job observable).
	RetryPolicy river.ClientRetryPolicy
	// MailUnconfiguredWait is how long an e-mail job waits for SMTP_URL (default 1 minute).
	MailUnconfiguredWait time.Duration
	// Chores are the periodic clean-ups of the domain contexts.
	Chores []Chore
	// ResetLinks makes the link of a password reset e-mail when it is sent (the account
	// context's IssueResetLink). Required.
	ResetLinks ResetLinkFunc
	// OrderConfirmations gives the recipient and content of a paid order's confirmation (the
	// order context, read at send time). Required.
	OrderConfirmations OrderConfirmationFunc
	// OrderNotices gives the recipient and content of the e-mails about an order's later steps
	// (the order context's Notices, read at send time). Required.
	OrderNotices OrderNotices
	// Refunds returns the payment of an order through the provider (the order context). Required.
	Refunds func(ctx context.Context, orderID string) error
	// SendRefund asks the provider for one refund an admin made (the order context). Required.
	SendRefund func(ctx context.Context, refundID string) error
	// NewsletterLinks makes the links of a newsletter confirmation e-mail when it is sent (the
	// newsletter context's IssueConfirmation). Required.
	NewsletterLinks NewsletterLinkFunc
	// Images renders uploaded images and removes deleted ones (the catalogue and media). Required.
	Images ImageWork
	// Webhooks fans events out and delivers them (the webhook context). Without it webhook jobs
	// are cancelled; the app always sets it.
	Webhooks WebhookWork
	// Middleware wraps every job's insert and work (tracing, when it is on).
	Middleware []rivertype.Middleware
}

// NewsletterLinks are the links of a newsletter confirmation e-mail: the confirmation page (with a
// fresh single-use token) and when it expires, the unsubscribe page, and the one-click
// unsubscribe endpoint for the List-Unsubscribe header.
type NewsletterLinks struct {
	Confirm     string
	ExpiresAt   time.Time
	Unsubscribe string
	OneClick    string
}

// NewsletterLinkFunc returns the links for the sign-up of email at requestedAt. Like
// ResetLinkFunc, the token is made only here, at send time; errors apperr classifies as
// FailedPrecondition, NotFound or Invalid (expired request, confirmed or unsubscribed meanwhile)
// cancel the job.
type NewsletterLinkFunc func(ctx context.Context, email string, requestedAt time.Time) (NewsletterLinks, error)

// OrderConfirmationFunc returns who a paid order's confirmation goes to and what it says. Errors
// apperr classifies as FailedPrecondition, NotFound or Invalid cancel the job.
type OrderConfirmationFunc func(ctx context.Context, orderID string) (to string, data mailer.OrderConfirmation, err error)

// OrderNotices composes the e-mails that follow an order after it is paid: shipped, cancelled
// and refunded (one per refund). Like OrderConfirmationFunc, each reads the order when the e-mail
// is sent; errors apperr classifies as FailedPrecondition, NotFound or Invalid (the order is not,
// or no longer, where the e-mail would say) cancel the job.
type OrderNotices interface {
	Shipped(ctx context.Context, orderID string) (to string, data mailer.OrderShipped, err error)
	Cancelled(ctx context.Context, orderID string) (to string, data mailer.OrderCancelled, err error)
	Refunded(ctx context.Context, orderID, refundID string) (to string, data mailer.OrderRefunded, err error)
}

// ResetLinkFunc returns a fresh password reset link, and when it expires, for the request that
// accountID made from email at requestedAt. The raw token is made only here, at send time, so
// it never sits in the outbox or in a job's arguments. An error that apperr classifies as
// FailedPrecondition, NotFound or Invalid (e.g. a request older than a link's lifetime, an
// account whose address changed) cancels the job; any other error is retried.
type ResetLinkFunc func(ctx context.Context, accountID, email string, requestedAt time.Time) (url string, expiresAt time.Time, err error)

// Runner owns the River client and the relay.
type Runner struct {
	client *river.Client[pgx.Tx]
	relay  *Relay
	store  *pgxpool.Pool
	logger *slog.Logger

	mu         sync.Mutex
	stopRelay  context.CancelFunc
	relayDone  chan struct{}
	riverStart bool
}

// New builds the River client with every worker, and the relay. Nothing runs until Start.
func New(cfg Config) (*Runner, error) {
	if cfg.Store == nil || cfg.Jobs == nil || cfg.Settings == nil || cfg.Logger == nil || cfg.ResetLinks == nil ||
		cfg.OrderConfirmations == nil || cfg.OrderNotices == nil || cfg.Refunds == nil || cfg.SendRefund == nil || cfg.NewsletterLinks == nil ||
		cfg.Images.Render == nil || cfg.Images.Fail == nil || cfg.Images.Remove == nil {
		return nil, errors.New("jobs.New: Store, Jobs, Settings, Logger, ResetLinks, OrderConfirmations, OrderNotices, Refunds, SendRefund, NewsletterLinks and Images are required")
	}
	if cfg.Webhooks.MaxAttempts != 0 && cfg.Webhooks.MaxAttempts != WebhookMaxAttempts {
		return nil, fmt.Errorf("jobs.New: webhook deliveries are inserted with %d attempts, the webhook context plans %d", WebhookMaxAttempts, cfg.Webhooks.MaxAttempts)
	}
	if cfg.PollInterval <= 0 {
		cfg.PollInterval = 500 * time.Millisecond
	}
	if cfg.MailUnconfiguredWait <= 0 {
		cfg.MailUnconfiguredWait = time.Minute
	}
	deps := &workerDeps{store: cfg.Store, settings: cfg.Settings, sender: cfg.Mail,
		logger: cfg.Logger.With("component", "mail"), unconfiguredWait: cfg.MailUnconfiguredWait}
	workers := river.NewWorkers()
	river.AddWorker(workers, &emailWorker[PasswordResetEmail]{deps: deps, compose: composePasswordReset(cfg.ResetLinks)})
	river.AddWorker(workers, &emailWorker[ContactMessageEmail]{deps: deps, compose: composeContactMessage})
	river.AddWorker(workers, &emailWorker[NewsletterConfirmationEmail]{deps: deps, compose: composeNewsletterConfirmation(cfg.NewsletterLinks)})
	river.AddWorker(workers, &emailWorker[OrderConfirmationEmail]{deps: deps, compose: composeOrderConfirmation(cfg.OrderConfirmations)})
	river.AddWorker(workers, &emailWorker[OrderShippedEmail]{deps: deps, compose: composeOrderShipped(cfg.OrderNotices)})
	river.AddWorker(workers, &emailWorker[OrderCancelledEmail]{deps: deps, compose: composeOrderCancelled(cfg.OrderNotices)})
	river.AddWorker(workers, &emailWorker[OrderRefundedEmail]{deps: deps, compose: composeOrderRefunded(cfg.OrderNotices)})
	river.AddWorker(workers, &refundWorker{refund: cfg.Refunds, refundOne: cfg.SendRefund, logger: cfg.Logger.With("component", "payments")})
	river.AddWorker(workers, &renditionWorker{work: cfg.Images, logger: cfg.Logger.With("component", "media")})
	river.AddWorker(workers, &removalWorker{work: cfg.Images})
	river.AddWorker(workers, &emailWorker[WebhookDisabledEmail]{deps: deps, compose: composeWebhookDisabled})
	river.AddWorker(workers, &webhookFanOutWorker{work: cfg.Webhooks})
	river.AddWorker(workers, &webhookDeliveryWorker{work: cfg.Webhooks, logger: cfg.Logger.With("component", "webhooks")})
	periodic, err := periodicChores(workers, append([]Chore{pruneMailSent(cfg.Store)}, cfg.Chores...), cfg.Logger.With("component", "chores"))
	if err != nil {
		return nil, err
	}

	client, err := river.NewClient(riverpgxv5.New(cfg.Jobs), &river.Config{
		Queues: map[string]river.QueueConfig{
			river.QueueDefault: {MaxWorkers: 4},
			MailQueue:          {MaxWorkers: 4},
			MediaQueue:         {MaxWorkers: 1},
			WebhookQueue:       {MaxWorkers: 8},
		},
		Workers:      workers,
		PeriodicJobs: periodic,
		Logger:       slog.New(warnFloor{cfg.Logger.Handler()}).With("component", "river"),
		RetryPolicy:  cfg.RetryPolicy,
		Middleware:   cfg.Middleware,
	})
	if err != nil {
		return nil, fmt.Errorf("jobs.New: river client: %w", err)
	}
	sameDB := cfg.Store == cfg.Jobs
	return &Runner{
		client: client,
		relay:  newRelay(cfg.Store, client, sameDB, cfg.PollInterval, cfg.Logger.With("component", "outbox")),
		store:  cfg.Store,
		logger: cfg.Logger,
	}, nil
}

// Client is the River client, e.g. for River's UI or for inserting jobs directly.
func (r *Runner) Client() *river.Client[pgx.Tx] { return r.client }

// Relay is the outbox relay.
func (r *Runner) Relay() *Relay { return r.relay }

// Start starts River's workers and the relay. ctx bounds only the start: the runner keeps going
// until Stop (cancelling ctx later does not abort jobs half-way, which Stop does gracefully).
func (r *Runner) Start(ctx context.Context) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.relayDone != nil {
		return errors.New("jobs.Start: already started")
	}
	if err := r.client.Start(context.WithoutCancel(ctx)); err != nil {
		return fmt.Errorf("jobs.Start: river: %w", err)
	}
	r.riverStart = true
	relayCtx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	r.stopRelay, r.relayDone = cancel, make(chan struct{})
	go func() {
		defer close(r.relayDone)
		r.relay.Run(relayCtx)
	}()
	return nil
}

// Stop stops the relay, then River: jobs in progress get until ctx's deadline to finish, after
// which they are cancelled (and, being idempotent, run again after the next start).
func (r *Runner) Stop(ctx context.Context) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.relayDone == nil {
		return nil
	}
	r.stopRelay()
	<-r.relayDone
	if !r.riverStart {
		return nil
	}
	r.riverStart = false
	if err := r.client.Stop(ctx); err != nil {
		r.logger.Warn("jobs still running at the shutdown deadline; cancelling them", "error", err.Error())
		hardCtx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := r.client.StopAndCancel(hardCtx); err != nil {
			return fmt.Errorf("jobs.Stop: %w", err)
		}
	}
	return nil
}

// Health is the queue at a glance, for the status page.
type Health struct {
	Waiting   int // available, scheduled or pending
	Retrying  int // failed at least once, will run again
	Failed    int // cancelled or discarded (kept for River's retention period)
	Unrelayed int // outbox events not yet handed to River
	// OldestUnrelayed is when the oldest of those was written; zero when none wait.
	OldestUnrelayed time.Time
}

// healthPage is how many jobs Health reads at a time (River's largest page).
const healthPage = 10_000

// Health counts jobs by state and outbox rows. It proves River's tables answer. The jobs are
// read through River's client rather than its tables, whose layout is River's to change; the
// counted states stay few (waiting work, and failures River keeps only for its retention
// period), and the outbox is kept near empty by the relay.
func (r *Runner) Health(ctx context.Context) (Health, error) {
	var h Health
	params := river.NewJobListParams().First(healthPage).States(
		rivertype.JobStateAvailable, rivertype.JobStateScheduled, rivertype.JobStatePending,
		rivertype.JobStateRetryable, rivertype.JobStateCancelled, rivertype.JobStateDiscarded)
	for {
		page, err := r.client.JobList(ctx, params)
		if err != nil {
			return h, fmt.Errorf("jobs.Health: %w", err)
		}
		for _, job := range page.Jobs {
			switch job.State {
			case rivertype.JobStateRetryable:
				h.Retrying++
			case rivertype.JobStateCancelled, rivertype.JobStateDiscarded:
				h.Failed++
			default:
				h.Waiting++
			}
		}
		if len(page.Jobs) < healthPage {
			break
		}
		params = params.After(page.LastCursor)
	}
	n, oldest, err := countOutbox(ctx, r.store)
	if err != nil {
		return h, fmt.Errorf("jobs.Health: outbox: %w", err)
	}
	h.Unrelayed, h.OldestUnrelayed = n, oldest
	return h, nil
}

// warnFloor keeps River's own informational chatter (producer counts every few seconds) out of
// the log; its warnings and errors still come through.
type warnFloor struct{ slog.Handler }

func (w warnFloor) Enabled(ctx context.Context, l slog.Level) bool {
	return l >= slog.LevelWarn && w.Handler.Enabled(ctx, l)
}

func (w warnFloor) WithAttrs(attrs []slog.Attr) slog.Handler {
	return warnFloor{w.Handler.WithAttrs(attrs)}
}

func (w warnFloor) WithGroup(name string) slog.Handler { return warnFloor{w.Handler.WithGroup(name)} }
