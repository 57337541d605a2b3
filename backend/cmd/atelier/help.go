package main

import (
	"fmt"
	"io"

	"github.com/atelier-commerce/atelier/backend/internal/app"
)

const usage = `usage: atelier <command> [arguments]

commands:
  serve     run the API server (needs DATABASE_URL)
  migrate   apply database migrations
  seed      load the demo shop (idempotent)
  dev       start a local database if DATABASE_URL is unset, migrate, seed and serve
  admin     create --email ADDRESS [--first-name NAME] [--last-name NAME]: create or promote an
            admin (password from ATELIER_ADMIN_PASSWORD or one line on stdin);
            reset-2fa --email ADDRESS: turn an account's two-factor authentication off
  version   print the version of this binary and the Go it was built with
  help      describe a command: atelier help [COMMAND]

Configuration comes from environment variables only; the README's configuration table lists them.
`

// command is what run knows about a command besides how to run it.
type command struct{ help string }

// commands are the commands that need the configuration; help and version need none.
var commands = map[string]command{
	"serve": {`usage: atelier serve

Runs the API server on API_ADDR (default :8080) with the background jobs, until SIGTERM or
Ctrl-C, then drains requests in flight for up to SHUTDOWN_TIMEOUT.

Needs DATABASE_URL (a migrated database: see atelier migrate), and either the Stripe keys
(STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET) or PAYMENT_TEST_MODE=on for
the labelled test payment mode. Admins must use two-factor authentication (ADMIN_2FA=required,
the default). Every variable is in the README's configuration table.
`},
	"migrate": {`usage: atelier migrate

Applies the pending migrations of the store's database (DATABASE_URL), then River's job tables
in the jobs database (JOBS_DATABASE_URL, default the store's). Safe to run again.
`},
	"seed": {`usage: atelier seed

Loads the demo shop into DATABASE_URL: products, delivery options, settings and pages. Running it
again updates them in place. The first run draws the product images (about half a minute; it
logs its progress); later runs keep them. Run atelier migrate first.
`},
	"dev": {`usage: atelier dev

Runs the shop for development: without DATABASE_URL it starts (or reuses) a throw-away
PostgreSQL cluster under DATA_DIR (default .data), then migrates, seeds (the first time draws
the product images, with progress), creates the demo accounts and serves. Without SMTP_URL,
e-mail goes to a local inbox whose address it prints. Payments run in test mode unless Stripe
keys are set; admins may skip two-factor authentication unless ADMIN_2FA=required.
`},
	"admin": {app.AdminUsage},
}

// help runs "atelier help [COMMAND]".
func help(args []string, stdout, stderr io.Writer) error {
	switch {
	case len(args) == 0:
		fmt.Fprint(stdout, usage)
		return nil
	case len(args) > 1:
		fmt.Fprint(stderr, usage)
		return fmt.Errorf("help: expected one command, got %q", args)
	case args[0] == "help":
		fmt.Fprint(stdout, usage)
		return nil
	case args[0] == "version":
		fmt.Fprint(stdout, "usage: atelier version\n\nPrints the version of this binary (its module version and commit) and the Go it was built with.\n")
		return nil
	}
	cmd, ok := commands[args[0]]
	if !ok {
		fmt.Fprint(stderr, usage)
		return fmt.Errorf("help: unknown command %q", args[0])
	}
	fmt.Fprint(stdout, cmd.help)
	return nil
}
