package status

import (
	"context"
	"log/slog"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// A cached service probes once for many callers until the answer is older than its age limit.
func TestResultsAreCached(t *testing.T) {
	t.Parallel()
	var probes atomic.Int32
	release := make(chan struct{})
	svc := NewService(slog.New(slog.DiscardHandler), Check{Code: "mail", Name: "Mail", Probe: func(context.Context) (State, string, error) {
		probes.Add(1)
		<-release
		return OK, "fine", nil
	}}).CacheFor(time.Minute)
	now := time.Now()
	svc.nowFunc = func() time.Time { return now }

	var wg sync.WaitGroup
	for range 5 {
		wg.Go(func() { require.Equal(t, "fine", svc.Results(context.Background())[0].Message) })
	}
	require.Eventually(t, func() bool { return probes.Load() == 1 }, 5*time.Second, time.Millisecond)
	close(release)
	wg.Wait()
	svc.Results(context.Background())
	require.Equal(t, int32(1), probes.Load(), "callers during and after the run share it")

	now = now.Add(time.Minute)
	svc.Results(context.Background())
	require.Equal(t, int32(2), probes.Load(), "an answer as old as the limit is run again")
}

// A caller going away does not cut the shared run short for the others.
func TestSharedRunOutlivesItsCaller(t *testing.T) {
	t.Parallel()
	svc := NewService(slog.New(slog.DiscardHandler), Check{Code: "db", Name: "Database", Probe: func(ctx context.Context) (State, string, error) {
		select {
		case <-ctx.Done():
			return Failing, "cancelled", ctx.Err()
		case <-time.After(50 * time.Millisecond):
			return OK, "fine", nil
		}
	}}).CacheFor(time.Minute)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	require.Equal(t, "fine", svc.Results(ctx)[0].Message)
}
