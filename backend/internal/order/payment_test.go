package order_test

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"os"
	"testing"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/db"
	"github.com/atelier-commerce/atelier/backend/internal/db/dbtest"
	"github.com/atelier-commerce/atelier/backend/internal/money"
	"github.com/atelier-commerce/atelier/backend/internal/order"
	"github.com/atelier-commerce/atelier/backend/internal/payment"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"
)

func TestMain(m *testing.M) { os.Exit(dbtest.Main(m)) }

// fixture is one test's database with the test payment provider and the order service.
type fixture struct {
	pool     *pgxpool.Pool
	orders   *order.Service
	payments *payment.TestProvider
	hooks    *payment.Webhooks
	logs     *bytes.Buffer
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	pool := dbtest.Pool(t)
	f := &fixture{pool: pool, payments: payment.NewTestProvider(pool, bytes.Repeat([]byte{9}, 32)), logs: &bytes.Buffer{}}
	f.orders = order.NewService(order.Config{Pool: pool, Provider: f.payments, LinkKey: []byte("k"),
		Logger: slog.New(slog.NewTextHandler(f.logs, nil))})
	var err error
	f.hooks, err = payment.NewWebhooks(f.payments.WebhookSecret())
	require.NoError(t, err)
	return f
}

// placed inserts an order of £78 awaiting payment, with its payment made at the test provider.
func (f *fixture) placed(t *testing.T) (order.Order, payment.Intent) {
	t.Helper()
	ctx := context.Background()
	total := money.GBP(7800)
	var id string
	require.NoError(t, db.WithTx(ctx, f.pool, func(tx pgx.Tx) (err error) {
		id, err = order.Insert(ctx, tx, order.Draft{IdempotencyKey: uuid.NewString(), RequestHash: "h", Order: order.Order{
			Email: "jane@example.com", CartID: uuid.NewString(), Shipping: order.Address{FirstName: "Jane", CountryCode: "GB"},
			Lines:    []order.Line{{ProductID: uuid.NewString(), Name: "Oil", Quantity: 1, UnitPrice: total, LineTotal: total, VAT: money.GBP(1300)}},
			Subtotal: total, VAT: money.GBP(1300), Total: total, Delivery: order.Delivery{Code: "standard", Name: "Standard", Price: money.GBP(0)},
			ExpiresAt: time.Now().Add(time.Hour)}})
		return err
	}))
	o, err := f.orders.Read(ctx, id)
	require.NoError(t, err)
	in, err := f.payments.Create(ctx, payment.NewIntent{OrderID: o.ID, OrderNumber: o.Number, Email: o.Email, Amount: o.Total})
	require.NoError(t, err)
	require.NoError(t, db.WithTx(ctx, f.pool, func(tx pgx.Tx) error { return payment.Save(ctx, tx, o.ID, payment.ModeTest, in) }))
	return o, in
}

// event is a signed payment_intent.succeeded for in, changed by edit before it is signed.
func (f *fixture) event(t *testing.T, in payment.Intent, orderID string, edit func(ev, pi map[string]any)) payment.Event {
	t.Helper()
	in.Status = payment.StatusSucceeded
	body, err := f.payments.EventBody(in, orderID)
	require.NoError(t, err)
	var ev map[string]any
	require.NoError(t, json.Unmarshal(body, &ev))
	edit(ev, ev["data"].(map[string]any)["object"].(map[string]any))
	body, err = json.Marshal(ev)
	require.NoError(t, err)
	parsed, err := f.hooks.Parse(body, f.payments.Sign(body))
	require.NoError(t, err, "the event is genuinely signed")
	return parsed
}

func (f *fixture) anomalies(t *testing.T) []payment.Anomaly {
	t.Helper()
	var out []payment.Anomaly
	require.NoError(t, db.WithReadTx(context.Background(), f.pool, func(tx pgx.Tx) (err error) {
		out, err = payment.Anomalies(context.Background(), tx, 100)
		return err
	}))
	return out
}

// A correctly signed success event whose contents do not fit the order — another amount or
// currency, another order's id, the other mode — does not pay it: the order keeps awaiting
// payment, the mismatch is recorded for an admin and logged at ERROR with the order's id, a
// replay adds nothing, and the genuine event still pays the order.
func TestMismatchedEventsNeverPay(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		edit     func(ev, pi map[string]any)
		kinds    []string
		observed string
	}{
		"amount of 1p":           {func(_, pi map[string]any) { pi["amount"] = 1 }, []string{payment.AnomalyAmount}, "1"},
		"in dollars":             {func(_, pi map[string]any) { pi["currency"] = "usd" }, []string{payment.AnomalyCurrency}, "USD"},
		"another order's id":     {func(_, pi map[string]any) { pi["metadata"] = map[string]string{"order_id": uuid.NewString()} }, []string{payment.AnomalyOrder}, ""},
		"no order id":            {func(_, pi map[string]any) { delete(pi, "metadata") }, []string{payment.AnomalyOrder}, ""},
		"live on a test shop":    {func(ev, _ map[string]any) { ev["livemode"] = true }, []string{payment.AnomalyMode}, "live"},
		"everything at once, 0p": {func(ev, pi map[string]any) { pi["amount"], pi["currency"], ev["livemode"] = 0, "eur", true }, []string{payment.AnomalyAmount, payment.AnomalyCurrency, payment.AnomalyMode}, ""},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			f := newFixture(t)
			ctx := context.Background()
			o, in := f.placed(t)
			ev := f.event(t, in, o.ID, tt.edit)
			require.NoError(t, f.orders.ApplyEvent(ctx, ev), "acknowledged: a redelivery would change nothing")
			require.NoError(t, f.orders.ApplyEvent(ctx, ev), "a replay")

			got, err := f.orders.Read(ctx, o.ID)
			require.NoError(t, err)
			require.Equal(t, order.StatusPendingPayment, got.Status, "never paid")
			require.Len(t, got.History, 1)
			var outbox int
			require.NoError(t, f.pool.QueryRow(ctx, `SELECT count(*) FROM outbox
				WHERE topic = 'order.paid' OR (topic = 'webhook.event' AND payload->>'type' = 'order.paid')`).Scan(&outbox))
			require.Zero(t, outbox, "no confirmation e-mail, no order.paid webhook")
			var status string
			require.NoError(t, f.pool.QueryRow(ctx, `SELECT status FROM payments WHERE order_id = $1`, o.ID).Scan(&status))
			require.Equal(t, string(payment.StatusRequiresPayment), status)

			anomalies := f.anomalies(t)
			require.Len(t, anomalies, len(tt.kinds), "one row per mismatch, kept once")
			var kinds []string
			for _, a := range anomalies {
				kinds = append(kinds, a.Kind)
				require.Equal(t, o.ID, a.OrderID)
				require.Equal(t, ev.ID, a.EventID)
				require.Equal(t, in.Ref, a.Ref)
				require.Equal(t, "succeeded", a.Outcome)
				require.Nil(t, a.Resolved, "open, for review")
			}
			require.ElementsMatch(t, tt.kinds, kinds)
			if tt.observed != "" {
				require.Equal(t, tt.observed, anomalies[0].Observed)
			}
			require.Contains(t, f.logs.String(), "level=ERROR")
			require.Contains(t, f.logs.String(), "order_id="+o.ID)

			// The real payment, when it comes, is applied.
			genuine := f.event(t, in, o.ID, func(_, _ map[string]any) {})
			require.NoError(t, f.orders.ApplyEvent(ctx, genuine))
			got, err = f.orders.Read(ctx, o.ID)
			require.NoError(t, err)
			require.Equal(t, order.StatusPaid, got.Status)
		})
	}
}

// Failure and cancellation events are checked too: one that does not fit does not end the order.
func TestMismatchedFailureEventsChangeNothing(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ctx := context.Background()
	o, in := f.placed(t)
	in.Status, in.FailureMessage = payment.StatusFailed, "Your card was declined."
	body, err := f.payments.EventBody(in, uuid.NewString())
	require.NoError(t, err)
	ev, err := f.hooks.Parse(body, f.payments.Sign(body))
	require.NoError(t, err)
	require.NoError(t, f.orders.ApplyEvent(ctx, ev))
	got, err := f.orders.Read(ctx, o.ID)
	require.NoError(t, err)
	require.Equal(t, order.StatusPendingPayment, got.Status)
	require.Len(t, f.anomalies(t), 1)
}

// What the provider itself answers is checked like an event: reconciliation and expiry that find
// a succeeded payment of the wrong amount record an anomaly and do not pay; expiry keeps the
// order and its stock (the money was taken) and looks again only after a grace period.
func TestProviderAnswersAreCheckedToo(t *testing.T) {
	t.Parallel()
	for _, run := range []string{"reconcile", "expire"} {
		t.Run(run, func(t *testing.T) {
			t.Parallel()
			f := newFixture(t)
			ctx := context.Background()
			o, in := f.placed(t)
			_, err := f.pool.Exec(ctx, `UPDATE test_payment_intents SET status = 'succeeded', amount_minor = 1 WHERE ref = $1`, in.Ref)
			require.NoError(t, err)
			_, err = f.pool.Exec(ctx, `UPDATE orders SET created_at = now() - interval '1 hour', expires_at = now() - interval '1 minute' WHERE id = $1`, o.ID)
			require.NoError(t, err)
			if run == "reconcile" {
				_, err = f.orders.Reconcile(ctx)
			} else {
				_, err = f.orders.ExpireDue(ctx)
			}
			require.NoError(t, err)
			got, err := f.orders.Read(ctx, o.ID)
			require.NoError(t, err)
			require.Equal(t, order.StatusPendingPayment, got.Status)
			anomalies := f.anomalies(t)
			require.Len(t, anomalies, 1)
			require.Equal(t, payment.AnomalyAmount, anomalies[0].Kind)
			require.Equal(t, "1", anomalies[0].Observed)
			if run == "expire" {
				require.True(t, got.ExpiresAt.After(time.Now().Add(20*time.Minute)), "held for review, not expired again at once")
			}
		})
	}
}
