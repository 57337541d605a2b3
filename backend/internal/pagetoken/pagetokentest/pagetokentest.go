// Package pagetokentest checks lists paged by page tokens (AIP-158), for the tests of the contexts
// that page them: that numbered pages, one page of everything and a walk by tokens meet the same
// items in the same order, and tokens forged field by field.
package pagetokentest

import (
	"encoding/base64"
	"encoding/json"
	"maps"
	"testing"

	"github.com/stretchr/testify/require"
)

// Page lists one page of a list in one order and filter: by its number (from 1) when number is
// not 0, else by token ("" for the first page); it returns the ids on it in order and the next
// page's token ("" after the last).
type Page func(number int, token string, size int) (ids []string, next string, err error)

// Walk follows the next page's token from token's page (the first for "") to the last, size
// items a page, and returns every id in the order met.
func Walk(t testing.TB, page Page, token string, size int) []string {
	t.Helper()
	seen := []string{}
	for range 100 {
		ids, next, err := page(0, token, size)
		require.NoError(t, err)
		seen = append(seen, ids...)
		if next == "" {
			return seen
		}
		token = next
	}
	t.Fatal("the pages never ended")
	return nil
}

// RequireAgree checks that the list's total items, read in one page, are met in the same order by
// its numbered pages of numberedSize and by a walk by tokens at each of walkSizes.
func RequireAgree(t testing.TB, page Page, total, numberedSize int, walkSizes ...int) {
	t.Helper()
	want, next, err := page(1, "", 100)
	require.NoError(t, err)
	require.Len(t, want, total)
	require.Empty(t, next, "one page holds them all")
	var numbered []string
	for n := 1; (n-1)*numberedSize < total; n++ {
		ids, _, err := page(n, "", numberedSize)
		require.NoError(t, err)
		numbered = append(numbered, ids...)
	}
	require.Equal(t, want, numbered, "numbered pages agree with one page")
	for _, size := range walkSizes {
		require.Equal(t, want, Walk(t, page, "", size), "%d a page", size)
	}
}

// Forged is tok with its fields changed: a token is not signed, so each field must be checked.
func Forged(t testing.TB, tok string, change map[string]any) string {
	t.Helper()
	raw, err := base64.RawURLEncoding.DecodeString(tok)
	require.NoError(t, err)
	var fields map[string]any
	require.NoError(t, json.Unmarshal(raw, &fields))
	maps.Copy(fields, change)
	raw, err = json.Marshal(fields)
	require.NoError(t, err)
	return base64.RawURLEncoding.EncodeToString(raw)
}
