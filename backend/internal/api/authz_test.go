package api

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"connectrpc.com/connect"
	"github.com/atelier-commerce/atelier/backend/internal/account"
	"github.com/atelier-commerce/atelier/backend/internal/authz"
	adminv1 "github.com/atelier-commerce/atelier/backend/internal/gen/atelier/admin/v1"
	"github.com/atelier-commerce/atelier/backend/internal/gen/atelier/admin/v1/adminv1connect"
	storev1 "github.com/atelier-commerce/atelier/backend/internal/gen/atelier/store/v1"
	"github.com/atelier-commerce/atelier/backend/internal/gen/atelier/store/v1/storev1connect"
	"github.com/stretchr/testify/require"
)

func TestBearerToken(t *testing.T) {
	t.Parallel()
	for header, want := range map[string]string{
		"Bearer abc.DEF-123_~+/==": "abc.DEF-123_~+/==",
		"bearer abc":               "abc",
		"BEARER  abc":              "abc",
		"":                         "",
		"Bearer":                   "",
		"Bearer ":                  "",
		"Basic dXNlcjpwYXNz":       "",
		"Bearer a b":               "",
		"Bearer a\tb":              "",
		"Bearer ==abc":             "",
		"Token abc":                "",
		"Bearer " + strings.Repeat("a", maxTokenLength+1): "",
	} {
		got, ok := bearerToken(header)
		require.Equal(t, want, got, "%q", header)
		require.Equal(t, want != "", ok, "%q", header)
	}
}

// tokens is an Authenticator over fixed tokens that records what it was asked.
type tokens struct {
	mu    sync.Mutex
	asked []string
}

var (
	customer = account.Principal{AccountID: "6f1c3c1e-0000-4000-8000-000000000001", SessionID: "s1", Role: account.RoleCustomer}
	admin    = account.Principal{AccountID: "6f1c3c1e-0000-4000-8000-000000000002", SessionID: "s2", Role: account.RoleAdmin}
)

func (a *tokens) Authenticate(_ context.Context, token string) (account.Principal, error) {
	a.mu.Lock()
	a.asked = append(a.asked, token)
	a.mu.Unlock()
	switch token {
	case "customer-token":
		return customer, nil
	case "admin-token":
		return admin, nil
	case "db-down":
		return account.Principal{}, errors.New("dial tcp: connection refused")
	}
	return account.Anonymous, nil
}

// whoami answers GetCart and MergeCart with the caller it saw, and logs a line with the request's
// logger.
type whoami struct {
	storev1connect.UnimplementedCartServiceHandler
	logger *slog.Logger
}

func (w whoami) GetCart(ctx context.Context, _ *connect.Request[storev1.GetCartRequest]) (*connect.Response[storev1.GetCartResponse], error) {
	p := account.PrincipalFrom(ctx)
	LoggerFrom(ctx, w.logger).InfoContext(ctx, "handler ran")
	return connect.NewResponse(&storev1.GetCartResponse{Cart: &storev1.Cart{Id: string(p.Role) + ":" + p.AccountID}}), nil
}

func (w whoami) MergeCart(ctx context.Context, _ *connect.Request[storev1.MergeCartRequest]) (*connect.Response[storev1.MergeCartResponse], error) {
	p := account.PrincipalFrom(ctx)
	return connect.NewResponse(&storev1.MergeCartResponse{Cart: &storev1.Cart{Id: string(p.Role) + ":" + p.AccountID}}), nil
}

type authServer struct {
	url   string
	authn *tokens
	logs  *bytes.Buffer
	mu    *sync.Mutex
}

func startAuthServer(t *testing.T) authServer {
	t.Helper()
	s := authServer{authn: &tokens{}, logs: &bytes.Buffer{}, mu: &sync.Mutex{}}
	logger := slog.New(slog.NewTextHandler(lockedWriter{s.logs, s.mu}, nil))
	authorizer, err := authz.New()
	require.NoError(t, err)
	opts, err := HandlerOptions(logger, 1<<20, Auth{Sessions: s.authn, Policy: authorizer})
	require.NoError(t, err)
	mux := http.NewServeMux()
	mux.Handle(storev1connect.NewCartServiceHandler(whoami{logger: logger}, opts...))
	mux.Handle(adminv1connect.NewAccountServiceHandler(adminv1connect.UnimplementedAccountServiceHandler{}, opts...))
	// As the app's middleware does: every request carries its info and logger.
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		info := &RequestInfo{ID: "req-1", Logger: logger.With("request_id", "req-1")}
		mux.ServeHTTP(w, r.WithContext(WithRequestInfo(r.Context(), info)))
		info.Logger.Info("request", "procedure", info.Procedure, "info_account_id", info.AccountID)
	})
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	s.url = srv.URL
	return s
}

type lockedWriter struct {
	buf *bytes.Buffer
	mu  *sync.Mutex
}

func (w lockedWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.buf.Write(p)
}

func withToken[T any](msg *T, token string) *connect.Request[T] {
	req := connect.NewRequest(msg)
	if token != "" {
		req.Header().Set("Authorization", "Bearer "+token)
	}
	return req
}

func TestAuthInterceptor(t *testing.T) {
	t.Parallel()
	s := startAuthServer(t)
	ctx := context.Background()
	carts := storev1connect.NewCartServiceClient(http.DefaultClient, s.url)
	accounts := adminv1connect.NewAccountServiceClient(http.DefaultClient, s.url)
	cartID := "6f1c3c1e-0000-4000-8000-0000000000aa"

	// The caller the handler sees.
	for token, want := range map[string]string{
		"":               "anonymous:",
		"unknown-token":  "anonymous:",
		"customer-token": "customer:" + customer.AccountID,
		"admin-token":    "admin:" + admin.AccountID,
	} {
		res, err := carts.GetCart(ctx, withToken(&storev1.GetCartRequest{CartId: cartID}, token))
		require.NoError(t, err, token)
		require.Equal(t, want, res.Msg.GetCart().GetId(), token)
	}

	// Refused before validation: an anonymous caller learns nothing about the request shape.
	for _, msg := range []*storev1.MergeCartRequest{{}, {GuestCartId: "not-a-uuid"}} {
		_, err := carts.MergeCart(ctx, withToken(msg, ""))
		require.Equal(t, connect.CodeUnauthenticated, connect.CodeOf(err))
		var ce *connect.Error
		require.ErrorAs(t, err, &ce)
		require.Equal(t, "sign in to continue", ce.Message())
		require.Equal(t, "Bearer", ce.Meta().Get("WWW-Authenticate"))
		require.Equal(t, "unauthenticated", errorInfoOf(t, err).GetReason())
	}
	res, err := carts.MergeCart(ctx, withToken(&storev1.MergeCartRequest{}, "customer-token"))
	require.NoError(t, err)
	require.Equal(t, "customer:"+customer.AccountID, res.Msg.GetCart().GetId())
	_, err = carts.MergeCart(ctx, withToken(&storev1.MergeCartRequest{GuestCartId: "not-a-uuid"}, "customer-token"))
	require.Equal(t, connect.CodeInvalidArgument, connect.CodeOf(err), "validated once allowed")

	// The back office: anonymous 401, customer 403, admin through to the handler.
	_, err = accounts.ListAccounts(ctx, withToken(&adminv1.ListAccountsRequest{}, ""))
	require.Equal(t, connect.CodeUnauthenticated, connect.CodeOf(err))
	_, err = accounts.ListAccounts(ctx, withToken(&adminv1.ListAccountsRequest{}, "customer-token"))
	require.Equal(t, connect.CodePermissionDenied, connect.CodeOf(err))
	require.Equal(t, "permission_denied", errorInfoOf(t, err).GetReason())
	_, err = accounts.ListAccounts(ctx, withToken(&adminv1.ListAccountsRequest{}, "admin-token"))
	require.Equal(t, connect.CodeUnimplemented, connect.CodeOf(err))

	// The authenticator's failure fails the request: the caller is not quietly made a guest.
	_, err = carts.GetCart(ctx, withToken(&storev1.GetCartRequest{CartId: cartID}, "db-down"))
	require.Equal(t, connect.CodeInternal, connect.CodeOf(err))
	require.Equal(t, "internal error", connectErrorOf(t, err).Message())
}

// A malformed Authorization header counts as no session (see authorize), and the
// authenticator is not even asked.
func TestMalformedAuthorizationIsAnonymous(t *testing.T) {
	t.Parallel()
	s := startAuthServer(t)
	carts := storev1connect.NewCartServiceClient(http.DefaultClient, s.url)
	for _, header := range []string{"Basic dXNlcjpwYXNz", "Bearer", "Bearer a b", "customer-token"} {
		req := connect.NewRequest(&storev1.GetCartRequest{CartId: "6f1c3c1e-0000-4000-8000-0000000000aa"})
		req.Header().Set("Authorization", header)
		res, err := carts.GetCart(context.Background(), req)
		require.NoError(t, err, header)
		require.Equal(t, "anonymous:", res.Msg.GetCart().GetId(), header)

		mreq := connect.NewRequest(&storev1.MergeCartRequest{})
		mreq.Header().Set("Authorization", header)
		_, err = carts.MergeCart(context.Background(), mreq)
		require.Equal(t, connect.CodeUnauthenticated, connect.CodeOf(err), header)
	}
	require.Empty(t, s.authn.asked)
}

// The caller's account joins the request's log lines; the token never appears.
func TestAuthLogsAccountNotToken(t *testing.T) {
	t.Parallel()
	s := startAuthServer(t)
	carts := storev1connect.NewCartServiceClient(http.DefaultClient, s.url)
	_, err := carts.GetCart(context.Background(), withToken(&storev1.GetCartRequest{CartId: "6f1c3c1e-0000-4000-8000-0000000000aa"}, "customer-token"))
	require.NoError(t, err)
	s.mu.Lock()
	logs := s.logs.String()
	s.mu.Unlock()
	require.Contains(t, logs, `msg="handler ran" request_id=req-1 account_id=`+customer.AccountID)
	require.Contains(t, logs, "info_account_id="+customer.AccountID)
	require.NotContains(t, logs, "customer-token")
}

func TestHandlerOptionsNeedsAuth(t *testing.T) {
	t.Parallel()
	authorizer, err := authz.New()
	require.NoError(t, err)
	_, err = HandlerOptions(slog.New(slog.DiscardHandler), 1, Auth{Policy: authorizer})
	require.Error(t, err)
	_, err = HandlerOptions(slog.New(slog.DiscardHandler), 1, Auth{Sessions: &tokens{}})
	require.Error(t, err)
}
