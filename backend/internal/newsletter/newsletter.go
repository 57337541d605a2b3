// Package newsletter owns sign-ups for the shop's newsletter, with double opt-in: a sign-up is
// pending until its address confirms it through an e-mailed link, and only confirmed addresses
// are subscribers. An address is stored once however often, and in whatever case, it is entered:
// signing up is idempotent, so a double click or a second visit is never an error. Every
// newsletter e-mail (the confirmation included) carries an unsubscribe link that works at once,
// without signing in.
package newsletter

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/db"
	"github.com/atelier-commerce/atelier/backend/internal/emailaddr"
	"github.com/atelier-commerce/atelier/backend/internal/throttle"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// TopicConfirmationRequested is the outbox event of a sign-up that awaits confirmation (a new
// address, or one that has not confirmed yet); the jobs package e-mails the confirmation link
// when it sees it. Payload: ConfirmationRequested. A confirmed address emits nothing.
const TopicConfirmationRequested = "newsletter.confirmation_requested"

// ConfirmationRequested is the payload of TopicConfirmationRequested (a contract with the jobs
// package). Like a password reset request it holds no token: the link is made when the e-mail is
// sent (IssueConfirmation), so no secret sits in the outbox or in a job's arguments.
type ConfirmationRequested struct {
	Email       string    `json:"email"`
	RequestedAt time.Time `json:"requested_at"`
}

// ConfirmTTL is how long a confirmation link works after its e-mail is made: long enough for a
// weekend away from the inbox, short enough that an old e-mail found later does not subscribe
// anyone.
const ConfirmTTL = 48 * time.Hour

// Limits bound how many sign-ups one client address may make, and one address may receive, in a
// while: each one may send a confirmation e-mail, so an unthrottled form mails strangers for anyone.
type Limits = throttle.ClientAndAddress

// DefaultLimits: 5 sign-ups an hour from one client address (a household, a shop counter) and 3
// attempts for one address (a double click, a second visit) are more than people need.
var DefaultLimits = throttle.Hourly(5, 3)

// Option adjusts a Service.
type Option func(*Service)

// WithLimits sets the throttling rules.
func WithLimits(l Limits) Option { return func(s *Service) { s.limits = l } }

// WithClock makes the service read time from now (tests move time with it).
func WithClock(now func() time.Time) Option { return func(s *Service) { s.now = now } }

// WithLinks sets the bases of the links the e-mails carry: the storefront's pages (confirm,
// unsubscribe) and the API's one-click unsubscribe endpoint. Both come from configuration, never
// from a request.
func WithLinks(storefrontURL, apiURL string) Option {
	return func(s *Service) {
		s.storefrontURL, s.apiURL = strings.TrimRight(storefrontURL, "/"), strings.TrimRight(apiURL, "/")
	}
}

// Service stores subscriptions.
type Service struct {
	pool          *pgxpool.Pool
	limits        Limits
	now           func() time.Time
	storefrontURL string
	apiURL        string

	keyMu sync.Mutex
	key   []byte // signs unsubscribe tokens; read from signing_keys on first use
}

// NewService returns the newsletter service.
func NewService(pool *pgxpool.Pool, opts ...Option) *Service {
	s := &Service{pool: pool, limits: DefaultLimits, now: time.Now,
		storefrontURL: "http://localhost:3000", apiURL: "http://localhost:8080"}
	for _, o := range opts {
		o(s)
	}
	return s
}

// Subscribe signs email up from clientIP (empty if unknown) and returns it as stored (trimmed,
// lower-cased). A new or still pending address gets a confirmation e-mail (queued in the same
// transaction); a confirmed one gets nothing, so the form never mails a subscriber again. The
// answer is the same in every case, so it never tells anyone who else has signed up. Every valid
// request counts against the client's and the address's limits, whether or not the address was
// new, so a refusal tells nothing either.
func (s *Service) Subscribe(ctx context.Context, email, clientIP string) (string, error) {
	email = strings.ToLower(strings.TrimSpace(email))
	if err := emailaddr.Check("email", email); err != nil {
		return "", err
	}
	err := db.WithTx(ctx, s.pool, func(tx pgx.Tx) error {
		now := s.now()
		if err := s.limits.Reserve(ctx, tx, now, "newsletter", email, clientIP,
			"Too many sign-ups. Please try again in %s."); err != nil {
			return err
		}
		confirmed, err := upsertPending(ctx, tx, email)
		if err != nil || confirmed {
			return err
		}
		_, err = db.Emit(ctx, tx, TopicConfirmationRequested, ConfirmationRequested{Email: email, RequestedAt: now.UTC()})
		return err
	})
	if err != nil {
		return "", fmt.Errorf("newsletter.Subscribe: %w", err)
	}
	return email, nil
}

// Links are what a newsletter e-mail to one address links to.
type Links struct {
	// Confirm opens the storefront's confirmation page with a fresh token (confirmation e-mails
	// only); ExpiresAt is when it stops working.
	Confirm   string
	ExpiresAt time.Time
	// Unsubscribe opens the storefront's unsubscribe page; OneClick is the API endpoint a mail
	// client POSTs to (List-Unsubscribe, RFC 8058). Both carry the same signed token.
	Unsubscribe string
	OneClick    string
}

// IssueConfirmation makes the links of a confirmation e-mail at the moment it is sent, for the
// sign-up of email at requestedAt (a ConfirmationRequested). It gives the pending subscription a
// fresh confirmation token, valid for ConfirmTTL from now; an earlier e-mail's token keeps
// working until it expires (a double click sends two e-mails, and either link confirms). Only
// the token's hash is stored; the raw token goes straight into the message.
//
// Requests that can no longer be honoured are refused with a classified error, which the mail
// worker takes as permanent (nothing is e-mailed):
//   - the request is ConfirmTTL old or older (mail held up by an outage): the shopper has likely
//     signed up again or moved on — FailedPrecondition "confirmation_request_expired";
//   - the address confirmed meanwhile — FailedPrecondition "already_confirmed";
//   - the address unsubscribed meanwhile — NotFound "subscription_not_found".
func (s *Service) IssueConfirmation(ctx context.Context, email string, requestedAt time.Time) (Links, error) {
	if !s.now().Before(requestedAt.Add(ConfirmTTL)) {
		return Links{}, apperr.FailedPrecondition("confirmation_request_expired",
			"The newsletter sign-up is older than its confirmation links' lifetime; it is not e-mailed.")
	}
	key, err := s.signingKey(ctx)
	if err != nil {
		return Links{}, fmt.Errorf("newsletter.IssueConfirmation: %w", err)
	}
	var links Links
	err = db.WithTx(ctx, s.pool, func(tx pgx.Tx) error {
		id, confirmed, found, err := subscriptionByEmail(ctx, tx, strings.ToLower(strings.TrimSpace(email)))
		switch {
		case err != nil:
			return err
		case !found:
			return errSubscriptionNotFound()
		case confirmed:
			return apperr.FailedPrecondition("already_confirmed", "The address has confirmed its subscription already.")
		}
		token, hash := newConfirmToken()
		now := s.now()
		links = s.unsubscribeLinks(key, id)
		links.ExpiresAt = now.Add(ConfirmTTL)
		links.Confirm = s.storefrontURL + "/newsletter/confirm?token=" + url.QueryEscape(token)
		return addConfirmToken(ctx, tx, id, hash, now, links.ExpiresAt)
	})
	if err != nil {
		return Links{}, fmt.Errorf("newsletter.IssueConfirmation: %w", err)
	}
	return links, nil
}

func errInvalidConfirmation() error {
	return apperr.FailedPrecondition("invalid_confirmation_token", "This confirmation link is invalid or has expired.")
}

func errSubscriptionNotFound() error {
	return apperr.NotFound("subscription_not_found", "There is no newsletter subscription for this address.")
}

// Confirm confirms the sign-up whose confirmation link carries token, uses the token up, and
// returns the address now subscribed. A used, expired or unknown token is refused
// (FailedPrecondition "invalid_confirmation_token") and changes nothing.
func (s *Service) Confirm(ctx context.Context, token string) (string, error) {
	if !wellFormedConfirmToken(token) {
		return "", errInvalidConfirmation()
	}
	var email string
	err := db.WithTx(ctx, s.pool, func(tx pgx.Tx) error {
		var found bool
		var err error
		email, found, err = useConfirmToken(ctx, tx, hashToken(token), s.now())
		if err == nil && !found {
			return errInvalidConfirmation()
		}
		return err
	})
	if err != nil {
		return "", fmt.Errorf("newsletter.Confirm: %w", err)
	}
	return email, nil
}

// Unsubscribe ends the subscription an unsubscribe link names, pending or confirmed, at once:
// the row is deleted, so the shop keeps no address whose consent was withdrawn. A link whose
// subscription is already gone answers the same (a second click, a mail client's one-click POST
// after the page's), so the answer never says whether the address was subscribed. A token the
// shop did not sign is refused (Invalid "invalid_unsubscribe_token").
func (s *Service) Unsubscribe(ctx context.Context, token string) error {
	key, err := s.signingKey(ctx)
	if err != nil {
		return fmt.Errorf("newsletter.Unsubscribe: %w", err)
	}
	id, ok := verifyUnsubscribeToken(key, token)
	if !ok {
		return apperr.Invalid("token", "invalid_unsubscribe_token", "This unsubscribe link is not valid.")
	}
	if err := db.WithTx(ctx, s.pool, func(tx pgx.Tx) error { return deleteSubscription(ctx, tx, id) }); err != nil {
		return fmt.Errorf("newsletter.Unsubscribe: %w", err)
	}
	return nil
}

// Subscriber is a confirmed address and the unsubscribe links its e-mails must carry.
type Subscriber struct {
	Email string
	Links Links
}

// Subscribers lists the addresses the newsletter goes to: confirmed subscriptions only, oldest
// first. Pending sign-ups are not subscribers, whatever asks.
func (s *Service) Subscribers(ctx context.Context) ([]Subscriber, error) {
	key, err := s.signingKey(ctx)
	if err != nil {
		return nil, fmt.Errorf("newsletter.Subscribers: %w", err)
	}
	rows, err := confirmedSubscriptions(ctx, s.pool)
	if err != nil {
		return nil, fmt.Errorf("newsletter.Subscribers: %w", err)
	}
	out := make([]Subscriber, 0, len(rows))
	for _, r := range rows {
		out = append(out, Subscriber{Email: r.email, Links: s.unsubscribeLinks(key, r.id)})
	}
	return out, nil
}

// unsubscribeLinks are the storefront page and the one-click endpoint for subscription id.
func (s *Service) unsubscribeLinks(key []byte, id string) Links {
	token := url.QueryEscape(unsubscribeToken(key, id))
	return Links{
		Unsubscribe: s.storefrontURL + "/newsletter/unsubscribe?token=" + token,
		OneClick:    s.apiURL + "/api/v1/newsletter/unsubscribe?token=" + token,
	}
}

// signingKey is the key of unsubscribe tokens, shared by every instance through signing_keys.
func (s *Service) signingKey(ctx context.Context) ([]byte, error) {
	s.keyMu.Lock()
	defer s.keyMu.Unlock()
	if s.key == nil {
		key, err := db.SigningKey(ctx, s.pool, "newsletter-links")
		if err != nil {
			return nil, err
		}
		s.key = key
	}
	return s.key, nil
}
