package jobs

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/db"
	"github.com/atelier-commerce/atelier/backend/internal/metrics"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
)

// Relay moves outbox rows into River. Each pass takes the oldest rows of routed topics with
// FOR UPDATE SKIP LOCKED (so several processes can relay at once without taking the same row),
// inserts one job per row — unique by outbox id — and deletes the rows.
//
// How the handoff stays exactly-once depends on where River's tables live:
//
//   - Same database as the store (the default): the job inserts and the deletes commit in ONE
//     transaction. Either the jobs exist and the rows are gone, or neither happened.
//   - Separate jobs database (JOBS_DATABASE_URL, when the store is CockroachDB): there is no
//     transaction spanning both, so the jobs are inserted (and committed) first and the rows
//     deleted after. A crash or a serialization retry between the two leaves the rows in the
//     outbox; the next pass offers them again, and River's unique key on the outbox id turns
//     the second insert into a no-op returning the existing job. The order matters: deleting
//     first could lose an event, inserting first can only repeat an offer.
//
// Either way a job exists for every committed event, once.
type Relay struct {
	store  *pgxpool.Pool
	client *river.Client[pgx.Tx]
	sameDB bool
	batch  int
	poll   time.Duration
	logger *slog.Logger
	// unroutedEvery is how often rows of unknown topics are reported.
	unroutedEvery time.Duration
}

func newRelay(store *pgxpool.Pool, client *river.Client[pgx.Tx], sameDB bool, poll time.Duration, logger *slog.Logger) *Relay {
	return &Relay{store: store, client: client, sameDB: sameDB, batch: 100, poll: poll, logger: logger,
		unroutedEvery: time.Minute}
}

// Run relays until ctx ends: every poll interval, and straight away again while
// passes come back full. Errors are logged and retried at the next tick; the outbox keeps the
// rows meanwhile.
func (r *Relay) Run(ctx context.Context) {
	ticker := time.NewTicker(r.poll)
	defer ticker.Stop()
	lastUnrouted := time.Time{}
	for {
		for {
			n, err := r.RelayOnce(ctx)
			if err != nil {
				if ctx.Err() == nil {
					r.logger.WarnContext(ctx, "outbox relay pass failed; will retry", "error", err.Error())
				}
				break
			}
			if n < r.batch {
				break
			}
		}
		if time.Since(lastUnrouted) >= r.unroutedEvery {
			lastUnrouted = time.Now()
			r.reportUnrouted(ctx)
		}
		select {
		case <-ctx.Done():
			return
		case <-ticker.C:
		}
	}
}

// RelayOnce moves at most one batch and returns how many events it handed to River.
func (r *Relay) RelayOnce(ctx context.Context) (int, error) {
	var moved []string
	err := db.WithTx(ctx, r.store, func(tx pgx.Tx) error {
		var err error
		moved, err = r.relayBatch(ctx, tx)
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("jobs.RelayOnce: %w", err)
	}
	// Counted once the handover committed: each order.paid event is relayed once, while the
	// payment's own transaction may have run several times.
	for _, topic := range moved {
		if topic == TopicOrderPaid {
			metrics.OrdersPaid.Inc()
		}
	}
	return len(moved), nil
}

// relayBatch is RelayOnce's transaction: it locks a batch, hands it to River and deletes it. It
// returns the topics of the events it moved.
func (r *Relay) relayBatch(ctx context.Context, tx pgx.Tx) ([]string, error) {
	batch, err := lockOutboxBatch(ctx, tx, Topics(), r.batch)
	if err != nil || len(batch) == 0 {
		return nil, err
	}
	params := make([]river.InsertManyParams, 0, len(batch))
	ids := make([]string, 0, len(batch))
	topics := make([]string, 0, len(batch))
	for _, o := range batch {
		args, ok := ArgsFor(Event{OutboxID: o.id, Topic: o.topic, Payload: o.payload, EmittedAt: o.createdAt})
		if !ok { // the query only selects routed topics
			return nil, fmt.Errorf("jobs.relayBatch: topic %q has no route", o.topic)
		}
		params = append(params, river.InsertManyParams{Args: args})
		ids = append(ids, o.id)
		topics = append(topics, o.topic)
	}
	if r.sameDB {
		_, err = r.client.InsertManyTx(ctx, tx, params)
	} else {
		// Committed on the jobs database before the rows go: see the type's comment.
		_, err = r.client.InsertMany(ctx, params)
	}
	if err != nil {
		return nil, fmt.Errorf("jobs.relayBatch: insert jobs: %w", err)
	}
	if err := deleteOutboxRows(ctx, tx, ids); err != nil {
		return nil, fmt.Errorf("jobs.relayBatch: delete relayed rows: %w", err)
	}
	return topics, nil
}

// reportUnrouted logs outbox rows whose topic has no route. They are left in place rather than
// dropped or moved: the event may belong to a newer version of the binary that will relay it.
func (r *Relay) reportUnrouted(ctx context.Context) {
	unrouted, err := unroutedOutbox(ctx, r.store, Topics())
	if err != nil {
		if !errors.Is(err, context.Canceled) {
			r.logger.WarnContext(ctx, "outbox: counting unrouted events failed", "error", err.Error())
		}
		return
	}
	for _, u := range unrouted {
		r.logger.WarnContext(ctx, "outbox: events with no route are waiting (left in place for a binary that knows the topic)",
			"topic", u.topic, "count", u.count, "oldest", u.oldest.UTC().Format(time.RFC3339))
	}
}
