// Package app is the composition root: it builds the services from configuration, lists every
// route, and runs the binary's commands (serve, migrate, seed, dev).
package app

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/account"
	"github.com/atelier-commerce/atelier/backend/internal/api"
	"github.com/atelier-commerce/atelier/backend/internal/apikey"
	"github.com/atelier-commerce/atelier/backend/internal/authz"
	"github.com/atelier-commerce/atelier/backend/internal/cart"
	"github.com/atelier-commerce/atelier/backend/internal/catalog"
	"github.com/atelier-commerce/atelier/backend/internal/checkout"
	"github.com/atelier-commerce/atelier/backend/internal/config"
	"github.com/atelier-commerce/atelier/backend/internal/contact"
	"github.com/atelier-commerce/atelier/backend/internal/content"
	"github.com/atelier-commerce/atelier/backend/internal/db"
	"github.com/atelier-commerce/atelier/backend/internal/jobs"
	"github.com/atelier-commerce/atelier/backend/internal/mail"
	"github.com/atelier-commerce/atelier/backend/internal/media"
	"github.com/atelier-commerce/atelier/backend/internal/netguard"
	"github.com/atelier-commerce/atelier/backend/internal/newsletter"
	"github.com/atelier-commerce/atelier/backend/internal/order"
	"github.com/atelier-commerce/atelier/backend/internal/payment"
	"github.com/atelier-commerce/atelier/backend/internal/ratelimit"
	"github.com/atelier-commerce/atelier/backend/internal/settings"
	"github.com/atelier-commerce/atelier/backend/internal/shipping"
	"github.com/atelier-commerce/atelier/backend/internal/status"
	"github.com/atelier-commerce/atelier/backend/internal/telemetry"
	"github.com/atelier-commerce/atelier/backend/internal/throttle"
	"github.com/atelier-commerce/atelier/backend/internal/webhook"
	"github.com/atelier-commerce/atelier/backend/internal/wishlist"
	"github.com/jackc/pgx/v5/pgxpool"
	"riverqueue.com/riverui"
)

// App holds the process's long-lived parts.
type App struct {
	cfg        config.Config
	logger     *slog.Logger
	pool       *pgxpool.Pool
	media      *media.Store
	catalog    *catalog.Service
	shipping   *shipping.Service
	settings   *settings.Service
	content    *content.Service
	carts      *cart.Service
	wishlists  *wishlist.Service
	newsletter *newsletter.Service
	contact    *contact.Service
	accounts   *account.Service
	status     *status.Service

	// Payments: the provider (Stripe, or the test mode when testPayments is set), the receiver of
	// its events, and the services that place and move orders.
	payments      payment.Provider
	testPayments  *payment.TestProvider
	paymentEvents *api.PaymentEvents
	orders        *order.Service
	checkout      *checkout.Service
	// authn says who a session token belongs to, keys whose an API key is; authorizer says what
	// their role or scopes may call; limits count their requests.
	authn      api.Authenticator
	keys       *apikey.Service
	keyAuth    api.KeyAuthenticator // keys, but for tests' fixed keys
	authorizer *authz.Authorizer
	limits     api.RateLimits
	// imageIntake checks and stores uploaded images (the media library; tests swap in a fake).
	imageIntake api.ImageIntake
	// webhooks registers partners' endpoints and delivers events to them.
	webhooks *webhook.Service

	// Background jobs and e-mail: jobsPool is River's database (the store's pool itself unless
	// JOBS_DATABASE_URL is set); mailer is nil when SMTP_URL is unset; jobs runs only in serve
	// and dev (startJobs), never in migrate or seed.
	jobsPool *pgxpool.Pool
	mailer   *mail.Sender
	jobs     *jobs.Runner
	// riverUI is River's UI as last mounted by routeTable; Serve starts its background work.
	riverUI *riverui.Handler
	// tracing records and exports spans when OTEL_EXPORTER_OTLP_ENDPOINT is set (or a test gave a
	// provider); otherwise it is off and nothing is traced.
	tracing *telemetry.Tracing
}

// Option adjusts what New builds.
type Option func(*options)

type options struct{ tracing *telemetry.Tracing }

// WithTracing traces with t rather than by configuration (tests record spans in memory).
func WithTracing(t *telemetry.Tracing) Option { return func(o *options) { o.tracing = t } }

// New connects to the database and media bucket and builds the services.
func New(ctx context.Context, cfg config.Config, logger *slog.Logger, opts ...Option) (*App, error) {
	if cfg.DatabaseURL == "" {
		return nil, errors.New("DATABASE_URL is not set (the dev command starts a local database by itself)")
	}
	var o options
	for _, opt := range opts {
		opt(&o)
	}
	tracing := o.tracing
	if tracing == nil && cfg.OTLPEndpoint != "" {
		var err error
		if tracing, err = telemetry.NewOTLPTracing(ctx, cfg.OTLPEndpoint, cfg.OTelServiceName); err != nil {
			return nil, err
		}
	}
	db.SetWriteConcurrency(cfg.DBWriteConcurrency)
	pool, err := db.Open(ctx, cfg.DatabaseURL, db.WithTracer(tracing.QueryTracer()))
	if err != nil {
		_ = tracing.Shutdown(ctx)
		return nil, err
	}
	store, err := media.Open(ctx, cfg.MediaBucketURL, cfg.PublicURL)
	if err != nil {
		pool.Close()
		return nil, err
	}
	authorizer, err := authz.New()
	if err != nil {
		pool.Close()
		_ = store.Close()
		return nil, err
	}
	ship := shipping.NewService(pool)
	settingsSvc := settings.NewService(pool)
	accounts := newAccounts(pool, cfg)
	keys := apikey.NewService(pool)
	carts := cart.NewService(pool, ship, cart.WithNewCartLimit(throttle.PerHour(cfg.CartsPerIPPerHour)))
	subscriptions := newsletter.NewService(pool,
		newsletter.WithLimits(throttle.Hourly(cfg.NewsletterSignupsPerIPPerHour, cfg.NewsletterSignupsPerEmailPerHour)),
		newsletter.WithLinks(cfg.StorefrontURL, cfg.PublicURL))
	messages := contact.NewService(pool,
		contact.WithLimits(throttle.Hourly(cfg.ContactMessagesPerIPPerHour, cfg.ContactMessagesPerEmailPerHour)))
	a := &App{
		cfg:        cfg,
		logger:     logger,
		pool:       pool,
		media:      store,
		catalog:    catalog.NewService(pool, cfg.CatalogCacheTTL),
		shipping:   ship,
		settings:   settingsSvc,
		content:    content.NewService(pool),
		carts:      carts,
		wishlists:  wishlist.NewService(pool),
		newsletter: subscriptions,
		contact:    messages,
		accounts:   accounts,
		authn:      accounts,
		keys:       keys,
		keyAuth:    keys,
		authorizer: authorizer,
		limits: api.RateLimits{
			PerKey:    ratelimit.New(ratelimit.PerMinute(cfg.RateLimitPerKey), time.Now),
			PerClient: ratelimit.New(ratelimit.PerMinute(cfg.RateLimitPerClient), time.Now),
			Unlimited: func(ip string) bool { return trustedAddress(ip, cfg.TrustedProxies) },
		},
		jobsPool: pool,
		webhooks: webhook.NewService(pool, netguard.New(nil, cfg.WebhookAllowLoopback)),
		tracing:  tracing,

		imageIntake: mediaIntake{store},
	}
	if err := a.newPayments(ctx); err != nil {
		a.Close()
		return nil, err
	}
	if err := a.newJobs(ctx); err != nil {
		a.Close()
		return nil, err
	}
	// The page is public: each probe (an SMTP conversation among them) runs at most every 15 s.
	a.status = status.NewService(logger, statusChecks(pool, a.jobs, a.mailer, a.payments)...).CacheFor(15 * time.Second)
	return a, nil
}

// newAccounts builds the account service from configuration; the admin command uses it without
// the rest of the app.
func newAccounts(pool *pgxpool.Pool, cfg config.Config, opts ...account.Option) *account.Service {
	limits := account.DefaultLimits
	if cfg.RegistrationsPerIPPerHour > 0 {
		limits.RegisterPerIP.Max = cfg.RegistrationsPerIPPerHour
	}
	opts = append([]account.Option{account.WithLimits(limits)}, opts...)
	return account.NewService(pool, account.Settings{
		SessionTTL:       cfg.SessionTTL,
		PasswordResetTTL: cfg.PasswordResetTTL,
		StorefrontURL:    cfg.StorefrontURL,

		AdminTOTPOptional: cfg.AdminTOTPOptional(),
	}, opts...)
}

// newJobs connects the jobs database (when separate), the mail sender (when configured) and
// builds — without starting — the job runner.
func (a *App) newJobs(ctx context.Context) error {
	if a.cfg.JobsDatabaseURL != "" {
		jp, err := db.Open(ctx, a.cfg.JobsDatabaseURL, db.WithTracer(a.tracing.QueryTracer()))
		if err != nil {
			return fmt.Errorf("app.newJobs: jobs database: %w", err)
		}
		a.jobsPool = jp
	}
	if a.cfg.SMTPURL != "" {
		sender, err := mail.NewSender(a.cfg.SMTPURL, a.cfg.MailFrom)
		if err != nil {
			return err
		}
		a.mailer = sender
	}
	runner, err := jobs.New(jobs.Config{Store: a.pool, Jobs: a.jobsPool, Settings: a.settings, Mail: a.mailer,
		Logger: a.logger, PollInterval: a.cfg.OutboxPollInterval, Middleware: a.tracing.JobMiddleware(),
		Chores: []jobs.Chore{
			{Name: "accounts.prune", Every: time.Hour, Run: a.accounts.Prune},
			{Name: "throttle.prune", Every: time.Hour, Run: func(ctx context.Context) (int64, error) {
				return throttle.Prune(ctx, a.pool, time.Now())
			}},
			// Unpaid orders give their stock back within a minute of their reservation lapsing.
			{Name: "orders.expire", Every: time.Minute, Run: a.orders.ExpireDue},
			{Name: "payments.reconcile", Every: 5 * time.Minute, Run: a.orders.Reconcile},
			{Name: "refunds.reconcile", Every: 5 * time.Minute, Run: a.orders.ReconcileRefunds},
			{Name: "webhooks.prune", Every: 24 * time.Hour, Run: a.webhooks.Prune},
			{Name: "payments.prune_events", Every: 24 * time.Hour, Run: func(ctx context.Context) (int64, error) {
				return payment.PruneEvents(ctx, a.pool)
			}},
		},
		ResetLinks: a.accounts.IssueResetLink, Refunds: a.orders.RefundPayment, SendRefund: a.orders.SendRefund,
		OrderConfirmations: order.Confirmations{Orders: a.orders, StorefrontURL: a.cfg.StorefrontURL,
			CountryName: checkout.CountryName}.Compose,
		OrderNotices: order.Notices{Orders: a.orders, StorefrontURL: a.cfg.StorefrontURL, CountryName: checkout.CountryName},
		NewsletterLinks: func(ctx context.Context, email string, requestedAt time.Time) (jobs.NewsletterLinks, error) {
			l, err := a.newsletter.IssueConfirmation(ctx, email, requestedAt)
			return jobs.NewsletterLinks(l), err
		},
		Images: imageWork(a.media, a.catalog), Webhooks: webhookWork(a.webhooks)})
	if err != nil {
		return err
	}
	a.jobs = runner
	return nil
}

// webhookWork is the webhook context's work as the jobs call it.
func webhookWork(s *webhook.Service) jobs.WebhookWork {
	return jobs.WebhookWork{FanOut: s.RunFanOut, Deliver: s.RunDelivery, Backoff: webhook.Backoff, MaxAttempts: webhook.MaxAttempts}
}

// startJobs starts River's workers and the outbox relay (serve and dev only).
func (a *App) startJobs(ctx context.Context) error {
	if a.cfg.WebhookAllowLoopback {
		a.logger.Warn("WEBHOOK_ALLOW_LOOPBACK is on: webhook endpoints may point at this machine's loopback addresses (for tests only)")
	}
	if a.mailer == nil {
		a.logger.Warn("SMTP_URL is not set: e-mails are queued but not sent until it is")
	}
	if len(a.cfg.TrustedProxies) == 0 {
		// Every limit per client address then counts the storefront (or the proxy in front) as
		// one client for all its shoppers: the whole shop would share 30 new carts an hour.
		a.logger.Warn("TRUSTED_PROXIES is not set: each request's direct peer is taken as its client; " +
			"behind the storefront or a reverse proxy, list their addresses so that limits count shoppers")
	}
	// The AVIF encoder compiles on the first image job (seconds, and about 45 MiB), not here:
	// warming it at every start doubled an idle server's memory for a cost only uploads pay,
	// off the request path.
	return a.jobs.Start(ctx)
}

// stopJobs stops the relay and lets running jobs finish within the shutdown timeout.
func (a *App) stopJobs() {
	ctx, cancel := context.WithTimeout(context.Background(), a.cfg.ShutdownTimeout)
	defer cancel()
	if err := a.jobs.Stop(ctx); err != nil {
		a.logger.Warn("stopping background jobs", "error", err.Error())
	}
}

// statusChecks are the status page's checks in the order it lists them.
func statusChecks(pool *pgxpool.Pool, runner *jobs.Runner, mailer *mail.Sender, payments payment.Provider) []status.Check {
	mailCheck := status.Mail(nil) // a nil *mail.Sender must not become a non-nil interface
	if mailer != nil {
		mailCheck = status.Mail(mailer)
	}
	return []status.Check{
		status.Database(pool),
		status.Jobs(func(ctx context.Context) (status.JobCounts, error) {
			h, err := runner.Health(ctx)
			return status.JobCounts{Waiting: h.Waiting, Retrying: h.Retrying, Failed: h.Failed, Unrelayed: h.Unrelayed}, err
		}),
		paymentsCheck(payments),
		mailCheck,
	}
}

// Close releases the pools and bucket.
func (a *App) Close() {
	if a.jobsPool != nil && a.jobsPool != a.pool {
		a.jobsPool.Close()
	}
	a.pool.Close()
	_ = a.media.Close()
	// The last spans (shutdown's own) go out before the process does.
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := a.tracing.Shutdown(ctx); err != nil {
		a.logger.Warn("exporting the last traces", "error", err.Error())
	}
}

// Handler returns the whole HTTP surface.
func (a *App) Handler() (http.Handler, error) { return a.routes() }

// Serve listens on the configured address until ctx ends, then drains in-flight requests.
func (a *App) Serve(ctx context.Context, ready func(addr string)) error {
	handler, err := a.Handler()
	if err != nil {
		return err
	}
	if err := a.startJobsUI(ctx); err != nil {
		return err
	}
	ln, err := new(net.ListenConfig).Listen(ctx, "tcp", a.cfg.APIAddr)
	if err != nil {
		return fmt.Errorf("app.Serve: listen %s: %w", a.cfg.APIAddr, err)
	}
	srv := &http.Server{
		Handler:           handler,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       15 * time.Second,
		WriteTimeout:      30 * time.Second,
		IdleTimeout:       120 * time.Second,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          slog.NewLogLogger(a.logger.Handler(), slog.LevelWarn),
		BaseContext:       func(net.Listener) context.Context { return context.WithoutCancel(ctx) },
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	if ready != nil {
		ready(ln.Addr().String())
	}
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	a.logger.Info("shutting down", "grace", a.cfg.ShutdownTimeout.String())
	shutdownCtx, cancel := context.WithTimeout(context.Background(), a.cfg.ShutdownTimeout)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil {
		return fmt.Errorf("app.Serve: shutdown: %w", err)
	}
	return nil
}

// NewLogger builds the process logger from configuration.
func NewLogger(cfg config.Config, w io.Writer) *slog.Logger {
	var level slog.Level
	_ = level.UnmarshalText([]byte(cfg.LogLevel))
	opts := &slog.HandlerOptions{Level: level}
	if cfg.LogFormat == "json" {
		return slog.New(slog.NewJSONHandler(w, opts))
	}
	return slog.New(slog.NewTextHandler(w, opts))
}
