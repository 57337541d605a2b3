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
	"hash/maphash"
	"strconv"
	"sync"
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

// shards spreads callers over locks so that concurrent requests rarely wait on each other.
const shards = 32

// maxPerShard bounds memory: a shard that grows beyond it drops callers whose allowance is full
// again (they lose nothing), and if all are still counting, starts afresh.
const maxPerShard = 8192

// Limiter counts requests per caller key against one Limit. It is safe for concurrent use.
type Limiter struct {
	limit    Limit
	interval time.Duration
	now      func() time.Time
	seed     maphash.Seed
	shards   [shards]shard
}

type shard struct {
	mu  sync.Mutex
	tat map[string]time.Time // theoretical arrival time per caller
}

// New returns a limiter for limit; now is its clock (time.Now in production).
func New(limit Limit, now func() time.Time) *Limiter {
	l := &Limiter{limit: limit, now: now, seed: maphash.MakeSeed()}
	if limit.Enabled() {
		l.interval = limit.Window / time.Duration(limit.Requests)
	}
	for i := range l.shards {
		l.shards[i].tat = map[string]time.Time{}
	}
	return l
}

// Limit returns the limiter's limit.
func (l *Limiter) Limit() Limit { return l.limit }

// Take counts one request by key and says whether it is allowed. A refused request is not
// counted, so a caller who waits RetryAfter is allowed again.
func (l *Limiter) Take(key string) Decision {
	if !l.limit.Enabled() {
		return Decision{Allowed: true}
	}
	now := l.now()
	s := &l.shards[maphash.String(l.seed, key)%shards]
	s.mu.Lock()
	defer s.mu.Unlock()
	tat, ok := s.tat[key]
	if !ok || tat.Before(now) {
		tat = now
	}
	next := tat.Add(l.interval)
	window := l.limit.Window
	d := Decision{Limit: l.limit.Requests}
	if ahead := next.Sub(now); ahead > window {
		d.RetryAfter = ahead - window
		d.Reset = tat.Sub(now)
		return d
	}
	if !ok && len(s.tat) >= maxPerShard {
		s.sweep(now)
	}
	s.tat[key] = next
	d.Allowed = true
	d.Reset = next.Sub(now)
	d.Remaining = int((window - d.Reset) / l.interval)
	return d
}

// sweep forgets callers whose allowance is whole again; if none is, it forgets everyone, which
// only errs on the caller's side.
func (s *shard) sweep(now time.Time) {
	for k, tat := range s.tat {
		if !tat.After(now) {
			delete(s.tat, k)
		}
	}
	if len(s.tat) >= maxPerShard {
		clear(s.tat)
	}
}
