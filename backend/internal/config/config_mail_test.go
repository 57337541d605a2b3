package config_test

import (
	"testing"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/config"
	"github.com/stretchr/testify/require"
)

func TestJobsAndMailSettings(t *testing.T) {
	t.Parallel()
	cfg, err := config.Parse(func(string) string { return "" })
	require.NoError(t, err)
	require.Empty(t, cfg.SMTPURL, "mail is not configured unless asked")
	require.Empty(t, cfg.JobsDatabaseURL, "River shares the store's database by default")
	require.Equal(t, "Atelier London <hello@atelier.test>", cfg.MailFrom)
	require.Equal(t, "127.0.0.1:8025", cfg.MailCatcherAddr)
	require.Equal(t, "127.0.0.1:1025", cfg.MailCatcherSMTPAddr)
	require.Equal(t, 500*time.Millisecond, cfg.OutboxPollInterval)

	env := map[string]string{"SMTP_URL": "smtps://user:pw@mail.example.com", "MAIL_FROM": "Shop <shop@example.com>",
		"JOBS_DATABASE_URL": "postgres://jobs@db:5432/jobs", "MAIL_CATCHER_ADDR": "127.0.0.1:0",
		"MAIL_CATCHER_SMTP_ADDR": "127.0.0.1:2525", "OUTBOX_POLL_INTERVAL": "2s"}
	cfg, err = config.Parse(func(k string) string { return env[k] })
	require.NoError(t, err)
	require.Equal(t, "smtps://user:pw@mail.example.com", cfg.SMTPURL)
	require.Equal(t, "Shop <shop@example.com>", cfg.MailFrom)
	require.Equal(t, "postgres://jobs@db:5432/jobs", cfg.JobsDatabaseURL)
	require.Equal(t, 2*time.Second, cfg.OutboxPollInterval)

	for name, env := range map[string]map[string]string{
		"smtp scheme":     {"SMTP_URL": "https://user:hunter2@mail.example.com"},
		"smtp host":       {"SMTP_URL": "smtp://"},
		"mail from":       {"MAIL_FROM": "not an address"},
		"catcher addr":    {"MAIL_CATCHER_ADDR": "8025"},
		"jobs database":   {"JOBS_DATABASE_URL": "cockroachdb://x"},
		"poll interval":   {"OUTBOX_POLL_INTERVAL": "0"},
		"poll not a time": {"OUTBOX_POLL_INTERVAL": "often"},
	} {
		_, err := config.Parse(func(k string) string { return env[k] })
		require.Error(t, err, name)
		require.NotContains(t, err.Error(), "hunter2", "%s: SMTP_URL's password is never echoed", name)
	}
}
