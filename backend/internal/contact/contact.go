// Package contact owns the messages shoppers send through the contact form. A message is stored
// before anything else happens to it, so the shop has every one even if forwarding it fails;
// forwarding is a background job fed by the outbox event the same transaction writes.
package contact

import (
	"context"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/db"
	"github.com/atelier-commerce/atelier/backend/internal/emailaddr"
	"github.com/atelier-commerce/atelier/backend/internal/throttle"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Message is what the contact form sends.
type Message struct {
	Name    string
	Email   string // where the shop replies
	Subject string
	Body    string
}

// Length limits in characters, as in the API contract.
const (
	MaxNameLen    = 200
	MaxSubjectLen = 200
	MaxBodyLen    = 5000
)

// normalize trims every field and checks them in the order the form shows them, so the first
// error names the first field to fix.
func (m Message) normalize() (Message, error) {
	m.Name, m.Email = strings.TrimSpace(m.Name), strings.TrimSpace(m.Email)
	m.Subject, m.Body = strings.TrimSpace(m.Subject), strings.TrimSpace(m.Body)
	for _, err := range []error{
		required("name", m.Name, MaxNameLen),
		emailaddr.Check("email", m.Email),
		required("subject", m.Subject, MaxSubjectLen),
		required("message", m.Body, MaxBodyLen),
	} {
		if err != nil {
			return m, err
		}
	}
	return m, nil
}

func required(field, value string, maxLen int) error {
	switch {
	case value == "":
		return apperr.Invalid(field, "missing_"+field, "%s is required", field)
	case utf8.RuneCountInString(value) > maxLen:
		return apperr.Invalid(field, field+"_too_long", "%s must be at most %d characters", field, maxLen)
	}
	return nil
}

// TopicMessageReceived is the outbox event a stored message emits; the jobs package forwards the
// message to the shop's mailbox when it sees it. Payload: MessageReceived.
const TopicMessageReceived = "contact_message.received"

// MessageReceived is the payload of TopicMessageReceived (a contract with the jobs package).
type MessageReceived struct {
	MessageID string `json:"message_id"`
	Name      string `json:"name"`
	Email     string `json:"email"`
	Subject   string `json:"subject"`
	Message   string `json:"message"`
}

// Limits bound how many messages one client address and one reply address may send in a
// while: each one e-mails the shop, so an unthrottled form is a way to flood its mailbox.
type Limits = throttle.ClientAndAddress

// DefaultLimits: 5 messages an hour from one client address and 3 giving one reply address are
// more than a shopper with a question writes.
var DefaultLimits = throttle.Hourly(5, 3)

// Option adjusts a Service.
type Option func(*Service)

// WithLimits sets the throttling rules.
func WithLimits(l Limits) Option { return func(s *Service) { s.limits = l } }

// WithClock makes the service read time from now (tests move time with it).
func WithClock(now func() time.Time) Option { return func(s *Service) { s.now = now } }

// Service stores contact messages.
type Service struct {
	pool   *pgxpool.Pool
	limits Limits
	now    func() time.Time
}

// NewService returns the contact service.
func NewService(pool *pgxpool.Pool, opts ...Option) *Service {
	s := &Service{pool: pool, limits: DefaultLimits, now: time.Now}
	for _, o := range opts {
		o(s)
	}
	return s
}

// Send stores m, sent from clientIP (empty if unknown), and returns its id. The e-mail to the
// shop is queued in the same transaction (an outbox event), so a stored message is always
// forwarded and a failed one never is. Messages are throttled per client address and per reply
// address; a refused one is neither stored nor forwarded.
func (s *Service) Send(ctx context.Context, m Message, clientIP string) (string, error) {
	m, err := m.normalize()
	if err != nil {
		return "", err
	}
	var id string
	err = db.WithTx(ctx, s.pool, func(tx pgx.Tx) error {
		if err := s.limits.Reserve(ctx, tx, s.now(), "contact", m.Email, clientIP,
			"Too many messages. Please try again in %s."); err != nil {
			return err
		}
		if id, err = insertMessage(ctx, tx, m); err != nil {
			return err
		}
		_, err := db.Emit(ctx, tx, TopicMessageReceived, MessageReceived{
			MessageID: id, Name: m.Name, Email: m.Email, Subject: m.Subject, Message: m.Body})
		return err
	})
	if err != nil {
		return "", fmt.Errorf("contact.Send: %w", err)
	}
	return id, nil
}
