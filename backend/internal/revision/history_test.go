package revision_test

import (
	"context"
	"encoding/json"
	"os"
	"testing"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/apperr/apperrtest"
	"github.com/atelier-commerce/atelier/backend/internal/db"
	"github.com/atelier-commerce/atelier/backend/internal/db/dbtest"
	"github.com/atelier-commerce/atelier/backend/internal/revision"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"
)

func TestMain(m *testing.M) { os.Exit(dbtest.Main(m)) }

// note is a test aggregate: a keyed one (notes, with note_revisions) or, with no ID, a single
// row (the keyless sign_revisions).
type note struct {
	ID    string
	Rev   int64
	At    time.Time
	By    revision.Actor
	Title string
}

type noteSnapshot struct {
	Title string `json:"title"`
}

// noteRevision is what an aggregate's own revision type looks like.
type noteRevision revision.Entry[noteSnapshot]

var notes = revision.History[note, noteSnapshot]{
	Table:      revision.Table[noteSnapshot]{Name: "note_revisions", Key: "note_id"},
	Fields:     []revision.Field[noteSnapshot]{{Name: "title", Text: func(s noteSnapshot) string { return s.Title }}},
	Noun:       "note",
	Subject:    "note",
	NoRevision: "this note has no revision %d",
	Head: func(n note) revision.Head {
		return revision.Head{ID: n.ID, Revision: n.Rev, UpdatedAt: n.At, UpdatedBy: n.By}
	},
	Snapshot: func(n note) noteSnapshot { return noteSnapshot{Title: n.Title} },
}

// historyPool is a fresh database with the test-only revisions tables, shaped as the aggregates'.
func historyPool(t *testing.T) *pgxpool.Pool {
	t.Helper()
	pool := dbtest.Pool(t)
	const cols = `revision INT NOT NULL CHECK (revision >= 1),
		action TEXT NOT NULL, actor_id UUID, actor_name TEXT NOT NULL DEFAULT '', actor_email TEXT NOT NULL DEFAULT '',
		snapshot JSONB NOT NULL, restored_from INT, created_at TIMESTAMPTZ NOT NULL DEFAULT now()`
	_, err := pool.Exec(context.Background(), `CREATE TABLE note_revisions (note_id UUID NOT NULL, `+cols+`,
		PRIMARY KEY (note_id, revision))`)
	require.NoError(t, err)
	_, err = pool.Exec(context.Background(), `CREATE TABLE sign_revisions (`+cols+`, PRIMARY KEY (revision))`)
	require.NoError(t, err)
	return pool
}

func inTx(t *testing.T, pool *pgxpool.Pool, fn func(tx pgx.Tx) error) error {
	t.Helper()
	return db.WithTx(context.Background(), pool, fn)
}

var (
	ava = revision.Actor{AccountID: uuid.NewString(), Name: "Ava Sinclair", Email: "ava@atelier.test"}
	t0  = time.Date(2026, 7, 1, 9, 0, 0, 0, time.UTC)
)

// The table keeps each aggregate's revisions apart; a keyless table is one history.
func TestTable(t *testing.T) {
	t.Parallel()
	pool := historyPool(t)
	ctx := context.Background()
	a, b := uuid.NewString(), uuid.NewString()
	keyless := revision.Table[noteSnapshot]{Name: "sign_revisions"}
	require.NoError(t, inTx(t, pool, func(tx pgx.Tx) error {
		for rev := int64(1); rev <= 3; rev++ {
			e := revision.Entry[noteSnapshot]{Revision: rev, Action: revision.Updated, Actor: ava,
				CreatedAt: t0.Add(time.Duration(rev) * time.Minute), Snapshot: noteSnapshot{Title: "a" + string(rune('0'+rev))}}
			if rev == 3 {
				e.Action, e.RestoredFrom, e.Actor = revision.Restored, 1, revision.Actor{}
			}
			require.NoError(t, notes.Table.Insert(ctx, tx, a, e))
			require.NoError(t, keyless.Insert(ctx, tx, "", e))
		}
		return notes.Table.Insert(ctx, tx, b, revision.Entry[noteSnapshot]{Revision: 1, Action: revision.Created, CreatedAt: t0})
	}))

	require.NoError(t, inTx(t, pool, func(tx pgx.Tx) error {
		for _, tb := range []revision.Table[noteSnapshot]{notes.Table, keyless} {
			ok, err := tb.Exists(ctx, tx, a, 3)
			require.NoError(t, err)
			require.True(t, ok, tb.Name)
			ok, err = tb.Exists(ctx, tx, a, 4)
			require.NoError(t, err)
			require.False(t, ok, tb.Name)

			es, err := tb.List(ctx, tx, a, 3, 10)
			require.NoError(t, err)
			require.Len(t, es, 2, "%s: below 3, newest first", tb.Name)
			require.Equal(t, revision.Entry[noteSnapshot]{Revision: 2, Action: revision.Updated, Actor: ava,
				CreatedAt: t0.Add(2 * time.Minute), Snapshot: noteSnapshot{Title: "a2"}}, normal(es[0]))
			require.Equal(t, int64(1), es[1].Revision)

			e, err := tb.One(ctx, tx, a, 3, false)
			require.NoError(t, err)
			require.Equal(t, revision.Entry[noteSnapshot]{Revision: 3, Action: revision.Restored, RestoredFrom: 1,
				CreatedAt: t0.Add(3 * time.Minute), Snapshot: noteSnapshot{Title: "a3"}}, normal(*e), "the system, restored from 1")
			e, err = tb.One(ctx, tx, a, 3, true)
			require.NoError(t, err)
			require.Equal(t, int64(2), e.Revision, "the previous one")
			e, err = tb.One(ctx, tx, a, 1, true)
			require.NoError(t, err)
			require.Nil(t, e, "the first has no previous")
			e, err = tb.One(ctx, tx, a, 9, false)
			require.NoError(t, err)
			require.Nil(t, e)
		}
		es, err := notes.Table.List(ctx, tx, b, 100, 10)
		require.NoError(t, err)
		require.Len(t, es, 1, "another note's history is its own")
		return nil
	}))
}

func normal(e revision.Entry[noteSnapshot]) revision.Entry[noteSnapshot] {
	e.CreatedAt = e.CreatedAt.UTC()
	return e
}

func TestHistory(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := historyPool(t)
	// A note the seed saved at revision 2: no revision recorded.
	seeded := note{ID: uuid.NewString(), Rev: 2, At: t0, Title: "Seeded"}

	t.Run("a stale change is refused and records nothing", func(t *testing.T) {
		err := inTx(t, pool, func(tx pgx.Tx) error { return notes.Admit(ctx, tx, seeded, 1) })
		apperrtest.RequireKind(t, err, apperr.KindConflict, "stale_revision")
		require.Contains(t, err.Error(), "This note has changed since you opened it: saved by System")
	})

	// Admitting a change records the seeded state once, by the system; Record appends the change.
	edited := seeded
	edited.Rev, edited.At, edited.By, edited.Title = 3, t0.Add(time.Hour), ava, "Edited"
	require.NoError(t, inTx(t, pool, func(tx pgx.Tx) error {
		if err := notes.Admit(ctx, tx, seeded, 2); err != nil {
			return err
		}
		if err := notes.Admit(ctx, tx, seeded, 2); err != nil {
			return err
		}
		require.True(t, notes.Same(seeded, note{Title: "Seeded"}), "only the snapshot counts")
		require.False(t, notes.Same(seeded, edited))
		return notes.Record(ctx, tx, edited, revision.Updated, 0, &seeded, map[string]any{"code": "x"})
	}))
	restored := edited
	restored.Rev, restored.Title = 4, "Seeded"
	require.NoError(t, inTx(t, pool, func(tx pgx.Tx) error {
		return notes.Record(ctx, tx, restored, revision.Restored, 2, &edited, nil)
	}))

	require.NoError(t, inTx(t, pool, func(tx pgx.Tx) error {
		es, next, err := notes.Page(ctx, tx, restored, 2, 1<<30)
		require.NoError(t, err)
		revs := revision.As[noteRevision](es)
		require.Equal(t, []int64{4, 3}, []int64{revs[0].Revision, revs[1].Revision})
		require.Equal(t, "3", next)
		es, next, err = notes.Page(ctx, tx, restored, 2, 3)
		require.NoError(t, err)
		require.Len(t, es, 1)
		require.Equal(t, revision.Entry[noteSnapshot]{Revision: 2, Action: revision.Updated, CreatedAt: t0,
			Snapshot: noteSnapshot{Title: "Seeded"}}, normal(es[0]), "the seeded state, by the system")
		require.Empty(t, next)

		e, err := notes.One(ctx, tx, restored, 4)
		require.NoError(t, err)
		require.Equal(t, int64(2), e.RestoredFrom)
		_, err = notes.One(ctx, tx, restored, 9)
		apperrtest.Require(t, err, apperrtest.Want{Kind: apperr.KindNotFound, Reason: "revision_not_found",
			Message: "this note has no revision 9"})

		d, err := notes.Diff(ctx, tx, restored, 3, false)
		require.NoError(t, err)
		require.Equal(t, revision.Delta{BaseRevision: 2, Changes: []revision.Change{{Field: "title", Before: "Seeded", After: "Edited"}}}, d)
		d, err = notes.Diff(ctx, tx, restored, 2, false)
		require.NoError(t, err)
		require.Equal(t, revision.Delta{Changes: []revision.Change{{Field: "title", After: "Seeded"}}}, d, "the first against nothing")
		d, err = notes.Diff(ctx, tx, restored, 3, true)
		require.NoError(t, err)
		require.Equal(t, revision.Delta{BaseRevision: 4, Changes: []revision.Change{{Field: "title", Before: "Seeded", After: "Edited"}}}, d)
		_, err = notes.Diff(ctx, tx, restored, 9, true)
		apperrtest.RequireKind(t, err, apperr.KindNotFound, "revision_not_found")

		rows, err := tx.Query(ctx, `SELECT action, subject_type, subject_id, revision, actor_name, detail
			FROM audit_events ORDER BY revision`)
		require.NoError(t, err)
		type event struct {
			Action, Type, ID string
			Rev              int64
			Name             string
			Detail           map[string]any
		}
		got, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (event, error) {
			var ev event
			var body []byte
			if err := r.Scan(&ev.Action, &ev.Type, &ev.ID, &ev.Rev, &ev.Name, &body); err != nil {
				return ev, err
			}
			return ev, json.Unmarshal(body, &ev.Detail)
		})
		require.NoError(t, err)
		require.Equal(t, []event{
			{"note.updated", "note", seeded.ID, 3, "Ava Sinclair", map[string]any{"code": "x", "changed": []any{"title"}}},
			{"note.restored", "note", seeded.ID, 4, "Ava Sinclair", map[string]any{"changed": []any{"title"}, "restored_from": float64(2)}},
		}, got, "admitting records no event")
		return nil
	}))
}

// The read-side helpers: a Reader's refusal passes through; paging is checked before reading.
func TestReads(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := historyPool(t)
	n := note{ID: uuid.NewString(), Rev: 1, At: t0, By: ava, Title: "First"}
	require.NoError(t, inTx(t, pool, func(tx pgx.Tx) error { return notes.Record(ctx, tx, n, revision.Created, 0, nil, nil) }))
	read := func(fn func(pgx.Tx, note) error) error {
		return db.WithReadTx(ctx, pool, func(tx pgx.Tx) error { return fn(tx, n) })
	}
	gone := func(func(pgx.Tx, note) error) error { return apperr.NotFound("note_not_found", "no such note") }

	l, err := notes.ReadPage(ctx, read, 0, "")
	require.NoError(t, err)
	require.Equal(t, n, l.Current)
	require.Len(t, l.Entries, 1)
	require.Empty(t, l.NextPageToken)
	_, err = notes.ReadPage(ctx, read, 0, "x")
	apperrtest.RequireKind(t, err, apperr.KindInvalid, "invalid_page_token")
	_, err = notes.ReadPage(ctx, gone, 0, "")
	apperrtest.RequireKind(t, err, apperr.KindNotFound, "note_not_found")

	e, cur, err := notes.ReadOne(ctx, read, 1)
	require.NoError(t, err)
	require.Equal(t, "First", e.Snapshot.Title)
	require.Equal(t, n, cur)
	_, _, err = notes.ReadOne(ctx, read, 2)
	apperrtest.RequireKind(t, err, apperr.KindNotFound, "revision_not_found")

	d, err := notes.ReadDiff(ctx, read, 1, true)
	require.NoError(t, err)
	require.Equal(t, revision.Delta{BaseRevision: 1}, d, "the current state is revision 1")
	_, err = notes.ReadDiff(ctx, gone, 1, true)
	apperrtest.RequireKind(t, err, apperr.KindNotFound, "note_not_found")
}

// Save writes only a change, refuses a lost race as stale and answers what record saved.
func TestSave(t *testing.T) {
	t.Parallel()
	cur := note{ID: uuid.NewString(), Rev: 2, At: t0, By: ava, Title: "Now"}
	next := cur
	next.Title = "Next"
	fail := func() (bool, error) { t.Fatal("a change that changes nothing is not written"); return false, nil }
	saved, err := notes.Save(cur, cur, fail, nil)
	require.NoError(t, err)
	require.Equal(t, cur, *saved)

	_, err = notes.Save(cur, next, func() (bool, error) { return false, nil }, nil)
	apperrtest.RequireKind(t, err, apperr.KindConflict, "stale_revision")

	recorded := next
	recorded.Rev = 3
	saved, err = notes.Save(cur, next, func() (bool, error) { return true, nil }, func() (*note, error) { return &recorded, nil })
	require.NoError(t, err)
	require.Equal(t, recorded, *saved)
}

// Lock refuses what is missing or stale, and admits the rest; a change must name its revision.
func TestLock(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := historyPool(t)
	apperrtest.Require(t, notes.RevisionRequired(), apperrtest.Want{Kind: apperr.KindInvalid, Reason: "revision_required",
		Message: "say which revision of the note the change is based on (expected_revision, or If-Match on REST)"})
	missing := apperr.NotFound("note_not_found", "no such note")
	n := note{ID: uuid.NewString(), Rev: 1, At: t0, Title: "Seeded"}
	tests := map[string]struct {
		load     func() (*note, error)
		expected int64
		reason   string
	}{
		"missing": {loaded(nil), 1, "note_not_found"},
		"stale":   {loaded(&n), 2, "stale_revision"},
		"current": {loaded(&n), 1, ""},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			err := inTx(t, pool, func(tx pgx.Tx) error {
				cur, err := notes.Lock(ctx, tx, tc.expected, tc.load, missing)
				if err == nil {
					require.Equal(t, n, cur)
				}
				return err
			})
			if tc.reason == "" {
				require.NoError(t, err)
				return
			}
			require.Equal(t, tc.reason, apperr.As(err).Reason)
		})
	}
}

// loaded is a load that finds n (nil: nothing).
func loaded(n *note) func() (*note, error) { return func() (*note, error) { return n, nil } }
