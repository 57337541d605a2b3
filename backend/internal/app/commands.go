package app

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"path/filepath"
	"strings"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/config"
	"github.com/atelier-commerce/atelier/backend/internal/db"
	"github.com/atelier-commerce/atelier/backend/internal/localpg"
	"github.com/atelier-commerce/atelier/backend/internal/mailcatcher"
	"github.com/atelier-commerce/atelier/backend/internal/seed"
)

// Migrate applies pending migrations.
func Migrate(ctx context.Context, cfg config.Config, logger *slog.Logger) error {
	if cfg.DatabaseURL == "" {
		return fmt.Errorf("migrate: DATABASE_URL is not set")
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
			return fmt.Errorf("migrate: jobs database: %w", err)
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
	})
	if err != nil {
		return err
	}
	a.logger.Info("seeded demo shop", "products", stats.Products, "images_rendered", stats.ImagesRendered,
		"took", time.Since(start).Round(time.Millisecond).String())
	return nil
}

// Serve runs the API server until ctx ends.
func Serve(ctx context.Context, cfg config.Config, logger *slog.Logger) error {
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
// PostgreSQL cluster under DATA_DIR, then migrates, seeds and serves.
func Dev(ctx context.Context, cfg config.Config, logger *slog.Logger, stdout io.Writer) error {
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
		inbox = "  Mail (dev inbox)  http://" + catcher.HTTPAddr + "\n"
	}
	a, err := New(ctx, cfg, logger)
	if err != nil {
		return err
	}
	defer a.Close()
	if err := a.seed(ctx); err != nil {
		return err
	}
	if err := a.startJobs(ctx); err != nil {
		return err
	}
	defer a.stopJobs()
	return a.Serve(ctx, func(addr string) {
		base := cfg.PublicURL
		fmt.Fprintf(stdout, "\n  Atelier API      %s/api/v1/products\n  API docs         %s/api/docs\n  Database         %s\n%s  Stop with Ctrl-C\n\n",
			base, base, redact(cfg.DatabaseURL), inbox)
	})
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
