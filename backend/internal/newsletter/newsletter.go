// Package newsletter owns sign-ups for the shop's newsletter. An address is stored once however
// often, and in whatever case, it is entered: subscribing is idempotent, so a double click or a
// second visit is never an error.
package newsletter

import (
	"context"
	"fmt"
	"strings"

	"github.com/atelier-commerce/atelier/backend/internal/db"
	"github.com/atelier-commerce/atelier/backend/internal/emailaddr"
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

// Service stores subscriptions.
type Service struct{ pool *pgxpool.Pool }

// NewService returns the newsletter service.
func NewService(pool *pgxpool.Pool) *Service { return &Service{pool: pool} }

// Subscribe signs email up and returns it as stored (trimmed, lower-cased). An address already
// subscribed gets the same answer, so the reply never tells anyone who else has signed up. Only
// a new subscription queues the welcome e-mail (in the same transaction), so repeating the form
// never mails anyone twice.
func (s *Service) Subscribe(ctx context.Context, email string) (string, error) {
	email = strings.ToLower(strings.TrimSpace(email))
	if err := emailaddr.Check("email", email); err != nil {
		return "", err
	}
	err := db.WithTx(ctx, s.pool, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `INSERT INTO newsletter_subscriptions (email) VALUES (@email) ON CONFLICT DO NOTHING`,
			pgx.NamedArgs{"email": email})
		if err != nil || tag.RowsAffected() == 0 {
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
