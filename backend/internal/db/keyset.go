package db

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Keyset paging (the page tokens of AIP-158): a page starts after the last row of the previous
// one in the list's order, rather than at an offset, so rows added or removed between pages are
// neither met twice nor skipped. The ORDER BY and the condition that continues it are written
// from one list of terms, so they cannot disagree about a direction or where NULLs go.

// KeyType is the SQL type of an order term's value, which its key (text in a token) is cast to.
type KeyType string

// The key types: a key of each is text as KeyText formats it.
const (
	KeyText KeyType = "text"
	KeyInt  KeyType = "bigint"
	KeyTime KeyType = "timestamptz" // RFC 3339 with nanoseconds, as TimeKey writes it
	KeyBool KeyType = "bool"
	KeyUUID KeyType = "uuid"
)

// OrderTerm is one term of an ORDER BY that keyset pages continue.
type OrderTerm struct {
	// Expr is the SQL expression ordered by, a constant of the store's allow-list, never input.
	Expr string
	Type KeyType
	// Func, when Expr applies a function to a column ("lower"), is that function: the key is the
	// column's value and is compared through the same function, so that the database's
	// lower-casing of both sides agrees with its order (Go's may not).
	Func string
	Desc bool
	// Nullable says Expr can be NULL. NULLs go last either way: NULLS LAST is written out, so the
	// condition knows where they are without PostgreSQL's default (first when descending).
	Nullable bool
}

// OrderBy is the ORDER BY list of terms (without the keywords).
func OrderBy(terms []OrderTerm) string {
	parts := make([]string, len(terms))
	for i, t := range terms {
		parts[i] = t.Expr + map[bool]string{false: " ASC", true: " DESC"}[t.Desc]
		if t.Nullable {
			parts[i] += " NULLS LAST"
		}
	}
	return strings.Join(parts, ", ")
}

// KeysetAfter is the condition of the rows that come after one row in the order of terms, given
// that row's value of each term as text (nil for NULL) in keys. The last term must tell every
// row apart (the id), so no two rows share a place. The keys travel as bind parameters named
// after_0, after_1… added to args. Consecutive terms of one direction that cannot be NULL are
// compared as one row value ((a, id) < (@a, @id)), which an index on them serves.
func KeysetAfter(terms []OrderTerm, keys []*string, args map[string]any) string {
	if len(terms) != len(keys) || len(terms) == 0 || terms[len(terms)-1].Nullable {
		panic(fmt.Sprintf("db.KeysetAfter: %d terms, %d keys, or a nullable last term", len(terms), len(keys)))
	}
	// Group the terms into runs compared at once, then nest: after = beyond(run) OR (equal(run)
	// AND after(the rest)).
	type run struct{ exprs, params []string }
	var runs []run
	var desc []bool
	var null []bool // the run is one nullable term whose key is NULL
	var nullable []bool
	for i, t := range terms {
		param := ""
		if keys[i] != nil {
			name := fmt.Sprintf("after_%d", i)
			args[name] = *keys[i]
			param = "@" + name + "::" + string(t.Type)
			if t.Func != "" {
				param = t.Func + "(" + param + ")"
			}
		}
		last := len(runs) - 1
		if last >= 0 && !t.Nullable && !nullable[last] && desc[last] == t.Desc {
			runs[last].exprs = append(runs[last].exprs, t.Expr)
			runs[last].params = append(runs[last].params, param)
			continue
		}
		runs = append(runs, run{[]string{t.Expr}, []string{param}})
		desc, null, nullable = append(desc, t.Desc), append(null, keys[i] == nil), append(nullable, t.Nullable)
	}
	cond := ""
	for i, r := range slices.Backward(runs) {
		lhs, rhs := r.exprs[0], r.params[0]
		if len(r.exprs) > 1 {
			lhs, rhs = "("+strings.Join(r.exprs, ", ")+")", "("+strings.Join(r.params, ", ")+")"
		}
		var beyond, equal string
		switch {
		case null[i]:
			// NULLs come last: nothing is beyond a NULL but other NULLs, ordered by the rest.
			if !nullable[i] {
				panic("db.KeysetAfter: a NULL key for " + lhs + ", which cannot be NULL")
			}
			equal = lhs + " IS NULL"
		default:
			beyond = lhs + map[bool]string{false: " > ", true: " < "}[desc[i]] + rhs
			if nullable[i] {
				beyond = "(" + beyond + " OR " + lhs + " IS NULL)"
			}
			equal = lhs + " = " + rhs
		}
		switch {
		case cond == "":
			cond = beyond // the last run holds the id: nothing equals the row but itself
		case beyond == "":
			cond = equal + " AND (" + cond + ")"
		default:
			cond = beyond + " OR (" + equal + " AND (" + cond + "))"
		}
	}
	return "(" + cond + ")"
}

// ValidKeys reports whether keys (read from a token, so from anyone) are one per term and each
// of its term's type, so that the query casting them cannot fail.
func ValidKeys(terms []OrderTerm, keys []*string) bool {
	if len(keys) != len(terms) {
		return false
	}
	for i, t := range terms {
		k := keys[i]
		if k == nil {
			if !t.Nullable {
				return false
			}
			continue
		}
		var err error
		switch t.Type {
		case KeyText:
			if strings.ContainsRune(*k, 0) {
				return false // PostgreSQL's text holds no NUL
			}
		case KeyInt:
			_, err = strconv.ParseInt(*k, 10, 64)
		case KeyTime:
			_, err = time.Parse(time.RFC3339Nano, *k)
		case KeyBool:
			if *k != "true" && *k != "false" {
				return false
			}
		case KeyUUID:
			if _, ok := CanonicalID(*k); !ok {
				return false
			}
		default:
			return false
		}
		if err != nil {
			return false
		}
	}
	return true
}

// IntKey, TimeKey and BoolKey write a row's value as a key of their type; a text's key is
// new(value).

// IntKey is n as a KeyInt key.
func IntKey(n int64) *string { return new(strconv.FormatInt(n, 10)) }

// TimeKey is t as a KeyTime key, exact to the nanosecond (the database keeps microseconds).
func TimeKey(t time.Time) *string { return new(t.UTC().Format(time.RFC3339Nano)) }

// BoolKey is b as a KeyBool key.
func BoolKey(b bool) *string { return new(strconv.FormatBool(b)) }
