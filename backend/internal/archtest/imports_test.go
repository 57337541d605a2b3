package archtest

import (
	"encoding/json"
	"fmt"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// allowedImports names every dependency between hand-written packages under internal/: which
// package (the key, relative to internal/) may import which others. It is written out rather
// than derived so that a new edge — a context reaching into another one — fails this test until
// someone adds it here on purpose, where a reviewer sees it. Edges into generated code are
// written "gen". Only production imports count: tests may use any package (dbtest, localpg…).
//
// The composition root (app) is left out: wiring everything together is its job, so a list of
// its imports would only record what exists.
var allowedImports = map[string][]string{
	"account":                 {"apperr", "db", "emailaddr", "throttle"},
	"api":                     {"account", "apikey", "apperr", "authz", "cart", "catalog", "checkout", "contact", "content", "gen", "media", "money", "newsletter", "order", "payment", "ratelimit", "revision", "settings", "shipping", "status", "throttle", "webhook", "webhook/event", "wishlist"},
	"apidocs":                 {},
	"apikey":                  {"apperr", "authz", "db", "pagetoken", "revision"},
	"apperr":                  {},
	"apperr/apperrtest":       {"apperr"},
	"authz":                   {"account"},
	"cart":                    {"apperr", "catalog", "db", "money", "shipping", "throttle"},
	"catalog":                 {"apperr", "db", "money", "pagetoken", "revision", "webhook/event"},
	"checkout":                {"apperr", "cart", "catalog", "db", "emailaddr", "money", "order", "payment", "shipping", "throttle"},
	"config":                  {},
	"contact":                 {"apperr", "db", "emailaddr", "throttle"},
	"content":                 {"apperr", "db", "revision"},
	"db":                      {"apperr"}, // apperr: a transaction that keeps losing to others is "unavailable, try again"
	"db/dbtest":               {"db", "localpg"},
	"emailaddr":               {"apperr"},
	"jobs":                    {"apperr", "db", "mail", "metrics", "settings"}, // metrics: orders paid, counted as relayed
	"localpg":                 {},
	"logtest":                 {},
	"mail":                    {},
	"mailcatcher":             {},
	"media":                   {"apperr"},
	"media/mediatest":         {},
	"metrics":                 {},
	"money":                   {},
	"newsletter":              {"apperr", "db", "emailaddr", "throttle"},
	"netguard":                {},
	"order":                   {"apperr", "cart", "catalog", "db", "mail", "money", "pagetoken", "payment", "revision", "throttle", "webhook/event"},
	"pagetoken":               {"apperr"},
	"pagetoken/pagetokentest": {},
	"payment":                 {"apperr", "db", "money"},
	"payment/paymenttest":     {"apperr", "payment"},
	"ratelimit":               {},
	"revision":                {"apperr"},
	"revision/revisiontest":   {"apperr", "apperr/apperrtest", "revision"},
	"seed":                    {"apperr", "catalog", "content", "media", "money", "seed/productart", "settings", "shipping"},
	"seed/productart":         {},
	"settings":                {"apperr", "db", "emailaddr", "money", "revision"},
	"shipping":                {"apperr", "db", "money", "revision"},
	"status":                  {},
	"telemetry":               {"metrics"},
	"throttle":                {"apperr", "db"},
	"throttle/throttletest":   {"apperr", "apperr/apperrtest", "throttle"},
	"webhook":                 {"apperr", "db", "netguard", "webhook/event"},
	"webhook/event":           {"db"},
	"webhook/event/eventtest": {"apidocs", "webhook/event"},
	"wishlist":                {"apperr", "catalog", "db"},
}

// unlisted are the packages under internal/ that allowedImports does not describe: the
// composition root, generated code and this package.
func unlisted(rel string) bool {
	return rel == "app" || rel == "archtest" || rel == "gen" || strings.HasPrefix(rel, "gen/")
}

func TestInternalImportsAreAllowListed(t *testing.T) {
	t.Parallel()
	out, err := exec.Command("go", "list", "-json=ImportPath,Imports", module+"/internal/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	actual := map[string][]string{}
	dec := json.NewDecoder(strings.NewReader(string(out)))
	for dec.More() {
		var p struct {
			ImportPath string
			Imports    []string
		}
		if err := dec.Decode(&p); err != nil { //nolint:musttag // go list -json names its fields as Go does
			t.Fatal(err)
		}
		rel := strings.TrimPrefix(p.ImportPath, module+"/internal/")
		if unlisted(rel) {
			continue
		}
		actual[rel] = internalImports(p.Imports)
	}
	if _, ok := actual["catalog"]; !ok {
		t.Fatalf("package catalog not found among %v", actual)
	}
	for _, problem := range compareImports(allowedImports, actual) {
		t.Error(problem)
	}
}

// internalImports keeps the imports under internal/, relative to it, generated code as "gen".
func internalImports(imports []string) []string {
	var rels []string
	for _, imp := range imports {
		rel, ok := strings.CutPrefix(imp, module+"/internal/")
		if !ok {
			continue
		}
		if rel == "gen" || strings.HasPrefix(rel, "gen/") {
			rel = "gen"
		}
		if !slices.Contains(rels, rel) {
			rels = append(rels, rel)
		}
	}
	slices.Sort(rels)
	return rels
}

// compareImports says, one line each, how the packages' actual internal imports differ from the
// allow-list, and what to change. A stale entry is reported too, so the list stays a true
// picture of the code rather than a record of every edge there ever was.
func compareImports(allowed, actual map[string][]string) []string {
	const where = "allowedImports in backend/internal/archtest/imports_test.go"
	var problems []string
	for _, pkg := range sortedKeys(actual) {
		imports := actual[pkg]
		list, ok := allowed[pkg]
		if !ok {
			problems = append(problems, fmt.Sprintf("internal/%s is a new package: add %q: {%s} to %s, "+
				"after checking that each of those dependencies is wanted", pkg, pkg, quoted(imports), where))
			continue
		}
		for _, imp := range imports {
			if !slices.Contains(list, imp) {
				problems = append(problems, fmt.Sprintf("new dependency internal/%s → internal/%s: if it is intended, "+
					"add %q to the %q entry of %s (and say why in the commit); otherwise remove the import",
					pkg, imp, imp, pkg, where))
			}
		}
		for _, imp := range list {
			if !slices.Contains(imports, imp) {
				problems = append(problems, fmt.Sprintf("internal/%s no longer imports internal/%s: remove %q from the %q entry of %s",
					pkg, imp, imp, pkg, where))
			}
		}
	}
	for _, pkg := range sortedKeys(allowed) {
		if _, ok := actual[pkg]; !ok {
			problems = append(problems, fmt.Sprintf("internal/%s no longer exists: remove its entry from %s", pkg, where))
		}
	}
	return problems
}

func sortedKeys(m map[string][]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

func quoted(s []string) string {
	q := make([]string, len(s))
	for i, v := range s {
		q[i] = fmt.Sprintf("%q", v)
	}
	return strings.Join(q, ", ")
}

// The comparison names the edge and where to add it; checked on a made-up graph, since the real
// one matches the list whenever the suite passes.
func TestCompareImportsNamesTheEdge(t *testing.T) {
	t.Parallel()
	allowed := map[string][]string{"cart": {"catalog", "db"}, "order": {"cart"}, "gone": {}}
	actual := map[string][]string{"cart": {"catalog", "db", "order"}, "order": {}, "fresh": {"db"}}
	got := compareImports(allowed, actual)
	want := []string{
		`new dependency internal/cart → internal/order: if it is intended, add "order" to the "cart" entry of allowedImports in backend/internal/archtest/imports_test.go (and say why in the commit); otherwise remove the import`,
		`internal/fresh is a new package: add "fresh": {"db"} to allowedImports in backend/internal/archtest/imports_test.go, after checking that each of those dependencies is wanted`,
		`internal/order no longer imports internal/cart: remove "cart" from the "order" entry of allowedImports in backend/internal/archtest/imports_test.go`,
		`internal/gone no longer exists: remove its entry from allowedImports in backend/internal/archtest/imports_test.go`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("compareImports:\n got %q\nwant %q", got, want)
	}
	if got := compareImports(actual, actual); len(got) != 0 {
		t.Errorf("a graph that matches its list: %q", got)
	}
}
