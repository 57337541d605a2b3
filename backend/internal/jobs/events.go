package jobs

import (
	"encoding/json"
	"slices"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
)

// Outbox topics and their JSON payloads. The emitting contexts (account, contact, newsletter, order)
// and the workers here agree on these by contract, not by sharing Go types, so that neither
// imports the other.
const (
	// TopicPasswordResetRequested: a PasswordResetPayload. No link or token: the worker gets the
	// link from Config.ResetLinks when it sends the e-mail.
	TopicPasswordResetRequested = "password_reset.requested"
	// TopicContactMessageReceived: {"message_id","name","email","subject","message"}.
	TopicContactMessageReceived = "contact_message.received"
	// TopicNewsletterConfirmationRequested: {"email","requested_at"}, a sign-up that awaits
	// confirmation. No link or token: the worker gets the links from Config.NewsletterLinks.
	TopicNewsletterConfirmationRequested = "newsletter.confirmation_requested"
	// TopicNewsletterSubscribed: {"email"}, emitted before double opt-in by older binaries. Still
	// routed so such rows leave the outbox; their jobs are cancelled (no requested_at), and the
	// address signs up again to confirm.
	TopicNewsletterSubscribed = "newsletter.subscribed"
	// TopicOrderPaid: {"order_id"}, emitted once per order when it becomes paid.
	TopicOrderPaid = "order.paid"
	// TopicOrderRefundRequired: {"order_id"}: a payment to return to the shopper.
	TopicOrderRefundRequired = "order.refund_required"
	// TopicOrderRefundRequested: {"order_id","refund_id"}: a refund an admin made, to ask of the
	// provider.
	TopicOrderRefundRequested = "order.refund_requested"
	// TopicOrderShipped: {"order_id"}, once per order, when it ships: the shipping notice.
	TopicOrderShipped = "order.shipped"
	// TopicOrderCancelled: {"order_id"}, once per order, when it is cancelled: the cancellation
	// notice.
	TopicOrderCancelled = "order.cancelled"
	// TopicOrderRefunded: {"order_id","refund_id"}, once per refund, when the payment provider
	// confirms it: the refund notice.
	TopicOrderRefunded = "order.refunded"
)

// Event is an outbox row as a job carries it. The relay copies the payload untouched and the
// worker decodes it, so the relay never fails on a payload it cannot read: a malformed one
// becomes a cancelled job with the reason recorded, visible in the jobs UI, instead of a row that
// blocks the outbox.
type Event struct {
	// OutboxID makes the job unique (River's unique key covers only this field): a relay that
	// offers the same row twice gets the existing job back. Workers use it as their idempotency key.
	OutboxID string          `json:"outbox_id" river:"unique"`
	Topic    string          `json:"topic"`
	Payload  json.RawMessage `json:"payload"`
	// EmittedAt is when the domain change committed, for the record.
	EmittedAt time.Time `json:"emitted_at"`
}

func (e Event) event() Event { return e }

// MailQueue is the River queue of e-mail jobs, kept apart so a slow mail server never holds up
// other background work.
const MailQueue = "mail"

// MailMaxAttempts bounds the retries of an e-mail: with River's backoff (attempt⁴ seconds) ten
// attempts span about four hours, long enough to ride out a mail server's outage.
const MailMaxAttempts = 10

// mailInsertOpts puts e-mail jobs on the mail queue with bounded attempts, unique per outbox id
// in every state, including cancelled and discarded: a re-offered event whose e-mail was refused
// must not be tried again either.
func mailInsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: MailQueue, MaxAttempts: MailMaxAttempts,
		UniqueOpts: river.UniqueOpts{ByArgs: true, ByState: rivertype.JobStates()}}
}

// PasswordResetPayload is the payload of TopicPasswordResetRequested, as the account context
// emits it. It deliberately holds no secret: job arguments are kept for days, shown in the jobs
// UI and may sit in a second database.
type PasswordResetPayload struct {
	AccountID   string    `json:"account_id"`
	Email       string    `json:"email"`
	FirstName   string    `json:"first_name"`
	RequestedAt time.Time `json:"requested_at"`
}

// PasswordResetEmail e-mails a reset link to the account holder.
type PasswordResetEmail struct{ Event }

// Kind is River's name for the job.
func (PasswordResetEmail) Kind() string { return "email.password_reset" }

// InsertOpts puts the job on the mail queue, unique per outbox id.
func (PasswordResetEmail) InsertOpts() river.InsertOpts { return mailInsertOpts() }

// ContactMessageEmail forwards a contact-form message to the shop's mailbox.
type ContactMessageEmail struct{ Event }

// Kind is River's name for the job.
func (ContactMessageEmail) Kind() string { return "email.contact_message" }

// InsertOpts puts the job on the mail queue, unique per outbox id.
func (ContactMessageEmail) InsertOpts() river.InsertOpts { return mailInsertOpts() }

// NewsletterConfirmationEmail asks a newsletter sign-up to confirm its address.
type NewsletterConfirmationEmail struct{ Event }

// Kind is River's name for the job.
func (NewsletterConfirmationEmail) Kind() string { return "email.newsletter_confirmation" }

// InsertOpts puts the job on the mail queue, unique per outbox id.
func (NewsletterConfirmationEmail) InsertOpts() river.InsertOpts { return mailInsertOpts() }

// OrderConfirmationEmail confirms a paid order to the shopper.
type OrderConfirmationEmail struct{ Event }

// Kind is River's name for the job.
func (OrderConfirmationEmail) Kind() string { return "email.order_confirmation" }

// InsertOpts puts the job on the mail queue, unique per outbox id.
func (OrderConfirmationEmail) InsertOpts() river.InsertOpts { return mailInsertOpts() }

// OrderShippedEmail tells the shopper their order is on its way, with its tracking.
type OrderShippedEmail struct{ Event }

// Kind is River's name for the job.
func (OrderShippedEmail) Kind() string { return "email.order_shipped" }

// InsertOpts puts the job on the mail queue, unique per outbox id.
func (OrderShippedEmail) InsertOpts() river.InsertOpts { return mailInsertOpts() }

// OrderCancelledEmail tells the shopper their order was cancelled and what is refunded.
type OrderCancelledEmail struct{ Event }

// Kind is River's name for the job.
func (OrderCancelledEmail) Kind() string { return "email.order_cancelled" }

// InsertOpts puts the job on the mail queue, unique per outbox id.
func (OrderCancelledEmail) InsertOpts() river.InsertOpts { return mailInsertOpts() }

// OrderRefundedEmail tells the shopper a refund has been made.
type OrderRefundedEmail struct{ Event }

// Kind is River's name for the job.
func (OrderRefundedEmail) Kind() string { return "email.order_refunded" }

// InsertOpts puts the job on the mail queue, unique per outbox id.
func (OrderRefundedEmail) InsertOpts() river.InsertOpts { return mailInsertOpts() }

// PaymentRefund returns a payment through the provider.
type PaymentRefund struct{ Event }

// Kind is River's name for the job.
func (PaymentRefund) Kind() string { return "payment.refund" }

// InsertOpts keeps one job per outbox event, in every state; the provider's idempotency key
// (derived from the order) makes even a second job harmless.
func (PaymentRefund) InsertOpts() river.InsertOpts {
	return river.InsertOpts{MaxAttempts: 20, UniqueOpts: river.UniqueOpts{ByArgs: true, ByState: rivertype.JobStates()}}
}

// routes is the one registry from outbox topic to job. A topic missing here is not relayed:
// its rows stay in the outbox (and are reported), so a newer binary that knows the topic can
// still pick them up during a rolling deploy.
var routes = map[string]func(Event) river.JobArgs{
	TopicPasswordResetRequested:          func(e Event) river.JobArgs { return PasswordResetEmail{e} },
	TopicContactMessageReceived:          func(e Event) river.JobArgs { return ContactMessageEmail{e} },
	TopicNewsletterConfirmationRequested: func(e Event) river.JobArgs { return NewsletterConfirmationEmail{e} },
	TopicNewsletterSubscribed:            func(e Event) river.JobArgs { return NewsletterConfirmationEmail{e} },
	TopicOrderPaid:                       func(e Event) river.JobArgs { return OrderConfirmationEmail{e} },
	TopicOrderRefundRequired:             func(e Event) river.JobArgs { return PaymentRefund{e} },
	TopicOrderRefundRequested:            func(e Event) river.JobArgs { return PaymentRefund{e} },
	TopicOrderShipped:                    func(e Event) river.JobArgs { return OrderShippedEmail{e} },
	TopicOrderCancelled:                  func(e Event) river.JobArgs { return OrderCancelledEmail{e} },
	TopicOrderRefunded:                   func(e Event) river.JobArgs { return OrderRefundedEmail{e} },
	TopicImageUploaded:                   func(e Event) river.JobArgs { return ImageRenditions{e} },
	TopicImageDeleted:                    func(e Event) river.JobArgs { return ImageRemoval{e} },
	TopicWebhookEvent:                    func(e Event) river.JobArgs { return WebhookFanOut{e} },
	TopicWebhookDelivery:                 func(e Event) river.JobArgs { return WebhookDelivery{e} },
	TopicWebhookEndpointDisabled:         func(e Event) river.JobArgs { return WebhookDisabledEmail{e} },
}

// ArgsFor returns the job for an outbox event, or false when its topic has no route.
func ArgsFor(e Event) (river.JobArgs, bool) {
	f, ok := routes[e.Topic]
	if !ok {
		return nil, false
	}
	return f(e), true
}

// Topics lists the routed topics, sorted.
func Topics() []string {
	out := make([]string, 0, len(routes))
	for t := range routes {
		out = append(out, t)
	}
	slices.Sort(out)
	return out
}
