package contact_test

import (
	"context"
	"testing"

	"github.com/atelier-commerce/atelier/backend/internal/contact"
	"github.com/atelier-commerce/atelier/backend/internal/db/dbtest"
	"github.com/atelier-commerce/atelier/backend/internal/throttle/throttletest"
)

// throttled is a contact service of its own, limited by throttletest.Limits on clock: an
// attempt sends a message, and what it keeps is the message and the e-mail to the shop.
func throttled(t *testing.T, clock *throttletest.Clock) throttletest.Target {
	t.Helper()
	pool := dbtest.Pool(t)
	svc := contact.NewService(pool, contact.WithClock(clock.Now), contact.WithLimits(throttletest.Limits))
	return throttletest.Target{
		Try: func(email, clientIP string) error {
			_, err := svc.Send(context.Background(), contact.Message{Name: "Jane", Email: email, Subject: "Hello", Body: "A question."}, clientIP)
			return err
		},
		Kept: throttletest.Rows(pool, "contact_messages", "outbox"),
	}
}

// Each message e-mails the shop, so one client address, or one reply address, may send only so
// many an hour: beyond that the form answers 429 with the time until the oldest leaves the
// window, and nothing is stored or e-mailed.
func TestSendThrottled(t *testing.T) {
	t.Parallel()
	throttletest.TestClientAndAddress(t, "Too many messages. Please try again in %d minutes.", throttled)
}

// Concurrent messages from one client cannot pass the limit.
func TestSendThrottleConcurrent(t *testing.T) {
	t.Parallel()
	throttletest.TestConcurrentClient(t, throttled(t, throttletest.NewClock()))
}
