package revision_test

import (
	"testing"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/apperr/apperrtest"
	"github.com/atelier-commerce/atelier/backend/internal/revision"
	"github.com/stretchr/testify/require"
)

func TestDisplayName(t *testing.T) {
	t.Parallel()
	require.Equal(t, "Ava Sinclair", revision.Actor{Name: "Ava Sinclair", Email: "ava@atelier.test"}.DisplayName())
	require.Equal(t, "ava@atelier.test", revision.Actor{Email: "ava@atelier.test"}.DisplayName())
	require.Equal(t, revision.SystemName, revision.Actor{}.DisplayName())
}

// The refusal names who saved and when, in London time (summer time here), with the metadata a
// client needs to reload.
func TestStale(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 7, 1, 9, 30, 5, 0, time.UTC)
	apperrtest.Require(t, revision.Stale("page", 4, revision.Actor{Name: "Ben Okafor"}, at), apperrtest.Want{
		Kind: apperr.KindConflict, Reason: "stale_revision",
		Message:  "This page has changed since you opened it: saved by Ben Okafor at 01/07/2026, 10:30:05 (revision 4); reload to see their changes.",
		Metadata: map[string]string{"current_revision": "4", "saved_by": "Ben Okafor", "saved_at": "2026-07-01T09:30:05Z"},
	})
}

func TestPaging(t *testing.T) {
	t.Parallel()
	size, before, err := revision.Paging(0, "")
	require.NoError(t, err)
	require.Equal(t, revision.DefaultPageSize, size)
	require.Greater(t, before, int64(1<<30), "the first page starts above every revision")
	size, before, err = revision.Paging(5, "12")
	require.NoError(t, err)
	require.Equal(t, [2]int64{5, 12}, [2]int64{int64(size), before})
	for _, bad := range []int{-1, revision.MaxPageSize + 1} {
		_, _, err := revision.Paging(bad, "")
		apperrtest.RequireKind(t, err, apperr.KindInvalid, "invalid_page_size")
	}
	for _, bad := range []string{"x", "0", "-3", "1.5"} {
		_, _, err := revision.Paging(0, bad)
		apperrtest.RequireKind(t, err, apperr.KindInvalid, "invalid_page_token")
	}

	id := func(n int64) int64 { return n }
	rows, next := revision.Cut([]int64{9, 8, 7}, 2, id)
	require.Equal(t, []int64{9, 8}, rows)
	require.Equal(t, "8", next)
	rows, next = revision.Cut([]int64{9, 8}, 2, id)
	require.Equal(t, []int64{9, 8}, rows)
	require.Empty(t, next, "the last page")
}

func TestDiff(t *testing.T) {
	t.Parallel()
	type doc struct {
		Title string
		Tags  []string
	}
	fields := []revision.Field[doc]{
		{Name: "title", Text: func(d doc) string { return d.Title }},
		{Name: "tags", Text: func(d doc) string { return revision.JSONText(d.Tags) }},
	}
	changes := revision.Diff(fields, doc{Title: "A"}, doc{Title: "B", Tags: []string{"x"}})
	require.Equal(t, []revision.Change{{Field: "title", Before: "A", After: "B"}, {Field: "tags", Before: "[]", After: `["x"]`}}, changes)
	require.Equal(t, []string{"title", "tags"}, revision.Names(changes))
	require.Empty(t, revision.Diff(fields, doc{Title: "A", Tags: []string{}}, doc{Title: "A"}), "no list and an empty one are alike")
}
