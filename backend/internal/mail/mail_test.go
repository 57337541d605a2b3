package mail_test

import (
	"context"
	"errors"
	"fmt"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/mail"
	smtpmock "github.com/mocktools/go-smtp-mock/v2"
	"github.com/stretchr/testify/require"
	gomail "github.com/wneessen/go-mail"
)

var shop = mail.Shop{Name: "Atelier London", AddressLines: []string{"12 Marylebone High Street", "London W1U 4NR"},
	Email: "hello@atelier.test", Phone: "+44 20 7946 0000", CompanyNumber: "01234567", VATNumber: "GB 123 4567 89"}

func TestParseURL(t *testing.T) {
	t.Parallel()
	good := map[string]mail.Settings{
		"smtp://mail.example.com":                  {Host: "mail.example.com", Port: 25, TLS: gomail.TLSOpportunistic},
		"smtp://127.0.0.1:1025":                    {Host: "127.0.0.1", Port: 1025, TLS: gomail.TLSOpportunistic},
		"smtp://u%40x:p%3Ass@mail.example.com:587": {Host: "mail.example.com", Port: 587, TLS: gomail.TLSOpportunistic, Username: "u@x", Password: "p:ss"},
		"smtp://mail.example.com:587?tls=required": {Host: "mail.example.com", Port: 587, TLS: gomail.TLSMandatory},
		"smtp://localhost:25?tls=none":             {Host: "localhost", Port: 25, TLS: gomail.NoTLS},
		"smtps://user:pw@mail.example.com":         {Host: "mail.example.com", Port: 465, Implicit: true, TLS: gomail.TLSOpportunistic, Username: "user", Password: "pw"},
	}
	for raw, want := range good {
		got, err := mail.ParseURL(raw)
		require.NoError(t, err, raw)
		require.Equal(t, want, got, raw)
	}
	for _, raw := range []string{"http://mail.example.com", "smtp://", "smtp://host:0", "smtp://host:99999",
		"smtp://host?tls=maybe", "mail.example.com:25", "smtp://user:hunter2@host:notaport"} {
		_, err := mail.ParseURL(raw)
		require.Error(t, err, raw)
		require.NotContains(t, err.Error(), "hunter2", "a password is never echoed")
	}
}

func TestRenderPasswordReset(t *testing.T) {
	t.Parallel()
	url := `https://shop.test/reset?token=abc&next=/account"><script>x</script>`
	c, err := mail.RenderPasswordReset(shop, mail.PasswordReset{FirstName: "Jane <b>", ResetURL: url,
		ExpiresAt: time.Date(2026, 7, 1, 13, 30, 0, 0, time.UTC)})
	require.NoError(t, err)
	require.Equal(t, "Reset your Atelier London password", c.Subject)

	require.Contains(t, c.Text, "Dear Jane <b>,")
	require.Contains(t, c.Text, url, "plain text carries the link as is")
	require.Contains(t, c.Text, "at 14:30 on Wednesday 1 July 2026 (London time)", "summer time in London")
	require.Contains(t, c.Text, "If you did not ask to reset your password, you can ignore this e-mail")
	require.Contains(t, c.Text, "12 Marylebone High Street\nLondon W1U 4NR", "footer from the settings")

	require.Contains(t, c.HTML, `<html lang="en-GB"`)
	require.Contains(t, c.HTML, `role="presentation"`)
	require.Contains(t, c.HTML, "Georgia", "serif fallback for the brand face")
	require.Contains(t, c.HTML, `href="https://shop.test/reset?token=abc&amp;next=/account%22%3e%3cscript%3ex%3c/script%3e"`,
		"the link is present and escaped in the attribute")
	require.NotContains(t, c.HTML, "<script>", "no markup from data")
	require.Contains(t, c.HTML, "Dear Jane &lt;b&gt;,")
	require.Contains(t, c.HTML, "ignore this e-mail")
	require.Contains(t, c.HTML, "Company no. 01234567")
	require.NotContains(t, c.HTML, "<style", "inline styles only")
}

func TestRenderResetRefusesScriptURLs(t *testing.T) {
	t.Parallel()
	c, err := mail.RenderPasswordReset(shop, mail.PasswordReset{ResetURL: "javascript:alert(1)", ExpiresAt: time.Now()})
	require.NoError(t, err)
	require.NotContains(t, c.HTML, `href="javascript:`)
	require.Contains(t, c.HTML, "Hello,", "no first name, a neutral greeting")
}

func TestRenderContactMessageEscapesShopperInput(t *testing.T) {
	t.Parallel()
	c, err := mail.RenderContactMessage(shop, mail.ContactMessage{Name: `Eve "<img src=x onerror=alert(1)>"`,
		Email: "eve@example.com", Subject: "Hello\r\nBcc: victim@example.com", Message: "<a href=\"https://evil.test\">click</a>\nSecond line"})
	require.NoError(t, err)
	require.Equal(t, "Contact form: Hello Bcc: victim@example.com", c.Subject, "no header injection through line breaks")
	require.NotContains(t, c.HTML, "<img src=x")
	require.NotContains(t, c.HTML, `<a href="https://evil.test">`)
	require.Contains(t, c.HTML, "&lt;a href=&#34;https://evil.test&#34;&gt;click&lt;/a&gt;\nSecond line", "shown as text, line breaks kept")
	require.Contains(t, c.Text, "<a href=\"https://evil.test\">click</a>\nSecond line", "plain text is plain")
	require.Contains(t, c.Text, "From:    Eve \"<img src=x onerror=alert(1)>\" <eve@example.com>")
}

func newsletterConfirmation() mail.NewsletterConfirmation {
	return mail.NewsletterConfirmation{Email: "new@example.com", ConfirmURL: "https://shop.example/newsletter/confirm?token=ABC",
		ExpiresAt: time.Date(2026, 3, 3, 14, 5, 0, 0, time.UTC), UnsubscribeURL: "https://shop.example/newsletter/unsubscribe?token=XYZ"}
}

// The confirmation asks the address to confirm with a link that expires, says nothing comes
// without confirming, and, like every newsletter e-mail, ends with an unsubscribe link.
func TestRenderNewsletterConfirmation(t *testing.T) {
	t.Parallel()
	c, err := mail.RenderNewsletterConfirmation(mail.Shop{}, newsletterConfirmation())
	require.NoError(t, err)
	require.Equal(t, "Please confirm your subscription to Atelier London", c.Subject, "the shop's name even before settings exist")
	for _, part := range []string{c.Text, c.HTML} {
		require.Contains(t, part, "https://shop.example/newsletter/confirm?token=ABC")
		require.Contains(t, part, "expires at 14:05 on Tuesday 3 March 2026 (London time)")
		require.Contains(t, part, "sent to new@example.com")
		require.Contains(t, part, "without confirmation you will not be subscribed")
		require.Contains(t, part, "https://shop.example/newsletter/unsubscribe?token=XYZ")
	}
	require.Contains(t, c.HTML, `<a href="https://shop.example/newsletter/unsubscribe?token=XYZ" style="color:#5E554D;text-decoration:underline;">Unsubscribe</a>`)
	require.Contains(t, c.Text, "Unsubscribe: https://shop.example/newsletter/unsubscribe?token=XYZ")

	reset, err := mail.RenderPasswordReset(mail.Shop{}, mail.PasswordReset{ResetURL: "https://shop.example/r", ExpiresAt: time.Now()})
	require.NoError(t, err)
	require.NotContains(t, reset.Text, "Unsubscribe", "only list e-mails carry an unsubscribe link")
}

func sink(t *testing.T, cfg smtpmock.ConfigurationAttr) (*smtpmock.Server, string) {
	t.Helper()
	cfg.HostAddress, cfg.PortNumber, cfg.MultipleMessageReceiving = "127.0.0.1", 0, true
	srv := smtpmock.New(cfg)
	require.NoError(t, srv.Start())
	t.Cleanup(func() { _ = srv.Stop() })
	return srv, fmt.Sprintf("smtp://127.0.0.1:%d", srv.PortNumber())
}

func TestSendMultipart(t *testing.T) {
	t.Parallel()
	srv, url := sink(t, smtpmock.ConfigurationAttr{})
	s, err := mail.NewSender(url, "Atelier London <hello@atelier.test>")
	require.NoError(t, err)
	c, err := mail.RenderNewsletterConfirmation(shop, newsletterConfirmation())
	require.NoError(t, err)
	require.NoError(t, s.Send(context.Background(), mail.Message{ID: "4f0e", To: "new@example.com",
		ReplyTo: "Shop Desk <desk@atelier.test>", Content: c}))
	msgs, err := srv.WaitForMessages(1, 5*time.Second)
	require.NoError(t, err)
	raw := msgs[0].MsgRequest()
	require.Contains(t, raw, "Message-ID: <4f0e@atelier.test>", "derived from the event, stable across retries")
	require.Contains(t, raw, `From: "Atelier London" <hello@atelier.test>`)
	require.Contains(t, raw, `Reply-To: "Shop Desk" <desk@atelier.test>`)
	require.Contains(t, raw, "multipart/alternative")
	require.Contains(t, raw, "text/plain")
	require.Contains(t, raw, "text/html")
	require.NotContains(t, raw, "List-Unsubscribe", "only list e-mails say how to leave the list")
}

// A list e-mail carries List-Unsubscribe (the one-click URL, then the shop's mailbox when there
// is one) and List-Unsubscribe-Post, so mail clients offer their own unsubscribe button (RFC 2369,
// RFC 8058).
func TestSendListUnsubscribeHeaders(t *testing.T) {
	t.Parallel()
	const oneClick = "https://api.shop.example/api/v1/newsletter/unsubscribe?token=AbC-123_xyz"
	tests := map[string]struct {
		unsubscribe mail.ListUnsubscribe
		list        string
	}{
		"with the shop's mailbox": {mail.ListUnsubscribe{URL: oneClick, Mailto: "hello@shop.example"},
			"<" + oneClick + ">, <mailto:hello@shop.example?subject=unsubscribe>"},
		"without one": {mail.ListUnsubscribe{URL: oneClick}, "<" + oneClick + ">"},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			srv, url := sink(t, smtpmock.ConfigurationAttr{})
			s, err := mail.NewSender(url, "hello@atelier.test")
			require.NoError(t, err)
			require.NoError(t, s.Send(context.Background(), mail.Message{To: "new@example.com", Unsubscribe: &tt.unsubscribe,
				Content: mail.Content{Subject: "Hi", Text: "Hello"}}))
			msgs, err := srv.WaitForMessages(1, 5*time.Second)
			require.NoError(t, err)
			raw := unfold(msgs[0].MsgRequest())
			require.Contains(t, raw, "List-Unsubscribe: "+tt.list+"\r\n")
			require.Contains(t, raw, "List-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n")
		})
	}
}

// unfold undoes header folding (RFC 5322 §2.2.3), which a long URL may get.
func unfold(raw string) string {
	return strings.NewReplacer("\r\n ", " ", "\r\n\t", " ").Replace(raw)
}

func TestSendErrorsAreClassified(t *testing.T) {
	t.Parallel()
	_, url := sink(t, smtpmock.ConfigurationAttr{NotRegisteredEmails: []string{"gone@example.com"},
		BlacklistedRcpttoEmails: []string{"busy@example.com"}})
	s, err := mail.NewSender(url, "hello@atelier.test")
	require.NoError(t, err)
	send := func(to string) error {
		return s.Send(context.Background(), mail.Message{To: to, Content: mail.Content{Subject: "Hi", Text: "Hello"}})
	}
	err = send("gone@example.com")
	require.Error(t, err)
	require.True(t, mail.IsPermanent(err), "550 is permanent: %v", err)
	err = send("busy@example.com")
	require.Error(t, err)
	require.False(t, mail.IsPermanent(err), "421 is transient: %v", err)
	err = send("not an address")
	require.True(t, mail.IsPermanent(err), "a malformed recipient is permanent: %v", err)

	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	down := "smtp://" + ln.Addr().String()
	require.NoError(t, ln.Close())
	s, err = mail.NewSender(down, "hello@atelier.test")
	require.NoError(t, err)
	err = send("anyone@example.com")
	require.Error(t, err)
	require.False(t, mail.IsPermanent(err), "connection refused is transient: %v", err)
	require.False(t, mail.IsPermanent(nil))
	require.True(t, mail.IsPermanent(fmt.Errorf("wrapped: %w", mail.Permanent(errors.New("x")))))
}

func TestProbe(t *testing.T) {
	t.Parallel()
	srv, url := sink(t, smtpmock.ConfigurationAttr{})
	s, err := mail.NewSender(url, "hello@atelier.test")
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	require.NoError(t, s.Probe(ctx))
	require.Eventually(t, func() bool {
		for _, m := range srv.Messages() {
			if m.Noop() {
				return true
			}
		}
		return false
	}, 2*time.Second, 10*time.Millisecond, "the probe said NOOP")

	// A server that accepts the connection but never greets: the probe ends with its context.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	t.Cleanup(func() { _ = ln.Close() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			t.Cleanup(func() { _ = c.Close() })
		}
	}()
	s, err = mail.NewSender("smtp://"+ln.Addr().String(), "hello@atelier.test")
	require.NoError(t, err)
	ctx, cancel = context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	start := time.Now()
	require.Error(t, s.Probe(ctx))
	require.Less(t, time.Since(start), 2*time.Second, "bounded by the context")
}

func TestNewSenderValidatesFrom(t *testing.T) {
	t.Parallel()
	_, err := mail.NewSender("smtp://localhost:25", "not an address")
	require.Error(t, err)
	s, err := mail.NewSender("smtp://localhost:2525", "Atelier <hello@atelier.test>")
	require.NoError(t, err)
	require.Equal(t, "localhost:2525", s.Addr())
}

func TestOneLine(t *testing.T) {
	t.Parallel()
	require.Equal(t, "a b c", mail.OneLine("a\r\nb\tc"))
	require.False(t, strings.ContainsAny(mail.OneLine("x\n\ry\x00z"), "\r\n\x00"))
}

// The confirmation promises the chosen option's own estimate and nothing else: never the shipping
// policy's general "3–5" whatever was chosen; without an estimate it promises no time. The day the
// order was placed is written the British way.
func TestRenderOrderConfirmation(t *testing.T) {
	t.Parallel()
	d := mail.OrderConfirmation{FirstName: "Jane", Number: "AL-7KQ2M9XD", PlacedAt: time.Date(2026, 5, 12, 9, 30, 0, 0, time.UTC),
		Lines:    []mail.OrderLine{{Name: "Rose Oil", Quantity: 2, LineTotal: "£36.00"}},
		Subtotal: "£36.00", Delivery: "Express (DPD, 3–4 days)", Estimate: "3–4 days", DeliveryPrice: "£24.99",
		VAT: "£10.17", Total: "£60.99", ShippingAddress: []string{"Jane Doe", "1 High Street", "Bath", "BA1 1AA", "United Kingdom"},
		OrderURL: "https://shop.example/orders/o1?token=oat1.abc"}
	c, err := mail.RenderOrderConfirmation(shop, d)
	require.NoError(t, err)
	for _, part := range []string{c.Text, c.HTML} {
		require.Contains(t, part, "3–4 days")
		require.Contains(t, part, "12 May 2026, 10:30 (London time)")
		require.NotContains(t, part, "3–5")
		require.NotContains(t, part, "business days")
	}
	require.Contains(t, c.Text, "Estimated delivery: 3–4 days\n")

	d.Delivery, d.Estimate = "Collect", ""
	c, err = mail.RenderOrderConfirmation(shop, d)
	require.NoError(t, err)
	for _, part := range []string{c.Text, c.HTML} {
		require.NotContains(t, part, "Estimated delivery")
		require.NotContains(t, part, "3–5")
	}
}

func orderShipped() mail.OrderShipped {
	return mail.OrderShipped{FirstName: "Jane", Number: "AL-7KQ2M9XD", ShippedAt: time.Date(2026, 3, 31, 23, 30, 0, 0, time.UTC),
		Carrier: "Royal Mail", TrackingNumber: "AB123456789GB", TrackingURL: "https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB",
		Delivery: "Standard", Estimate: "5–7 working days",
		Lines:           []mail.OrderLine{{Name: "Rose Oil", Quantity: 2, LineTotal: "£36.00"}, {Name: "Balm", Quantity: 1, LineTotal: "£8.00"}},
		ShippingAddress: []string{"Jane Doe", "1 High Street", "Bath", "BA1 1AA", "United Kingdom"},
		OrderURL:        "https://shop.example/orders/o1?token=oat1.abc"}
}

// The shipping notice names the carrier, the tracking number and its link, the delivery estimate,
// what is in the parcel and where it goes, in both parts; the day is London's (BST here).
func TestRenderOrderShipped(t *testing.T) {
	t.Parallel()
	c, err := mail.RenderOrderShipped(shop, orderShipped())
	require.NoError(t, err)
	require.Equal(t, "Your Atelier London order AL-7KQ2M9XD is on its way", c.Subject)
	for _, part := range []string{c.Text, c.HTML} {
		for _, want := range []string{"Dear Jane,", "AL-7KQ2M9XD", "dispatched on Wednesday 1 April 2026", "Royal Mail",
			"AB123456789GB", "https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB", "5–7 working days",
			"Standard", "Rose Oil", "Balm", "1 High Street", "BA1 1AA", "United Kingdom"} {
			require.Contains(t, part, want)
		}
	}
	require.Contains(t, c.Text, "Carrier: Royal Mail\nTracking number: AB123456789GB\nDelivery: Standard\nEstimated delivery: 5–7 working days\n")
	require.Contains(t, c.Text, "Track your parcel: https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB\n")
	require.Contains(t, c.Text, "Rose Oil × 2\nBalm × 1\n")
	require.Contains(t, c.Text, "View your order: https://shop.example/orders/o1?token=oat1.abc")
	require.Contains(t, c.HTML, `href="https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB"`)
	require.Contains(t, c.HTML, "Track your parcel")
	require.Contains(t, c.HTML, `href="https://shop.example/orders/o1?token=oat1.abc"`)
	require.NotContains(t, c.Text, "<", "plain text has no markup")
}

// Without a tracking link (a carrier with no tracking page) the notice still gives the number,
// and offers no button to nowhere; without a number either, it says only that the order left.
func TestRenderOrderShippedWithoutTracking(t *testing.T) {
	t.Parallel()
	d := orderShipped()
	d.TrackingURL = ""
	c, err := mail.RenderOrderShipped(shop, d)
	require.NoError(t, err)
	require.Contains(t, c.Text, "Tracking number: AB123456789GB")
	require.NotContains(t, c.Text, "Track your parcel")
	require.NotContains(t, c.HTML, "Track your parcel")

	d.TrackingNumber, d.Carrier, d.Delivery, d.Estimate, d.ShippedAt = "", "", "", "", time.Time{}
	c, err = mail.RenderOrderShipped(mail.Shop{}, d)
	require.NoError(t, err)
	require.NotContains(t, c.Text, "Tracking number")
	require.NotContains(t, c.HTML, "Tracking number")
	require.Contains(t, c.Text, "Your order AL-7KQ2M9XD was dispatched.\n\nIn your parcel:", "no day it does not know, no empty details")
}

// What the shop typed (a carrier, a tracking number, a reason) and the shopper's own address are
// text in the HTML part, never markup; a script URL never becomes a link.
func TestRenderOrderNoticesEscape(t *testing.T) {
	t.Parallel()
	const evil = `<img src=x onerror=alert(1)>`
	d := orderShipped()
	d.FirstName, d.Carrier, d.TrackingNumber, d.TrackingURL = evil, evil, evil, "javascript:alert(1)"
	d.ShippingAddress = []string{evil}
	d.Lines = []mail.OrderLine{{Name: evil, Quantity: 1, LineTotal: "£1.00"}}
	shipped, err := mail.RenderOrderShipped(shop, d)
	require.NoError(t, err)
	cancelled, err := mail.RenderOrderCancelled(shop, mail.OrderCancelled{FirstName: evil, Number: "AL-1", Lines: d.Lines,
		Total: "£1.00", Refund: "£1.00", OrderURL: `https://shop.example/orders/o1"><script>x</script>`})
	require.NoError(t, err)
	refunded, err := mail.RenderOrderRefunded(shop, mail.OrderRefunded{FirstName: evil, Number: "AL-1", Amount: "£1.00",
		RefundedSoFar: "£1.00", OrderTotal: "£1.00", Reason: evil, OrderURL: "https://shop.example/orders/o1"})
	require.NoError(t, err)
	for name, c := range map[string]mail.Content{"shipped": shipped, "cancelled": cancelled, "refunded": refunded} {
		require.NotContains(t, c.HTML, "<img", name)
		require.NotContains(t, c.HTML, "<script>", name)
		require.Contains(t, c.HTML, "&lt;img src=x onerror=alert(1)&gt;", name)
		require.NotContains(t, c.HTML, `href="javascript:`, name)
		require.Contains(t, c.Text, evil, "%s: plain text is plain", name)
	}
}

// The cancellation notice says what is refunded to the original payment method and how long it
// can take to appear; an order that was never paid is told there is nothing to refund.
func TestRenderOrderCancelled(t *testing.T) {
	t.Parallel()
	d := mail.OrderCancelled{FirstName: "Jane", Number: "AL-7KQ2M9XD", CancelledAt: time.Date(2026, 1, 5, 9, 0, 0, 0, time.UTC),
		Lines: []mail.OrderLine{{Name: "Rose Oil", Quantity: 2, LineTotal: "£36.00"}}, Total: "£53.95", Refund: "£53.95",
		OrderURL: "https://shop.example/orders/o1"}
	c, err := mail.RenderOrderCancelled(shop, d)
	require.NoError(t, err)
	require.Equal(t, "Your Atelier London order AL-7KQ2M9XD has been cancelled", c.Subject)
	for _, part := range []string{c.Text, c.HTML} {
		for _, want := range []string{"Dear Jane,", "AL-7KQ2M9XD", "cancelled on Monday 5 January 2026", "Rose Oil", "£36.00",
			"£53.95", "original payment method", "5–10 working days", "https://shop.example/orders/o1", "hello@atelier.test"} {
			require.Contains(t, part, want)
		}
		require.NotContains(t, part, "nothing to refund")
	}
	require.Contains(t, c.Text, "We are refunding £53.95 to your original payment method.")
	require.Contains(t, c.Text, "Rose Oil × 2: £36.00\n")
	require.Contains(t, c.Text, "To be refunded: £53.95\n")

	d.Refund = ""
	c, err = mail.RenderOrderCancelled(mail.Shop{}, d)
	require.NoError(t, err)
	for _, part := range []string{c.Text, c.HTML} {
		require.Contains(t, part, "No payment was taken for this order, so there is nothing to refund.")
		require.NotContains(t, part, "5–10 working days")
		require.NotContains(t, part, "write to us", "no mailbox in the settings, none offered")
	}
}

// The refund notice gives this refund, what has been refunded so far out of the order's total,
// whether that is all of it, and the shop's reason when there is one.
func TestRenderOrderRefunded(t *testing.T) {
	t.Parallel()
	partial := mail.OrderRefunded{FirstName: "Jane", Number: "AL-7KQ2M9XD", RefundedAt: time.Date(2026, 6, 30, 23, 15, 0, 0, time.UTC),
		Amount: "£20.00", RefundedSoFar: "£30.00", OrderTotal: "£53.95", Reason: "One bottle arrived damaged",
		OrderURL: "https://shop.example/orders/o1"}
	c, err := mail.RenderOrderRefunded(shop, partial)
	require.NoError(t, err)
	require.Equal(t, "£20.00 refunded on your Atelier London order AL-7KQ2M9XD", c.Subject)
	for _, part := range []string{c.Text, c.HTML} {
		for _, want := range []string{"Dear Jane,", "We have refunded £20.00", "to your original payment method on Wednesday 1 July 2026", "AL-7KQ2M9XD",
			"original payment method", "5–10 working days", "Reason for the refund: One bottle arrived damaged",
			"£30.00 of £53.95", "This is a partial refund", "https://shop.example/orders/o1"} {
			require.Contains(t, part, want)
		}
		require.NotContains(t, part, "refunded in full")
		require.NotContains(t, part, "cancelled order")
	}
	require.Contains(t, c.Text, "This refund: £20.00\nRefunded so far: £30.00 of £53.95\n")

	full := partial
	full.Amount, full.RefundedSoFar, full.InFull, full.Cancelled, full.Reason = "£53.95", "£53.95", true, true, ""
	c, err = mail.RenderOrderRefunded(shop, full)
	require.NoError(t, err)
	for _, part := range []string{c.Text, c.HTML} {
		require.Contains(t, part, "Your order has now been refunded in full.")
		require.Contains(t, part, "on your cancelled order")
		require.NotContains(t, part, "partial refund")
		require.NotContains(t, part, "Reason for the refund")
	}
}

// The notice of a disabled webhook endpoint says which, why and what to do, with the receiver's
// error text escaped (it comes from a partner's server).
func TestRenderWebhookDisabled(t *testing.T) {
	t.Parallel()
	d := mail.WebhookDisabled{URL: "https://erp.example/hooks", Description: "ERP sync", Failures: 5,
		LastError: "HTTP 500 <script>", DisabledAt: time.Date(2026, 11, 27, 20, 0, 0, 0, time.UTC)}
	c, err := mail.RenderWebhookDisabled(shop, d)
	require.NoError(t, err)
	require.Equal(t, "A webhook endpoint of Atelier London was disabled", c.Subject)
	for _, part := range []string{c.Text, c.HTML} {
		for _, want := range []string{"https://erp.example/hooks", "ERP sync", "5 deliveries in a row", "20:00 on Friday 27 November 2026",
			"enable the endpoint"} {
			require.Contains(t, part, want)
		}
	}
	require.Contains(t, c.Text, "Last error: HTTP 500 <script>")
	require.Contains(t, c.HTML, "HTTP 500 &lt;script&gt;")
	require.NotContains(t, c.HTML, "<script>")
}
