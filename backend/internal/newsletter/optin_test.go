package newsletter_test

import (
	"context"
	"net/url"
	"testing"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/db/dbtest"
	"github.com/atelier-commerce/atelier/backend/internal/newsletter"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"
)

// newOptIn is a fixture without limits (they are throttle_test's subject).
func newOptIn(t *testing.T) fixture {
	t.Helper()
	return newFixture(t, newsletter.Limits{})
}

// signUp subscribes email and returns the links of the confirmation e-mail sent now.
func (f fixture) signUp(t *testing.T, email string) newsletter.Links {
	t.Helper()
	_, err := f.svc.Subscribe(context.Background(), email, "192.0.2.1")
	require.NoError(t, err)
	links, err := f.svc.IssueConfirmation(context.Background(), email, *f.now)
	require.NoError(t, err)
	return links
}

func (f fixture) subscribers(t *testing.T) []string {
	t.Helper()
	subs, err := f.svc.Subscribers(context.Background())
	require.NoError(t, err)
	var out []string
	for _, s := range subs {
		out = append(out, s.Email)
	}
	return out
}

// state is what the database holds about subscriptions: rows, confirmed rows, live tokens.
func (f fixture) state(t *testing.T) [3]int {
	t.Helper()
	var s [3]int
	require.NoError(t, f.pool.QueryRow(context.Background(), `SELECT
		(SELECT count(*) FROM newsletter_subscriptions),
		(SELECT count(*) FROM newsletter_subscriptions WHERE confirmed_at IS NOT NULL),
		(SELECT count(*) FROM newsletter_confirmations)`).Scan(&s[0], &s[1], &s[2]))
	return s
}

func tokenOf(t *testing.T, link string) string {
	t.Helper()
	u, err := url.Parse(link)
	require.NoError(t, err)
	return u.Query().Get("token")
}

// Double opt-in: a sign-up is not a subscriber until its address follows the e-mailed link; the
// link works once; a confirmed address signing up again is sent nothing.
func TestDoubleOptIn(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newOptIn(t)
	links := f.signUp(t, "Jane@Example.com")
	require.Empty(t, f.subscribers(t), "a pending sign-up is no subscriber")

	require.Regexp(t, `^https://shop\.example/newsletter/confirm\?token=[A-Z2-7]{26}$`, links.Confirm)
	require.Equal(t, f.now.Add(48*time.Hour), links.ExpiresAt)
	require.Regexp(t, `^https://shop\.example/newsletter/unsubscribe\?token=[A-Za-z0-9_-]{64}$`, links.Unsubscribe)
	require.Equal(t, "https://api.shop.example/api/v1/newsletter/unsubscribe?token="+tokenOf(t, links.Unsubscribe), links.OneClick)
	token := tokenOf(t, links.Confirm)
	var atRest int
	require.NoError(t, f.pool.QueryRow(ctx, `SELECT count(*) FROM newsletter_confirmations
		WHERE token_hash = sha256(convert_to($1, 'UTF8'))`, token).Scan(&atRest))
	require.Equal(t, 1, atRest, "only the token's SHA-256 is stored")

	email, err := f.svc.Confirm(ctx, token)
	require.NoError(t, err)
	require.Equal(t, "jane@example.com", email)
	require.Equal(t, []string{"jane@example.com"}, f.subscribers(t))
	subs, err := f.svc.Subscribers(ctx)
	require.NoError(t, err)
	require.Equal(t, links.Unsubscribe, subs[0].Links.Unsubscribe, "every e-mail to the address offers the same unsubscribe link")

	_, err = f.svc.Confirm(ctx, token)
	requireRefused(t, err, apperr.KindFailedPrecondition, "invalid_confirmation_token")

	var events int
	require.NoError(t, f.pool.QueryRow(ctx, `SELECT count(*) FROM outbox`).Scan(&events))
	_, err = f.svc.Subscribe(ctx, "jane@example.com", "192.0.2.1")
	require.NoError(t, err)
	var after int
	require.NoError(t, f.pool.QueryRow(ctx, `SELECT count(*) FROM outbox`).Scan(&after))
	require.Equal(t, events, after, "a confirmed address is sent nothing")
}

// A second sign-up sends a second e-mail, and either link confirms: the first does not stop
// working because the shopper clicked twice.
func TestEveryConfirmationLinkWorksOnce(t *testing.T) {
	t.Parallel()
	f := newOptIn(t)
	first := f.signUp(t, "jane@example.com")
	*f.now = f.now.Add(time.Minute)
	second := f.signUp(t, "jane@example.com")
	require.NotEqual(t, first.Confirm, second.Confirm)
	_, err := f.svc.Confirm(context.Background(), tokenOf(t, first.Confirm))
	require.NoError(t, err)
	_, err = f.svc.Confirm(context.Background(), tokenOf(t, second.Confirm))
	requireRefused(t, err, apperr.KindFailedPrecondition, "invalid_confirmation_token")
	require.Equal(t, [3]int{1, 1, 0}, f.state(t), "confirming spends every token of the address")
}

// A confirmation that cannot be honoured is refused and changes nothing.
func TestConfirmRefused(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		token func(t *testing.T, f fixture, links newsletter.Links) string
	}{
		"expired": {func(t *testing.T, f fixture, l newsletter.Links) string {
			t.Helper()
			*f.now = l.ExpiresAt
			return tokenOf(t, l.Confirm)
		}},
		"unknown":            {func(*testing.T, fixture, newsletter.Links) string { return "ABCDEFGHIJKLMNOPQRSTUVWXYZ" }},
		"malformed":          {func(*testing.T, fixture, newsletter.Links) string { return "not a token" }},
		"empty":              {func(*testing.T, fixture, newsletter.Links) string { return "" }},
		"an unsubscribe one": {func(t *testing.T, _ fixture, l newsletter.Links) string { t.Helper(); return tokenOf(t, l.Unsubscribe) }},
		"after unsubscribing": {func(t *testing.T, f fixture, l newsletter.Links) string {
			t.Helper()
			require.NoError(t, f.svc.Unsubscribe(context.Background(), tokenOf(t, l.Unsubscribe)))
			return tokenOf(t, l.Confirm)
		}},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			f := newOptIn(t)
			links := f.signUp(t, "jane@example.com")
			token := tt.token(t, f, links)
			before := f.state(t)
			_, err := f.svc.Confirm(context.Background(), token)
			requireRefused(t, err, apperr.KindFailedPrecondition, "invalid_confirmation_token")
			require.Equal(t, before, f.state(t), "a refused confirmation changes nothing")
			require.Empty(t, f.subscribers(t))
		})
	}
}

// The mail worker asks for the links when it sends; a request it can no longer honour is
// refused with a reason that cancels the e-mail.
func TestIssueConfirmationRefused(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		prepare func(t *testing.T, f fixture) (email string, requestedAt time.Time)
		kind    apperr.Kind
		reason  string
	}{
		"request older than a link's lifetime": {func(t *testing.T, f fixture) (string, time.Time) {
			t.Helper()
			f.signUp(t, "jane@example.com")
			return "jane@example.com", f.now.Add(-48 * time.Hour)
		}, apperr.KindFailedPrecondition, "confirmation_request_expired"},
		"confirmed meanwhile": {func(t *testing.T, f fixture) (string, time.Time) {
			t.Helper()
			_, err := f.svc.Confirm(context.Background(), tokenOf(t, f.signUp(t, "jane@example.com").Confirm))
			require.NoError(t, err)
			return "jane@example.com", *f.now
		}, apperr.KindFailedPrecondition, "already_confirmed"},
		"unsubscribed meanwhile": {func(t *testing.T, f fixture) (string, time.Time) {
			t.Helper()
			require.NoError(t, f.svc.Unsubscribe(context.Background(), tokenOf(t, f.signUp(t, "jane@example.com").Unsubscribe)))
			return "jane@example.com", *f.now
		}, apperr.KindNotFound, "subscription_not_found"},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			f := newOptIn(t)
			email, at := tt.prepare(t, f)
			before := f.state(t)
			_, err := f.svc.IssueConfirmation(context.Background(), email, at)
			requireRefused(t, err, tt.kind, tt.reason)
			require.Equal(t, before, f.state(t), "a refused request stores no token")
		})
	}
}

// An unsubscribe link ends a pending or confirmed subscription at once and keeps nothing of it;
// using it again answers the same; a token the shop did not sign is refused and ends nothing.
func TestUnsubscribe(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newOptIn(t)
	pending := f.signUp(t, "pending@example.com")
	confirmed := f.signUp(t, "jane@example.com")
	_, err := f.svc.Confirm(ctx, tokenOf(t, confirmed.Confirm))
	require.NoError(t, err)
	require.Equal(t, [3]int{2, 1, 1}, f.state(t))

	other := newOptIn(t) // another shop: another signing key
	foreign := tokenOf(t, other.signUp(t, "jane@example.com").Unsubscribe)
	tampered := []byte(tokenOf(t, confirmed.Unsubscribe))
	tampered[len(tampered)-1] ^= 1
	for name, token := range map[string]string{"foreign": foreign, "tampered": string(tampered), "empty": "", "garbage": "%%%"} {
		err := f.svc.Unsubscribe(ctx, token)
		requireRefused(t, err, apperr.KindInvalid, "invalid_unsubscribe_token")
		require.Equal(t, [3]int{2, 1, 1}, f.state(t), "%s: a refused unsubscribe ends nothing", name)
	}

	require.NoError(t, f.svc.Unsubscribe(ctx, tokenOf(t, confirmed.OneClick)))
	require.Empty(t, f.subscribers(t))
	require.NoError(t, f.svc.Unsubscribe(ctx, tokenOf(t, pending.Unsubscribe)))
	require.Equal(t, [3]int{0, 0, 0}, f.state(t), "nothing is kept of a withdrawn sign-up")
	require.NoError(t, f.svc.Unsubscribe(ctx, tokenOf(t, confirmed.Unsubscribe)), "a second click answers the same")

	again := f.signUp(t, "jane@example.com")
	require.NotEqual(t, confirmed.Unsubscribe, again.Unsubscribe)
	require.NoError(t, f.svc.Unsubscribe(ctx, tokenOf(t, confirmed.Unsubscribe)))
	require.Equal(t, [3]int{1, 0, 1}, f.state(t), "an old e-mail's link cannot end a later sign-up")
}

func requireRefused(t *testing.T, err error, kind apperr.Kind, reason string) {
	t.Helper()
	ae := apperr.As(err)
	require.NotNil(t, ae, "%v", err)
	require.Equal(t, kind, ae.Kind, "%v", err)
	require.Equal(t, reason, ae.Reason)
}

// fixture is a newsletter service of its own, with the given limits, on a clock the test moves.
type fixture struct {
	svc  *newsletter.Service
	pool *pgxpool.Pool
	now  *time.Time
}

func newFixture(t *testing.T, limits newsletter.Limits) fixture {
	t.Helper()
	pool := dbtest.Pool(t)
	now := time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC)
	f := fixture{pool: pool, now: &now}
	f.svc = newsletter.NewService(pool, newsletter.WithLimits(limits), newsletter.WithClock(func() time.Time { return *f.now }),
		newsletter.WithLinks("https://shop.example/", "https://api.shop.example"))
	return f
}
