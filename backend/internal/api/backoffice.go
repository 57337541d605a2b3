package api

import (
	"context"
	"errors"
	"fmt"
	"mime"
	"net/http"
	"strings"
	"time"

	"connectrpc.com/connect"
	"github.com/atelier-commerce/atelier/backend/internal/gen/atelier/store/v1/storev1connect"
)

// BackOfficeAPIPrefix is the back office's door to the API: a request to BackOfficeAPIPrefix +
// "/api/v1/…" or + "/atelier.…/Procedure" is served as the API serves the path after the prefix,
// authenticated by the back office's session cookie (AdminSessionCookie). The door sits under
// /admin/ because that is where the cookie is sent, and nowhere else: the public API under /api/
// never reads a cookie.
const BackOfficeAPIPrefix = "/admin/api"

// backOfficeKey marks a request's context as having come through the back office's door. The key
// is unexported, so nothing outside this package, and nothing a client sends, can set the mark.
type backOfficeKey struct{}

// FromBackOffice reports whether the request came through the back office's door
// (BackOfficeDoor): a browser page of the API's own origin, authenticated by its cookie.
func FromBackOffice(ctx context.Context) bool {
	v, _ := ctx.Value(backOfficeKey{}).(bool)
	return v
}

// BackOfficePath is the API path a back office path stands for: "/admin/api/api/v1/products" is
// "/api/v1/products". ok is false for a path outside the door or one the door does not open
// (only REST paths under /api/v1/ and Connect procedures under /atelier. are served through it).
func BackOfficePath(path string) (apiPath string, ok bool) {
	rest, ok := strings.CutPrefix(path, BackOfficeAPIPrefix)
	if !ok || (!strings.HasPrefix(rest, "/api/v1/") && !strings.HasPrefix(rest, "/atelier.")) {
		return "", false
	}
	return rest, true
}

// BackOfficeDoor serves the API (next, the handler of every API route) to the back office under
// BackOfficeAPIPrefix. The back office's script never holds the session token: the browser sends
// it as the HttpOnly cookie, which the door hands on as the bearer token the API's interceptors
// read (a request's own Authorization header, if any, wins). Because a browser sends the cookie
// on its own, the door first refuses what another site could make a browser send:
//
//   - a state-changing request not from the API's own origin, judged by Sec-Fetch-Site or Origin
//     with publicOrigin (PUBLIC_URL) trusted (net/http's CrossOriginProtection): 403
//     "cross_origin_request";
//   - a state-changing request whose body has a type an HTML form can send without a preflight
//     (application/x-www-form-urlencoded, multipart/form-data, text/plain), or no type at all:
//     415 "unsupported_media_type". JSON, Connect's protobuf and image uploads
//     (application/octet-stream, image/*) pass.
//
// Every answer is marked Cache-Control: no-store (it is one admin's), and an answer 401 to a
// request that relied on the cookie (but a sign-in's) removes the cookie, which names no live
// session any more.
// The request's context carries the FromBackOffice mark, which the auth service reads to set
// the cookie on sign-in and to keep customers out.
func BackOfficeDoor(publicOrigin string, next http.Handler) (http.Handler, error) {
	csrf := http.NewCrossOriginProtection()
	if err := csrf.AddTrustedOrigin(publicOrigin); err != nil {
		return nil, fmt.Errorf("api.BackOfficeDoor: %w", err)
	}
	csrf.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Cache-Control", "no-store")
		WriteHTTPError(w, http.StatusForbidden, withReason(connect.NewError(connect.CodePermissionDenied,
			errors.New("a change must come from the shop's own back office")), "cross_origin_request", nil))
	}))
	secure := strings.HasPrefix(publicOrigin, "https://")
	serve := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-store")
		apiPath, ok := BackOfficePath(r.URL.Path)
		if !ok {
			NotFound(w, r)
			return
		}
		if changes(r.Method) && formSendable(r) {
			WriteHTTPError(w, http.StatusUnsupportedMediaType, withReason(connect.NewError(connect.CodeInvalidArgument,
				errors.New("send the request body as application/json")), "unsupported_media_type", nil))
			return
		}
		r2 := r.Clone(context.WithValue(r.Context(), backOfficeKey{}, true))
		r2.URL.Path = apiPath
		r2.URL.RawPath = ""
		if raw, ok := strings.CutPrefix(r.URL.RawPath, BackOfficeAPIPrefix); ok {
			r2.URL.RawPath = raw
		}
		r2.RequestURI = r2.URL.RequestURI()
		usesCookie := false
		if r2.Header.Get("Authorization") == "" {
			if token := cookieToken(r); token != "" {
				r2.Header.Set("Authorization", "Bearer "+token)
				usesCookie = true
			}
		}
		// A sign-in's 401 (a wrong password) says nothing about the session in the cookie.
		signIn := apiPath == "/api/v1/auth/login" || apiPath == storev1connect.AuthServiceLoginProcedure
		next.ServeHTTP(&doorWriter{ResponseWriter: w, clearCookie: usesCookie && !signIn, secure: secure}, r2)
	})
	return csrf.Handler(serve), nil
}

// formSendable reports whether a state-changing request's body has a type a cross-site HTML form
// (or a no-cors fetch) can send: the CORS-safelisted types, or none at all with a body.
func formSendable(r *http.Request) bool {
	ct := r.Header.Get("Content-Type")
	if ct == "" {
		return r.ContentLength != 0
	}
	mt, _, err := mime.ParseMediaType(ct)
	if err != nil {
		return true
	}
	switch mt {
	case "application/x-www-form-urlencoded", "multipart/form-data", "text/plain":
		return true
	}
	return false
}

// doorWriter keeps every answer through the door out of caches and, on a 401 to a request that
// relied on the cookie, removes the cookie.
type doorWriter struct {
	http.ResponseWriter
	clearCookie bool
	secure      bool
	wrote       bool
}

func (d *doorWriter) WriteHeader(code int) {
	if !d.wrote {
		d.wrote = true
		d.Header().Set("Cache-Control", "no-store")
		if code == http.StatusUnauthorized && d.clearCookie {
			d.Header().Add("Set-Cookie", adminCookie("", time.Time{}, d.secure))
		}
	}
	d.ResponseWriter.WriteHeader(code)
}

func (d *doorWriter) Write(b []byte) (int, error) {
	if !d.wrote {
		d.WriteHeader(http.StatusOK)
	}
	return d.ResponseWriter.Write(b)
}

// Flush passes on to the underlying writer.
func (d *doorWriter) Flush() {
	if !d.wrote {
		d.WriteHeader(http.StatusOK)
	}
	if f, ok := d.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

// Unwrap lets http.ResponseController reach the underlying writer.
func (d *doorWriter) Unwrap() http.ResponseWriter { return d.ResponseWriter }

// adminCookie is the back office's session cookie carrying token until expires; an empty token
// removes it. It is Secure whenever the API is served over HTTPS; a plain-http development
// origin (http://localhost:8080) could not keep a Secure cookie.
func adminCookie(token string, expires time.Time, secure bool) string {
	c := &http.Cookie{Name: AdminSessionCookie, Value: token, Path: "/admin/", HttpOnly: true, //nolint:gosec // G124: Secure follows PUBLIC_URL's scheme, as said above
		SameSite: http.SameSiteStrictMode, Secure: secure}
	if token == "" {
		c.MaxAge = -1
	} else {
		c.Expires = expires
	}
	return c.String()
}
