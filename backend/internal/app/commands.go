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
	a, err := New(ctx, cfg, logger)
	if err != nil {
		return err
	}
	defer a.Close()
	if err := a.seed(ctx); err != nil {
		return err
	}
	return a.Serve(ctx, func(addr string) {
		base := cfg.PublicURL
		fmt.Fprintf(stdout, "\n  Atelier API      %s/api/v1/products\n  API docs         %s/api/docs\n  Database         %s\n  Stop with Ctrl-C\n\n",
			base, base, redact(cfg.DatabaseURL))
	})
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
