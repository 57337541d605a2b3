package order

import (
	"context"
	"testing"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/db"
	"github.com/atelier-commerce/atelier/backend/internal/db/dbtest"
	"github.com/atelier-commerce/atelier/backend/internal/mail"
	"github.com/atelier-commerce/atelier/backend/internal/money"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"
)

var (
	placedAt    = time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)
	paidAt      = placedAt.Add(time.Minute)
	shippedAt   = placedAt.Add(26 * time.Hour)
	cancelledAt = placedAt.Add(3 * time.Hour)
	settledAt   = placedAt.Add(50 * time.Hour)
)

const noticeLink = "https://shop.example/orders/o1"

// noticeOrder is a paid order of £53.95 as the notices see it; each case edits its own copy.
func noticeOrder() Order {
	return Order{ID: "o1", Number: "AL-1", Email: "jane@example.com", Status: StatusPaid, CreatedAt: placedAt,
		Shipping: Address{FirstName: "Jane", LastName: "Doe", Line1: "1 High St", City: "Bath", Postcode: "BA1 1AA", CountryCode: "GB"},
		Lines:    []Line{{Name: "Rose Oil", Quantity: 2, LineTotal: money.GBP(3600)}, {Name: "Balm", Quantity: 1, LineTotal: money.GBP(800)}},
		Subtotal: money.GBP(4400), VAT: money.GBP(900), Total: money.GBP(5395), Refunded: money.GBP(0),
		Delivery: Delivery{Name: "Express", Carrier: "DPD", Estimate: "3–4 working days", Price: money.GBP(995)},
		History:  []Change{{Status: StatusPendingPayment, At: placedAt}, {Status: StatusPaid, At: paidAt}}}
}

// moved is o after the steps, each at its time.
func moved(o Order, steps ...Change) Order {
	o.History = append(append([]Change(nil), o.History...), steps...)
	o.Status = steps[len(steps)-1].Status
	return o
}

func requireRefused(t *testing.T, err error, reason string) {
	t.Helper()
	ae := apperr.As(err)
	require.NotNil(t, ae, "an apperr: %v", err)
	require.Equal(t, apperr.KindFailedPrecondition, ae.Kind, "%v", err)
	require.Equal(t, reason, ae.Reason)
}

var countries = func(code string) (string, bool) { return map[string]string{"GB": "United Kingdom"}[code], code == "GB" }

// The shipping notice gives the tracking the order shipped with (the delivery option's carrier
// when the tracking names none), the delivery and its estimate, the lines, the address and the
// day it shipped. An order counts as shipped from the step on, so being marked delivered before
// the e-mail goes does not stop it; an order that has not shipped has no notice.
func TestShippedNotice(t *testing.T) {
	t.Parallel()
	shipped := moved(noticeOrder(), Change{Status: StatusProcessing, At: paidAt}, Change{Status: StatusShipped, At: shippedAt})
	shipped.Tracking = Tracking{Carrier: "Royal Mail", Number: "AB123456789GB", URL: "https://track.example/AB123456789GB"}
	want := mail.OrderShipped{FirstName: "Jane", Number: "AL-1", ShippedAt: shippedAt, Carrier: "Royal Mail",
		TrackingNumber: "AB123456789GB", TrackingURL: "https://track.example/AB123456789GB", Delivery: "Express", Estimate: "3–4 working days",
		Lines:           []mail.OrderLine{{Name: "Rose Oil", Quantity: 2, LineTotal: "£36.00"}, {Name: "Balm", Quantity: 1, LineTotal: "£8.00"}},
		ShippingAddress: []string{"Jane Doe", "1 High St", "Bath", "BA1 1AA", "United Kingdom"}, OrderURL: noticeLink}

	tests := map[string]struct {
		order  func() Order
		want   func(d *mail.OrderShipped)
		reason string
	}{
		"shipped with tracking": {order: func() Order { return shipped }, want: func(*mail.OrderShipped) {}},
		"no carrier on the tracking": {
			order: func() Order { o := shipped; o.Tracking.Carrier = ""; return o },
			want:  func(d *mail.OrderShipped) { d.Carrier = "DPD" },
		},
		"delivered before the e-mail went": {
			order: func() Order { return moved(shipped, Change{Status: StatusDelivered, At: shippedAt.Add(time.Hour)}) },
			want:  func(*mail.OrderShipped) {},
		},
		"paid, not shipped":       {order: noticeOrder, reason: "order_not_shipped"},
		"processing, not shipped": {order: func() Order { return moved(noticeOrder(), Change{Status: StatusProcessing, At: paidAt}) }, reason: "order_not_shipped"},
		"cancelled": {order: func() Order { return moved(noticeOrder(), Change{Status: StatusCancelled, At: cancelledAt}) },
			reason: "order_not_shipped"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			got, err := shippedNotice(tc.order(), noticeLink, countries)
			if tc.reason != "" {
				requireRefused(t, err, tc.reason)
				require.Zero(t, got)
				return
			}
			require.NoError(t, err)
			w := want
			w.Lines = append([]mail.OrderLine(nil), want.Lines...)
			tc.want(&w)
			require.Equal(t, w, got)
		})
	}
}

// The cancellation notice says what goes back to the shopper: the cancellation's refunds that
// have not failed, or — when there are none — whatever of a paid order is not refunded yet;
// nothing for an order never paid. An order refunded since its cancellation still has the
// notice; one that is not cancelled, or was paid after it lapsed, has none.
func TestCancelledNotice(t *testing.T) {
	t.Parallel()
	cancel := Change{Status: StatusCancelled, At: cancelledAt}
	refund := func(amount int64, status RefundStatus, forCancel bool) Refund {
		return Refund{ID: uuid.NewString(), Amount: money.GBP(amount), Status: status, ForCancellation: forCancel}
	}
	tests := map[string]struct {
		order  func() Order
		refund string
		reason string
	}{
		"paid, refunds not read": {order: func() Order { return moved(noticeOrder(), cancel) }, refund: "£53.95"},
		"paid, partly refunded before, refunds not read": {
			order:  func() Order { o := moved(noticeOrder(), cancel); o.Refunded = money.GBP(1000); return o },
			refund: "£43.95",
		},
		"the cancellation's refund pending": {
			order: func() Order {
				o := moved(noticeOrder(), cancel)
				o.Refunds = []Refund{refund(1000, RefundSucceeded, false), refund(4395, RefundPending, true)}
				return o
			},
			refund: "£43.95",
		},
		"the cancellation's refund failed": {
			order: func() Order {
				o := moved(noticeOrder(), cancel)
				o.Refunds = []Refund{refund(1000, RefundSucceeded, false), refund(4395, RefundFailed, true)}
				o.Refunded = money.GBP(1000)
				return o
			},
			refund: "£43.95",
		},
		"no refund asked yet": {
			order: func() Order {
				o := moved(noticeOrder(), cancel)
				o.Refunds = []Refund{}
				return o
			},
			refund: "£53.95",
		},
		"refunded since": {
			order: func() Order {
				o := moved(noticeOrder(), cancel, Change{Status: StatusRefunded, At: settledAt})
				o.Refunds = []Refund{refund(5395, RefundSucceeded, true)}
				return o
			},
			refund: "£53.95",
		},
		"never paid": {
			order: func() Order {
				o := noticeOrder()
				o.History = o.History[:1]
				return moved(o, cancel)
			},
			refund: "",
		},
		"not cancelled": {order: noticeOrder, reason: "order_not_cancelled"},
		"paid after it lapsed": {
			order: func() Order {
				o := noticeOrder()
				o.History = o.History[:1]
				return moved(o, cancel, Change{Status: StatusPaid, At: settledAt})
			},
			reason: "order_not_cancelled",
		},
		"refunded, never cancelled": {
			order:  func() Order { return moved(noticeOrder(), Change{Status: StatusRefunded, At: settledAt}) },
			reason: "order_not_cancelled",
		},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			got, err := cancelledNotice(tc.order(), noticeLink)
			if tc.reason != "" {
				requireRefused(t, err, tc.reason)
				require.Zero(t, got)
				return
			}
			require.NoError(t, err)
			require.Equal(t, mail.OrderCancelled{FirstName: "Jane", Number: "AL-1", CancelledAt: cancelledAt,
				Lines: []mail.OrderLine{{Name: "Rose Oil", Quantity: 2, LineTotal: "£36.00"}, {Name: "Balm", Quantity: 1, LineTotal: "£8.00"}},
				Total: "£53.95", Refund: tc.refund, OrderURL: noticeLink}, got)
		})
	}
}

// The refund notice announces one refund the provider confirmed: its amount and reason, the
// settled refunds so far against the order's total, and whether that is all of it. A refund that
// is unknown, pending or failed has no notice.
func TestRefundedNotice(t *testing.T) {
	t.Parallel()
	const first, second = "0b8f6d3e-1c2a-4d5e-8f90-1a2b3c4d5e6f", "7c9e2f1a-3b4d-4e5f-9a0b-1c2d3e4f5a6b"
	settled := settledAt
	base := moved(noticeOrder(), Change{Status: StatusShipped, At: shippedAt})
	withRefunds := func(rs ...Refund) func() Order {
		return func() Order { o := base; o.Refunds = rs; return o }
	}
	r1 := Refund{ID: first, Amount: money.GBP(1000), Status: RefundSucceeded, Reason: " One bottle arrived damaged ", SettledAt: &settled}
	r2 := Refund{ID: second, Amount: money.GBP(4395), Status: RefundSucceeded, SettledAt: &settled}
	partial := mail.OrderRefunded{FirstName: "Jane", Number: "AL-1", RefundedAt: settledAt, Amount: "£10.00", RefundedSoFar: "£10.00",
		OrderTotal: "£53.95", Reason: "One bottle arrived damaged", OrderURL: noticeLink}

	tests := map[string]struct {
		order  func() Order
		id     string
		want   func(d *mail.OrderRefunded)
		reason string
	}{
		"a partial refund":   {order: withRefunds(r1), id: first, want: func(*mail.OrderRefunded) {}},
		"the id in capitals": {order: withRefunds(r1), id: "0B8F6D3E-1C2A-4D5E-8F90-1A2B3C4D5E6F", want: func(*mail.OrderRefunded) {}},
		"the rest, in full": {order: withRefunds(r1, r2), id: second, want: func(d *mail.OrderRefunded) {
			d.Amount, d.RefundedSoFar, d.InFull, d.Reason = "£43.95", "£53.95", true, ""
		}},
		"the first, once the second settled too": {order: withRefunds(r1, r2), id: first, want: func(d *mail.OrderRefunded) {
			d.RefundedSoFar, d.InFull = "£53.95", true
		}},
		"a later pending refund does not count": {
			order: withRefunds(r1, Refund{ID: second, Amount: money.GBP(500), Status: RefundPending}), id: first,
			want: func(*mail.OrderRefunded) {},
		},
		"a cancellation's refund": {
			order: func() Order {
				o := moved(noticeOrder(), Change{Status: StatusCancelled, At: cancelledAt}, Change{Status: StatusRefunded, At: settledAt})
				c := r2
				c.Amount, c.ForCancellation = money.GBP(5395), true
				o.Refunds = []Refund{c}
				return o
			},
			id: second,
			want: func(d *mail.OrderRefunded) {
				d.Amount, d.RefundedSoFar, d.InFull, d.Cancelled, d.Reason = "£53.95", "£53.95", true, true, ""
			},
		},
		"the order's own count is more": {
			order: func() Order { o := withRefunds(r1)(); o.Refunded = money.GBP(5395); return o }, id: first,
			want: func(d *mail.OrderRefunded) { d.RefundedSoFar, d.InFull = "£53.95", true },
		},
		"no settlement time": {
			order: func() Order { r := r1; r.SettledAt = nil; return withRefunds(r)() }, id: first,
			want: func(d *mail.OrderRefunded) { d.RefundedAt = time.Time{} },
		},
		"unknown refund":        {order: withRefunds(r1), id: second, reason: "refund_not_settled"},
		"refunds not read":      {order: func() Order { return base }, id: first, reason: "refund_not_settled"},
		"pending refund":        {order: withRefunds(Refund{ID: first, Amount: money.GBP(1000), Status: RefundPending}), id: first, reason: "refund_not_settled"},
		"failed refund":         {order: withRefunds(Refund{ID: first, Amount: money.GBP(1000), Status: RefundFailed}), id: first, reason: "refund_not_settled"},
		"empty id matches none": {order: withRefunds(r1), id: "", reason: "refund_not_settled"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			got, err := refundedNotice(tc.order(), tc.id, noticeLink)
			if tc.reason != "" {
				requireRefused(t, err, tc.reason)
				require.Zero(t, got)
				return
			}
			require.NoError(t, err)
			w := partial
			tc.want(&w)
			require.Equal(t, w, got)
		})
	}
}

// noticeFixture is a database with one order placed by a guest and the notices over it.
func noticeFixture(t *testing.T) (Notices, Order) {
	t.Helper()
	ctx := context.Background()
	pool := dbtest.Pool(t)
	n := Notices{Orders: NewService(Config{Pool: pool, LinkKey: []byte("k")}), StorefrontURL: "https://shop.example", CountryName: countries}
	var id string
	require.NoError(t, db.WithTx(ctx, pool, func(tx pgx.Tx) (err error) {
		id, err = Insert(ctx, tx, Draft{IdempotencyKey: uuid.NewString(), RequestHash: "h", Order: Order{
			Email: "jane@example.com", CartID: uuid.NewString(), Shipping: Address{FirstName: "Jane", CountryCode: "GB"},
			Lines:    []Line{{ProductID: uuid.NewString(), Name: "Oil", Quantity: 1, UnitPrice: money.GBP(7800), LineTotal: money.GBP(7800), VAT: money.GBP(1300)}},
			Subtotal: money.GBP(7800), VAT: money.GBP(1300), Total: money.GBP(7800),
			Delivery:  Delivery{Code: "standard", Name: "Standard", Carrier: "Royal Mail", Estimate: "5–7 working days", Price: money.GBP(0)},
			ExpiresAt: time.Now().Add(time.Hour)}})
		return err
	}))
	o, err := n.Orders.Read(ctx, id)
	require.NoError(t, err)
	return n, o
}

// The notices read the order as it is when the e-mail goes: an id that is no order's is not
// found (cancelling the job, not retrying it), an order not yet where the e-mail would say is
// refused, and a shipped one gets its notice with the guest's signed link.
func TestNoticesReadTheOrder(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	n, o := noticeFixture(t)

	for _, id := range []string{"not-a-uuid", uuid.NewString()} {
		_, _, err := n.Shipped(ctx, id)
		require.Equal(t, apperr.KindNotFound, apperr.As(err).Kind, id)
		_, _, err = n.Cancelled(ctx, id)
		require.Equal(t, apperr.KindNotFound, apperr.As(err).Kind, id)
		_, _, err = n.Refunded(ctx, id, uuid.NewString())
		require.Equal(t, apperr.KindNotFound, apperr.As(err).Kind, id)
	}

	_, _, err := n.Shipped(ctx, o.ID)
	requireRefused(t, err, "order_not_shipped")
	_, _, err = n.Cancelled(ctx, o.ID)
	requireRefused(t, err, "order_not_cancelled")
	// A refund the provider has not confirmed yet is not announced.
	var refundID string
	require.NoError(t, n.Orders.cfg.Pool.QueryRow(ctx, `INSERT INTO order_refunds (order_id, amount_minor, currency_code, status)
		VALUES ($1, 1000, 'GBP', 'pending') RETURNING id::text`, o.ID).Scan(&refundID))
	_, _, err = n.Refunded(ctx, o.ID, refundID)
	requireRefused(t, err, "refund_not_settled")

	require.NoError(t, db.WithTx(ctx, n.Orders.cfg.Pool, func(tx pgx.Tx) error {
		if _, err := move(ctx, tx, o.ID, StatusPaid, "test", StatusPendingPayment); err != nil {
			return err
		}
		_, err := move(ctx, tx, o.ID, StatusShipped, "test", StatusPaid)
		return err
	}))
	to, d, err := n.Shipped(ctx, o.ID)
	require.NoError(t, err)
	require.Equal(t, "jane@example.com", to)
	require.Equal(t, o.Number, d.Number)
	require.Equal(t, "https://shop.example/orders/"+o.ID+"?token="+n.Orders.AccessToken(o.ID), d.OrderURL)
	require.Equal(t, []string{"Jane", "United Kingdom"}, d.ShippingAddress)
	require.Equal(t, []mail.OrderLine{{Name: "Oil", Quantity: 1, LineTotal: "£78.00"}}, d.Lines)
	require.Equal(t, "Standard", d.Delivery)
	require.Equal(t, "5–7 working days", d.Estimate)
	require.False(t, d.ShippedAt.IsZero(), "the day it shipped, from the timeline")
	_, _, err = n.Cancelled(ctx, o.ID)
	requireRefused(t, err, "order_not_cancelled")
}

// An order's timeline lists the e-mails sent about it, oldest first, and no other order's.
func TestEmailsOf(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	n, o := noticeFixture(t)
	pool := n.Orders.cfg.Pool
	none, err := emailsOf(ctx, pool, o.ID)
	require.NoError(t, err)
	require.Empty(t, none)

	other := uuid.NewString()
	_, err = pool.Exec(ctx, `INSERT INTO mail_sent (outbox_id, kind, order_id, sent_at) VALUES
		(gen_random_uuid(), 'email.order_shipped', $1, '2026-03-02 12:00:00Z'),
		(gen_random_uuid(), 'email.order_confirmation', $1, '2026-03-01 10:01:00Z'),
		(gen_random_uuid(), 'email.order_confirmation', $2, '2026-03-01 09:00:00Z'),
		(gen_random_uuid(), 'email.password_reset', NULL, '2026-03-01 09:30:00Z')`, o.ID, other)
	require.NoError(t, err)
	emails, err := emailsOf(ctx, pool, o.ID)
	require.NoError(t, err)
	require.Equal(t, []Email{
		{Kind: "email.order_confirmation", SentAt: time.Date(2026, 3, 1, 10, 1, 0, 0, time.UTC)},
		{Kind: "email.order_shipped", SentAt: time.Date(2026, 3, 2, 12, 0, 0, 0, time.UTC)},
	}, utc(emails))
}

func utc(emails []Email) []Email {
	for i := range emails {
		emails[i].SentAt = emails[i].SentAt.UTC()
	}
	return emails
}
