package app

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"connectrpc.com/connect"
	storev1 "github.com/atelier-commerce/atelier/backend/internal/gen/atelier/store/v1"
	"github.com/atelier-commerce/atelier/backend/internal/gen/atelier/store/v1/storev1connect"
	"github.com/google/uuid"
	"github.com/stretchr/testify/require"
)

func TestRESTNewsletter(t *testing.T) {
	t.Parallel()
	base := demoShop(t)
	url := base + "/api/v1/newsletter/subscriptions"
	for range 2 {
		got := sendJSON(t, http.MethodPost, url, `{"email": "Subscriber.One@Example.COM"}`, 200)
		require.Equal(t, "subscriber.one@example.com", got["email"], "the same answer every time")
	}
	for body, reason := range map[string]string{
		`{"email": "not-an-address"}`: "invalid_argument", // refused by the contract's rule
		`{"email": "jane@gmail"}`:     "invalid_email",    // refused by the service's stricter rule
		`{"email": ""}`:               "invalid_argument",
		`{}`:                          "invalid_argument",
	} {
		res := sendJSON(t, http.MethodPost, url, body, http.StatusBadRequest)
		require.Equal(t, float64(connect.CodeInvalidArgument), res["code"], body)
		require.Contains(t, res["message"], "email", body)
		got, meta := errorInfo(t, res)
		require.Equal(t, reason, got, body)
		require.Equal(t, "email", meta["field"], body)
	}
	_, err := storev1connect.NewNewsletterServiceClient(http.DefaultClient, base).Subscribe(context.Background(),
		connect.NewRequest(&storev1.SubscribeRequest{Email: "subscriber.one@example.com"}))
	require.NoError(t, err, "and over Connect")
}

func TestRESTContactMessage(t *testing.T) {
	t.Parallel()
	base := demoShop(t)
	url := base + "/api/v1/contact-messages"
	got := sendJSON(t, http.MethodPost, url,
		`{"name": "Jane Doe", "email": "jane@example.com", "subject": "Order", "message": "Where is my parcel?"}`, 200)
	_, err := uuid.Parse(got["id"].(string))
	require.NoError(t, err)

	for body, field := range map[string]string{
		`{"name": "   ", "email": "jane@example.com", "subject": "Order", "message": "Hi"}`:  "name", // blank after trimming
		`{"name": "Jane", "email": "jane@example.com", "subject": "", "message": "Hi"}`:      "subject",
		`{"name": "Jane", "email": "jane", "subject": "Order", "message": "Hi"}`:             "email",
		`{"name": "Jane", "email": "jane@example.com", "subject": "Order", "message": "\n"}`: "message",
		`{"name": "Jane", "email": "jane@example.com", "subject": "Order"}`:                  "message",
	} {
		res := sendJSON(t, http.MethodPost, url, body, http.StatusBadRequest)
		require.Contains(t, res["message"], field, body)
		_, meta := errorInfo(t, res)
		require.Equal(t, field, meta["field"], body)
	}
	sent, err := storev1connect.NewContactServiceClient(http.DefaultClient, base).SendContactMessage(context.Background(),
		connect.NewRequest(&storev1.SendContactMessageRequest{Name: "Sam", Email: "sam@example.org", Subject: "Hi", Message: "Hello"}))
	require.NoError(t, err, "and over Connect")
	require.NotEqual(t, got["id"], sent.Msg.GetId())
}

func TestRESTStatus(t *testing.T) {
	t.Parallel()
	base := demoShop(t)
	checks := items(getJSON(t, base+"/api/v1/status", 200), "checks")
	want := []struct{ code, state, message string }{
		{"database", "STATUS_CHECK_STATE_OK", "Connected"},
		{"jobs", "STATUS_CHECK_STATE_OK", "Running: "}, // the counts depend on what other tests queued
		{"payments", "STATUS_CHECK_STATE_OK", "Test mode (no Stripe keys configured)"},
		{"mail", "STATUS_CHECK_STATE_NOT_CONFIGURED", "Outgoing mail is not configured."},
	}
	require.Len(t, checks, len(want))
	for i, w := range want {
		require.Equal(t, w.code, checks[i]["code"], "fixed order")
		require.Equal(t, w.state, checks[i]["state"])
		require.True(t, strings.HasPrefix(checks[i]["message"].(string), w.message), "%s: %v", w.code, checks[i]["message"])
		require.NotEmpty(t, checks[i]["name"])
	}
	res, err := storev1connect.NewStatusServiceClient(http.DefaultClient, base).GetStatus(context.Background(),
		connect.NewRequest(&storev1.GetStatusRequest{}))
	require.NoError(t, err)
	require.Equal(t, storev1.StatusCheckState_STATUS_CHECK_STATE_OK, res.Msg.GetChecks()[0].GetState())
}
