// Package revisiontest checks, for the aggregates' tests, what every history promises alike:
// of two saves based on the same revision one wins and the other is refused as stale, naming
// the winner.
package revisiontest

import (
	"testing"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/apperr/apperrtest"
	"github.com/atelier-commerce/atelier/backend/internal/revision"
	"github.com/stretchr/testify/require"
)

// Winner checks errs, the outcomes of two saves by editors made at once from revision 1 of an
// aggregate called noun ("page"): exactly one passed, and the other was refused as stale with
// the winner's name and the time it saved (savedAt of its index; London time in the message)
// at revision 2. It returns the winner's index.
func Winner(t testing.TB, noun string, errs []error, editors []revision.Actor, savedAt func(i int) time.Time) int {
	t.Helper()
	require.Equal(t, 1, apperrtest.Passed(t, errs, "stale_revision"))
	winner := 0
	if errs[0] != nil {
		winner = 1
	}
	london, err := time.LoadLocation("Europe/London")
	require.NoError(t, err)
	name, at := editors[winner].DisplayName(), savedAt(winner)
	apperrtest.Require(t, errs[1-winner], apperrtest.Want{Kind: apperr.KindConflict, Reason: "stale_revision",
		Message: "This " + noun + " has changed since you opened it: saved by " + name + " at " +
			at.In(london).Format("02/01/2006, 15:04:05") + " (revision 2); reload to see their changes.",
		Metadata: map[string]string{"current_revision": "2", "saved_by": name, "saved_at": at.UTC().Format(time.RFC3339)}})
	return winner
}

// Numbers are the revision numbers of revs, in their order.
func Numbers[R revision.EntryOf[S], S any](revs []R) []int64 {
	out := make([]int64, len(revs))
	for i, r := range revs {
		out[i] = revision.Entry[S](r).Revision
	}
	return out
}
