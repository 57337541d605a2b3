package app

import (
	"context"
	"encoding/json"
	"maps"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/atelier-commerce/atelier/backend/internal/api"
	"github.com/atelier-commerce/atelier/backend/internal/jobs"
	"github.com/stretchr/testify/require"
)

// River's UI at /admin/jobs/: signed-in admins only (a bearer token or the back office's session
// cookie), and changes from the shop's own origin only.
func TestJobsUIIsForAdminsOnly(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, admin := startAdminShop(t)
	_, customerToken := register(t, s, "Jane", "jane@example.com", "password1")
	adminToken := admin.token

	// A contact e-mail that failed for good.
	inserted, err := s.app.jobs.Client().Insert(ctx, jobs.ContactMessageEmail{Event: jobs.Event{OutboxID: "failed-1", Topic: "contact.received"}}, nil)
	require.NoError(t, err)
	jobID := strconv.FormatInt(inserted.Job.ID, 10)
	_, err = s.app.jobsPool.Exec(ctx, `UPDATE river_job SET state = 'discarded', finalized_at = now(), attempt = 25,
		errors = ARRAY['{"at": "2026-11-25T10:00:00Z", "attempt": 25, "error": "550 mailbox unavailable"}'::jsonb] WHERE id = $1`, inserted.Job.ID)
	require.NoError(t, err)

	type caller struct {
		name   string
		header http.Header
		status int
		reason string
	}
	callers := []caller{
		{"anonymous", nil, 401, "unauthenticated"},
		{"a stale cookie", http.Header{"Cookie": {api.AdminSessionCookie + "=" + strings.Repeat("x", 43)}}, 401, "unauthenticated"},
		{"a customer", http.Header{"Authorization": {"Bearer " + customerToken}}, 403, "permission_denied"},
		{"a customer's cookie", http.Header{"Cookie": {api.AdminSessionCookie + "=" + customerToken}}, 403, "permission_denied"},
		{"an admin", http.Header{"Authorization": {"Bearer " + adminToken}}, 200, ""},
		{"an admin's cookie", http.Header{"Cookie": {api.AdminSessionCookie + "=" + adminToken}}, 200, ""},
	}
	for _, c := range callers {
		for _, path := range []string{"/admin/jobs/", "/admin/jobs/api/jobs?state=discarded"} {
			req, err := http.NewRequest(http.MethodGet, s.base+path, nil)
			require.NoError(t, err)
			maps.Copy(req.Header, c.header)
			status, header, body := raw(t, req)
			require.Equal(t, c.status, status, "%s %s: %s", c.name, path, body)
			if c.reason != "" {
				require.Equal(t, c.reason, requireErrorBody(t, header, body, c.name+" "+path))
				continue
			}
			require.Equal(t, "no-store", header.Get("Cache-Control"))
			if path == "/admin/jobs/" {
				require.Contains(t, header.Get("Content-Type"), "text/html")
				require.Contains(t, string(body), "/admin/jobs", "the page knows where it is mounted")
				continue
			}
			var list struct {
				Data []struct {
					ID    json.Number `json:"id"`
					Kind  string      `json:"kind"`
					State string      `json:"state"`
				} `json:"data"`
			}
			require.NoError(t, json.Unmarshal(body, &list), "%s", body)
			require.Len(t, list.Data, 1, "%s", body)
			require.Equal(t, jobID, list.Data[0].ID.String())
			require.Equal(t, "email.contact_message", list.Data[0].Kind)
			require.Equal(t, "discarded", list.Data[0].State)
		}
	}

	// Retrying: a change, so it must come from the shop's own origin.
	retry := func(header http.Header, contentType string) (int, []byte, http.Header) {
		req, err := http.NewRequest(http.MethodPost, s.base+"/admin/jobs/api/jobs/retry", strings.NewReader(`{"ids": ["`+jobID+`"]}`))
		require.NoError(t, err)
		req.Header.Set("Content-Type", contentType)
		req.Header.Set("Cookie", api.AdminSessionCookie+"="+adminToken)
		maps.Copy(req.Header, header)
		status, h, body := raw(t, req)
		return status, body, h
	}
	state := func() string {
		var st string
		require.NoError(t, s.app.jobsPool.QueryRow(ctx, `SELECT state FROM river_job WHERE id = $1`, inserted.Job.ID).Scan(&st))
		return st
	}
	for _, forged := range []struct {
		name   string
		header http.Header
	}{
		{"another site's Origin", http.Header{"Origin": {"https://evil.example"}}},
		{"a cross-site fetch", http.Header{"Sec-Fetch-Site": {"cross-site"}, "Origin": {"https://evil.example"}}},
		{"a same-site subdomain", http.Header{"Sec-Fetch-Site": {"same-site"}}},
	} {
		status, body, h := retry(forged.header, "application/json")
		require.Equal(t, http.StatusForbidden, status, "%s: %s", forged.name, body)
		require.Equal(t, "cross_origin_request", requireErrorBody(t, h, body, forged.name))
		require.Equal(t, "discarded", state(), "%s: a refused retry changes nothing", forged.name)
	}
	status, body, h := retry(http.Header{"Origin": {s.base}}, "text/plain")
	require.Equal(t, http.StatusUnsupportedMediaType, status, "%s", body)
	require.Equal(t, "unsupported_media_type", requireErrorBody(t, h, body, "a form's content type"))
	require.Equal(t, "discarded", state())

	status, body, _ = retry(http.Header{"Origin": {s.base}, "Sec-Fetch-Site": {"same-origin"}}, "application/json")
	require.Equal(t, http.StatusOK, status, "%s", body)
	require.Equal(t, "available", state(), "the admin's retry puts the job back in the queue")
}
