package order

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
)

// emailsOf reads the e-mails sent about an order, oldest first, for its timeline. The jobs
// package's mail workers record each send in mail_sent, naming the order when the event that
// asked for the e-mail did; those rows are kept for as long as the order's history matters.
func emailsOf(ctx context.Context, q queryer, orderID string) ([]Email, error) {
	rows, err := q.Query(ctx, `SELECT kind, sent_at FROM mail_sent WHERE order_id = $1::uuid ORDER BY sent_at, kind`, orderID)
	if err != nil {
		return nil, fmt.Errorf("order.emailsOf: %w", err)
	}
	emails, err := pgx.CollectRows(rows, pgx.RowToStructByPos[Email])
	if err != nil {
		return nil, fmt.Errorf("order.emailsOf: %w", err)
	}
	return emails, nil
}
