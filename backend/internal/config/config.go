// Package config parses the process configuration from an injected getenv, so that nothing else
// reads the environment and tests can configure a server without touching process state.
package config

import (
	"errors"
	"fmt"
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
	}
	var errs []error
	var err error
	if c.CatalogCacheTTL, err = duration(getenv, "CATALOG_CACHE_TTL", 2*time.Second); err != nil {
		errs = append(errs, err)
	}
	if c.ShutdownTimeout, err = duration(getenv, "SHUTDOWN_TIMEOUT", 20*time.Second); err != nil {
		errs = append(errs, err)
	}
	if u, err := url.Parse(c.PublicURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		errs = append(errs, fmt.Errorf("PUBLIC_URL must be an absolute http(s) URL, got %q", c.PublicURL))
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
