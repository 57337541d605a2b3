package config

import (
	"net/netip"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func parse(env map[string]string) (Config, error) {
	return Parse(func(k string) string { return env[k] })
}

func TestAccountSettings(t *testing.T) {
	t.Parallel()
	c, err := parse(nil)
	require.NoError(t, err)
	require.Equal(t, "http://localhost:3000", c.StorefrontURL)
	require.Equal(t, 30*24*time.Hour, c.SessionTTL)
	require.Equal(t, time.Hour, c.PasswordResetTTL)
	require.Empty(t, c.TrustedProxies, "no proxy is trusted unless configured")

	c, err = parse(map[string]string{"STOREFRONT_URL": "https://shop.example/", "SESSION_TTL": "12h",
		"PASSWORD_RESET_TTL": "30m", "TRUSTED_PROXIES": " 10.0.0.0/8, 192.168.1.7 ,fd00::/8"})
	require.NoError(t, err)
	require.Equal(t, "https://shop.example", c.StorefrontURL)
	require.Equal(t, 12*time.Hour, c.SessionTTL)
	require.Equal(t, 30*time.Minute, c.PasswordResetTTL)
	require.Equal(t, []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("192.168.1.7/32"),
		netip.MustParsePrefix("fd00::/8")}, c.TrustedProxies)

	for name, env := range map[string]map[string]string{
		"relative storefront": {"STOREFRONT_URL": "shop.example"},
		"storefront query":    {"STOREFRONT_URL": "https://shop.example/?a=1"},
		"storefront fragment": {"STOREFRONT_URL": "https://shop.example/#top"},
		"storefront user":     {"STOREFRONT_URL": "https://me:pw@shop.example"},
		"public url query":    {"PUBLIC_URL": "https://api.example/?x"},
		"zero session":        {"SESSION_TTL": "0"},
		"bad reset ttl":       {"PASSWORD_RESET_TTL": "soon"},
		"bad proxy":           {"TRUSTED_PROXIES": "10.0.0.0/33"},
		"proxy name":          {"TRUSTED_PROXIES": "proxy.internal"},
	} {
		_, err := parse(env)
		require.Error(t, err, name)
	}
}

// Every throttle's limit has a default that does not bother real shoppers, can be raised (the
// e2e suite runs every shopper from one address), and must be a whole number of at least 1.
func TestThrottleSettings(t *testing.T) {
	t.Parallel()
	c, err := parse(nil)
	require.NoError(t, err)
	require.Equal(t, 10, c.RegistrationsPerIPPerHour)
	require.Equal(t, 30, c.CartsPerIPPerHour)
	require.Equal(t, [4]int{5, 3, 40, 20}, [4]int{c.UnpaidOrdersPerIP, c.UnpaidOrdersPerEmail, c.ReservedUnitsPerIP, c.ReservedUnitsPerEmail})
	require.Equal(t, [4]int{5, 3, 5, 3}, [4]int{c.ContactMessagesPerIPPerHour, c.ContactMessagesPerEmailPerHour,
		c.NewsletterSignupsPerIPPerHour, c.NewsletterSignupsPerEmailPerHour})
	require.Equal(t, 1, c.DBWriteConcurrency)

	names := map[string]*int{
		"REGISTRATIONS_PER_IP_PER_HOUR":         &c.RegistrationsPerIPPerHour,
		"CARTS_PER_IP_PER_HOUR":                 &c.CartsPerIPPerHour,
		"UNPAID_ORDERS_PER_IP":                  &c.UnpaidOrdersPerIP,
		"UNPAID_ORDERS_PER_EMAIL":               &c.UnpaidOrdersPerEmail,
		"RESERVED_UNITS_PER_IP":                 &c.ReservedUnitsPerIP,
		"RESERVED_UNITS_PER_EMAIL":              &c.ReservedUnitsPerEmail,
		"CONTACT_MESSAGES_PER_IP_PER_HOUR":      &c.ContactMessagesPerIPPerHour,
		"CONTACT_MESSAGES_PER_EMAIL_PER_HOUR":   &c.ContactMessagesPerEmailPerHour,
		"NEWSLETTER_SIGNUPS_PER_IP_PER_HOUR":    &c.NewsletterSignupsPerIPPerHour,
		"NEWSLETTER_SIGNUPS_PER_EMAIL_PER_HOUR": &c.NewsletterSignupsPerEmailPerHour,
		"DB_WRITE_CONCURRENCY":                  &c.DBWriteConcurrency,
	}
	env := map[string]string{}
	i := 100
	for name := range names {
		env[name] = " " + strconv.Itoa(i) + " "
		i++
	}
	c, err = parse(env)
	require.NoError(t, err)
	for name, field := range names {
		require.Equal(t, strings.TrimSpace(env[name]), strconv.Itoa(*field), name)
	}
	for name := range names {
		for _, bad := range []string{"0", "-1", "ten", "1.5"} {
			_, err := parse(map[string]string{name: bad})
			require.ErrorContains(t, err, name+" must be a whole number of at least 1", bad)
		}
	}
}

func TestAdmin2FA(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		value    string
		want     string
		optional bool
	}{
		{"", "", false}, // unset: required, except that the dev command makes it optional
		{"required", "required", false},
		{" Optional ", "optional", true},
	} {
		c, err := parse(map[string]string{"ADMIN_2FA": tc.value})
		require.NoError(t, err, tc.value)
		require.Equal(t, tc.want, c.Admin2FA)
		require.Equal(t, tc.optional, c.AdminTOTPOptional())
	}
	_, err := parse(map[string]string{"ADMIN_2FA": "off"})
	require.ErrorContains(t, err, "ADMIN_2FA must be required or optional")
}

// BACKOFFICE_DIR is optional; given, it is made absolute, so that serving does not depend on the
// working folder after start.
func TestBackOfficeDir(t *testing.T) {
	t.Parallel()
	c, err := parse(nil)
	require.NoError(t, err)
	require.Empty(t, c.BackOfficeDir, "nothing is served under /admin/ unless asked")

	c, err = parse(map[string]string{"BACKOFFICE_DIR": " backoffice/dist "})
	require.NoError(t, err)
	want, err := filepath.Abs("backoffice/dist")
	require.NoError(t, err)
	require.Equal(t, want, c.BackOfficeDir)
}

func TestTelemetrySettings(t *testing.T) {
	t.Parallel()
	token := strings.Repeat("t", 16)
	tests := map[string]struct {
		env     map[string]string
		wantErr string
		check   func(t *testing.T, c Config)
	}{
		"off by default": {env: map[string]string{}, check: func(t *testing.T, c Config) {
			t.Helper()
			require.False(t, c.MetricsEnabled)
			require.Empty(t, c.OTLPEndpoint)
			require.Equal(t, "atelier", c.OTelServiceName)
		}},
		"metrics with a token": {env: map[string]string{"METRICS_ENABLED": "on", "METRICS_TOKEN": token}, check: func(t *testing.T, c Config) {
			t.Helper()
			require.True(t, c.MetricsEnabled)
			require.Equal(t, token, c.MetricsToken)
		}},
		"metrics without a token": {env: map[string]string{"METRICS_ENABLED": "on"}, wantErr: "METRICS_TOKEN"},
		"a short token":           {env: map[string]string{"METRICS_ENABLED": "on", "METRICS_TOKEN": "short"}, wantErr: "at least 16"},
		"a bad switch":            {env: map[string]string{"METRICS_ENABLED": "maybe"}, wantErr: "METRICS_ENABLED must be on or off"},
		"an endpoint": {env: map[string]string{"OTEL_EXPORTER_OTLP_ENDPOINT": "http://jaeger:4318/", "OTEL_SERVICE_NAME": "shop"},
			check: func(t *testing.T, c Config) {
				t.Helper()
				require.Equal(t, "http://jaeger:4318", c.OTLPEndpoint)
				require.Equal(t, "shop", c.OTelServiceName)
			}},
		"an endpoint that is no URL": {env: map[string]string{"OTEL_EXPORTER_OTLP_ENDPOINT": "jaeger:4318"}, wantErr: "OTEL_EXPORTER_OTLP_ENDPOINT"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			c, err := Parse(func(k string) string { return tc.env[k] })
			if tc.wantErr != "" {
				require.ErrorContains(t, err, tc.wantErr)
				require.NotContains(t, err.Error(), "short", "the token is never echoed")
				return
			}
			require.NoError(t, err)
			tc.check(t, c)
		})
	}
}
