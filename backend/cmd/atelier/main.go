// Command atelier is the Atelier backend: one binary that migrates, seeds and serves the shop.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/atelier-commerce/atelier/backend/internal/app"
	"github.com/atelier-commerce/atelier/backend/internal/config"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args[1:], os.Getenv, os.Stdin, os.Stdout, os.Stderr)
	stop() // before os.Exit, which would skip a deferred call
	if err != nil {
		fmt.Fprintln(os.Stderr, "atelier:", err)
		os.Exit(1)
	}
}

const usage = `usage: atelier <command>

commands:
  serve     run the API server (needs DATABASE_URL)
  migrate   apply database migrations
  seed      load the demo shop (idempotent)
  dev       start a local database if DATABASE_URL is unset, migrate, seed and serve
  admin     create --email ADDRESS [--first-name NAME] [--last-name NAME]: create or promote an
            admin (password from ATELIER_ADMIN_PASSWORD or one line on stdin)
`

func run(ctx context.Context, args []string, getenv func(string) string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return errors.New("no command given")
	}
	cfg, err := config.Parse(getenv)
	if err != nil {
		return fmt.Errorf("configuration: %w", err)
	}
	logger := app.NewLogger(cfg, stderr)
	switch args[0] {
	case "serve":
		return app.Serve(ctx, cfg, logger)
	case "migrate":
		return app.Migrate(ctx, cfg, logger)
	case "seed":
		return app.Seed(ctx, cfg, logger)
	case "dev":
		return app.Dev(ctx, cfg, logger, stdout)
	case "admin":
		return app.Admin(ctx, cfg, logger, args[1:], getenv, stdin, stdout)
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return nil
	default:
		fmt.Fprint(stderr, usage)
		return fmt.Errorf("unknown command %q", args[0])
	}
}
