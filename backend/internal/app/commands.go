package app

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net/netip"
	"path/filepath"
	"strings"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/account"
	"github.com/atelier-commerce/atelier/backend/internal/config"
	"github.com/atelier-commerce/atelier/backend/internal/db"
	"github.com/atelier-commerce/atelier/backend/internal/localpg"
	"github.com/atelier-commerce/atelier/backend/internal/mailcatcher"
	"github.com/atelier-commerce/atelier/backend/internal/seed"
)

// Migrate applies pending migrations.
func Migrate(ctx context.Context, cfg config.Config, logger *slog.Logger) error {
	if cfg.DatabaseURL == "" {
		return errors.New("migrate: DATABASE_URL is not set")
	}
	pool, err := db.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return err
	}
	defer pool.Close()
	applied, err := db.Migrate(ctx, pool)
	if err != nil {
		return err
	}
	logger.Info("migrated", "applied", applied)
	// River's tables, after ours, in the jobs database (the store's unless JOBS_DATABASE_URL).
	jobsPool := pool
	if cfg.JobsDatabaseURL != "" {
		if jobsPool, err = db.Open(ctx, cfg.JobsDatabaseURL); err != nil {
			return fmt.Errorf("app.Migrate: jobs database: %w", err)
		}
		defer jobsPool.Close()
	}
	riverApplied, err := db.MigrateJobs(ctx, jobsPool)
	if err != nil {
		return err
	}
	logger.Info("migrated job queue", "applied", riverApplied)
	return nil
}

// Seed loads the demo shop (idempotently).
func Seed(ctx context.Context, cfg config.Config, logger *slog.Logger) error {
	a, err := New(ctx, cfg, logger)
	if err != nil {
		return err
	}
	defer a.Close()
	return a.seed(ctx)
}

func (a *App) seed(ctx context.Context) error {
	start := time.Now()
	stats, err := seed.Load(ctx, seed.Deps{
		Catalog: a.catalog, Shipping: a.shipping, Settings: a.settings, Content: a.content, Media: a.media,
		Progress: drawingProgress(a.logger),
	})
	if err != nil {
		return err
	}
	a.logger.Info("seeded demo shop", "products", stats.Products, "images_rendered", stats.ImagesRendered,
		"took", time.Since(start).Round(time.Millisecond).String())
	return nil
}

// drawingProgress logs a first seed's drawing of the product images every tenth of the way: it
// takes half a minute on a laptop, which looked like a hang when it passed in silence.
func drawingProgress(logger *slog.Logger) func(drawn, total int) {
	last := -1
	return func(drawn, total int) {
		if tenth := drawn * 10 / total; tenth != last {
			last = tenth
			logger.Info("drawing product images", "progress", fmt.Sprintf("%d/%d", drawn, total))
		}
	}
}

// Serve runs the API server until ctx ends.
func Serve(ctx context.Context, cfg config.Config, logger *slog.Logger) error {
	// A production server whose Stripe keys went missing must not quietly take test cards as
	// payment: the test mode has to be asked for (the dev command always runs it).
	if !cfg.StripeConfigured() && !cfg.PaymentTestMode {
		return errors.New("no Stripe keys: set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET to take payments, " +
			"or PAYMENT_TEST_MODE=on to run the labelled test payment mode (test cards only)")
	}
	// Admins sign in with a second factor in production; only development may do without
	// (the dev command's printed demo admin has none).
	if cfg.AdminTOTPOptional() {
		return errors.New("ADMIN_2FA=optional is for development only (atelier dev): " +
			"serve requires two-factor authentication of admins; unset ADMIN_2FA or set it to required")
	}
	a, err := New(ctx, cfg, logger)
	if err != nil {
		return err
	}
	defer a.Close()
	if err := a.startJobs(ctx); err != nil {
		return err
	}
	defer a.stopJobs() // after the server has drained: requests in flight may still emit events
	return a.Serve(ctx, func(addr string) {
		logger.Info("serving", "addr", addr, "public_url", cfg.PublicURL)
	})
}

// Dev runs the shop for development: without DATABASE_URL it starts (or reuses) a throw-away
// PostgreSQL cluster under DATA_DIR, then migrates, seeds and serves. Two-factor authentication
// of admins is optional unless ADMIN_2FA says otherwise, so the printed demo admin signs in with
// its password alone.
func Dev(ctx context.Context, cfg config.Config, logger *slog.Logger, stdout io.Writer) error {
	if cfg.Admin2FA == "" {
		cfg.Admin2FA = config.Admin2FAOptional
	}
	if cfg.DatabaseURL == "" {
		cluster, err := localpg.Start(ctx, filepath.Join(cfg.DataDir, "postgres"))
		if err != nil {
			return err
		}
		if cluster.Owned() {
			defer func() {
				if err := cluster.Stop(); err != nil {
					logger.Warn("stopping local database", "error", err.Error())
				}
			}()
		}
		if err := cluster.CreateDatabase(ctx, "atelier", ""); err != nil {
			return err
		}
		cfg.DatabaseURL = cluster.URL("atelier")
		logger.Info("local database", "url", cfg.DatabaseURL, "data", cluster.Dir)
	}
	if err := Migrate(ctx, cfg, logger); err != nil {
		return err
	}
	if len(cfg.TrustedProxies) == 0 {
		// The development storefront calls the API from this machine on behalf of every shopper
		// and forwards each one's address; trusting loopback makes sign-in throttling count
		// shoppers rather than lock everyone out once the storefront's own address is "full".
		cfg.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8"), netip.MustParsePrefix("::1/128")}
	}
	var inbox string
	if cfg.SMTPURL == "" {
		catcher, err := startMailCatcher(cfg, logger)
		if err != nil {
			return err
		}
		defer func() {
			stopCtx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
			defer cancel()
			_ = catcher.Stop(stopCtx)
		}()
		cfg.SMTPURL = "smtp://" + catcher.SMTPAddr
		inbox = "  Mail (dev inbox) http://" + catcher.HTTPAddr + "\n"
	}
	a, err := New(ctx, cfg, logger)
	if err != nil {
		return err
	}
	defer a.Close()
	if err := a.seed(ctx); err != nil {
		return err
	}
	if err := a.seedAccounts(ctx); err != nil {
		return err
	}
	if err := a.startJobs(ctx); err != nil {
		return err
	}
	defer a.stopJobs()
	return a.Serve(ctx, func(addr string) {
		base := cfg.PublicURL
		fmt.Fprintf(stdout, "\n  Atelier API      %s/api/v1/products\n  API docs         %s/api/docs\n  Database         %s\n%s",
			base, base, redact(cfg.DatabaseURL), inbox)
		fmt.Fprintf(stdout, "  Demo accounts    (development only; never create these on a real shop)\n")
		for _, d := range demoAccounts {
			fmt.Fprintf(stdout, "    %-8s       %s / %s\n", d.role, d.profile.Email, d.password)
		}
		if cfg.AdminTOTPOptional() {
			fmt.Fprintf(stdout, "  Admin 2FA        optional (development; production requires it, ADMIN_2FA=required)\n")
		} else {
			fmt.Fprintf(stdout, "  Admin 2FA        required: an admin enrols on the storefront's My Account page\n")
		}
		if a.testPayments != nil {
			fmt.Fprintf(stdout, "  Payments         test mode (no Stripe keys): card 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined\n")
		} else {
			fmt.Fprintf(stdout, "  Payments         Stripe\n")
		}
		fmt.Fprintf(stdout, "  Stop with Ctrl-C\n\n")
	})
}

// demoAccounts are the development shop's sign-ins. Their passwords are public (printed above,
// used by the end-to-end tests), which is why only the dev command creates them.
var demoAccounts = []struct {
	profile  account.Profile
	password string
	role     account.Role
}{
	{account.Profile{FirstName: "Ava", LastName: "Sinclair", Email: "admin@atelier.test"}, "atelier-admin-demo", account.RoleAdmin},
	{account.Profile{FirstName: "Olivia", LastName: "Hart", Email: "customer@atelier.test"}, "atelier-customer-demo", account.RoleCustomer},
}

// seedAccounts creates the demo accounts that are missing and leaves existing ones alone, so a
// developer's changes (a new password, a promotion) survive a restart.
func (a *App) seedAccounts(ctx context.Context) error {
	for _, d := range demoAccounts {
		_, created, err := a.accounts.EnsureAccount(ctx, d.profile, d.password, d.role)
		if err != nil {
			return err
		}
		if created {
			a.logger.Info("created demo account", "email", d.profile.Email, "role", string(d.role))
		}
	}
	return nil
}

// AdminUsage describes the admin command (also printed by "atelier help admin").
const AdminUsage = `usage: atelier admin create --email ADDRESS [--first-name NAME] [--last-name NAME]
       atelier admin reset-2fa --email ADDRESS

create: creates an admin account, or gives an existing account the admin role (its password
unchanged). The password of a new account is read from ATELIER_ADMIN_PASSWORD if set, else as one
line on standard input; there is no password flag, so it never shows in the process list or shell
history.

reset-2fa: turns an account's two-factor authentication off and signs it out everywhere, for an
owner who lost both their authenticator app and their recovery codes (check who is asking first).
They sign in with the password and set it up again; an admin has no admin powers until then.
`

// Admin runs "atelier admin …": account administration from the command line.
func Admin(ctx context.Context, cfg config.Config, logger *slog.Logger, args []string, getenv func(string) string, stdin io.Reader, stdout io.Writer) error {
	if len(args) > 0 && args[0] == "reset-2fa" {
		return adminReset2FA(ctx, cfg, logger, args[1:], stdout)
	}
	if len(args) == 0 || args[0] != "create" {
		fmt.Fprint(stdout, AdminUsage)
		return errors.New("admin: expected the subcommand create or reset-2fa")
	}
	fs := flag.NewFlagSet("admin create", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	email := fs.String("email", "", "")
	first := fs.String("first-name", "Shop", "")
	last := fs.String("last-name", "Admin", "")
	if err := fs.Parse(args[1:]); err != nil {
		fmt.Fprint(stdout, AdminUsage)
		return fmt.Errorf("app.Admin: create: %w", err)
	}
	if fs.NArg() > 0 {
		fmt.Fprint(stdout, AdminUsage)
		return fmt.Errorf("admin create: unexpected argument %q", fs.Arg(0))
	}
	if strings.TrimSpace(*email) == "" {
		fmt.Fprint(stdout, AdminUsage)
		return errors.New("admin create: --email is required")
	}
	password := getenv("ATELIER_ADMIN_PASSWORD")
	if password == "" {
		line, err := bufio.NewReader(stdin).ReadString('\n')
		if err != nil && !errors.Is(err, io.EOF) {
			return fmt.Errorf("app.Admin: create: reading the password: %w", err)
		}
		password = strings.TrimRight(line, "\r\n")
	}
	if err := account.CheckPassword(password); err != nil {
		return fmt.Errorf("app.Admin: create: %w", err)
	}
	if cfg.DatabaseURL == "" {
		return errors.New("admin create: DATABASE_URL is not set")
	}
	pool, err := db.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return err
	}
	defer pool.Close()
	u, created, err := newAccounts(pool, cfg).CreateOrPromoteAdmin(ctx,
		account.Profile{FirstName: *first, LastName: *last, Email: *email}, password)
	if err != nil {
		return err
	}
	if created {
		fmt.Fprintf(stdout, "created admin account %s (%s %s)\n", u.Email, u.FirstName, u.LastName)
	} else {
		fmt.Fprintf(stdout, "promoted existing account %s to admin; its password is unchanged\n", u.Email)
	}
	if !cfg.AdminTOTPOptional() {
		fmt.Fprintf(stdout, "admin powers start once the account has set up two-factor authentication (sign in, My Account)\n")
	}
	logger.Info("admin account", "email", u.Email, "created", created)
	return nil
}

// adminReset2FA runs "atelier admin reset-2fa --email ADDRESS".
func adminReset2FA(ctx context.Context, cfg config.Config, logger *slog.Logger, args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("admin reset-2fa", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	email := fs.String("email", "", "")
	if err := fs.Parse(args); err != nil || fs.NArg() > 0 || strings.TrimSpace(*email) == "" {
		fmt.Fprint(stdout, AdminUsage)
		return errors.New("admin reset-2fa: --email ADDRESS is required (and nothing else)")
	}
	if cfg.DatabaseURL == "" {
		return errors.New("admin reset-2fa: DATABASE_URL is not set")
	}
	pool, err := db.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return err
	}
	defer pool.Close()
	had, err := newAccounts(pool, cfg).ResetTOTP(ctx, *email)
	if err != nil {
		return err
	}
	if had {
		fmt.Fprintf(stdout, "two-factor authentication of %s is off and its sessions ended; it can be set up again after signing in\n", strings.ToLower(strings.TrimSpace(*email)))
	} else {
		fmt.Fprintf(stdout, "%s had no two-factor authentication; nothing changed\n", strings.ToLower(strings.TrimSpace(*email)))
	}
	logger.Info("reset two-factor authentication", "email", *email, "had", had)
	return nil
}

// startMailCatcher starts the dev inbox on the configured addresses. A default address that is
// taken (another checkout running `just dev`) falls back to a free port — the banner prints the
// one bound; an address the user chose (the e2e suite does) is honoured or fails.
func startMailCatcher(cfg config.Config, logger *slog.Logger) (*mailcatcher.Catcher, error) {
	smtpAddr, httpAddr := cfg.MailCatcherSMTPAddr, cfg.MailCatcherAddr
	c, err := mailcatcher.Start(smtpAddr, httpAddr, logger)
	if err == nil {
		return c, nil
	}
	if smtpAddr != config.DefaultMailCatcherSMTPAddr && httpAddr != config.DefaultMailCatcherAddr {
		return nil, err
	}
	if smtpAddr == config.DefaultMailCatcherSMTPAddr {
		smtpAddr = "127.0.0.1:0"
	}
	if httpAddr == config.DefaultMailCatcherAddr {
		httpAddr = "127.0.0.1:0"
	}
	logger.Info("mail catcher: default ports taken, using free ones", "error", err.Error())
	return mailcatcher.Start(smtpAddr, httpAddr, logger)
}

// redact hides a password in a database URL before it is printed.
func redact(url string) string {
	at := strings.LastIndex(url, "@")
	scheme := strings.Index(url, "://")
	if at < 0 || scheme < 0 {
		return url
	}
	creds := url[scheme+3 : at]
	if user, _, ok := strings.Cut(creds, ":"); ok {
		return url[:scheme+3] + user + ":***" + url[at:]
	}
	return url
}
