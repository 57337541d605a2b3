package jobs_test

import (
	"context"
	"io"
	"mime"
	"net/mail"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/db"
	"github.com/atelier-commerce/atelier/backend/internal/jobs"
	"github.com/atelier-commerce/atelier/backend/internal/logtest"
	mailer "github.com/atelier-commerce/atelier/backend/internal/mail"
	"github.com/atelier-commerce/atelier/backend/internal/money"
	"github.com/atelier-commerce/atelier/backend/internal/newsletter"
	"github.com/atelier-commerce/atelier/backend/internal/order"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	smtpmock "github.com/mocktools/go-smtp-mock/v2"
	"github.com/riverqueue/river"
	"github.com/stretchr/testify/require"
)

// fakeNotices answers for one order as the order context would once it has shipped, been
// cancelled and refunded twice; it counts what it was asked.
type fakeNotices struct {
	orderID string
	mu      sync.Mutex
	asked   []string
}

func (f *fakeNotices) ask(what, orderID string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.asked = append(f.asked, what)
	if orderID != f.orderID {
		return apperr.NotFound("order_not_found", "order not found")
	}
	return nil
}

func (f *fakeNotices) Shipped(_ context.Context, orderID string) (string, mailer.OrderShipped, error) {
	return "jane@example.com", mailer.OrderShipped{FirstName: "Jane", Number: "AL-7KQ2M9XD", ShippedAt: time.Now(), Carrier: "Royal Mail",
		TrackingNumber: "AB123456789GB", TrackingURL: "https://track.example/AB123456789GB", OrderURL: "https://shop.atelier.test/orders/" + orderID,
	}, f.ask("shipped", orderID)
}

func (f *fakeNotices) Cancelled(_ context.Context, orderID string) (string, mailer.OrderCancelled, error) {
	return "jane@example.com", mailer.OrderCancelled{FirstName: "Jane", Number: "AL-7KQ2M9XD", Total: "£53.95", Refund: "£53.95",
		OrderURL: "https://shop.atelier.test/orders/" + orderID}, f.ask("cancelled", orderID)
}

func (f *fakeNotices) Refunded(_ context.Context, orderID, refundID string) (string, mailer.OrderRefunded, error) {
	amount := map[string]string{"r1": "£10.00", "r2": "£43.95"}[refundID]
	return "jane@example.com", mailer.OrderRefunded{FirstName: "Jane", Number: "AL-7KQ2M9XD", Amount: amount, RefundedSoFar: amount,
		OrderTotal: "£53.95", OrderURL: "https://shop.atelier.test/orders/" + orderID}, f.ask("refunded "+refundID, orderID)
}

// subjectOf is a delivered message's decoded Subject header.
func subjectOf(t *testing.T, m smtpmock.Message) string {
	t.Helper()
	msg, err := mail.ReadMessage(strings.NewReader(m.MsgRequest()))
	require.NoError(t, err)
	subject, err := new(mime.WordDecoder).DecodeHeader(msg.Header.Get("Subject"))
	require.NoError(t, err)
	return subject
}

// waitForJobs waits for n jobs, every one in state.
func waitForJobs(t *testing.T, pool *pgxpool.Pool, n int, state string) []jobRow {
	t.Helper()
	var last []jobRow
	require.Eventually(t, func() bool {
		last = jobRows(t, pool)
		if len(last) != n {
			return false
		}
		for _, j := range last {
			if j.State != state {
				return false
			}
		}
		return true
	}, 30*time.Second, 20*time.Millisecond, "waiting for %d jobs in state %s; jobs: %+v, errors: %s", n, state, &last, lazyErrors{pool})
	return last
}

func emit(t *testing.T, pool *pgxpool.Pool, topic string, payload any) {
	t.Helper()
	require.NoError(t, db.WithTx(context.Background(), pool, func(tx pgx.Tx) error {
		_, err := db.Emit(context.Background(), tx, topic, payload)
		return err
	}))
}

// The order's e-mails each go out once per event: the confirmation, the shipping notice, the
// cancellation notice and one refund notice per refund. Running every job again sends nothing
// more. Each send is recorded naming the order, so its timeline can show it; an e-mail about no
// order (a newsletter confirmation) names none.
func TestOrderEmailsAreSentOncePerEventAndNameTheOrder(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool, srv, smtpURL := mailingShop(t, smtpmock.ConfigurationAttr{})
	orderID := uuid.NewString()
	notices := &fakeNotices{orderID: orderID}
	confirmations := func(_ context.Context, id string) (string, mailer.OrderConfirmation, error) {
		return "jane@example.com", mailer.OrderConfirmation{Number: "AL-7KQ2M9XD", OrderURL: "https://shop.atelier.test/orders/" + id}, nil
	}
	// The order context names orders in lower case; an id in capitals is the same order.
	emit(t, pool, jobs.TopicOrderPaid, map[string]string{"order_id": strings.ToUpper(orderID)})
	emit(t, pool, jobs.TopicOrderShipped, map[string]string{"order_id": orderID})
	emit(t, pool, jobs.TopicOrderCancelled, map[string]string{"order_id": orderID})
	emit(t, pool, jobs.TopicOrderRefunded, map[string]string{"order_id": orderID, "refund_id": "r1"})
	emit(t, pool, jobs.TopicOrderRefunded, map[string]string{"order_id": orderID, "refund_id": "r2"})
	_, err := newsletter.NewService(pool).Subscribe(ctx, "reader@example.com", "")
	require.NoError(t, err)

	log := &logtest.Buffer{}
	r := newRunner(t, pool, runnerOpts{mail: sender(t, smtpURL), log: log, orders: confirmations, notices: notices})
	start(t, r)
	done := waitForJobs(t, pool, 6, "completed")
	kinds := make([]string, 0, len(done))
	for _, j := range done {
		kinds = append(kinds, j.Kind)
	}
	require.ElementsMatch(t, []string{"email.order_confirmation", "email.order_shipped", "email.order_cancelled",
		"email.order_refunded", "email.order_refunded", "email.newsletter_confirmation"}, kinds)

	msgs := delivered(srv)
	require.Len(t, msgs, 6)
	var subjects []string
	for _, m := range msgs {
		subjects = append(subjects, subjectOf(t, m))
	}
	require.ElementsMatch(t, []string{
		"Your Atelier London order AL-7KQ2M9XD is confirmed",
		"Your Atelier London order AL-7KQ2M9XD is on its way",
		"Your Atelier London order AL-7KQ2M9XD has been cancelled",
		"£10.00 refunded on your Atelier London order AL-7KQ2M9XD",
		"£43.95 refunded on your Atelier London order AL-7KQ2M9XD",
		"Please confirm your subscription to Atelier London",
	}, subjects)
	for _, m := range msgs {
		if subjectOf(t, m) == "Your Atelier London order AL-7KQ2M9XD is on its way" {
			require.Equal(t, "RCPT TO:<jane@example.com>", m.RcpttoRequestResponse()[0][0])
			msg, err := mail.ReadMessage(strings.NewReader(m.MsgRequest()))
			require.NoError(t, err)
			body, err := io.ReadAll(msg.Body)
			require.NoError(t, err)
			require.Contains(t, strings.NewReplacer("=\r\n", "", "=3D", "=").Replace(string(body)), "https://track.example/AB123456789GB",
				"the tracking link is in the notice")
		}
	}

	rows, err := pool.Query(ctx, `SELECT kind, coalesce(order_id::text, '') FROM mail_sent ORDER BY kind`)
	require.NoError(t, err)
	recorded, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) ([2]string, error) {
		var k [2]string
		return k, r.Scan(&k[0], &k[1])
	})
	require.NoError(t, err)
	require.Equal(t, [][2]string{
		{"email.newsletter_confirmation", ""},
		{"email.order_cancelled", orderID},
		{"email.order_confirmation", orderID},
		{"email.order_refunded", orderID},
		{"email.order_refunded", orderID},
		{"email.order_shipped", orderID},
	}, recorded)

	// Every job runs again (an admin's retry, a crash after the send): nothing more is sent, and
	// the order context is not even asked.
	notices.mu.Lock()
	asked := len(notices.asked)
	notices.mu.Unlock()
	require.Equal(t, 4, asked)
	for _, j := range done {
		_, err := r.Client().JobRetry(ctx, j.ID)
		require.NoError(t, err)
	}
	require.Eventually(t, func() bool {
		return strings.Count(log.String(), "already sent for this event") == 6
	}, 30*time.Second, 20*time.Millisecond)
	waitForJobs(t, pool, 6, "completed")
	require.Len(t, delivered(srv), 6, "the second runs sent nothing")
	require.Equal(t, 6, count(t, pool, "mail_sent"))
	notices.mu.Lock()
	require.Len(t, notices.asked, asked)
	notices.mu.Unlock()
}

// newOrder places a guest's order awaiting payment, as checkout would.
func newOrder(t *testing.T, pool *pgxpool.Pool) string {
	t.Helper()
	ctx := context.Background()
	var id string
	require.NoError(t, db.WithTx(ctx, pool, func(tx pgx.Tx) (err error) {
		id, err = order.Insert(ctx, tx, order.Draft{IdempotencyKey: uuid.NewString(), RequestHash: "h", Order: order.Order{
			Email: "jane@example.com", CartID: uuid.NewString(), Shipping: order.Address{FirstName: "Jane", CountryCode: "GB"},
			Lines: []order.Line{{ProductID: uuid.NewString(), Name: "Oil", Quantity: 1, UnitPrice: money.GBP(7800),
				LineTotal: money.GBP(7800), VAT: money.GBP(1300)}},
			Subtotal: money.GBP(7800), VAT: money.GBP(1300), Total: money.GBP(7800),
			Delivery: order.Delivery{Code: "standard", Name: "Standard", Price: money.GBP(0)}, ExpiresAt: time.Now().Add(time.Hour)}})
		return err
	}))
	return id
}

// A notice the order context refuses for good — the order has not shipped, is not cancelled, the
// refund is not confirmed by the provider, the order does not exist — or a payload that names no
// order or refund is never sent: the job is cancelled at once with the reason on it, not retried.
func TestRefusedOrderNoticesCancelTheJob(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		topic   string
		payload func(orderID, refundID string) map[string]string
		reason  string
	}{
		"not shipped": {jobs.TopicOrderShipped,
			func(o, _ string) map[string]string { return map[string]string{"order_id": o} }, "order_not_shipped"},
		"not cancelled": {jobs.TopicOrderCancelled,
			func(o, _ string) map[string]string { return map[string]string{"order_id": o} }, "order_not_cancelled"},
		"refund not settled": {jobs.TopicOrderRefunded,
			func(o, r string) map[string]string { return map[string]string{"order_id": o, "refund_id": r} }, "refund_not_settled"},
		"no such order": {jobs.TopicOrderShipped,
			func(string, string) map[string]string { return map[string]string{"order_id": uuid.NewString()} }, "order_not_found"},
		"no refund named": {jobs.TopicOrderRefunded,
			func(o, _ string) map[string]string { return map[string]string{"order_id": o} }, "refund_id is required"},
		"no order named": {jobs.TopicOrderCancelled,
			func(string, string) map[string]string { return map[string]string{} }, "order_id is required"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			pool, srv, smtpURL := mailingShop(t, smtpmock.ConfigurationAttr{})
			orderID := newOrder(t, pool)
			var refundID string
			require.NoError(t, pool.QueryRow(ctx, `INSERT INTO order_refunds (order_id, amount_minor, currency_code, status)
				VALUES ($1, 1000, 'GBP', 'pending') RETURNING id::text`, orderID).Scan(&refundID))
			emit(t, pool, tc.topic, tc.payload(orderID, refundID))
			notices := order.Notices{Orders: order.NewService(order.Config{Pool: pool, LinkKey: []byte("k")}),
				StorefrontURL: "https://shop.atelier.test"}
			r := newRunner(t, pool, runnerOpts{mail: sender(t, smtpURL), notices: notices, retry: farRetry{}})
			start(t, r)
			job := waitForJobState(t, pool, "cancelled")
			require.Equal(t, 1, job.Errors, "refused at the first attempt")
			var errText string
			require.NoError(t, pool.QueryRow(ctx, `SELECT errors[1]->>'error' FROM river_job WHERE id = $1`, job.ID).Scan(&errText))
			require.Contains(t, errText, tc.reason)
			require.Empty(t, delivered(srv), "nothing e-mailed")
			require.Zero(t, count(t, pool, "mail_sent"))
		})
	}
}

// The order topics become e-mail jobs of their own kinds, on the mail queue.
func TestOrderTopicsAreMailJobs(t *testing.T) {
	t.Parallel()
	for topic, kind := range map[string]string{jobs.TopicOrderShipped: "email.order_shipped",
		jobs.TopicOrderCancelled: "email.order_cancelled", jobs.TopicOrderRefunded: "email.order_refunded"} {
		args, ok := jobs.ArgsFor(jobs.Event{OutboxID: uuid.NewString(), Topic: topic, Payload: []byte(`{}`)})
		require.True(t, ok, topic)
		require.Equal(t, kind, args.Kind())
		opts := args.(interface{ InsertOpts() river.InsertOpts }).InsertOpts()
		require.Equal(t, jobs.MailQueue, opts.Queue)
		require.Equal(t, jobs.MailMaxAttempts, opts.MaxAttempts)
	}
}
