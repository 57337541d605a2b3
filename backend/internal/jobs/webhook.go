package jobs

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	mailer "github.com/atelier-commerce/atelier/backend/internal/mail"
	"github.com/atelier-commerce/atelier/backend/internal/metrics"
	"github.com/atelier-commerce/atelier/backend/internal/settings"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
)

// Outbox topics of the webhook context (package webhook and webhook/event), by contract.
const (
	// TopicWebhookEvent: a webhook event ({"type","timestamp","data"}) to fan out to endpoints.
	TopicWebhookEvent = "webhook.event"
	// TopicWebhookDelivery: {"delivery_id"}, one delivery to make.
	TopicWebhookDelivery = "webhook.delivery"
	// TopicWebhookEndpointDisabled: {"endpoint_id","url","description","failures","last_error",
	// "disabled_at"}: the e-mail to the shop's mailbox about an endpoint disabled for its failures.
	TopicWebhookEndpointDisabled = "webhook.endpoint_disabled"
)

// WebhookQueue is the River queue of webhook jobs, kept apart so that partners' slow receivers
// (each attempt may take up to 10 s) never hold up e-mail or images.
const WebhookQueue = "webhooks"

// WebhookMaxAttempts bounds a delivery's attempts; it must equal webhook.MaxAttempts, whose Backoff
// spreads them over about three days (New refuses a WebhookWork that says otherwise).
const WebhookMaxAttempts = 10

// WebhookWork is the webhook context's work, as the jobs call it.
type WebhookWork struct {
	// FanOut makes the deliveries of an event (idempotent per event id).
	FanOut func(ctx context.Context, eventID string, payload []byte) error
	// Deliver makes attempt (1-based) of a delivery; final says no attempt follows. It returns an
	// error when the attempt failed (River then retries after Backoff) or could not be made.
	Deliver func(ctx context.Context, deliveryID string, attempt int, final bool) error
	// Backoff is the wait after a failed attempt.
	Backoff func(attempt int) time.Duration
	// MaxAttempts must be WebhookMaxAttempts.
	MaxAttempts int
}

// WebhookFanOut turns one webhook event into its deliveries.
type WebhookFanOut struct{ Event }

// Kind is River's name for the job.
func (WebhookFanOut) Kind() string { return "webhook.fan_out" }

// InsertOpts puts the job on the webhook queue, unique per outbox id in every state.
func (WebhookFanOut) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: WebhookQueue, MaxAttempts: 20,
		UniqueOpts: river.UniqueOpts{ByArgs: true, ByState: rivertype.JobStates()}}
}

// WebhookDelivery sends one event to one endpoint, retrying on the webhook schedule.
type WebhookDelivery struct{ Event }

// Kind is River's name for the job.
func (WebhookDelivery) Kind() string { return "webhook.delivery" }

// InsertOpts: the webhook queue, WebhookMaxAttempts, unique per outbox id in every state (a replay
// is a new delivery with its own outbox row, so it is never mistaken for a repeat).
func (WebhookDelivery) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: WebhookQueue, MaxAttempts: WebhookMaxAttempts,
		UniqueOpts: river.UniqueOpts{ByArgs: true, ByState: rivertype.JobStates()}}
}

// WebhookDisabledEmail tells the shop's mailbox an endpoint was disabled.
type WebhookDisabledEmail struct{ Event }

// Kind is River's name for the job.
func (WebhookDisabledEmail) Kind() string { return "email.webhook_disabled" }

// InsertOpts puts the job on the mail queue, unique per outbox id.
func (WebhookDisabledEmail) InsertOpts() river.InsertOpts { return mailInsertOpts() }

type webhookFanOutWorker struct {
	river.WorkerDefaults[WebhookFanOut]
	work WebhookWork
}

func (w *webhookFanOutWorker) Work(ctx context.Context, job *river.Job[WebhookFanOut]) error {
	if w.work.FanOut == nil {
		return river.JobCancel(errors.New("jobs.webhookFanOut: webhooks are not wired"))
	}
	if err := w.work.FanOut(ctx, job.Args.OutboxID, job.Args.Payload); err != nil {
		if ae := refusal(err); ae != nil {
			return river.JobCancel(fmt.Errorf("jobs.webhookFanOut: %w", err))
		}
		return fmt.Errorf("jobs.webhookFanOut: %w", err)
	}
	return nil
}

type webhookDeliveryWorker struct {
	river.WorkerDefaults[WebhookDelivery]
	work   WebhookWork
	logger *slog.Logger
}

// NextRetry follows the webhook schedule rather than River's default (attempt⁴ seconds, which
// would spend the ten attempts in under three hours).
func (w *webhookDeliveryWorker) NextRetry(job *river.Job[WebhookDelivery]) time.Time {
	if w.work.Backoff == nil {
		return time.Time{}
	}
	return time.Now().Add(w.work.Backoff(job.Attempt))
}

// Timeout bounds one attempt: the request's own 10 s plus the bookkeeping.
func (w *webhookDeliveryWorker) Timeout(*river.Job[WebhookDelivery]) time.Duration {
	return 30 * time.Second
}

func (w *webhookDeliveryWorker) Work(ctx context.Context, job *river.Job[WebhookDelivery]) error {
	if w.work.Deliver == nil {
		return river.JobCancel(errors.New("jobs.webhookDelivery: webhooks are not wired"))
	}
	var p struct {
		DeliveryID string `json:"delivery_id"`
	}
	if err := json.Unmarshal(job.Args.Payload, &p); err != nil || p.DeliveryID == "" {
		return river.JobCancel(fmt.Errorf("jobs.webhookDelivery: %w: delivery_id is required", errMalformed))
	}
	if err := w.work.Deliver(ctx, p.DeliveryID, job.Attempt, job.Attempt >= job.MaxAttempts); err != nil {
		metrics.WebhookDeliveries.WithLabelValues(metrics.WebhookFailed).Inc()
		w.logger.InfoContext(ctx, "webhook delivery attempt failed", "delivery_id", p.DeliveryID, "attempt", job.Attempt,
			"max_attempts", job.MaxAttempts, "error", err.Error())
		return fmt.Errorf("jobs.webhookDelivery: %w", err)
	}
	metrics.WebhookDeliveries.WithLabelValues(metrics.WebhookDelivered).Inc()
	return nil
}

// composeWebhookDisabled writes to the admin the event names (one event per admin), who can
// enable the endpoint again; to the shop's mailbox (the store settings' contact e-mail) when the
// shop has no admin to tell.
func composeWebhookDisabled(_ context.Context, shop mailer.Shop, st settings.Store, payload []byte) (mailer.Message, error) {
	var p struct {
		To          string    `json:"to"`
		URL         string    `json:"url"`
		Description string    `json:"description"`
		Failures    int       `json:"failures"`
		LastError   string    `json:"last_error"`
		DisabledAt  time.Time `json:"disabled_at"`
	}
	if err := decode(payload, &p); err != nil {
		return mailer.Message{}, err
	}
	if p.URL == "" {
		return mailer.Message{}, mailer.Permanent(fmt.Errorf("jobs.composeWebhookDisabled: %w: url is required", errMalformed))
	}
	to := p.To
	if to == "" {
		to = st.ContactEmail
	}
	if to == "" {
		return mailer.Message{}, errors.New("no admin and no contact e-mail in the store settings to send the notice to")
	}
	c, err := mailer.RenderWebhookDisabled(shop, mailer.WebhookDisabled{URL: p.URL, Description: p.Description,
		Failures: p.Failures, LastError: p.LastError, DisabledAt: p.DisabledAt})
	return mailer.Message{To: to, Content: c}, err
}
