// Package newsletter owns sign-ups for the shop's newsletter. An address is stored once however
// often, and in whatever case, it is entered: subscribing is idempotent, so a double click or a
// second visit is never an error.
package newsletter

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/db"
	"github.com/atelier-commerce/atelier/backend/internal/emailaddr"
	"github.com/atelier-commerce/atelier/backend/internal/throttle"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// TopicSubscribed is the outbox event a new subscription emits (a repeat does not); the jobs
// package sends the welcome e-mail when it sees it. Payload: Subscribed.
const TopicSubscribed = "newsletter.subscribed"

// Subscribed is the payload of TopicSubscribed (a contract with the jobs package).
type Subscribed struct {
	Email string `json:"email"`
}

// Limits bound how many sign-ups one client address may make, and one address may receive, in a
// while: each new one sends a welcome e-mail, so an unthrottled form mails strangers for anyone.
type Limits = throttle.ClientAndAddress

// DefaultLimits: 5 sign-ups an hour from one client address (a household, a shop counter) and 3
// attempts for one address (a double click, a second visit) are more than people need.
var DefaultLimits = Limits{
	PerClient:  throttle.Limit{Max: 5, Window: time.Hour},
	PerAddress: throttle.Limit{Max: 3, Window: time.Hour},
}

// Option adjusts a Service.
type Option func(*Service)

// WithLimits sets the throttling rules.
func WithLimits(l Limits) Option { return func(s *Service) { s.limits = l } }

// WithClock makes the service read time from now (tests move time with it).
func WithClock(now func() time.Time) Option { return func(s *Service) { s.now = now } }

// Service stores subscriptions.
type Service struct {
	pool   *pgxpool.Pool
	limits Limits
	now    func() time.Time
}

// NewService returns the newsletter service.
func NewService(pool *pgxpool.Pool, opts ...Option) *Service {
	s := &Service{pool: pool, limits: DefaultLimits, now: time.Now}
	for _, o := range opts {
		o(s)
	}
	return s
}

// Subscribe signs email up from clientIP (empty if unknown) and returns it as stored (trimmed,
// lower-cased). An address already subscribed gets the same answer, so the reply never tells
// anyone who else has signed up. Only a new subscription queues the welcome e-mail (in the same
// transaction), so repeating the form never mails anyone twice. Every valid request counts
// against the client's and the address's limits, whether or not the address was new, so a
// refusal tells nothing either.
func (s *Service) Subscribe(ctx context.Context, email, clientIP string) (string, error) {
	email = strings.ToLower(strings.TrimSpace(email))
	if err := emailaddr.Check("email", email); err != nil {
		return "", err
	}
	err := db.WithTx(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := throttle.Reserve(ctx, tx, s.now(), []throttle.Bucket{
			throttle.PerAddress("newsletter_email", email, s.limits.PerAddress),
			throttle.PerClient("newsletter_ip", clientIP, s.limits.PerClient),
		}, "too_many_requests", "Too many sign-ups. Please try again in %s."); err != nil {
			return err
		}
		added, err := insertSubscription(ctx, tx, email)
		if err != nil || !added {
			return err
		}
		_, err = db.Emit(ctx, tx, TopicSubscribed, Subscribed{Email: email})
		return err
	})
	if err != nil {
		return "", fmt.Errorf("newsletter.Subscribe: %w", err)
	}
	return email, nil
}
