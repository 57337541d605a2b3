package db_test

import (
	"testing"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/db"
	"github.com/stretchr/testify/require"
)

// The condition continuing an order is written term by term as the ORDER BY places rows: runs
// of one direction that cannot be NULL as one row comparison (which an index serves), a nullable
// term with its NULLs last, and nothing but NULLs after a NULL key.
func TestKeysetAfter(t *testing.T) {
	t.Parallel()
	id := db.OrderTerm{Expr: "p.id", Type: db.KeyUUID}
	name := db.OrderTerm{Expr: "lower(p.name)", Type: db.KeyText, Func: "lower"}
	price := db.OrderTerm{Expr: "p.price_minor", Type: db.KeyInt, Nullable: true}
	tests := map[string]struct {
		terms   []db.OrderTerm
		keys    []*string
		orderBy string
		want    string
	}{
		"one direction": {
			terms:   []db.OrderTerm{{Expr: "o.created_at", Type: db.KeyTime, Desc: true}, {Expr: "o.id", Type: db.KeyUUID, Desc: true}},
			keys:    []*string{new("t"), new("i")},
			orderBy: "o.created_at DESC, o.id DESC",
			want:    "((o.created_at, o.id) < (@after_0::timestamptz, @after_1::uuid))",
		},
		"mixed directions": {
			terms:   []db.OrderTerm{{Expr: "o.total_minor", Type: db.KeyInt}, {Expr: "o.id", Type: db.KeyUUID, Desc: true}},
			keys:    []*string{new("1"), new("i")},
			orderBy: "o.total_minor ASC, o.id DESC",
			want:    "(o.total_minor > @after_0::bigint OR (o.total_minor = @after_0::bigint AND (o.id < @after_1::uuid)))",
		},
		"nullable, descending": {
			terms:   []db.OrderTerm{{Expr: price.Expr, Type: db.KeyInt, Nullable: true, Desc: true}, name, id},
			keys:    []*string{new("1"), new("n"), new("i")},
			orderBy: "p.price_minor DESC NULLS LAST, lower(p.name) ASC, p.id ASC",
			want: "((p.price_minor < @after_0::bigint OR p.price_minor IS NULL) OR (p.price_minor = @after_0::bigint AND " +
				"((lower(p.name), p.id) > (lower(@after_1::text), @after_2::uuid))))",
		},
		"a NULL key": {
			terms:   []db.OrderTerm{price, name, id},
			keys:    []*string{nil, new("n"), new("i")},
			orderBy: "p.price_minor ASC NULLS LAST, lower(p.name) ASC, p.id ASC",
			want:    "(p.price_minor IS NULL AND ((lower(p.name), p.id) > (lower(@after_1::text), @after_2::uuid)))",
		},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			args := map[string]any{}
			require.Equal(t, tt.orderBy, db.OrderBy(tt.terms))
			require.Equal(t, tt.want, db.KeysetAfter(tt.terms, tt.keys, args))
		})
	}
}

func TestValidKeys(t *testing.T) {
	t.Parallel()
	terms := []db.OrderTerm{{Expr: "p.price_minor", Type: db.KeyInt, Nullable: true}, {Expr: "p.created_at", Type: db.KeyTime},
		{Expr: "p.published", Type: db.KeyBool}, {Expr: "p.name", Type: db.KeyText}, {Expr: "p.id", Type: db.KeyUUID}}
	good := func() []*string {
		return []*string{db.IntKey(-3), db.TimeKey(time.Date(2026, 11, 27, 20, 0, 0, 123456000, time.UTC)), db.BoolKey(true), new("Rose"), new("0b7e3c2a-54a1-4f0e-9d8e-3f2a1b0c9d8e")}
	}
	require.True(t, db.ValidKeys(terms, good()))
	for name, change := range map[string]func(k []*string) []*string{
		"too few":          func(k []*string) []*string { return k[1:] },
		"not a number":     func(k []*string) []*string { k[0] = new("1e3"); return k },
		"not a time":       func(k []*string) []*string { k[1] = new("yesterday"); return k },
		"not a bool":       func(k []*string) []*string { k[2] = new("t"); return k },
		"a NUL":            func(k []*string) []*string { k[3] = new("Ro\x00se"); return k },
		"not an id":        func(k []*string) []*string { k[4] = new("{0b7e3c2a-54a1-4f0e-9d8e-3f2a1b0c9d8e}"); return k },
		"NULL not allowed": func(k []*string) []*string { k[1] = nil; return k },
	} {
		require.False(t, db.ValidKeys(terms, change(good())), name)
	}
	keys := good()
	keys[0] = nil
	require.True(t, db.ValidKeys(terms, keys), "a nullable term's key may be NULL")
}
