package jobs

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/riverqueue/river"
)

// refundWorker returns money through the provider: a whole payment (a lapsed order paid after
// all, TopicOrderRefundRequired) or one refund an admin made (TopicOrderRefundRequested, which
// names it). The provider refunds idempotently (per order, or per refund), so a job that runs
// twice refunds once.
type refundWorker struct {
	river.WorkerDefaults[PaymentRefund]
	refund    func(ctx context.Context, orderID string) error
	refundOne func(ctx context.Context, refundID string) error
	logger    *slog.Logger
}

// Timeout bounds one attempt: a call to the provider and a small write.
func (w *refundWorker) Timeout(*river.Job[PaymentRefund]) time.Duration { return time.Minute }

func (w *refundWorker) Work(ctx context.Context, job *river.Job[PaymentRefund]) error {
	var p struct {
		OrderID  string `json:"order_id"`
		RefundID string `json:"refund_id"`
	}
	if err := json.Unmarshal(job.Args.Payload, &p); err != nil || p.OrderID == "" {
		return river.JobCancel(fmt.Errorf("jobs.refundWorker.Work: %w: %w", errMalformed, err))
	}
	refund := func() error { return w.refund(ctx, p.OrderID) }
	if p.RefundID != "" {
		refund = func() error { return w.refundOne(ctx, p.RefundID) }
	}
	if err := refund(); err != nil {
		if ae := refusal(err); ae != nil {
			w.logger.ErrorContext(ctx, "refund refused for good; refund this order by hand", "order_id", p.OrderID, "refund_id", p.RefundID, "reason", ae.Reason)
			return river.JobCancel(fmt.Errorf("jobs.refundWorker.Work: %w", err))
		}
		return fmt.Errorf("jobs.refundWorker.Work: %w", err)
	}
	w.logger.InfoContext(ctx, "refund asked of the provider", "order_id", p.OrderID, "refund_id", p.RefundID)
	return nil
}
