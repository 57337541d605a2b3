package api

import (
	"errors"
	"fmt"
	"log/slog"
	"mime"
	"net/http"

	"connectrpc.com/connect"
	"github.com/atelier-commerce/atelier/backend/internal/account"
)

// AdminSessionCookie is the back office's session cookie: the same opaque session token the API
// accepts as a bearer token, HttpOnly and SameSite=Strict, scoped to the back office's paths
// (/admin/) so the JSON API under /api/ never reads it and stays free of cross-site requests.
const AdminSessionCookie = "atelier_admin_session"

// AdminOnly serves next (a plain HTTP handler outside the Connect services, such as River's UI)
// to signed-in admins only, deny by default. The caller proves who they are as on the API, with
// "Authorization: Bearer <session token>", or, from a browser, with the back office's session
// cookie (AdminSessionCookie). Anyone without a live session is answered 401, a signed-in
// account without the admin role 403, both in the API's error shape.
//
// A state-changing request (anything but GET, HEAD and OPTIONS) must also come from the API's own
// origin: publicOrigin (PUBLIC_URL) or the origin the request was addressed to, judged by
// Sec-Fetch-Site or Origin (net/http's CrossOriginProtection), and a body must be JSON, a type a
// cross-site form cannot send. A forged request from another site is refused with 403
// "cross_origin_request" before anyone is authenticated.
func AdminOnly(authn Authenticator, publicOrigin string, logger *slog.Logger, next http.Handler) (http.Handler, error) {
	csrf := http.NewCrossOriginProtection()
	if err := csrf.AddTrustedOrigin(publicOrigin); err != nil {
		return nil, fmt.Errorf("api.AdminOnly: %w", err)
	}
	csrf.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		WriteHTTPError(w, http.StatusForbidden, withReason(connect.NewError(connect.CodePermissionDenied,
			errors.New("a change must come from the shop's own back office")), "cross_origin_request", nil))
	}))
	serve := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if changes(r.Method) && r.ContentLength != 0 && !isJSON(r.Header.Get("Content-Type")) {
			WriteHTTPError(w, http.StatusUnsupportedMediaType, withReason(connect.NewError(connect.CodeInvalidArgument,
				errors.New("send the request body as application/json")), "unsupported_media_type", nil))
			return
		}
		p, err := callerOf(r, authn)
		if err != nil {
			LoggerFrom(r.Context(), logger).Error("admin page: authenticate", "error", err.Error())
			WriteHTTPError(w, http.StatusInternalServerError, connect.NewError(connect.CodeInternal, errors.New("internal error")))
			return
		}
		if info := RequestInfoFrom(r.Context()); info != nil && p.SignedIn() {
			info.AccountID = p.AccountID
			if info.Logger != nil {
				info.Logger = info.Logger.With("account_id", p.AccountID)
			}
		}
		switch {
		case !p.SignedIn():
			ce := connect.NewError(connect.CodeUnauthenticated, errors.New("sign in as an admin to continue"))
			ce.Meta().Set("WWW-Authenticate", "Bearer")
			WriteHTTPError(w, http.StatusUnauthorized, withReason(ce, "unauthenticated", nil))
		case p.Role != account.RoleAdmin:
			WriteHTTPError(w, http.StatusForbidden, withReason(connect.NewError(connect.CodePermissionDenied,
				errors.New("your account may not do this")), "permission_denied", nil))
		default:
			// What an admin sees here is theirs alone: no shared cache may keep it.
			w.Header().Set("Cache-Control", "no-store")
			next.ServeHTTP(w, r.WithContext(account.WithPrincipal(r.Context(), p)))
		}
	})
	return csrf.Handler(serve), nil
}

// callerOf authenticates the bearer token, or else the back office's session cookie. A malformed
// header or cookie is simply no session, as on the API.
func callerOf(r *http.Request, authn Authenticator) (account.Principal, error) {
	token, ok := bearerToken(r.Header.Get("Authorization"))
	if !ok {
		token = cookieToken(r)
	}
	if token == "" {
		return account.Anonymous, nil
	}
	return authn.Authenticate(r.Context(), token)
}

// cookieToken is the back office's session cookie's token, or "" without a well-formed one.
func cookieToken(r *http.Request) string {
	c, err := r.Cookie(AdminSessionCookie)
	if err != nil || len(c.Value) > maxTokenLength || !token68.MatchString(c.Value) {
		return ""
	}
	return c.Value
}

func changes(method string) bool {
	return method != http.MethodGet && method != http.MethodHead && method != http.MethodOptions
}

func isJSON(contentType string) bool {
	mt, _, err := mime.ParseMediaType(contentType)
	return err == nil && mt == "application/json"
}
