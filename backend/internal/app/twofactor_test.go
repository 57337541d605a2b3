package app

import (
	"context"
	"crypto/hmac"
	"crypto/sha1"
	"encoding/base32"
	"encoding/binary"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/account"
	"github.com/stretchr/testify/require"
)

// testClock is the account service's time in these tests, moved a TOTP step at a time.
type testClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *testClock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *testClock) advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// totp is RFC 6238's code (HMAC-SHA1, 6 digits, 30 s) of a base32 secret at t, written here
// independently of the account package, as an authenticator app would compute it.
func totp(t *testing.T, secret string, at time.Time) string {
	t.Helper()
	key, err := base32.StdEncoding.WithPadding(base32.NoPadding).DecodeString(secret)
	require.NoError(t, err)
	var msg [8]byte
	binary.BigEndian.PutUint64(msg[:], uint64(at.Unix()/30))
	mac := hmac.New(sha1.New, key)
	mac.Write(msg[:])
	sum := mac.Sum(nil)
	off := sum[19] & 0x0f
	return fmt.Sprintf("%06d", (binary.BigEndian.Uint32(sum[off:])&0x7fffffff)%1_000_000)
}

func loginWith(t *testing.T, s authShop, email, password, field, code string) answer {
	t.Helper()
	return s.call(t, http.MethodPost, "/api/v1/auth/login",
		`{"email": "`+email+`", "password": "`+password+`", "`+field+`": "`+code+`"}`, "")
}

func token(a answer, t *testing.T) string { //nolint:thelper // reads as token(answer) at the call sites
	t.Helper()
	return a.require(t, 200)["session"].(jsonMap)["token"].(string)
}

// TestRESTTwoFactor: with ADMIN_2FA required (the default), an admin without 2FA signs in but
// is refused admin procedures, and /auth/me says they must enrol; they enrol over REST; sign-in
// then needs a code (totp_required, reason only after the password is right), a wrong or used code
// is "Invalid credentials"; recovery codes work once; a role change needs a fresh code.
func TestRESTTwoFactor(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	clock := &testClock{t: time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC)}
	s := startAuthShopWith(t, nil, account.WithClock(clock.now))
	_, _, err := s.app.accounts.CreateOrPromoteAdmin(ctx, account.Profile{FirstName: "Ava", LastName: "Sinclair", Email: "ava@example.com"}, "admin-password")
	require.NoError(t, err)
	customer, customerToken := register(t, s, "Jane", "jane@example.com", "password1")
	role := "/api/v1/admin/accounts/" + customer["id"].(string) + "/role"

	// Not enrolled: signed in, a customer's powers, told to enrol.
	admin := token(login(t, s, "ava@example.com", "admin-password"), t)
	refused := s.call(t, http.MethodGet, "/api/v1/admin/accounts", "", admin)
	refused.require(t, 403)
	require.Equal(t, "permission_denied", refused.reason(t))
	s.call(t, http.MethodPatch, role, `{"role": "ROLE_ADMIN"}`, admin).require(t, 403)
	me := s.call(t, http.MethodGet, "/api/v1/auth/me", "", admin).require(t, 200)["user"].(jsonMap)
	require.Equal(t, "ROLE_ADMIN", me["role"])
	require.Equal(t, true, me["totp_enrolment_required"])
	require.NotEqual(t, true, me["totp_enabled"])
	customerMe := s.call(t, http.MethodGet, "/api/v1/auth/me", "", customerToken).require(t, 200)["user"].(jsonMap)
	require.NotEqual(t, true, customerMe["totp_enrolment_required"], "customers need not enrol")

	// Enrolment.
	wrongPassword := s.call(t, http.MethodPost, "/api/v1/auth/totp/setup", `{"current_password": "nope"}`, admin)
	wrongPassword.require(t, 400)
	require.Equal(t, "wrong_password", wrongPassword.reason(t))
	setup := s.call(t, http.MethodPost, "/api/v1/auth/totp/setup", `{"current_password": "admin-password"}`, admin)
	body := setup.require(t, 200)
	require.Equal(t, "no-store", setup.header.Get("Cache-Control"))
	secret := body["secret"].(string)
	require.Contains(t, body["otpauth_uri"], "otpauth://totp/Atelier:ava@example.com?")
	bad := s.call(t, http.MethodPost, "/api/v1/auth/totp/enable", `{"code": "`+wrongCodeOf(totp(t, secret, clock.now()))+`"}`, admin)
	bad.require(t, 400)
	require.Equal(t, "invalid_totp_code", bad.reason(t))
	malformed := s.call(t, http.MethodPost, "/api/v1/auth/totp/enable", `{"code": "12345"}`, admin)
	malformed.require(t, 400)
	enabled := s.call(t, http.MethodPost, "/api/v1/auth/totp/enable", `{"code": "`+totp(t, secret, clock.now())+`"}`, admin).require(t, 200)
	recovery := enabled["recovery_codes"].([]any)
	require.Len(t, recovery, 10)
	me = s.call(t, http.MethodGet, "/api/v1/auth/me", "", admin).require(t, 200)["user"].(jsonMap)
	require.Equal(t, true, me["totp_enabled"])
	require.NotEqual(t, true, me["totp_enrolment_required"])
	s.call(t, http.MethodGet, "/api/v1/admin/accounts", "", admin).require(t, 200) // at once, same session

	// Sign-in needs the second factor now.
	clock.advance(30 * time.Second)
	missing := login(t, s, "ava@example.com", "admin-password")
	missing.require(t, 400)
	require.Equal(t, "totp_required", missing.reason(t))
	wrongPw := login(t, s, "ava@example.com", "wrong-password")
	wrongPw.require(t, 401)
	require.Equal(t, "invalid_credentials", wrongPw.reason(t), "the password is checked before a code is asked for")
	for _, code := range []string{wrongCodeOf(totp(t, secret, clock.now())), totp(t, secret, clock.now().Add(-30*time.Second))} {
		wrong := loginWith(t, s, "ava@example.com", "admin-password", "totp_code", code)
		wrong.require(t, 401)
		require.Equal(t, "invalid_credentials", wrong.reason(t), "a wrong or used code")
	}
	// Five failures of this address so far (a wrong password at setup, a wrong code at enabling,
	// a wrong password, a wrong and a used code at sign-in): even the right code waits now.
	throttled := loginWith(t, s, "ava@example.com", "admin-password", "totp_code", totp(t, secret, clock.now()))
	throttled.require(t, 429)
	require.Equal(t, "too_many_attempts", throttled.reason(t))
	clock.advance(15 * time.Minute)
	admin = token(loginWith(t, s, "ava@example.com", "admin-password", "totp_code", totp(t, secret, clock.now())), t)
	s.call(t, http.MethodGet, "/api/v1/admin/accounts", "", admin).require(t, 200)
	code := strings.ToUpper(recovery[0].(string))
	token(loginWith(t, s, "ava@example.com", "admin-password", "recovery_code", code), t)
	loginWith(t, s, "ava@example.com", "admin-password", "recovery_code", code).require(t, 401)

	// Step-up: a role change needs a fresh code.
	noCode := s.call(t, http.MethodPatch, role, `{"role": "ROLE_ADMIN"}`, admin)
	noCode.require(t, 400)
	require.Equal(t, "totp_required", noCode.reason(t))
	used := s.call(t, http.MethodPatch, role, `{"role": "ROLE_ADMIN", "totp_code": "`+totp(t, secret, clock.now())+`"}`, admin)
	used.require(t, 400)
	require.Equal(t, "invalid_totp_code", used.reason(t))
	clock.advance(30 * time.Second)
	promoted := s.call(t, http.MethodPatch, role, `{"role": "ROLE_ADMIN", "totp_code": "`+totp(t, secret, clock.now())+`"}`, admin).require(t, 200)
	require.Equal(t, "ROLE_ADMIN", promoted["account"].(jsonMap)["role"])
	// The new admin has no 2FA yet: no admin powers until they enrol.
	s.call(t, http.MethodGet, "/api/v1/admin/accounts", "", customerToken).require(t, 403)

	// Turning it off needs the password and a code; then the password alone signs in again (and
	// the admin is refused admin procedures until enrolling again).
	clock.advance(30 * time.Second)
	off := s.call(t, http.MethodPost, "/api/v1/auth/totp/disable", `{"current_password": "admin-password", "code": "000000"}`, admin)
	off.require(t, 400)
	s.call(t, http.MethodPost, "/api/v1/auth/totp/disable", `{"current_password": "admin-password", "code": "`+totp(t, secret, clock.now())+`"}`, admin).require(t, 200)
	again := token(login(t, s, "ava@example.com", "admin-password"), t)
	s.call(t, http.MethodGet, "/api/v1/admin/accounts", "", again).require(t, 403)
}

// wrongCodeOf is a 6-digit code other than c.
func wrongCodeOf(c string) string {
	if c == "000000" {
		return "000001"
	}
	return "000000"
}
