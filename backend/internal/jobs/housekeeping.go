package jobs

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
)

// Chore is periodic clean-up a domain context asks for (e.g. the account context's expired
// sessions and old sign-in attempts). It runs on River's leader only, so several API processes
// do not repeat it.
type Chore struct {
	// Name identifies the chore in job arguments and logs; unique among chores.
	Name string
	// Every is the interval between runs; the first is one interval after start (a restart
	// loop must not turn clean-up into a hot path).
	Every time.Duration
	// Run does the work and reports how many rows it removed.
	Run func(ctx context.Context) (int64, error)
}

// ChoreArgs names the chore a job runs.
type ChoreArgs struct {
	Chore string `json:"chore"`
}

// Kind implements river.JobArgs.
func (ChoreArgs) Kind() string { return "chore" }

// InsertOpts keeps one pending run of a chore at a time and gives up quickly: the next period
// runs it again anyway.
func (ChoreArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{MaxAttempts: 3, UniqueOpts: river.UniqueOpts{ByArgs: true, ByState: []rivertype.JobState{
		rivertype.JobStateAvailable, rivertype.JobStatePending, rivertype.JobStateRunning, rivertype.JobStateRetryable, rivertype.JobStateScheduled,
	}}}
}

type choreWorker struct {
	river.WorkerDefaults[ChoreArgs]
	chores map[string]Chore
	logger *slog.Logger
}

func (w *choreWorker) Work(ctx context.Context, job *river.Job[ChoreArgs]) error {
	c, ok := w.chores[job.Args.Chore]
	if !ok {
		// A chore removed from the code while a run was queued: nothing to do, ever.
		return river.JobCancel(fmt.Errorf("jobs: unknown chore %q", job.Args.Chore))
	}
	n, err := c.Run(ctx)
	if err != nil {
		return fmt.Errorf("jobs.choreWorker.Work: %s: %w", c.Name, err)
	}
	if n > 0 {
		w.logger.InfoContext(ctx, "chore done", "chore", c.Name, "removed", n)
	}
	return nil
}

// periodicChores registers the chores' worker and schedules each one.
func periodicChores(workers *river.Workers, chores []Chore, logger *slog.Logger) ([]*river.PeriodicJob, error) {
	byName := make(map[string]Chore, len(chores))
	var periodic []*river.PeriodicJob
	for _, c := range chores {
		if c.Name == "" || c.Every <= 0 || c.Run == nil {
			return nil, fmt.Errorf("jobs: chore %q needs a name, an interval and a function", c.Name)
		}
		if _, dup := byName[c.Name]; dup {
			return nil, fmt.Errorf("jobs: chore %q registered twice", c.Name)
		}
		byName[c.Name] = c
		args := ChoreArgs{Chore: c.Name}
		periodic = append(periodic, river.NewPeriodicJob(river.PeriodicInterval(c.Every),
			func() (river.JobArgs, *river.InsertOpts) { return args, nil },
			nil))
	}
	river.AddWorker(workers, &choreWorker{chores: byName, logger: logger})
	return periodic, nil
}

// mailSentRetention is how long the record of a sent e-mail is kept. A job runs again only
// within River's retry window (hours) or when the relay re-offers a fresh outbox row (seconds);
// a month is far beyond both. Records of e-mails about an order are kept for good: they are the
// order's timeline, and there are only a few per order.
const mailSentRetention = 30 * 24 * time.Hour

// pruneMailSent is the jobs package's own chore: it forgets sent e-mails no repeat can ask about
// and no order's timeline shows.
func pruneMailSent(store *pgxpool.Pool) Chore {
	return Chore{Name: "mail_sent.prune", Every: 24 * time.Hour, Run: func(ctx context.Context) (int64, error) {
		n, err := deleteMailSentOlderThan(ctx, store, mailSentRetention)
		if err != nil {
			return 0, fmt.Errorf("jobs.pruneMailSent: %w", err)
		}
		return n, nil
	}}
}
