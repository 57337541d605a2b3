package apikey

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/db"
	"github.com/atelier-commerce/atelier/backend/internal/pagetoken"
	"github.com/atelier-commerce/atelier/backend/internal/revision"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// lastUsedEvery is how stale a key's last-used time may get: recording every use would turn
// each read into a write.
const lastUsedEvery = time.Minute

// Service makes, lists and revokes keys and authenticates them.
type Service struct {
	pool    *pgxpool.Pool
	now     func() time.Time
	origins originCache
}

// NewService returns the key service over pool.
func NewService(pool *pgxpool.Pool) *Service { return &Service{pool: pool, now: time.Now} }

// SetClock replaces the service's clock (tests).
func (s *Service) SetClock(now func() time.Time) { s.now = now }

func errKeyNotFound() error { return apperr.NotFound("api_key_not_found", "There is no such API key.") }

// Create makes a key on behalf of actor (an admin) and returns it with its secret, which is never
// available again.
func (s *Service) Create(ctx context.Context, actor revision.Actor, in NewKey) (Key, string, error) {
	in, err := in.normalize()
	if err != nil {
		return Key{}, "", err
	}
	secret, hash, err := newSecret(in.Kind)
	if err != nil {
		return Key{}, "", err
	}
	var k Key
	err = db.WithTx(ctx, s.pool, func(tx pgx.Tx) error {
		now := s.now().UTC()
		id, err := insertKey(ctx, tx, in, secret[:shownPrefix], hash, actor.AccountID, now)
		if err != nil {
			return err
		}
		if k, err = keyByID(ctx, tx, id); err != nil {
			return err
		}
		return audit(ctx, tx, actor, "api_key.created", k, now)
	})
	if err != nil {
		return Key{}, "", fmt.Errorf("apikey.Create: %w", err)
	}
	s.forgetOrigins()
	return k, secret, nil
}

// Update renames a key (name non-nil) and replaces a publishable key's allowed origins (origins
// non-nil). A revoked key cannot change (FailedPrecondition "api_key_revoked").
func (s *Service) Update(ctx context.Context, actor revision.Actor, id string, name *string, origins *[]string) (Key, error) {
	if _, ok := db.CanonicalID(id); !ok {
		return Key{}, errKeyNotFound()
	}
	if name != nil {
		n, err := normalizeName(*name)
		if err != nil {
			return Key{}, err
		}
		name = &n
	}
	var k Key
	err := db.WithTx(ctx, s.pool, func(tx pgx.Tx) error {
		cur, err := keyByID(ctx, tx, id)
		if err != nil {
			return err
		}
		if !cur.RevokedAt.IsZero() {
			return apperr.FailedPrecondition("api_key_revoked", "This key is revoked and can no longer change.")
		}
		next := cur
		if name != nil {
			next.Name = *name
		}
		if origins != nil {
			if next.AllowedOrigins, err = normalizeOrigins(cur.Kind, *origins); err != nil {
				return err
			}
		}
		if err := updateKey(ctx, tx, id, next.Name, next.AllowedOrigins); err != nil {
			return err
		}
		if k, err = keyByID(ctx, tx, id); err != nil {
			return err
		}
		return audit(ctx, tx, actor, "api_key.updated", k, s.now().UTC())
	})
	if err != nil {
		return Key{}, fmt.Errorf("apikey.Update: %w", err)
	}
	s.forgetOrigins()
	return k, nil
}

// Revoke ends a key: the next request made with it is refused. Revoking a revoked key changes
// nothing and answers it as it is.
func (s *Service) Revoke(ctx context.Context, actor revision.Actor, id, reason string) (Key, error) {
	if _, ok := db.CanonicalID(id); !ok {
		return Key{}, errKeyNotFound()
	}
	var k Key
	err := db.WithTx(ctx, s.pool, func(tx pgx.Tx) error {
		now := s.now().UTC()
		revoked, err := revokeKey(ctx, tx, id, actor.AccountID, now)
		if err != nil {
			return err
		}
		if k, err = keyByID(ctx, tx, id); err != nil {
			return err
		}
		if !revoked {
			return nil
		}
		return audit(ctx, tx, actor, "api_key.revoked", k, now, "reason", strings.TrimSpace(reason))
	})
	if err != nil {
		return Key{}, fmt.Errorf("apikey.Revoke: %w", err)
	}
	s.forgetOrigins()
	return k, nil
}

// audit records action on k in the audit trail; extra are more detail, as name, value pairs.
func audit(ctx context.Context, tx pgx.Tx, actor revision.Actor, action string, k Key, at time.Time, extra ...string) error {
	detail := map[string]any{"name": k.Name, "kind": k.Kind, "prefix": k.Prefix, "scopes": k.Scopes,
		"allowed_origins": k.AllowedOrigins}
	for i := 0; i+1 < len(extra); i += 2 {
		detail[extra[i]] = extra[i+1]
	}
	return revision.Audit(ctx, tx, revision.Event{Actor: actor, Action: action, SubjectType: "api_key", SubjectID: k.ID,
		Detail: detail, At: at})
}

// Query selects a page of keys.
type Query struct {
	PageSize   int    // 1–100; 0 means 50
	PageToken  string // from Page.NextPageToken
	OnlyActive bool   // leave revoked keys out
}

// Page is one page of keys, newest first.
type Page struct {
	Keys          []Key
	NextPageToken string // empty on the last page
}

// List pages through keys, newest first.
func (s *Service) List(ctx context.Context, q Query) (Page, error) {
	size := q.PageSize
	if size <= 0 {
		size = 50
	}
	size = min(size, 100)
	var after *cursor
	if q.PageToken != "" {
		c, err := decodeCursor(q.PageToken)
		if err != nil {
			return Page{}, err
		}
		after = &c
	}
	var keys []Key
	err := db.WithReadTx(ctx, s.pool, func(tx pgx.Tx) (err error) {
		keys, err = listKeys(ctx, tx, q.OnlyActive, after, size+1)
		return err
	})
	if err != nil {
		return Page{}, fmt.Errorf("apikey.List: %w", err)
	}
	var page Page
	if len(keys) > size {
		keys = keys[:size]
		last := keys[size-1]
		page.NextPageToken = pagetoken.Encode(cursor{CreatedAt: last.CreatedAt, ID: last.ID})
	}
	page.Keys = keys
	return page, nil
}

// Authenticate returns the live key secret belongs to. A key that is unknown, revoked, or whose
// creator is no longer an admin (a key never does more than an admin) is not found, with no word
// of which: the caller answers all three alike. An error means it could not tell.
func (s *Service) Authenticate(ctx context.Context, secret string) (Caller, bool, error) {
	if !wellFormed(secret) {
		return Caller{}, false, nil
	}
	c, lastUsed, found, err := liveKeyByHash(ctx, s.pool, hashSecret(secret))
	if err != nil || !found {
		if err != nil {
			err = fmt.Errorf("apikey.Authenticate: %w", err)
		}
		return Caller{}, false, err
	}
	if now := s.now().UTC(); now.Sub(lastUsed) >= lastUsedEvery {
		if err := touchKey(ctx, s.pool, c.KeyID, now, now.Add(-lastUsedEvery)); err != nil {
			return Caller{}, false, fmt.Errorf("apikey.Authenticate: last used: %w", err)
		}
	}
	return c, true, nil
}

// cursor is the keyset position after the last key of a page (a pagetoken): unlike an offset it
// neither skips nor repeats keys made between pages.
type cursor struct {
	CreatedAt time.Time `json:"t"`
	ID        string    `json:"i"`
}

func decodeCursor(token string) (cursor, error) {
	var c cursor
	if err := pagetoken.Decode(token, &c); err != nil {
		return cursor{}, err
	}
	if _, ok := db.CanonicalID(c.ID); !ok {
		return cursor{}, pagetoken.Invalid()
	}
	return c, nil
}
