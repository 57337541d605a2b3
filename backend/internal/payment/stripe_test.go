package payment

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/apperr/apperrtest"
	"github.com/atelier-commerce/atelier/backend/internal/money"
	"github.com/google/uuid"
	"github.com/stretchr/testify/require"
	"github.com/stripe/stripe-go/v85"
)

// The Stripe adapter is tested against stripe-mock, Stripe's own simulator of its API: it checks
// every request against Stripe's OpenAPI description and answers with Stripe's fixtures. It is
// stateless — every PaymentIntent it returns is a fixture, whatever was created before — so these
// tests assert what the adapter sends and how it reads the answers, not a payment's life.

// stripeMock is the one stripe-mock process the package's tests share; being stateless, it
// cannot carry anything from one test to another.
var stripeMock struct {
	once sync.Once
	cmd  *exec.Cmd
	url  string
	err  error
}

// stripeMockProcAttr makes stripe-mock die with the test binary where the OS can (Linux), so a
// test binary killed by a timeout does not leave it running.
var stripeMockProcAttr *syscall.SysProcAttr

// stripeMockURL starts stripe-mock on first use and returns its HTTP address. It fails the test
// when stripe-mock cannot be found or started: skipping would let CI pass without ever having
// run the Stripe adapter.
func stripeMockURL(t *testing.T) string {
	t.Helper()
	stripeMock.once.Do(func() { stripeMock.url, stripeMock.cmd, stripeMock.err = startStripeMock() })
	if stripeMock.err != nil {
		t.Fatal(stripeMock.err)
	}
	return stripeMock.url
}

func stopStripeMock() {
	if stripeMock.cmd != nil {
		_ = stripeMock.cmd.Process.Kill()
		_ = stripeMock.cmd.Wait()
	}
}

// findStripeMock looks where scripts/setup installs stripe-mock, after an explicit override.
func findStripeMock() (string, error) {
	const hint = "run scripts/setup (it installs tools/bin/stripe-mock), or set STRIPE_MOCK_BIN"
	if bin := os.Getenv("STRIPE_MOCK_BIN"); bin != "" {
		if !isExecutable(bin) {
			return "", fmt.Errorf("STRIPE_MOCK_BIN=%s is not an executable file: %s", bin, hint)
		}
		return bin, nil
	}
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if fi, err := os.Stat(filepath.Join(dir, "tools")); err == nil && fi.IsDir() {
			if bin := filepath.Join(dir, "tools", "bin", "stripe-mock"); isExecutable(bin) {
				return bin, nil
			}
			break // the repository's root: nothing above it is ours
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			break
		}
		dir = parent
	}
	if bin, err := exec.LookPath("stripe-mock"); err == nil {
		return bin, nil
	}
	return "", errors.New("stripe-mock not found in $STRIPE_MOCK_BIN, <repo>/tools/bin or PATH: " + hint)
}

func isExecutable(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.Mode().IsRegular() && fi.Mode()&0o111 != 0
}

var listeningRE = regexp.MustCompile(`Listening for HTTP at address: (\S+)`)

// startStripeMock runs stripe-mock on ports the kernel picks (port 0) and reads the one it got
// from its output: choosing a "free" port ourselves could race with another test binary.
// HTTPS gets a port of its own too, or stripe-mock would take its fixed default 12112.
func startStripeMock() (string, *exec.Cmd, error) {
	bin, err := findStripeMock()
	if err != nil {
		return "", nil, err
	}
	cmd := exec.Command(bin, "-http-addr", "127.0.0.1:0", "-https-addr", "127.0.0.1:0")
	cmd.SysProcAttr = stripeMockProcAttr
	out, err := cmd.StdoutPipe()
	if err != nil {
		return "", nil, err
	}
	cmd.Stderr = cmd.Stdout
	if err := cmd.Start(); err != nil {
		return "", nil, fmt.Errorf("start %s: %w", bin, err)
	}
	addr := make(chan string, 1)
	var early bytes.Buffer // its output until it listens, to explain a failure
	var earlyMu sync.Mutex
	go func() {
		sc := bufio.NewScanner(out)
		found := false
		for sc.Scan() {
			if found {
				continue // keep draining, so stripe-mock never blocks on a full pipe
			}
			earlyMu.Lock()
			early.WriteString(sc.Text() + "\n")
			earlyMu.Unlock()
			if m := listeningRE.FindStringSubmatch(sc.Text()); m != nil {
				found = true
				addr <- m[1]
			}
		}
		close(addr)
	}()
	fail := func(err error) (string, *exec.Cmd, error) {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		earlyMu.Lock()
		defer earlyMu.Unlock()
		return "", nil, fmt.Errorf("stripe-mock (%s): %w; its output:\n%s", bin, err, early.String())
	}
	deadline := time.Now().Add(time.Minute)
	var a string
	select {
	case got, ok := <-addr:
		if !ok {
			return fail(errors.New("exited before listening"))
		}
		a = got
	case <-time.After(time.Until(deadline)):
		return fail(errors.New("did not listen within a minute"))
	}
	// It prints the address once bound; dialling confirms it accepts before any test relies on it.
	for {
		c, err := net.DialTimeout("tcp", a, time.Second)
		if err == nil {
			c.Close()
			return "http://" + a, cmd, nil
		}
		if time.Now().After(deadline) {
			return fail(fmt.Errorf("not accepting connections at %s: %w", a, err))
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// stripeCall is one request the adapter made, as Stripe would receive it.
type stripeCall struct {
	Method, Path, IdempotencyKey string
	Form                         url.Values
}

// stripeRecorder sits between the adapter and stripe-mock and records each request, because
// stripe-mock does not echo what makes the adapter safe — idempotency keys and metadata. When
// answer is set and answers, it replies in Stripe's place, for the states a stateless simulator
// cannot reach (a PaymentIntent that has already succeeded).
type stripeRecorder struct {
	mu     sync.Mutex
	calls  []stripeCall
	answer func(r *http.Request) (status int, body string, ok bool)
}

func (r *stripeRecorder) recorded() []stripeCall {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]stripeCall(nil), r.calls...)
}

// newStripeAdapter returns the adapter talking to stripe-mock through a recorder.
func newStripeAdapter(t *testing.T, answer func(*http.Request) (int, string, bool)) (*Stripe, *stripeRecorder) {
	t.Helper()
	target, err := url.Parse(stripeMockURL(t))
	require.NoError(t, err)
	rec := &stripeRecorder{answer: answer}
	proxy := httputil.NewSingleHostReverseProxy(target)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, err := io.ReadAll(r.Body)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		form, _ := url.ParseQuery(string(body))
		if r.Method == http.MethodGet {
			form = r.URL.Query()
		}
		rec.mu.Lock()
		rec.calls = append(rec.calls, stripeCall{r.Method, r.URL.Path, r.Header.Get("Idempotency-Key"), form})
		rec.mu.Unlock()
		if rec.answer != nil {
			if status, body, ok := rec.answer(r); ok {
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(status)
				_, _ = io.WriteString(w, body)
				return
			}
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		proxy.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	s, err := NewStripe(StripeConfig{SecretKey: "sk_test_123", PublishableKey: "pk_test_123", APIURL: srv.URL})
	require.NoError(t, err)
	return s, rec
}

func TestNewStripe(t *testing.T) {
	t.Parallel()
	for name, cfg := range map[string]StripeConfig{
		"no secret key":      {PublishableKey: "pk_test_123"},
		"no publishable key": {SecretKey: "sk_test_123"},
	} {
		_, err := NewStripe(cfg)
		require.Error(t, err, name)
	}
	s, err := NewStripe(StripeConfig{SecretKey: "sk_test_123", PublishableKey: "pk_test_123"})
	require.NoError(t, err)
	require.Equal(t, ModeStripe, s.Mode())
	require.Equal(t, "pk_test_123", s.PublishableKey(), "the browser's key")
}

func TestStripeCreate(t *testing.T) {
	t.Parallel()
	s, rec := newStripeAdapter(t, nil)
	ctx := context.Background()
	orderID := uuid.NewString()
	in := NewIntent{OrderID: orderID, OrderNumber: "ATL-7Q3K9", Email: "ada@example.com", Amount: money.GBP(4599)}

	got, err := s.Create(ctx, in)
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(got.Ref, "pi_"), got.Ref)
	require.NotEmpty(t, got.ClientSecret, "the browser confirms with it")
	require.Equal(t, money.GBP(4599), got.Amount, "stripe-mock echoes amount and currency; GBP comes back upper-case")
	// stripe-mock's fixture is requires_payment_method with a last_payment_error: to the shop
	// that is a failed attempt the shopper may retry.
	require.Equal(t, StatusFailed, got.Status)

	calls := rec.recorded()
	require.Len(t, calls, 1)
	c := calls[0]
	require.Equal(t, http.MethodPost, c.Method)
	require.Equal(t, "/v1/payment_intents", c.Path)
	require.Equal(t, "atelier-order-"+orderID+"-intent", c.IdempotencyKey, "a retried checkout must get the same PaymentIntent")
	require.Equal(t, url.Values{
		"amount":                  {"4599"},
		"currency":                {"gbp"},
		"payment_method_types[0]": {"card"},
		"description":             {"Order ATL-7Q3K9"},
		"metadata[order_id]":      {orderID},
		"metadata[order_number]":  {"ATL-7Q3K9"},
	}, c.Form)

	// Asking again for the same order sends the same key (Stripe then answers with the first
	// PaymentIntent); another order gets its own.
	_, err = s.Create(ctx, in)
	require.NoError(t, err)
	other := in
	other.OrderID = uuid.NewString()
	_, err = s.Create(ctx, other)
	require.NoError(t, err)
	calls = rec.recorded()
	require.Len(t, calls, 3)
	require.Equal(t, calls[0].IdempotencyKey, calls[1].IdempotencyKey)
	require.Equal(t, "atelier-order-"+other.OrderID+"-intent", calls[2].IdempotencyKey)
}

func TestStripeLookup(t *testing.T) {
	t.Parallel()
	s, rec := newStripeAdapter(t, nil)
	got, err := s.Lookup(context.Background(), "pi_lookup")
	require.NoError(t, err)
	require.Equal(t, "pi_lookup", got.Ref, "stripe-mock answers for the id asked about")
	// The fixture's amount: the currency is read upper-case, as the shop stores it.
	require.Equal(t, money.Money{Minor: 1099, Currency: "USD"}, got.Amount)
	require.NotEmpty(t, got.ClientSecret)
	require.Equal(t, StatusFailed, got.Status)
	require.Equal(t, []stripeCall{{Method: http.MethodGet, Path: "/v1/payment_intents/pi_lookup", Form: url.Values{}}}, rec.recorded())
}

// A refund's look-up (reconciliation) asks Stripe for the refund and reads it like a refund's
// answer, in the shop's own mode.
func TestStripeLookupRefund(t *testing.T) {
	t.Parallel()
	s, rec := newStripeAdapter(t, nil)
	got, err := s.LookupRefund(context.Background(), "re_lookup")
	require.NoError(t, err)
	require.Equal(t, "re_lookup", got.ProviderRef, "stripe-mock answers for the id asked about")
	require.Equal(t, RefundSucceeded, got.Status, "stripe-mock's fixture refund has succeeded")
	require.Positive(t, got.Amount.Minor)
	require.False(t, got.Live, "test keys")
	require.Equal(t, []stripeCall{{Method: http.MethodGet, Path: "/v1/refunds/re_lookup", Form: url.Values{}}}, rec.recorded())
}

func TestStripeCancel(t *testing.T) {
	t.Parallel()
	s, rec := newStripeAdapter(t, nil)
	got, err := s.Cancel(context.Background(), "pi_cancel")
	require.NoError(t, err)
	require.Equal(t, "pi_cancel", got.Ref)
	calls := rec.recorded()
	require.Len(t, calls, 1, "no second look when Stripe accepts")
	require.Equal(t, http.MethodPost, calls[0].Method)
	require.Equal(t, "/v1/payment_intents/pi_cancel/cancel", calls[0].Path)
	require.Equal(t, url.Values{"cancellation_reason": {"abandoned"}}, calls[0].Form)
}

// An expiring reservation can race the shopper's payment. Stripe refuses to cancel a
// PaymentIntent that has succeeded, and the adapter must then report the success — not an
// error — so the order is honoured. stripe-mock cannot be in that state, so the recorder plays
// Stripe's two answers, in Stripe's words.
func TestStripeCancelAfterSuccess(t *testing.T) {
	t.Parallel()
	s, rec := newStripeAdapter(t, func(r *http.Request) (int, string, bool) {
		switch {
		case r.Method == http.MethodPost && r.URL.Path == "/v1/payment_intents/pi_paid/cancel":
			return http.StatusBadRequest, `{"error": {"type": "invalid_request_error", "code": "payment_intent_unexpected_state",
				"message": "You cannot cancel this PaymentIntent because it has a status of succeeded."}}`, true
		case r.Method == http.MethodGet && r.URL.Path == "/v1/payment_intents/pi_paid":
			return http.StatusOK, `{"id": "pi_paid", "object": "payment_intent", "amount": 4599, "currency": "gbp",
				"status": "succeeded", "client_secret": "pi_paid_secret_x", "last_payment_error": null}`, true
		}
		return 0, "", false
	})
	got, err := s.Cancel(context.Background(), "pi_paid")
	require.NoError(t, err)
	require.Equal(t, Intent{Ref: "pi_paid", ClientSecret: "pi_paid_secret_x", Status: StatusSucceeded, Amount: money.GBP(4599)}, got)
	calls := rec.recorded()
	require.Len(t, calls, 2)
	require.Equal(t, "/v1/payment_intents/pi_paid", calls[1].Path, "the adapter looked again")
}

func TestStripeRefund(t *testing.T) {
	t.Parallel()
	s, rec := newStripeAdapter(t, nil)
	ctx := context.Background()
	orderID, refundID := uuid.NewString(), uuid.NewString()
	req := RefundRequest{Ref: "pi_refund", OrderID: orderID, RefundID: refundID, Amount: money.GBP(1250), IdempotencyKey: refundID}
	got, err := s.Refund(ctx, req)
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(got.ProviderRef, "re_"), got.ProviderRef)
	require.Equal(t, RefundSucceeded, got.Status, "stripe-mock's refund fixture has succeeded")
	require.Empty(t, got.FailureMessage)

	// A whole-payment refund of a lapsed order has no refund row: no refund_id is sent.
	whole := RefundRequest{Ref: "pi_whole", OrderID: orderID, Amount: money.GBP(4599), IdempotencyKey: "atelier-order-" + orderID + "-refund"}
	_, err = s.Refund(ctx, whole)
	require.NoError(t, err)
	_, err = s.Refund(ctx, req)
	require.NoError(t, err)
	require.Equal(t, []stripeCall{
		{Method: http.MethodPost, Path: "/v1/refunds", IdempotencyKey: refundID, Form: url.Values{"payment_intent": {"pi_refund"},
			"amount": {"1250"}, "metadata[order_id]": {orderID}, "metadata[refund_id]": {refundID}}},
		{Method: http.MethodPost, Path: "/v1/refunds", IdempotencyKey: "atelier-order-" + orderID + "-refund",
			Form: url.Values{"payment_intent": {"pi_whole"}, "amount": {"4599"}, "metadata[order_id]": {orderID}}},
		// A retried refund sends the same key, so Stripe answers the first refund: never twice.
		{Method: http.MethodPost, Path: "/v1/refunds", IdempotencyKey: refundID, Form: url.Values{"payment_intent": {"pi_refund"},
			"amount": {"1250"}, "metadata[order_id]": {orderID}, "metadata[refund_id]": {refundID}}},
	}, rec.recorded())
}

// A request that cannot be a refund is refused before Stripe is asked.
func TestStripeRefundRefusesBadRequests(t *testing.T) {
	t.Parallel()
	s, rec := newStripeAdapter(t, nil)
	good := RefundRequest{Ref: "pi_x", OrderID: uuid.NewString(), Amount: money.GBP(100), IdempotencyKey: "k"}
	tests := map[string]struct {
		edit   func(*RefundRequest)
		kind   apperr.Kind
		reason string
	}{
		"zero amount":     {func(r *RefundRequest) { r.Amount.Minor = 0 }, apperr.KindInvalid, "invalid_refund_amount"},
		"negative amount": {func(r *RefundRequest) { r.Amount.Minor = -1 }, apperr.KindInvalid, "invalid_refund_amount"},
		"no key":          {func(r *RefundRequest) { r.IdempotencyKey = "" }, apperr.KindInvalid, "idempotency_key_required"},
		"no payment":      {func(r *RefundRequest) { r.Ref = "" }, apperr.KindNotFound, "payment_not_found"},
	}
	for name, tt := range tests {
		req := good
		tt.edit(&req)
		got, err := s.Refund(context.Background(), req)
		apperrtest.RequireKind(t, err, tt.kind, tt.reason)
		require.Zero(t, got, name)
	}
	require.Empty(t, rec.recorded(), "Stripe was never asked")
}

// Stripe's refund statuses, as the shop reads them: only succeeded returned money, and only
// failed or canceled never will.
func TestStripeRefundStatuses(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		status, reason string
		want           RefundResult
	}{
		"succeeded":       {"succeeded", "", RefundResult{ProviderRef: "re_1", Status: RefundSucceeded}},
		"pending":         {"pending", "", RefundResult{ProviderRef: "re_1", Status: RefundPending}},
		"requires_action": {"requires_action", "", RefundResult{ProviderRef: "re_1", Status: RefundPending}},
		"failed, lost card": {"failed", "lost_or_stolen_card", RefundResult{ProviderRef: "re_1", Status: RefundFailed,
			FailureMessage: "The refund failed: the card was reported lost or stolen."}},
		"failed, unknown": {"failed", "unknown", RefundResult{ProviderRef: "re_1", Status: RefundFailed, FailureMessage: "The refund failed."}},
		"canceled":        {"canceled", "", RefundResult{ProviderRef: "re_1", Status: RefundFailed, FailureMessage: "The refund was cancelled."}},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			s, _ := newStripeAdapter(t, func(*http.Request) (int, string, bool) {
				return http.StatusOK, fmt.Sprintf(`{"id": "re_1", "object": "refund", "amount": 100, "currency": "gbp",
					"payment_intent": "pi_x", "status": %q, "failure_reason": %q, "metadata": {}}`, tt.status, tt.reason), true
			})
			got, err := s.Refund(context.Background(), RefundRequest{Ref: "pi_x", Amount: money.GBP(100), IdempotencyKey: "k"})
			require.NoError(t, err)
			tt.want.Amount = money.GBP(100)
			require.Equal(t, tt.want, got)
		})
	}
}

// Stripe's refusals of a refund, in its words, become the shop's reasons; Stripe's own error
// stays in the chain for the logs.
func TestStripeRefundRefusals(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		status int
		body   string
		kind   apperr.Kind
		reason string
	}{
		"more than the payment": {http.StatusBadRequest, `{"error": {"type": "invalid_request_error", "code": "amount_too_large",
			"message": "Refund amount (£50.00) is greater than unrefunded amount on charge (£45.99)"}}`,
			apperr.KindFailedPrecondition, "refund_exceeds_payment"},
		"already refunded": {http.StatusBadRequest, `{"error": {"type": "invalid_request_error", "code": "charge_already_refunded",
			"message": "Charge ch_1 has already been refunded."}}`, apperr.KindFailedPrecondition, "refund_exceeds_payment"},
		"not paid": {http.StatusBadRequest, `{"error": {"type": "invalid_request_error", "code": "charge_not_refundable",
			"message": "This PaymentIntent does not have a successful charge to refund."}}`, apperr.KindFailedPrecondition, "payment_not_refundable"},
		"intent in another state": {http.StatusBadRequest, `{"error": {"type": "invalid_request_error", "code": "payment_intent_unexpected_state",
			"message": "This PaymentIntent's status is requires_payment_method."}}`, apperr.KindFailedPrecondition, "payment_not_refundable"},
		"disputed": {http.StatusBadRequest, `{"error": {"type": "invalid_request_error", "code": "charge_disputed",
			"message": "Charge ch_1 has been charged back; cannot issue a refund."}}`, apperr.KindFailedPrecondition, "payment_not_refundable"},
		"key reused with other parameters": {http.StatusBadRequest, `{"error": {"type": "idempotency_error",
			"message": "Keys for idempotent requests can only be used with the same parameters they were first used with."}}`,
			apperr.KindInvalid, "idempotency_key_reused"},
		"unknown payment": {http.StatusNotFound, `{"error": {"type": "invalid_request_error", "code": "resource_missing",
			"message": "No such payment_intent: 'pi_x'"}}`, apperr.KindNotFound, "payment_not_found"},
		"Stripe down": {http.StatusInternalServerError, `{"error": {"type": "api_error", "message": "Something went wrong"}}`,
			apperr.KindUnavailable, "payment_provider_unavailable"},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			s, _ := newStripeAdapter(t, func(*http.Request) (int, string, bool) { return tt.status, tt.body, true })
			got, err := s.Refund(context.Background(), RefundRequest{Ref: "pi_x", Amount: money.GBP(5000), IdempotencyKey: "k"})
			apperrtest.RequireKind(t, err, tt.kind, tt.reason)
			require.ErrorContains(t, err, "payment.Stripe.Refund")
			require.Zero(t, got)
			if tt.kind != apperr.KindUnavailable {
				var se *stripe.Error
				require.ErrorAs(t, err, &se, "Stripe's own words stay in the chain")
			}
		})
	}
}

// Stripe's answers about our request (4xx) are faults to fix and must not look like an outage,
// or callers would retry them forever; an unreachable Stripe, its 5xx and its rate limit are
// outages the caller may retry.
func TestStripeErrorClassification(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	ops := map[string]func(*Stripe) error{
		"Create": func(s *Stripe) error {
			_, err := s.Create(ctx, NewIntent{OrderID: uuid.NewString(), OrderNumber: "ATL-1", Amount: money.GBP(100)})
			return err
		},
		"Lookup": func(s *Stripe) error { _, err := s.Lookup(ctx, "pi_x"); return err },
		"Cancel": func(s *Stripe) error { _, err := s.Cancel(ctx, "pi_x"); return err },
		"Refund": func(s *Stripe) error {
			_, err := s.Refund(ctx, RefundRequest{Ref: "pi_x", OrderID: uuid.NewString(), Amount: money.GBP(100), IdempotencyKey: uuid.NewString()})
			return err
		},
	}
	answering := func(status int, body string) func(*http.Request) (int, string, bool) {
		return func(*http.Request) (int, string, bool) { return status, body, true }
	}
	// A port that refuses connections: bound, then released.
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	closed := "http://" + l.Addr().String()
	require.NoError(t, l.Close())

	tests := map[string]struct {
		adapter     func(t *testing.T) *Stripe
		unavailable bool
		notFound    bool // Stripe does not know the payment: it can never succeed
		status      int  // Stripe's HTTP status, when it answered
	}{
		// stripe-mock, like Stripe, refuses a live key in test mode: a configuration fault.
		"401 from stripe-mock": {adapter: func(t *testing.T) *Stripe {
			t.Helper()
			s, err := NewStripe(StripeConfig{SecretKey: "sk_live_123", PublishableKey: "pk_live_123", APIURL: stripeMockURL(t)})
			require.NoError(t, err)
			return s
		}, status: http.StatusUnauthorized},
		"400 invalid request": {adapter: func(t *testing.T) *Stripe {
			t.Helper()
			s, _ := newStripeAdapter(t, answering(http.StatusBadRequest, `{"error": {"type": "invalid_request_error", "message": "Invalid currency: gbx"}}`))
			return s
		}, status: http.StatusBadRequest},
		"404 no such payment intent": {adapter: func(t *testing.T) *Stripe {
			t.Helper()
			s, _ := newStripeAdapter(t, answering(http.StatusNotFound, `{"error": {"type": "invalid_request_error", "code": "resource_missing", "message": "No such payment_intent: 'pi_x'"}}`))
			return s
		}, status: http.StatusNotFound, notFound: true},
		"429 rate limited": {adapter: func(t *testing.T) *Stripe {
			t.Helper()
			s, _ := newStripeAdapter(t, answering(http.StatusTooManyRequests, `{"error": {"type": "invalid_request_error", "code": "rate_limit", "message": "Too many requests"}}`))
			return s
		}, unavailable: true},
		"500 from Stripe": {adapter: func(t *testing.T) *Stripe {
			t.Helper()
			s, _ := newStripeAdapter(t, answering(http.StatusInternalServerError, `{"error": {"type": "api_error", "message": "Something went wrong"}}`))
			return s
		}, unavailable: true},
		"connection refused": {adapter: func(t *testing.T) *Stripe {
			t.Helper()
			s, err := NewStripe(StripeConfig{SecretKey: "sk_test_123", PublishableKey: "pk_test_123", APIURL: closed})
			require.NoError(t, err)
			return s
		}, unavailable: true},
	}
	// One subtest per operation, in parallel: against a closed port, stripe-go retries each call
	// (with backoff) before giving up, as it should.
	for name, tt := range tests {
		for op, call := range ops {
			t.Run(name+"/"+op, func(t *testing.T) {
				t.Parallel()
				err := call(tt.adapter(t))
				require.Error(t, err)
				require.ErrorContains(t, err, "payment.Stripe."+op, "wrapped with the operation")
				ae := apperr.As(err)
				if tt.notFound {
					require.NotNil(t, ae, "%v", err)
					require.Equal(t, apperr.KindNotFound, ae.Kind, "an unknown payment is not an outage")
					require.Equal(t, "payment_not_found", ae.Reason)
				}
				if !tt.unavailable {
					if !tt.notFound {
						require.Nil(t, ae, "a refusal is not an outage: %v", err)
					}
					var se *stripe.Error
					require.ErrorAs(t, err, &se)
					require.Equal(t, tt.status, se.HTTPStatusCode)
					return
				}
				require.NotNil(t, ae, "%v", err)
				require.Equal(t, apperr.KindUnavailable, ae.Kind)
				require.Equal(t, "payment_provider_unavailable", ae.Reason)
				require.Equal(t, "The payment provider cannot be reached. Please try again.", ae.Message)
			})
		}
	}
}

// A ref that is not a plain id reaches no PaymentIntent: stripe-mock's own 404 is a refusal too.
func TestStripeUnknownRoute(t *testing.T) {
	t.Parallel()
	s, _ := newStripeAdapter(t, nil)
	_, err := s.Lookup(context.Background(), "pi_a/b")
	var se *stripe.Error
	require.ErrorAs(t, err, &se)
	require.Equal(t, http.StatusNotFound, se.HTTPStatusCode)
	require.Equal(t, apperr.KindNotFound, apperr.As(err).Kind)
}

func TestIntentOf(t *testing.T) {
	t.Parallel()
	declined := &stripe.Error{Msg: "Your card was declined."}
	tests := map[string]struct {
		pi   stripe.PaymentIntent
		want Status
		msg  string
	}{
		"requires_payment_method":   {stripe.PaymentIntent{Status: stripe.PaymentIntentStatusRequiresPaymentMethod}, StatusRequiresPayment, ""},
		"requires_confirmation":     {stripe.PaymentIntent{Status: stripe.PaymentIntentStatusRequiresConfirmation}, StatusRequiresPayment, ""},
		"requires_action (3DS)":     {stripe.PaymentIntent{Status: stripe.PaymentIntentStatusRequiresAction}, StatusRequiresPayment, ""},
		"processing":                {stripe.PaymentIntent{Status: stripe.PaymentIntentStatusProcessing}, StatusProcessing, ""},
		"succeeded":                 {stripe.PaymentIntent{Status: stripe.PaymentIntentStatusSucceeded}, StatusSucceeded, ""},
		"canceled":                  {stripe.PaymentIntent{Status: stripe.PaymentIntentStatusCanceled}, StatusCanceled, ""},
		"declined, awaiting retry":  {stripe.PaymentIntent{Status: stripe.PaymentIntentStatusRequiresPaymentMethod, LastPaymentError: declined}, StatusFailed, "Your card was declined."},
		"succeeded after a decline": {stripe.PaymentIntent{Status: stripe.PaymentIntentStatusSucceeded, LastPaymentError: declined}, StatusSucceeded, "Your card was declined."},
		"canceled after a decline":  {stripe.PaymentIntent{Status: stripe.PaymentIntentStatusCanceled, LastPaymentError: declined}, StatusCanceled, "Your card was declined."},
	}
	for name, tt := range tests {
		tt.pi.ID, tt.pi.ClientSecret, tt.pi.Amount, tt.pi.Currency = "pi_1", "pi_1_secret_x", 4599, stripe.CurrencyGBP
		got := intentOf(&tt.pi)
		require.Equal(t, Intent{Ref: "pi_1", ClientSecret: "pi_1_secret_x", Status: tt.want, Amount: money.GBP(4599), FailureMessage: tt.msg}, got, name)
	}
}

// The shop's mode comes from its secret key: events and payments of the other mode are anomalies.
func TestStripeLiveFollowsTheKeys(t *testing.T) {
	t.Parallel()
	for key, live := range map[string]bool{"sk_live_x": true, "rk_live_x": true, "sk_test_x": false, "rk_test_x": false} {
		s, err := NewStripe(StripeConfig{SecretKey: key, PublishableKey: "pk_x"})
		require.NoError(t, err)
		require.Equal(t, live, s.Live(), key)
	}
	require.False(t, NewTestProvider(nil, []byte("k")).Live())
}
