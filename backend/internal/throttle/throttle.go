// Package throttle is the one rule by which the shop limits what a single client, or a single
// e-mail address, may do in a while: failed sign-ins, reset e-mails, registrations, new carts,
// contact messages, newsletter sign-ups. Every counted attempt is a row keyed by kind and the
// SHA-256 of what is limited (a client address or an e-mail address, so no readable address is
// kept); counting and inserting happen in the caller's SERIALIZABLE transaction, so concurrent
// attempts count exactly. A refusal is apperr.TooManyRequests, which every transport answers
// with 429 and Retry-After.
package throttle

import (
	"context"
	"crypto/sha256"
	"fmt"
	"net/netip"
	"strings"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/db"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Retention is how long attempts are kept: no window may be longer, since Prune forgets older
// rows.
const Retention = 24 * time.Hour

// ClientAndAddress are the two limits of a form that e-mails someone (the contact form, the
// newsletter): one per client address and one per e-mail address it names.
type ClientAndAddress struct {
	PerClient  Limit
	PerAddress Limit
}

// Reserve counts a form's attempt naming email from clientIP (see Reserve), in buckets kind+"_email"
// and kind+"_ip"; a refusal is too_many_requests with message (its %s the wait in words).
func (l ClientAndAddress) Reserve(ctx context.Context, tx pgx.Tx, now time.Time, kind, email, clientIP, message string) error {
	_, err := Reserve(ctx, tx, now, []Bucket{
		PerAddress(kind+"_email", email, l.PerAddress),
		PerClient(kind+"_ip", clientIP, l.PerClient),
	}, "too_many_requests", message)
	return err
}

// Hourly is the limits of a form that allows perClient attempts an hour from one client address
// and perAddress naming one e-mail address: the unit in which the configuration counts them.
func Hourly(perClient, perAddress int) ClientAndAddress {
	return ClientAndAddress{PerClient: PerHour(perClient), PerAddress: PerHour(perAddress)}
}

// PerHour is a limit of n attempts an hour.
func PerHour(n int) Limit { return Limit{Max: n, Window: time.Hour} }

// Limit is how many attempts of one kind a key may make within a sliding window. Max 0 (or
// less) means not limited.
type Limit struct {
	Max    int
	Window time.Duration
}

// Bucket is one limit applied to one key.
type Bucket struct {
	Kind  string
	Key   string // empty: not limited (e.g. no client address known)
	Limit Limit
}

// PerClient is a limit applied to a client address: every per-client bucket is made here, so
// that they all key addresses the same way (see ClientKey).
func PerClient(kind, clientIP string, limit Limit) Bucket {
	return Bucket{Kind: kind, Key: ClientKey(clientIP), Limit: limit}
}

// PerAddress is a limit applied to an e-mail address (see AddressKey).
func PerAddress(kind, email string, limit Limit) Bucket {
	return Bucket{Kind: kind, Key: AddressKey(email), Limit: limit}
}

// AddressKey is the throttling key of an e-mail address: without case or surrounding space, as
// the shop compares addresses everywhere.
func AddressKey(email string) string { return strings.ToLower(strings.TrimSpace(email)) }

// ClientKey is the throttling key of a client address. An IPv6 address counts as its /64: that
// is the smallest block an ISP assigns one customer (RFC 6177), and any host in it picks
// addresses from the whole /64 at will, so keying single addresses would give an attacker 2⁶⁴
// fresh buckets. IPv4 addresses (and IPv4-mapped IPv6 ones) are keyed as they are. An empty or
// unparseable address is kept as given (empty: not limited).
func ClientKey(clientIP string) string {
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

// Hash is how a key is stored: rows never hold a readable address.
func Hash(key string) []byte {
	sum := sha256.Sum256([]byte(key))
	return sum[:]
}

// Attempt identifies the rows Reserve inserted, so a sign-in that turns out right can take its
// own back.
type Attempt struct{ ids []string }

// Reserve counts an attempt against every bucket, or refuses it when any bucket is full, with
// apperr.TooManyRequests(reason) and message, whose %s is how long to wait in words. It runs in
// the caller's SERIALIZABLE transaction: the count and the insert conflict with a concurrent
// Reserve on the same key, so the loser is retried and sees the winner's row; exactly Max
// attempts get through however many arrive at once. A refused attempt is not counted, so a
// client that keeps hammering does not push its own window further out.
func Reserve(ctx context.Context, tx pgx.Tx, now time.Time, buckets []Bucket, reason, message string) (Attempt, error) {
	var wait time.Duration
	for _, b := range buckets {
		if b.Key == "" || b.Limit.Max <= 0 {
			continue
		}
		// The Max-th newest attempt in the window: while it exists the bucket is full, and when it
		// leaves the window there is room again.
		at, found, err := newestAttempt(ctx, tx, b.Kind, Hash(b.Key), now.Add(-b.Limit.Window), b.Limit.Max)
		if err != nil {
			return Attempt{}, fmt.Errorf("throttle.Reserve: %s: %w", b.Kind, err)
		}
		if !found {
			continue
		}
		wait = max(wait, at.Add(b.Limit.Window).Sub(now))
	}
	if wait > 0 {
		return Attempt{}, Refuse(reason, wait, message)
	}
	var a Attempt
	for _, b := range buckets {
		if b.Key == "" || b.Limit.Max <= 0 {
			continue
		}
		id, err := insertAttempt(ctx, tx, b.Kind, Hash(b.Key), now)
		if err != nil {
			return Attempt{}, fmt.Errorf("throttle.Reserve: %s: %w", b.Kind, err)
		}
		a.ids = append(a.ids, id)
	}
	return a, nil
}

// Refuse is the error of a throttled caller who may try again after wait: message's %s says how
// long in words. Limits counted elsewhere than in attempts (checkout's cap on unpaid orders)
// refuse with it too, so every refusal reads and answers alike.
func Refuse(reason string, wait time.Duration, message string) error {
	return apperr.TooManyRequests(reason, wait, message, waitText(wait))
}

// Release uncounts a reserved attempt that turned out not to be a failure.
func Release(ctx context.Context, tx pgx.Tx, a Attempt) error {
	if len(a.ids) == 0 {
		return nil
	}
	return deleteAttempts(ctx, tx, a.ids)
}

// Forget clears a key's attempts of one kind: a successful sign-in or a completed reset starts
// the address afresh.
func Forget(ctx context.Context, tx pgx.Tx, kind, key string) error {
	return deleteKey(ctx, tx, kind, Hash(key))
}

// Prune deletes attempts older than Retention at now, which no window can still count, and
// reports how many. Run it periodically.
func Prune(ctx context.Context, pool *pgxpool.Pool, now time.Time) (int64, error) {
	var n int64
	err := db.WithTx(ctx, pool, func(tx pgx.Tx) error {
		var err error
		n, err = deleteBefore(ctx, tx, now.Add(-Retention))
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("throttle.Prune: %w", err)
	}
	return n, nil
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
