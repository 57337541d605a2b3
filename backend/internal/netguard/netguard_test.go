package netguard_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"testing"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/netguard"
	"github.com/stretchr/testify/require"
)

// fakeDNS answers from a table, as a DNS server under an attacker's control would.
type fakeDNS map[string][]string

func (f fakeDNS) LookupNetIP(_ context.Context, _, host string) ([]netip.Addr, error) {
	var out []netip.Addr
	for _, a := range f[host] {
		out = append(out, netip.MustParseAddr(a))
	}
	if len(out) == 0 {
		return nil, errors.New("no such host")
	}
	return out, nil
}

var dns = fakeDNS{
	"partner.example":     {"93.184.215.14"},
	"dual.example":        {"93.184.215.14", "2606:2800:21f:cb07:6820:80da:af6b:8b2c"},
	"inside.example":      {"10.1.2.3"},
	"rebind.example":      {"93.184.215.14", "127.0.0.1"},
	"metadata.example":    {"169.254.169.254"},
	"v6inside.example":    {"fd00:ec2::254"},
	"mapped.example":      {"::ffff:192.168.0.1"},
	"localhost":           {"127.0.0.1", "::1"},
	"cgnat.example":       {"100.64.0.7"},
	"nat64inside.example": {"64:ff9b::a9fe:a9fe"},
}

func TestCheck(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		url      string
		loopback bool
		reason   string // "" when allowed
	}{
		"public https name":           {url: "https://partner.example/hooks", reason: ""},
		"public name with two addrs":  {url: "https://dual.example/hooks", reason: ""},
		"public dotted quad":          {url: "https://93.184.215.14/hooks", reason: ""},
		"public IPv6":                 {url: "https://[2606:2800:21f:cb07:6820:80da:af6b:8b2c]/", reason: ""},
		"http refused":                {url: "http://partner.example/hooks", reason: "https_required"},
		"ftp refused":                 {url: "ftp://partner.example/", reason: "https_required"},
		"relative refused":            {url: "/hooks", reason: "invalid_url"},
		"credentials refused":         {url: "https://user:pw@partner.example/", reason: "invalid_url"},
		"unknown name":                {url: "https://nowhere.example/", reason: "host_not_found"},
		"loopback IPv4":               {url: "https://127.0.0.1/", reason: "address_not_allowed"},
		"loopback IPv4 elsewhere":     {url: "https://127.9.9.9/", reason: "address_not_allowed"},
		"loopback IPv6":               {url: "https://[::1]/", reason: "address_not_allowed"},
		"unspecified IPv4":            {url: "https://0.0.0.0/", reason: "address_not_allowed"},
		"unspecified IPv6":            {url: "https://[::]/", reason: "address_not_allowed"},
		"RFC 1918 10/8":               {url: "https://10.0.0.1/", reason: "address_not_allowed"},
		"RFC 1918 172.16/12":          {url: "https://172.31.255.255/", reason: "address_not_allowed"},
		"RFC 1918 192.168/16":         {url: "https://192.168.1.1/", reason: "address_not_allowed"},
		"CGNAT":                       {url: "https://100.64.0.1/", reason: "address_not_allowed"},
		"link-local":                  {url: "https://169.254.1.1/", reason: "address_not_allowed"},
		"metadata IPv4":               {url: "https://169.254.169.254/latest/meta-data/", reason: "address_not_allowed"},
		"metadata IPv6":               {url: "https://[fd00:ec2::254]/", reason: "address_not_allowed"},
		"unique local IPv6":           {url: "https://[fc00::1]/", reason: "address_not_allowed"},
		"link-local IPv6":             {url: "https://[fe80::1]/", reason: "address_not_allowed"},
		"link-local IPv6 with zone":   {url: "https://[fe80::1%25eth0]/", reason: "invalid_url"},
		"multicast IPv4":              {url: "https://224.0.0.1/", reason: "address_not_allowed"},
		"multicast IPv6":              {url: "https://[ff02::1]/", reason: "address_not_allowed"},
		"broadcast":                   {url: "https://255.255.255.255/", reason: "address_not_allowed"},
		"IPv4-mapped IPv6 loopback":   {url: "https://[::ffff:127.0.0.1]/", reason: "address_not_allowed"},
		"NAT64 of metadata":           {url: "https://[64:ff9b::a9fe:a9fe]/", reason: "address_not_allowed"},
		"6to4 of private":             {url: "https://[2002:c0a8:101::1]/", reason: "address_not_allowed"},
		"decimal IPv4":                {url: "https://2130706433/", reason: "address_not_allowed"},
		"decimal IPv4 over http":      {url: "http://2130706433/", reason: "https_required"},
		"octal IPv4":                  {url: "https://0177.0.0.1/", reason: "address_not_allowed"},
		"octal public IPv4":           {url: "https://0135.0270.0327.016/", reason: "address_not_allowed"},
		"hex IPv4":                    {url: "https://0x7f.0.0.1/", reason: "address_not_allowed"},
		"hex whole IPv4":              {url: "https://0x7f000001/", reason: "address_not_allowed"},
		"short IPv4":                  {url: "https://127.1/", reason: "address_not_allowed"},
		"leading zero IPv4":           {url: "https://010.0.0.1/", reason: "address_not_allowed"},
		"trailing dot IPv4":           {url: "https://127.0.0.1./", reason: "address_not_allowed"},
		"name resolving inside":       {url: "https://inside.example/", reason: "address_not_allowed"},
		"name resolving to metadata":  {url: "https://metadata.example/", reason: "address_not_allowed"},
		"name resolving to IPv6 ULA":  {url: "https://v6inside.example/", reason: "address_not_allowed"},
		"name resolving to mapped":    {url: "https://mapped.example/", reason: "address_not_allowed"},
		"name resolving to CGNAT":     {url: "https://cgnat.example/", reason: "address_not_allowed"},
		"name resolving to NAT64":     {url: "https://nat64inside.example/", reason: "address_not_allowed"},
		"one of the names inside":     {url: "https://rebind.example/", reason: "address_not_allowed"},
		"localhost":                   {url: "https://localhost/", reason: "address_not_allowed"},
		"loopback setting: http":      {url: "http://127.0.0.1:8080/hook", loopback: true, reason: ""},
		"loopback setting: localhost": {url: "http://localhost:8080/hook", loopback: true, reason: "https_required"},
		"loopback setting: IPv6":      {url: "http://[::1]:8080/hook", loopback: true, reason: ""},
		"loopback setting: private":   {url: "https://10.0.0.1/", loopback: true, reason: "address_not_allowed"},
		"loopback setting: http out":  {url: "http://partner.example/", loopback: true, reason: "https_required"},
		"loopback setting: decimal":   {url: "http://2130706433/", loopback: true, reason: "address_not_allowed"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			g := netguard.New(dns, tc.loopback)
			err := g.Check(context.Background(), tc.url)
			if tc.reason == "" {
				require.NoError(t, err)
				return
			}
			r, ok := netguard.IsRefusal(err)
			require.True(t, ok, "want a refusal, got %v", err)
			require.Equal(t, tc.reason, r.Reason, r.Detail)
		})
	}
}

func TestPostFollowsNoRedirect(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/elsewhere" {
			t.Error("the redirect was followed")
		}
		http.Redirect(w, r, "/elsewhere", http.StatusFound)
	}))
	t.Cleanup(srv.Close)
	g := netguard.New(dns, true)
	resp, err := g.Post(context.Background(), srv.URL+"/hook", nil, []byte("{}"))
	require.NoError(t, err)
	require.Equal(t, http.StatusFound, resp.Status)
}

func TestPostKeepsOneKilobyte(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		require.Equal(t, "v", r.Header.Get("X-Test"))
		_, _ = w.Write([]byte(strings.Repeat("a", 5000)))
	}))
	t.Cleanup(srv.Close)
	g := netguard.New(dns, true)
	resp, err := g.Post(context.Background(), srv.URL, map[string]string{"x-test": "v"}, []byte("{}"))
	require.NoError(t, err)
	require.Equal(t, http.StatusOK, resp.Status)
	require.Len(t, resp.Body, netguard.MaxBody)
	require.Positive(t, resp.Duration)
}

// The dialler checks the address it connects to, whatever the name said at registration: here a
// name that DNS turns into 127.0.0.1 at delivery time.
func TestPostRefusesTheDialledAddress(t *testing.T) {
	t.Parallel()
	srv := httptest.NewTLSServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) {
		t.Error("the request reached the loopback server")
	}))
	t.Cleanup(srv.Close)
	port := srv.URL[strings.LastIndexByte(srv.URL, ':'):]
	g := netguard.New(dns, false)
	_, err := g.Post(context.Background(), "https://localhost"+port+"/hook", nil, []byte("{}"))
	r, ok := netguard.IsRefusal(err)
	require.True(t, ok, "want a refusal, got %v", err)
	require.Equal(t, "address_not_allowed", r.Reason)
}

func TestPostTimesOut(t *testing.T) {
	t.Parallel()
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { <-release }))
	t.Cleanup(func() { close(release); srv.Close() })
	g := netguard.New(dns, true)
	g.Timeout = 200 * time.Millisecond
	start := time.Now()
	_, err := g.Post(context.Background(), srv.URL, nil, []byte("{}"))
	require.Error(t, err)
	require.Less(t, time.Since(start), 5*time.Second)
}
