package account

import (
	"context"
	"encoding/json"
	"net/url"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/apperr/apperrtest"
	"github.com/atelier-commerce/atelier/backend/internal/db/dbtest"
	"github.com/atelier-commerce/atelier/backend/internal/throttle/throttletest"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"
)

func TestMain(m *testing.M) { os.Exit(dbtest.Main(m)) }

type fixture struct {
	svc   *Service
	clock *throttletest.Clock
	pool  *pgxpool.Pool
}

// testSettings make two-factor authentication optional for admins, so the tests of other rules
// can use admins without enrolling them; twofactor_test.go uses requiredTOTP.
var testSettings = Settings{SessionTTL: 30 * 24 * time.Hour, PasswordResetTTL: time.Hour, StorefrontURL: "https://shop.example",
	AdminTOTPOptional: true}

func newFixture(t *testing.T, opts ...Option) fixture {
	t.Helper()
	return newFixtureWith(t, testSettings, opts...)
}

func newFixtureWith(t *testing.T, settings Settings, opts ...Option) fixture {
	t.Helper()
	pool := dbtest.Pool(t)
	c := throttletest.NewClock()
	opts = append([]Option{WithClock(c.Now), WithHashParams(cheap)}, opts...)
	return fixture{svc: NewService(pool, settings, opts...), clock: c, pool: pool}
}

func jane() Profile { return Profile{FirstName: "Jane", LastName: "Doe", Email: "jane@example.com"} }

// newJane is a fixture in which Jane has registered (password "password1") and is signed in.
func newJane(t *testing.T, opts ...Option) (fixture, User, Session) {
	t.Helper()
	f := newFixture(t, opts...)
	u, s := f.register(t, jane(), "password1")
	return f, u, s
}

func (f fixture) register(t *testing.T, p Profile, password string) (User, Session) {
	t.Helper()
	u, s, err := f.svc.Register(context.Background(), p, password, "")
	require.NoError(t, err)
	return u, s
}

func (f fixture) principal(t *testing.T, token string) Principal {
	t.Helper()
	p, err := f.svc.Authenticate(context.Background(), token)
	require.NoError(t, err)
	return p
}

func TestRegisterValidation(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	longName := strings.Repeat("é", 101)
	for _, tc := range []struct {
		name     string
		profile  Profile
		password string
		field    string
		reason   string
		message  string
	}{
		{"no first name", Profile{FirstName: "  ", LastName: "Doe", Email: "a@example.com"}, "password1", "first_name", "missing_first_name", "First name is required"},
		{"no last name", Profile{FirstName: "Jane", Email: "a@example.com"}, "password1", "last_name", "missing_last_name", "Last name is required"},
		{"long first name", Profile{FirstName: longName, LastName: "Doe", Email: "a@example.com"}, "password1", "first_name", "first_name_too_long", "First name must be at most 100 characters"},
		{"control character", Profile{FirstName: "Ja\nne", LastName: "Doe", Email: "a@example.com"}, "password1", "first_name", "invalid_first_name", "First name contains characters that are not allowed"},
		{"no email", Profile{FirstName: "Jane", LastName: "Doe", Email: " "}, "password1", "email", "missing_email", "email is required"},
		{"bad email", Profile{FirstName: "Jane", LastName: "Doe", Email: "jane@localhost"}, "password1", "email", "invalid_email", "email must be a valid e-mail address, like name@example.com"},
		{"no password", jane(), "", "password", "missing_password", "Password is required"},
		{"short password", jane(), "1234567", "password", "password_too_short", "Password must be at least 8 characters"},
		{"short in characters, long in bytes", jane(), "ééééééé", "password", "password_too_short", "Password must be at least 8 characters"},
		{"long password", jane(), string(make([]byte, 201)), "password", "password_too_long", "Password must be at most 200 characters"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := f.svc.Register(context.Background(), tc.profile, tc.password, "")
			ae := apperrtest.RequireKind(t, err, apperr.KindInvalid, tc.reason)
			require.Equal(t, tc.field, ae.Field)
			require.Equal(t, tc.message, ae.Message)
		})
	}
	// Exactly 8 characters is enough, and names keep their case while the address is lower-cased.
	u, s, err := f.svc.Register(context.Background(), Profile{FirstName: " Jane ", LastName: "de Vries", Email: " Jane@Example.COM "}, "12345678", "")
	require.NoError(t, err)
	require.Equal(t, "Jane", u.FirstName)
	require.Equal(t, "de Vries", u.LastName)
	require.Equal(t, "jane@example.com", u.Email)
	require.Equal(t, RoleCustomer, u.Role)
	require.Equal(t, f.clock.Now(), u.LastLoginAt, "registering signs in")
	require.Equal(t, Principal{AccountID: u.ID, SessionID: s.ID, Role: RoleCustomer}, f.principal(t, s.Token))
	require.Equal(t, f.clock.Now().Add(testSettings.SessionTTL), s.ExpiresAt)
}

func TestRegisterDuplicateEmail(t *testing.T) {
	t.Parallel()
	f, _, _ := newJane(t)
	_, _, err := f.svc.Register(context.Background(), Profile{FirstName: "J", LastName: "D", Email: "  JANE@example.com"}, "password2", "")
	ae := apperrtest.RequireKind(t, err, apperr.KindAlreadyExists, "email_taken")
	require.Equal(t, "An account with this email already exists.", ae.Message)
}

func TestLogin(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f, registered, first := newJane(t)
	f.clock.Advance(time.Hour)

	u, s, err := f.svc.Login(ctx, " JANE@example.com ", "password1", "203.0.113.5")
	require.NoError(t, err)
	require.Equal(t, registered.ID, u.ID)
	require.Equal(t, f.clock.Now(), u.LastLoginAt)
	require.NotEqual(t, first.Token, s.Token, "every sign-in gets a fresh token")
	require.Equal(t, Principal{AccountID: u.ID, SessionID: s.ID, Role: RoleCustomer}, f.principal(t, s.Token))
	require.True(t, f.principal(t, first.Token).SignedIn(), "other sessions stay")
	me, err := f.svc.GetMe(ctx, f.principal(t, s.Token))
	require.NoError(t, err)
	require.Equal(t, f.clock.Now(), me.LastLoginAt, "the sign-in is recorded")

	_, _, wrong := f.svc.Login(ctx, "jane@example.com", "password2", "203.0.113.5")
	_, _, unknown := f.svc.Login(ctx, "nobody@example.com", "password1", "203.0.113.5")
	a := apperrtest.RequireKind(t, wrong, apperr.KindUnauthenticated, "invalid_credentials")
	b := apperrtest.RequireKind(t, unknown, apperr.KindUnauthenticated, "invalid_credentials")
	require.Equal(t, "Invalid credentials", a.Message)
	require.Equal(t, *a, *b, "a wrong password and an unknown address look the same")

	_, _, err = f.svc.Login(ctx, "", "x", "")
	apperrtest.RequireKind(t, err, apperr.KindInvalid, "missing_credentials")
}

func TestLoginUpgradesOldHashes(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f, _, _ := newJane(t)
	stronger := HashParams{Memory: 2048, Time: 2, Threads: 1}
	upgraded := NewService(f.pool, testSettings, WithClock(f.clock.Now), WithHashParams(stronger))
	_, _, err := upgraded.Login(ctx, "jane@example.com", "password1", "")
	require.NoError(t, err)
	var stored string
	require.NoError(t, f.pool.QueryRow(ctx, `SELECT password_hash FROM accounts`).Scan(&stored))
	require.False(t, needsRehash(stored, stronger), "the hash now uses the current parameters: %s", stored)
	_, _, err = f.svc.Login(ctx, "jane@example.com", "password1", "")
	require.NoError(t, err, "and still verifies")
}

func TestSessions(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f, _, s := newJane(t)

	// The token with its last character changed (to one it surely is not).
	otherLast := s.Token[:42] + map[bool]string{true: "B", false: "A"}[strings.HasSuffix(s.Token, "A")]
	for _, token := range []string{"", "garbage", s.Token + "x", otherLast, "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"} {
		require.Equal(t, Anonymous, f.principal(t, token), "%q", token)
	}
	tampered := []byte(s.Token)
	tampered[10] ^= 1
	require.Equal(t, Anonymous, f.principal(t, string(tampered)))

	f.clock.Advance(testSettings.SessionTTL - time.Second)
	require.True(t, f.principal(t, s.Token).SignedIn())
	f.clock.Advance(time.Second)
	require.Equal(t, Anonymous, f.principal(t, s.Token), "expired")

	_, s2, err := f.svc.Login(ctx, "jane@example.com", "password1", "")
	require.NoError(t, err)
	p := f.principal(t, s2.Token)
	require.NoError(t, f.svc.Logout(ctx, p.SessionID))
	require.Equal(t, Anonymous, f.principal(t, s2.Token), "revoked")
	require.NoError(t, f.svc.Logout(ctx, p.SessionID), "logging out twice does no harm")
	require.NoError(t, f.svc.Logout(ctx, ""))

	_, err = f.svc.GetMe(ctx, Anonymous)
	apperrtest.RequireKind(t, err, apperr.KindUnauthenticated, "unauthenticated")
}

func TestUpdateProfile(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newFixture(t)
	f.register(t, Profile{FirstName: "Olivia", LastName: "Hart", Email: "olivia@example.com"}, "password1")
	_, s := f.register(t, jane(), "password1")
	p := f.principal(t, s.Token)
	_, other, err := f.svc.Login(ctx, "jane@example.com", "password1", "")
	require.NoError(t, err)

	// A new name alone needs no password and keeps every session.
	u, err := f.svc.UpdateProfile(ctx, p, Profile{FirstName: "Janet", LastName: "Doe-Smith", Email: "JANE@example.com"}, "")
	require.NoError(t, err)
	require.Equal(t, "Janet", u.FirstName)
	require.Equal(t, "jane@example.com", u.Email)
	require.NotEqual(t, Anonymous, f.principal(t, other.Token))

	// A new address needs the current password, right.
	_, err = f.svc.UpdateProfile(ctx, p, Profile{FirstName: "Janet", LastName: "Doe", Email: "janet@example.com"}, "")
	ae := apperrtest.RequireKind(t, err, apperr.KindInvalid, "current_password_required")
	require.Equal(t, "Please enter your current password to change your email address.", ae.Message)
	_, err = f.svc.UpdateProfile(ctx, p, Profile{FirstName: "Janet", LastName: "Doe", Email: "janet@example.com"}, "password2")
	apperrtest.RequireKind(t, err, apperr.KindInvalid, "wrong_password")
	me, err := f.svc.GetMe(ctx, p)
	require.NoError(t, err)
	require.Equal(t, "jane@example.com", me.Email, "nothing changed")

	u, err = f.svc.UpdateProfile(ctx, p, Profile{FirstName: "Janet", LastName: "Doe", Email: "Janet@Example.com"}, "password1")
	require.NoError(t, err)
	require.Equal(t, "janet@example.com", u.Email)
	require.Equal(t, Anonymous, f.principal(t, other.Token), "the other session ends with the move")
	require.Equal(t, p, f.principal(t, s.Token), "this one stays")
	_, _, err = f.svc.Login(ctx, "janet@example.com", "password1", "")
	require.NoError(t, err, "the new address signs in")

	_, err = f.svc.UpdateProfile(ctx, p, Profile{FirstName: "Janet", LastName: "Doe", Email: "OLIVIA@example.com"}, "password1")
	ae = apperrtest.RequireKind(t, err, apperr.KindAlreadyExists, "email_taken")
	require.Equal(t, "An account with this email already exists.", ae.Message)
	_, err = f.svc.UpdateProfile(ctx, p, Profile{FirstName: "", LastName: "Doe", Email: "janet@example.com"}, "")
	apperrtest.RequireKind(t, err, apperr.KindInvalid, "missing_first_name")
	_, err = f.svc.UpdateProfile(ctx, Anonymous, jane(), "password1")
	apperrtest.RequireKind(t, err, apperr.KindUnauthenticated, "unauthenticated")
}

// Guessing the password through the address change counts against the sign-in limit.
func TestUpdateProfileWrongPasswordsAreThrottled(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f, _, s := newJane(t)
	p := f.principal(t, s.Token)
	moved := Profile{FirstName: "Jane", LastName: "Doe", Email: "elsewhere@example.com"}
	var last error
	for range 10 {
		if _, last = f.svc.UpdateProfile(ctx, p, moved, "guess-guess"); apperr.As(last).Kind == apperr.KindResourceExhausted {
			break
		}
		apperrtest.RequireKind(t, last, apperr.KindInvalid, "wrong_password")
	}
	apperrtest.RequireKind(t, last, apperr.KindResourceExhausted, "too_many_attempts")
}

func TestChangePassword(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f, _, a := newJane(t)
	_, _, err := f.svc.Login(ctx, "jane@example.com", "password1", "")
	require.NoError(t, err)
	_, c, err := f.svc.Login(ctx, "jane@example.com", "password1", "")
	require.NoError(t, err)
	_, other := f.register(t, Profile{FirstName: "Olivia", LastName: "Hart", Email: "olivia@example.com"}, "password1")
	p := f.principal(t, a.Token)

	err = f.svc.ChangePassword(ctx, p, "password2", "new-password")
	ae := apperrtest.RequireKind(t, err, apperr.KindInvalid, "wrong_password")
	require.Equal(t, "Current password is incorrect", ae.Message)
	require.Equal(t, "current_password", ae.Field)
	require.True(t, f.principal(t, c.Token).SignedIn(), "a refused change revokes nothing")
	err = f.svc.ChangePassword(ctx, p, "password1", "short")
	apperrtest.RequireKind(t, err, apperr.KindInvalid, "password_too_short")

	require.NoError(t, f.svc.ChangePassword(ctx, p, "password1", "new-password"))
	require.Equal(t, p, f.principal(t, a.Token), "the changing session stays signed in")
	require.Equal(t, Anonymous, f.principal(t, c.Token), "every other session is revoked")
	require.True(t, f.principal(t, other.Token).SignedIn(), "other accounts are untouched")
	_, _, err = f.svc.Login(ctx, "jane@example.com", "password1", "")
	apperrtest.RequireKind(t, err, apperr.KindUnauthenticated, "invalid_credentials")
	_, _, err = f.svc.Login(ctx, "jane@example.com", "new-password", "")
	require.NoError(t, err)

	require.Error(t, f.svc.ChangePassword(ctx, Anonymous, "a", "new-password-2"))
}

func TestChangePasswordIsThrottled(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f, _, s := newJane(t)
	p := f.principal(t, s.Token)
	for range 5 {
		apperrtest.RequireKind(t, f.svc.ChangePassword(ctx, p, "guess-guess", "new-password"), apperr.KindInvalid, "wrong_password")
	}
	apperrtest.RequireKind(t, f.svc.ChangePassword(ctx, p, "password1", "new-password"), apperr.KindResourceExhausted, "too_many_attempts")
}

// failLogins makes n failed sign-ins, one a minute.
func failLogins(t *testing.T, f fixture, email, ip string, n int) {
	t.Helper()
	for i := range n {
		_, _, err := f.svc.Login(context.Background(), email, "wrong-password", ip)
		apperrtest.RequireKind(t, err, apperr.KindUnauthenticated, "invalid_credentials")
		if i < n-1 {
			f.clock.Advance(time.Minute)
		}
	}
}

func TestLoginThrottlePerAddress(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f, _, _ := newJane(t)

	for _, email := range []string{"jane@example.com", "nobody@example.com"} {
		failLogins(t, f, email, "", 5) // 10:00 … 10:04
		f.clock.Advance(30 * time.Second)
		_, _, err := f.svc.Login(ctx, email, "password1", "")
		ae := apperrtest.RequireKind(t, err, apperr.KindResourceExhausted, "too_many_attempts")
		// The first failure (4.5 minutes ago) leaves the 15-minute window in 10.5 minutes.
		require.Equal(t, 10*time.Minute+30*time.Second, ae.RetryAfter, email)
		require.Equal(t, "Too many sign-in attempts. Please try again in 11 minutes.", ae.Message)
		f.clock.Advance(-(4*time.Minute + 30*time.Second)) // the same timeline for the second address
	}
	_, _, known := f.svc.Login(ctx, "jane@example.com", "password1", "")
	_, _, unknown := f.svc.Login(ctx, "nobody@example.com", "password1", "")
	require.Equal(t, *apperr.As(known), *apperr.As(unknown), "throttling does not reveal registration")

	_, _, err := f.svc.Login(ctx, "olivia@example.com", "password1", "")
	apperrtest.RequireKind(t, err, apperr.KindUnauthenticated, "invalid_credentials") // other addresses are not affected

	f.clock.Advance(15*time.Minute - time.Second) // 10:14:59, one second before the first failure leaves the window
	_, _, err = f.svc.Login(ctx, "jane@example.com", "password1", "")
	ae := apperrtest.RequireKind(t, err, apperr.KindResourceExhausted, "too_many_attempts")
	require.Equal(t, time.Second, ae.RetryAfter)
	require.Equal(t, "Too many sign-in attempts. Please try again in 1 second.", ae.Message)
	f.clock.Advance(time.Second)
	_, _, err = f.svc.Login(ctx, "jane@example.com", "password1", "")
	require.NoError(t, err, "the window slid past the first failure")

	// A successful sign-in starts the address afresh: five more failures before the next refusal.
	failLogins(t, f, "jane@example.com", "", 5)
	_, _, err = f.svc.Login(ctx, "jane@example.com", "password1", "")
	apperrtest.RequireKind(t, err, apperr.KindResourceExhausted, "too_many_attempts")
}

func TestLoginThrottlePerIP(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f, _, _ := newJane(t)
	const ip = "198.51.100.7"
	for i := range 20 {
		_, _, err := f.svc.Login(ctx, "guess"+string(rune('a'+i))+"@example.com", "wrong-password", ip)
		apperrtest.RequireKind(t, err, apperr.KindUnauthenticated, "invalid_credentials")
	}
	_, _, err := f.svc.Login(ctx, "jane@example.com", "password1", ip)
	ae := apperrtest.RequireKind(t, err, apperr.KindResourceExhausted, "too_many_attempts")
	require.Equal(t, 15*time.Minute, ae.RetryAfter)
	_, _, err = f.svc.Login(ctx, "jane@example.com", "password1", "198.51.100.8")
	require.NoError(t, err, "another address is not affected")
	_, _, err = f.svc.Login(ctx, "jane@example.com", "password1", ip)
	apperrtest.RequireKind(t, err, apperr.KindResourceExhausted, "too_many_attempts")
	f.clock.Advance(15 * time.Minute)
	_, _, err = f.svc.Login(ctx, "jane@example.com", "password1", ip)
	require.NoError(t, err)
}

// Concurrent guesses cannot slip past the limit: each is counted before its password is checked,
// in a SERIALIZABLE transaction.
func TestLoginThrottleConcurrent(t *testing.T) {
	t.Parallel()
	f, _, _ := newJane(t, WithLimits(Limits{LoginPerEmail: Limit{Max: 3, Window: time.Hour}, LoginPerIP: Limit{Max: 100, Window: time.Hour}}))
	const n = 8
	errs := make(chan error, n)
	var wg sync.WaitGroup
	for range n {
		wg.Go(func() {
			_, _, err := f.svc.Login(context.Background(), "jane@example.com", "wrong-password", "192.0.2.1")
			errs <- err
		})
	}
	wg.Wait()
	close(errs)
	counts := map[string]int{}
	for err := range errs {
		ae := apperr.As(err)
		require.NotNil(t, ae, "%v", err)
		counts[ae.Reason]++
	}
	require.Equal(t, map[string]int{"invalid_credentials": 3, "too_many_attempts": n - 3}, counts)
}

type outboxRow struct {
	topic   string
	payload PasswordResetRequested
}

func outbox(t *testing.T, pool *pgxpool.Pool) []outboxRow {
	t.Helper()
	rows, err := pool.Query(context.Background(), `SELECT topic, payload FROM outbox ORDER BY created_at`)
	require.NoError(t, err)
	defer rows.Close()
	var out []outboxRow
	for rows.Next() {
		var r outboxRow
		var raw []byte
		require.NoError(t, rows.Scan(&r.topic, &raw))
		var fields map[string]any
		require.NoError(t, json.Unmarshal(raw, &fields))
		require.Len(t, fields, 4, "payload is exactly account_id, email, first_name, requested_at: %s", raw)
		require.NotContains(t, string(raw), "token", "no secret in the outbox")
		require.NoError(t, json.Unmarshal(raw, &r.payload))
		out = append(out, r)
	}
	require.NoError(t, rows.Err())
	return out
}

func resetToken(t *testing.T, link string) string {
	t.Helper()
	u, err := url.Parse(link)
	require.NoError(t, err)
	return u.Query().Get("token")
}

// issue does what the mail worker does for an outbox row: it gets the e-mail's link.
func (f fixture) issue(t *testing.T, row outboxRow) (link string, expires time.Time) {
	t.Helper()
	p := row.payload
	link, expires, err := f.svc.IssueResetLink(context.Background(), p.AccountID, p.Email, p.RequestedAt)
	require.NoError(t, err)
	return link, expires
}

func count(t *testing.T, pool *pgxpool.Pool, table string) int {
	t.Helper()
	var n int
	require.NoError(t, pool.QueryRow(context.Background(), `SELECT count(*) FROM `+table).Scan(&n))
	return n
}

func TestRequestPasswordReset(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f, u, _ := newJane(t)

	require.NoError(t, f.svc.RequestPasswordReset(ctx, "nobody@example.com", "192.0.2.1"))
	require.Empty(t, outbox(t, f.pool), "no e-mail for an unregistered address")
	require.NoError(t, f.svc.RequestPasswordReset(ctx, " Jane@Example.com", "192.0.2.1"))
	rows := outbox(t, f.pool)
	require.Len(t, rows, 1)
	require.Equal(t, "password_reset.requested", rows[0].topic)
	p := rows[0].payload
	require.Equal(t, u.ID, p.AccountID)
	require.Equal(t, "jane@example.com", p.Email)
	require.Equal(t, "Jane", p.FirstName)
	require.Equal(t, f.clock.Now(), p.RequestedAt)
	require.Zero(t, count(t, f.pool, "password_reset_tokens"), "the token is made when the e-mail is sent")

	err := f.svc.RequestPasswordReset(ctx, "not-an-address", "192.0.2.1")
	apperrtest.RequireKind(t, err, apperr.KindInvalid, "invalid_email")
}

func TestIssueResetLink(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f, u, _ := newJane(t)
	require.NoError(t, f.svc.RequestPasswordReset(ctx, "jane@example.com", ""))
	row := outbox(t, f.pool)[0]

	f.clock.Advance(10 * time.Minute) // the mail went out a little late
	link, expires := f.issue(t, row)
	require.Regexp(t, `^https://shop\.example/reset-password\?token=[A-Za-z0-9_-]{43}$`, link)
	require.Equal(t, f.clock.Now().Add(testSettings.PasswordResetTTL), expires, "valid for the TTL from sending")
	var stored []byte
	require.NoError(t, f.pool.QueryRow(ctx, `SELECT token_hash FROM password_reset_tokens`).Scan(&stored))
	require.Equal(t, hashToken(resetToken(t, link)), stored, "only the hash is stored")

	// A retried job makes a new link and the earlier one stops working.
	again, _ := f.issue(t, row)
	require.NotEqual(t, link, again)
	require.Equal(t, 1, count(t, f.pool, "password_reset_tokens"))
	apperrtest.RequireKind(t, f.svc.ConfirmPasswordReset(ctx, resetToken(t, link), "brand-new-password"), apperr.KindFailedPrecondition, "invalid_reset_token")

	// A request as old as a link's lifetime is not e-mailed, and makes no token.
	f.clock.Advance(testSettings.PasswordResetTTL - 10*time.Minute)
	_, _, err := f.svc.IssueResetLink(ctx, u.ID, "jane@example.com", row.payload.RequestedAt)
	apperrtest.RequireKind(t, err, apperr.KindFailedPrecondition, "reset_request_expired")
	_, _, err = f.svc.IssueResetLink(ctx, u.ID, "jane@example.com", row.payload.RequestedAt.Add(-time.Hour))
	apperrtest.RequireKind(t, err, apperr.KindFailedPrecondition, "reset_request_expired")
	require.NoError(t, f.svc.ConfirmPasswordReset(ctx, resetToken(t, again), "brand-new-password"), "the last link still works")

	// The owner moved to another mailbox after asking: the old one gets no link.
	require.NoError(t, f.svc.RequestPasswordReset(ctx, "jane@example.com", ""))
	row = outbox(t, f.pool)[1]
	_, err = f.svc.UpdateProfile(ctx, Principal{AccountID: u.ID, Role: RoleCustomer}, Profile{FirstName: "Jane", LastName: "Doe", Email: "jane.doe@example.com"}, "brand-new-password")
	require.NoError(t, err)
	_, _, err = f.svc.IssueResetLink(ctx, u.ID, row.payload.Email, row.payload.RequestedAt)
	apperrtest.RequireKind(t, err, apperr.KindFailedPrecondition, "reset_address_changed")

	_, _, err = f.svc.IssueResetLink(ctx, "8d6b2f7e-4a1c-4e0b-9a52-0f1d2c3b4a59", "jane@example.com", f.clock.Now())
	apperrtest.RequireKind(t, err, apperr.KindNotFound, "account_not_found")
	_, _, err = f.svc.IssueResetLink(ctx, "nope", "jane@example.com", f.clock.Now())
	apperrtest.RequireKind(t, err, apperr.KindNotFound, "account_not_found")
}

func TestRequestPasswordResetThrottle(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f, _, _ := newJane(t)
	var errs []*apperr.Error
	for _, email := range []string{"jane@example.com", "nobody@example.com"} {
		for range 3 {
			require.NoError(t, f.svc.RequestPasswordReset(ctx, email, ""))
			f.clock.Advance(time.Minute)
		}
		err := f.svc.RequestPasswordReset(ctx, email, "")
		errs = append(errs, apperrtest.RequireKind(t, err, apperr.KindResourceExhausted, "too_many_requests"))
		f.clock.Advance(-3 * time.Minute)
	}
	require.Equal(t, 57*time.Minute, errs[0].RetryAfter)
	require.Equal(t, *errs[0], *errs[1], "the same answer for a registered and an unknown address")
	require.Len(t, outbox(t, f.pool), 3)

	// Per client address: ten an hour, whatever the e-mail.
	for i := range 10 {
		require.NoError(t, f.svc.RequestPasswordReset(ctx, "someone"+string(rune('a'+i))+"@example.com", "192.0.2.9"))
	}
	err := f.svc.RequestPasswordReset(ctx, "another@example.com", "192.0.2.9")
	apperrtest.RequireKind(t, err, apperr.KindResourceExhausted, "too_many_requests")
	require.NoError(t, f.svc.RequestPasswordReset(ctx, "another@example.com", "192.0.2.10"))
}

func TestConfirmPasswordReset(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f, _, s1 := newJane(t)
	_, s2, err := f.svc.Login(ctx, "jane@example.com", "password1", "")
	require.NoError(t, err)
	failLogins(t, f, "jane@example.com", "", 4)

	require.NoError(t, f.svc.RequestPasswordReset(ctx, "jane@example.com", ""))
	olderLink, _ := f.issue(t, outbox(t, f.pool)[0])
	older := resetToken(t, olderLink)
	require.NoError(t, f.svc.RequestPasswordReset(ctx, "jane@example.com", ""))
	link, _ := f.issue(t, outbox(t, f.pool)[1])
	token := resetToken(t, link)

	err = f.svc.ConfirmPasswordReset(ctx, older, "brand-new-password")
	ae := apperrtest.RequireKind(t, err, apperr.KindFailedPrecondition, "invalid_reset_token")
	require.Equal(t, "This password reset link is invalid or has expired.", ae.Message)
	require.Equal(t, s1.ID, f.principal(t, s1.Token).SessionID, "a refused reset changes nothing")

	err = f.svc.ConfirmPasswordReset(ctx, token, "short")
	apperrtest.RequireKind(t, err, apperr.KindInvalid, "password_too_short")
	require.NoError(t, f.svc.ConfirmPasswordReset(ctx, token, "brand-new-password"))
	require.Equal(t, Anonymous, f.principal(t, s1.Token), "every session is revoked")
	require.Equal(t, Anonymous, f.principal(t, s2.Token))
	for range 5 {
		// The earlier failures were forgotten: five fresh tries before throttling.
		_, _, err = f.svc.Login(ctx, "jane@example.com", "password1", "")
		apperrtest.RequireKind(t, err, apperr.KindUnauthenticated, "invalid_credentials")
	}
	f.clock.Advance(time.Hour)
	_, _, err = f.svc.Login(ctx, "jane@example.com", "brand-new-password", "")
	require.NoError(t, err)

	err = f.svc.ConfirmPasswordReset(ctx, token, "another-password")
	apperrtest.RequireKind(t, err, apperr.KindFailedPrecondition, "invalid_reset_token") // single use
	err = f.svc.ConfirmPasswordReset(ctx, "not a token", "another-password")
	apperrtest.RequireKind(t, err, apperr.KindFailedPrecondition, "invalid_reset_token")
}

// A token that is no good is refused before any password hashing: with every hashing slot
// taken, the answer still comes at once. A live one waits for a slot.
func TestConfirmPasswordResetChecksTheTokenBeforeHashing(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f, _, _ := newJane(t)
	require.NoError(t, f.svc.RequestPasswordReset(ctx, "jane@example.com", ""))
	link, _ := f.issue(t, outbox(t, f.pool)[0])
	for range cap(f.svc.hashSlots) {
		f.svc.hashSlots <- struct{}{}
	}
	made, _, err := newToken()
	require.NoError(t, err)
	short, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	apperrtest.RequireKind(t, f.svc.ConfirmPasswordReset(short, made, "brand-new-password"), apperr.KindFailedPrecondition, "invalid_reset_token")
	require.NoError(t, short.Err(), "answered without waiting for a hashing slot")

	blocked, cancel := context.WithTimeout(ctx, 500*time.Millisecond)
	defer cancel()
	require.ErrorIs(t, f.svc.ConfirmPasswordReset(blocked, resetToken(t, link), "brand-new-password"), context.DeadlineExceeded,
		"a live token goes on to hash")
	for range cap(f.svc.hashSlots) {
		<-f.svc.hashSlots
	}
	require.NoError(t, f.svc.ConfirmPasswordReset(ctx, resetToken(t, link), "brand-new-password"), "the token was not used up")
}

func TestPasswordResetExpires(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f, _, _ := newJane(t)
	require.NoError(t, f.svc.RequestPasswordReset(ctx, "jane@example.com", ""))
	link, _ := f.issue(t, outbox(t, f.pool)[0])
	f.clock.Advance(time.Hour)
	err := f.svc.ConfirmPasswordReset(ctx, resetToken(t, link), "brand-new-password")
	apperrtest.RequireKind(t, err, apperr.KindFailedPrecondition, "invalid_reset_token")
	_, _, err = f.svc.Login(ctx, "jane@example.com", "password1", "")
	require.NoError(t, err, "the old password still works")
}

func TestRegisterThrottlePerIP(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newFixture(t)
	const ip = "198.51.100.7"
	f.register(t, jane(), "password1")
	for i := range 10 {
		if i == 5 {
			// A taken address counts too: probing which addresses are registered is throttled.
			_, _, err := f.svc.Register(ctx, jane(), "password1", ip)
			apperrtest.RequireKind(t, err, apperr.KindAlreadyExists, "email_taken")
			continue
		}
		_, _, err := f.svc.Register(ctx, Profile{FirstName: "P", LastName: "Q", Email: "p" + string(rune('a'+i)) + "@example.com"}, "password1", ip)
		require.NoError(t, err)
		f.clock.Advance(time.Minute)
	}
	// Invalid requests are refused before they are counted.
	_, _, err := f.svc.Register(ctx, Profile{FirstName: "P", LastName: "Q", Email: "bad"}, "password1", ip)
	apperrtest.RequireKind(t, err, apperr.KindInvalid, "invalid_email")

	_, _, err = f.svc.Register(ctx, Profile{FirstName: "P", LastName: "Q", Email: "late@example.com"}, "password1", ip)
	ae := apperrtest.RequireKind(t, err, apperr.KindResourceExhausted, "too_many_requests")
	require.Equal(t, 51*time.Minute, ae.RetryAfter, "the first registration (9 minutes ago) leaves the hour then")
	require.Equal(t, "Too many registrations from your network. Please try again in 51 minutes.", ae.Message)
	_, _, err = f.svc.Register(ctx, Profile{FirstName: "P", LastName: "Q", Email: "other@example.com"}, "password1", "198.51.100.8")
	require.NoError(t, err, "another address is not affected")
	_, _, err = f.svc.Register(ctx, Profile{FirstName: "P", LastName: "Q", Email: "nobody-knows@example.com"}, "password1", "")
	require.NoError(t, err, "an unknown client address is not limited")

	// A refused registration costs no password hash: it is answered with every hashing slot taken.
	for range cap(f.svc.hashSlots) {
		f.svc.hashSlots <- struct{}{}
	}
	short, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	_, _, err = f.svc.Register(short, Profile{FirstName: "P", LastName: "Q", Email: "late@example.com"}, "password1", ip)
	apperrtest.RequireKind(t, err, apperr.KindResourceExhausted, "too_many_requests")
	for range cap(f.svc.hashSlots) {
		<-f.svc.hashSlots
	}

	f.clock.Advance(ae.RetryAfter)
	_, _, err = f.svc.Register(ctx, Profile{FirstName: "P", LastName: "Q", Email: "late@example.com"}, "password1", ip)
	require.NoError(t, err, "the window slid past the first registration")
}

// Per-IP buckets key an IPv6 client by its /64 (throttle.ClientKey): one guesser's addresses
// share a bucket; IPv4 neighbours do not.
func TestIPKeys(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f, _, _ := newJane(t, WithLimits(Limits{LoginPerEmail: Limit{Max: 100, Window: time.Hour}, LoginPerIP: Limit{Max: 3, Window: time.Hour}}))
	for i, ip := range []string{"2001:db8:1:2::1", "2001:db8:1:2::2", "2001:db8:1:2:abcd:ef01:2345:6789"} {
		_, _, err := f.svc.Login(ctx, "guess"+string(rune('a'+i))+"@example.com", "wrong-password", ip)
		apperrtest.RequireKind(t, err, apperr.KindUnauthenticated, "invalid_credentials")
	}
	_, _, err := f.svc.Login(ctx, "jane@example.com", "password1", "2001:db8:1:2::99")
	apperrtest.RequireKind(t, err, apperr.KindResourceExhausted, "too_many_attempts") // another address, the same /64
	_, _, err = f.svc.Login(ctx, "jane@example.com", "password1", "2001:db8:1:3::1")
	require.NoError(t, err, "the next /64 is someone else")

	for i, ip := range []string{"192.0.2.1", "192.0.2.1", "192.0.2.1"} {
		_, _, err := f.svc.Login(ctx, "guess"+string(rune('a'+i))+"@example.com", "wrong-password", ip)
		apperrtest.RequireKind(t, err, apperr.KindUnauthenticated, "invalid_credentials")
	}
	_, _, err = f.svc.Login(ctx, "jane@example.com", "password1", "192.0.2.1")
	apperrtest.RequireKind(t, err, apperr.KindResourceExhausted, "too_many_attempts")
	_, _, err = f.svc.Login(ctx, "jane@example.com", "password1", "192.0.2.2")
	require.NoError(t, err, "IPv4 neighbours are separate clients")
}

func TestListAccounts(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newFixture(t)
	names := []string{"Ava Sinclair", "Olivia Hart", "Jane Doe", "Zoe Hartley", "Mia Lee"}
	for i, n := range names {
		first, last, _ := cutSpace(n)
		f.register(t, Profile{FirstName: first, LastName: last, Email: first + "@example.com"}, "password1")
		if i != 2 {
			f.clock.Advance(time.Minute) // Jane and Zoe share a creation time: the id breaks the tie
		}
	}
	var got []string
	token := ""
	for pages := 0; ; pages++ {
		require.Less(t, pages, 5)
		page, err := f.svc.ListAccounts(ctx, AccountQuery{PageSize: 2, PageToken: token})
		require.NoError(t, err)
		require.LessOrEqual(t, len(page.Accounts), 2)
		for _, u := range page.Accounts {
			got = append(got, u.FirstName)
		}
		if token = page.NextPageToken; token == "" {
			break
		}
	}
	require.Len(t, got, 5)
	require.Equal(t, []string{"Mia", "Ava"}, []string{got[0], got[4]}, "newest first")
	require.ElementsMatch(t, []string{"Jane", "Zoe"}, got[1:3])
	require.Equal(t, "Olivia", got[3])

	all, err := f.svc.ListAccounts(ctx, AccountQuery{})
	require.NoError(t, err)
	require.Len(t, all.Accounts, 5)
	require.Empty(t, all.NextPageToken)

	hart, err := f.svc.ListAccounts(ctx, AccountQuery{Query: " HART"})
	require.NoError(t, err)
	require.Len(t, hart.Accounts, 2, "name match, case-insensitive")
	byMail, err := f.svc.ListAccounts(ctx, AccountQuery{Query: "mia@"})
	require.NoError(t, err)
	require.Len(t, byMail.Accounts, 1)
	none, err := f.svc.ListAccounts(ctx, AccountQuery{Query: "%"})
	require.NoError(t, err)
	require.Empty(t, none.Accounts, "no wildcards")

	_, err = f.svc.ListAccounts(ctx, AccountQuery{PageToken: "bogus"})
	apperrtest.RequireKind(t, err, apperr.KindInvalid, "invalid_page_token")

	// By role, alone and with a search and pages.
	for _, email := range []string{"zoe@example.com", "olivia@example.com"} {
		_, _, err := f.svc.CreateOrPromoteAdmin(ctx, Profile{Email: email, FirstName: "x", LastName: "y"}, "password1")
		require.NoError(t, err)
	}
	admins, err := f.svc.ListAccounts(ctx, AccountQuery{Role: RoleAdmin})
	require.NoError(t, err)
	require.Equal(t, []string{"Zoe", "Olivia"}, firstNames(admins.Accounts), "newest first")
	customers, err := f.svc.ListAccounts(ctx, AccountQuery{Role: RoleCustomer})
	require.NoError(t, err)
	require.Equal(t, []string{"Mia", "Ava"}, []string{customers.Accounts[0].FirstName, customers.Accounts[2].FirstName})
	require.Len(t, customers.Accounts, 3)
	hartAdmins, err := f.svc.ListAccounts(ctx, AccountQuery{Role: RoleAdmin, Query: "hartley"})
	require.NoError(t, err)
	require.Equal(t, []string{"Zoe"}, firstNames(hartAdmins.Accounts))
	first, err := f.svc.ListAccounts(ctx, AccountQuery{Role: RoleAdmin, PageSize: 1})
	require.NoError(t, err)
	second, err := f.svc.ListAccounts(ctx, AccountQuery{Role: RoleAdmin, PageSize: 1, PageToken: first.NextPageToken})
	require.NoError(t, err)
	require.Equal(t, []string{"Zoe", "Olivia"}, firstNames(append(first.Accounts, second.Accounts...)))
	require.Empty(t, second.NextPageToken)
	_, err = f.svc.ListAccounts(ctx, AccountQuery{Role: RoleAnonymous})
	apperrtest.RequireKind(t, err, apperr.KindInvalid, "invalid_role")
}

func firstNames(us []User) []string {
	out := make([]string, len(us))
	for i, u := range us {
		out[i] = u.FirstName
	}
	return out
}

func cutSpace(s string) (string, string, bool) {
	for i := range s {
		if s[i] == ' ' {
			return s[:i], s[i+1:], true
		}
	}
	return s, "", false
}

func TestUpdateAccountRole(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newFixture(t)
	admin, created, err := f.svc.CreateOrPromoteAdmin(ctx, Profile{FirstName: "Ava", LastName: "Sinclair", Email: "ava@example.com"}, "admin-password")
	require.NoError(t, err)
	require.True(t, created)
	_, _, err = f.svc.Login(ctx, "ava@example.com", "admin-password", "")
	require.NoError(t, err)
	_, as, err := f.svc.Login(ctx, "ava@example.com", "admin-password", "")
	require.NoError(t, err)
	ap := f.principal(t, as.Token)
	require.Equal(t, RoleAdmin, ap.Role)
	customer, cs := f.register(t, jane(), "password1")

	_, err = f.svc.UpdateAccountRole(ctx, ap, admin.ID, RoleCustomer, "")
	apperrtest.RequireKind(t, err, apperr.KindFailedPrecondition, "own_role")
	_, err = f.svc.UpdateAccountRole(ctx, ap, "8d6b2f7e-4a1c-4e0b-9a52-0f1d2c3b4a59", RoleAdmin, "")
	apperrtest.RequireKind(t, err, apperr.KindNotFound, "account_not_found")
	_, err = f.svc.UpdateAccountRole(ctx, ap, "nope", RoleAdmin, "")
	apperrtest.RequireKind(t, err, apperr.KindNotFound, "account_not_found")
	_, err = f.svc.UpdateAccountRole(ctx, ap, customer.ID, RoleAnonymous, "")
	apperrtest.RequireKind(t, err, apperr.KindInvalid, "invalid_role")
	_, err = f.svc.UpdateAccountRole(ctx, f.principal(t, cs.Token), admin.ID, RoleCustomer, "")
	apperrtest.RequireKind(t, err, apperr.KindPermissionDenied, "permission_denied")

	promoted, err := f.svc.UpdateAccountRole(ctx, ap, customer.ID, RoleAdmin, "")
	require.NoError(t, err)
	require.Equal(t, RoleAdmin, promoted.Role)
	require.Equal(t, RoleAdmin, f.principal(t, cs.Token).Role, "a promotion takes effect at once and keeps the session")
	_, err = f.svc.UpdateAccountRole(ctx, ap, customer.ID, RoleAdmin, "")
	require.NoError(t, err, "setting the same role again is harmless")
	require.True(t, f.principal(t, cs.Token).SignedIn())

	// Now Jane, an admin, withdraws Ava's role: every session of Ava's ends.
	f.clock.Advance(time.Second)
	jp := f.principal(t, cs.Token)
	demoted, err := f.svc.UpdateAccountRole(ctx, jp, admin.ID, RoleCustomer, "")
	require.NoError(t, err)
	require.Equal(t, RoleCustomer, demoted.Role)
	require.Equal(t, Anonymous, f.principal(t, as.Token))

	// Jane is the last admin: her role cannot be withdrawn, even by a caller still holding an
	// admin principal from before.
	_, err = f.svc.UpdateAccountRole(ctx, ap, customer.ID, RoleCustomer, "")
	apperrtest.RequireKind(t, err, apperr.KindFailedPrecondition, "last_admin")
	require.Equal(t, RoleAdmin, f.principal(t, cs.Token).Role, "she keeps it, and her session")

	// The two changes made are in the audit trail, with who made them; refusals and the repeated
	// promotion (which changed nothing) are not.
	require.Equal(t, []auditRow{
		{actorID: admin.ID, actorName: "Ava Sinclair", actorEmail: "ava@example.com", action: "account.role_changed",
			subject: customer.ID, detail: `{"from":"customer","to":"admin"}`},
		{actorID: customer.ID, actorName: "Jane Doe", actorEmail: "jane@example.com", action: "account.role_changed",
			subject: admin.ID, detail: `{"from":"admin","to":"customer"}`},
	}, auditTrail(t, f.pool))
}

type auditRow struct {
	actorID, actorName, actorEmail, action, subject, detail string
}

// auditTrail reads the account entries of the audit trail, oldest first.
func auditTrail(t *testing.T, pool *pgxpool.Pool) []auditRow {
	t.Helper()
	rows, err := pool.Query(context.Background(), `SELECT COALESCE(actor_id::text, ''), actor_name, actor_email, action,
		subject_id, detail::text FROM audit_events WHERE subject_type = 'account' ORDER BY occurred_at, id`)
	require.NoError(t, err)
	var out []auditRow
	for rows.Next() {
		var r auditRow
		require.NoError(t, rows.Scan(&r.actorID, &r.actorName, &r.actorEmail, &r.action, &r.subject, &r.detail))
		var detail map[string]any
		require.NoError(t, json.Unmarshal([]byte(r.detail), &detail))
		b, err := json.Marshal(detail) // keys sorted, no spaces
		require.NoError(t, err)
		r.detail = string(b)
		out = append(out, r)
	}
	require.NoError(t, rows.Err())
	return out
}

func TestRevokeAccountSessions(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	unknown := "8d6b2f7e-4a1c-4e0b-9a52-0f1d2c3b4a59"
	for _, tc := range []struct {
		name   string
		caller func(fx revokeFixture) Principal
		target func(fx revokeFixture) string
		kind   apperr.Kind
		reason string
	}{
		{"a customer", func(fx revokeFixture) Principal { return fx.janeP }, func(fx revokeFixture) string { return fx.admin.ID },
			apperr.KindPermissionDenied, "permission_denied"},
		{"own sessions", func(fx revokeFixture) Principal { return fx.adminP }, func(fx revokeFixture) string { return fx.admin.ID },
			apperr.KindFailedPrecondition, "own_sessions"},
		{"unknown account", func(fx revokeFixture) Principal { return fx.adminP }, func(revokeFixture) string { return unknown },
			apperr.KindNotFound, "account_not_found"},
		{"malformed id", func(fx revokeFixture) Principal { return fx.adminP }, func(revokeFixture) string { return "nope" },
			apperr.KindNotFound, "account_not_found"},
	} {
		t.Run("refused: "+tc.name, func(t *testing.T) {
			t.Parallel()
			fx := newRevokeFixture(t)
			_, err := fx.svc.RevokeAccountSessions(ctx, tc.caller(fx), tc.target(fx))
			apperrtest.RequireKind(t, err, tc.kind, tc.reason)
			// A refused revocation changes nothing: every session still works, nothing is audited.
			require.Equal(t, fx.janeP, fx.principal(t, fx.janeTokens[0]))
			require.Equal(t, fx.janeP.AccountID, fx.principal(t, fx.janeTokens[1]).AccountID)
			require.Equal(t, fx.adminP, fx.principal(t, fx.adminToken))
			require.Empty(t, auditTrail(t, fx.pool))
		})
	}
	t.Run("signs the account out everywhere", func(t *testing.T) {
		t.Parallel()
		fx := newRevokeFixture(t)
		// An expired session is not counted: it had ended already.
		now := fx.clock.Now()
		_, err := fx.pool.Exec(ctx, `INSERT INTO sessions (account_id, token_hash, created_at, expires_at)
			VALUES ($1, '\\x00', $2, $3)`, fx.jane.ID, now.Add(-48*time.Hour), now.Add(-time.Hour))
		require.NoError(t, err)
		n, err := fx.svc.RevokeAccountSessions(ctx, fx.adminP, fx.jane.ID)
		require.NoError(t, err)
		require.Equal(t, 2, n)
		for _, tok := range fx.janeTokens {
			require.Equal(t, Anonymous, fx.principal(t, tok))
		}
		require.Equal(t, fx.adminP, fx.principal(t, fx.adminToken), "other accounts keep theirs")
		_, _, err = fx.svc.Login(ctx, "jane@example.com", "password1", "")
		require.NoError(t, err, "password and account are untouched: she can sign in again")

		fx.clock.Advance(time.Second)
		again, err := fx.svc.RevokeAccountSessions(ctx, fx.adminP, fx.jane.ID)
		require.NoError(t, err)
		require.Equal(t, 1, again, "the new sign-in only")
		trail := auditTrail(t, fx.pool)
		require.Len(t, trail, 2)
		require.Equal(t, auditRow{actorID: fx.admin.ID, actorName: "Ava Sinclair", actorEmail: "ava@example.com",
			action: "account.sessions_revoked", subject: fx.jane.ID, detail: `{"sessions":2}`}, trail[0])
		require.JSONEq(t, `{"sessions": 1}`, trail[1].detail)
	})
}

type revokeFixture struct {
	fixture
	admin, jane   User
	adminP, janeP Principal
	adminToken    string
	janeTokens    []string
}

// newRevokeFixture: Ava is an admin with one session, Jane a customer signed in on two devices.
func newRevokeFixture(t *testing.T) revokeFixture {
	t.Helper()
	ctx := context.Background()
	fx := revokeFixture{fixture: newFixture(t)}
	var err error
	fx.admin, _, err = fx.svc.CreateOrPromoteAdmin(ctx, Profile{FirstName: "Ava", LastName: "Sinclair", Email: "ava@example.com"}, "admin-password")
	require.NoError(t, err)
	_, as, err := fx.svc.Login(ctx, "ava@example.com", "admin-password", "")
	require.NoError(t, err)
	fx.adminToken, fx.adminP = as.Token, fx.principal(t, as.Token)
	var s1 Session
	fx.jane, s1 = fx.register(t, jane(), "password1")
	_, s2, err := fx.svc.Login(ctx, "jane@example.com", "password1", "")
	require.NoError(t, err)
	fx.janeTokens = []string{s1.Token, s2.Token}
	fx.janeP = fx.principal(t, s1.Token)
	return fx
}

// Two admins withdrawing each other's role at the same moment: the admins are counted in the
// SERIALIZABLE transaction, so one succeeds and the other finds the last admin.
func TestUpdateAccountRoleKeepsAnAdminUnderConcurrency(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newFixture(t)
	for round := range 3 {
		var ids [2]string
		var ps [2]Principal
		for i, name := range []string{"ava", "zoe"} {
			email := name + string(rune('0'+round)) + "@example.com"
			u, _, err := f.svc.CreateOrPromoteAdmin(ctx, Profile{FirstName: name, LastName: "Admin", Email: email}, "admin-password")
			require.NoError(t, err)
			_, s, err := f.svc.Login(ctx, email, "admin-password", "")
			require.NoError(t, err)
			ids[i], ps[i] = u.ID, f.principal(t, s.Token)
		}
		// Only these two are admins in this round.
		_, err := f.pool.Exec(ctx, `UPDATE accounts SET role = 'customer' WHERE NOT (id = ANY($1::uuid[]))`, ids[:])
		require.NoError(t, err)
		errs := make([]error, 2)
		var wg sync.WaitGroup
		for i := range 2 {
			wg.Go(func() { _, errs[i] = f.svc.UpdateAccountRole(ctx, ps[i], ids[1-i], RoleCustomer, "") })
		}
		wg.Wait()
		var ok, refused int
		for _, err := range errs {
			if err == nil {
				ok++
				continue
			}
			apperrtest.RequireKind(t, err, apperr.KindFailedPrecondition, "last_admin")
			refused++
		}
		require.Equal(t, [2]int{1, 1}, [2]int{ok, refused}, "round %d: %v", round, errs)
		var admins int
		require.NoError(t, f.pool.QueryRow(ctx, `SELECT count(*) FROM accounts WHERE role = 'admin'`).Scan(&admins))
		require.Equal(t, 1, admins)
		require.Len(t, auditTrail(t, f.pool), round+1, "round %d: the change that won is audited once, the refused one not", round)
	}
}

func TestCreateOrPromoteAdmin(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f, _, _ := newJane(t)
	u, created, err := f.svc.CreateOrPromoteAdmin(ctx, Profile{FirstName: "X", LastName: "Y", Email: "JANE@example.com"}, "other-password")
	require.NoError(t, err)
	require.False(t, created)
	require.Equal(t, RoleAdmin, u.Role)
	require.Equal(t, "Jane", u.FirstName, "a promotion keeps the profile")
	_, _, err = f.svc.Login(ctx, "jane@example.com", "password1", "")
	require.NoError(t, err, "and the password its owner chose")

	_, _, err = f.svc.CreateOrPromoteAdmin(ctx, Profile{FirstName: "A", LastName: "B", Email: "new@example.com"}, "short")
	apperrtest.RequireKind(t, err, apperr.KindInvalid, "password_too_short")

	// EnsureAccount leaves an existing account alone, role included.
	u, created, err = f.svc.EnsureAccount(ctx, Profile{FirstName: "Olivia", LastName: "Hart", Email: "olivia@example.com"}, "customer-pw", RoleCustomer)
	require.NoError(t, err)
	require.True(t, created)
	require.NoError(t, f.svc.ChangePassword(ctx, Principal{AccountID: u.ID, Role: RoleCustomer}, "customer-pw", "changed-password"))
	again, created, err := f.svc.EnsureAccount(ctx, Profile{FirstName: "Olivia", LastName: "Hart", Email: "olivia@example.com"}, "customer-pw", RoleAdmin)
	require.NoError(t, err)
	require.False(t, created)
	require.Equal(t, RoleCustomer, again.Role)
	_, _, err = f.svc.Login(ctx, "olivia@example.com", "changed-password", "")
	require.NoError(t, err, "a re-run does not reset a changed password")
}

func TestPrune(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f, _, s := newJane(t)
	failLogins(t, f, "jane@example.com", "192.0.2.1", 2)
	require.NoError(t, f.svc.RequestPasswordReset(ctx, "jane@example.com", ""))
	f.issue(t, outbox(t, f.pool)[0])
	n, err := f.svc.Prune(ctx)
	require.NoError(t, err)
	require.Zero(t, n, "nothing is old yet")

	f.clock.Advance(testSettings.SessionTTL)
	n, err = f.svc.Prune(ctx)
	require.NoError(t, err)
	require.Equal(t, int64(1+1), n, "the session and the reset token (attempts are the throttle package's to prune)")
	require.Equal(t, Anonymous, f.principal(t, s.Token))
}
