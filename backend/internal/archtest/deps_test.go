package archtest

import (
	"encoding/json"
	"os/exec"
	"strings"
	"testing"
)

const module = "github.com/atelier-commerce/atelier/backend"

// contexts are the domain packages: they hold business rules and must not know about transports.
var contexts = []string{"catalog", "cart", "shipping", "settings", "content", "newsletter", "contact", "status", "emailaddr",
	"media", "seed", "money", "apperr", "db", "config", "localpg"}

// forbidden are imports a domain package may not have (directly or indirectly), following
// ARCHITECTURE §2: cmd → app → api → <context> → db/apperr.
var forbidden = []string{
	"connectrpc.com/",
	"github.com/stripe/",
	module + "/internal/api",
	module + "/internal/app",
	module + "/internal/gen/",
}

func TestDependencyDirection(t *testing.T) {
	t.Parallel()
	for _, ctx := range contexts {
		pkg := module + "/internal/" + ctx
		// net/http may arrive indirectly through a storage library, but a context must not use it.
		direct, err := exec.Command("go", "list", "-f", "{{join .Imports \"\\n\"}}", pkg).Output()
		if err != nil {
			t.Fatalf("go list %s: %v", pkg, err)
		}
		for _, imp := range strings.Fields(string(direct)) {
			if imp == "net/http" {
				t.Errorf("%s imports net/http", ctx)
			}
		}
		out, err := exec.Command("go", "list", "-deps", "-json=ImportPath", pkg).Output()
		if err != nil {
			t.Fatalf("go list %s: %v", pkg, err)
		}
		dec := json.NewDecoder(strings.NewReader(string(out)))
		for dec.More() {
			var p struct{ ImportPath string }
			if err := dec.Decode(&p); err != nil {
				t.Fatal(err)
			}
			for _, f := range forbidden {
				// Entries ending in "/" are prefixes; others name a package and its sub-packages.
				if p.ImportPath == f || (strings.HasSuffix(f, "/") && strings.HasPrefix(p.ImportPath, f)) || strings.HasPrefix(p.ImportPath, f+"/") {
					t.Errorf("%s depends on %s", ctx, p.ImportPath)
				}
			}
			if strings.HasPrefix(p.ImportPath, "github.com/jackc/pgx") && !pgxAllowed(ctx) {
				t.Errorf("%s depends on pgx; only db and the contexts' SQL may", ctx)
			}
		}
	}
}

func pgxAllowed(ctx string) bool {
	switch ctx {
	case "money", "apperr", "config", "media", "emailaddr", "status":
		return false
	}
	return true
}

// Every hand-written package states what it is for.
func TestEveryPackageHasADocComment(t *testing.T) {
	t.Parallel()
	out, err := exec.Command("go", "list", "-json=ImportPath,Doc,Name", module+"/...").Output()
	if err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(strings.NewReader(string(out)))
	for dec.More() {
		var p struct{ ImportPath, Doc, Name string }
		if err := dec.Decode(&p); err != nil {
			t.Fatal(err)
		}
		// Generated packages are described by their .proto files instead.
		if p.Doc == "" && !strings.Contains(p.ImportPath, "/internal/gen/") {
			t.Errorf("%s has no package doc comment", p.ImportPath)
		}
	}
}
