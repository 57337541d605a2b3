package order

import (
	"testing"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/money"
)

// FuzzRefundable: whatever refunds an order has had (succeeded, pending or failed, in any amounts
// the refund checks let through), what it offers to refund is never negative and never more than
// what was captured less what was refunded or is pending; a refund within it keeps the sum of
// refunded and pending within captured.
func FuzzRefundable(f *testing.F) {
	f.Add(int64(5200), true, []byte{10, 0, 20, 1, 255, 2})
	f.Add(int64(0), true, []byte{1, 0})
	f.Add(int64(1), false, []byte{})
	f.Add(int64(100000), true, []byte{200, 0, 200, 0, 200, 1, 200, 2})
	f.Fuzz(func(t *testing.T, total int64, paid bool, steps []byte) {
		if total < 0 || total > 100_000_000 {
			t.Skip()
		}
		o := Order{Total: money.GBP(total), Refunded: money.GBP(0), Status: StatusPaid,
			History: []Change{{Status: StatusPendingPayment, At: time.Now()}}}
		if paid {
			o.History = append(o.History, Change{Status: StatusPaid, At: time.Now()})
		}
		var refunds []Refund
		for i := 0; i+1 < len(steps); i += 2 {
			v := adminView(o, nil, refunds)
			// An amount the request may ask for: anything from 1p to a little over what is refundable.
			amount := int64(steps[i])*total/255 + 1
			if amount > v.Refundable.Minor {
				continue // Refund refuses it (refund_exceeds_refundable)
			}
			r := Refund{Amount: money.GBP(amount), Status: []RefundStatus{RefundSucceeded, RefundPending, RefundFailed}[steps[i+1]%3]}
			if r.Status == RefundSucceeded {
				o.Refunded.Minor += amount
			}
			refunds = append(refunds, r)
		}
		v := adminView(o, nil, refunds)
		if v.Refundable.Minor < 0 || v.Refunded.Minor < 0 || v.RefundPending.Minor < 0 {
			t.Fatalf("negative: refundable %d, refunded %d, pending %d", v.Refundable.Minor, v.Refunded.Minor, v.RefundPending.Minor)
		}
		if v.Refunded.Minor+v.RefundPending.Minor > v.Captured.Minor {
			t.Fatalf("refunded %d + pending %d is more than captured %d", v.Refunded.Minor, v.RefundPending.Minor, v.Captured.Minor)
		}
		if v.Refundable.Minor != v.Captured.Minor-v.Refunded.Minor-v.RefundPending.Minor {
			t.Fatalf("refundable %d is not captured %d − refunded %d − pending %d", v.Refundable.Minor, v.Captured.Minor,
				v.Refunded.Minor, v.RefundPending.Minor)
		}
		if !paid && v.Refundable.Minor != 0 {
			t.Fatalf("an order never paid offers %d to refund", v.Refundable.Minor)
		}
	})
}
