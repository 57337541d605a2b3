package newsletter_test

import (
	"context"
	"testing"

	"github.com/atelier-commerce/atelier/backend/internal/db/dbtest"
	"github.com/atelier-commerce/atelier/backend/internal/newsletter"
	"github.com/atelier-commerce/atelier/backend/internal/throttle/throttletest"
)

// throttled is a newsletter service of its own, limited by throttletest.Limits on clock: an
// attempt signs an address up, and what it keeps is the subscription and its welcome e-mail.
func throttled(t *testing.T, clock *throttletest.Clock) throttletest.Target {
	t.Helper()
	pool := dbtest.Pool(t)
	svc := newsletter.NewService(pool, newsletter.WithClock(clock.Now), newsletter.WithLimits(throttletest.Limits),
		newsletter.WithLinks("https://shop.example/", "https://api.shop.example"))
	return throttletest.Target{
		Try: func(email, clientIP string) error {
			_, err := svc.Subscribe(context.Background(), email, clientIP)
			return err
		},
		Kept: throttletest.Rows(pool, "newsletter_subscriptions", "outbox"),
	}
}

// Each new sign-up e-mails the address, so one client may sign up only so many addresses an
// hour, and one address be entered only so many times: beyond that the form answers 429 with the
// time until the oldest attempt leaves the window, and nobody is subscribed or e-mailed. Repeats
// of an address count whether or not it was new, so a refusal says nothing about who subscribed.
func TestSubscribeThrottled(t *testing.T) {
	t.Parallel()
	throttletest.TestClientAndAddress(t, "Too many sign-ups. Please try again in %d minutes.", throttled)
}

// Concurrent sign-ups from one client cannot pass the limit.
func TestSubscribeThrottleConcurrent(t *testing.T) {
	t.Parallel()
	throttletest.TestConcurrentClient(t, throttled(t, throttletest.NewClock()))
}
