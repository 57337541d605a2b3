package jobs

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/mail"
	"strings"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/db"
	mailer "github.com/atelier-commerce/atelier/backend/internal/mail"
	"github.com/atelier-commerce/atelier/backend/internal/settings"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
)

// ShopSettings is what the e-mail workers read from the store settings: the footer's details and
// the shop's own mailbox (where contact messages go). Read at send time, so a changed address
// applies to mail already queued.
type ShopSettings interface {
	Get(ctx context.Context) (settings.Store, error)
}

// emailJob is the job args of every e-mail kind.
type emailJob interface {
	river.JobArgs
	event() Event
}

// composeFunc turns an event's payload into the message to send. Errors it marks permanent
// (mailer.IsPermanent) cancel the job; others are retried.
type composeFunc func(ctx context.Context, shop mailer.Shop, st settings.Store, payload []byte) (mailer.Message, error)

// emailWorker sends one kind of e-mail, at most once per outbox event as far as it can tell:
//
//  1. if mail_sent already has the event's id, the e-mail went out on an earlier run: done;
//  2. compose and send;
//  3. record the send in mail_sent.
//
// A crash between the server's acceptance (2) and the record (3) makes the next attempt send
// again: delivery is at-least-once, with that window — one INSERT long — as the only source of
// duplicates. The Message-ID is derived from the outbox id, so such a duplicate is at least
// recognisable (and dropped by providers that de-duplicate on it).
type emailWorker[T emailJob] struct {
	river.WorkerDefaults[T]
	deps    *workerDeps
	compose composeFunc
}

type workerDeps struct {
	store    *pgxpool.Pool
	settings ShopSettings
	sender   *mailer.Sender
	logger   *slog.Logger
	// unconfiguredWait is how long a job waits when no mail server is configured. Snoozing does
	// not use up attempts, so mail queues up until SMTP_URL is set rather than being lost.
	unconfiguredWait time.Duration
}

// Timeout bounds one attempt: the SMTP conversation plus two small queries.
func (w *emailWorker[T]) Timeout(*river.Job[T]) time.Duration { return 45 * time.Second }

func (w *emailWorker[T]) Work(ctx context.Context, job *river.Job[T]) error {
	ev := job.Args.event()
	// Never log the message: a reset link is a credential.
	log := w.deps.logger.With("job_id", job.ID, "kind", job.Kind, "outbox_id", ev.OutboxID, "attempt", job.Attempt)
	if w.deps.sender == nil {
		log.WarnContext(ctx, "mail is not configured (SMTP_URL); the e-mail waits", "retry_in", w.deps.unconfiguredWait.String())
		return river.JobSnooze(w.deps.unconfiguredWait)
	}
	sent, err := mailSentFor(ctx, w.deps.store, ev.OutboxID)
	if err != nil {
		return fmt.Errorf("jobs.emailWorker.Work: %s: check mail_sent: %w", job.Kind, err)
	}
	if sent {
		log.InfoContext(ctx, "e-mail already sent for this event; not sending again")
		return nil
	}
	st, err := w.deps.settings.Get(ctx)
	if err != nil && !isNotConfigured(err) {
		return fmt.Errorf("jobs.emailWorker.Work: %s: store settings: %w", job.Kind, err)
	}
	msg, err := w.compose(ctx, shopOf(st), st, ev.Payload)
	if err != nil {
		if mailer.IsPermanent(err) {
			log.WarnContext(ctx, "e-mail cannot be composed; cancelling", "error", err.Error())
			return river.JobCancel(fmt.Errorf("jobs.emailWorker.Work: %s: %w", job.Kind, err))
		}
		return fmt.Errorf("jobs.emailWorker.Work: %s: %w", job.Kind, err)
	}
	msg.ID = ev.OutboxID
	if err := w.deps.sender.Send(ctx, msg); err != nil {
		if mailer.IsPermanent(err) {
			log.WarnContext(ctx, "mail server refused the e-mail for good; cancelling", "error", err.Error())
			return river.JobCancel(fmt.Errorf("jobs.emailWorker.Work: %s: %w", job.Kind, err))
		}
		log.InfoContext(ctx, "sending failed; River will retry", "error", err.Error())
		return fmt.Errorf("jobs.emailWorker.Work: %s: %w", job.Kind, err)
	}
	// The server has the message: record it even if the job is being cancelled meanwhile, since
	// a missing record is what would make a retry send twice.
	recCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	// An e-mail about an order names it, so the order's timeline shows it.
	if err := recordMailSent(recCtx, w.deps.store, ev.OutboxID, job.Kind, msg.ID, orderOf(ev.Payload)); err != nil {
		// Not an error for River: retrying would send the e-mail again.
		log.ErrorContext(ctx, "e-mail sent but not recorded; a re-run of this event would send it again", "error", err.Error())
	}
	log.InfoContext(ctx, "e-mail sent")
	return nil
}

func isNotConfigured(err error) bool {
	ae := apperr.As(err)
	return ae != nil && ae.Kind == apperr.KindFailedPrecondition
}

// shopOf is the footer's view of the settings; empty settings fall back to the shop's name.
func shopOf(st settings.Store) mailer.Shop {
	var lines []string
	cityLine := strings.TrimSpace(strings.Join([]string{st.City, st.Postcode}, " "))
	for _, l := range []string{st.AddressLine1, st.AddressLine2, cityLine, st.Country} {
		if l = strings.TrimSpace(l); l != "" {
			lines = append(lines, l)
		}
	}
	return mailer.Shop{Name: st.Name, AddressLines: lines, Email: st.ContactEmail, Phone: st.Phone,
		CompanyNumber: st.CompanyNumber, VATNumber: st.VATNumber}
}

// errMalformed marks a payload that can never be sent, however often it is retried.
var errMalformed = errors.New("malformed outbox payload")

func decode(payload []byte, v any) error {
	if err := json.Unmarshal(payload, v); err != nil {
		return mailer.Permanent(fmt.Errorf("jobs.decode: %w: %w", errMalformed, err))
	}
	return nil
}

// composePasswordReset asks links for the reset link when the e-mail is composed, right before
// it is sent. A request links refuses for good (too old, address changed, account gone) cancels
// the job: nothing is e-mailed for it.
func composePasswordReset(links ResetLinkFunc) composeFunc {
	return func(ctx context.Context, shop mailer.Shop, _ settings.Store, payload []byte) (mailer.Message, error) {
		var p PasswordResetPayload
		if err := decode(payload, &p); err != nil {
			return mailer.Message{}, err
		}
		// Jobs queued by an older binary carried the link itself and no requested_at: they are
		// cancelled here as malformed, and their shoppers ask again.
		if p.AccountID == "" || p.Email == "" || p.RequestedAt.IsZero() {
			return mailer.Message{}, mailer.Permanent(fmt.Errorf("jobs.composePasswordReset: %w: account_id, email and requested_at are required", errMalformed))
		}
		// A retried job makes a new link, which invalidates the one of the earlier attempt (its
		// e-mail may have reached the shopper after all); the latest e-mail's link is the one that works.
		link, expires, err := links(ctx, p.AccountID, p.Email, p.RequestedAt)
		if err != nil {
			return mailer.Message{}, classify("jobs.composePasswordReset: reset link", err)
		}
		c, err := mailer.RenderPasswordReset(shop, mailer.PasswordReset{FirstName: p.FirstName, ResetURL: link, ExpiresAt: expires})
		return mailer.Message{To: p.Email, Content: c}, err
	}
}

// classify wraps the error of a domain service that a job asked for what to send: permanent when
// the service turned the request down for good (see refusal), else worth retrying. what begins
// with the operation that asked ("jobs.composePasswordReset: reset link").
func classify(what string, err error) error {
	if ae := refusal(err); ae != nil {
		return mailer.Permanent(fmt.Errorf("%s: refused (%s): %w", what, ae.Reason, err))
	}
	return fmt.Errorf("%s: %w", what, err)
}

// refusal is err's classification when a domain service turned a job's request down for good
// (retrying would get the same answer), and nil otherwise.
func refusal(err error) *apperr.Error {
	ae := apperr.As(err)
	if ae == nil {
		return nil
	}
	switch ae.Kind {
	case apperr.KindFailedPrecondition, apperr.KindNotFound, apperr.KindInvalid:
		return ae
	}
	return nil
}

func composeContactMessage(_ context.Context, shop mailer.Shop, st settings.Store, payload []byte) (mailer.Message, error) {
	var p struct {
		MessageID string `json:"message_id"`
		Name      string `json:"name"`
		Email     string `json:"email"`
		Subject   string `json:"subject"`
		Message   string `json:"message"`
	}
	if err := decode(payload, &p); err != nil {
		return mailer.Message{}, err
	}
	if p.Email == "" {
		return mailer.Message{}, mailer.Permanent(fmt.Errorf("jobs.composeContactMessage: %w: email is required", errMalformed))
	}
	if strings.TrimSpace(st.ContactEmail) == "" {
		// Transient: the message waits (with backoff) for an admin to fill in the settings.
		return mailer.Message{}, errors.New("the store settings have no contact e-mail to forward the message to")
	}
	c, err := mailer.RenderContactMessage(shop, mailer.ContactMessage{Name: p.Name, Email: p.Email, Subject: p.Subject, Message: p.Message})
	replyTo := (&mail.Address{Name: mailer.OneLine(p.Name), Address: p.Email}).String()
	return mailer.Message{To: st.ContactEmail, ReplyTo: replyTo, Content: c}, err
}

// composeNewsletterConfirmation asks links for the confirmation e-mail's links when it is sent.
// The e-mail carries the unsubscribe link in its footer and in List-Unsubscribe headers, with the
// shop's mailbox as the mailto alternative when the settings name one.
func composeNewsletterConfirmation(links NewsletterLinkFunc) composeFunc {
	return func(ctx context.Context, shop mailer.Shop, st settings.Store, payload []byte) (mailer.Message, error) {
		var p struct {
			Email       string    `json:"email"`
			RequestedAt time.Time `json:"requested_at"`
		}
		if err := decode(payload, &p); err != nil {
			return mailer.Message{}, err
		}
		// Sign-ups queued before double opt-in carried no requested_at: cancelled here as
		// malformed, and their owners sign up again.
		if p.Email == "" || p.RequestedAt.IsZero() {
			return mailer.Message{}, mailer.Permanent(fmt.Errorf("jobs.composeNewsletterConfirmation: %w: email and requested_at are required", errMalformed))
		}
		l, err := links(ctx, p.Email, p.RequestedAt)
		if err != nil {
			return mailer.Message{}, classify("jobs.composeNewsletterConfirmation: newsletter links", err)
		}
		c, err := mailer.RenderNewsletterConfirmation(shop, mailer.NewsletterConfirmation{Email: p.Email,
			ConfirmURL: l.Confirm, ExpiresAt: l.ExpiresAt, UnsubscribeURL: l.Unsubscribe})
		return mailer.Message{To: p.Email, Content: c,
			Unsubscribe: &mailer.ListUnsubscribe{URL: l.OneClick, Mailto: strings.TrimSpace(st.ContactEmail)}}, err
	}
}

// orderPayload is the payload of the order topics: the order, and for a refund which one.
type orderPayload struct {
	OrderID  string `json:"order_id"`
	RefundID string `json:"refund_id"`
}

// decodeOrderPayload decodes an order topic's payload for op; a payload without an order (or
// without a refund, when withRefund) is malformed.
func decodeOrderPayload(op string, payload []byte, withRefund bool) (orderPayload, error) {
	var p orderPayload
	if err := decode(payload, &p); err != nil {
		return p, err
	}
	if p.OrderID == "" {
		return p, mailer.Permanent(fmt.Errorf("%s: %w: order_id is required", op, errMalformed))
	}
	if withRefund && p.RefundID == "" {
		return p, mailer.Permanent(fmt.Errorf("%s: %w: refund_id is required", op, errMalformed))
	}
	return p, nil
}

// orderOf is the order an e-mail's payload names, as a canonical UUID, or nil when it names none
// (or something that is no UUID): mail_sent records it for the order's timeline.
func orderOf(payload []byte) *string {
	var p orderPayload
	if json.Unmarshal(payload, &p) != nil {
		return nil
	}
	id, ok := db.CanonicalID(p.OrderID)
	if !ok {
		return nil
	}
	return &id
}

// composeOrderConfirmation reads the order when the e-mail is sent, so it shows the order as it
// is then (and a guest's link signed with the current key).
func composeOrderConfirmation(confirmations OrderConfirmationFunc) composeFunc {
	return func(ctx context.Context, shop mailer.Shop, _ settings.Store, payload []byte) (mailer.Message, error) {
		p, err := decodeOrderPayload("jobs.composeOrderConfirmation", payload, false)
		if err != nil {
			return mailer.Message{}, err
		}
		to, data, err := confirmations(ctx, p.OrderID)
		if err != nil {
			return mailer.Message{}, classify("jobs.composeOrderConfirmation: order confirmation", err)
		}
		c, err := mailer.RenderOrderConfirmation(shop, data)
		return mailer.Message{To: to, Content: c}, err
	}
}

// composeOrderShipped reads the order when the notice is sent, like the confirmation; an order
// that has not shipped (FailedPrecondition) cancels the job.
func composeOrderShipped(notices OrderNotices) composeFunc {
	return func(ctx context.Context, shop mailer.Shop, _ settings.Store, payload []byte) (mailer.Message, error) {
		p, err := decodeOrderPayload("jobs.composeOrderShipped", payload, false)
		if err != nil {
			return mailer.Message{}, err
		}
		to, data, err := notices.Shipped(ctx, p.OrderID)
		if err != nil {
			return mailer.Message{}, classify("jobs.composeOrderShipped: shipping notice", err)
		}
		c, err := mailer.RenderOrderShipped(shop, data)
		return mailer.Message{To: to, Content: c}, err
	}
}

// composeOrderCancelled reads the order when the notice is sent; an order that is not cancelled
// cancels the job.
func composeOrderCancelled(notices OrderNotices) composeFunc {
	return func(ctx context.Context, shop mailer.Shop, _ settings.Store, payload []byte) (mailer.Message, error) {
		p, err := decodeOrderPayload("jobs.composeOrderCancelled", payload, false)
		if err != nil {
			return mailer.Message{}, err
		}
		to, data, err := notices.Cancelled(ctx, p.OrderID)
		if err != nil {
			return mailer.Message{}, classify("jobs.composeOrderCancelled: cancellation notice", err)
		}
		c, err := mailer.RenderOrderCancelled(shop, data)
		return mailer.Message{To: to, Content: c}, err
	}
}

// composeOrderRefunded reads the order and the refund when the notice is sent; a refund the
// provider has not confirmed cancels the job.
func composeOrderRefunded(notices OrderNotices) composeFunc {
	return func(ctx context.Context, shop mailer.Shop, _ settings.Store, payload []byte) (mailer.Message, error) {
		p, err := decodeOrderPayload("jobs.composeOrderRefunded", payload, true)
		if err != nil {
			return mailer.Message{}, err
		}
		to, data, err := notices.Refunded(ctx, p.OrderID, p.RefundID)
		if err != nil {
			return mailer.Message{}, classify("jobs.composeOrderRefunded: refund notice", err)
		}
		c, err := mailer.RenderOrderRefunded(shop, data)
		return mailer.Message{To: to, Content: c}, err
	}
}
