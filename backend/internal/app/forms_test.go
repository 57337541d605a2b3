package app

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

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

// Double opt-in over REST: the confirmation link's token confirms once; the unsubscribe link's
// one-click endpoint takes a mail client's RFC 8058 POST (a form body, no session, no JSON).
func TestRESTNewsletterDoubleOptIn(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	base := demoShop(t)
	sendJSON(t, http.MethodPost, base+"/api/v1/newsletter/subscriptions", `{"email": "opt.in@example.com"}`, 200)
	links, err := shop.app.newsletter.IssueConfirmation(ctx, "opt.in@example.com", time.Now())
	require.NoError(t, err)
	confirm := base + "/api/v1/newsletter/confirmations"
	token := links.Confirm[strings.Index(links.Confirm, "token=")+len("token="):]
	got := sendJSON(t, http.MethodPost, confirm, `{"token": "`+token+`"}`, 200)
	require.Equal(t, "opt.in@example.com", got["email"])
	res := sendJSON(t, http.MethodPost, confirm, `{"token": "`+token+`"}`, http.StatusBadRequest)
	reason, _ := errorInfo(t, res)
	require.Equal(t, "invalid_confirmation_token", reason, "a link works once")

	subscribed := func() bool {
		subs, err := shop.app.newsletter.Subscribers(ctx)
		require.NoError(t, err)
		for _, s := range subs {
			if s.Email == "opt.in@example.com" {
				return true
			}
		}
		return false
	}
	require.True(t, subscribed())
	require.True(t, strings.HasPrefix(links.OneClick, base+"/api/v1/newsletter/unsubscribe?token="), links.OneClick)
	oneClick := func(link string, multipart ...bool) *http.Response {
		body, contentType := "List-Unsubscribe=One-Click", "application/x-www-form-urlencoded"
		if len(multipart) > 0 {
			body = "--b\r\nContent-Disposition: form-data; name=\"List-Unsubscribe\"\r\n\r\nOne-Click\r\n--b--\r\n"
			contentType = "multipart/form-data; boundary=b"
		}
		req, err := http.NewRequest(http.MethodPost, link, strings.NewReader(body))
		require.NoError(t, err)
		req.Header.Set("Content-Type", contentType)
		resp, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		require.NoError(t, resp.Body.Close())
		return resp
	}
	forged := links.OneClick[:len(links.OneClick)-2] + "AA"
	require.Equal(t, http.StatusBadRequest, oneClick(forged).StatusCode, "a token the shop did not sign")
	require.True(t, subscribed())
	require.Equal(t, http.StatusOK, oneClick(links.OneClick).StatusCode)
	require.False(t, subscribed(), "unsubscribed at once")
	require.Equal(t, http.StatusOK, oneClick(links.OneClick, true).StatusCode, "a second click (multipart this time) answers the same")
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
	// Everyone else learns up or down, and nothing of how the shop is set up.
	for _, token := range []string{"", "customer-token"} {
		status, header, body := sendAsWithHeader(t, http.MethodGet, base+"/api/v1/status", token, "", false)
		require.Equal(t, http.StatusOK, status)
		require.Equal(t, jsonMap{"state": "STATUS_CHECK_STATE_OK", "checks": []any{}}, body, "token %q", token)
		require.Empty(t, header.Get("Cache-Control"))
	}
	// An admin gets every check.
	status, header, report := sendAsWithHeader(t, http.MethodGet, base+"/api/v1/status", "admin-token", "", false)
	require.Equal(t, http.StatusOK, status)
	require.Equal(t, "STATUS_CHECK_STATE_OK", report["state"])
	require.Equal(t, "no-store", header.Get("Cache-Control"), "an admin's answer is kept out of shared caches")
	checks := items(report, "checks")
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
	req := connect.NewRequest(&storev1.GetStatusRequest{})
	req.Header().Set("Authorization", "Bearer admin-token")
	res, err := storev1connect.NewStatusServiceClient(http.DefaultClient, base).GetStatus(context.Background(), req)
	require.NoError(t, err)
	require.Equal(t, storev1.StatusCheckState_STATUS_CHECK_STATE_OK, res.Msg.GetChecks()[0].GetState())
	res, err = storev1connect.NewStatusServiceClient(http.DefaultClient, base).GetStatus(context.Background(),
		connect.NewRequest(&storev1.GetStatusRequest{}))
	require.NoError(t, err)
	require.Equal(t, storev1.StatusCheckState_STATUS_CHECK_STATE_OK, res.Msg.GetState())
	require.Empty(t, res.Msg.GetChecks(), "and over Connect")
}
