package account

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"
)

// totpState is an account's row of account_totp.
type totpState struct {
	secret   []byte
	enabled  bool
	lastStep int64
}

// accountWithTOTP is an account and its two-factor state (found false: never set up).
func accountWithTOTP(ctx context.Context, tx pgx.Tx, id string) (storedAccount, totpState, bool, error) {
	acct, err := accountByID(ctx, tx, id)
	if err != nil {
		return storedAccount{}, totpState{}, false, err
	}
	st, found, err := totpByAccount(ctx, tx, id)
	return acct, st, found, err
}

func totpByAccount(ctx context.Context, tx pgx.Tx, accountID string) (totpState, bool, error) {
	var st totpState
	var enabledAt *time.Time
	err := tx.QueryRow(ctx, `SELECT secret, enabled_at, last_step FROM account_totp WHERE account_id = @id::uuid`,
		pgx.NamedArgs{"id": accountID}).Scan(&st.secret, &enabledAt, &st.lastStep)
	if errors.Is(err, pgx.ErrNoRows) {
		return totpState{}, false, nil
	}
	st.enabled = enabledAt != nil
	return st, err == nil, err
}

// putPendingTOTP stores a secret awaiting confirmation, replacing an unconfirmed one.
func putPendingTOTP(ctx context.Context, tx pgx.Tx, accountID string, secret []byte, now time.Time) error {
	_, err := tx.Exec(ctx, `INSERT INTO account_totp (account_id, secret, created_at) VALUES (@id::uuid, @secret, @now)
		ON CONFLICT (account_id) DO UPDATE SET secret = excluded.secret, created_at = excluded.created_at,
			enabled_at = NULL, last_step = 0`,
		pgx.NamedArgs{"id": accountID, "secret": secret, "now": now})
	return err
}

// enableTOTP confirms the pending secret, recording step as used.
func enableTOTP(ctx context.Context, tx pgx.Tx, accountID string, secret []byte, step int64, now time.Time) (bool, error) {
	tag, err := tx.Exec(ctx, `UPDATE account_totp SET enabled_at = @now, last_step = @step
		WHERE account_id = @id::uuid AND enabled_at IS NULL AND secret = @secret`,
		pgx.NamedArgs{"id": accountID, "secret": secret, "step": step, "now": now})
	return err == nil && tag.RowsAffected() == 1, err
}

// useTOTPStep records step as used, unless it (or a later one) already was.
func useTOTPStep(ctx context.Context, tx pgx.Tx, accountID string, step int64) (bool, error) {
	tag, err := tx.Exec(ctx, `UPDATE account_totp SET last_step = @step
		WHERE account_id = @id::uuid AND enabled_at IS NOT NULL AND last_step < @step`,
		pgx.NamedArgs{"id": accountID, "step": step})
	return err == nil && tag.RowsAffected() == 1, err
}

func replaceRecoveryCodes(ctx context.Context, tx pgx.Tx, accountID string, codes []string, now time.Time) error {
	if _, err := tx.Exec(ctx, `DELETE FROM account_recovery_codes WHERE account_id = @id::uuid`,
		pgx.NamedArgs{"id": accountID}); err != nil {
		return err
	}
	for _, c := range codes {
		if _, err := tx.Exec(ctx, `INSERT INTO account_recovery_codes (account_id, code_hash, created_at)
			VALUES (@id::uuid, @hash, @now)`, pgx.NamedArgs{"id": accountID, "hash": hashRecoveryCode(c), "now": now}); err != nil {
			return err
		}
	}
	return nil
}

func useRecoveryCode(ctx context.Context, tx pgx.Tx, accountID string, hash []byte, now time.Time) (bool, error) {
	tag, err := tx.Exec(ctx, `UPDATE account_recovery_codes SET used_at = @now
		WHERE account_id = @id::uuid AND code_hash = @hash AND used_at IS NULL`,
		pgx.NamedArgs{"id": accountID, "hash": hash, "now": now})
	return err == nil && tag.RowsAffected() == 1, err
}

func deleteTOTP(ctx context.Context, tx pgx.Tx, accountID string) error {
	if _, err := tx.Exec(ctx, `DELETE FROM account_recovery_codes WHERE account_id = @id::uuid`,
		pgx.NamedArgs{"id": accountID}); err != nil {
		return err
	}
	_, err := tx.Exec(ctx, `DELETE FROM account_totp WHERE account_id = @id::uuid`, pgx.NamedArgs{"id": accountID})
	return err
}
