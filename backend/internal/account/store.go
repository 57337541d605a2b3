package account

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/db"
	"github.com/jackc/pgx/v5"
)

// storedAccount is an account row with what only the service may see.
type storedAccount struct {
	User
	hash string
}

func errAccountNotFound() error { return apperr.NotFound("account_not_found", "account not found") }

func errEmailTaken() error { return apperr.AlreadyExists("email_taken", emailTakenText) }

const accountColumns = `id::text, first_name, last_name, email, role, created_at, last_login_at, password_hash`

func scanAccount(row pgx.Row) (storedAccount, error) {
	var a storedAccount
	var role string
	var lastLogin *time.Time
	err := row.Scan(&a.ID, &a.FirstName, &a.LastName, &a.Email, &role, &a.CreatedAt, &lastLogin, &a.hash)
	a.Role = Role(role)
	a.CreatedAt = a.CreatedAt.UTC()
	if lastLogin != nil {
		a.LastLoginAt = lastLogin.UTC()
	}
	return a, err
}

func insertAccount(ctx context.Context, tx pgx.Tx, p Profile, hash string, role Role, now time.Time) (User, error) {
	a, err := scanAccount(tx.QueryRow(ctx, `INSERT INTO accounts (first_name, last_name, email, password_hash, role, created_at, updated_at)
		VALUES (@first, @last, @email, @hash, @role, @now, @now) RETURNING `+accountColumns,
		pgx.NamedArgs{"first": p.FirstName, "last": p.LastName, "email": p.Email, "hash": hash, "role": string(role), "now": now}))
	if db.IsUniqueViolation(err) {
		return User{}, errEmailTaken()
	}
	return a.User, err
}

// accountByEmail looks an address up; email must be normalised.
func accountByEmail(ctx context.Context, tx pgx.Tx, email string) (storedAccount, bool, error) {
	a, err := scanAccount(tx.QueryRow(ctx, `SELECT `+accountColumns+` FROM accounts WHERE email = @email`,
		pgx.NamedArgs{"email": email}))
	if errors.Is(err, pgx.ErrNoRows) {
		return storedAccount{}, false, nil
	}
	return a, err == nil, err
}

// accountByID reads an account; a caller whose account is gone is treated as signed out.
func accountByID(ctx context.Context, tx pgx.Tx, id string) (storedAccount, error) {
	a, err := scanAccount(tx.QueryRow(ctx, `SELECT `+accountColumns+` FROM accounts WHERE id = @id::uuid`,
		pgx.NamedArgs{"id": id}))
	if errors.Is(err, pgx.ErrNoRows) {
		return storedAccount{}, errAccountNotFound()
	}
	return a, err
}

// recordLogin stamps a sign-in and, when the stored hash used older parameters, replaces it.
func recordLogin(ctx context.Context, tx pgx.Tx, id string, now time.Time, rehash string) error {
	_, err := tx.Exec(ctx, `UPDATE accounts SET last_login_at = @now,
		password_hash = CASE WHEN @rehash = '' THEN password_hash ELSE @rehash END
		WHERE id = @id::uuid`, pgx.NamedArgs{"id": id, "now": now, "rehash": rehash})
	return err
}

func updateProfile(ctx context.Context, tx pgx.Tx, id string, p Profile, now time.Time) (User, error) {
	a, err := scanAccount(tx.QueryRow(ctx, `UPDATE accounts SET first_name = @first, last_name = @last, email = @email,
		updated_at = @now, version = version + 1 WHERE id = @id::uuid RETURNING `+accountColumns,
		pgx.NamedArgs{"id": id, "first": p.FirstName, "last": p.LastName, "email": p.Email, "now": now}))
	switch {
	case db.IsUniqueViolation(err):
		return User{}, errEmailTaken()
	case errors.Is(err, pgx.ErrNoRows):
		return User{}, errNotSignedIn()
	}
	return a.User, err
}

func setPassword(ctx context.Context, tx pgx.Tx, id, hash string, now time.Time) error {
	tag, err := tx.Exec(ctx, `UPDATE accounts SET password_hash = @hash, updated_at = @now, version = version + 1
		WHERE id = @id::uuid`, pgx.NamedArgs{"id": id, "hash": hash, "now": now})
	if err == nil && tag.RowsAffected() == 0 {
		return errNotSignedIn()
	}
	return err
}

// setPasswordAfterReset sets the password and returns the account's address.
func setPasswordAfterReset(ctx context.Context, tx pgx.Tx, id, hash string, now time.Time) (string, error) {
	var email string
	err := tx.QueryRow(ctx, `UPDATE accounts SET password_hash = @hash, updated_at = @now, version = version + 1
		WHERE id = @id::uuid RETURNING email`, pgx.NamedArgs{"id": id, "hash": hash, "now": now}).Scan(&email)
	return email, err
}

func setRole(ctx context.Context, tx pgx.Tx, id string, role Role, now time.Time) error {
	tag, err := tx.Exec(ctx, `UPDATE accounts SET role = @role, updated_at = @now, version = version + 1
		WHERE id = @id::uuid`, pgx.NamedArgs{"id": id, "role": string(role), "now": now})
	if err == nil && tag.RowsAffected() == 0 {
		return errAccountNotFound()
	}
	return err
}

// countAdmins counts the accounts with the admin role.
func countAdmins(ctx context.Context, tx pgx.Tx) (int, error) {
	var n int
	err := tx.QueryRow(ctx, `SELECT count(*) FROM accounts WHERE role = @role`,
		pgx.NamedArgs{"role": string(RoleAdmin)}).Scan(&n)
	return n, err
}

func listAccounts(ctx context.Context, tx pgx.Tx, query string, role Role, after *cursor, limit int) ([]User, error) {
	args := pgx.NamedArgs{"q": query, "role": string(role), "limit": limit, "paged": after != nil, "after_t": time.Time{}, "after_id": "00000000-0000-0000-0000-000000000000"}
	if after != nil {
		args["after_t"], args["after_id"] = after.createdAt, after.id
	}
	// strpos rather than LIKE: the shopper-typed text needs no escaping of % and _.
	rows, err := tx.Query(ctx, `SELECT `+accountColumns+` FROM accounts
		WHERE (@q = '' OR strpos(lower(first_name || ' ' || last_name), @q) > 0 OR strpos(email, @q) > 0)
		  AND (@role = '' OR role = @role)
		  AND (NOT @paged OR (created_at, id) < (@after_t, @after_id::uuid))
		ORDER BY created_at DESC, id DESC LIMIT @limit`, args)
	if err != nil {
		return nil, err
	}
	var out []User
	for rows.Next() {
		a, err := scanAccount(rows)
		if err != nil {
			rows.Close()
			return nil, err
		}
		out = append(out, a.User)
	}
	return out, rows.Err()
}

func insertSession(ctx context.Context, tx pgx.Tx, accountID string, tokenHash []byte, now, expires time.Time) (string, error) {
	var id string
	err := tx.QueryRow(ctx, `INSERT INTO sessions (account_id, token_hash, created_at, expires_at)
		VALUES (@account::uuid, @hash, @now, @expires) RETURNING id::text`,
		pgx.NamedArgs{"account": accountID, "hash": tokenHash, "now": now, "expires": expires}).Scan(&id)
	return id, err
}

// querier is what principalByToken needs: a pool outside any transaction, since one statement is
// consistent on its own.
type querier interface {
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

func principalByToken(ctx context.Context, q querier, tokenHash []byte, now time.Time) (Principal, bool, error) {
	var p Principal
	var role string
	err := q.QueryRow(ctx, `SELECT s.id::text, s.account_id::text, a.role, t.enabled_at IS NOT NULL FROM sessions s
		JOIN accounts a ON a.id = s.account_id
		LEFT JOIN account_totp t ON t.account_id = s.account_id
		WHERE s.token_hash = @hash AND s.revoked_at IS NULL AND s.expires_at > @now`,
		pgx.NamedArgs{"hash": tokenHash, "now": now}).Scan(&p.SessionID, &p.AccountID, &role, &p.totpEnabled)
	if errors.Is(err, pgx.ErrNoRows) {
		return Anonymous, false, nil
	}
	p.Role = Role(role)
	return p, err == nil, err
}

func revokeSession(ctx context.Context, tx pgx.Tx, id string, now time.Time) error {
	_, err := tx.Exec(ctx, `UPDATE sessions SET revoked_at = @now WHERE id = @id::uuid AND revoked_at IS NULL`,
		pgx.NamedArgs{"id": id, "now": now})
	return err
}

// revokeSessions revokes every live session of an account except the one named keep (if any).
func revokeSessions(ctx context.Context, tx pgx.Tx, accountID, keep string, now time.Time) error {
	_, err := countRevokedSessions(ctx, tx, accountID, keep, now)
	return err
}

// countRevokedSessions is revokeSessions that says how many sessions it revoked. Expired sessions
// are left as they are and not counted: they had ended already.
func countRevokedSessions(ctx context.Context, tx pgx.Tx, accountID, keep string, now time.Time) (int, error) {
	if keep == "" {
		keep = "00000000-0000-0000-0000-000000000000"
	}
	tag, err := tx.Exec(ctx, `UPDATE sessions SET revoked_at = @now
		WHERE account_id = @account::uuid AND revoked_at IS NULL AND expires_at > @now AND id <> @keep::uuid`,
		pgx.NamedArgs{"account": accountID, "keep": keep, "now": now})
	return int(tag.RowsAffected()), err
}

// The audit trail's actions for accounts (audit_events.action; subject_type "account").
const (
	auditRoleChanged     = "account.role_changed"
	auditSessionsRevoked = "account.sessions_revoked"
)

// insertAudit appends what an admin did to an account to the audit trail (audit_events). The
// actor's name and e-mail are copied from their account in the same statement, so the trail still
// says who after the actor's account is gone.
func insertAudit(ctx context.Context, tx pgx.Tx, actorID, action, accountID string, detail map[string]any, now time.Time) error {
	body, err := json.Marshal(detail)
	if err != nil {
		return fmt.Errorf("account.insertAudit: %w", err)
	}
	_, err = tx.Exec(ctx, `INSERT INTO audit_events
		(occurred_at, actor_id, actor_name, actor_email, action, subject_type, subject_id, detail)
		SELECT @now, a.id, a.first_name || ' ' || a.last_name, a.email, @action, 'account', @subject, @detail
		FROM (SELECT 1) AS one LEFT JOIN accounts a ON a.id = @actor::uuid`,
		pgx.NamedArgs{"now": now, "actor": actorID, "action": action, "subject": accountID, "detail": body})
	return err
}

// replaceResetToken stores a new reset token for the account; older unused ones stop working,
// so only the latest e-mail's link does.
func replaceResetToken(ctx context.Context, tx pgx.Tx, accountID string, tokenHash []byte, now, expires time.Time) error {
	if _, err := tx.Exec(ctx, `DELETE FROM password_reset_tokens WHERE account_id = @account::uuid AND used_at IS NULL`,
		pgx.NamedArgs{"account": accountID}); err != nil {
		return err
	}
	_, err := tx.Exec(ctx, `INSERT INTO password_reset_tokens (account_id, token_hash, created_at, expires_at)
		VALUES (@account::uuid, @hash, @now, @expires)`,
		pgx.NamedArgs{"account": accountID, "hash": tokenHash, "now": now, "expires": expires})
	return err
}

// liveResetToken reports whether a token is unused and unexpired. It only spares work for tokens
// that are plainly no good; useResetToken is the check that counts.
func liveResetToken(ctx context.Context, q querier, tokenHash []byte, now time.Time) (bool, error) {
	var live bool
	err := q.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM password_reset_tokens
		WHERE token_hash = @hash AND used_at IS NULL AND expires_at > @now)`,
		pgx.NamedArgs{"hash": tokenHash, "now": now}).Scan(&live)
	return live, err
}

// useResetToken marks a live token used, in one conditional statement, and returns its account.
func useResetToken(ctx context.Context, tx pgx.Tx, tokenHash []byte, now time.Time) (string, bool, error) {
	var accountID string
	err := tx.QueryRow(ctx, `UPDATE password_reset_tokens SET used_at = @now
		WHERE token_hash = @hash AND used_at IS NULL AND expires_at > @now RETURNING account_id::text`,
		pgx.NamedArgs{"hash": tokenHash, "now": now}).Scan(&accountID)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", false, nil
	}
	return accountID, err == nil, err
}

func prune(ctx context.Context, tx pgx.Tx, now, revokedBefore time.Time) (int64, error) {
	var total int64
	for _, q := range []struct {
		sql  string
		args pgx.NamedArgs
	}{
		{`DELETE FROM sessions WHERE expires_at <= @now OR revoked_at <= @revoked`, pgx.NamedArgs{"now": now, "revoked": revokedBefore}},
		{`DELETE FROM password_reset_tokens WHERE expires_at <= @now`, pgx.NamedArgs{"now": now}},
	} {
		tag, err := tx.Exec(ctx, q.sql, q.args)
		if err != nil {
			return 0, err
		}
		total += tag.RowsAffected()
	}
	return total, nil
}
