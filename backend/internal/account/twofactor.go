package account

import (
	"context"
	"fmt"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/db"
	"github.com/atelier-commerce/atelier/backend/internal/throttle"
	"github.com/jackc/pgx/v5"
)

// Two-factor authentication: a TOTP authenticator app (RFC 6238), with single-use recovery codes
// for a lost phone. An account's owner sets it up (BeginTOTPSetup, EnableTOTP) and can turn it off
// (DisableTOTP); sign-in then needs a code as well as the password (SignIn). Admins must have it
// unless the shop's settings make it optional (development only): an admin without it is
// authorised as a customer until they enrol (Authenticate). Giving out power (an account's role)
// needs a fresh code on top of the session (StepUp).

// TOTPSetup is a new secret for the owner's authenticator app, shown once.
type TOTPSetup struct {
	Secret string // base32, no padding
	URI    string // otpauth://totp/…
}

// Credentials are what a sign-in presents: the password and, for an account with two-factor
// authentication, a current code of its app or one of its recovery codes.
type Credentials struct {
	Email        string
	Password     string
	TOTPCode     string
	RecoveryCode string
}

func errTOTPRequired() error {
	return apperr.FailedPrecondition("totp_required", "Enter the code from your authenticator app, or one of your recovery codes.")
}

func errInvalidTOTP(field string) error {
	return apperr.Invalid(field, "invalid_totp_code",
		"That code is not right or was already used. Enter the current code from your authenticator app.")
}

// adminNeedsEnrolment reports whether an account with role and the given 2FA state lacks the
// second factor the shop requires of admins.
func (s *Service) adminNeedsEnrolment(role Role, totpEnabled bool) bool {
	return role == RoleAdmin && !totpEnabled && !s.settings.AdminTOTPOptional
}

// BeginTOTPSetup makes a new TOTP secret for the caller after checking their current password (a
// stolen session alone must not be able to put an attacker's phone between the owner and their
// account). Sign-in is unchanged until EnableTOTP confirms a code; calling it again replaces a
// secret that was never confirmed.
func (s *Service) BeginTOTPSetup(ctx context.Context, p Principal, currentPassword string) (TOTPSetup, error) {
	if !p.SignedIn() {
		return TOTPSetup{}, errNotSignedIn()
	}
	if currentPassword == "" {
		return TOTPSetup{}, apperr.Invalid("current_password", "missing_current_password", "Current password is required")
	}
	att, err := s.confirmPassword(ctx, p.AccountID, currentPassword)
	if err != nil {
		return TOTPSetup{}, wrapOp("account.BeginTOTPSetup", err)
	}
	secret, err := newTOTPSecret()
	if err != nil {
		return TOTPSetup{}, fmt.Errorf("account.BeginTOTPSetup: %w", err)
	}
	var setup TOTPSetup
	err = db.WithTx(ctx, s.pool, func(tx pgx.Tx) error {
		if err := throttle.Release(ctx, tx, att); err != nil {
			return err
		}
		acct, st, found, err := accountWithTOTP(ctx, tx, p.AccountID)
		if err != nil {
			return err
		}
		if found && st.enabled {
			return apperr.FailedPrecondition("totp_already_enabled", "Two-factor authentication is already on.")
		}
		if err := putPendingTOTP(ctx, tx, p.AccountID, secret, s.now()); err != nil {
			return err
		}
		setup = TOTPSetup{Secret: b32.EncodeToString(secret), URI: otpauthURI(secret, acct.Email)}
		return nil
	})
	if err != nil {
		return TOTPSetup{}, fmt.Errorf("account.BeginTOTPSetup: %w", err)
	}
	return setup, nil
}

// EnableTOTP turns two-factor authentication on once the owner proves their app has the secret
// (a current code of it), and returns fresh recovery codes, shown once. Every other session of
// the account ends: from now on a session needs the second factor. A wrong code counts as a
// failed sign-in of the account's address.
func (s *Service) EnableTOTP(ctx context.Context, p Principal, code string) ([]string, error) {
	if !p.SignedIn() {
		return nil, errNotSignedIn()
	}
	if normalizeTOTP(code) == "" {
		return nil, errInvalidTOTP("code")
	}
	var st totpState
	var att throttle.Attempt
	err := db.WithTx(ctx, s.pool, func(tx pgx.Tx) error {
		var acct storedAccount
		var found bool
		var err error
		if acct, st, found, err = accountWithTOTP(ctx, tx, p.AccountID); err != nil {
			return err
		}
		switch {
		case !found:
			return errSetupNotStarted()
		case st.enabled:
			return apperr.FailedPrecondition("totp_already_enabled", "Two-factor authentication is already on.")
		}
		att, err = throttle.Reserve(ctx, tx, s.now(), []throttle.Bucket{{Kind: kindLoginEmail, Key: acct.Email, Limit: s.limits.LoginPerEmail}},
			"too_many_attempts", "Too many attempts. Please try again in %s.")
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("account.EnableTOTP: %w", err)
	}
	step, ok := matchTOTP(st.secret, code, s.now(), 0)
	if !ok {
		return nil, errInvalidTOTP("code")
	}
	codes, err := newRecoveryCodes()
	if err != nil {
		return nil, fmt.Errorf("account.EnableTOTP: %w", err)
	}
	err = db.WithTx(ctx, s.pool, func(tx pgx.Tx) error {
		now := s.now()
		if err := throttle.Release(ctx, tx, att); err != nil {
			return err
		}
		// Only the secret the code was checked against is enabled: a setup restarted meanwhile
		// (another tab) made a new one, and this code says nothing about it.
		enabled, err := enableTOTP(ctx, tx, p.AccountID, st.secret, step, now)
		if err != nil {
			return err
		}
		if !enabled {
			return errSetupNotStarted()
		}
		if err := replaceRecoveryCodes(ctx, tx, p.AccountID, codes, now); err != nil {
			return err
		}
		return revokeSessions(ctx, tx, p.AccountID, p.SessionID, now)
	})
	if err != nil {
		return nil, fmt.Errorf("account.EnableTOTP: %w", err)
	}
	return codes, nil
}

func errSetupNotStarted() error {
	return apperr.FailedPrecondition("totp_setup_not_started", "Start setting up two-factor authentication first.")
}

// DisableTOTP turns two-factor authentication off: it needs the current password and a current
// code or an unused recovery code (a stolen session, or a stolen password, is not enough). Both
// are throttled like sign-ins. The secret and the recovery codes are deleted.
func (s *Service) DisableTOTP(ctx context.Context, p Principal, currentPassword, code string) error {
	if !p.SignedIn() {
		return errNotSignedIn()
	}
	if currentPassword == "" {
		return apperr.Invalid("current_password", "missing_current_password", "Current password is required")
	}
	if code == "" {
		return apperr.Invalid("code", "missing_totp_code", "Enter a code from your authenticator app or a recovery code.")
	}
	var enabled bool
	if err := db.WithReadTx(ctx, s.pool, func(tx pgx.Tx) error {
		st, found, err := totpByAccount(ctx, tx, p.AccountID)
		enabled = found && st.enabled
		return err
	}); err != nil {
		return fmt.Errorf("account.DisableTOTP: %w", err)
	}
	if !enabled {
		return apperr.FailedPrecondition("totp_not_enabled", "Two-factor authentication is not on.")
	}
	att, err := s.confirmPassword(ctx, p.AccountID, currentPassword)
	if err != nil {
		return wrapOp("account.DisableTOTP", err)
	}
	err = db.WithTx(ctx, s.pool, func(tx pgx.Tx) error {
		now := s.now()
		st, found, err := totpByAccount(ctx, tx, p.AccountID)
		if err != nil {
			return err
		}
		if !found || !st.enabled {
			return apperr.FailedPrecondition("totp_not_enabled", "Two-factor authentication is not on.")
		}
		totp, recovery := splitCode(code)
		ok, err := useSecondFactor(ctx, tx, p.AccountID, st, totp, recovery, now)
		if err != nil {
			return err
		}
		if !ok {
			// The transaction rolls back; the attempt confirmPassword counted stays counted.
			return errInvalidTOTP("code")
		}
		if err := throttle.Release(ctx, tx, att); err != nil {
			return err
		}
		return deleteTOTP(ctx, tx, p.AccountID)
	})
	return wrapOp("account.DisableTOTP", err)
}

// ResetTOTP turns off the two-factor authentication of the account with email, for its owner who
// lost both the app and the recovery codes; only the command line (an operator) may do it. Every
// session of the account ends, so nothing signed in under the old second factor lives on. had
// says whether there was anything to turn off (a setup never confirmed counts as nothing).
func (s *Service) ResetTOTP(ctx context.Context, email string) (had bool, err error) {
	err = db.WithTx(ctx, s.pool, func(tx pgx.Tx) error {
		acct, found, err := accountByEmail(ctx, tx, normalizeEmail(email))
		if err != nil {
			return err
		}
		if !found {
			return errAccountNotFound()
		}
		st, exists, err := totpByAccount(ctx, tx, acct.ID)
		if err != nil {
			return err
		}
		if had = exists && st.enabled; !exists {
			return nil
		}
		if err := deleteTOTP(ctx, tx, acct.ID); err != nil {
			return err
		}
		if !had {
			return nil
		}
		return revokeSessions(ctx, tx, acct.ID, "", s.now())
	})
	if err != nil {
		return false, fmt.Errorf("account.ResetTOTP: %w", err)
	}
	return had, nil
}

// splitCode reads one code field as a TOTP code (six digits) or else a recovery code.
func splitCode(code string) (totp, recovery string) {
	if c := normalizeTOTP(code); len(c) == totpDigits {
		return c, ""
	}
	return "", code
}

// StepUp confirms, with a fresh code of the caller's authenticator app, that the account's owner
// is at the keyboard, before a change that hands out power: a stolen session cookie is then not
// enough to make a new admin. UpdateAccountRole calls it; creating API keys (a later issue) must
// call it too, and so must any other action that grants access.
//
// A caller with two-factor authentication must give a code (FailedPrecondition "totp_required"
// without one). The code must be one not accepted before (each time step is accepted once), so a
// code seen over someone's shoulder at sign-in does not also serve here; a wrong code is Invalid
// "invalid_totp_code" and counts as a failed sign-in of the account's address. A caller without it
// passes only where the shop makes 2FA optional for admins (development); elsewhere an admin
// without it is authorised as a customer and does not get this far, and anyone else is refused
// with FailedPrecondition "totp_enrolment_required".
func (s *Service) StepUp(ctx context.Context, p Principal, code string) error {
	if !p.SignedIn() {
		return errNotSignedIn()
	}
	var acct storedAccount
	var st totpState
	var found bool
	err := db.WithReadTx(ctx, s.pool, func(tx pgx.Tx) (err error) {
		acct, st, found, err = accountWithTOTP(ctx, tx, p.AccountID)
		return err
	})
	if err != nil {
		return fmt.Errorf("account.StepUp: %w", err)
	}
	if !found || !st.enabled {
		if s.settings.AdminTOTPOptional {
			return nil
		}
		return apperr.FailedPrecondition("totp_enrolment_required", "Set up two-factor authentication to do this.")
	}
	if code == "" {
		return apperr.FailedPrecondition("totp_required", "Enter a current code from your authenticator app to confirm this change.")
	}
	var att throttle.Attempt
	err = db.WithTx(ctx, s.pool, func(tx pgx.Tx) (err error) {
		att, err = throttle.Reserve(ctx, tx, s.now(), []throttle.Bucket{{Kind: kindLoginEmail, Key: acct.Email, Limit: s.limits.LoginPerEmail}},
			"too_many_attempts", "Too many attempts. Please try again in %s.")
		return err
	})
	if err != nil {
		return fmt.Errorf("account.StepUp: %w", err)
	}
	err = db.WithTx(ctx, s.pool, func(tx pgx.Tx) error {
		st, found, err := totpByAccount(ctx, tx, p.AccountID)
		if err != nil {
			return err
		}
		var ok bool
		if found && st.enabled {
			if ok, err = useSecondFactor(ctx, tx, p.AccountID, st, code, "", s.now()); err != nil {
				return err
			}
		}
		if !ok {
			return errInvalidTOTP("totp_code")
		}
		// A right code is not a failure: the attempt counted above is taken back.
		return throttle.Release(ctx, tx, att)
	})
	return wrapOp("account.StepUp", err)
}

// useSecondFactor accepts a TOTP code (when totp is set) or else a recovery code, and uses it up
// in tx: the code's time step becomes the last one used, or the recovery code is marked used.
// Both are conditional updates, so of two requests with the same code at the same moment only
// one succeeds.
func useSecondFactor(ctx context.Context, tx pgx.Tx, accountID string, st totpState, totp, recovery string, now time.Time) (bool, error) {
	switch {
	case totp != "":
		step, ok := matchTOTP(st.secret, totp, now, st.lastStep)
		if !ok {
			return false, nil
		}
		return useTOTPStep(ctx, tx, accountID, step)
	case normalizeRecoveryCode(recovery) != "":
		return useRecoveryCode(ctx, tx, accountID, hashRecoveryCode(recovery), now)
	}
	return false, nil
}
