package config

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// readElsewhere are variables the README's backend table documents that Parse does not read, and
// where they are read instead. Adding one is a decision, not a way to quiet this test.
var readElsewhere = map[string]string{
	// localpg finds the PostgreSQL binaries for the tests and the dev command, which start a
	// cluster before (or without) any configuration.
	"PG_BIN": "internal/localpg",
}

// The README's configuration table for the binary and the variables Parse reads are the same
// set, both ways: a variable added to config without a row (or a row whose variable is gone)
// fails here rather than in an operator's hands.
func TestReadmeConfigurationTableMatchesParse(t *testing.T) {
	t.Parallel()
	readme, err := os.ReadFile("../../../README.md")
	require.NoError(t, err)
	documented := readmeBackendVariables(t, string(readme))

	var read []string
	_, _ = Parse(func(name string) string {
		if !slices.Contains(read, name) {
			read = append(read, name)
		}
		return ""
	})
	for name := range readElsewhere {
		read = append(read, name)
	}
	slices.Sort(read)

	for _, name := range read {
		require.Contains(t, documented, name, "config reads %s but the README's configuration table has no row for it", name)
	}
	for _, name := range documented {
		require.Contains(t, read, name, "the README documents %s but config does not read it", name)
	}
}

// readmeBackendVariables returns the variables of the first table under "## Configuration" (the
// binary's; the storefront's follows), failing on a variable listed twice.
func readmeBackendVariables(t *testing.T, readme string) []string {
	t.Helper()
	_, section, ok := strings.Cut(readme, "\n## Configuration\n")
	require.True(t, ok, "README has no Configuration section")
	row := regexp.MustCompile("^\\| `([A-Z][A-Z0-9_]*)` \\|")
	var names []string
	inTable := false
	for line := range strings.SplitSeq(section, "\n") {
		if !strings.HasPrefix(line, "|") {
			if inTable {
				break
			}
			continue
		}
		inTable = true
		if m := row.FindStringSubmatch(line); m != nil {
			require.NotContains(t, names, m[1], "the README's configuration table lists %s twice", m[1])
			names = append(names, m[1])
		}
	}
	require.NotEmpty(t, names, "no variables found in the README's configuration table")
	slices.Sort(names)
	return names
}
