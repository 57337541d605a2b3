package revision

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

// Event is one entry of the audit trail (audit_events): who did what to which aggregate.
type Event struct {
	Actor       Actor
	Action      string // e.g. "product.updated", "page.deleted"
	SubjectType string // e.g. "product", "page"
	SubjectID   string
	Revision    int64 // the revision the action left; 0 for none
	Detail      map[string]any
	At          time.Time
}

// Audit appends e to the audit trail in tx, so it commits or rolls back with the change.
func Audit(ctx context.Context, tx pgx.Tx, e Event) error {
	body, err := json.Marshal(e.Detail)
	if err != nil {
		return fmt.Errorf("revision.Audit: %w", err)
	}
	var rev *int64
	if e.Revision != 0 {
		rev = &e.Revision
	}
	var actorID *string
	if e.Actor.AccountID != "" {
		actorID = &e.Actor.AccountID
	}
	_, err = tx.Exec(ctx, `INSERT INTO audit_events
		(occurred_at, actor_id, actor_name, actor_email, action, subject_type, subject_id, revision, detail)
		VALUES (@at, @actor::uuid, @name, @email, @action, @type, @subject, @rev, @detail)`, pgx.NamedArgs{
		"at": e.At, "actor": actorID, "name": e.Actor.Name, "email": e.Actor.Email,
		"action": e.Action, "type": e.SubjectType, "subject": e.SubjectID, "rev": rev, "detail": body,
	})
	if err != nil {
		return fmt.Errorf("revision.Audit: %w", err)
	}
	return nil
}
