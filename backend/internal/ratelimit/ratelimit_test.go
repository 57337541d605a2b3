package ratelimit_test

import (
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/ratelimit"
	"github.com/stretchr/testify/require"
)

// clock is a settable time for the limiter under test.
type clock struct{ t time.Time }

func (c *clock) now() time.Time          { return c.t }
func (c *clock) advance(d time.Duration) { c.t = c.t.Add(d) }
func newClock() *clock                   { return &clock{t: time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)} }
func take(l *ratelimit.Limiter, n int, key string) (last ratelimit.Decision) {
	for range n {
		last = l.Take(key)
	}
	return last
}

func TestTake(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name  string
		limit ratelimit.Limit
		run   func(t *testing.T, l *ratelimit.Limiter, c *clock)
	}{
		{"a burst of the whole limit is allowed, counting down", ratelimit.PerMinute(60), func(t *testing.T, l *ratelimit.Limiter, _ *clock) {
			t.Helper()
			d := l.Take("a")
			require.Equal(t, ratelimit.Decision{Allowed: true, Limit: 60, Remaining: 59, Reset: time.Second}, d)
			d = take(l, 59, "a")
			require.True(t, d.Allowed)
			require.Equal(t, 0, d.Remaining)
			require.Equal(t, time.Minute, d.Reset)
		}},
		{"the next is refused, with how long to wait", ratelimit.PerMinute(60), func(t *testing.T, l *ratelimit.Limiter, c *clock) {
			t.Helper()
			take(l, 60, "a")
			c.advance(250 * time.Millisecond)
			d := l.Take("a")
			require.False(t, d.Allowed)
			require.Equal(t, 750*time.Millisecond, d.RetryAfter)
			require.Equal(t, 0, d.Remaining)
			require.Equal(t, time.Minute-250*time.Millisecond, d.Reset)
		}},
		{"a refused request is not counted", ratelimit.PerMinute(60), func(t *testing.T, l *ratelimit.Limiter, c *clock) {
			t.Helper()
			take(l, 60, "a")
			for range 100 {
				require.False(t, l.Take("a").Allowed)
			}
			c.advance(time.Second)
			require.True(t, l.Take("a").Allowed)
			require.False(t, l.Take("a").Allowed)
		}},
		{"the steady rate is the limit's", ratelimit.PerMinute(60), func(t *testing.T, l *ratelimit.Limiter, c *clock) {
			t.Helper()
			take(l, 60, "a")
			allowed := 0
			for range 120 { // a minute in half seconds, trying twice each time
				c.advance(500 * time.Millisecond)
				if l.Take("a").Allowed {
					allowed++
				}
				if l.Take("a").Allowed {
					allowed++
				}
			}
			require.Equal(t, 60, allowed)
		}},
		{"the allowance comes back in full after a window", ratelimit.PerMinute(60), func(t *testing.T, l *ratelimit.Limiter, c *clock) {
			t.Helper()
			take(l, 60, "a")
			c.advance(time.Minute)
			require.Equal(t, 59, l.Take("a").Remaining)
		}},
		{"callers are counted apart", ratelimit.PerMinute(2), func(t *testing.T, l *ratelimit.Limiter, _ *clock) {
			t.Helper()
			take(l, 2, "a")
			require.False(t, l.Take("a").Allowed)
			require.True(t, l.Take("b").Allowed)
		}},
		{"no limit allows everything", ratelimit.Limit{}, func(t *testing.T, l *ratelimit.Limiter, _ *clock) {
			t.Helper()
			require.Equal(t, ratelimit.Decision{Allowed: true}, take(l, 10000, "a"))
		}},
		{"many callers stay bounded and keep counting", ratelimit.PerMinute(1), func(t *testing.T, l *ratelimit.Limiter, _ *clock) {
			t.Helper()
			require.True(t, l.Take("first").Allowed)
			for i := range 300_000 {
				l.Take(strconv.Itoa(i))
			}
			// The shards started afresh at most once each; a caller may lose its count then,
			// never more than that.
			require.True(t, l.Take("new").Allowed)
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			c := newClock()
			tt.run(t, ratelimit.New(tt.limit, c.now), c)
		})
	}
}

// Concurrent callers are counted exactly: of 200 requests at one instant, the limit's 50 pass.
func TestTakeConcurrent(t *testing.T) {
	t.Parallel()
	c := newClock()
	l := ratelimit.New(ratelimit.PerMinute(50), c.now)
	var mu sync.Mutex
	allowed := 0
	var wg sync.WaitGroup
	for range 200 {
		wg.Go(func() {
			if l.Take("a").Allowed {
				mu.Lock()
				allowed++
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	require.Equal(t, 50, allowed)
}

// Two processes (two limiters) count on their own: each allows the whole limit.
func TestLimitsArePerProcess(t *testing.T) {
	t.Parallel()
	c := newClock()
	a, b := ratelimit.New(ratelimit.PerMinute(3), c.now), ratelimit.New(ratelimit.PerMinute(3), c.now)
	require.True(t, take(a, 3, "k").Allowed)
	require.False(t, a.Take("k").Allowed)
	require.True(t, take(b, 3, "k").Allowed)
}

func TestPolicy(t *testing.T) {
	t.Parallel()
	require.Equal(t, "600;w=60", ratelimit.PerMinute(600).Policy())
}

func BenchmarkTake(b *testing.B) {
	l := ratelimit.New(ratelimit.PerMinute(1<<30), time.Now)
	b.RunParallel(func(pb *testing.PB) {
		i := 0
		for pb.Next() {
			l.Take(strconv.Itoa(i % 1000))
			i++
		}
	})
}

// One busy caller's concurrent requests: the case a lock would serialise.
func BenchmarkTakeOneCaller(b *testing.B) {
	l := ratelimit.New(ratelimit.PerMinute(1<<30), time.Now)
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			l.Take("ip:127.0.0.1")
		}
	})
}
