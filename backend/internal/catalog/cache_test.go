package catalog

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// A read that was already running when a write cleared the cache may have read the old
// catalogue: it must not be kept, nor be shared with readers that arrive after the write.
func TestReadCacheDropsLoadsOverlappingAWrite(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	c := newReadCache(time.Hour)
	read := func(v int, before func()) <-chan int {
		out := make(chan int, 1)
		go func() {
			got, _ := cached(ctx, c, "k", func(context.Context) (int, error) {
				before()
				return v, nil
			})
			out <- got
		}()
		return out
	}
	started, release := make(chan struct{}), make(chan struct{})
	stale := read(1, func() { close(started); <-release }) // what the catalogue held before the write
	<-started
	c.clear() // a write lands while that read is in flight

	select {
	case v := <-read(2, func() {}):
		require.Equal(t, 2, v)
	case <-time.After(10 * time.Second): // a deadline for the failure only; a pass never waits
		close(release)
		t.Fatal("a reader after the write waited for the read from before it")
	}
	close(release)
	require.Equal(t, 1, <-stale, "the earlier reader gets what it read")
	require.Equal(t, 2, <-read(3, func() {}), "and the value kept is the one read after the write")
}
