package webhook_test

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/apperr/apperrtest"
	"github.com/atelier-commerce/atelier/backend/internal/db"
	"github.com/atelier-commerce/atelier/backend/internal/db/dbtest"
	"github.com/atelier-commerce/atelier/backend/internal/netguard"
	"github.com/atelier-commerce/atelier/backend/internal/webhook"
	"github.com/atelier-commerce/atelier/backend/internal/webhook/event"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	standardwebhooks "github.com/standard-webhooks/standard-webhooks/libraries/go"
	"github.com/stretchr/testify/require"
)

func TestMain(m *testing.M) { os.Exit(dbtest.Main(m)) }

// fakeDNS is the resolver seam: names resolve as the table says.
type fakeDNS map[string]string

func (f fakeDNS) LookupNetIP(_ context.Context, _, host string) ([]netip.Addr, error) {
	a, ok := f[host]
	if !ok {
		return nil, errors.New("no such host")
	}
	return []netip.Addr{netip.MustParseAddr(a)}, nil
}

var dns = fakeDNS{"partner.example": "93.184.215.14", "inside.example": "10.0.0.8", "meta.example": "169.254.169.254",
	"ula.example": "fd12::1"}

// fixture is one test's own database, service and clock.
type fixture struct {
	pool *pgxpool.Pool
	svc  *webhook.Service
	now  time.Time
	mu   sync.Mutex
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	f := &fixture{pool: dbtest.Pool(t), now: time.Now()}
	f.svc = webhook.NewService(f.pool, netguard.New(dns, true))
	f.svc.SetClock(func() time.Time {
		f.mu.Lock()
		defer f.mu.Unlock()
		return f.now
	})
	return f
}

func (f *fixture) advance(d time.Duration) {
	f.mu.Lock()
	f.now = f.now.Add(d)
	f.mu.Unlock()
}

// receiver is a partner's endpoint on 127.0.0.1 (allowed by the loopback setting), answering
// with status and keeping what it got.
type receiver struct {
	*httptest.Server
	mu     sync.Mutex
	status int
	got    []received
}

type received struct {
	header http.Header
	body   []byte
}

func newReceiver(t *testing.T, status int) *receiver {
	t.Helper()
	r := &receiver{status: status}
	r.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		body, _ := io.ReadAll(req.Body)
		r.mu.Lock()
		r.got = append(r.got, received{header: req.Header.Clone(), body: body})
		status := r.status
		r.mu.Unlock()
		if status >= 300 && status < 400 {
			w.Header().Set("Location", "https://partner.example/elsewhere")
		}
		w.WriteHeader(status)
		_, _ = w.Write([]byte(strings.Repeat("x", 3000)))
	}))
	t.Cleanup(r.Close)
	return r
}

func (r *receiver) setStatus(s int) { r.mu.Lock(); r.status = s; r.mu.Unlock() }

func (r *receiver) received() []received {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]received(nil), r.got...)
}

func (f *fixture) create(t *testing.T, url string, types ...event.Type) (webhook.Endpoint, string) {
	t.Helper()
	e, secret, err := f.svc.Create(context.Background(), "", webhook.Input{URL: new(url), EventTypes: types})
	require.NoError(t, err)
	return e, secret
}

// emit writes an event to the outbox as a domain context does, and returns its id and payload.
func (f *fixture) emit(t *testing.T, typ event.Type, data any) (string, []byte) {
	t.Helper()
	var id string
	require.NoError(t, db.WithTx(context.Background(), f.pool, func(tx pgx.Tx) error {
		var err error
		id, err = event.Emit(context.Background(), tx, typ, f.now, data)
		return err
	}))
	var payload []byte
	require.NoError(t, f.pool.QueryRow(context.Background(), `SELECT payload FROM outbox WHERE id = $1`, id).Scan(&payload))
	return id, payload
}

// deliveriesQueued returns the delivery ids handed to the outbox, oldest first, and removes the
// rows as the relay would.
func (f *fixture) deliveriesQueued(t *testing.T) []string {
	t.Helper()
	rows, err := f.pool.Query(context.Background(), `DELETE FROM outbox WHERE topic = $1 RETURNING payload->>'delivery_id'`, webhook.TopicDelivery)
	require.NoError(t, err)
	ids, err := pgx.CollectRows(rows, pgx.RowTo[string])
	require.NoError(t, err)
	return ids
}

// fanOut emits an event and fans it out, returning the deliveries made.
func (f *fixture) fanOut(t *testing.T, typ event.Type) (string, []string) {
	t.Helper()
	id, payload := f.emit(t, typ, map[string]any{"id": "ord_1", "total": map[string]any{"minor_units": "4500", "currency_code": "GBP"}})
	_, err := f.svc.FanOut(context.Background(), id, payload)
	require.NoError(t, err)
	return id, f.deliveriesQueued(t)
}

func TestCreate(t *testing.T) {
	t.Parallel()
	pool := dbtest.Pool(t)
	svc := webhook.NewService(pool, netguard.New(dns, false))
	tests := map[string]struct {
		in   webhook.Input
		want *apperrtest.Want
	}{
		"https name":             {in: webhook.Input{URL: new("https://partner.example/hooks"), EventTypes: []event.Type{event.OrderPaid}}},
		"missing url":            {in: webhook.Input{EventTypes: []event.Type{event.OrderPaid}}, want: &apperrtest.Want{Kind: apperr.KindInvalid, Reason: "url_required"}},
		"blank url":              {in: webhook.Input{URL: new("  "), EventTypes: []event.Type{event.OrderPaid}}, want: &apperrtest.Want{Kind: apperr.KindInvalid, Reason: "url_required"}},
		"http":                   {in: webhook.Input{URL: new("http://partner.example/"), EventTypes: []event.Type{event.OrderPaid}}, want: &apperrtest.Want{Kind: apperr.KindInvalid, Reason: "webhook_url_not_allowed"}},
		"loopback":               {in: webhook.Input{URL: new("https://127.0.0.1/"), EventTypes: []event.Type{event.OrderPaid}}, want: &apperrtest.Want{Kind: apperr.KindInvalid, Reason: "webhook_url_not_allowed"}},
		"IPv6 loopback":          {in: webhook.Input{URL: new("https://[::1]/"), EventTypes: []event.Type{event.OrderPaid}}, want: &apperrtest.Want{Kind: apperr.KindInvalid, Reason: "webhook_url_not_allowed"}},
		"private":                {in: webhook.Input{URL: new("https://192.168.0.10/"), EventTypes: []event.Type{event.OrderPaid}}, want: &apperrtest.Want{Kind: apperr.KindInvalid, Reason: "webhook_url_not_allowed"}},
		"metadata":               {in: webhook.Input{URL: new("https://169.254.169.254/"), EventTypes: []event.Type{event.OrderPaid}}, want: &apperrtest.Want{Kind: apperr.KindInvalid, Reason: "webhook_url_not_allowed"}},
		"name resolving inside":  {in: webhook.Input{URL: new("https://inside.example/"), EventTypes: []event.Type{event.OrderPaid}}, want: &apperrtest.Want{Kind: apperr.KindInvalid, Reason: "webhook_url_not_allowed"}},
		"name to metadata":       {in: webhook.Input{URL: new("https://meta.example/"), EventTypes: []event.Type{event.OrderPaid}}, want: &apperrtest.Want{Kind: apperr.KindInvalid, Reason: "webhook_url_not_allowed"}},
		"name to IPv6 ULA":       {in: webhook.Input{URL: new("https://ula.example/"), EventTypes: []event.Type{event.OrderPaid}}, want: &apperrtest.Want{Kind: apperr.KindInvalid, Reason: "webhook_url_not_allowed"}},
		"decimal":                {in: webhook.Input{URL: new("https://2130706433/"), EventTypes: []event.Type{event.OrderPaid}}, want: &apperrtest.Want{Kind: apperr.KindInvalid, Reason: "webhook_url_not_allowed"}},
		"octal":                  {in: webhook.Input{URL: new("https://0177.0.0.1/"), EventTypes: []event.Type{event.OrderPaid}}, want: &apperrtest.Want{Kind: apperr.KindInvalid, Reason: "webhook_url_not_allowed"}},
		"unknown host":           {in: webhook.Input{URL: new("https://nowhere.example/"), EventTypes: []event.Type{event.OrderPaid}}, want: &apperrtest.Want{Kind: apperr.KindInvalid, Reason: "webhook_url_not_allowed"}},
		"url too long":           {in: webhook.Input{URL: new("https://partner.example/" + strings.Repeat("a", 2048)), EventTypes: []event.Type{event.OrderPaid}}, want: &apperrtest.Want{Kind: apperr.KindInvalid, Reason: "url_too_long"}},
		"no event types":         {in: webhook.Input{URL: new("https://partner.example/")}, want: &apperrtest.Want{Kind: apperr.KindInvalid, Reason: "event_types_required"}},
		"empty event types":      {in: webhook.Input{URL: new("https://partner.example/"), EventTypes: []event.Type{}}, want: &apperrtest.Want{Kind: apperr.KindInvalid, Reason: "event_types_required"}},
		"unknown event type":     {in: webhook.Input{URL: new("https://partner.example/"), EventTypes: []event.Type{"order.eaten"}}, want: &apperrtest.Want{Kind: apperr.KindInvalid, Reason: "unknown_event_type"}},
		"description too long":   {in: webhook.Input{URL: new("https://partner.example/"), EventTypes: []event.Type{event.OrderPaid}, Description: new(strings.Repeat("é", 501))}, want: &apperrtest.Want{Kind: apperr.KindInvalid, Reason: "description_too_long"}},
		"every event type, dups": {in: webhook.Input{URL: new("https://partner.example/"), EventTypes: append(event.Types(), event.OrderPaid)}},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			e, secret, err := svc.Create(context.Background(), "", tc.in)
			if tc.want != nil {
				apperrtest.Require(t, err, *tc.want)
				return
			}
			require.NoError(t, err)
			require.True(t, e.Enabled)
			require.True(t, strings.HasPrefix(secret, "whsec_"), secret)
			key, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(secret, "whsec_"))
			require.NoError(t, err)
			require.GreaterOrEqual(t, len(key), 24)
			got, err := svc.Get(context.Background(), e.ID)
			require.NoError(t, err)
			require.Equal(t, e.URL, got.URL)
			want := map[event.Type]bool{}
			for _, typ := range tc.in.EventTypes {
				want[typ] = true
			}
			require.Len(t, got.EventTypes, len(want), "duplicates are dropped")
		})
	}
}

// verifyBySpec checks a Standard Webhooks signature as the spec words it, without the service's
// code: HMAC-SHA256 keyed by the base64-decoded secret over "id.timestamp.body", base64, "v1,"
// prefix, any one of the space-separated signatures matching.
func verifyBySpec(secret string, h http.Header, body []byte) bool {
	key, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(secret, "whsec_"))
	if err != nil {
		return false
	}
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte(h.Get("Webhook-Id") + "." + h.Get("Webhook-Timestamp") + "." + string(body)))
	want := "v1," + base64.StdEncoding.EncodeToString(mac.Sum(nil))
	for sig := range strings.FieldsSeq(h.Get("Webhook-Signature")) {
		if hmac.Equal([]byte(sig), []byte(want)) {
			return true
		}
	}
	return false
}

func TestDeliverySignedPerStandardWebhooks(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	r := newReceiver(t, http.StatusNoContent)
	e, secret := f.create(t, r.URL+"/hooks", event.OrderPaid)
	eventID, ids := f.fanOut(t, event.OrderPaid)
	require.Len(t, ids, 1)

	a, err := f.svc.Deliver(context.Background(), ids[0], 1, false)
	require.NoError(t, err)
	require.False(t, a.Retry)
	require.NoError(t, a.Err)

	got := r.received()
	require.Len(t, got, 1)
	h, body := got[0].header, got[0].body
	require.Equal(t, eventID, h.Get("Webhook-Id"))
	require.Equal(t, strconv.FormatInt(f.now.Unix(), 10), h.Get("Webhook-Timestamp"))
	require.Equal(t, "application/json", h.Get("Content-Type"))
	require.Regexp(t, `^v1,[A-Za-z0-9+/]+=*$`, h.Get("Webhook-Signature"))

	// The Standard Webhooks reference library accepts it…
	wh, err := standardwebhooks.NewWebhook(secret)
	require.NoError(t, err)
	require.NoError(t, wh.Verify(body, h))
	// …and so does the spec's text.
	require.True(t, verifyBySpec(secret, h, body))
	// A tampered body does not pass.
	require.Error(t, wh.Verify(append(slices.Clip(body), ' '), h))

	var p struct {
		Type      string          `json:"type"`
		Timestamp time.Time       `json:"timestamp"`
		Data      json.RawMessage `json:"data"`
	}
	require.NoError(t, json.Unmarshal(body, &p))
	require.Equal(t, "order.paid", p.Type)
	require.WithinDuration(t, f.now, p.Timestamp, time.Second)
	require.JSONEq(t, `{"id":"ord_1","total":{"minor_units":"4500","currency_code":"GBP"}}`, string(p.Data))

	page, err := f.svc.Deliveries(context.Background(), e.ID, 0, "")
	require.NoError(t, err)
	require.Len(t, page.Deliveries, 1)
	d := page.Deliveries[0]
	require.Equal(t, webhook.StatusSucceeded, d.Status)
	require.Equal(t, http.StatusNoContent, d.ResponseCode)
	require.Equal(t, 1, d.Attempts)
	require.Equal(t, eventID, d.EventID)
	require.Equal(t, event.OrderPaid, d.EventType)
	require.Nil(t, d.NextAttempt)
}

func TestFanOutReachesSubscribedEnabledEndpointsOnce(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	r := newReceiver(t, http.StatusOK)
	paid, _ := f.create(t, r.URL+"/a", event.OrderPaid, event.OrderShipped)
	f.create(t, r.URL+"/b", event.ProductCreated)
	off, _ := f.create(t, r.URL+"/c", event.OrderPaid)
	_, err := f.svc.Update(context.Background(), off.ID, webhook.Input{Enabled: new(false)})
	require.NoError(t, err)

	id, payload := f.emit(t, event.OrderPaid, map[string]string{"id": "o"})
	n, err := f.svc.FanOut(context.Background(), id, payload)
	require.NoError(t, err)
	require.Equal(t, 1, n)
	// The job ran twice (a crash after the commit): nothing more.
	n, err = f.svc.FanOut(context.Background(), id, payload)
	require.NoError(t, err)
	require.Zero(t, n)
	ids := f.deliveriesQueued(t)
	require.Len(t, ids, 1)
	page, err := f.svc.Deliveries(context.Background(), paid.ID, 0, "")
	require.NoError(t, err)
	require.Len(t, page.Deliveries, 1)
	require.Equal(t, webhook.StatusPending, page.Deliveries[0].Status)

	_, err = f.svc.FanOut(context.Background(), "00000000-0000-4000-8000-000000000001", []byte(`{"type":"order.eaten"}`))
	apperrtest.Require(t, err, apperrtest.Want{Kind: apperr.KindInvalid, Reason: "malformed_event"})
}

func TestRetriesThenDisables(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	r := newReceiver(t, http.StatusInternalServerError)
	e, _ := f.create(t, r.URL+"/hooks", event.OrderPaid)

	// One delivery: each attempt but the last asks for a retry on the schedule.
	_, ids := f.fanOut(t, event.OrderPaid)
	for attempt := 1; attempt < webhook.MaxAttempts; attempt++ {
		a, err := f.svc.Deliver(context.Background(), ids[0], attempt, false)
		require.NoError(t, err)
		require.True(t, a.Retry)
		require.ErrorContains(t, a.Err, "HTTP 500")
		page, err := f.svc.Deliveries(context.Background(), e.ID, 0, "")
		require.NoError(t, err)
		d := page.Deliveries[0]
		require.Equal(t, webhook.StatusRetrying, d.Status)
		require.Equal(t, attempt, d.Attempts)
		require.Equal(t, http.StatusInternalServerError, d.ResponseCode)
		require.Len(t, d.ResponseBody, 1024)
		require.NotNil(t, d.NextAttempt)
		require.WithinDuration(t, f.now.Add(webhook.Backoff(attempt)), *d.NextAttempt, time.Second)
		f.advance(webhook.Backoff(attempt))
	}
	a, err := f.svc.Deliver(context.Background(), ids[0], webhook.MaxAttempts, true)
	require.NoError(t, err)
	require.False(t, a.Retry)
	require.Error(t, a.Err)

	// The schedule spans about three days.
	var total time.Duration
	for i := 1; i < webhook.MaxAttempts; i++ {
		total += webhook.Backoff(i)
	}
	require.Greater(t, total, 70*time.Hour)
	require.LessOrEqual(t, total, 72*time.Hour)

	got, err := f.svc.Get(context.Background(), e.ID)
	require.NoError(t, err)
	require.True(t, got.Enabled)
	require.Equal(t, 1, got.FailureStreak)

	// A success ends the streak…
	r.setStatus(http.StatusOK)
	_, ids = f.fanOut(t, event.OrderPaid)
	a, err = f.svc.Deliver(context.Background(), ids[0], 1, false)
	require.NoError(t, err)
	require.NoError(t, a.Err)
	got, err = f.svc.Get(context.Background(), e.ID)
	require.NoError(t, err)
	require.Zero(t, got.FailureStreak)

	// …and DisableAfter final failures in a row disable the endpoint and queue an e-mail to each
	// admin.
	_, err = f.pool.Exec(context.Background(), `INSERT INTO accounts (first_name, last_name, email, password_hash, role)
		VALUES ('Ava', 'S', 'ava@atelier.test', 'x', 'admin'), ('Ben', 'T', 'ben@atelier.test', 'x', 'admin'),
		('Cy', 'U', 'cy@example.com', 'x', 'customer')`)
	require.NoError(t, err)
	r.setStatus(http.StatusFound) // a redirect is a failure: it is never followed
	for i := 1; i <= webhook.DisableAfter; i++ {
		_, ids = f.fanOut(t, event.OrderPaid)
		a, err = f.svc.Deliver(context.Background(), ids[0], webhook.MaxAttempts, true)
		require.NoError(t, err)
		require.ErrorContains(t, a.Err, "redirects are not followed")
	}
	got, err = f.svc.Get(context.Background(), e.ID)
	require.NoError(t, err)
	require.False(t, got.Enabled)
	require.NotEmpty(t, got.DisabledReason)
	require.NotNil(t, got.DisabledAt)
	rows, err := f.pool.Query(context.Background(), `SELECT payload FROM outbox WHERE topic = $1 ORDER BY payload->>'to'`, webhook.TopicEndpointDisabled)
	require.NoError(t, err)
	raws, err := pgx.CollectRows(rows, pgx.RowTo[[]byte])
	require.NoError(t, err)
	var to []string
	for _, raw := range raws {
		var notice webhook.EndpointDisabled
		require.NoError(t, json.Unmarshal(raw, &notice))
		require.Equal(t, e.ID, notice.EndpointID)
		require.Equal(t, webhook.DisableAfter, notice.Failures)
		to = append(to, notice.To)
	}
	require.Equal(t, []string{"ava@atelier.test", "ben@atelier.test"}, to, "every admin is told, customers are not")

	// New events are not sent to it, only logged as skipped (what it missed, to replay later).
	before := len(r.received())
	id, payload := f.emit(t, event.OrderPaid, map[string]string{})
	n, err := f.svc.FanOut(context.Background(), id, payload)
	require.NoError(t, err)
	require.Zero(t, n)
	require.Empty(t, f.deliveriesQueued(t))
	page, err := f.svc.Deliveries(context.Background(), e.ID, 1, "")
	require.NoError(t, err)
	require.Equal(t, id, page.Deliveries[0].EventID)
	require.Equal(t, webhook.StatusSkipped, page.Deliveries[0].Status)
	_, err = f.svc.Replay(context.Background(), e.ID, id)
	apperrtest.Require(t, err, apperrtest.Want{Kind: apperr.KindFailedPrecondition, Reason: "webhook_endpoint_disabled"})
	require.Len(t, r.received(), before)

	// Enabling it again starts a fresh count.
	got, err = f.svc.Update(context.Background(), e.ID, webhook.Input{Enabled: new(true)})
	require.NoError(t, err)
	require.True(t, got.Enabled)
	require.Zero(t, got.FailureStreak)
	require.Empty(t, got.DisabledReason)
	// …and what it missed can be replayed.
	d, err := f.svc.Replay(context.Background(), e.ID, id)
	require.NoError(t, err)
	require.Equal(t, []string{d.ID}, f.deliveriesQueued(t))
}

func TestDeliverySkippedWhenEndpointStopsListening(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	r := newReceiver(t, http.StatusOK)
	e, _ := f.create(t, r.URL, event.OrderPaid)
	_, ids := f.fanOut(t, event.OrderPaid)
	_, err := f.svc.Update(context.Background(), e.ID, webhook.Input{EventTypes: []event.Type{event.OrderShipped}})
	require.NoError(t, err)
	a, err := f.svc.Deliver(context.Background(), ids[0], 1, false)
	require.NoError(t, err)
	require.NoError(t, a.Err)
	require.Empty(t, r.received())
	page, err := f.svc.Deliveries(context.Background(), e.ID, 0, "")
	require.NoError(t, err)
	require.Equal(t, webhook.StatusSkipped, page.Deliveries[0].Status)

	// A deleted endpoint takes its log with it; its queued delivery finds nothing to do.
	require.NoError(t, f.svc.Delete(context.Background(), e.ID))
	a, err = f.svc.Deliver(context.Background(), ids[0], 2, false)
	require.NoError(t, err)
	require.NoError(t, a.Err)
	_, err = f.svc.Get(context.Background(), e.ID)
	apperrtest.Require(t, err, apperrtest.Want{Kind: apperr.KindNotFound, Reason: "webhook_endpoint_not_found"})
}

func TestReplay(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	r := newReceiver(t, http.StatusOK)
	e, secret := f.create(t, r.URL, event.ProductCreated)
	eventID, ids := f.fanOut(t, event.ProductCreated)
	_, err := f.svc.Deliver(context.Background(), ids[0], 1, false)
	require.NoError(t, err)

	d, err := f.svc.Replay(context.Background(), e.ID, eventID)
	require.NoError(t, err)
	require.True(t, d.Replay)
	require.Equal(t, webhook.StatusPending, d.Status)
	queued := f.deliveriesQueued(t)
	require.Equal(t, []string{d.ID}, queued)
	f.advance(time.Minute)
	a, err := f.svc.Deliver(context.Background(), d.ID, 1, false)
	require.NoError(t, err)
	require.NoError(t, a.Err)

	got := r.received()
	require.Len(t, got, 2)
	// The same event: same id (receivers de-duplicate on it) and body, freshly signed.
	require.Equal(t, got[0].header.Get("Webhook-Id"), got[1].header.Get("Webhook-Id"))
	require.Equal(t, got[0].body, got[1].body)
	require.NotEqual(t, got[0].header.Get("Webhook-Timestamp"), got[1].header.Get("Webhook-Timestamp"))
	require.True(t, verifyBySpec(secret, got[1].header, got[1].body))

	page, err := f.svc.Deliveries(context.Background(), e.ID, 1, "")
	require.NoError(t, err)
	require.Equal(t, d.ID, page.Deliveries[0].ID, "newest first")
	require.NotEmpty(t, page.NextPageToken)
	next, err := f.svc.Deliveries(context.Background(), e.ID, 1, page.NextPageToken)
	require.NoError(t, err)
	require.Equal(t, ids[0], next.Deliveries[0].ID)
	require.Empty(t, next.NextPageToken)

	tests := map[string]struct {
		endpoint, event string
		want            apperrtest.Want
	}{
		"unknown event":    {endpoint: e.ID, event: "00000000-0000-4000-8000-000000000009", want: apperrtest.Want{Kind: apperr.KindNotFound, Reason: "webhook_event_not_found"}},
		"malformed event":  {endpoint: e.ID, event: "evt", want: apperrtest.Want{Kind: apperr.KindNotFound, Reason: "webhook_event_not_found"}},
		"unknown endpoint": {endpoint: "00000000-0000-4000-8000-000000000009", event: eventID, want: apperrtest.Want{Kind: apperr.KindNotFound, Reason: "webhook_endpoint_not_found"}},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			_, err := f.svc.Replay(context.Background(), tc.endpoint, tc.event)
			apperrtest.Require(t, err, tc.want)
		})
	}
	_, err = f.svc.Deliveries(context.Background(), e.ID, 0, "not-a-token")
	apperrtest.Require(t, err, apperrtest.Want{Kind: apperr.KindInvalid, Reason: "invalid_page_token"})
}

func TestRotationSignsWithBothSecretsDuringTheOverlap(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	r := newReceiver(t, http.StatusOK)
	e, oldSecret := f.create(t, r.URL, event.OrderShipped)
	rotated, newSecret, err := f.svc.RotateSecret(context.Background(), e.ID)
	require.NoError(t, err)
	require.NotEqual(t, oldSecret, newSecret)
	require.NotNil(t, rotated.PreviousSecretExpiresAt)
	require.WithinDuration(t, f.now.Add(webhook.RotationOverlap), *rotated.PreviousSecretExpiresAt, time.Second)

	_, ids := f.fanOut(t, event.OrderShipped)
	_, err = f.svc.Deliver(context.Background(), ids[0], 1, false)
	require.NoError(t, err)
	got := r.received()[0]
	require.Len(t, strings.Fields(got.header.Get("Webhook-Signature")), 2)
	for _, s := range []string{oldSecret, newSecret} {
		wh, err := standardwebhooks.NewWebhook(s)
		require.NoError(t, err)
		require.NoError(t, wh.Verify(got.body, got.header), "a receiver with either secret accepts it")
	}

	// After the overlap only the new secret signs.
	f.advance(webhook.RotationOverlap + time.Minute)
	_, ids = f.fanOut(t, event.OrderShipped)
	_, err = f.svc.Deliver(context.Background(), ids[0], 1, false)
	require.NoError(t, err)
	got = r.received()[1]
	require.Len(t, strings.Fields(got.header.Get("Webhook-Signature")), 1)
	require.True(t, verifyBySpec(newSecret, got.header, got.body))
	require.False(t, verifyBySpec(oldSecret, got.header, got.body))

	_, _, err = f.svc.RotateSecret(context.Background(), "00000000-0000-4000-8000-000000000009")
	apperrtest.Require(t, err, apperrtest.Want{Kind: apperr.KindNotFound, Reason: "webhook_endpoint_not_found"})
}

func TestUpdateChecksTheURLAgain(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	e, _ := f.create(t, "https://partner.example/hooks", event.StockLow)
	tests := map[string]struct {
		in   webhook.Input
		want *apperrtest.Want
	}{
		"to inside":       {in: webhook.Input{URL: new("https://inside.example/")}, want: &apperrtest.Want{Kind: apperr.KindInvalid, Reason: "webhook_url_not_allowed"}},
		"to hex loopback": {in: webhook.Input{URL: new("https://0x7f000001/")}, want: &apperrtest.Want{Kind: apperr.KindInvalid, Reason: "webhook_url_not_allowed"}},
		"no event types":  {in: webhook.Input{EventTypes: []event.Type{}}, want: &apperrtest.Want{Kind: apperr.KindInvalid, Reason: "event_types_required"}},
		"description":     {in: webhook.Input{Description: new("ERP sync")}},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			got, err := f.svc.Update(context.Background(), e.ID, tc.in)
			if tc.want != nil {
				apperrtest.Require(t, err, *tc.want)
				return
			}
			require.NoError(t, err)
			require.Equal(t, "ERP sync", got.Description)
			require.Equal(t, "https://partner.example/hooks", got.URL)
		})
	}
	_, err := f.svc.Update(context.Background(), "nope", webhook.Input{Description: new("x")})
	apperrtest.Require(t, err, apperrtest.Want{Kind: apperr.KindNotFound, Reason: "webhook_endpoint_not_found"})
}

// The delivery path checks the address dialled, not only the one registered: an endpoint whose
// name now resolves to loopback (the guard here does not allow loopback) is not reached.
func TestDeliveryRefusesAnInsideAddressAtSendTime(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	r := newReceiver(t, http.StatusOK)
	e, _ := f.create(t, r.URL, event.OrderPaid)
	strict := webhook.NewService(f.pool, netguard.New(dns, false))
	_, ids := f.fanOut(t, event.OrderPaid)
	a, err := strict.Deliver(context.Background(), ids[0], 1, false)
	require.NoError(t, err)
	require.True(t, a.Retry)
	require.Empty(t, r.received())
	page, err := f.svc.Deliveries(context.Background(), e.ID, 0, "")
	require.NoError(t, err)
	require.Contains(t, page.Deliveries[0].Error, "refused")
}

// Events and their log are kept for Retention, then forgotten, unless a delivery is still under way.
func TestPrune(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	r := newReceiver(t, http.StatusOK)
	e, _ := f.create(t, r.URL, event.OrderPaid)
	_, done := f.fanOut(t, event.OrderPaid)
	_, err := f.svc.Deliver(context.Background(), done[0], 1, false)
	require.NoError(t, err)
	f.fanOut(t, event.OrderPaid) // still pending
	_, err = f.pool.Exec(context.Background(), `UPDATE webhook_events SET created_at = now() - interval '31 days'`)
	require.NoError(t, err)

	n, err := f.svc.Prune(context.Background())
	require.NoError(t, err)
	require.Equal(t, int64(1), n)
	page, err := f.svc.Deliveries(context.Background(), e.ID, 0, "")
	require.NoError(t, err)
	require.Len(t, page.Deliveries, 1)
	require.Equal(t, webhook.StatusPending, page.Deliveries[0].Status)
}

// Final failures racing on one endpoint count each once, and disable it once, with one e-mail; a
// fan-out run twice at once makes each delivery once.
func TestConcurrentFailuresDisableOnce(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	r := newReceiver(t, http.StatusInternalServerError)
	e, _ := f.create(t, r.URL, event.OrderPaid)
	id, payload := f.emit(t, event.OrderPaid, map[string]string{})
	errs := apperrtest.Concurrently(4, func(int) error { _, err := f.svc.FanOut(context.Background(), id, payload); return err })
	for _, err := range errs {
		require.NoError(t, err)
	}
	require.Len(t, f.deliveriesQueued(t), 1)

	var ids []string
	for range 2 * webhook.DisableAfter {
		_, d := f.fanOut(t, event.OrderPaid)
		ids = append(ids, d...)
	}
	errs = apperrtest.Concurrently(len(ids), func(i int) error {
		_, err := f.svc.Deliver(context.Background(), ids[i], webhook.MaxAttempts, true)
		return err
	})
	for _, err := range errs {
		require.NoError(t, err)
	}
	got, err := f.svc.Get(context.Background(), e.ID)
	require.NoError(t, err)
	require.False(t, got.Enabled)
	var notices int
	require.NoError(t, f.pool.QueryRow(context.Background(), `SELECT count(*) FROM outbox WHERE topic = $1`, webhook.TopicEndpointDisabled).Scan(&notices))
	require.Equal(t, 1, notices)
}
