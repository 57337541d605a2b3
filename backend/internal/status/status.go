// Package status runs the checks behind the storefront's status page: is each part of the shop
// working, not set up on this installation, or failing. The checks are injected by the
// composition root in the order the page lists them, so a part that arrives later (the job
// queue, a payment provider, mail) plugs in its own probe without changing this package.
// Everyone may learn whether the shop is up (Report's State); the findings of each check (queue
// depth, failed jobs, whether mail is set up, the payment mode) are for admins only. Even those
// never carry addresses, hosts or secrets: the causes of failures go to the log only.
package status

import (
	"context"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"golang.org/x/sync/singleflight"
)

// State is how a check came out.
type State int

// The states, as the API reports them.
const (
	OK State = iota + 1
	NotConfigured
	Failing
)

// Check is one named probe.
type Check struct {
	Code string // stable, e.g. "database"
	Name string // for people, e.g. "Database"
	// Probe reports the state and a safe message; err, when set, is the cause of a failure and is
	// logged, never shown. It must return once ctx is done: Run waits for every probe.
	Probe func(ctx context.Context) (state State, message string, err error)
}

// Result is the outcome of one check.
type Result struct {
	Code, Name string
	State      State
	Message    string
}

// Timeout is the deadline of every probe's context, so a dependency that hangs cannot hang the
// status page (probes honour their context).
const Timeout = 3 * time.Second

// Service runs the checks.
type Service struct {
	checks []Check
	logger *slog.Logger

	// The status page is public: without a cache, anyone could make the shop dial its mail
	// server (and query the job tables) as often as they like, and trip the provider's limits.
	maxAge  time.Duration
	flight  singleflight.Group
	mu      sync.Mutex
	last    []Result
	lastAt  time.Time
	nowFunc func() time.Time
}

// NewService returns a service running checks in the given order, afresh on every call.
func NewService(logger *slog.Logger, checks ...Check) *Service {
	return &Service{checks: checks, logger: logger, nowFunc: time.Now}
}

// CacheFor makes Results answer from the last run while it is younger than maxAge; callers
// arriving during a run share it. It returns s.
func (s *Service) CacheFor(maxAge time.Duration) *Service {
	s.maxAge = maxAge
	return s
}

// Results returns the checks' results, from the cache when CacheFor allows.
func (s *Service) Results(ctx context.Context) []Result {
	if s.maxAge <= 0 {
		return s.Run(ctx)
	}
	s.mu.Lock()
	if s.last != nil && s.nowFunc().Sub(s.lastAt) < s.maxAge {
		out := s.last
		s.mu.Unlock()
		return out
	}
	s.mu.Unlock()
	// The shared run must not end because the caller who started it went away.
	shared := context.WithoutCancel(ctx)
	v, _, _ := s.flight.Do("run", func() (any, error) {
		out := s.Run(shared)
		s.mu.Lock()
		s.last, s.lastAt = out, s.nowFunc()
		s.mu.Unlock()
		return out, nil
	})
	return v.([]Result) //nolint:forcetypeassert // the flight's function returns a []Result
}

// Report is what a caller of the status page learns.
type Report struct {
	// State is the shop's up or down: Failing when any check fails, otherwise OK (a part that is
	// not set up is not a failure: the shop works without it).
	State State
	// Checks are the results one by one, only for a caller allowed the details; nil otherwise.
	Checks []Result
}

// Overall is the up or down of a set of results (Report.State).
func Overall(results []Result) State {
	for _, r := range results {
		if r.State == Failing {
			return Failing
		}
	}
	return OK
}

// Report runs the checks (through the cache, see Results) and reports them: the overall state to
// everyone, each check's findings only when withDetails. The details tell an outsider how the
// shop is set up and how busy it is, so only admins get them; the API decides who is one.
func (s *Service) Report(ctx context.Context, withDetails bool) Report {
	results := s.Results(ctx)
	r := Report{State: Overall(results)}
	if withDetails {
		r.Checks = results
	}
	return r
}

// Run runs every check at once and returns their results in the service's order.
func (s *Service) Run(ctx context.Context) []Result {
	out := make([]Result, len(s.checks))
	var wg sync.WaitGroup
	for i, c := range s.checks {
		wg.Go(func() {
			ctx, cancel := context.WithTimeout(ctx, Timeout)
			defer cancel()
			state, msg, err := c.Probe(ctx)
			if err != nil {
				s.logger.WarnContext(ctx, "status check failing", "check", c.Code, "error", err.Error())
			}
			out[i] = Result{Code: c.Code, Name: c.Name, State: state, Message: msg}
		})
	}
	wg.Wait()
	return out
}

// Pinger is what the database check needs of a connection pool.
type Pinger interface {
	Ping(ctx context.Context) error
}

// Database reports whether the store's database answers.
func Database(db Pinger) Check {
	return Check{Code: "database", Name: "Database", Probe: func(ctx context.Context) (State, string, error) {
		if err := db.Ping(ctx); err != nil {
			return Failing, "Unreachable", err
		}
		return OK, "Connected", nil
	}}
}

// Unconfigured is a check for a part this installation does not have yet; message says so in
// words a shop owner understands.
func Unconfigured(code, name, message string) Check {
	return Check{Code: code, Name: name, Probe: func(context.Context) (State, string, error) {
		return NotConfigured, message, nil
	}}
}

// JobCounts is the job queue at a glance.
type JobCounts struct {
	Waiting   int // queued, not yet run
	Retrying  int // failed at least once, will run again
	Failed    int // given up (cancelled or out of attempts), within the queue's retention
	Unrelayed int // events committed but not yet handed to the queue
}

// Jobs reports whether the job queue's tables answer, and how much is waiting or failing. The
// counts are numbers only, safe for anyone to read.
func Jobs(count func(ctx context.Context) (JobCounts, error)) Check {
	return Check{Code: "jobs", Name: "Background jobs", Probe: func(ctx context.Context) (State, string, error) {
		c, err := count(ctx)
		if err != nil {
			return Failing, "Job queue unreachable", err
		}
		msg := fmt.Sprintf("Running: %d waiting, %d retrying, %d failed", c.Waiting, c.Retrying, c.Failed)
		if c.Unrelayed > 0 {
			msg += fmt.Sprintf(", %d not yet queued", c.Unrelayed)
		}
		return OK, msg, nil
	}}
}

// MailProber is what the mail check needs of a mail sender: a conversation with the server
// (connect, EHLO, NOOP) that ends when ctx does.
type MailProber interface {
	Probe(ctx context.Context) error
}

// Mail reports whether the outgoing mail server answers. A nil prober means SMTP_URL is unset.
func Mail(p MailProber) Check {
	return Check{Code: "mail", Name: "Mail", Probe: func(ctx context.Context) (State, string, error) {
		if p == nil {
			return NotConfigured, "Outgoing mail is not configured.", nil
		}
		if err := p.Probe(ctx); err != nil {
			return Failing, "Mail server unreachable", err
		}
		return OK, "Mail server answering", nil
	}}
}
