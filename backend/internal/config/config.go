// Package config parses the process configuration from an injected getenv, so that nothing else
// reads the environment and tests can configure a server without touching process state.
package config

import (
	"errors"
	"fmt"
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
	// MediaBucketURL is a gocloud.dev blob URL where product images live.
	MediaBucketURL string
	// LogFormat is "text" (development) or "json" (production).
	LogFormat string
	// LogLevel is debug, info, warn or error.
	LogLevel string
	// CatalogCacheTTL bounds how stale a cached public catalogue read may be; 0 disables caching.
	CatalogCacheTTL time.Duration
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
}

// Parse reads the configuration. Every variable has a development default except where noted.
func Parse(getenv func(string) string) (Config, error) {
	c := Config{
		DatabaseURL:    strings.TrimSpace(getenv("DATABASE_URL")),
		APIAddr:        orDefault(getenv("API_ADDR"), ":8080"),
		PublicURL:      strings.TrimRight(orDefault(getenv("PUBLIC_URL"), "http://localhost:8080"), "/"),
		DataDir:        orDefault(getenv("DATA_DIR"), ".data"),
		MediaBucketURL: strings.TrimSpace(getenv("MEDIA_BUCKET_URL")),
		LogFormat:      orDefault(getenv("LOG_FORMAT"), "text"),
		LogLevel:       orDefault(getenv("LOG_LEVEL"), "info"),
		StorefrontURL:  strings.TrimRight(orDefault(getenv("STOREFRONT_URL"), "http://localhost:3000"), "/"),
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
		if u, err := url.Parse(v); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			errs = append(errs, fmt.Errorf("%s must be an absolute http(s) URL, got %q", name, v))
		}
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
	if c.MediaBucketURL == "" {
		c.MediaBucketURL = "file://" + filepath.ToSlash(filepath.Join(c.DataDir, "media"))
	}
	return c, errors.Join(errs...)
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
	for _, f := range strings.Split(v, ",") {
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
