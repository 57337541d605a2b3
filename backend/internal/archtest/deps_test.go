package archtest

import (
	"encoding/json"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

const module = "github.com/atelier-commerce/atelier/backend"

// transports are the packages under internal/ allowed to know about HTTP and Connect: the
// handlers, the composition root, the API docs page it mounts, the dev command's mail catcher
// (an HTTP inbox), the metrics and tracing middleware (telemetry), generated code, this package,
// and netguard (the guarded outbound HTTP client the webhook context sends through, which exposes
// no net/http type). Every other package is a domain package (a context or what contexts build
// on) and is checked, so a context added later is covered without anyone remembering to list it.
var transports = []string{"api", "app", "apidocs", "archtest", "gen", "mailcatcher", "netguard", "telemetry"}

// contexts lists the domain packages, relative to internal/ (e.g. "cart", "db/dbtest").
func contexts(t *testing.T) []string {
	t.Helper()
	out, err := exec.Command("go", "list", module+"/internal/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	var pkgs []string
	for pkg := range strings.FieldsSeq(string(out)) {
		rel := strings.TrimPrefix(pkg, module+"/internal/")
		top, _, _ := strings.Cut(rel, "/")
		if !slices.Contains(transports, top) {
			pkgs = append(pkgs, rel)
		}
	}
	for _, want := range []string{"catalog", "cart", "db", "money"} {
		if !slices.Contains(pkgs, want) {
			t.Fatalf("domain package %s not found among %v", want, pkgs)
		}
	}
	return pkgs
}

// forbidden are imports a domain package may not have (directly or indirectly), following
// ARCHITECTURE §2: cmd → app → api → <context> → db/apperr.
var forbidden = []string{
	"connectrpc.com/",
	module + "/internal/api",
	module + "/internal/app",
	module + "/internal/gen/",
}

// notForContexts are packages for development, demos, documentation and tests, relative to
// internal/: the demo shop (seed), the throw-away database cluster (localpg), the tests'
// helpers (db/dbtest, apperr/apperrtest, logtest, pagetoken/pagetokentest, payment/paymenttest,
// revision/revisiontest, throttle/throttletest), the dev inbox (mailcatcher) and the API docs page (apidocs).
// Only cmd, the composition root (app) and tests may import them: a context that did would
// carry demo data or a dev tool into every shop. A package inside one of them may use the
// others (dbtest starts its clusters with localpg).
var notForContexts = []string{"apidocs", "apperr/apperrtest", "db/dbtest", "localpg", "logtest",
	"mailcatcher", "pagetoken/pagetokentest", "payment/paymenttest", "revision/revisiontest", "seed", "throttle/throttletest", "webhook/event/eventtest"}

// within reports whether pkg (relative to internal/) is rel or one of its sub-packages.
func within(pkg, rel string) bool { return pkg == rel || strings.HasPrefix(pkg, rel+"/") }

func TestDependencyDirection(t *testing.T) {
	t.Parallel()
	for _, ctx := range contexts(t) {
		pkg := module + "/internal/" + ctx
		// net/http may arrive indirectly through a storage library, but a context must not use it.
		direct, err := exec.Command("go", "list", "-f", "{{join .Imports \"\\n\"}}", pkg).Output()
		if err != nil {
			t.Fatalf("go list %s: %v", pkg, err)
		}
		for imp := range strings.FieldsSeq(string(direct)) {
			if imp == "net/http" {
				t.Errorf("%s imports net/http", ctx)
			}
			// Only payment knows Stripe: the others see its Provider and Event, never Stripe's types
			// (they depend on Stripe's library only through payment).
			if strings.HasPrefix(imp, "github.com/stripe/") && ctx != "payment" {
				t.Errorf("%s imports %s; only payment may", ctx, imp)
			}
		}
		out, err := exec.Command("go", "list", "-deps", "-json=ImportPath", pkg).Output()
		if err != nil {
			t.Fatalf("go list %s: %v", pkg, err)
		}
		dec := json.NewDecoder(strings.NewReader(string(out)))
		for dec.More() {
			var p struct{ ImportPath string }
			if err := dec.Decode(&p); err != nil { //nolint:musttag // go list -json uses the Go field names
				t.Fatal(err)
			}
			for _, f := range forbidden {
				// Entries ending in "/" are prefixes; others name a package and its sub-packages.
				if p.ImportPath == f || (strings.HasSuffix(f, "/") && strings.HasPrefix(p.ImportPath, f)) || strings.HasPrefix(p.ImportPath, f+"/") {
					t.Errorf("%s depends on %s", ctx, p.ImportPath)
				}
			}
			if dep, ok := strings.CutPrefix(p.ImportPath, module+"/internal/"); ok && !slices.ContainsFunc(notForContexts, func(n string) bool { return within(ctx, n) }) {
				for _, n := range notForContexts {
					if within(dep, n) {
						t.Errorf("%s depends on %s, which only cmd, app and tests may use", ctx, dep)
					}
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
	case "money", "apperr", "config", "media", "emailaddr", "status", "mail":
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
		if err := dec.Decode(&p); err != nil { //nolint:musttag // go list -json uses the Go field names
			t.Fatal(err)
		}
		// Generated packages are described by their .proto files instead.
		if p.Doc == "" && !strings.Contains(p.ImportPath, "/internal/gen/") {
			t.Errorf("%s has no package doc comment", p.ImportPath)
		}
	}
}
