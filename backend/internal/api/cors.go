package api

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"slices"
	"strings"

	"connectrpc.com/connect"
)

// CORS says which browser origins may call the API from their pages.
type CORS struct {
	// Origins may call the API without a key ("*": any origin), as configured
	// (CORS_ALLOWED_ORIGINS).
	Origins []string
	// KeyOrigin reports whether some live publishable key allows origin; such an origin may call
	// the API with that key (authInterceptor checks the key's own origins on every request).
	KeyOrigin func(ctx context.Context, origin string) (bool, error)
	Logger    *slog.Logger
}

// corsRequestHeaders are the request headers a page on another origin may send: what the REST
// and Connect clients need, and nothing that carries ambient credentials (cookies are never
// allowed: Access-Control-Allow-Credentials is never sent, so a key travels only as a header).
var corsRequestHeaders = []string{"authorization", "content-type", "if-match", "if-none-match", "idempotency-key",
	"x-request-id", "connect-protocol-version", "connect-timeout-ms", "connect-accept-encoding",
	"connect-content-encoding", "x-user-agent"}

// corsExposedHeaders are the response headers such a page may read.
const corsExposedHeaders = "ETag, Location, Retry-After, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, " +
	"RateLimit-Policy, X-Request-Id, Connect-Content-Encoding, Grpc-Status, Grpc-Message"

// CrossOrigin answers browsers' CORS preflights for the API and adds the CORS headers to its
// answers, for the origins CORS allows. Preflights from other origins are refused (403,
// "origin_not_allowed"); a request from one gets no CORS headers, so the browser keeps the
// answer from the page. The back office's door and the payment provider's events are not open
// to other origins at all.
func CrossOrigin(c CORS, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		origin := r.Header.Get("Origin")
		if origin == "" || !corsPath(r.URL.Path) {
			next.ServeHTTP(w, r)
			return
		}
		w.Header().Add("Vary", "Origin")
		preflight := r.Method == http.MethodOptions && r.Header.Get("Access-Control-Request-Method") != ""
		if preflight {
			w.Header().Add("Vary", "Access-Control-Request-Method")
			w.Header().Add("Vary", "Access-Control-Request-Headers")
		}
		allowed, err := c.allows(r.Context(), origin)
		if err != nil {
			LoggerFrom(r.Context(), c.Logger).Error("cors: allowed origins", "error", err.Error())
			WriteHTTPError(w, http.StatusInternalServerError, connect.NewError(connect.CodeInternal, errors.New("internal error")))
			return
		}
		if !allowed {
			if preflight {
				WriteHTTPError(w, http.StatusForbidden, withReason(connect.NewError(connect.CodePermissionDenied,
					errors.New("this origin may not call the API from a browser")), "origin_not_allowed", nil))
				return
			}
			next.ServeHTTP(w, r)
			return
		}
		w.Header().Set("Access-Control-Allow-Origin", origin)
		if !preflight {
			w.Header().Set("Access-Control-Expose-Headers", corsExposedHeaders)
			next.ServeHTTP(w, r)
			return
		}
		w.Header().Set("Access-Control-Allow-Methods", "GET, POST, PUT, PATCH, DELETE")
		if h := allowedRequestHeaders(r.Header.Values("Access-Control-Request-Headers")); h != "" {
			w.Header().Set("Access-Control-Allow-Headers", h)
		}
		w.Header().Set("Access-Control-Max-Age", "7200")
		w.WriteHeader(http.StatusNoContent)
	})
}

func (c CORS) allows(ctx context.Context, origin string) (bool, error) {
	if slices.Contains(c.Origins, "*") || slices.Contains(c.Origins, origin) {
		return true, nil
	}
	if c.KeyOrigin == nil {
		return false, nil
	}
	return c.KeyOrigin(ctx, origin)
}

// corsPath reports whether path is part of the API other origins may call.
func corsPath(path string) bool {
	return path != "/api/v1/webhooks/stripe" && (strings.HasPrefix(path, "/api/") || strings.HasPrefix(path, "/atelier."))
}

// allowedRequestHeaders is the part of a preflight's Access-Control-Request-Headers the API
// accepts, lower-cased and comma-separated.
func allowedRequestHeaders(values []string) string {
	var out []string
	for _, v := range values {
		for h := range strings.SplitSeq(v, ",") {
			h = strings.ToLower(strings.TrimSpace(h))
			if slices.Contains(corsRequestHeaders, h) && !slices.Contains(out, h) {
				out = append(out, h)
			}
		}
	}
	return strings.Join(out, ", ")
}
