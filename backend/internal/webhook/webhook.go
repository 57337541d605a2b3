// Package webhook owns the shop's outbound webhooks: the endpoints admins (and partner keys with
// webhooks:manage) register, the fan-out of each event (package event puts them in the outbox)
// into one delivery per subscribed endpoint, and the delivery itself, signed per the Standard
// Webhooks specification (https://www.standardwebhooks.com/) and sent through netguard so that a
// partner's URL can never reach inside the shop's network.
//
// Delivery is at-least-once: a River job per delivery retries with backoff for about three days
// (Backoff), the event id (webhook-id) stays the same across attempts and replays so receivers can
// drop duplicates. An endpoint whose deliveries keep failing for good is disabled (DisableAfter)
// and the shop is e-mailed.
package webhook

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/netguard"
	"github.com/atelier-commerce/atelier/backend/internal/webhook/event"
	"github.com/jackc/pgx/v5/pgxpool"
)

// SecretPrefix starts every signing secret, as the Standard Webhooks libraries expect.
const SecretPrefix = "whsec_"

// secretBytes is the secret's length before encoding (the spec asks for 24 to 64).
const secretBytes = 32

// RotationOverlap is how long a rotated-out secret keeps signing beside the new one: a receiver
// has a day to deploy the new secret without refusing a delivery.
const RotationOverlap = 24 * time.Hour

// Limits of what an endpoint may say.
const (
	maxURLLength         = 2048
	maxDescriptionLength = 500
	maxEndpoints         = 50
)

// Guard checks a partner's URL and sends to it (netguard.Guard; tests may wrap it).
type Guard interface {
	Check(ctx context.Context, rawURL string) error
	Post(ctx context.Context, rawURL string, headers map[string]string, body []byte) (netguard.Response, error)
}

// Service is the webhook context.
type Service struct {
	pool  *pgxpool.Pool
	guard Guard
	now   func() time.Time
	rand  io.Reader
}

// NewService returns the service over pool, sending through guard.
func NewService(pool *pgxpool.Pool, guard Guard) *Service {
	return &Service{pool: pool, guard: guard, now: time.Now, rand: rand.Reader}
}

// SetClock replaces the service's clock (tests move time forward).
func (s *Service) SetClock(now func() time.Time) { s.now = now }

// Endpoint is a registered receiver. Its secret is never part of it: it is shown once, when made.
type Endpoint struct {
	ID          string
	URL         string
	Description string
	EventTypes  []event.Type
	Enabled     bool
	// DisabledReason says why the shop disabled the endpoint (its deliveries kept failing); empty
	// when an admin did, or when enabled.
	DisabledReason string
	DisabledAt     *time.Time
	// PreviousSecretExpiresAt is when the secret replaced by the last rotation stops signing; nil
	// when there is none.
	PreviousSecretExpiresAt *time.Time
	// FailureStreak counts deliveries that failed for good, one after another.
	FailureStreak int
	CreatedAt     time.Time
	UpdatedAt     time.Time
	Version       int
}

// Input is what a create or update sets; nil fields are left as they are (on create: URL and
// EventTypes are required, Description defaults to empty, Enabled to true).
type Input struct {
	URL         *string
	Description *string
	EventTypes  []event.Type
	Enabled     *bool
}

// NewSecret makes a signing secret: whsec_ and the base64 of 32 random bytes.
func (s *Service) NewSecret() (string, error) {
	b := make([]byte, secretBytes)
	if _, err := io.ReadFull(s.rand, b); err != nil {
		return "", fmt.Errorf("webhook.NewSecret: %w", err)
	}
	return SecretPrefix + base64.StdEncoding.EncodeToString(b), nil
}

// Sign is the Standard Webhooks signature of one message: "v1," and the base64 of
// HMAC-SHA256(key, id + "." + timestamp + "." + body), where key is the secret's base64 part
// decoded.
func Sign(secret, id string, timestamp time.Time, body []byte) (string, error) {
	key, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(secret, SecretPrefix))
	if err != nil {
		return "", fmt.Errorf("webhook.Sign: the secret is not base64: %w", err)
	}
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte(id + "." + strconv.FormatInt(timestamp.Unix(), 10) + "."))
	mac.Write(body)
	return "v1," + base64.StdEncoding.EncodeToString(mac.Sum(nil)), nil
}

// Headers are the Standard Webhooks headers of a message signed by each of secrets (the current
// one, and during a rotation's overlap the previous one too: webhook-signature then carries both,
// space-separated, and a receiver with either secret accepts it).
func Headers(id string, timestamp time.Time, body []byte, secrets ...string) (map[string]string, error) {
	sigs := make([]string, 0, len(secrets))
	for _, sec := range secrets {
		sig, err := Sign(sec, id, timestamp, body)
		if err != nil {
			return nil, err
		}
		sigs = append(sigs, sig)
	}
	return map[string]string{
		"webhook-id":        id,
		"webhook-timestamp": strconv.FormatInt(timestamp.Unix(), 10),
		"webhook-signature": strings.Join(sigs, " "),
		"content-type":      "application/json",
		"user-agent":        "Atelier-Webhooks/1",
	}, nil
}

// checkInput validates an input's fields, resolving the URL through the guard.
func (s *Service) checkInput(ctx context.Context, in Input) (Input, error) {
	if in.URL != nil {
		u := strings.TrimSpace(*in.URL)
		if u == "" {
			return in, apperr.Invalid("url", "url_required", "the endpoint's URL is required")
		}
		if len(u) > maxURLLength {
			return in, apperr.Invalid("url", "url_too_long", "the URL is longer than %d characters", maxURLLength)
		}
		if err := s.guard.Check(ctx, u); err != nil {
			return in, urlRefused(err)
		}
		in.URL = &u
	}
	if in.Description != nil {
		d := strings.TrimSpace(*in.Description)
		if utf8.RuneCountInString(d) > maxDescriptionLength {
			return in, apperr.Invalid("description", "description_too_long", "the description is longer than %d characters", maxDescriptionLength)
		}
		in.Description = &d
	}
	if in.EventTypes != nil {
		if len(in.EventTypes) == 0 {
			return in, apperr.Invalid("event_types", "event_types_required", "choose at least one event type")
		}
		types := make([]event.Type, 0, len(in.EventTypes))
		for _, t := range in.EventTypes {
			if !event.Known(t) {
				return in, apperr.Invalid("event_types", "unknown_event_type", "%q is not an event type", t).With("event_type", string(t))
			}
			if !slices.Contains(types, t) {
				types = append(types, t)
			}
		}
		slices.Sort(types)
		in.EventTypes = types
	}
	return in, nil
}

// urlRefused classifies a guard's refusal as the API's one reason for a URL it will not send to.
func urlRefused(err error) error {
	if r, ok := netguard.IsRefusal(err); ok {
		return apperr.Invalid("url", "webhook_url_not_allowed", "this URL cannot receive webhooks: %s", r.Detail).With("refusal", r.Reason)
	}
	return fmt.Errorf("webhook.checkInput: checking the URL: %w", err)
}

// Create registers an endpoint and returns it with its signing secret, which is shown this once.
func (s *Service) Create(ctx context.Context, actorID string, in Input) (Endpoint, string, error) {
	if in.URL == nil {
		return Endpoint{}, "", apperr.Invalid("url", "url_required", "the endpoint's URL is required")
	}
	if in.EventTypes == nil {
		return Endpoint{}, "", apperr.Invalid("event_types", "event_types_required", "choose at least one event type")
	}
	in, err := s.checkInput(ctx, in)
	if err != nil {
		return Endpoint{}, "", fmt.Errorf("webhook.Create: %w", err)
	}
	secret, err := s.NewSecret()
	if err != nil {
		return Endpoint{}, "", err
	}
	e, err := insertEndpoint(ctx, s.pool, actorID, in, secret, maxEndpoints)
	if err != nil {
		return Endpoint{}, "", fmt.Errorf("webhook.Create: %w", err)
	}
	return e, secret, nil
}

// Get returns one endpoint.
func (s *Service) Get(ctx context.Context, id string) (Endpoint, error) {
	e, err := getEndpoint(ctx, s.pool, id)
	if err != nil {
		return Endpoint{}, fmt.Errorf("webhook.Get: %w", err)
	}
	return e, nil
}

// List returns every endpoint, newest first (a shop has a few; at most maxEndpoints).
func (s *Service) List(ctx context.Context) ([]Endpoint, error) {
	out, err := listEndpoints(ctx, s.pool)
	if err != nil {
		return nil, fmt.Errorf("webhook.List: %w", err)
	}
	return out, nil
}

// Update changes the fields set in in. Enabling an endpoint the shop disabled clears its failure
// streak: the admin says the receiver is fixed.
func (s *Service) Update(ctx context.Context, id string, in Input) (Endpoint, error) {
	in, err := s.checkInput(ctx, in)
	if err != nil {
		return Endpoint{}, fmt.Errorf("webhook.Update: %w", err)
	}
	e, err := updateEndpoint(ctx, s.pool, id, in, s.now())
	if err != nil {
		return Endpoint{}, fmt.Errorf("webhook.Update: %w", err)
	}
	return e, nil
}

// RotateSecret gives the endpoint a new secret, returned this once. The old one keeps signing
// beside it for RotationOverlap; a rotation during an overlap ends the older overlap at once.
func (s *Service) RotateSecret(ctx context.Context, id string) (Endpoint, string, error) {
	secret, err := s.NewSecret()
	if err != nil {
		return Endpoint{}, "", err
	}
	e, err := rotateSecret(ctx, s.pool, id, secret, s.now().Add(RotationOverlap))
	if err != nil {
		return Endpoint{}, "", fmt.Errorf("webhook.RotateSecret: %w", err)
	}
	return e, secret, nil
}

// Delete removes an endpoint and its delivery log; deliveries under way stop.
func (s *Service) Delete(ctx context.Context, id string) error {
	if err := deleteEndpoint(ctx, s.pool, id); err != nil {
		return fmt.Errorf("webhook.Delete: %w", err)
	}
	return nil
}

// errEndpointNotFound is the answer for an unknown (or malformed) endpoint id.
func errEndpointNotFound() *apperr.Error {
	return apperr.NotFound("webhook_endpoint_not_found", "no such webhook endpoint")
}
