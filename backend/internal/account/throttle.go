package account

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"net/netip"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/jackc/pgx/v5"
)

// Limit is how many attempts of one kind a key may make within a sliding window.
type Limit struct {
	Max    int
	Window time.Duration
}

// Limits are the throttling rules. Sign-in failures are limited per e-mail address (not per
// account, so an unknown address is throttled exactly like a registered one and the answer
// reveals nothing) and per client IP (a guesser spreading over many addresses); reset requests
// likewise, since each one sends an e-mail. Registrations are limited per client IP.
type Limits struct {
	LoginPerEmail Limit
	LoginPerIP    Limit
	ResetPerEmail Limit
	ResetPerIP    Limit
	RegisterPerIP Limit
}

// DefaultLimits: 5 failed sign-ins per address and 20 per IP in 15 minutes stop online guessing
// while a shopper who mistypes a few times, or a household behind one address, is not locked
// out for long; 3 reset e-mails per address and 10 per IP an hour are more than anyone needs;
// 10 registrations per IP an hour let a shop counter or a family sign up, not a script.
var DefaultLimits = Limits{
	LoginPerEmail: Limit{Max: 5, Window: 15 * time.Minute},
	LoginPerIP:    Limit{Max: 20, Window: 15 * time.Minute},
	ResetPerEmail: Limit{Max: 3, Window: time.Hour},
	ResetPerIP:    Limit{Max: 10, Window: time.Hour},
	RegisterPerIP: Limit{Max: 10, Window: time.Hour},
}

// The kinds of counted attempts.
const (
	kindLoginEmail = "login_email"
	kindLoginIP    = "login_ip"
	kindResetEmail = "reset_email"
	kindResetIP    = "reset_ip"
	kindRegisterIP = "register_ip"
)

// ipBucket is a limit applied to a client address: every per-IP bucket is made here, so that they
// all key addresses the same way (see ipKey).
func ipBucket(kind, clientIP string, limit Limit) bucket {
	return bucket{kind: kind, key: ipKey(clientIP), limit: limit}
}

// ipKey is the throttling key of a client address. An IPv6 address counts as its /64: that is
// the smallest block an ISP assigns one customer (RFC 6177), and any host in it picks addresses
// from the whole /64 at will, so keying single addresses would give an attacker 2⁶⁴ fresh
// buckets. IPv4 addresses (and IPv4-mapped IPv6 ones) are keyed as they are. An empty or
// unparseable address is kept as given (empty: not limited).
func ipKey(clientIP string) string {
	addr, err := netip.ParseAddr(clientIP)
	if err != nil {
		return clientIP
	}
	addr = addr.Unmap().WithZone("")
	if addr.Is4() {
		return addr.String()
	}
	return netip.PrefixFrom(addr, 64).Masked().String()
}

// bucket is one limit applied to one key.
type bucket struct {
	kind  string
	key   string // empty: not limited (e.g. no client IP known)
	limit Limit
}

// attempt identifies the rows reserve inserted, so a sign-in that turns out right can take its
// own back.
type attempt struct{ ids []string }

// reserve counts an attempt against every bucket, or refuses it when any bucket is full. It runs
// in the caller's SERIALIZABLE transaction: the count and the insert conflict with a concurrent
// reserve on the same key, so the loser is retried and sees the winner's row; exactly Max
// attempts get through however many arrive at once. A refused attempt is not counted, so a
// client that keeps hammering does not push its own window further out.
func reserve(ctx context.Context, tx pgx.Tx, now time.Time, buckets []bucket, reason, message string) (attempt, error) {
	var wait time.Duration
	for _, b := range buckets {
		if b.key == "" || b.limit.Max <= 0 {
			continue
		}
		// The Max-th newest attempt in the window: while it exists the bucket is full, and when it
		// leaves the window there is room again.
		var at time.Time
		err := tx.QueryRow(ctx, `SELECT at FROM auth_attempts
			WHERE kind = @kind AND key_hash = @key AND at > @since
			ORDER BY at DESC OFFSET @skip LIMIT 1`,
			pgx.NamedArgs{"kind": b.kind, "key": keyHash(b.key), "since": now.Add(-b.limit.Window), "skip": b.limit.Max - 1}).Scan(&at)
		if errors.Is(err, pgx.ErrNoRows) {
			continue
		}
		if err != nil {
			return attempt{}, fmt.Errorf("throttle %s: %w", b.kind, err)
		}
		wait = max(wait, at.Add(b.limit.Window).Sub(now))
	}
	if wait > 0 {
		return attempt{}, apperr.TooManyRequests(reason, wait, message, waitText(wait))
	}
	var a attempt
	for _, b := range buckets {
		if b.key == "" || b.limit.Max <= 0 {
			continue
		}
		var id string
		if err := tx.QueryRow(ctx, `INSERT INTO auth_attempts (kind, key_hash, at) VALUES (@kind, @key, @at) RETURNING id::text`,
			pgx.NamedArgs{"kind": b.kind, "key": keyHash(b.key), "at": now}).Scan(&id); err != nil {
			return attempt{}, fmt.Errorf("throttle %s: %w", b.kind, err)
		}
		a.ids = append(a.ids, id)
	}
	return a, nil
}

// release uncounts a reserved attempt that turned out not to be a failure.
func release(ctx context.Context, tx pgx.Tx, a attempt) error {
	if len(a.ids) == 0 {
		return nil
	}
	_, err := tx.Exec(ctx, `DELETE FROM auth_attempts WHERE id = ANY(@ids::uuid[])`, pgx.NamedArgs{"ids": a.ids})
	return err
}

// forget clears a key's attempts of one kind: a successful sign-in or a completed reset starts
// the address afresh. Per-IP counts are never cleared this way, or a guesser could reset them by
// signing in to an account of their own.
func forget(ctx context.Context, tx pgx.Tx, kind, key string) error {
	_, err := tx.Exec(ctx, `DELETE FROM auth_attempts WHERE kind = @kind AND key_hash = @key`,
		pgx.NamedArgs{"kind": kind, "key": keyHash(key)})
	return err
}

func keyHash(key string) []byte {
	sum := sha256.Sum256([]byte(key))
	return sum[:]
}

// waitText says how long to wait in words, rounded up so that waiting that long is enough.
func waitText(d time.Duration) string {
	if d <= time.Minute {
		s := int((d + time.Second - 1) / time.Second)
		if s == 1 {
			return "1 second"
		}
		return fmt.Sprintf("%d seconds", s)
	}
	m := int((d + time.Minute - 1) / time.Minute)
	return fmt.Sprintf("%d minutes", m)
}
