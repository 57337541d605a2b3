// Package apperrtest checks the error contract in tests: a refused call returns an apperr of
// the expected kind with its stable reason (what clients decide on, not the wording), and
// concurrent calls racing for a limit either pass or are refused with that reason. The contexts'
// tests share it so that every package asserts the contract the same way.
package apperrtest

import (
	"sync"
	"testing"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/stretchr/testify/require"
)

// Want is the classified error a refused call must return.
type Want struct {
	Kind     apperr.Kind
	Reason   string
	Message  string            // checked when set
	Metadata map[string]string // checked when set
}

// Require fails the test unless err is an apperr as wanted.
func Require(t testing.TB, err error, want Want) {
	t.Helper()
	ae := RequireKind(t, err, want.Kind, want.Reason)
	if want.Message != "" {
		require.Equal(t, want.Message, ae.Message)
	}
	if want.Metadata != nil {
		require.Equal(t, want.Metadata, ae.Metadata)
	}
}

// RequireKind fails the test unless err is an apperr of kind with reason, and returns it for the
// test to check what else it carries.
func RequireKind(t testing.TB, err error, kind apperr.Kind, reason string) *apperr.Error {
	t.Helper()
	require.Error(t, err)
	ae := apperr.As(err)
	require.NotNil(t, ae, "a classified error, got %v", err)
	require.Equal(t, kind, ae.Kind, err.Error())
	require.Equal(t, reason, ae.Reason, err.Error())
	return ae
}

// Concurrently runs call(0), …, call(n-1) in n goroutines released at the same moment, so they
// really race, and returns their errors by i.
func Concurrently(n int, call func(i int) error) []error {
	errs := make([]error, n)
	start := make(chan struct{})
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			<-start
			errs[i] = call(i)
		})
	}
	close(start)
	wg.Wait()
	return errs
}

// Passed counts the calls that succeeded; every other one must have been refused with reason.
func Passed(t testing.TB, errs []error, reason string) int {
	t.Helper()
	ok := 0
	for _, err := range errs {
		if err == nil {
			ok++
			continue
		}
		ae := apperr.As(err)
		require.NotNil(t, ae, "a classified error, got %v", err)
		require.Equal(t, reason, ae.Reason, err.Error())
	}
	return ok
}
