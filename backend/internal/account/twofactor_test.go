package account

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/apperr/apperrtest"
	"github.com/stretchr/testify/require"
)

// requiredTOTP is the production setting: admins must have two-factor authentication.
var requiredTOTP = func() Settings { s := testSettings; s.AdminTOTPOptional = false; return s }()

// enrolled is an account with two-factor authentication on.
type enrolled struct {
	user     User
	session  Session
	secret   []byte
	recovery []string
}

// code is the secret's code at the fixture's current time.
func (f fixture) code(secret []byte) string { return totpCode(secret, f.clock.Now()) }

// enrol sets up and enables 2FA for the account signed in with sess, then moves the clock to the
// next time step, so that the step used to enable it is behind (and a fresh code exists).
func (f fixture) enrol(t *testing.T, u User, sess Session, password string) enrolled {
	t.Helper()
	ctx := context.Background()
	p := f.principal(t, sess.Token)
	setup, err := f.svc.BeginTOTPSetup(ctx, p, password)
	require.NoError(t, err)
	secret, err := b32.DecodeString(setup.Secret)
	require.NoError(t, err)
	codes, err := f.svc.EnableTOTP(ctx, p, f.code(secret))
	require.NoError(t, err)
	f.clock.Advance(totpPeriod * time.Second)
	return enrolled{user: u, session: sess, secret: secret, recovery: codes}
}

func (f fixture) janeEnrolled(t *testing.T) enrolled {
	t.Helper()
	u, s := f.register(t, jane(), "password1")
	return f.enrol(t, u, s, "password1")
}

func TestTOTPSetup(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newFixtureWith(t, requiredTOTP)
	u, sess := f.register(t, jane(), "password1")
	_, other, err := f.svc.Login(ctx, "jane@example.com", "password1", "")
	require.NoError(t, err)
	p := f.principal(t, sess.Token)

	// Refused requests change nothing.
	_, err = f.svc.BeginTOTPSetup(ctx, Anonymous, "password1")
	apperrtest.RequireKind(t, err, apperr.KindUnauthenticated, "unauthenticated")
	_, err = f.svc.BeginTOTPSetup(ctx, p, "")
	apperrtest.RequireKind(t, err, apperr.KindInvalid, "missing_current_password")
	_, err = f.svc.BeginTOTPSetup(ctx, p, "password2")
	apperrtest.RequireKind(t, err, apperr.KindInvalid, "wrong_password")
	_, err = f.svc.EnableTOTP(ctx, p, "123456")
	apperrtest.RequireKind(t, err, apperr.KindFailedPrecondition, "totp_setup_not_started")
	require.Zero(t, count(t, f.pool, "account_totp"))

	first, err := f.svc.BeginTOTPSetup(ctx, p, "password1")
	require.NoError(t, err)
	require.Len(t, first.Secret, 32, "160 bits in base32")
	require.True(t, strings.HasPrefix(first.URI, "otpauth://totp/Atelier:jane@example.com?"), first.URI)
	require.Contains(t, first.URI, "secret="+first.Secret)
	// Starting again replaces the unconfirmed secret: a code of the first one no longer works.
	second, err := f.svc.BeginTOTPSetup(ctx, p, "password1")
	require.NoError(t, err)
	require.NotEqual(t, first.Secret, second.Secret)
	firstSecret, _ := b32.DecodeString(first.Secret)
	secret, _ := b32.DecodeString(second.Secret)

	for _, tc := range []struct{ name, code string }{
		{"code of the replaced secret", f.code(firstSecret)},
		{"wrong code", wrongCode(f.code(secret))},
		{"not a code", "abcdef"},
	} {
		_, err = f.svc.EnableTOTP(ctx, p, tc.code)
		apperrtest.RequireKind(t, err, apperr.KindInvalid, "invalid_totp_code")
		me, err := f.svc.GetMe(ctx, p)
		require.NoError(t, err)
		require.False(t, me.TOTPEnabled, tc.name)
	}
	// Pending setup: sign-in still needs only the password.
	_, _, err = f.svc.Login(ctx, "jane@example.com", "password1", "")
	require.NoError(t, err)

	codes, err := f.svc.EnableTOTP(ctx, p, f.code(secret))
	require.NoError(t, err)
	require.Len(t, codes, 10)
	require.Equal(t, 10, count(t, f.pool, "account_recovery_codes"))
	var stored int
	require.NoError(t, f.pool.QueryRow(ctx, `SELECT count(*) FROM account_recovery_codes WHERE code_hash = $1`, []byte(codes[0])).Scan(&stored))
	require.Zero(t, stored, "only hashes are stored")
	me, err := f.svc.GetMe(ctx, p)
	require.NoError(t, err)
	require.True(t, me.TOTPEnabled)
	require.Equal(t, u.ID, me.ID)
	require.True(t, f.principal(t, sess.Token).SignedIn(), "the enrolling session stays")
	require.False(t, f.principal(t, other.Token).SignedIn(), "every other session ends")

	_, err = f.svc.BeginTOTPSetup(ctx, p, "password1")
	apperrtest.RequireKind(t, err, apperr.KindFailedPrecondition, "totp_already_enabled")
	_, err = f.svc.EnableTOTP(ctx, p, f.code(secret))
	apperrtest.RequireKind(t, err, apperr.KindFailedPrecondition, "totp_already_enabled")
}

// wrongCode is a 6-digit code that is not c (nor, with overwhelming likelihood, a neighbour's).
func wrongCode(c string) string {
	if c == "000000" {
		return "000001"
	}
	return "000000"
}

func TestSignInWithTOTP(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	for _, tc := range []struct {
		name   string
		creds  func(f fixture, e enrolled) Credentials
		kind   apperr.Kind // zero: signed in
		reason string
	}{
		{"password and current code", func(f fixture, e enrolled) Credentials {
			return Credentials{Email: "jane@example.com", Password: "password1", TOTPCode: f.code(e.secret)}
		}, 0, ""},
		{"code of the previous step (slow phone clock)", func(f fixture, e enrolled) Credentials {
			// enrol moved one step on; the step before was used to enable. Two steps on, the
			// previous step is fresh.
			f.clock.Advance(totpPeriod * time.Second)
			return Credentials{Email: "jane@example.com", Password: "password1", TOTPCode: totpCode(e.secret, f.clock.Now().Add(-totpPeriod*time.Second))}
		}, 0, ""},
		{"recovery code", func(_ fixture, e enrolled) Credentials {
			return Credentials{Email: "jane@example.com", Password: "password1", RecoveryCode: e.recovery[3]}
		}, 0, ""},
		{"recovery code typed in capitals without dashes", func(_ fixture, e enrolled) Credentials {
			return Credentials{Email: "jane@example.com", Password: "password1", RecoveryCode: strings.ToUpper(strings.ReplaceAll(e.recovery[0], "-", ""))}
		}, 0, ""},
		{"no code", func(_ fixture, _ enrolled) Credentials {
			return Credentials{Email: "jane@example.com", Password: "password1"}
		}, apperr.KindFailedPrecondition, "totp_required"},
		{"no code and a wrong password: the password is checked first", func(_ fixture, _ enrolled) Credentials {
			return Credentials{Email: "jane@example.com", Password: "password2"}
		}, apperr.KindUnauthenticated, "invalid_credentials"},
		{"right code, wrong password", func(f fixture, e enrolled) Credentials {
			return Credentials{Email: "jane@example.com", Password: "password2", TOTPCode: f.code(e.secret)}
		}, apperr.KindUnauthenticated, "invalid_credentials"},
		{"wrong code", func(f fixture, e enrolled) Credentials {
			return Credentials{Email: "jane@example.com", Password: "password1", TOTPCode: wrongCode(f.code(e.secret))}
		}, apperr.KindUnauthenticated, "invalid_credentials"},
		{"the code used to enable (replay)", func(f fixture, e enrolled) Credentials {
			return Credentials{Email: "jane@example.com", Password: "password1", TOTPCode: totpCode(e.secret, f.clock.Now().Add(-totpPeriod*time.Second))}
		}, apperr.KindUnauthenticated, "invalid_credentials"},
		{"code two steps old", func(f fixture, e enrolled) Credentials {
			f.clock.Advance(2 * totpPeriod * time.Second)
			return Credentials{Email: "jane@example.com", Password: "password1", TOTPCode: totpCode(e.secret, f.clock.Now().Add(-2*totpPeriod*time.Second))}
		}, apperr.KindUnauthenticated, "invalid_credentials"},
		{"made-up recovery code", func(_ fixture, _ enrolled) Credentials {
			return Credentials{Email: "jane@example.com", Password: "password1", RecoveryCode: "aaaa-bbbb-cccc-dddd"}
		}, apperr.KindUnauthenticated, "invalid_credentials"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			f := newFixtureWith(t, requiredTOTP)
			e := f.janeEnrolled(t)
			sessions := count(t, f.pool, "sessions")
			u, s, err := f.svc.SignIn(ctx, tc.creds(f, e), "203.0.113.5")
			if tc.kind == 0 {
				require.NoError(t, err)
				require.Equal(t, e.user.ID, u.ID)
				require.True(t, f.principal(t, s.Token).SignedIn())
				return
			}
			apperrtest.RequireKind(t, err, tc.kind, tc.reason)
			require.Equal(t, sessions, count(t, f.pool, "sessions"), "a refused sign-in makes no session")
		})
	}
}

func TestSecondFactorsAreSingleUse(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newFixtureWith(t, requiredTOTP)
	e := f.janeEnrolled(t)
	signIn := func(totp, recovery string) error {
		_, _, err := f.svc.SignIn(ctx, Credentials{Email: "jane@example.com", Password: "password1", TOTPCode: totp, RecoveryCode: recovery}, "")
		return err
	}
	code := f.code(e.secret)
	require.NoError(t, signIn(code, ""))
	apperrtest.RequireKind(t, signIn(code, ""), apperr.KindUnauthenticated, "invalid_credentials")
	// The next step's code (a phone running a little fast) is fresh, and then the current one is
	// older than the last used: refused too.
	require.NoError(t, signIn(totpCode(e.secret, f.clock.Now().Add(totpPeriod*time.Second)), ""))
	f.clock.Advance(totpPeriod * time.Second)
	apperrtest.RequireKind(t, signIn(f.code(e.secret), ""), apperr.KindUnauthenticated, "invalid_credentials")

	require.NoError(t, signIn("", e.recovery[5]))
	apperrtest.RequireKind(t, signIn("", e.recovery[5]), apperr.KindUnauthenticated, "invalid_credentials")
	require.NoError(t, signIn("", e.recovery[6]), "the other codes still work")
}

func TestTOTPFailuresAreThrottled(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newFixtureWith(t, requiredTOTP)
	e := f.janeEnrolled(t)
	withCode := func(code string) error {
		_, _, err := f.svc.SignIn(ctx, Credentials{Email: "jane@example.com", Password: "password1", TOTPCode: code}, "203.0.113.5")
		return err
	}
	// Asking for the code is not a failure: the password was right.
	for range 8 {
		apperrtest.RequireKind(t, withCode(""), apperr.KindFailedPrecondition, "totp_required")
	}
	wrong := wrongCode(f.code(e.secret))
	for range DefaultLimits.LoginPerEmail.Max {
		apperrtest.RequireKind(t, withCode(wrong), apperr.KindUnauthenticated, "invalid_credentials")
	}
	apperrtest.RequireKind(t, withCode(f.code(e.secret)), apperr.KindResourceExhausted, "too_many_attempts")
	f.clock.Advance(DefaultLimits.LoginPerEmail.Window)
	require.NoError(t, withCode(f.code(e.secret)), "the window passed")
}

func TestDisableTOTP(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newFixtureWith(t, requiredTOTP)
	e := f.janeEnrolled(t)
	p := f.principal(t, e.session.Token)
	for _, tc := range []struct {
		name, password, code string
		kind                 apperr.Kind
		reason               string
	}{
		{"no password", "", f.code(e.secret), apperr.KindInvalid, "missing_current_password"},
		{"no code", "password1", "", apperr.KindInvalid, "missing_totp_code"},
		{"wrong password", "password2", f.code(e.secret), apperr.KindInvalid, "wrong_password"},
		{"wrong code", "password1", wrongCode(f.code(e.secret)), apperr.KindInvalid, "invalid_totp_code"},
		{"made-up recovery code", "password1", "aaaa-bbbb-cccc-dddd", apperr.KindInvalid, "invalid_totp_code"},
	} {
		err := f.svc.DisableTOTP(ctx, p, tc.password, tc.code)
		apperrtest.RequireKind(t, err, tc.kind, tc.reason)
		me, err := f.svc.GetMe(ctx, p)
		require.NoError(t, err)
		require.True(t, me.TOTPEnabled, "%s: still on", tc.name)
	}
	require.NoError(t, f.svc.DisableTOTP(ctx, p, "password1", e.recovery[9]))
	me, err := f.svc.GetMe(ctx, p)
	require.NoError(t, err)
	require.False(t, me.TOTPEnabled)
	require.Zero(t, count(t, f.pool, "account_totp"))
	require.Zero(t, count(t, f.pool, "account_recovery_codes"))
	_, _, err = f.svc.Login(ctx, "jane@example.com", "password1", "")
	require.NoError(t, err, "the password alone signs in again")
	err = f.svc.DisableTOTP(ctx, p, "password1", "123456")
	apperrtest.RequireKind(t, err, apperr.KindFailedPrecondition, "totp_not_enabled")
}

func TestAdminWithoutTOTP(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	for _, tc := range []struct {
		name     string
		settings Settings
		role     Role
	}{
		{"required (production)", requiredTOTP, RoleCustomer},
		{"optional (development)", testSettings, RoleAdmin},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			f := newFixtureWith(t, tc.settings)
			admin, _, err := f.svc.CreateOrPromoteAdmin(ctx, Profile{FirstName: "Ava", LastName: "Sinclair", Email: "ava@example.com"}, "admin-password")
			require.NoError(t, err)
			u, s, err := f.svc.Login(ctx, "ava@example.com", "admin-password", "")
			require.NoError(t, err, "the password alone signs an admin in: they must be able to enrol")
			require.Equal(t, RoleAdmin, u.Role)
			p := f.principal(t, s.Token)
			require.Equal(t, tc.role, p.Role)
			required := tc.role == RoleCustomer
			require.Equal(t, required, p.TOTPEnrolmentRequired)
			me, err := f.svc.GetMe(ctx, p)
			require.NoError(t, err)
			require.Equal(t, RoleAdmin, me.Role)
			require.Equal(t, required, me.TOTPEnrolmentRequired)

			// Once enrolled (from the customer-powered session), a sign-in with a code is an admin's.
			f.enrol(t, admin, s, "admin-password")
			_, s2, err := f.svc.SignIn(ctx, Credentials{Email: "ava@example.com", Password: "admin-password", TOTPCode: f.code(mustSecret(t, f, admin.ID))}, "")
			require.NoError(t, err)
			p2 := f.principal(t, s2.Token)
			require.Equal(t, RoleAdmin, p2.Role)
			require.False(t, p2.TOTPEnrolmentRequired)
			me, err = f.svc.GetMe(ctx, p2)
			require.NoError(t, err)
			require.True(t, me.TOTPEnabled)
			require.False(t, me.TOTPEnrolmentRequired)
		})
	}
}

// mustSecret reads an account's stored secret.
func mustSecret(t *testing.T, f fixture, accountID string) []byte {
	t.Helper()
	var secret []byte
	require.NoError(t, f.pool.QueryRow(context.Background(), `SELECT secret FROM account_totp WHERE account_id = $1`, accountID).Scan(&secret))
	return secret
}

func TestUpdateAccountRoleStepUp(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newFixtureWith(t, requiredTOTP)
	admin, _, err := f.svc.CreateOrPromoteAdmin(ctx, Profile{FirstName: "Ava", LastName: "Sinclair", Email: "ava@example.com"}, "admin-password")
	require.NoError(t, err)
	_, s, err := f.svc.Login(ctx, "ava@example.com", "admin-password", "")
	require.NoError(t, err)
	e := f.enrol(t, admin, s, "admin-password")
	signInCode := f.code(e.secret)
	_, s, err = f.svc.SignIn(ctx, Credentials{Email: "ava@example.com", Password: "admin-password", TOTPCode: signInCode}, "")
	require.NoError(t, err)
	ap := f.principal(t, s.Token)
	require.Equal(t, RoleAdmin, ap.Role)
	customer, cs := f.register(t, jane(), "password1")

	for _, tc := range []struct {
		name, code string
		kind       apperr.Kind
		reason     string
	}{
		{"no code", "", apperr.KindFailedPrecondition, "totp_required"},
		{"wrong code", wrongCode(signInCode), apperr.KindInvalid, "invalid_totp_code"},
		{"the code just used to sign in", signInCode, apperr.KindInvalid, "invalid_totp_code"},
		{"a recovery code is no step-up", e.recovery[0], apperr.KindInvalid, "invalid_totp_code"},
	} {
		_, err := f.svc.UpdateAccountRole(ctx, ap, customer.ID, RoleAdmin, tc.code)
		apperrtest.RequireKind(t, err, tc.kind, tc.reason)
		require.Equal(t, RoleCustomer, f.principal(t, cs.Token).Role, "%s: nothing changed", tc.name)
	}
	// A customer's principal (an un-enrolled admin while 2FA is required) is refused outright.
	_, err = f.svc.UpdateAccountRole(ctx, f.principal(t, cs.Token), admin.ID, RoleCustomer, "")
	apperrtest.RequireKind(t, err, apperr.KindPermissionDenied, "permission_denied")

	fresh := totpCode(e.secret, f.clock.Now().Add(totpPeriod*time.Second))
	promoted, err := f.svc.UpdateAccountRole(ctx, ap, customer.ID, RoleAdmin, fresh)
	require.NoError(t, err)
	require.Equal(t, RoleAdmin, promoted.Role)
	// Jane is an admin now but without 2FA: she has a customer's powers until she enrols.
	jp := f.principal(t, cs.Token)
	require.Equal(t, RoleCustomer, jp.Role)
	require.True(t, jp.TOTPEnrolmentRequired)
	_, err = f.svc.UpdateAccountRole(ctx, ap, customer.ID, RoleCustomer, fresh)
	apperrtest.RequireKind(t, err, apperr.KindInvalid, "invalid_totp_code")

	// Wrong step-up codes count like failed sign-ins.
	for range DefaultLimits.LoginPerEmail.Max - 4 { // four wrong ones above (the empty one is not counted)
		_, err = f.svc.UpdateAccountRole(ctx, ap, customer.ID, RoleCustomer, "000000")
		apperrtest.RequireKind(t, err, apperr.KindInvalid, "invalid_totp_code")
	}
	_, err = f.svc.UpdateAccountRole(ctx, ap, customer.ID, RoleCustomer, "000000")
	apperrtest.RequireKind(t, err, apperr.KindResourceExhausted, "too_many_attempts")
}

func TestStepUpWhere2FAIsOptional(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newFixture(t)
	u, s := f.register(t, jane(), "password1")
	require.NoError(t, f.svc.StepUp(ctx, f.principal(t, s.Token), ""), "development: no 2FA, no step-up")
	e := f.enrol(t, u, s, "password1")
	apperrtest.RequireKind(t, f.svc.StepUp(ctx, f.principal(t, e.session.Token), ""), apperr.KindFailedPrecondition, "totp_required")
	require.NoError(t, f.svc.StepUp(ctx, f.principal(t, e.session.Token), f.code(e.secret)), "who has 2FA uses it")

	g := newFixtureWith(t, requiredTOTP)
	_, gs := g.register(t, jane(), "password1")
	apperrtest.RequireKind(t, g.svc.StepUp(ctx, g.principal(t, gs.Token), ""), apperr.KindFailedPrecondition, "totp_enrolment_required")
}

func TestResetTOTP(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newFixtureWith(t, requiredTOTP)
	e := f.janeEnrolled(t)
	_, err := f.svc.ResetTOTP(ctx, "nobody@example.com")
	apperrtest.RequireKind(t, err, apperr.KindNotFound, "account_not_found")

	had, err := f.svc.ResetTOTP(ctx, " JANE@example.com ")
	require.NoError(t, err)
	require.True(t, had)
	require.False(t, f.principal(t, e.session.Token).SignedIn(), "every session ends")
	require.Zero(t, count(t, f.pool, "account_totp"))
	require.Zero(t, count(t, f.pool, "account_recovery_codes"))
	_, s, err := f.svc.Login(ctx, "jane@example.com", "password1", "")
	require.NoError(t, err, "the password alone signs in again")

	had, err = f.svc.ResetTOTP(ctx, "jane@example.com")
	require.NoError(t, err)
	require.False(t, had)
	require.True(t, f.principal(t, s.Token).SignedIn(), "nothing to reset: the sessions stay")
}
