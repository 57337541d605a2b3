package jobs_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/db"
	"github.com/atelier-commerce/atelier/backend/internal/db/dbtest"
	"github.com/atelier-commerce/atelier/backend/internal/netguard"
	"github.com/atelier-commerce/atelier/backend/internal/webhook"
	"github.com/atelier-commerce/atelier/backend/internal/webhook/event"
	"github.com/jackc/pgx/v5"
	smtpmock "github.com/mocktools/go-smtp-mock/v2"
	standardwebhooks "github.com/standard-webhooks/standard-webhooks/libraries/go"
	"github.com/stretchr/testify/require"
)

// An event committed with a change goes through the whole way: outbox, relay, fan-out job,
// delivery job; the first attempt fails and River retries it on the webhook schedule (NextRetry,
// 5 s after the first failure), the second reaches the receiver signed, with the event's id.
func TestWebhookEventIsDeliveredThroughRiver(t *testing.T) {
	t.Parallel()
	store := dbtest.Pool(t)
	var mu sync.Mutex
	var got []*http.Request
	var bodies [][]byte
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		mu.Lock()
		defer mu.Unlock()
		got, bodies = append(got, r), append(bodies, b)
		if len(got) == 1 {
			w.WriteHeader(http.StatusServiceUnavailable)
		}
	}))
	t.Cleanup(srv.Close)
	svc := webhook.NewService(store, netguard.New(nil, true))
	e, secret, err := svc.Create(context.Background(), "", webhook.Input{URL: new(srv.URL + "/hooks"), EventTypes: []event.Type{event.OrderPaid}})
	require.NoError(t, err)

	var eventID string
	require.NoError(t, db.WithTx(context.Background(), store, func(tx pgx.Tx) error {
		eventID, err = event.Emit(context.Background(), tx, event.OrderPaid, time.Now(), map[string]string{"id": "o1"})
		return err
	}))
	start(t, newRunner(t, store, runnerOpts{webhooks: svc}))

	require.Eventually(t, func() bool {
		mu.Lock()
		defer mu.Unlock()
		return len(got) == 2
	}, 30*time.Second, 50*time.Millisecond, "a failed attempt and its retry")
	mu.Lock()
	first, second := got[0], got[1]
	body := bodies[1]
	mu.Unlock()
	require.Equal(t, eventID, first.Header.Get("Webhook-Id"))
	require.Equal(t, eventID, second.Header.Get("Webhook-Id"))
	wh, err := standardwebhooks.NewWebhook(secret)
	require.NoError(t, err)
	require.NoError(t, wh.Verify(body, second.Header))

	require.Eventually(t, func() bool {
		page, err := svc.Deliveries(context.Background(), e.ID, 0, "")
		return err == nil && len(page.Deliveries) == 1 && page.Deliveries[0].Status == webhook.StatusSucceeded &&
			page.Deliveries[0].Attempts == 2
	}, 10*time.Second, 50*time.Millisecond)
}

// An endpoint disabled for its failures e-mails each admin (one event each).
func TestDisabledEndpointIsEmailedToAnAdmin(t *testing.T) {
	t.Parallel()
	pool, srv, smtpURL := mailingShop(t, smtpmock.ConfigurationAttr{})
	emit(t, pool, webhook.TopicEndpointDisabled, webhook.EndpointDisabled{To: "ava@atelier.test", EndpointID: "e1",
		URL: "https://erp.example/hooks", Failures: webhook.DisableAfter, LastError: "HTTP 500", DisabledAt: time.Now()})
	start(t, newRunner(t, pool, runnerOpts{mail: sender(t, smtpURL)}))
	waitForJobState(t, pool, "completed")
	msgs := delivered(srv)
	require.Len(t, msgs, 1)
	require.Contains(t, msgs[0].RcpttoRequestResponse()[0][0], "ava@atelier.test")
}

// Without an admin to tell, the shop's mailbox is.
func TestDisabledEndpointIsEmailedToTheShop(t *testing.T) {
	t.Parallel()
	pool, srv, smtpURL := mailingShop(t, smtpmock.ConfigurationAttr{})
	emit(t, pool, webhook.TopicEndpointDisabled, webhook.EndpointDisabled{EndpointID: "e1", URL: "https://erp.example/hooks",
		Failures: webhook.DisableAfter, LastError: "HTTP 500", DisabledAt: time.Now()})
	start(t, newRunner(t, pool, runnerOpts{mail: sender(t, smtpURL)}))
	waitForJobState(t, pool, "completed")
	msgs := delivered(srv)
	require.Len(t, msgs, 1)
	require.Contains(t, msgs[0].RcpttoRequestResponse()[0][0], shopMailbox)
	require.Contains(t, msgs[0].MsgRequest(), "https://erp.example/hooks")
}
