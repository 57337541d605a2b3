// Package revision is what the histories of the aggregates admins edit (products, pages) share:
// who made a change, the refusal of a write based on a stale revision, paging through a history,
// field diffs and the audit trail. Each aggregate keeps its own revisions table and snapshot
// type; this package knows none of them, but holds what their histories do alike (Table: the
// revisions tables' SQL; History: listing, diffing, admitting and recording a change).
package revision

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"time"
	_ "time/tzdata" // the stale-revision message gives London time whatever the host's zoneinfo

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
)

// Action is the kind of change a revision records. Aggregates add kinds of their own.
type Action string

// The kinds every aggregate has.
const (
	Created  Action = "created"
	Updated  Action = "updated"
	Restored Action = "restored"
)

// Actor is who makes a change: a signed-in admin, or the system (empty AccountID).
type Actor struct {
	AccountID string
	Name      string
	Email     string
}

// SystemName is how changes made outside the admin API (the seed, migrations) are signed.
const SystemName = "System"

// DisplayName is the actor's name as people read it.
func (a Actor) DisplayName() string {
	switch {
	case a.Name != "":
		return a.Name
	case a.Email != "":
		return a.Email
	}
	return SystemName
}

// london is where the shop's people read times.
var london = func() *time.Location {
	loc, err := time.LoadLocation("Europe/London")
	if err != nil {
		return time.UTC
	}
	return loc
}()

// Stale refuses a write based on an older revision than current, naming who saved it and when,
// so the admin knows whose work they would have overwritten. noun names the aggregate ("product").
func Stale(noun string, current int64, by Actor, at time.Time) *apperr.Error {
	return apperr.Conflict("stale_revision",
		"This %s has changed since you opened it: saved by %s at %s (revision %d); reload to see their changes.",
		noun, by.DisplayName(), at.In(london).Format("02/01/2006, 15:04:05"), current).
		With("current_revision", strconv.FormatInt(current, 10)).
		With("saved_by", by.DisplayName()).
		With("saved_at", at.UTC().Format(time.RFC3339))
}

// Revision page sizes.
const (
	DefaultPageSize = 20
	MaxPageSize     = 100
)

// Paging checks the page size and token of a history listing. It returns the page size (the
// default for 0) and the revision the page starts below.
func Paging(pageSize int, pageToken string) (size int, before int64, err error) {
	switch {
	case pageSize == 0:
		pageSize = DefaultPageSize
	case pageSize < 0 || pageSize > MaxPageSize:
		return 0, 0, apperr.Invalid("page_size", "invalid_page_size", "page_size must be 1 to %d", MaxPageSize)
	}
	before = int64(math.MaxInt32)
	if pageToken != "" {
		n, err := strconv.ParseInt(pageToken, 10, 64)
		if err != nil || n < 1 {
			return 0, 0, apperr.Invalid("page_token", "invalid_page_token", "page_token is not one this service gave")
		}
		before = n
	}
	return pageSize, before, nil
}

// Cut trims rows, read with a limit of size+1, to one page and returns the token of the next
// page ("" on the last): the revision number of the page's last row.
func Cut[T any](rows []T, size int, revisionOf func(T) int64) ([]T, string) {
	if len(rows) <= size {
		return rows, ""
	}
	rows = rows[:size]
	return rows, strconv.FormatInt(revisionOf(rows[size-1]), 10)
}

// Change is one field that differs between two revisions, as display text.
type Change struct {
	Field  string
	Before string
	After  string
}

// Field is one compared field of a snapshot type S: its name and its value as display text.
type Field[S any] struct {
	Name string
	Text func(S) string
}

// Diff lists the fields that differ between a and b, in the order of fields.
func Diff[S any](fields []Field[S], a, b S) []Change {
	var out []Change
	for _, f := range fields {
		if before, after := f.Text(a), f.Text(b); before != after {
			out = append(out, Change{Field: f.Name, Before: before, After: after})
		}
	}
	return out
}

// Names are the changed fields' names.
func Names(changes []Change) []string {
	out := make([]string, len(changes))
	for i, c := range changes {
		out[i] = c.Field
	}
	return out
}

// JSONText shows a list as JSON ("[]" when empty), for diffs that compare lists whole.
func JSONText(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	if string(b) == "null" {
		return "[]"
	}
	return string(b)
}
