package account

import (
	"context"
	"fmt"
	"net/url"
	"runtime"
	"sync"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/db"
	"github.com/atelier-commerce/atelier/backend/internal/emailaddr"
	"github.com/atelier-commerce/atelier/backend/internal/throttle"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Settings are the service's configuration.
type Settings struct {
	// SessionTTL is how long a session lasts from sign-in.
	SessionTTL time.Duration
	// PasswordResetTTL is how long a reset link works.
	PasswordResetTTL time.Duration
	// StorefrontURL is the base of reset links. It comes from configuration, never from a
	// request, so nobody can make the shop e-mail a link to their own host.
	StorefrontURL string
	// AdminTOTPOptional lets admins without two-factor authentication keep their powers. Only
	// development may set it (ADMIN_2FA=optional): the zero value, required, is the safe one.
	AdminTOTPOptional bool
}

// Option adjusts a Service; tests use them to move time and to make hashing cheap.
type Option func(*Service)

// WithClock makes the service read time from now.
func WithClock(now func() time.Time) Option { return func(s *Service) { s.now = now } }

// WithHashParams sets the argon2id cost of new hashes.
func WithHashParams(p HashParams) Option { return func(s *Service) { s.params = p } }

// WithLimits sets the throttling rules.
func WithLimits(l Limits) Option { return func(s *Service) { s.limits = l } }

// Service is the account context's business logic over its tables.
type Service struct {
	pool     *pgxpool.Pool
	settings Settings
	now      func() time.Time
	params   HashParams
	limits   Limits
	// hashSlots bounds concurrent argon2 work: each hash holds params.Memory for its duration,
	// so a burst of sign-ins queues here instead of exhausting memory.
	hashSlots chan struct{}

	dummyOnce sync.Once
	dummyHash string
	dummyErr  error
}

// NewService returns the account service.
func NewService(pool *pgxpool.Pool, settings Settings, opts ...Option) *Service {
	s := &Service{pool: pool, settings: settings, now: time.Now, params: DefaultHashParams, limits: DefaultLimits,
		hashSlots: make(chan struct{}, max(2, runtime.GOMAXPROCS(0)))}
	for _, o := range opts {
		o(s)
	}
	return s
}

// hash computes a new password hash, waiting for a free hashing slot.
func (s *Service) hash(ctx context.Context, password string) (string, error) {
	if err := s.acquire(ctx); err != nil {
		return "", err
	}
	defer func() { <-s.hashSlots }()
	return hashPassword(password, s.params)
}

// verify checks password against encoded, waiting for a free hashing slot.
func (s *Service) verify(ctx context.Context, encoded, password string) (bool, error) {
	if err := s.acquire(ctx); err != nil {
		return false, err
	}
	defer func() { <-s.hashSlots }()
	return verifyPassword(encoded, password)
}

func (s *Service) acquire(ctx context.Context) error {
	select {
	case s.hashSlots <- struct{}{}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// verifyNobody spends the same time as a real verification, for an address with no account, so
// that response times do not tell registered addresses apart. It always fails.
func (s *Service) verifyNobody(ctx context.Context, password string) error {
	s.dummyOnce.Do(func() { s.dummyHash, s.dummyErr = hashPassword("not the password of anyone", s.params) })
	if s.dummyErr != nil {
		return s.dummyErr
	}
	_, err := s.verify(ctx, s.dummyHash, password)
	return err
}

// Register creates a customer account and signs it in. Registrations are throttled per
// clientIP (empty if unknown): each one costs a password hash and a row, and a flood of them is
// also a way to test which addresses are taken. The attempt is counted before the hash is
// computed, so refused requests cost no argon2 work; a valid request counts whether or not the
// address turns out to be taken.
func (s *Service) Register(ctx context.Context, p Profile, password, clientIP string) (User, Session, error) {
	p, err := p.normalize()
	if err != nil {
		return User{}, Session{}, err
	}
	if err := checkPassword("password", password); err != nil {
		return User{}, Session{}, err
	}
	err = db.WithTx(ctx, s.pool, func(tx pgx.Tx) error {
		_, err := throttle.Reserve(ctx, tx, s.now(), []throttle.Bucket{ipBucket(kindRegisterIP, clientIP, s.limits.RegisterPerIP)},
			"too_many_requests", "Too many registrations from your network. Please try again in %s.")
		return err
	})
	if err != nil {
		return User{}, Session{}, fmt.Errorf("account.Register: %w", err)
	}
	hash, err := s.hash(ctx, password)
	if err != nil {
		return User{}, Session{}, fmt.Errorf("account.Register: %w", err)
	}
	var u User
	var sess Session
	err = db.WithTx(ctx, s.pool, func(tx pgx.Tx) (err error) {
		now := s.now()
		if u, err = insertAccount(ctx, tx, p, hash, RoleCustomer, now); err != nil {
			return err
		}
		if err := recordLogin(ctx, tx, u.ID, now, ""); err != nil {
			return err
		}
		u.LastLoginAt = now
		sess, err = s.startSession(ctx, tx, u.ID, now)
		return err
	})
	if err != nil {
		return User{}, Session{}, fmt.Errorf("account.Register: %w", err)
	}
	return u, sess, nil
}

// Login signs in with an e-mail address and password alone (see SignIn).
func (s *Service) Login(ctx context.Context, email, password, clientIP string) (User, Session, error) {
	return s.SignIn(ctx, Credentials{Email: email, Password: password}, clientIP)
}

// SignIn signs in from clientIP (empty if unknown). Every failure, whether the address is
// registered or not, answers the same "Invalid credentials" after the same amount of work, and
// counts against both the address and the IP.
//
// An account with two-factor authentication also needs c.TOTPCode (a code not accepted before) or
// an unused c.RecoveryCode, which this sign-in then uses up. Without either, and only once the
// password was found right, the answer is FailedPrecondition "totp_required" so the client can
// ask for one; that attempt is not counted as a failure (the password was right). A wrong code
// answers "Invalid credentials" and counts like a wrong password.
func (s *Service) SignIn(ctx context.Context, c Credentials, clientIP string) (User, Session, error) {
	email, password := normalizeEmail(c.Email), c.Password
	if email == "" || password == "" {
		return User{}, Session{}, apperr.Invalid("", "missing_credentials", "Please enter both email and password")
	}
	var acct storedAccount
	var found bool
	var att throttle.Attempt
	var st totpState
	err := db.WithTx(ctx, s.pool, func(tx pgx.Tx) (err error) {
		// The attempt is counted before the password is checked, so concurrent guesses cannot
		// all slip in under the limit; a right password gives it back below.
		att, err = throttle.Reserve(ctx, tx, s.now(), []throttle.Bucket{
			{Kind: kindLoginEmail, Key: email, Limit: s.limits.LoginPerEmail},
			ipBucket(kindLoginIP, clientIP, s.limits.LoginPerIP),
		}, "too_many_attempts", "Too many sign-in attempts. Please try again in %s.")
		if err != nil {
			return err
		}
		if acct, found, err = accountByEmail(ctx, tx, email); err != nil || !found {
			return err
		}
		st, _, err = totpByAccount(ctx, tx, acct.ID)
		return err
	})
	if err != nil {
		return User{}, Session{}, fmt.Errorf("account.Login: %w", err)
	}
	ok := false
	if found {
		ok, err = s.verify(ctx, acct.hash, password)
	} else {
		err = s.verifyNobody(ctx, password)
	}
	if err != nil {
		return User{}, Session{}, fmt.Errorf("account.Login: %w", err)
	}
	if !ok {
		return User{}, Session{}, errInvalidCredentials()
	}
	secondFactor := st.enabled
	if secondFactor && c.TOTPCode == "" && normalizeRecoveryCode(c.RecoveryCode) == "" {
		err := db.WithTx(ctx, s.pool, func(tx pgx.Tx) error { return throttle.Release(ctx, tx, att) })
		if err != nil {
			return User{}, Session{}, fmt.Errorf("account.Login: %w", err)
		}
		return User{}, Session{}, errTOTPRequired()
	}
	rehash := ""
	if needsRehash(acct.hash, s.params) {
		if rehash, err = s.hash(ctx, password); err != nil {
			return User{}, Session{}, fmt.Errorf("account.Login: %w", err)
		}
	}
	var sess Session
	u := acct.User
	err = db.WithTx(ctx, s.pool, func(tx pgx.Tx) (err error) {
		now := s.now()
		if secondFactor {
			ok, err := useSecondFactor(ctx, tx, u.ID, st, c.TOTPCode, c.RecoveryCode, now)
			if err != nil {
				return err
			}
			if !ok {
				// Rolled back: the attempt counted above stays counted.
				return errInvalidCredentials()
			}
		}
		if err := throttle.Release(ctx, tx, att); err != nil {
			return err
		}
		if err := throttle.Forget(ctx, tx, kindLoginEmail, email); err != nil {
			return err
		}
		if err := recordLogin(ctx, tx, u.ID, now, rehash); err != nil {
			return err
		}
		sess, err = s.startSession(ctx, tx, u.ID, now)
		u.LastLoginAt = now
		return err
	})
	if err != nil {
		return User{}, Session{}, fmt.Errorf("account.Login: %w", err)
	}
	return u, sess, nil
}

// startSession makes a session with a fresh token: every sign-in gets its own, so a token seen
// before sign-in (session fixation) is never promoted.
func (s *Service) startSession(ctx context.Context, tx pgx.Tx, accountID string, now time.Time) (Session, error) {
	token, hash, err := newToken()
	if err != nil {
		return Session{}, err
	}
	sess := Session{Token: token, ExpiresAt: now.Add(s.settings.SessionTTL)}
	sess.ID, err = insertSession(ctx, tx, accountID, hash, now, sess.ExpiresAt)
	return sess, err
}

// Logout revokes a session. Revoking one that is already revoked, or none, succeeds: a repeated
// request does no harm.
func (s *Service) Logout(ctx context.Context, sessionID string) error {
	if _, ok := db.CanonicalID(sessionID); !ok {
		return nil
	}
	err := db.WithTx(ctx, s.pool, func(tx pgx.Tx) error {
		return revokeSession(ctx, tx, sessionID, s.now())
	})
	if err != nil {
		return fmt.Errorf("account.Logout: %w", err)
	}
	return nil
}

// Authenticate resolves a bearer token to its caller. Anything that is not a live session (no
// token, a malformed, unknown, expired or revoked one) is simply Anonymous; an error means the
// database could not be asked. It runs on every request, so it is one indexed query.
func (s *Service) Authenticate(ctx context.Context, token string) (Principal, error) {
	if !wellFormedToken(token) {
		return Anonymous, nil
	}
	p, found, err := principalByToken(ctx, s.pool, hashToken(token), s.now())
	if err != nil {
		return Anonymous, fmt.Errorf("account.Authenticate: %w", err)
	}
	if !found {
		return Anonymous, nil
	}
	if s.adminNeedsEnrolment(p.Role, p.totpEnabled) {
		// No admin powers until the second factor is set up: the authorization layer sees a
		// customer, who can still reach their account to enrol.
		p.Role, p.TOTPEnrolmentRequired = RoleCustomer, true
	}
	return p, nil
}

// GetMe returns the caller's account.
func (s *Service) GetMe(ctx context.Context, p Principal) (User, error) {
	if !p.SignedIn() {
		return User{}, errNotSignedIn()
	}
	var acct storedAccount
	var st totpState
	err := db.WithReadTx(ctx, s.pool, func(tx pgx.Tx) (err error) {
		acct, st, _, err = accountWithTOTP(ctx, tx, p.AccountID)
		return err
	})
	if err != nil {
		return User{}, fmt.Errorf("account.GetMe: %w", err)
	}
	u := acct.User
	u.TOTPEnabled = st.enabled
	u.TOTPEnrolmentRequired = s.adminNeedsEnrolment(u.Role, st.enabled)
	return u, nil
}

// UpdateProfile replaces the caller's name and e-mail address. Moving the account to another
// address needs the current password (a stolen session must not be able to redirect the account's
// reset e-mails) and signs out every other session; a wrong password counts as a failed sign-in.
// A name-only change needs neither.
func (s *Service) UpdateProfile(ctx context.Context, p Principal, profile Profile, currentPassword string) (User, error) {
	if !p.SignedIn() {
		return User{}, errNotSignedIn()
	}
	profile, err := profile.normalize()
	if err != nil {
		return User{}, err
	}
	var u User
	var moved bool
	err = db.WithTx(ctx, s.pool, func(tx pgx.Tx) error {
		acct, err := accountByID(ctx, tx, p.AccountID)
		if err != nil {
			return err
		}
		if moved = acct.Email != profile.Email; moved {
			return nil
		}
		u, err = updateProfile(ctx, tx, p.AccountID, profile, s.now())
		return err
	})
	if err != nil || !moved {
		return u, wrapOp("account.UpdateProfile", err)
	}
	if currentPassword == "" {
		return User{}, apperr.Invalid("current_password", "current_password_required",
			"Please enter your current password to change your email address.")
	}
	att, err := s.confirmPassword(ctx, p.AccountID, currentPassword)
	if err != nil {
		return User{}, wrapOp("account.UpdateProfile", err)
	}
	err = db.WithTx(ctx, s.pool, func(tx pgx.Tx) (err error) {
		now := s.now()
		if err := throttle.Release(ctx, tx, att); err != nil {
			return err
		}
		if u, err = updateProfile(ctx, tx, p.AccountID, profile, now); err != nil {
			return err
		}
		return revokeSessions(ctx, tx, p.AccountID, p.SessionID, now)
	})
	return u, wrapOp("account.UpdateProfile", err)
}

// ChangePassword replaces the caller's password after checking the current one, and signs out
// every other session: whoever else knew the old password is locked out. A wrong current
// password counts as a failed sign-in for the account's address, so a stolen session cannot be
// used to guess the password either.
func (s *Service) ChangePassword(ctx context.Context, p Principal, current, next string) error {
	if !p.SignedIn() {
		return errNotSignedIn()
	}
	if current == "" {
		return apperr.Invalid("current_password", "missing_current_password", "Current password is required")
	}
	if err := checkPassword("new_password", next); err != nil {
		return err
	}
	att, err := s.confirmPassword(ctx, p.AccountID, current)
	if err != nil {
		return wrapOp("account.ChangePassword", err)
	}
	hash, err := s.hash(ctx, next)
	if err != nil {
		return fmt.Errorf("account.ChangePassword: %w", err)
	}
	err = db.WithTx(ctx, s.pool, func(tx pgx.Tx) error {
		now := s.now()
		if err := throttle.Release(ctx, tx, att); err != nil {
			return err
		}
		if err := setPassword(ctx, tx, p.AccountID, hash, now); err != nil {
			return err
		}
		return revokeSessions(ctx, tx, p.AccountID, p.SessionID, now)
	})
	return wrapOp("account.ChangePassword", err)
}

// confirmPassword checks a signed-in caller's current password before a sensitive change. The
// check counts as a sign-in attempt for the account's address (so a stolen session cannot guess
// the password); the attempt it returns is given back, with release, in the change's transaction.
func (s *Service) confirmPassword(ctx context.Context, accountID, current string) (throttle.Attempt, error) {
	var acct storedAccount
	var att throttle.Attempt
	err := db.WithTx(ctx, s.pool, func(tx pgx.Tx) (err error) {
		if acct, err = accountByID(ctx, tx, accountID); err != nil {
			return err
		}
		att, err = throttle.Reserve(ctx, tx, s.now(), []throttle.Bucket{{Kind: kindLoginEmail, Key: acct.Email, Limit: s.limits.LoginPerEmail}},
			"too_many_attempts", "Too many attempts. Please try again in %s.")
		return err
	})
	if err != nil {
		return throttle.Attempt{}, err
	}
	ok, err := s.verify(ctx, acct.hash, current)
	if err != nil {
		return throttle.Attempt{}, err
	}
	if !ok {
		return throttle.Attempt{}, apperr.Invalid("current_password", "wrong_password", "Current password is incorrect")
	}
	return att, nil
}

// wrapOp names the operation on an error, and leaves nil alone.
func wrapOp(op string, err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("%s: %w", op, err)
}

// TopicPasswordResetRequested is the outbox topic of a reset request; its payload is a
// PasswordResetRequested. The mail worker asks IssueResetLink for the link when it sends the
// e-mail.
const TopicPasswordResetRequested = "password_reset.requested"

// PasswordResetRequested is the outbox payload of a reset request. It carries no token and no
// link: the payload is copied into the job queue's arguments, which are kept for days, shown in
// the jobs UI and may live in a second database. The raw token exists only in memory while the
// e-mail is composed (see IssueResetLink) and in the e-mail itself; every table keeps at most its
// SHA-256.
type PasswordResetRequested struct {
	AccountID   string    `json:"account_id"`
	Email       string    `json:"email"`
	FirstName   string    `json:"first_name"`
	RequestedAt time.Time `json:"requested_at"`
}

// RequestPasswordReset e-mails a reset link if email is registered. The answer is the same either
// way, and requests are throttled per address (registered or not) and per clientIP. The link is
// made when the e-mail is sent, and replaces any unused older one.
func (s *Service) RequestPasswordReset(ctx context.Context, email, clientIP string) error {
	email = normalizeEmail(email)
	if err := emailaddr.Check("email", email); err != nil {
		return err
	}
	err := db.WithTx(ctx, s.pool, func(tx pgx.Tx) error {
		now := s.now()
		if _, err := throttle.Reserve(ctx, tx, now, []throttle.Bucket{
			{Kind: kindResetEmail, Key: email, Limit: s.limits.ResetPerEmail},
			ipBucket(kindResetIP, clientIP, s.limits.ResetPerIP),
		}, "too_many_requests", "Too many password reset requests. Please try again in %s."); err != nil {
			return err
		}
		acct, found, err := accountByEmail(ctx, tx, email)
		if err != nil || !found {
			return err
		}
		_, err = db.Emit(ctx, tx, TopicPasswordResetRequested, PasswordResetRequested{
			AccountID:   acct.ID,
			Email:       acct.Email,
			FirstName:   acct.FirstName,
			RequestedAt: now.UTC(),
		})
		return err
	})
	if err != nil {
		return fmt.Errorf("account.RequestPasswordReset: %w", err)
	}
	return nil
}

// IssueResetLink makes the link of a reset e-mail at the moment it is sent, for the request that
// accountID made from email at requestedAt (a PasswordResetRequested). In one transaction it
// replaces any unused reset token of the account with a fresh one, valid for PasswordResetTTL
// from now, and returns the storefront's reset page with the token; only the token's hash is
// stored. The mail worker calls it after checking the e-mail was not sent already, so the raw
// token goes straight into the message and never into a table or the job's arguments.
//
// A job that is retried (the mail server failed after the link was made) gets a new link, which
// invalidates the one made for the earlier attempt: if that e-mail did get through after all,
// its link no longer works and the later e-mail's does.
//
// Requests that can no longer be honoured are refused with a classified error, which the worker
// takes as permanent (the job is cancelled, nothing is e-mailed):
//   - the request is PasswordResetTTL old or older (the mail was held up, say by an outage): the
//     shopper has likely given up or asked again, and an old request e-mailed now would surprise
//     them — FailedPrecondition "reset_request_expired";
//   - the account's address is no longer email: the link would go to a mailbox the owner has
//     since left — FailedPrecondition "reset_address_changed";
//   - the account is gone — NotFound "account_not_found".
func (s *Service) IssueResetLink(ctx context.Context, accountID, email string, requestedAt time.Time) (link string, expiresAt time.Time, err error) {
	if !s.now().Before(requestedAt.Add(s.settings.PasswordResetTTL)) {
		return "", time.Time{}, apperr.FailedPrecondition("reset_request_expired",
			"The password reset request is older than its links' lifetime; it is not e-mailed.")
	}
	if _, ok := db.CanonicalID(accountID); !ok {
		return "", time.Time{}, errAccountNotFound()
	}
	err = db.WithTx(ctx, s.pool, func(tx pgx.Tx) error {
		acct, err := accountByID(ctx, tx, accountID)
		if err != nil {
			return err
		}
		if acct.Email != normalizeEmail(email) {
			return apperr.FailedPrecondition("reset_address_changed",
				"The account's e-mail address changed after the password reset was requested; it is not e-mailed.")
		}
		token, hash, err := newToken()
		if err != nil {
			return err
		}
		now := s.now()
		expiresAt = now.Add(s.settings.PasswordResetTTL)
		if err := replaceResetToken(ctx, tx, acct.ID, hash, now, expiresAt); err != nil {
			return err
		}
		link = s.settings.StorefrontURL + "/reset-password?token=" + url.QueryEscape(token)
		return nil
	})
	if err != nil {
		return "", time.Time{}, fmt.Errorf("account.IssueResetLink: %w", err)
	}
	return link, expiresAt, nil
}

func errInvalidResetToken() error {
	return apperr.FailedPrecondition("invalid_reset_token", "This password reset link is invalid or has expired.")
}

// ConfirmPasswordReset sets a new password with a reset token, uses the token up and signs out
// every session of the account, all in one transaction: either all of it happens or none.
//
// The token is looked up before the new password is hashed, so a made-up or spent token costs
// one indexed query rather than an argon2 hash (64 MiB). The lookup decides nothing: the
// conditional UPDATE in the transaction is still the check that counts, so a token used or
// expired in between is refused there.
func (s *Service) ConfirmPasswordReset(ctx context.Context, token, newPassword string) error {
	if err := checkPassword("new_password", newPassword); err != nil {
		return err
	}
	if !wellFormedToken(token) {
		return errInvalidResetToken()
	}
	tokenHash := hashToken(token)
	live, err := liveResetToken(ctx, s.pool, tokenHash, s.now())
	if err != nil {
		return fmt.Errorf("account.ConfirmPasswordReset: %w", err)
	}
	if !live {
		return errInvalidResetToken()
	}
	hash, err := s.hash(ctx, newPassword)
	if err != nil {
		return fmt.Errorf("account.ConfirmPasswordReset: %w", err)
	}
	err = db.WithTx(ctx, s.pool, func(tx pgx.Tx) error {
		now := s.now()
		accountID, found, err := useResetToken(ctx, tx, tokenHash, now)
		if err != nil {
			return err
		}
		if !found {
			return errInvalidResetToken()
		}
		email, err := setPasswordAfterReset(ctx, tx, accountID, hash, now)
		if err != nil {
			return err
		}
		if err := revokeSessions(ctx, tx, accountID, "", now); err != nil {
			return err
		}
		// The owner proved control of the address: earlier failed sign-ins no longer hold them up.
		return throttle.Forget(ctx, tx, kindLoginEmail, email)
	})
	if err != nil {
		return fmt.Errorf("account.ConfirmPasswordReset: %w", err)
	}
	return nil
}

// Prune deletes what no rule needs any more: sessions and reset tokens past their expiry or
// revoked a day ago. Run it periodically. (Counted attempts are the throttle package's to prune.)
func (s *Service) Prune(ctx context.Context) (int64, error) {
	now := s.now()
	var n int64
	err := db.WithTx(ctx, s.pool, func(tx pgx.Tx) (err error) {
		n, err = prune(ctx, tx, now, now.Add(-24*time.Hour))
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("account.Prune: %w", err)
	}
	return n, nil
}
