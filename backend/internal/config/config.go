// Package config parses the process configuration from an injected getenv, so that nothing else
// reads the environment and tests can configure a server without touching process state.
package config

import (
	"errors"
	"fmt"
	"net"
	"net/mail"
	"net/netip"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// Config is everything the binary can be told from its environment.
type Config struct {
	// DatabaseURL is the store's PostgreSQL or CockroachDB URL. Empty means "start a local
	// throw-away cluster" for the dev command and is an error for the others.
	DatabaseURL string
	// APIAddr is the listen address of the HTTP server.
	APIAddr string
	// PublicURL is the externally visible base URL of the API, used to build absolute links
	// (image URLs). Never derived from request headers, which a client controls.
	PublicURL string
	// DataDir holds local state in development: the throw-away cluster and the media folder.
	DataDir string
	// BackOfficeDir is a folder holding the back office's build (Vite's index.html and assets/),
	// served under /admin/; empty serves none (in development Vite serves it, or a reverse proxy
	// does in production).
	BackOfficeDir string
	// MediaBucketURL is a gocloud.dev blob URL where product images live.
	MediaBucketURL string
	// LogFormat is "text" (development) or "json" (production).
	LogFormat string
	// LogLevel is debug, info, warn or error.
	LogLevel string
	// CatalogCacheTTL bounds how stale a cached public catalogue read may be; 0 disables caching.
	CatalogCacheTTL time.Duration
	// DBWriteConcurrency is how many write transactions this process runs at a time (1); the others
	// wait their turn (db.SetWriteConcurrency: under SERIALIZABLE, fewer at once conflict less).
	DBWriteConcurrency int
	// ShutdownTimeout is how long in-flight requests get to finish after SIGTERM.
	ShutdownTimeout time.Duration
	// StorefrontURL is the storefront's externally visible base URL, used to build links in
	// e-mails (password reset). Like PublicURL, never derived from request headers.
	StorefrontURL string
	// SessionTTL is how long a sign-in lasts.
	SessionTTL time.Duration
	// PasswordResetTTL is how long a password reset link works.
	PasswordResetTTL time.Duration
	// TrustedProxies are the networks of reverse proxies whose X-Forwarded-For is believed when
	// working out a client's address (for sign-in throttling). Empty: the direct peer is the
	// client, and X-Forwarded-For, which anyone can send, is ignored.
	TrustedProxies []netip.Prefix

	// Background jobs and e-mail (ARCHITECTURE §2).
	//
	// JobsDatabaseURL is the PostgreSQL database holding River's job tables. Empty means the
	// store's database; set it when the store runs on CockroachDB, which River does not support.
	JobsDatabaseURL string
	// OutboxPollInterval is how often the relay looks for new outbox events.
	OutboxPollInterval time.Duration
	// SMTPURL is the outgoing mail server: smtp://[user:pass@]host[:port][?tls=opportunistic|
	// required|none] (STARTTLS when offered, by default) or smtps://… (TLS from the first byte).
	// Empty means mail is not configured: e-mail jobs wait until it is (the dev command points it
	// at its own mail catcher).
	SMTPURL string
	// MailFrom is the From of every e-mail, e.g. "Atelier London <hello@atelier.test>".
	MailFrom string
	// MailCatcherAddr and MailCatcherSMTPAddr are where the dev command's mail catcher serves its
	// inbox (HTTP) and accepts mail (SMTP) when SMTP_URL is unset.
	MailCatcherAddr     string
	MailCatcherSMTPAddr string

	// Payments (ARCHITECTURE §2). Without Stripe keys the shop runs its test payment mode.
	//
	// StripeSecretKey (sk_… or rk_…) and StripePublishableKey (pk_…) turn Stripe on; both or
	// neither. StripeWebhookSecret (whsec_…) verifies Stripe's events and is then required.
	StripeSecretKey      string
	StripePublishableKey string
	StripeWebhookSecret  string
	// StripeAPIURL points the Stripe client elsewhere (stripe-mock); empty for Stripe itself.
	StripeAPIURL string
	// OrderReservationTTL is how long an unpaid order holds its stock before it is cancelled.
	OrderReservationTTL time.Duration
	// RegistrationsPerIPPerHour is how many accounts one client address may create an hour.
	RegistrationsPerIPPerHour int
	// Throttles against denial of inventory and mail floods: how much one client address (an
	// IPv6 client by its /64) or one e-mail address may do. Refusals answer 429 with Retry-After.
	//
	// CartsPerIPPerHour is how many guest carts one client address may start an hour.
	CartsPerIPPerHour int
	// UnpaidOrdersPerIP and UnpaidOrdersPerEmail are how many orders awaiting payment (with
	// their stock reserved) one client address and one e-mail address may hold at once;
	// ReservedUnitsPerIP and ReservedUnitsPerEmail how many units those orders may hold together
	// (an order placed with none awaiting payment is never refused for its size).
	UnpaidOrdersPerIP     int
	UnpaidOrdersPerEmail  int
	ReservedUnitsPerIP    int
	ReservedUnitsPerEmail int
	// ContactMessagesPerIPPerHour and ContactMessagesPerEmailPerHour bound the contact form (each
	// message e-mails the shop) per client address and per reply address.
	ContactMessagesPerIPPerHour    int
	ContactMessagesPerEmailPerHour int
	// NewsletterSignupsPerIPPerHour and NewsletterSignupsPerEmailPerHour bound newsletter
	// sign-ups (each unconfirmed one sends a confirmation e-mail) per client address and per address signed up.
	NewsletterSignupsPerIPPerHour    int
	NewsletterSignupsPerEmailPerHour int
	// API rate limits (requests a minute, counted in each API process: see package ratelimit).
	// RateLimitPerKey is how many requests one API key may make a minute; RateLimitPerClient how
	// many one client address may make without a key (an IPv6 client by its /64). 0 turns the
	// limit off. A trusted proxy forwarding no client address (the storefront's own calls) is
	// not limited; its shoppers are, by the addresses it forwards.
	RateLimitPerKey    int
	RateLimitPerClient int
	// CORSAllowedOrigins are the browser origins ("https://partner.example") whose pages may call
	// the API without a key; ["*"] allows any. Origins of live publishable keys may call it with
	// their key, whatever this says.
	CORSAllowedOrigins []string
	// PaymentTestMode lets `serve` run without Stripe keys, in the labelled test payment mode.
	PaymentTestMode bool
	// Observability (ARCHITECTURE §3b).
	//
	// MetricsEnabled serves Prometheus metrics at /metrics (METRICS_ENABLED=on); off, the path is
	// not served at all (404). MetricsToken is the bearer token a scraper must present; required
	// when metrics are on (at least 16 characters), so they are never public by accident.
	MetricsEnabled bool
	MetricsToken   string
	// OTLPEndpoint is OTEL_EXPORTER_OTLP_ENDPOINT: the base URL of an OTLP/HTTP collector (traces
	// go to its /v1/traces). Empty: no traces are recorded or sent.
	OTLPEndpoint string
	// OTelServiceName names this process in the trace viewer (OTEL_SERVICE_NAME, default atelier).
	OTelServiceName string

	// Admin2FA is ADMIN_2FA as given: "required" (an admin without two-factor authentication
	// has only a customer's powers until they enrol), "optional" (development only: `serve`
	// refuses it), or "" when unset, which means required except for the dev command.
	Admin2FA string
	// WebhookAllowLoopback (WEBHOOK_ALLOW_LOOPBACK=true) lets webhook endpoints be http:// or
	// https:// URLs of loopback addresses (127.0.0.1, ::1). For tests only: a test's receiver
	// listens there. Every other inside address stays refused, and serve warns when it is on.
	WebhookAllowLoopback bool
}

// The values of ADMIN_2FA.
const (
	Admin2FARequired = "required"
	Admin2FAOptional = "optional"
)

// AdminTOTPOptional reports whether admins may work without two-factor authentication.
func (c Config) AdminTOTPOptional() bool { return c.Admin2FA == Admin2FAOptional }

// StripeConfigured reports whether payments go through Stripe rather than the test mode.
func (c Config) StripeConfigured() bool { return c.StripeSecretKey != "" }

// Defaults of the mail settings, exported so the dev command can tell a default address (which
// may fall back to a free port when taken) from one the user chose (which must be honoured).
const (
	DefaultMailFrom            = "Atelier London <hello@atelier.test>"
	DefaultMailCatcherAddr     = "127.0.0.1:8025"
	DefaultMailCatcherSMTPAddr = "127.0.0.1:1025"
)

// Parse reads the configuration. Every variable has a development default except where noted.
func Parse(getenv func(string) string) (Config, error) {
	c := Config{
		DatabaseURL:    strings.TrimSpace(getenv("DATABASE_URL")),
		APIAddr:        orDefault(getenv("API_ADDR"), ":8080"),
		PublicURL:      strings.TrimRight(orDefault(getenv("PUBLIC_URL"), "http://localhost:8080"), "/"),
		DataDir:        orDefault(getenv("DATA_DIR"), ".data"),
		MediaBucketURL: strings.TrimSpace(getenv("MEDIA_BUCKET_URL")),
		BackOfficeDir:  strings.TrimSpace(getenv("BACKOFFICE_DIR")),
		LogFormat:      orDefault(getenv("LOG_FORMAT"), "text"),
		LogLevel:       orDefault(getenv("LOG_LEVEL"), "info"),
		StorefrontURL:  strings.TrimRight(orDefault(getenv("STOREFRONT_URL"), "http://localhost:3000"), "/"),

		JobsDatabaseURL:     strings.TrimSpace(getenv("JOBS_DATABASE_URL")),
		SMTPURL:             strings.TrimSpace(getenv("SMTP_URL")),
		MailFrom:            orDefault(getenv("MAIL_FROM"), DefaultMailFrom),
		MailCatcherAddr:     orDefault(getenv("MAIL_CATCHER_ADDR"), DefaultMailCatcherAddr),
		MailCatcherSMTPAddr: orDefault(getenv("MAIL_CATCHER_SMTP_ADDR"), DefaultMailCatcherSMTPAddr),

		StripeSecretKey:      strings.TrimSpace(getenv("STRIPE_SECRET_KEY")),
		StripePublishableKey: strings.TrimSpace(getenv("STRIPE_PUBLISHABLE_KEY")),
		StripeWebhookSecret:  strings.TrimSpace(getenv("STRIPE_WEBHOOK_SECRET")),
		StripeAPIURL:         strings.TrimRight(strings.TrimSpace(getenv("STRIPE_API_URL")), "/"),
	}
	var errs []error
	var err error
	if c.CatalogCacheTTL, err = duration(getenv, "CATALOG_CACHE_TTL", 2*time.Second); err != nil {
		errs = append(errs, err)
	}
	if c.ShutdownTimeout, err = duration(getenv, "SHUTDOWN_TIMEOUT", 20*time.Second); err != nil {
		errs = append(errs, err)
	}
	if c.SessionTTL, err = duration(getenv, "SESSION_TTL", 30*24*time.Hour); err == nil && c.SessionTTL == 0 {
		err = errors.New("SESSION_TTL must be more than 0")
	}
	if err != nil {
		errs = append(errs, err)
	}
	if c.PasswordResetTTL, err = duration(getenv, "PASSWORD_RESET_TTL", time.Hour); err == nil && c.PasswordResetTTL == 0 {
		err = errors.New("PASSWORD_RESET_TTL must be more than 0")
	}
	if err != nil {
		errs = append(errs, err)
	}
	if c.TrustedProxies, err = prefixes(getenv("TRUSTED_PROXIES")); err != nil {
		errs = append(errs, err)
	}
	for _, nv := range [][2]string{{"PUBLIC_URL", c.PublicURL}, {"STOREFRONT_URL", c.StorefrontURL}} {
		name, v := nv[0], nv[1]
		// Links are built by appending paths, so a query or fragment here would break them.
		if u, err := url.Parse(v); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" ||
			u.RawQuery != "" || u.Fragment != "" || u.User != nil {
			errs = append(errs, fmt.Errorf("%s must be an absolute http(s) URL without query, fragment or credentials, got %q", name, v))
		}
	}
	if c.OutboxPollInterval, err = duration(getenv, "OUTBOX_POLL_INTERVAL", 500*time.Millisecond); err != nil {
		errs = append(errs, err)
	} else if c.OutboxPollInterval == 0 {
		errs = append(errs, errors.New("OUTBOX_POLL_INTERVAL must be positive"))
	}
	errs = append(errs, checkMail(c)...)
	errs = append(errs, checkStripe(c)...)
	switch v := strings.ToLower(strings.TrimSpace(getenv("PAYMENT_TEST_MODE"))); v {
	case "", "off", "false", "0":
	case "on", "true", "1":
		c.PaymentTestMode = true
	default:
		errs = append(errs, fmt.Errorf("PAYMENT_TEST_MODE must be on or off, got %q", v))
	}
	switch v := strings.ToLower(strings.TrimSpace(getenv("WEBHOOK_ALLOW_LOOPBACK"))); v {
	case "", "off", "false", "0":
	case "on", "true", "1":
		c.WebhookAllowLoopback = true
	default:
		errs = append(errs, fmt.Errorf("WEBHOOK_ALLOW_LOOPBACK must be true or false, got %q", v))
	}
	switch v := strings.ToLower(strings.TrimSpace(getenv("ADMIN_2FA"))); v {
	case "", Admin2FARequired, Admin2FAOptional:
		c.Admin2FA = v
	default:
		errs = append(errs, fmt.Errorf("ADMIN_2FA must be required or optional, got %q", v))
	}
	errs = append(errs, parseTelemetry(getenv, &c)...)
	if c.PaymentTestMode && c.StripeConfigured() {
		errs = append(errs, errors.New("PAYMENT_TEST_MODE=on and Stripe keys are both set: choose one"))
	}
	for _, n := range []struct {
		to   *int
		name string
		def  int
	}{
		{&c.RegistrationsPerIPPerHour, "REGISTRATIONS_PER_IP_PER_HOUR", 10},
		{&c.CartsPerIPPerHour, "CARTS_PER_IP_PER_HOUR", 30},
		{&c.UnpaidOrdersPerIP, "UNPAID_ORDERS_PER_IP", 5},
		{&c.UnpaidOrdersPerEmail, "UNPAID_ORDERS_PER_EMAIL", 3},
		{&c.ReservedUnitsPerIP, "RESERVED_UNITS_PER_IP", 40},
		{&c.ReservedUnitsPerEmail, "RESERVED_UNITS_PER_EMAIL", 20},
		{&c.ContactMessagesPerIPPerHour, "CONTACT_MESSAGES_PER_IP_PER_HOUR", 5},
		{&c.ContactMessagesPerEmailPerHour, "CONTACT_MESSAGES_PER_EMAIL_PER_HOUR", 3},
		{&c.NewsletterSignupsPerIPPerHour, "NEWSLETTER_SIGNUPS_PER_IP_PER_HOUR", 5},
		{&c.NewsletterSignupsPerEmailPerHour, "NEWSLETTER_SIGNUPS_PER_EMAIL_PER_HOUR", 3},
		{&c.DBWriteConcurrency, "DB_WRITE_CONCURRENCY", 1},
	} {
		if *n.to, err = count(getenv, n.name, n.def); err != nil {
			errs = append(errs, err)
		}
	}
	for _, n := range []struct {
		to   *int
		name string
		def  int
	}{
		{&c.RateLimitPerKey, "RATE_LIMIT_PER_KEY", 1200},
		{&c.RateLimitPerClient, "RATE_LIMIT_PER_CLIENT", 600},
	} {
		if *n.to, err = limitOrOff(getenv, n.name, n.def); err != nil {
			errs = append(errs, err)
		}
	}
	if c.CORSAllowedOrigins, err = corsOrigins(getenv("CORS_ALLOWED_ORIGINS")); err != nil {
		errs = append(errs, err)
	}
	if c.OrderReservationTTL, err = duration(getenv, "ORDER_RESERVATION_TTL", 30*time.Minute); err == nil && c.OrderReservationTTL < time.Minute {
		err = errors.New("ORDER_RESERVATION_TTL must be at least 1m: shoppers need time to pay")
	}
	if err != nil {
		errs = append(errs, err)
	}
	if c.LogFormat != "text" && c.LogFormat != "json" {
		errs = append(errs, fmt.Errorf("LOG_FORMAT must be text or json, got %q", c.LogFormat))
	}
	switch c.LogLevel {
	case "debug", "info", "warn", "error":
	default:
		errs = append(errs, fmt.Errorf("LOG_LEVEL must be debug, info, warn or error, got %q", c.LogLevel))
	}
	abs, err := filepath.Abs(c.DataDir)
	if err != nil {
		errs = append(errs, fmt.Errorf("DATA_DIR: %w", err))
	}
	c.DataDir = abs
	if c.BackOfficeDir != "" {
		if c.BackOfficeDir, err = filepath.Abs(c.BackOfficeDir); err != nil {
			errs = append(errs, fmt.Errorf("BACKOFFICE_DIR: %w", err))
		}
	}
	if c.MediaBucketURL == "" {
		c.MediaBucketURL = "file://" + filepath.ToSlash(filepath.Join(c.DataDir, "media"))
	}
	return c, errors.Join(errs...)
}

// minMetricsToken is the shortest METRICS_TOKEN accepted: long enough not to be guessed.
const minMetricsToken = 16

// parseTelemetry reads the metrics and tracing settings. Errors never echo METRICS_TOKEN.
func parseTelemetry(getenv func(string) string, c *Config) []error {
	var errs []error
	switch v := strings.ToLower(strings.TrimSpace(getenv("METRICS_ENABLED"))); v {
	case "", "off", "false", "0":
	case "on", "true", "1":
		c.MetricsEnabled = true
	default:
		errs = append(errs, fmt.Errorf("METRICS_ENABLED must be on or off, got %q", v))
	}
	c.MetricsToken = strings.TrimSpace(getenv("METRICS_TOKEN"))
	if c.MetricsEnabled && len(c.MetricsToken) < minMetricsToken {
		errs = append(errs, fmt.Errorf("METRICS_ENABLED=on needs METRICS_TOKEN, the scraper's bearer token, of at least %d characters", minMetricsToken))
	}
	c.OTLPEndpoint = strings.TrimRight(strings.TrimSpace(getenv("OTEL_EXPORTER_OTLP_ENDPOINT")), "/")
	if c.OTLPEndpoint != "" {
		if u, err := url.Parse(c.OTLPEndpoint); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			errs = append(errs, errors.New("OTEL_EXPORTER_OTLP_ENDPOINT must be an absolute http(s) URL, e.g. http://jaeger:4318"))
		}
	}
	c.OTelServiceName = orDefault(getenv("OTEL_SERVICE_NAME"), "atelier")
	return errs
}

// checkStripe validates the Stripe keys' shapes. Errors name the variable, never its value: a
// secret key pasted into the wrong variable must not end up in a log.
func checkStripe(c Config) []error {
	var errs []error
	secret, publishable, webhook := c.StripeSecretKey, c.StripePublishableKey, c.StripeWebhookSecret
	if secret == "" && publishable == "" && webhook == "" {
		return nil
	}
	if secret == "" || publishable == "" {
		errs = append(errs, errors.New("STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY must be set together (unset both for the test payment mode)"))
	}
	if secret != "" && !strings.HasPrefix(secret, "sk_") && !strings.HasPrefix(secret, "rk_") {
		errs = append(errs, errors.New("STRIPE_SECRET_KEY must be a Stripe secret key (sk_… or rk_…)"))
	}
	if publishable != "" && !strings.HasPrefix(publishable, "pk_") {
		errs = append(errs, errors.New("STRIPE_PUBLISHABLE_KEY must be a Stripe publishable key (pk_…); never put a secret key here"))
	}
	if secret != "" && !strings.HasPrefix(webhook, "whsec_") {
		errs = append(errs, errors.New("STRIPE_WEBHOOK_SECRET must be set to the webhook endpoint's signing secret (whsec_…) when Stripe is on"))
	}
	if c.StripeAPIURL != "" {
		if u, err := url.Parse(c.StripeAPIURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			errs = append(errs, errors.New("STRIPE_API_URL must be an absolute http(s) URL"))
		}
	}
	return errs
}

// checkMail validates the mail settings' shapes; the mail package interprets them. Errors never
// echo SMTP_URL, which may carry a password.
func checkMail(c Config) []error {
	var errs []error
	if c.SMTPURL != "" {
		u, err := url.Parse(c.SMTPURL)
		switch {
		case err != nil:
			errs = append(errs, errors.New("SMTP_URL is not a valid URL"))
		case u.Scheme != "smtp" && u.Scheme != "smtps":
			errs = append(errs, fmt.Errorf("SMTP_URL must start with smtp:// or smtps://, got scheme %q", u.Scheme))
		case u.Hostname() == "":
			errs = append(errs, errors.New("SMTP_URL must name a host, e.g. smtp://mail.example.com:587"))
		}
	}
	if _, err := mail.ParseAddress(c.MailFrom); err != nil {
		errs = append(errs, fmt.Errorf("MAIL_FROM must be an address such as %q, got %q", DefaultMailFrom, c.MailFrom))
	}
	for _, v := range [][2]string{{"MAIL_CATCHER_ADDR", c.MailCatcherAddr}, {"MAIL_CATCHER_SMTP_ADDR", c.MailCatcherSMTPAddr}} {
		if _, _, err := net.SplitHostPort(v[1]); err != nil {
			errs = append(errs, fmt.Errorf("%s must be host:port, got %q", v[0], v[1]))
		}
	}
	if c.JobsDatabaseURL != "" {
		if u, err := url.Parse(c.JobsDatabaseURL); err != nil || (u.Scheme != "postgres" && u.Scheme != "postgresql") {
			errs = append(errs, errors.New("JOBS_DATABASE_URL must be a postgres:// URL (River runs on PostgreSQL only)"))
		}
	}
	return errs
}

func orDefault(v, def string) string {
	if v = strings.TrimSpace(v); v == "" {
		return def
	}
	return v
}

// prefixes parses a comma-separated list of CIDRs; a bare address means just that address.
func prefixes(v string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for f := range strings.SplitSeq(v, ",") {
		if f = strings.TrimSpace(f); f == "" {
			continue
		}
		if !strings.Contains(f, "/") {
			a, err := netip.ParseAddr(f)
			if err != nil {
				return nil, fmt.Errorf("TRUSTED_PROXIES: %q is not an address or CIDR", f)
			}
			out = append(out, netip.PrefixFrom(a.Unmap(), a.Unmap().BitLen()))
			continue
		}
		p, err := netip.ParsePrefix(f)
		if err != nil {
			return nil, fmt.Errorf("TRUSTED_PROXIES: %q is not an address or CIDR", f)
		}
		out = append(out, p.Masked())
	}
	return out, nil
}

// count reads a limit: a whole number of at least 1 (a limit of 0 would shut the door on
// everyone; a very large one is how a limit is lifted).
func count(getenv func(string) string, name string, def int) (int, error) {
	v := strings.TrimSpace(getenv(name))
	if v == "" {
		return def, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 {
		return def, fmt.Errorf("%s must be a whole number of at least 1, got %q", name, v)
	}
	return n, nil
}

// limitOrOff is count where 0 means "no limit".
func limitOrOff(getenv func(string) string, name string, def int) (int, error) {
	if strings.TrimSpace(getenv(name)) == "0" {
		return 0, nil
	}
	return count(getenv, name, def)
}

func duration(getenv func(string) string, name string, def time.Duration) (time.Duration, error) {
	v := strings.TrimSpace(getenv(name))
	if v == "" {
		return def, nil
	}
	if n, err := strconv.Atoi(v); err == nil && n == 0 {
		return 0, nil
	}
	d, err := time.ParseDuration(v)
	if err != nil || d < 0 {
		return 0, fmt.Errorf("%s must be a duration such as 2s, got %q", name, v)
	}
	return d, nil
}

// corsOrigins parses CORS_ALLOWED_ORIGINS: "*", or comma-separated origins, each a scheme and a
// host (and port) as browsers send them in the Origin header.
func corsOrigins(v string) ([]string, error) {
	v = strings.TrimSpace(v)
	if v == "" {
		return nil, nil
	}
	if v == "*" {
		return []string{"*"}, nil
	}
	var out []string
	for part := range strings.SplitSeq(v, ",") {
		o := strings.TrimRight(strings.TrimSpace(part), "/")
		u, err := url.Parse(o)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.Path != "" || u.RawQuery != "" ||
			u.User != nil || u.Fragment != "" {
			return nil, fmt.Errorf("CORS_ALLOWED_ORIGINS must be * or comma-separated origins such as https://partner.example, got %q", part)
		}
		out = append(out, strings.ToLower(o))
	}
	return out, nil
}
