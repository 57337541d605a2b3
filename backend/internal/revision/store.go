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

// Table is one aggregate's revisions table, whose snapshot column holds an S as JSON. Every such
// table has the same columns (revision, action, actor_id, actor_name, actor_email, snapshot,
// restored_from, created_at) and, unless the aggregate is a single row, the aggregate's id (a
// UUID) in column Key. Name and Key are fixed identifiers written in code, never input: they go
// into the SQL as they are.
type Table[S any] struct {
	Name string // e.g. "page_revisions"
	Key  string // e.g. "page_id"; "" for a single-row aggregate, whose id arguments are ignored
}

// scope is the condition on the aggregate's key (with its argument put in args), ready to be
// followed by another condition.
func (t Table[S]) scope(id string, args pgx.NamedArgs) string {
	if t.Key == "" {
		return ""
	}
	args["id"] = id
	return t.Key + " = @id::uuid AND "
}

// Insert appends e to the history of the aggregate id.
func (t Table[S]) Insert(ctx context.Context, tx pgx.Tx, id string, e Entry[S]) error {
	body, err := json.Marshal(e.Snapshot)
	if err != nil {
		return fmt.Errorf("revision.Insert: %s: %w", t.Name, err)
	}
	var from *int64
	if e.RestoredFrom != 0 {
		from = &e.RestoredFrom
	}
	var actor *string
	if e.Actor.AccountID != "" {
		actor = &e.Actor.AccountID
	}
	args := pgx.NamedArgs{"rev": e.Revision, "action": string(e.Action), "actor": actor,
		"name": e.Actor.Name, "email": e.Actor.Email, "snapshot": body, "from": from, "at": e.CreatedAt}
	key, keyArg := "", ""
	if t.Key != "" {
		key, keyArg, args["id"] = t.Key+", ", "@id::uuid, ", id
	}
	_, err = tx.Exec(ctx, `INSERT INTO `+t.Name+`
		(`+key+`revision, action, actor_id, actor_name, actor_email, snapshot, restored_from, created_at)
		VALUES (`+keyArg+`@rev, @action, @actor::uuid, @name, @email, @snapshot, @from, @at)`, args)
	return err
}

// Exists reports whether the aggregate id's revision rev is recorded.
func (t Table[S]) Exists(ctx context.Context, tx pgx.Tx, id string, rev int64) (bool, error) {
	args := pgx.NamedArgs{"rev": rev}
	var ok bool
	err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM `+t.Name+` WHERE `+t.scope(id, args)+`revision = @rev)`,
		args).Scan(&ok)
	return ok, err
}

// List returns up to limit revisions of the aggregate id below before, newest first.
func (t Table[S]) List(ctx context.Context, tx pgx.Tx, id string, before int64, limit int) ([]Entry[S], error) {
	args := pgx.NamedArgs{"before": before, "limit": limit}
	return t.query(ctx, tx, `WHERE `+t.scope(id, args)+`revision < @before ORDER BY revision DESC LIMIT @limit`, args)
}

// One returns the aggregate id's revision rev, or nil; with previous, the latest one before it
// instead.
func (t Table[S]) One(ctx context.Context, tx pgx.Tx, id string, rev int64, previous bool) (*Entry[S], error) {
	args := pgx.NamedArgs{"rev": rev}
	where := `WHERE ` + t.scope(id, args) + `revision = @rev`
	if previous {
		where = `WHERE ` + t.scope(id, args) + `revision < @rev ORDER BY revision DESC LIMIT 1`
	}
	es, err := t.query(ctx, tx, where, args)
	if err != nil || len(es) == 0 {
		return nil, err
	}
	return &es[0], nil
}

func (t Table[S]) query(ctx context.Context, tx pgx.Tx, where string, args pgx.NamedArgs) ([]Entry[S], error) {
	rows, err := tx.Query(ctx, `SELECT revision, action, COALESCE(actor_id::text, ''), actor_name, actor_email,
		created_at, COALESCE(restored_from, 0), snapshot FROM `+t.Name+` `+where, args)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (Entry[S], error) {
		var e Entry[S]
		var snap []byte
		if err := r.Scan(&e.Revision, &e.Action, &e.Actor.AccountID, &e.Actor.Name, &e.Actor.Email,
			&e.CreatedAt, &e.RestoredFrom, &snap); err != nil {
			return e, err
		}
		if err := json.Unmarshal(snap, &e.Snapshot); err != nil {
			return e, fmt.Errorf("revision.query: %s revision %d: %w", t.Name, e.Revision, err)
		}
		return e, nil
	})
}
