package app

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"testing"

	"github.com/atelier-commerce/atelier/backend/internal/account"
	"github.com/atelier-commerce/atelier/backend/internal/api"
	"github.com/atelier-commerce/atelier/backend/internal/apikey"
	"github.com/atelier-commerce/atelier/backend/internal/authz"
	"github.com/atelier-commerce/atelier/backend/internal/gen/atelier/store/v1/storev1connect"
	"github.com/google/uuid"
	"github.com/stretchr/testify/require"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"
)

// Fixed accounts behind the test tokens.
const (
	testCustomerID = "0c0ffee0-0000-4000-8000-00000000c001"
	testAdminID    = "0c0ffee0-0000-4000-8000-00000000ad01"
)

// testTokens adds fixed sessions to an authenticator: "customer-token" and "admin-token", and
// "customer-<uuid>" for a customer of the test's own (so each test can have customers of its own).
// Any other token goes to next (the real account service), or is no session at all without one.
type testTokens struct{ next api.Authenticator }

func (tt testTokens) Authenticate(ctx context.Context, token string) (account.Principal, error) {
	switch {
	case token == "customer-token":
		return account.Principal{AccountID: testCustomerID, SessionID: "s-customer", Role: account.RoleCustomer}, nil
	case token == "admin-token":
		return account.Principal{AccountID: testAdminID, SessionID: "s-admin", Role: account.RoleAdmin}, nil
	case strings.HasPrefix(token, "customer-"):
		if id, err := uuid.Parse(strings.TrimPrefix(token, "customer-")); err == nil {
			return account.Principal{AccountID: id.String(), SessionID: "s-" + id.String(), Role: account.RoleCustomer}, nil
		}
	case strings.HasPrefix(token, "admin-"):
		// An admin account that exists (the demo admin), signed in without its second factor.
		if id, err := uuid.Parse(strings.TrimPrefix(token, "admin-")); err == nil {
			return account.Principal{AccountID: id.String(), SessionID: "s-" + id.String(), Role: account.RoleAdmin}, nil
		}
	}
	if tt.next != nil {
		return tt.next.Authenticate(ctx, token)
	}
	return account.Anonymous, nil
}

// testKeys adds fixed API keys to a key authenticator: "atl_sk_test_<n>" holds the n-th scope of
// authz.Scopes alone.
type testKeys struct{ next api.KeyAuthenticator }

func testKey(n int) string { return fmt.Sprintf("atl_sk_test_%d", n) }

func (tk testKeys) Authenticate(ctx context.Context, secret string) (apikey.Caller, bool, error) {
	for n, s := range authz.Scopes {
		if secret == testKey(n) {
			return apikey.Caller{KeyID: fmt.Sprint("key-", n), Name: "Test " + string(s.Scope), Kind: apikey.Secret,
				Scopes: []string{string(s.Scope)}, CreatedBy: testAdminID}, true, nil
		}
	}
	if tk.next != nil {
		return tk.next.Authenticate(ctx, secret)
	}
	return apikey.Caller{}, false, nil
}

// newCustomerToken is a session of a customer no other test uses.
func newCustomerToken() string { return "customer-" + uuid.NewString() }

// sendAs makes a REST or Connect request with an optional bearer token and returns the status and
// the decoded JSON answer.
func sendAs(t *testing.T, method, rawURL, token, body string, connectProtocol bool) (int, jsonMap) {
	t.Helper()
	status, _, out := sendAsWithHeader(t, method, rawURL, token, body, connectProtocol)
	return status, out
}

func sendAsWithHeader(t *testing.T, method, rawURL, token, body string, connectProtocol bool) (int, http.Header, jsonMap) {
	t.Helper()
	return doRequest(t, apiRequest(t, method, rawURL, token, body, connectProtocol))
}

// apiRequest builds a REST or Connect request: a JSON body if body is not empty, a bearer token
// if token is not.
func apiRequest(t *testing.T, method, rawURL, token, body string, connectProtocol bool) *http.Request {
	t.Helper()
	var in io.Reader
	if body != "" {
		in = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, rawURL, in)
	require.NoError(t, err)
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	if connectProtocol {
		req.Header.Set("Connect-Protocol-Version", "1")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	return req
}

// doJSON sends a prepared request and returns the status and decoded JSON answer.
func doJSON(t *testing.T, req *http.Request) (int, jsonMap) {
	t.Helper()
	status, _, out := doRequest(t, req)
	return status, out
}

func doRequest(t *testing.T, req *http.Request) (int, http.Header, jsonMap) {
	t.Helper()
	method, rawURL := req.Method, req.URL.String()
	res, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer res.Body.Close()
	raw, err := io.ReadAll(res.Body)
	require.NoError(t, err)
	var out jsonMap
	if len(raw) > 0 {
		require.NoError(t, json.Unmarshal(raw, &out), "%s %s: %s", method, rawURL, raw)
	}
	return res.StatusCode, res.Header, out
}

// sendJSONAs is sendJSON with a bearer token.
func sendJSONAs(t *testing.T, method, rawURL, token, body string, wantStatus int) jsonMap {
	t.Helper()
	status, out := sendAs(t, method, rawURL, token, body, false)
	require.Equal(t, wantStatus, status, "%s %s: %v", method, rawURL, out)
	return out
}

// restRoute is a procedure's REST method and path, path parameters filled with a UUID (every
// path parameter of the contract is a string id or slug).
func restRoute(t *testing.T, procedure string) (method, path string, hasBody bool) {
	t.Helper()
	service, name, _ := strings.Cut(strings.TrimPrefix(procedure, "/"), "/")
	d, err := protoregistry.GlobalFiles.FindDescriptorByName(protoreflect.FullName(service))
	require.NoError(t, err)
	m := d.(protoreflect.ServiceDescriptor).Methods().ByName(protoreflect.Name(name))
	bindings, err := api.RESTBindings(m)
	require.NoError(t, err)
	require.NotEmpty(t, bindings, "%s has no google.api.http route", procedure)
	method, path = bindings[0].Method, fillPath(m, bindings[0].Path)
	return method, path, bindings[0].Body != ""
}

// fillPath fills a REST path template's variables with values of their fields' kinds: a UUID
// for the string ids, 1 for the numbers (a revision).
func fillPath(m protoreflect.MethodDescriptor, template string) string {
	return pathVariable.ReplaceAllStringFunc(template, func(v string) string {
		name, _, _ := strings.Cut(strings.Trim(v, "{}"), "=")
		if f := m.Input().Fields().ByName(protoreflect.Name(name)); f != nil && f.Kind() != protoreflect.StringKind {
			return "1"
		}
		return "00000000-0000-4000-8000-000000000000"
	})
}

// Every procedure of the contract, for every role, over both protocols and through the real
// handler stack: what the policy denies answers 401 to a guest and 403 to a signed-in caller,
// with the stable reason; what it allows gets past the check (whatever the handler then says).
func TestEveryProcedureIsGuarded(t *testing.T) {
	t.Parallel()
	base := demoShop(t)
	authorizer, err := authz.New()
	require.NoError(t, err)
	tokens := map[account.Role]string{account.RoleAnonymous: "", account.RoleCustomer: "customer-token", account.RoleAdmin: "admin-token"}
	procs := authz.Procedures(protoregistry.GlobalFiles)
	require.NotEmpty(t, procs)
	served := map[string]bool{}
	for _, procedure := range procs {
		method, path, hasBody := restRoute(t, procedure)
		body := ""
		if hasBody {
			body = "{}"
		}
		for _, role := range authz.Roles {
			for _, call := range []struct {
				protocol, method, url, body string
				connect                     bool
			}{
				{"connect", http.MethodPost, base + procedure, "{}", true},
				{"rest", method, base + path, body, false},
			} {
				status, header, answer := sendAsWithHeader(t, call.method, call.url, tokens[role], call.body, call.connect)
				what := fmt.Sprintf("%s %s as %s (%s %s): %d %v", call.protocol, procedure, role, call.method, call.url, status, answer)
				served[procedure] = true
				switch {
				case authorizer.Allow(role, procedure):
					require.NotContains(t, []int{http.StatusUnauthorized, http.StatusForbidden}, status, what)
				case role == account.RoleAnonymous:
					require.Equal(t, http.StatusUnauthorized, status, what)
					require.Equal(t, "sign in to continue", answer["message"], what)
					require.Equal(t, "unauthenticated", anyErrorReason(t, answer), what)
					// Only the interceptor names the scheme: the refusal is its, not a service's
					// own check further in (MergeCart's, for one, would also answer 401).
					require.Equal(t, "Bearer", header.Get("WWW-Authenticate"), what)
				default:
					require.Equal(t, http.StatusForbidden, status, what)
					require.Equal(t, "permission_denied", anyErrorReason(t, answer), what)
				}
			}
		}
	}
	require.Contains(t, served, "/atelier.store.v1.CartService/MergeCart", "a procedure only customers may call is among those checked")
}

// Every procedure of the contract, called over Connect and REST with a key of each scope alone,
// answers as the policy's scope lines say: a procedure the scope is not granted is refused 403
// scope_missing before anything runs; one it is granted gets past authorization.
func TestEveryProcedureIsGuardedForKeys(t *testing.T) {
	t.Parallel()
	base := demoShop(t)
	authorizer, err := authz.New()
	require.NoError(t, err)
	granted := 0
	for _, procedure := range authz.Procedures(protoregistry.GlobalFiles) {
		method, path, hasBody := restRoute(t, procedure)
		body := ""
		if hasBody {
			body = "{}"
		}
		for n, s := range authz.Scopes {
			allowed := authorizer.AllowScopes([]string{string(s.Scope)}, procedure)
			if allowed {
				granted++
			}
			for _, call := range []struct {
				protocol, method, url, body string
				connect                     bool
			}{
				{"connect", http.MethodPost, base + procedure, "{}", true},
				{"rest", method, base + path, body, false},
			} {
				status, _, answer := sendAsWithHeader(t, call.method, call.url, testKey(n), call.body, call.connect)
				what := fmt.Sprintf("%s %s with %s: %d %v", call.protocol, procedure, s.Scope, status, answer)
				if allowed {
					require.NotContains(t, []int{http.StatusUnauthorized, http.StatusForbidden}, status, what)
					continue
				}
				require.Equal(t, http.StatusForbidden, status, what)
				require.Equal(t, "scope_missing", anyErrorReason(t, answer), what)
			}
		}
	}
	require.Greater(t, granted, 20, "the scopes grant something to check")
}

// The response cache answers hits before authorization runs, so what it caches must be public.
func TestCachedRoutesArePublic(t *testing.T) {
	t.Parallel()
	authorizer, err := authz.New()
	require.NoError(t, err)
	cached := 0
	for _, procedure := range authz.Procedures(protoregistry.GlobalFiles) {
		method, path, _ := restRoute(t, procedure)
		req, err := http.NewRequest(method, path, nil)
		require.NoError(t, err)
		if cacheable(req) {
			cached++
			require.True(t, authorizer.Allow(account.RoleAnonymous, procedure), "%s is cached but not public", procedure)
		}
	}
	require.NotZero(t, cached)
}

// anyErrorReason is the ErrorInfo reason of an error body in either protocol: REST carries the
// detail as JSON with an "@type", Connect as a base64 protobuf "value" with a "type".
func anyErrorReason(t *testing.T, body jsonMap) string {
	t.Helper()
	details, _ := body["details"].([]any)
	for _, d := range details {
		m := d.(jsonMap)
		if typ, _ := m["type"].(string); typ == "google.rpc.ErrorInfo" {
			raw, err := base64.RawStdEncoding.DecodeString(strings.TrimRight(m["value"].(string), "="))
			require.NoError(t, err)
			var info errdetails.ErrorInfo
			require.NoError(t, proto.Unmarshal(raw, &info))
			return info.GetReason()
		}
	}
	reason, _ := errorInfo(t, body)
	return reason
}

// Signing in folds the guest cart into the customer's, over REST as the storefront does it; the
// customer's cart then answers to nobody else.
func TestRESTMergeCart(t *testing.T) {
	t.Parallel()
	base := demoShop(t)
	plenty, scarce, _ := demoProducts(t, base)
	alice, bob := newCustomerToken(), newCustomerToken()
	addURL := func(cartID string) string { return base + "/api/v1/carts/" + cartID + "/items" }
	addBody := func(p jsonMap, q int) string {
		return fmt.Sprintf(`{"product_id": %q, "quantity": %d}`, p["id"], q)
	}

	// Alice's own cart, from another device, already holds some of the scarce product.
	mine := sendJSONAs(t, http.MethodPost, base+"/api/v1/carts", alice, "{}", 200)["cart"].(jsonMap)["id"].(string)
	again := sendJSONAs(t, http.MethodPost, base+"/api/v1/carts", alice, "{}", 200)["cart"].(jsonMap)["id"].(string)
	require.Equal(t, mine, again, "one cart per customer")
	stock := int(scarce["stock_quantity"].(float64))
	sendJSONAs(t, http.MethodPost, addURL(mine), alice, addBody(scarce, stock-1), 200)

	guest := sendJSON(t, http.MethodPost, base+"/api/v1/carts", "{}", 200)["cart"].(jsonMap)["id"].(string)
	sendJSON(t, http.MethodPost, addURL(guest), addBody(plenty, 2), 200)
	sendJSON(t, http.MethodPost, addURL(guest), addBody(scarce, 2), 200)

	mergeURL := base + "/api/v1/account/cart/merge"
	body := sendJSONAs(t, http.MethodPost, mergeURL, "", fmt.Sprintf(`{"guest_cart_id": %q}`, guest), http.StatusUnauthorized)
	reason, _ := errorInfo(t, body)
	require.Equal(t, "unauthenticated", reason)

	merged := sendJSONAs(t, http.MethodPost, mergeURL, alice, fmt.Sprintf(`{"guest_cart_id": %q}`, guest), 200)["cart"].(jsonMap)
	require.Equal(t, mine, merged["id"])
	got := map[string]float64{}
	for _, l := range items(merged, "lines") {
		got[l["product"].(jsonMap)["id"].(string)] = l["quantity"].(float64)
	}
	require.Equal(t, map[string]float64{plenty["id"].(string): 2, scarce["id"].(string): float64(stock)}, got,
		"quantities add up, capped at the stock")

	body = getJSON(t, base+"/api/v1/carts/"+guest, http.StatusNotFound)
	reason, _ = errorInfo(t, body)
	require.Equal(t, "cart_not_found", reason, "the guest cart is gone")

	// Nobody but Alice sees her cart; to them it does not exist.
	require.Equal(t, merged, sendJSONAs(t, http.MethodGet, base+"/api/v1/carts/"+mine, alice, "", 200)["cart"])
	for _, token := range []string{"", bob, "admin-token"} {
		body = sendJSONAs(t, http.MethodGet, base+"/api/v1/carts/"+mine, token, "", http.StatusNotFound)
		reason, _ = errorInfo(t, body)
		require.Equal(t, "cart_not_found", reason)
		sendJSONAs(t, http.MethodDelete, addURL(mine), token, "", http.StatusNotFound)
	}
	// Bob cannot take Alice's cart by naming it as his guest cart; he gets his own, empty one.
	bobs := sendJSONAs(t, http.MethodPost, mergeURL, bob, fmt.Sprintf(`{"guest_cart_id": %q}`, mine), 200)["cart"].(jsonMap)
	require.NotEqual(t, mine, bobs["id"])
	require.Empty(t, items(bobs, "lines"))
	require.Len(t, items(sendJSONAs(t, http.MethodGet, base+"/api/v1/carts/"+mine, alice, "", 200)["cart"].(jsonMap), "lines"), 2)
}

// The access log line names the caller's account, never the token.
func TestAccessLogNamesTheAccount(t *testing.T) {
	t.Parallel()
	var logs bytes.Buffer
	a := &App{logger: slog.New(slog.NewTextHandler(&logs, nil))}
	authorizer, err := authz.New()
	require.NoError(t, err)
	opts, err := api.HandlerOptions(a.logger, maxRequestBytes, api.Auth{Sessions: testTokens{}, Policy: authorizer})
	require.NoError(t, err)
	mux := http.NewServeMux()
	mux.Handle(storev1connect.NewCartServiceHandler(storev1connect.UnimplementedCartServiceHandler{}, opts...))
	h := a.middleware(mux)

	for _, token := range []string{"customer-token", ""} {
		req, err := http.NewRequest(http.MethodPost, "/atelier.store.v1.CartService/CreateCart", strings.NewReader("{}"))
		require.NoError(t, err)
		req.Header.Set("Content-Type", "application/json")
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		h.ServeHTTP(discardResponse{header: http.Header{}}, req)
	}
	lines := strings.Split(strings.TrimSpace(logs.String()), "\n")
	require.Len(t, lines, 2)
	require.Contains(t, lines[0], "msg=request")
	require.Contains(t, lines[0], "account_id="+testCustomerID)
	require.Contains(t, lines[0], "procedure=/atelier.store.v1.CartService/CreateCart")
	require.NotContains(t, lines[1], "account_id", "an anonymous request names no account")
	require.NotContains(t, logs.String(), "customer-token")
}

type discardResponse struct{ header http.Header }

func (d discardResponse) Header() http.Header         { return d.header }
func (d discardResponse) Write(p []byte) (int, error) { return len(p), nil }
func (d discardResponse) WriteHeader(int)             {}
