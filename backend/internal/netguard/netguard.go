// Package netguard makes outbound HTTP requests to addresses that someone else chose (webhook
// endpoints) without letting them reach inside the shop's network (SSRF). A URL is checked when it
// is registered — scheme, host spelling, every address its name resolves to — and again on every
// request, where the dialler's Control hook sees the very IP being connected to, after DNS: a
// name that resolved to a public address yesterday and to 169.254.169.254 today is refused then.
//
// It is the one package besides the transports that uses net/http (it is an HTTP client, not a
// domain context), and it exposes no net/http type, so the webhook context stays free of it.
package netguard

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strings"
	"sync"
	"syscall"
	"time"
)

// Timeout bounds a whole request: connecting, TLS, sending and reading the answer.
const Timeout = 10 * time.Second

// MaxBody is how much of an answer is read and kept; the rest is never read.
const MaxBody = 1024

// RefusalError is why a URL or an address is not allowed. Its Reason is a stable snake_case word.
type RefusalError struct {
	Reason string // e.g. "https_required", "address_not_allowed"
	Detail string
}

func (r *RefusalError) Error() string { return "netguard: " + r.Reason + ": " + r.Detail }

// IsRefusal reports whether err is (or wraps) a RefusalError, and returns it.
func IsRefusal(err error) (*RefusalError, bool) {
	var r *RefusalError
	ok := errors.As(err, &r)
	return r, ok
}

func refuse(reason, format string, args ...any) *RefusalError {
	return &RefusalError{Reason: reason, Detail: fmt.Sprintf(format, args...)}
}

// Resolver turns a host name into addresses; net.DefaultResolver is one, tests pass their own.
type Resolver interface {
	LookupNetIP(ctx context.Context, network, host string) ([]netip.Addr, error)
}

// Guard checks URLs and addresses and sends requests through its checks.
type Guard struct {
	// Resolver resolves host names at registration; nil is net.DefaultResolver. (Requests resolve
	// through the dialler, whose Control hook checks the result.)
	Resolver Resolver
	// AllowLoopback allows http:// and https:// to loopback addresses (127.0.0.0/8, ::1) and
	// nothing else that is otherwise refused. For tests only (WEBHOOK_ALLOW_LOOPBACK): a receiver
	// on 127.0.0.1 is how a test listens.
	AllowLoopback bool
	// Timeout overrides the request timeout (Timeout); tests shorten it.
	Timeout time.Duration

	once   sync.Once
	client *http.Client
}

// New returns a guard. resolver may be nil.
func New(resolver Resolver, allowLoopback bool) *Guard {
	return &Guard{Resolver: resolver, AllowLoopback: allowLoopback, Timeout: Timeout}
}

// blocked are the networks never reached, beyond what netip's predicates cover (loopback,
// private, link-local, multicast, unspecified).
var blocked = []netip.Prefix{
	netip.MustParsePrefix("0.0.0.0/8"),       // "this network"; 0.0.0.0 reaches the host itself
	netip.MustParsePrefix("100.64.0.0/10"),   // carrier-grade NAT (RFC 6598)
	netip.MustParsePrefix("192.0.0.0/24"),    // IETF protocol assignments
	netip.MustParsePrefix("192.0.2.0/24"),    // documentation
	netip.MustParsePrefix("198.18.0.0/15"),   // benchmarking
	netip.MustParsePrefix("198.51.100.0/24"), // documentation
	netip.MustParsePrefix("203.0.113.0/24"),  // documentation
	netip.MustParsePrefix("240.0.0.0/4"),     // reserved, and the broadcast address
	netip.MustParsePrefix("100::/64"),        // discard-only
	netip.MustParsePrefix("2001:db8::/32"),   // documentation
	netip.MustParsePrefix("fc00::/7"),        // unique local, including AWS's fd00:ec2::254
	netip.MustParsePrefix("fec0::/10"),       // the old site-local
}

// embedsIPv4 are IPv6 networks that carry an IPv4 address a router may forward to: NAT64 and
// 6to4. The embedded address is checked like any other.
var embedsIPv4 = []struct {
	prefix netip.Prefix
	at     int // byte offset of the IPv4 address
}{
	{netip.MustParsePrefix("64:ff9b::/96"), 12},
	{netip.MustParsePrefix("64:ff9b:1::/48"), 12},
	{netip.MustParsePrefix("2002::/16"), 2},
}

// CheckAddr refuses an address the shop must not connect to for a partner: loopback (unless
// AllowLoopback), private (RFC 1918, fc00::/7), link-local (169.254/16 with the cloud metadata
// address, fe80::/10), unspecified, multicast, CGNAT and the reserved ranges.
func (g *Guard) CheckAddr(ip netip.Addr) error {
	ip = ip.Unmap().WithZone("")
	if !ip.IsValid() {
		return refuse("address_not_allowed", "not an IP address")
	}
	if ip.Is6() {
		for _, e := range embedsIPv4 {
			if e.prefix.Contains(ip) {
				b := ip.As16()
				if err := g.CheckAddr(netip.AddrFrom4([4]byte(b[e.at : e.at+4]))); err != nil {
					return err
				}
			}
		}
	}
	if ip.IsLoopback() {
		if g.AllowLoopback {
			return nil
		}
		return refuse("address_not_allowed", "%s is a loopback address", ip)
	}
	switch {
	case ip.IsUnspecified():
		return refuse("address_not_allowed", "%s is the unspecified address", ip)
	case ip.IsPrivate():
		return refuse("address_not_allowed", "%s is a private address", ip)
	case ip.IsLinkLocalUnicast():
		return refuse("address_not_allowed", "%s is a link-local address (cloud metadata lives there)", ip)
	case ip.IsMulticast(), ip.IsLinkLocalMulticast(), ip.IsInterfaceLocalMulticast():
		return refuse("address_not_allowed", "%s is a multicast address", ip)
	}
	for _, p := range blocked {
		if p.Contains(ip) {
			return refuse("address_not_allowed", "%s is in the reserved network %s", ip, p)
		}
	}
	return nil
}

// Check refuses a URL the shop must not send to: not https (http only to loopback when
// AllowLoopback), with credentials, a host written as a number in any form but canonical
// dotted-quad or bracketed IPv6, or a host whose name resolves to any address CheckAddr refuses.
func (g *Guard) Check(ctx context.Context, raw string) error {
	u, err := g.parse(raw)
	if err != nil {
		return err
	}
	host := u.Hostname()
	if ip, err := netip.ParseAddr(host); err == nil {
		return g.CheckAddr(ip)
	}
	resolver := g.Resolver
	if resolver == nil {
		resolver = net.DefaultResolver
	}
	addrs, err := resolver.LookupNetIP(ctx, "ip", host)
	if err != nil || len(addrs) == 0 {
		return refuse("host_not_found", "%s does not resolve", host)
	}
	for _, a := range addrs {
		if err := g.CheckAddr(a); err != nil {
			return fmt.Errorf("netguard.Check: %s resolves to a refused address: %w", host, err)
		}
	}
	return nil
}

// parse checks the URL's shape: everything but name resolution.
func (g *Guard) parse(raw string) (*url.URL, error) {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" || u.Opaque != "" {
		return nil, refuse("invalid_url", "not an absolute URL")
	}
	switch u.Scheme {
	case "https":
	case "http":
		if !g.AllowLoopback {
			return nil, refuse("https_required", "the URL must use https")
		}
	default:
		return nil, refuse("https_required", "the URL must use https")
	}
	if u.User != nil {
		return nil, refuse("invalid_url", "the URL must not carry a user name or password")
	}
	host := u.Hostname()
	if host == "" {
		return nil, refuse("invalid_url", "the URL has no host")
	}
	if strings.HasPrefix(u.Host, "[") {
		ip, err := netip.ParseAddr(host)
		if err != nil || !ip.Is6() || ip.Zone() != "" {
			return nil, refuse("invalid_url", "%q is not an IPv6 address", host)
		}
	} else if numericHost(host) {
		ip, err := netip.ParseAddr(host)
		if err != nil || !ip.Is4() || ip.String() != host {
			// Browsers and curl read 2130706433, 0177.0.0.1, 0x7f.1 or 127.1 as 127.0.0.1; Go's
			// resolver would hand them to DNS. Rather than guess which reading a library takes,
			// only the one spelling everybody reads alike is accepted.
			return nil, refuse("address_not_allowed", "%q is a number but not a dotted-quad IPv4 address", host)
		}
	}
	if u.Scheme == "http" {
		ip, err := netip.ParseAddr(host)
		if err != nil || !ip.IsLoopback() {
			return nil, refuse("https_required", "the URL must use https (http is allowed to loopback addresses only, for tests)")
		}
	}
	return u, nil
}

// numericHost reports whether the WHATWG URL standard would read host as an IPv4 address: its
// last label (a trailing dot aside) is a decimal, octal or 0x-hex number.
func numericHost(host string) bool {
	host = strings.TrimSuffix(host, ".")
	last := host[strings.LastIndexByte(host, '.')+1:]
	if last == "" {
		return false
	}
	if h, ok := strings.CutPrefix(strings.ToLower(last), "0x"); ok {
		return strings.Trim(h, "0123456789abcdef") == ""
	}
	return strings.Trim(last, "0123456789") == ""
}

// Response is what came back from a request: the status, at most MaxBody bytes of the body and
// how long it took.
type Response struct {
	Status   int
	Body     []byte
	Duration time.Duration
}

// Post sends body to rawURL with headers, through the checks: the URL's shape again, every address
// dialled (Control hook), no proxy from the environment, no redirect followed (a 3xx is returned as
// it is), the request bounded by the timeout and the answer read up to MaxBody. An error is a
// refusal (IsRefusal) or a transport failure; any HTTP status is a Response.
func (g *Guard) Post(ctx context.Context, rawURL string, headers map[string]string, body []byte) (Response, error) {
	if _, err := g.parse(rawURL); err != nil {
		return Response{}, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, rawURL, strings.NewReader(string(body)))
	if err != nil {
		return Response{}, fmt.Errorf("netguard.Post: %w", err)
	}
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	start := time.Now()
	resp, err := g.httpClient().Do(req)
	if err != nil {
		if r, ok := IsRefusal(err); ok {
			return Response{Duration: time.Since(start)}, r
		}
		return Response{Duration: time.Since(start)}, fmt.Errorf("netguard.Post: %w", err)
	}
	defer resp.Body.Close()
	kept, err := io.ReadAll(io.LimitReader(resp.Body, MaxBody))
	out := Response{Status: resp.StatusCode, Body: kept, Duration: time.Since(start)}
	if err != nil {
		return out, fmt.Errorf("netguard.Post: read answer: %w", err)
	}
	return out, nil
}

// httpClient is built once per guard: one connection pool for all its requests.
func (g *Guard) httpClient() *http.Client {
	g.once.Do(g.build)
	return g.client
}

func (g *Guard) build() {
	timeout := g.Timeout
	if timeout <= 0 {
		timeout = Timeout
	}
	dialer := &net.Dialer{Timeout: timeout, Control: g.control}
	g.client = &http.Client{
		Timeout: timeout,
		Transport: &http.Transport{
			// No Proxy: a proxy from the environment would dial for us, past the Control hook.
			DialContext:           dialer.DialContext,
			TLSHandshakeTimeout:   timeout,
			ResponseHeaderTimeout: timeout,
			MaxIdleConnsPerHost:   2,
			IdleConnTimeout:       90 * time.Second,
			ForceAttemptHTTP2:     true,
		},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
}

// control runs after DNS, before connecting: it checks the address actually dialled.
func (g *Guard) control(_, address string, _ syscall.RawConn) error {
	ap, err := netip.ParseAddrPort(address)
	if err != nil {
		return refuse("address_not_allowed", "cannot read the dialled address %q", address)
	}
	return g.CheckAddr(ap.Addr())
}
