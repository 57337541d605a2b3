package order

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/catalog"
	"github.com/atelier-commerce/atelier/backend/internal/db"
	"github.com/atelier-commerce/atelier/backend/internal/payment"
	"github.com/atelier-commerce/atelier/backend/internal/webhook/event"
	"github.com/jackc/pgx/v5"
)

// Refunds are asked of the provider by a job (SendRefund) and settled only by the provider's
// verified events (settleRefund), as payments are: an admin's request never counts as money
// returned until the provider says so.

// SendRefund asks the provider for a pending refund (the TopicRefundRequested job). The refund's
// id is the provider's idempotency key, so a job that runs twice refunds once. A refusal the
// provider will repeat (more than is left, a payment it cannot refund) marks the refund failed and
// is returned for the job to stop; anything else is returned for the job to retry.
func (s *Service) SendRefund(ctx context.Context, refundID string) error {
	id, ok := db.CanonicalID(refundID)
	if !ok {
		return apperr.NotFound("refund_not_found", "refund %q not found", refundID)
	}
	var r Refund
	var orderID string
	var rec payment.Record
	err := db.WithReadTx(ctx, s.cfg.Pool, func(tx pgx.Tx) error {
		var found bool
		var err error
		if r, orderID, found, err = refundByID(ctx, tx, id, false); err != nil {
			return err
		}
		if !found {
			return apperr.NotFound("refund_not_found", "refund %s not found", id)
		}
		if rec, found, err = payment.ForOrder(ctx, tx, orderID); err == nil && !found {
			err = apperr.FailedPrecondition("payment_not_found", "order %s has no payment", orderID)
		}
		return err
	})
	if err != nil {
		return fmt.Errorf("order.SendRefund: %w", err)
	}
	if r.Status != RefundPending {
		return nil // settled already: a repeat of the job
	}
	res, err := s.cfg.Provider.Refund(ctx, payment.RefundRequest{Ref: rec.Ref, OrderID: orderID, RefundID: id,
		Amount: r.Amount, IdempotencyKey: "atelier-refund-" + id})
	if ae := apperr.As(err); err != nil && ae != nil && (ae.Kind == apperr.KindFailedPrecondition || ae.Kind == apperr.KindInvalid || ae.Kind == apperr.KindNotFound) {
		if ferr := db.WithTx(ctx, s.cfg.Pool, func(tx pgx.Tx) error {
			return settleRefundRow(ctx, tx, id, RefundFailed, "", ae.Message)
		}); ferr != nil {
			return fmt.Errorf("order.SendRefund: %w", ferr)
		}
		return fmt.Errorf("order.SendRefund: %w", err)
	}
	if err != nil {
		return fmt.Errorf("order.SendRefund: %w", err)
	}
	if res.ProviderRef == "" {
		return nil
	}
	return db.WithTx(ctx, s.cfg.Pool, func(tx pgx.Tx) error { return setRefundProviderRef(ctx, tx, id, res.ProviderRef) })
}

// settleRefund applies a verified refund event to the refund it names, in ApplyEvent's
// transaction (the event is claimed already). A refund settles once: later events about it change
// nothing. A success adds to the order's refunded amount, puts the chosen lines back in stock,
// moves an order refunded in full to refunded (a cancelled one stays cancelled) and e-mails the
// customer. An event that does not fit its refund (amount, currency, order, mode) is recorded as
// an anomaly and changes nothing.
func (s *Service) settleRefund(ctx context.Context, tx pgx.Tx, o Order, ev payment.Event) (stockChanged bool, flagged []payment.Anomaly, err error) {
	if ev.RefundID == "" {
		// A whole-payment refund of a lapsed order (RefundPayment): the order is refunded already.
		return false, nil, nil
	}
	id, ok := db.CanonicalID(ev.RefundID)
	r, orderID, found := Refund{}, "", false
	if ok {
		if r, orderID, found, err = refundByID(ctx, tx, id, true); err != nil {
			return false, nil, err
		}
	}
	flag := func(kind, expected, observed string) {
		flagged = append(flagged, payment.Anomaly{EventID: ev.ID, Kind: kind, OrderID: o.ID, Ref: ev.Ref, Outcome: string(ev.Outcome),
			Expected: expected, Observed: observed})
	}
	switch {
	case !found || !strings.EqualFold(orderID, o.ID):
		flag(payment.AnomalyOrder, "a refund of order "+o.ID, "refund "+ev.RefundID)
	default:
		if ev.Amount.Minor != r.Amount.Minor {
			flag(payment.AnomalyAmount, strconv.FormatInt(r.Amount.Minor, 10), strconv.FormatInt(ev.Amount.Minor, 10))
		}
		if !strings.EqualFold(ev.Amount.Currency, r.Amount.Currency) {
			flag(payment.AnomalyCurrency, r.Amount.Currency, strings.ToUpper(ev.Amount.Currency))
		}
		if ev.Live != s.live() {
			flag(payment.AnomalyMode, modeName(s.live()), modeName(ev.Live))
		}
	}
	if len(flagged) > 0 {
		for _, a := range flagged {
			if err := payment.RecordAnomaly(ctx, tx, a); err != nil {
				return false, nil, err
			}
		}
		return false, flagged, nil
	}
	if r.Status != RefundPending {
		return false, nil, nil
	}
	if ev.Outcome == payment.OutcomeRefundFailed {
		msg := ev.FailureMessage
		if msg == "" {
			msg = "the payment provider could not make the refund"
		}
		return false, nil, settleRefundRow(ctx, tx, id, RefundFailed, ev.RefundRef, msg)
	}
	if err := settleRefundRow(ctx, tx, id, RefundSucceeded, ev.RefundRef, ""); err != nil {
		return false, nil, err
	}
	if err := keepSales(ctx, tx, o.ID, func() error { return addRefunded(ctx, tx, o.ID, r.Amount.Minor) }); err != nil {
		return false, nil, err
	}
	for _, l := range r.Restock {
		if err := catalog.ReleaseStock(ctx, tx, l.ProductID, l.Quantity); err != nil {
			return false, nil, err
		}
	}
	if o.Refunded.Minor+r.Amount.Minor >= o.Total.Minor {
		if err := payment.SetStatus(ctx, tx, o.ID, payment.StatusRefunded); err != nil {
			return false, nil, err
		}
		if o.Status != StatusCancelled {
			if _, err := move(ctx, tx, o.ID, StatusRefunded, "refunded in full", StatusPaid, StatusProcessing, StatusShipped, StatusDelivered); err != nil {
				return false, nil, err
			}
		}
	}
	if _, err := db.Emit(ctx, tx, TopicRefunded, map[string]string{"order_id": o.ID, "refund_id": id}); err != nil {
		return false, nil, err
	}
	if err := emitEvent(ctx, tx, o.ID, event.OrderRefunded, &EventRefund{ID: id,
		Amount: event.Money{Amount: r.Amount.Minor, Currency: r.Amount.Currency}}); err != nil {
		return false, nil, err
	}
	return len(r.Restock) > 0, nil, nil
}

// ReconcileRefunds asks the provider about refunds still pending ReconcileAfter after they were
// sent, and applies what it says as if the refund's event had come: a lost webhook never leaves
// money returned but uncounted (or a failed refund looking pending). It returns how many refunds
// it settled. A refund the provider has not been asked for yet is its job's to send.
func (s *Service) ReconcileRefunds(ctx context.Context) (int64, error) {
	due, err := pendingRefundsSentBefore(ctx, s.cfg.Pool, s.now().Add(-s.cfg.ReconcileAfter), 100)
	if err != nil {
		return 0, fmt.Errorf("order.ReconcileRefunds: %w", err)
	}
	var n int64
	for _, d := range due {
		res, err := s.cfg.Provider.LookupRefund(ctx, d.providerRef)
		if err != nil {
			s.log().WarnContext(ctx, "could not ask the provider about a refund", "refund_id", d.id, "error", err.Error())
			continue
		}
		outcome := payment.OutcomeRefundSucceeded
		switch res.Status {
		case payment.RefundSucceeded:
		case payment.RefundFailed:
			outcome = payment.OutcomeRefundFailed
		default:
			continue // still with the provider (a bank that takes days)
		}
		ev := payment.Event{ID: "reconcile:" + d.providerRef + ":" + string(outcome), Type: "reconcile." + string(outcome),
			Ref: d.paymentRef, Outcome: outcome, Amount: res.Amount, OrderID: d.orderID, Live: res.Live,
			RefundID: d.id, RefundRef: d.providerRef, FailureMessage: res.FailureMessage}
		if err := s.ApplyEvent(ctx, ev); err != nil {
			s.log().WarnContext(ctx, "could not apply a reconciled refund", "refund_id", d.id, "error", err.Error())
			continue
		}
		n++
	}
	return n, nil
}
