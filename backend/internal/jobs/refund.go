package jobs

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/riverqueue/river"
)

// refundWorker returns a payment through the provider. The provider refunds idempotently per
// order, so a job that runs twice refunds once.
type refundWorker struct {
	river.WorkerDefaults[PaymentRefund]
	refund func(ctx context.Context, orderID string) error
	logger *slog.Logger
}

// Timeout bounds one attempt: a call to the provider and a small write.
func (w *refundWorker) Timeout(*river.Job[PaymentRefund]) time.Duration { return time.Minute }

func (w *refundWorker) Work(ctx context.Context, job *river.Job[PaymentRefund]) error {
	var p struct {
		OrderID string `json:"order_id"`
	}
	if err := json.Unmarshal(job.Args.Payload, &p); err != nil || p.OrderID == "" {
		return river.JobCancel(fmt.Errorf("jobs.refundWorker.Work: %w: %w", errMalformed, err))
	}
	if err := w.refund(ctx, p.OrderID); err != nil {
		if ae := refusal(err); ae != nil {
			w.logger.ErrorContext(ctx, "refund refused for good; refund this order by hand", "order_id", p.OrderID, "reason", ae.Reason)
			return river.JobCancel(fmt.Errorf("jobs.refundWorker.Work: %w", err))
		}
		return fmt.Errorf("jobs.refundWorker.Work: %w", err)
	}
	w.logger.InfoContext(ctx, "payment refunded", "order_id", p.OrderID)
	return nil
}
