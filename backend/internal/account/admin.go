package account

import (
	"context"
	"encoding/base64"
	"fmt"
	"strings"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/db"
	"github.com/jackc/pgx/v5"
)

// AccountQuery selects a page of accounts for the back office.
type AccountQuery struct {
	Query     string // case-insensitive text in the name or e-mail; empty matches all
	Role      Role   // RoleCustomer or RoleAdmin to list only those; empty lists every role
	PageSize  int    // 1–100; 0 means 20
	PageToken string // from AccountPage.NextPageToken
}

// AccountPage is one page, newest account first.
type AccountPage struct {
	Accounts      []User
	NextPageToken string // empty on the last page
}

// cursor is the keyset position after the last account of a page. Keyset paging, unlike an
// offset, neither skips nor repeats accounts when new ones register between pages.
type cursor struct {
	createdAt time.Time
	id        string
}

func (c cursor) encode() string {
	return base64.RawURLEncoding.EncodeToString([]byte(c.createdAt.UTC().Format(time.RFC3339Nano) + " " + c.id))
}

func decodeCursor(token string) (cursor, error) {
	bad := apperr.Invalid("page_token", "invalid_page_token", "page_token is not one this API returned")
	raw, err := base64.RawURLEncoding.DecodeString(token)
	if err != nil {
		return cursor{}, bad
	}
	ts, id, ok := strings.Cut(string(raw), " ")
	t, err := time.Parse(time.RFC3339Nano, ts)
	if _, canonical := db.CanonicalID(id); !ok || err != nil || !canonical {
		return cursor{}, bad
	}
	return cursor{createdAt: t, id: id}, nil
}

// ListAccounts pages through accounts, newest first.
func (s *Service) ListAccounts(ctx context.Context, q AccountQuery) (AccountPage, error) {
	size := q.PageSize
	switch {
	case size <= 0:
		size = defaultPageSize
	case size > maxPageSize:
		size = maxPageSize
	}
	if q.Role != "" && q.Role != RoleCustomer && q.Role != RoleAdmin {
		return AccountPage{}, apperr.Invalid("role", "invalid_role", "role must be customer or admin")
	}
	var after *cursor
	if q.PageToken != "" {
		c, err := decodeCursor(q.PageToken)
		if err != nil {
			return AccountPage{}, err
		}
		after = &c
	}
	var users []User
	err := db.WithReadTx(ctx, s.pool, func(tx pgx.Tx) (err error) {
		users, err = listAccounts(ctx, tx, strings.ToLower(strings.TrimSpace(q.Query)), q.Role, after, size+1)
		return err
	})
	if err != nil {
		return AccountPage{}, fmt.Errorf("account.ListAccounts: %w", err)
	}
	var page AccountPage
	if len(users) > size {
		users = users[:size]
		last := users[size-1]
		page.NextPageToken = cursor{createdAt: last.CreatedAt, id: last.ID}.encode()
	}
	page.Accounts = users
	return page, nil
}

// UpdateAccountRole sets an account's role on behalf of admin. Admins cannot change their own
// role, so a shop never loses the admin making the change; withdrawing the admin role signs the
// account out everywhere, so the back office it had open stops working at once.
//
// Nor can the last admin's role be withdrawn (FailedPrecondition "last_admin"). The admins are
// counted inside the SERIALIZABLE transaction that changes the role, so two admins withdrawing
// each other's role at the same moment cannot both succeed: the second is retried, counts one
// admin left, and is refused.
//
// Roles give out power, so the change needs a fresh code of the admin's authenticator app
// (totpCode, see StepUp), checked after the request is otherwise found valid.
func (s *Service) UpdateAccountRole(ctx context.Context, admin Principal, accountID string, role Role, totpCode string) (User, error) {
	if admin.Role != RoleAdmin {
		// The authorization layer already refuses this; the check keeps the rule next to the data.
		return User{}, apperr.PermissionDenied("permission_denied", "Only admins can change roles.")
	}
	if role != RoleCustomer && role != RoleAdmin {
		return User{}, apperr.Invalid("role", "invalid_role", "role must be customer or admin")
	}
	if _, ok := db.CanonicalID(accountID); !ok {
		return User{}, errAccountNotFound()
	}
	if accountID == admin.AccountID {
		return User{}, apperr.FailedPrecondition("own_role", "You cannot change your own role.")
	}
	if err := s.StepUp(ctx, admin, totpCode); err != nil {
		return User{}, fmt.Errorf("account.UpdateAccountRole: %w", err)
	}
	var u User
	err := db.WithTx(ctx, s.pool, func(tx pgx.Tx) error {
		now := s.now()
		acct, err := accountByID(ctx, tx, accountID)
		if err != nil {
			return err
		}
		u = acct.User
		if acct.Role == role {
			return nil
		}
		if acct.Role == RoleAdmin {
			admins, err := countAdmins(ctx, tx)
			if err != nil {
				return err
			}
			if admins <= 1 {
				return apperr.FailedPrecondition("last_admin", "You cannot withdraw the admin role from the shop's last admin.")
			}
		}
		if err := setRole(ctx, tx, accountID, role, now); err != nil {
			return err
		}
		if err := insertAudit(ctx, tx, admin.AccountID, auditRoleChanged, accountID,
			map[string]any{"from": string(acct.Role), "to": string(role)}, now); err != nil {
			return err
		}
		u.Role = role
		if acct.Role == RoleAdmin {
			return revokeSessions(ctx, tx, accountID, "", now)
		}
		return nil
	})
	if err != nil {
		return User{}, fmt.Errorf("account.UpdateAccountRole: %w", err)
	}
	return u, nil
}

// RevokeAccountSessions signs an account out everywhere on behalf of admin: every live session
// is revoked, and the next request with any of its tokens is anonymous. It returns how many
// sessions were live. Password and role are left alone, so the owner can sign in again at once;
// revoking is for a lost device or a shared computer, not for locking someone out.
//
// An admin's own account is refused (FailedPrecondition "own_sessions"): the answer would travel
// on a session the call itself ended, and ChangePassword already signs an owner out everywhere
// else while keeping the browser they are using.
//
// The revocation is recorded in the audit trail, even when no session was live, since the admin
// did act.
func (s *Service) RevokeAccountSessions(ctx context.Context, admin Principal, accountID string) (int, error) {
	if admin.Role != RoleAdmin {
		return 0, apperr.PermissionDenied("permission_denied", "Only admins can sign other accounts out.")
	}
	if _, ok := db.CanonicalID(accountID); !ok {
		return 0, errAccountNotFound()
	}
	if accountID == admin.AccountID {
		return 0, apperr.FailedPrecondition("own_sessions",
			"You cannot sign yourself out everywhere from here; change your password to end your other sessions.")
	}
	var n int
	err := db.WithTx(ctx, s.pool, func(tx pgx.Tx) (err error) {
		now := s.now()
		if _, err := accountByID(ctx, tx, accountID); err != nil {
			return err
		}
		if n, err = countRevokedSessions(ctx, tx, accountID, "", now); err != nil {
			return err
		}
		return insertAudit(ctx, tx, admin.AccountID, auditSessionsRevoked, accountID, map[string]any{"sessions": n}, now)
	})
	if err != nil {
		return 0, fmt.Errorf("account.RevokeAccountSessions: %w", err)
	}
	return n, nil
}

// CreateOrPromoteAdmin makes p.Email an admin: a new account with password, or an existing one
// promoted, its password left as its owner set it. created says which happened.
func (s *Service) CreateOrPromoteAdmin(ctx context.Context, p Profile, password string) (u User, created bool, err error) {
	u, created, err = s.ensure(ctx, p, password, RoleAdmin, true)
	if err != nil {
		return User{}, false, fmt.Errorf("account.CreateOrPromoteAdmin: %w", err)
	}
	return u, created, nil
}

// EnsureAccount creates an account with role if none has p.Email, and otherwise leaves the
// existing one exactly as it is (the development seed: re-running it keeps whatever a developer
// changed).
func (s *Service) EnsureAccount(ctx context.Context, p Profile, password string, role Role) (u User, created bool, err error) {
	u, created, err = s.ensure(ctx, p, password, role, false)
	if err != nil {
		return User{}, false, fmt.Errorf("account.EnsureAccount: %w", err)
	}
	return u, created, nil
}

func (s *Service) ensure(ctx context.Context, p Profile, password string, role Role, promote bool) (User, bool, error) {
	p, err := p.normalize()
	if err != nil {
		return User{}, false, err
	}
	if err := checkPassword("password", password); err != nil {
		return User{}, false, err
	}
	if role != RoleCustomer && role != RoleAdmin {
		return User{}, false, apperr.Invalid("role", "invalid_role", "role must be customer or admin")
	}
	var existing storedAccount
	var found bool
	if err := db.WithReadTx(ctx, s.pool, func(tx pgx.Tx) (err error) {
		existing, found, err = accountByEmail(ctx, tx, p.Email)
		return err
	}); err != nil {
		return User{}, false, err
	}
	if found {
		u := existing.User
		if !promote || u.Role == role {
			return u, false, nil
		}
		err := db.WithTx(ctx, s.pool, func(tx pgx.Tx) error { return setRole(ctx, tx, u.ID, role, s.now()) })
		u.Role = role
		return u, false, err
	}
	// Hashing only when creating keeps re-runs of the seed cheap.
	hash, err := s.hash(ctx, password)
	if err != nil {
		return User{}, false, err
	}
	var u User
	err = db.WithTx(ctx, s.pool, func(tx pgx.Tx) (err error) {
		u, err = insertAccount(ctx, tx, p, hash, role, s.now())
		return err
	})
	return u, err == nil, err
}
