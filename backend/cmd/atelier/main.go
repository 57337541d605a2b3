// Command atelier is the Atelier backend: one binary that migrates, seeds and serves the shop.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"
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

func run(ctx context.Context, args []string, getenv func(string) string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return errors.New("no command given")
	}
	name, rest := args[0], args[1:]
	// Help and the version come before the configuration: they must work with no environment
	// at all, or with one that is wrong (the help is what a user reads to put it right).
	switch name {
	case "help", "-h", "-help", "--help":
		return help(rest, stdout, stderr)
	case "version", "--version":
		fmt.Fprintln(stdout, version())
		return nil
	}
	cmd, ok := commands[name]
	if !ok {
		fmt.Fprint(stderr, usage)
		return fmt.Errorf("unknown command %q", name)
	}
	if slices.ContainsFunc(rest, isHelpFlag) {
		fmt.Fprint(stdout, cmd.help)
		return nil
	}
	cfg, err := config.Parse(getenv)
	if err != nil {
		return fmt.Errorf("configuration: %w", err)
	}
	logger := app.NewLogger(cfg, stderr)
	switch name {
	case "serve":
		return app.Serve(ctx, cfg, logger)
	case "migrate":
		return app.Migrate(ctx, cfg, logger)
	case "seed":
		return app.Seed(ctx, cfg, logger)
	case "dev":
		return app.Dev(ctx, cfg, logger, stdout)
	default: // admin
		return app.Admin(ctx, cfg, logger, rest, getenv, stdin, stdout)
	}
}

func isHelpFlag(arg string) bool { return arg == "-h" || arg == "-help" || arg == "--help" }
