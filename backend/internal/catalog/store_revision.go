package catalog

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

func revisionExists(ctx context.Context, tx pgx.Tx, productID string, revision int64) (bool, error) {
	var ok bool
	err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM product_revisions WHERE product_id = @id::uuid AND revision = @rev)`,
		pgx.NamedArgs{"id": productID, "rev": revision}).Scan(&ok)
	return ok, err
}

// insertRevision appends one immutable revision.
func insertRevision(ctx context.Context, tx pgx.Tx, productID string, revision int64, action Action, actor Actor,
	snap Snapshot, restoredFrom int64, at time.Time,
) error {
	body, err := json.Marshal(snap)
	if err != nil {
		return fmt.Errorf("catalog.insertRevision: %w", err)
	}
	var from *int64
	if restoredFrom != 0 {
		from = &restoredFrom
	}
	_, err = tx.Exec(ctx, `INSERT INTO product_revisions
		(product_id, revision, action, actor_id, actor_name, actor_email, snapshot, restored_from, created_at)
		VALUES (@id::uuid, @rev, @action, @actor, @name, @email, @snapshot, @from, @at)`, pgx.NamedArgs{
		"id": productID, "rev": revision, "action": string(action), "actor": nullableID(actor.AccountID),
		"name": actor.Name, "email": actor.Email, "snapshot": body, "from": from, "at": at,
	})
	return err
}

const revisionColumns = `revision, action, COALESCE(actor_id::text, ''), actor_name, actor_email, created_at,
	COALESCE(restored_from, 0), snapshot`

func scanRevisions(rows pgx.Rows) ([]Revision, error) {
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (Revision, error) {
		var rev Revision
		var action string
		var snap []byte
		if err := r.Scan(&rev.Revision, &action, &rev.Actor.AccountID, &rev.Actor.Name, &rev.Actor.Email, &rev.CreatedAt,
			&rev.RestoredFrom, &snap); err != nil {
			return rev, err
		}
		rev.Action = Action(action)
		if err := json.Unmarshal(snap, &rev.Snapshot); err != nil {
			return rev, fmt.Errorf("catalog.scanRevisions: revision %d: %w", rev.Revision, err)
		}
		return rev, nil
	})
}

// listRevisions returns up to limit revisions below before, newest first.
func listRevisions(ctx context.Context, tx pgx.Tx, productID string, before int64, limit int) ([]Revision, error) {
	rows, err := tx.Query(ctx, `SELECT `+revisionColumns+` FROM product_revisions
		WHERE product_id = @id::uuid AND revision < @before ORDER BY revision DESC LIMIT @limit`,
		pgx.NamedArgs{"id": productID, "before": before, "limit": limit})
	if err != nil {
		return nil, err
	}
	return scanRevisions(rows)
}

// productRevision returns one revision, or nil.
func productRevision(ctx context.Context, tx pgx.Tx, productID string, revision int64) (*Revision, error) {
	return oneRevision(ctx, tx, `SELECT `+revisionColumns+` FROM product_revisions
		WHERE product_id = @id::uuid AND revision = @rev`, productID, revision)
}

// previousRevision returns the latest revision before revision, or nil.
func previousRevision(ctx context.Context, tx pgx.Tx, productID string, revision int64) (*Revision, error) {
	return oneRevision(ctx, tx, `SELECT `+revisionColumns+` FROM product_revisions
		WHERE product_id = @id::uuid AND revision < @rev ORDER BY revision DESC LIMIT 1`, productID, revision)
}

func oneRevision(ctx context.Context, tx pgx.Tx, sql, productID string, revision int64) (*Revision, error) {
	rows, err := tx.Query(ctx, sql, pgx.NamedArgs{"id": productID, "rev": revision})
	if err != nil {
		return nil, err
	}
	revs, err := scanRevisions(rows)
	if err != nil {
		return nil, err
	}
	if len(revs) == 0 {
		return nil, nil //nolint:nilnil // no such revision is an answer, not an error
	}
	if len(revs) > 1 {
		return nil, errors.New("catalog.oneRevision: more than one row")
	}
	return &revs[0], nil
}
