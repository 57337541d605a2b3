package archtest

import (
	"go/ast"
	"go/token"
	"path"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// sqlExempt are the folders (relative to the module) whose SQL is not a context's store, with
// the reason. See docs/decisions/007-hand-written-sql-in-store-files.md.
var sqlExempt = map[string]string{
	// The pool, WithTx, the migrator (which runs migration files it did not write), the outbox
	// writer, the signing-key table and the test-database helper: the infrastructure every store
	// runs on.
	"internal/db/": "infrastructure",
	// Creates the development database on a throw-away cluster (CREATE DATABASE, pg_database).
	"internal/localpg/": "dev cluster",
	// The benchmark harness runs VACUUM ANALYZE on its own throw-away database.
	"cmd/atelier-bench/": "benchmark maintenance",
	// Test support: counts the rows a refused attempt must not leave, as _test files do.
	"internal/throttle/throttletest/": "test support",
	// Test support: reads the webhook events a test's changes wrote to the outbox.
	"internal/webhook/event/eventtest/": "test support",
}

// pgxMethods are the pgx calls that send SQL (on a pool, a connection or a transaction).
var pgxMethods = map[string]bool{"Exec": true, "Query": true, "QueryRow": true, "SendBatch": true, "CopyFrom": true}

// sqlStatement matches a string literal that begins a statement. Keywords are upper case, as in
// every query here, so prose ("Update your address") and routes ("DELETE /api/…") do not match.
var sqlStatement = regexp.MustCompile(`^\s*(SELECT\s|INSERT\s+INTO\s|UPDATE\s+\w+\s+SET\s|DELETE\s+FROM\s|WITH\s+\w+\s+AS\s*\()`)

// storeFile is where a context's SQL lives: store.go, or store_<part>.go when one file would be
// too long.
var storeFile = regexp.MustCompile(`^store(_[a-z0-9]+)?\.go$`)

// Hand-written SQL lives only in the contexts' store files (ADR 007), so a reviewer finds every
// statement a context runs in one place and services hold the rules, not the queries.
func TestSQLOnlyInStoreFiles(t *testing.T) {
	t.Parallel()
	checked := 0
	for _, f := range moduleGoFiles(t) {
		if storeFile.MatchString(path.Base(f.rel)) || sqlIsExempt(f.rel) {
			continue
		}
		checked++
		ast.Inspect(f.ast, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				sel, ok := n.Fun.(*ast.SelectorExpr)
				// Every pgx call takes a context first and something more; url.Values' Query()
				// and friends take nothing.
				if ok && pgxMethods[sel.Sel.Name] && len(n.Args) >= 2 {
					t.Errorf("%s: %s outside a store file; move the query into the context's store.go", f.pos(n), sel.Sel.Name)
				}
			case *ast.BasicLit:
				if n.Kind != token.STRING {
					return true
				}
				if s, err := strconv.Unquote(n.Value); err == nil && sqlStatement.MatchString(s) {
					t.Errorf("%s: SQL outside a store file: %.40q", f.pos(n), strings.TrimSpace(s))
				}
			}
			return true
		})
	}
	if checked < 50 {
		t.Fatalf("checked only %d files; is the walk finding the module?", checked)
	}
}

func sqlIsExempt(rel string) bool {
	for dir := range sqlExempt {
		if strings.HasPrefix(rel, dir) {
			return true
		}
	}
	return false
}
