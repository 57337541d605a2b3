package jobs

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// mailSentFor says whether the e-mail of outbox event outboxID was recorded as sent.
func mailSentFor(ctx context.Context, store *pgxpool.Pool, outboxID string) (bool, error) {
	var sent bool
	err := store.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM mail_sent WHERE outbox_id = $1)`,
		outboxID).Scan(&sent)
	return sent, err
}

// recordMailSent records that the e-mail of outbox event outboxID went out, and the order it was
// about (nil for none); recording it twice is not an error.
func recordMailSent(ctx context.Context, store *pgxpool.Pool, outboxID, kind, messageID string, orderID *string) error {
	_, err := store.Exec(ctx, `INSERT INTO mail_sent (outbox_id, kind, message_id, order_id) VALUES ($1, $2, $3, $4::uuid)
		ON CONFLICT (outbox_id) DO NOTHING`, outboxID, kind, messageID, orderID)
	return err
}

// deleteMailSentOlderThan forgets the sends recorded more than retention ago, except those about
// an order: they are the order's history.
func deleteMailSentOlderThan(ctx context.Context, store *pgxpool.Pool, retention time.Duration) (int64, error) {
	tag, err := store.Exec(ctx, `DELETE FROM mail_sent WHERE sent_at < now() - $1::interval AND order_id IS NULL`,
		fmt.Sprintf("%d seconds", int64(retention/time.Second)))
	return tag.RowsAffected(), err
}

type outboxRow struct {
	id, topic string
	payload   []byte
	createdAt time.Time
}

// lockOutboxBatch takes at most limit of the oldest outbox rows of topics, skipping the rows
// another relay holds.
func lockOutboxBatch(ctx context.Context, tx pgx.Tx, topics []string, limit int) ([]outboxRow, error) {
	rows, err := tx.Query(ctx, `SELECT id::text, topic, payload, created_at FROM outbox
			WHERE topic = ANY($1) ORDER BY created_at, id LIMIT $2 FOR UPDATE SKIP LOCKED`, topics, limit)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (outboxRow, error) {
		var o outboxRow
		return o, row.Scan(&o.id, &o.topic, &o.payload, &o.createdAt)
	})
}

// deleteOutboxRows deletes the relayed rows ids.
func deleteOutboxRows(ctx context.Context, tx pgx.Tx, ids []string) error {
	_, err := tx.Exec(ctx, `DELETE FROM outbox WHERE id = ANY($1::uuid[])`, ids)
	return err
}

// unroutedTopic is a topic with no route and how many of its events wait in the outbox.
type unroutedTopic struct {
	topic  string
	count  int
	oldest time.Time
}

// unroutedOutbox counts the outbox rows of topics that are not in routed, per topic.
func unroutedOutbox(ctx context.Context, store *pgxpool.Pool, routed []string) ([]unroutedTopic, error) {
	rows, err := store.Query(ctx, `SELECT topic, count(*), min(created_at) FROM outbox
		WHERE NOT (topic = ANY($1)) GROUP BY topic ORDER BY topic`, routed)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (unroutedTopic, error) {
		var u unroutedTopic
		return u, row.Scan(&u.topic, &u.count, &u.oldest)
	})
}

// countOutbox is how many events wait in the outbox, and when the oldest was written (zero
// when none wait).
func countOutbox(ctx context.Context, store *pgxpool.Pool) (int, time.Time, error) {
	var n int
	var oldest *time.Time
	if err := store.QueryRow(ctx, `SELECT count(*), min(created_at) FROM outbox`).Scan(&n, &oldest); err != nil || oldest == nil {
		return n, time.Time{}, err
	}
	return n, *oldest, nil
}
