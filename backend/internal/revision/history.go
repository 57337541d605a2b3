package revision

import (
	"context"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/jackc/pgx/v5"
)

// Entry is one immutable entry of an aggregate's history: the aggregate as a change left it (its
// snapshot S), who made the change and when.
type Entry[S any] struct {
	Revision     int64
	Action       Action
	Actor        Actor
	CreatedAt    time.Time
	RestoredFrom int64
	Snapshot     S
}

// EntryOf is an aggregate's own revision type: a type defined as Entry[S], so that it can carry
// the aggregate's methods (a revision's page, option, settings) while sharing this package's code.
type EntryOf[S any] interface {
	~struct {
		Revision     int64
		Action       Action
		Actor        Actor
		CreatedAt    time.Time
		RestoredFrom int64
		Snapshot     S
	}
}

// As converts entries to the aggregate's own revision type R.
func As[R EntryOf[S], S any](es []Entry[S]) []R {
	out := make([]R, len(es))
	for i, e := range es {
		out[i] = R(e)
	}
	return out
}

// Delta is what a revision changed.
type Delta struct {
	// BaseRevision is the revision the changes are measured from: the predecessor, or the
	// aggregate's current revision; 0 when there is none (every field is a change).
	BaseRevision int64
	Changes      []Change
}

// Head is what a history needs to know of an aggregate as it now is.
type Head struct {
	// ID is the aggregate's id in its revisions table (unless that has no key) and in the audit trail.
	ID        string
	Revision  int64
	UpdatedAt time.Time
	UpdatedBy Actor
}

// History is the history of one kind of aggregate, A as its service reads it, kept as snapshots S
// in Table. It holds what every history does the same way; the aggregates keep their reads,
// writes and rules.
type History[A, S any] struct {
	Table  Table[S]
	Fields []Field[S]
	// Noun names the aggregate in the stale refusal: "page".
	Noun string
	// Subject is the audit trail's subject type and action prefix: "page" (page.updated).
	Subject string
	// NoRevision is the message for an unknown revision, with %d for it: "this page has no revision %d".
	NoRevision string
	Head       func(A) Head
	Snapshot   func(A) S
}

// Changes lists the fields that differ between a and b.
func (h History[A, S]) Changes(a, b S) []Change { return Diff(h.Fields, a, b) }

// Same reports whether a and b have the same editable state, so saving b over a changes nothing.
func (h History[A, S]) Same(a, b A) bool {
	return len(h.Changes(h.Snapshot(a), h.Snapshot(b))) == 0
}

// Stale refuses a write based on an older revision than cur's, naming who saved last and when.
func (h History[A, S]) Stale(cur A) error {
	hd := h.Head(cur)
	return Stale(h.Noun, hd.Revision, hd.UpdatedBy, hd.UpdatedAt)
}

// Page reads one page of cur's history below revision before, newest first, with the token of
// the next page ("" on the last).
func (h History[A, S]) Page(ctx context.Context, tx pgx.Tx, cur A, size int, before int64) ([]Entry[S], string, error) {
	es, err := h.Table.List(ctx, tx, h.Head(cur).ID, before, size+1)
	if err != nil {
		return nil, "", err
	}
	es, next := Cut(es, size, func(e Entry[S]) int64 { return e.Revision })
	return es, next, nil
}

// One is cur's revision rev, refused as not found when there is none.
func (h History[A, S]) One(ctx context.Context, tx pgx.Tx, cur A, rev int64) (Entry[S], error) {
	e, err := h.Table.One(ctx, tx, h.Head(cur).ID, rev, false)
	if err != nil {
		return Entry[S]{}, err
	}
	if e == nil {
		return Entry[S]{}, apperr.NotFound("revision_not_found", h.NoRevision, rev)
	}
	return *e, nil
}

// Diff lists the fields cur's revision rev changed compared with its predecessor or, with
// againstCurrent, what restoring it would change in cur (before: now, after: the revision).
func (h History[A, S]) Diff(ctx context.Context, tx pgx.Tx, cur A, rev int64, againstCurrent bool) (Delta, error) {
	e, err := h.One(ctx, tx, cur, rev)
	if err != nil {
		return Delta{}, err
	}
	var d Delta
	var base S
	if againstCurrent {
		base, d.BaseRevision = h.Snapshot(cur), h.Head(cur).Revision
	} else {
		prev, err := h.Table.One(ctx, tx, h.Head(cur).ID, rev, true)
		if err != nil {
			return Delta{}, err
		}
		if prev != nil {
			base, d.BaseRevision = prev.Snapshot, prev.Revision
		}
	}
	d.Changes = h.Changes(base, e.Snapshot)
	return d, nil
}

// RevisionRequired refuses a change that names no revision it is based on.
func (h History[A, S]) RevisionRequired() *apperr.Error {
	return apperr.Invalid("expected_revision", "revision_required",
		"say which revision of the %s the change is based on (expected_revision, or If-Match on REST)", h.Noun)
}

// Lock is the start of a change's frame, in tx: load reads the aggregate with a lock (nil when
// there is none, refused with missing), and the change based on revision expected is admitted
// (Admit).
func (h History[A, S]) Lock(ctx context.Context, tx pgx.Tx, expected int64, load func() (*A, error), missing error) (A, error) {
	cur, err := load()
	if err != nil {
		var zero A
		return zero, err
	}
	if cur == nil {
		var zero A
		return zero, missing
	}
	return *cur, h.Admit(ctx, tx, *cur, expected)
}

// Admit lets a change based on revision expected go ahead on cur, read with a lock: it is refused
// as stale unless expected is cur's revision. A cur last saved outside the admin API (the seed)
// gets the revision it lacks first (by whoever saved it: the system), so that history, diff and
// restore always have the state a change started from.
func (h History[A, S]) Admit(ctx context.Context, tx pgx.Tx, cur A, expected int64) error {
	hd := h.Head(cur)
	if hd.Revision != expected {
		return h.Stale(cur)
	}
	exists, err := h.Table.Exists(ctx, tx, hd.ID, hd.Revision)
	if err != nil || exists {
		return err
	}
	action := Updated
	if hd.Revision == 1 {
		action = Created
	}
	return h.Table.Insert(ctx, tx, hd.ID, Entry[S]{Revision: hd.Revision, Action: action, Actor: hd.UpdatedBy,
		CreatedAt: hd.UpdatedAt, Snapshot: h.Snapshot(cur)})
}

// Record appends the revision of saved, the aggregate as a change just left it (stamped with
// its saver), and the change's audit event: detail (may be nil) with the fields changed since
// before, when there was a before, and the revision restored from.
func (h History[A, S]) Record(ctx context.Context, tx pgx.Tx, saved A, action Action, restoredFrom int64, before *A, detail map[string]any) error {
	hd := h.Head(saved)
	err := h.Table.Insert(ctx, tx, hd.ID, Entry[S]{Revision: hd.Revision, Action: action, Actor: hd.UpdatedBy,
		CreatedAt: hd.UpdatedAt, RestoredFrom: restoredFrom, Snapshot: h.Snapshot(saved)})
	if err != nil {
		return err
	}
	if detail == nil {
		detail = map[string]any{}
	}
	if before != nil {
		detail["changed"] = Names(h.Changes(h.Snapshot(*before), h.Snapshot(saved)))
	}
	if restoredFrom != 0 {
		detail["restored_from"] = restoredFrom
	}
	return Audit(ctx, tx, Event{Actor: hd.UpdatedBy, Action: h.Subject + "." + string(action), SubjectType: h.Subject,
		SubjectID: hd.ID, Revision: hd.Revision, Detail: detail, At: hd.UpdatedAt})
}

// Reader runs fn with the aggregate as it now is in one read transaction, or refuses (invalid
// key, not found) without calling it.
type Reader[A any] func(fn func(tx pgx.Tx, cur A) error) error

// Listing is one page of an aggregate's history, newest first, with the aggregate as it now is.
type Listing[A, S any] struct {
	Current       A
	Entries       []Entry[S]
	NextPageToken string // "" on the last page
}

// ReadPage checks pageSize and pageToken (Paging) and reads one page of the history of the
// aggregate read gives.
func (h History[A, S]) ReadPage(ctx context.Context, read Reader[A], pageSize int, pageToken string) (Listing[A, S], error) {
	var l Listing[A, S]
	size, before, err := Paging(pageSize, pageToken)
	if err != nil {
		return l, err
	}
	err = read(func(tx pgx.Tx, cur A) (err error) {
		l.Current = cur
		l.Entries, l.NextPageToken, err = h.Page(ctx, tx, cur, size, before)
		return err
	})
	return l, err
}

// ReadOne reads revision rev of the aggregate read gives, with the aggregate.
func (h History[A, S]) ReadOne(ctx context.Context, read Reader[A], rev int64) (Entry[S], A, error) {
	var e Entry[S]
	var cur A
	err := read(func(tx pgx.Tx, c A) (err error) {
		cur = c
		e, err = h.One(ctx, tx, c, rev)
		return err
	})
	return e, cur, err
}

// ReadDiff is Diff for the aggregate read gives.
func (h History[A, S]) ReadDiff(ctx context.Context, read Reader[A], rev int64, againstCurrent bool) (Delta, error) {
	var d Delta
	err := read(func(tx pgx.Tx, cur A) (err error) {
		d, err = h.Diff(ctx, tx, cur, rev, againstCurrent)
		return err
	})
	return d, err
}

// Save is the end of every change's frame, once the aggregate's own checks have passed: when
// next has the same editable state as cur, nothing is saved and cur is the answer. Otherwise
// write saves next over cur's revision (false when that is no longer the current one: refused
// as stale) and record appends the revision and audit event and returns the aggregate as saved.
func (h History[A, S]) Save(cur, next A, write func() (bool, error), record func() (*A, error)) (*A, error) {
	if h.Same(cur, next) {
		return &cur, nil
	}
	ok, err := write()
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, h.Stale(cur)
	}
	return record()
}
