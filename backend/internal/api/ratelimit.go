package api

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"

	"connectrpc.com/connect"
	"github.com/atelier-commerce/atelier/backend/internal/apikey"
	"github.com/atelier-commerce/atelier/backend/internal/ratelimit"
	"github.com/atelier-commerce/atelier/backend/internal/throttle"
)

// RateLimits are the API's request limits: one per API key, and one per client address for
// everyone else (anonymous shoppers, signed-in sessions, the back office).
type RateLimits struct {
	PerKey    *ratelimit.Limiter
	PerClient *ratelimit.Limiter
	// Unlimited reports whether a client address is the shop's own server: a trusted proxy that
	// forwarded no client address (the storefront rendering a page for a shopper it could not
	// name). Its shoppers are limited by the addresses it forwards.
	Unlimited func(clientIP string) bool
}

// RateLimited counts every API request against its caller's limit and answers the
// RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset headers (IETF draft
// httpapi-ratelimit-headers) on each answer; a caller over the limit is answered 429 with
// Retry-After and RateLimit-Policy, reason "rate_limited", before anything else runs. The caller is
// the API key of an "Authorization: Bearer atl_…" header, known or not (an unknown key is refused
// afterwards, and its address charged for it: authInterceptor), or else the client's address. It
// must run inside the middleware that records the client's address (RequestInfo).
func RateLimited(limits RateLimits, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !rateLimitedPath(r.URL.Path) {
			next.ServeHTTP(w, r)
			return
		}
		var limiter *ratelimit.Limiter
		var key string
		if token, ok := bearerToken(r.Header.Get("Authorization")); ok && apikey.LooksLikeKey(token) {
			// The key itself is never kept, nor a hash that could look it up.
			sum := sha256.Sum256([]byte("ratelimit:" + token))
			limiter, key = limits.PerKey, hex.EncodeToString(sum[:16])
		} else {
			ip := ClientIPFrom(r.Context())
			if ip == "" || (limits.Unlimited != nil && limits.Unlimited(ip)) {
				next.ServeHTTP(w, r)
				return
			}
			limiter, key = limits.PerClient, clientBucket(ip)
		}
		if limiter == nil || !limiter.Limit().Enabled() {
			next.ServeHTTP(w, r)
			return
		}
		d := limiter.Take(key)
		setRateLimitHeaders(w.Header(), limiter.PolicyHeader(), limiter.LimitHeader(), d)
		if !d.Allowed {
			writeRateLimited(w, r, d.RetryAfter)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// ChargeClient counts one more request against the client address's limit (for a request that
// was counted against a key, which turned out not to be live), and answers the rate limit's
// refusal when the address is over it.
func ChargeClient(ctx context.Context, limits RateLimits) error {
	ip := ClientIPFrom(ctx)
	if ip == "" || limits.PerClient == nil || (limits.Unlimited != nil && limits.Unlimited(ip)) {
		return nil
	}
	if d := limits.PerClient.Take(clientBucket(ip)); !d.Allowed && d.Limit > 0 {
		return errRateLimited(d.RetryAfter)
	}
	return nil
}

// rateLimitedPath reports whether path is an API call that counts: REST, Connect and the back
// office's door, but not health checks, the API's documentation or the payment provider's events
// (which are verified by signature and must never be turned away).
func rateLimitedPath(path string) bool {
	switch path {
	case "/api/health", "/api/ready", "/api/docs", "/api/openapi.yaml", "/api/v1/webhooks/stripe":
		return false
	}
	return strings.HasPrefix(path, "/api/") || strings.HasPrefix(path, "/atelier.") ||
		strings.HasPrefix(path, BackOfficeAPIPrefix+"/")
}

// clientBucket is a client address's limiter key. An IPv4 address as clientIP gives it is already
// its key (kept as it is: this runs on every request); an IPv6 one counts as its /64
// (throttle.ClientKey).
func clientBucket(ip string) string {
	if !strings.Contains(ip, ":") {
		return ip
	}
	return throttle.ClientKey(ip)
}

// setRateLimitHeaders writes the decision's headers. The keys are written canonical, directly:
// this runs on every API answer. The policy (the limit and its window, which the draft makes
// optional) goes with refusals only, where a client needs it to plan: on every answer it would be
// the field that takes a cached catalogue answer past what net/http handles cheaply
// (TestCachedAnswerHeaderBudget; ADR 012).
func setRateLimitHeaders(h http.Header, policy, limit string, d ratelimit.Decision) {
	// One allocation for the values rather than one each.
	v := []string{limit, strconv.Itoa(d.Remaining), strconv.FormatInt(ceilSeconds(d.Reset), 10), policy}
	h["Ratelimit-Limit"] = v[0:1:1]
	h["Ratelimit-Remaining"] = v[1:2:2]
	h["Ratelimit-Reset"] = v[2:3:3]
	if !d.Allowed {
		h["Ratelimit-Policy"] = v[3:4:4]
	}
}

// ceilSeconds rounds up: waiting the advertised time must be enough.
func ceilSeconds(d time.Duration) int64 { return int64((d + time.Second - 1) / time.Second) }

// errRateLimited is the answer to a caller over its limit.
func errRateLimited(retryAfter time.Duration) *connect.Error {
	wait := strconv.FormatInt(max(ceilSeconds(retryAfter), 1), 10)
	ce := connect.NewError(connect.CodeResourceExhausted, errors.New("too many requests: slow down and try again in "+wait+" s"))
	ce.Meta().Set("Retry-After", wait)
	return withReason(ce, "rate_limited", map[string]string{"retry_after_seconds": wait})
}

// writeRateLimited answers 429 in the protocol the request spoke: Connect's error shape to a
// Connect client, the API's JSON error body to everyone else.
func writeRateLimited(w http.ResponseWriter, r *http.Request, retryAfter time.Duration) {
	ce := errRateLimited(retryAfter)
	if strings.HasPrefix(r.URL.Path, "/atelier.") {
		if ew := connect.NewErrorWriter(); ew.IsSupported(r) {
			_ = ew.Write(w, r, ce)
			return
		}
	}
	WriteHTTPError(w, http.StatusTooManyRequests, ce)
}
