package main

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestStartArgs: the bench runs the storefront as `npm start` does, and refuses a start script it
// could not run the same way rather than measuring something else.
func TestStartArgs(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, start string
		want        []string // nil: refused
	}{
		{"plain node", "node server.js", []string{"server.js"}},
		{"node with flags", "node --max-semi-space-size=8 server.js", []string{"--max-semi-space-size=8", "server.js"}},
		{"an environment variable", "FOO=1 node server.js", nil},
		{"a shell expansion", "node $FLAGS server.js", nil},
		{"two commands", "node a.js && node server.js", nil},
		{"node alone", "node", nil},
		{"no start script", "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			path := filepath.Join(t.TempDir(), "package.json")
			if err := os.WriteFile(path, []byte(`{"scripts": {"start": "`+tt.start+`"}}`), 0o600); err != nil {
				t.Fatal(err)
			}
			got, err := startArgs(path)
			if tt.want == nil {
				if err == nil {
					t.Fatalf("startArgs(%q) = %q, want an error", tt.start, got)
				}
				return
			}
			if err != nil || !slices.Equal(got, tt.want) {
				t.Fatalf("startArgs(%q) = %q, %v; want %q", tt.start, got, err, tt.want)
			}
		})
	}
	t.Run("the storefront's own", func(t *testing.T) {
		t.Parallel()
		got, err := startArgs(filepath.Join("..", "..", "..", "storefront", "package.json"))
		if err != nil || len(got) == 0 || got[len(got)-1] != "server.js" {
			t.Fatalf("storefront/package.json start: %q, %v; want a node command ending in server.js", got, err)
		}
	})
}
