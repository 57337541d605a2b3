package main

import (
	"bytes"
	"context"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/atelier-commerce/atelier/backend/internal/app"
	"github.com/stretchr/testify/require"
)

// noEnv is a process started with no environment at all.
func noEnv(string) string { return "" }

// brokenEnv has a configuration that Parse refuses: help must not need it to be right.
func brokenEnv(name string) string {
	if name == "PUBLIC_URL" {
		return "not a url"
	}
	return ""
}

func runCLI(t *testing.T, getenv func(string) string, args ...string) (stdout, stderr string, err error) {
	t.Helper()
	var out, errOut bytes.Buffer
	err = run(context.Background(), args, getenv, strings.NewReader(""), &out, &errOut)
	return out.String(), errOut.String(), err
}

// Help and version answer without any environment, and with one the configuration refuses.
func TestHelpAndVersionNeedNoEnvironment(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		args []string
		want string // the start of stdout
	}{
		{"--help", []string{"--help"}, usage},
		{"-h", []string{"-h"}, usage},
		{"help", []string{"help"}, usage},
		{"help serve", []string{"help", "serve"}, commands["serve"].help},
		{"help migrate", []string{"help", "migrate"}, commands["migrate"].help},
		{"help seed", []string{"help", "seed"}, commands["seed"].help},
		{"help dev", []string{"help", "dev"}, commands["dev"].help},
		{"help admin", []string{"help", "admin"}, app.AdminUsage},
		{"help version", []string{"help", "version"}, "usage: atelier version\n"},
		{"serve --help", []string{"serve", "--help"}, commands["serve"].help},
		{"admin create -h", []string{"admin", "create", "-h"}, app.AdminUsage},
		{"version", []string{"version"}, "atelier "},
	} {
		for envName, getenv := range map[string]func(string) string{"no environment": noEnv, "broken environment": brokenEnv} {
			t.Run(tc.name+"/"+envName, func(t *testing.T) {
				t.Parallel()
				stdout, stderr, err := runCLI(t, getenv, tc.args...)
				require.NoError(t, err)
				require.True(t, strings.HasPrefix(stdout, tc.want), "stdout:\n%s", stdout)
				require.Empty(t, stderr)
			})
		}
	}
}

// The command-specific help says what the command needs, which the general usage does not.
func TestHelpCommandDescribesTheCommand(t *testing.T) {
	t.Parallel()
	stdout, _, err := runCLI(t, noEnv, "help", "serve")
	require.NoError(t, err)
	require.Contains(t, stdout, "usage: atelier serve")
	require.Contains(t, stdout, "PAYMENT_TEST_MODE")
	require.NotContains(t, stdout, "usage: atelier <command>")
	for name := range commands {
		require.Contains(t, usage, "\n  "+name+" ", "the usage lists %s", name)
	}
}

// Wrong uses of help and unknown commands fail, showing the usage on stderr.
func TestHelpErrors(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		args []string
		err  string
	}{
		{"no command", nil, "no command given"},
		{"unknown command", []string{"frobnicate"}, `unknown command "frobnicate"`},
		{"help for an unknown command", []string{"help", "frobnicate"}, `help: unknown command "frobnicate"`},
		{"help for two commands", []string{"help", "serve", "seed"}, "help: expected one command"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			stdout, stderr, err := runCLI(t, noEnv, tc.args...)
			require.ErrorContains(t, err, tc.err)
			require.Empty(t, stdout)
			require.Equal(t, usage, stderr)
		})
	}
}

// A command that needs the configuration still refuses a broken one.
func TestCommandsStillCheckTheConfiguration(t *testing.T) {
	t.Parallel()
	_, _, err := runCLI(t, brokenEnv, "migrate")
	require.ErrorContains(t, err, "configuration: PUBLIC_URL")
}

// The version line carries the module version, the commit and the Go that built the binary.
func TestVersion(t *testing.T) {
	t.Parallel()
	stdout, _, err := runCLI(t, noEnv, "version")
	require.NoError(t, err)
	require.Regexp(t, `^atelier \S+.* go1\.\S+ `+runtime.GOOS+"/"+runtime.GOARCH+"\n$", stdout)

	platform := runtime.GOOS + "/" + runtime.GOARCH
	for _, tc := range []struct {
		name string
		info *debug.BuildInfo
		ok   bool
		want string
	}{
		{"a tagged build from a modified tree", &debug.BuildInfo{GoVersion: "go1.26.0", Main: debug.Module{Version: "v1.2.3"},
			Settings: []debug.BuildSetting{
				{Key: "vcs.revision", Value: "0123456789abcdef0123456789abcdef01234567"},
				{Key: "vcs.time", Value: "2026-11-25T12:00:00Z"},
				{Key: "vcs.modified", Value: "true"},
			}}, true, "atelier v1.2.3 (commit 0123456789ab, 2026-11-25T12:00:00Z, modified) go1.26.0 " + platform},
		{"a build outside version control", &debug.BuildInfo{GoVersion: "go1.26.0", Main: debug.Module{Version: "(devel)"}},
			true, "atelier devel go1.26.0 " + platform},
		{"no build information", nil, false, "atelier (no build information) " + runtime.Version() + " " + platform},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			require.Equal(t, tc.want, versionOf(tc.info, tc.ok))
		})
	}
}
