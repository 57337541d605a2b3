// Package ratelimit limits how many API requests one caller (a key, or a client address) may make
// in a window, by the generic cell rate algorithm: each request pushes a "theoretical arrival
// time" one interval (window / limit) ahead, and a request that would push it more than a window
// beyond now is refused. It allows a burst of the whole limit, then the limit's steady rate, and
// needs one timestamp per caller.
//
// Limits are kept in this process's memory, so the hot path costs a map lookup and no query.
// With several API processes behind a balancer each counts on its own: a caller may make up to
// the limit times the number of processes. Configure the limit per process accordingly (or
// balance callers stickily); a shared count in PostgreSQL would cost a write per request, which
// the catalogue's read path cannot afford.
package ratelimit

import (
	"strconv"
	"sync"
	"sync/atomic"
	"time"
)

// Limit is Requests per Window. Requests 0 or less means not limited.
type Limit struct {
	Requests int
	Window   time.Duration
}

// PerMinute is a limit of n requests a minute.
func PerMinute(n int) Limit { return Limit{Requests: n, Window: time.Minute} }

// Enabled reports whether the limit limits anything.
func (l Limit) Enabled() bool { return l.Requests > 0 && l.Window > 0 }

// Policy is the limit as the RateLimit-Policy header states it: "600;w=60".
func (l Limit) Policy() string {
	return strconv.Itoa(l.Requests) + ";w=" + strconv.Itoa(int(l.Window/time.Second))
}

// Decision is the answer to one request.
type Decision struct {
	Allowed bool
	// Limit is the number of requests in a window; Remaining how many more would be allowed now.
	Limit     int
	Remaining int
	// Reset is how long until the caller's full allowance is back.
	Reset time.Duration
	// RetryAfter is how long a refused caller must wait before one more request is allowed.
	RetryAfter time.Duration
}

// maxCallers bounds memory: past it, callers whose allowance is full again are forgotten (they
// lose nothing), and if all are still counting, the limiter starts afresh.
const maxCallers = 1 << 18

// Limiter counts requests per caller key against one Limit. It is safe for concurrent use, and
// lock-free for a caller it already knows: one busy caller's concurrent requests (a partner's
// workers, a benchmark) contend on one atomic word, never on a lock, so the limiter costs the
// same at any concurrency.
type Limiter struct {
	limit    Limit
	policy   string
	requests string // limit.Requests in decimal
	interval int64  // nanoseconds a request uses of the allowance
	now      func() time.Time

	cells sync.Map // caller key → *atomic.Int64: its theoretical arrival time, Unix nanoseconds
	size  atomic.Int64
	sweep sync.Mutex
}

// New returns a limiter for limit; now is its clock (time.Now in production).
func New(limit Limit, now func() time.Time) *Limiter {
	l := &Limiter{limit: limit, now: now}
	if limit.Enabled() {
		l.interval = int64(limit.Window) / int64(limit.Requests)
		l.policy = limit.Policy()
		l.requests = strconv.Itoa(limit.Requests)
	}
	return l
}

// Limit returns the limiter's limit.
func (l *Limiter) Limit() Limit { return l.limit }

// PolicyHeader is Limit().Policy(), computed once.
func (l *Limiter) PolicyHeader() string { return l.policy }

// LimitHeader is the RateLimit-Limit header's value (the requests in a window), computed once.
func (l *Limiter) LimitHeader() string { return l.requests }

// Take counts one request by key and says whether it is allowed. A refused request is not
// counted, so a caller who waits RetryAfter is allowed again.
func (l *Limiter) Take(key string) Decision {
	if !l.limit.Enabled() {
		return Decision{Allowed: true}
	}
	now := l.now().UnixNano()
	cell := l.cell(key, now)
	window := int64(l.limit.Window)
	d := Decision{Limit: l.limit.Requests}
	for {
		old := cell.Load()
		tat := max(old, now)
		next := tat + l.interval
		if ahead := next - now; ahead > window {
			d.RetryAfter = time.Duration(ahead - window)
			d.Reset = time.Duration(tat - now)
			return d
		}
		if cell.CompareAndSwap(old, next) {
			d.Allowed = true
			d.Reset = time.Duration(next - now)
			d.Remaining = int((window - (next - now)) / l.interval)
			return d
		}
	}
}

// cell is key's counter, made on its first request.
func (l *Limiter) cell(key string, now int64) *atomic.Int64 {
	if c, ok := l.cells.Load(key); ok {
		return c.(*atomic.Int64) //nolint:forcetypeassert // the map holds nothing else
	}
	if l.size.Load() >= maxCallers {
		l.forget(now)
	}
	c, loaded := l.cells.LoadOrStore(key, new(atomic.Int64))
	if !loaded {
		l.size.Add(1)
	}
	return c.(*atomic.Int64) //nolint:forcetypeassert // the map holds nothing else
}

// forget drops callers whose allowance is whole again; if none is, everyone, which only errs on
// the callers' side. A request racing with it may count on a dropped cell: the same error.
func (l *Limiter) forget(now int64) {
	l.sweep.Lock()
	defer l.sweep.Unlock()
	if l.size.Load() < maxCallers {
		return // another request has just done it
	}
	l.cells.Range(func(k, v any) bool {
		if v.(*atomic.Int64).Load() <= now { //nolint:forcetypeassert // the map holds nothing else
			l.cells.Delete(k)
			l.size.Add(-1)
		}
		return true
	})
	if l.size.Load() >= maxCallers {
		l.cells.Clear()
		l.size.Store(0)
	}
}
