package content

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/revision"
	"github.com/jackc/pgx/v5"
)

func revisionExists(ctx context.Context, tx pgx.Tx, pageID string, rev int64) (bool, error) {
	var ok bool
	err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM page_revisions WHERE page_id = @id::uuid AND revision = @rev)`,
		pgx.NamedArgs{"id": pageID, "rev": rev}).Scan(&ok)
	return ok, err
}

// insertRevision appends one immutable revision: the page as it now is.
func insertRevision(ctx context.Context, tx pgx.Tx, p Page, action revision.Action, restoredFrom int64, at time.Time) error {
	body, err := json.Marshal(snapshotOf(p))
	if err != nil {
		return fmt.Errorf("content.insertRevision: %w", err)
	}
	var from *int64
	if restoredFrom != 0 {
		from = &restoredFrom
	}
	var actor *string
	if p.UpdatedBy.AccountID != "" {
		actor = &p.UpdatedBy.AccountID
	}
	_, err = tx.Exec(ctx, `INSERT INTO page_revisions
		(page_id, revision, action, actor_id, actor_name, actor_email, snapshot, restored_from, created_at)
		VALUES (@id::uuid, @rev, @action, @actor::uuid, @name, @email, @snapshot, @from, @at)`, pgx.NamedArgs{
		"id": p.ID, "rev": p.Revision, "action": string(action), "actor": actor,
		"name": p.UpdatedBy.Name, "email": p.UpdatedBy.Email, "snapshot": body, "from": from, "at": at,
	})
	return err
}

const revisionColumns = `SELECT revision, action, COALESCE(actor_id::text, ''), actor_name, actor_email, created_at,
	COALESCE(restored_from, 0), snapshot FROM page_revisions`

func selectRevisions(ctx context.Context, tx pgx.Tx, sql string, args pgx.NamedArgs) ([]Revision, error) {
	rows, err := tx.Query(ctx, sql, args)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (Revision, error) {
		var rev Revision
		var snap []byte
		if err := r.Scan(&rev.Revision, &rev.Action, &rev.Actor.AccountID, &rev.Actor.Name, &rev.Actor.Email,
			&rev.CreatedAt, &rev.RestoredFrom, &snap); err != nil {
			return rev, err
		}
		if err := json.Unmarshal(snap, &rev.Snapshot); err != nil {
			return rev, fmt.Errorf("content.selectRevisions: revision %d: %w", rev.Revision, err)
		}
		return rev, nil
	})
}

// listRevisions returns up to limit revisions below before, newest first.
func listRevisions(ctx context.Context, tx pgx.Tx, pageID string, before int64, limit int) ([]Revision, error) {
	return selectRevisions(ctx, tx, revisionColumns+` WHERE page_id = @id::uuid AND revision < @before
		ORDER BY revision DESC LIMIT @limit`, pgx.NamedArgs{"id": pageID, "before": before, "limit": limit})
}

// pageRevision returns one revision, or nil; with previous, the latest one before it instead.
func pageRevision(ctx context.Context, tx pgx.Tx, pageID string, rev int64, previous bool) (*Revision, error) {
	where := ` WHERE page_id = @id::uuid AND revision = @rev`
	if previous {
		where = ` WHERE page_id = @id::uuid AND revision < @rev ORDER BY revision DESC LIMIT 1`
	}
	revs, err := selectRevisions(ctx, tx, revisionColumns+where, pgx.NamedArgs{"id": pageID, "rev": rev})
	if err != nil || len(revs) == 0 {
		return nil, err
	}
	return &revs[0], nil
}
