package webhook

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/db"
	"github.com/atelier-commerce/atelier/backend/internal/netguard"
	"github.com/atelier-commerce/atelier/backend/internal/webhook/event"
	"github.com/jackc/pgx/v5"
)

// Outbox topics of the webhook context, routed by the jobs package.
const (
	// TopicDelivery: {"delivery_id"}, one delivery to attempt (made by the fan-out or a replay).
	TopicDelivery = "webhook.delivery"
	// TopicEndpointDisabled: an EndpointDisabled, the e-mail to the shop when an endpoint is
	// disabled for its failures.
	TopicEndpointDisabled = "webhook.endpoint_disabled"
)

// MaxAttempts is how often a delivery is tried: once, then after each wait of Backoff.
const MaxAttempts = 10

// backoff is the wait after each failed attempt (index 0: after the first): 5 s, 5 min, 30 min,
// 2 h, 5 h, 10 h, 14 h, 20 h, 20 h — 71 h 35 min in all, so the last attempt comes about three
// days after the event. Short at first (a receiver restarting), then spread out (an outage).
var backoff = []time.Duration{5 * time.Second, 5 * time.Minute, 30 * time.Minute, 2 * time.Hour, 5 * time.Hour,
	10 * time.Hour, 14 * time.Hour, 20 * time.Hour, 20 * time.Hour}

// Backoff is the wait after failed attempt number attempt (1-based) before the next one.
func Backoff(attempt int) time.Duration {
	if attempt < 1 {
		attempt = 1
	}
	if attempt > len(backoff) {
		return backoff[len(backoff)-1]
	}
	return backoff[attempt-1]
}

// DisableAfter is how many deliveries in a row must fail for good — each after every attempt over
// about three days — before the shop disables the endpoint and e-mails its mailbox. One success
// resets the count. Counting final failures rather than attempts means a receiver that is down for
// an afternoon never gets disabled, and one that is gone keeps no more than a few days of retries
// queued before it stops costing work.
const DisableAfter = 5

// Delivery statuses.
const (
	StatusPending   = "pending"
	StatusRetrying  = "retrying"
	StatusSucceeded = "succeeded"
	StatusFailed    = "failed"
	StatusSkipped   = "skipped"
)

// Delivery is one event sent (or to send) to one endpoint, as the delivery log shows it.
type Delivery struct {
	ID           string
	EndpointID   string
	EventID      string
	EventType    event.Type
	Replay       bool
	Status       string
	Attempts     int
	ResponseCode int
	Duration     time.Duration
	ResponseBody string // at most 1 KB
	Error        string
	LastAttempt  *time.Time
	NextAttempt  *time.Time
	CreatedAt    time.Time
}

// DeliveryPage is a page of an endpoint's delivery log, newest first.
type DeliveryPage struct {
	Deliveries    []Delivery
	NextPageToken string
}

// Deliveries lists an endpoint's deliveries, newest first, pageSize at a time (1–100, default
// 20), from the position pageToken (from an earlier page) names.
func (s *Service) Deliveries(ctx context.Context, endpointID string, pageSize int, pageToken string) (DeliveryPage, error) {
	if _, err := s.Get(ctx, endpointID); err != nil {
		return DeliveryPage{}, fmt.Errorf("webhook.Deliveries: %w", err)
	}
	switch {
	case pageSize == 0:
		pageSize = 20
	case pageSize < 0 || pageSize > 100:
		return DeliveryPage{}, apperr.Invalid("page_size", "invalid_page_size", "page_size is 1 to 100")
	}
	var after *pageKey
	if pageToken != "" {
		k, ok := decodePageKey(pageToken)
		if !ok {
			return DeliveryPage{}, apperr.Invalid("page_token", "invalid_page_token", "the page token is not one this API gave")
		}
		after = &k
	}
	rows, err := listDeliveries(ctx, s.pool, endpointID, after, pageSize+1)
	if err != nil {
		return DeliveryPage{}, fmt.Errorf("webhook.Deliveries: %w", err)
	}
	page := DeliveryPage{Deliveries: rows}
	if len(rows) > pageSize {
		page.Deliveries = rows[:pageSize]
		last := page.Deliveries[pageSize-1]
		page.NextPageToken = pageKey{At: last.CreatedAt, ID: last.ID}.encode()
	}
	return page, nil
}

// pageKey is where a page of the delivery log ends: the last row's time and id.
type pageKey struct {
	At time.Time
	ID string
}

func (k pageKey) encode() string {
	return base64.RawURLEncoding.EncodeToString([]byte(k.At.UTC().Format(time.RFC3339Nano) + "|" + k.ID))
}

func decodePageKey(s string) (pageKey, bool) {
	b, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil {
		return pageKey{}, false
	}
	at, id, ok := strings.Cut(string(b), "|")
	t, err := time.Parse(time.RFC3339Nano, at)
	id, idOK := db.CanonicalID(id)
	if !ok || err != nil || !idOK {
		return pageKey{}, false
	}
	return pageKey{At: t, ID: id}, true
}

// Replay sends one event to one endpoint again, as a new delivery with its own attempts. The
// event keeps its id, so a receiver that has it already sees a duplicate and may drop it.
func (s *Service) Replay(ctx context.Context, endpointID, eventID string) (Delivery, error) {
	eid, ok := db.CanonicalID(eventID)
	if !ok {
		return Delivery{}, apperr.NotFound("webhook_event_not_found", "no such webhook event")
	}
	var d Delivery
	err := db.WithTx(ctx, s.pool, func(tx pgx.Tx) error {
		e, err := getEndpoint(ctx, tx, endpointID)
		if err != nil {
			return err
		}
		if !e.Enabled {
			return apperr.FailedPrecondition("webhook_endpoint_disabled", "enable the endpoint before replaying an event to it")
		}
		t, found, err := eventType(ctx, tx, eid)
		if err != nil {
			return err
		}
		if !found {
			return apperr.NotFound("webhook_event_not_found", "no such webhook event")
		}
		id, err := insertDelivery(ctx, tx, e.ID, eid, t, true)
		if err != nil {
			return err
		}
		if _, err := db.Emit(ctx, tx, TopicDelivery, map[string]string{"delivery_id": id}); err != nil {
			return err
		}
		d, err = getDelivery(ctx, tx, id)
		return err
	})
	if err != nil {
		return Delivery{}, fmt.Errorf("webhook.Replay: %w", err)
	}
	return d, nil
}

// FanOut turns an event from the outbox (its id and the payload event.Emit wrote) into one
// delivery per endpoint subscribed to its type, each handed on through the outbox; a disabled
// endpoint's delivery is logged as skipped instead, so its log shows what it missed (to replay). It is
// idempotent: run twice for an event, it adds nothing the second time. It returns how many
// deliveries it made.
func (s *Service) FanOut(ctx context.Context, eventID string, payload []byte) (int, error) {
	var p struct {
		Type event.Type `json:"type"`
	}
	if err := json.Unmarshal(payload, &p); err != nil || !event.Known(p.Type) {
		return 0, apperr.Invalid("payload", "malformed_event", "the event's payload has no known type")
	}
	made := 0
	err := db.WithTx(ctx, s.pool, func(tx pgx.Tx) error {
		made = 0
		if err := insertEvent(ctx, tx, eventID, p.Type, payload); err != nil {
			return err
		}
		subs, err := subscribedEndpoints(ctx, tx, p.Type)
		if err != nil {
			return err
		}
		for _, sub := range subs {
			id, err := insertDelivery(ctx, tx, sub.ID, eventID, p.Type, false)
			if err != nil {
				return err
			}
			if id == "" {
				continue // made by an earlier run
			}
			if !sub.Enabled {
				// Logged, not sent: the endpoint's log shows what it missed, for replay once enabled.
				if err := skipDelivery(ctx, tx, id, "not sent: the endpoint was disabled"); err != nil {
					return err
				}
				continue
			}
			if _, err := db.Emit(ctx, tx, TopicDelivery, map[string]string{"delivery_id": id}); err != nil {
				return err
			}
			made++
		}
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("webhook.FanOut: %w", err)
	}
	return made, nil
}

// Attempt is how one delivery attempt ended.
type Attempt struct {
	// Retry is true when the attempt failed and another one should follow (after Backoff).
	Retry bool
	// Err says why it failed, when it did.
	Err error
}

// RunFanOut is FanOut as the job queue runs it, where only a failure matters.
func (s *Service) RunFanOut(ctx context.Context, eventID string, payload []byte) error {
	_, err := s.FanOut(ctx, eventID, payload)
	return err
}

// RunDelivery is Deliver as the job queue runs it: a failed attempt is the job's error, so that it
// is tried again after Backoff.
func (s *Service) RunDelivery(ctx context.Context, deliveryID string, attempt int, final bool) error {
	a, err := s.Deliver(ctx, deliveryID, attempt, final)
	if err != nil {
		return err
	}
	return a.Err
}

// Deliver makes attempt number attempt (1-based) of a delivery. final says no attempt follows
// (the job's last). The attempt is recorded on the delivery whatever happens; a final failure
// counts against the endpoint and may disable it. A delivery whose endpoint was deleted, disabled
// or unsubscribed from the event's type meanwhile is skipped without sending.
func (s *Service) Deliver(ctx context.Context, deliveryID string, attempt int, final bool) (Attempt, error) {
	t, err := deliveryTarget(ctx, s.pool, deliveryID)
	if errors.Is(err, errGone) {
		return Attempt{}, nil // the endpoint (and its log) was deleted
	}
	if err != nil {
		return Attempt{}, fmt.Errorf("webhook.Deliver: %w", err)
	}
	switch {
	case t.status == StatusSucceeded || t.status == StatusFailed || t.status == StatusSkipped:
		return Attempt{}, nil // settled by an earlier run of the job
	case !t.enabled || (!t.replay && !subscribed(t.types, t.eventType)):
		return Attempt{}, s.record(ctx, deliveryID, t.endpointID, outcome{status: StatusSkipped, attempt: t.attempts,
			err: "the endpoint was disabled or no longer takes this event"})
	}
	now := s.now()
	secrets := []string{t.secret}
	if t.previousSecret != "" && t.previousExpires != nil && now.Before(*t.previousExpires) {
		secrets = append(secrets, t.previousSecret)
	}
	headers, err := Headers(t.eventID, now, t.body, secrets...)
	if err != nil {
		return Attempt{}, fmt.Errorf("webhook.Deliver: %w", err)
	}
	resp, sendErr := s.guard.Post(ctx, t.url, headers, t.body)
	o := outcome{attempt: attempt, code: resp.Status, duration: resp.Duration, body: cleanBody(resp.Body), at: now}
	switch {
	case sendErr == nil && resp.Status >= 200 && resp.Status < 300:
		o.status = StatusSucceeded
	default:
		o.err = describeFailure(resp, sendErr)
		if final {
			o.status = StatusFailed
		} else {
			o.status = StatusRetrying
			next := now.Add(Backoff(attempt))
			o.next = &next
		}
	}
	if err := s.record(ctx, deliveryID, t.endpointID, o); err != nil {
		return Attempt{}, fmt.Errorf("webhook.Deliver: %w", err)
	}
	if o.status == StatusSucceeded {
		return Attempt{}, nil
	}
	return Attempt{Retry: !final, Err: fmt.Errorf("webhook delivery %s: %s", deliveryID, o.err)}, nil
}

func subscribed(types []event.Type, t event.Type) bool { return slices.Contains(types, t) }

// describeFailure says why an attempt failed, for the delivery log.
func describeFailure(resp netguard.Response, err error) string {
	switch {
	case err != nil:
		if r, ok := netguard.IsRefusal(err); ok {
			return "refused: " + r.Detail
		}
		return err.Error()
	case resp.Status >= 300 && resp.Status < 400:
		return "HTTP " + strconv.Itoa(resp.Status) + ": redirects are not followed"
	default:
		return "HTTP " + strconv.Itoa(resp.Status)
	}
}

// cleanBody keeps the (already ≤ 1 KB) answer as valid UTF-8 text for the log.
func cleanBody(b []byte) string {
	if len(b) > netguard.MaxBody {
		b = b[:netguard.MaxBody]
	}
	return strings.ToValidUTF8(string(b), "\uFFFD")
}

// outcome is an attempt as recorded.
type outcome struct {
	status   string
	attempt  int
	code     int
	duration time.Duration
	body     string
	err      string
	at       time.Time
	next     *time.Time
}

// EndpointDisabled is the payload of TopicEndpointDisabled, the e-mail's content and its
// recipient: one event per admin, so each is told (To empty: nobody is an admin, and the shop's
// mailbox is told instead).
type EndpointDisabled struct {
	To          string    `json:"to,omitempty"`
	EndpointID  string    `json:"endpoint_id"`
	URL         string    `json:"url"`
	Description string    `json:"description"`
	Failures    int       `json:"failures"`
	LastError   string    `json:"last_error"`
	DisabledAt  time.Time `json:"disabled_at"`
}

// record writes an attempt's outcome and its effect on the endpoint in one transaction: a success
// ends the endpoint's failure streak, a final failure lengthens it and, at DisableAfter, disables
// the endpoint and queues an e-mail to every admin.
func (s *Service) record(ctx context.Context, deliveryID, endpointID string, o outcome) error {
	return db.WithTx(ctx, s.pool, func(tx pgx.Tx) error {
		if err := updateDelivery(ctx, tx, deliveryID, o); err != nil {
			return err
		}
		switch o.status {
		case StatusSucceeded:
			return resetStreak(ctx, tx, endpointID)
		case StatusFailed:
			e, err := lengthenStreak(ctx, tx, endpointID)
			if errors.Is(err, errGone) {
				return nil
			}
			if err != nil || !e.Enabled || e.FailureStreak < DisableAfter {
				return err
			}
			reason := fmt.Sprintf("%d deliveries in a row failed after every attempt", e.FailureStreak)
			if err := disable(ctx, tx, endpointID, reason, o.at); err != nil {
				return err
			}
			admins, err := adminEmails(ctx, tx)
			if err != nil {
				return err
			}
			if len(admins) == 0 {
				admins = []string{""}
			}
			for _, to := range admins {
				if _, err := db.Emit(ctx, tx, TopicEndpointDisabled, EndpointDisabled{To: to, EndpointID: e.ID, URL: e.URL,
					Description: e.Description, Failures: e.FailureStreak, LastError: truncate(o.err, 300), DisabledAt: o.at.UTC()}); err != nil {
					return err
				}
			}
			return nil
		}
		return nil
	})
}

func truncate(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n]) + "…"
}

// Retention is how long events and their delivery log are kept: long enough to replay what an
// endpoint missed during an outage noticed late, short enough that the log stays small.
const Retention = 30 * 24 * time.Hour

// Prune forgets events older than Retention and their deliveries, except deliveries still under
// way (a replay made late in the period). It returns how many events it removed.
func (s *Service) Prune(ctx context.Context) (int64, error) {
	n, err := pruneEvents(ctx, s.pool, s.now().Add(-Retention))
	if err != nil {
		return 0, fmt.Errorf("webhook.Prune: %w", err)
	}
	return n, nil
}
