package mail

import (
	"bytes"
	"embed"
	"fmt"
	htmltemplate "html/template"
	"strings"
	texttemplate "text/template"
	"time"
	_ "time/tzdata" // expiry times are shown in London time whatever the host's zoneinfo
)

//go:embed templates/*.tmpl
var templateFiles embed.FS

// Shop is what the e-mails' footers say about the sender, from the store settings.
type Shop struct {
	Name          string
	AddressLines  []string
	Email         string
	Phone         string
	CompanyNumber string
	VATNumber     string
}

// DefaultShopName is used when the store settings are not configured yet.
const DefaultShopName = "Atelier London"

// PasswordReset is the data of the password reset e-mail. ResetURL carries a secret token: it
// goes into the message and nowhere else (never a log line).
type PasswordReset struct {
	FirstName string
	ResetURL  string
	ExpiresAt time.Time
}

// ExpiresText is the expiry in words, in the shop's time zone, e.g. "at 14:05 on Tuesday 3 March
// 2026 (London time)".
func (p PasswordReset) ExpiresText() string { return expiresText(p.ExpiresAt) }

func expiresText(t time.Time) string {
	return "at " + t.In(london).Format("15:04 on Monday 2 January 2006") + " (London time)"
}

// ContactMessage is a shopper's message forwarded to the shop.
type ContactMessage struct {
	Name    string
	Email   string
	Subject string
	Message string
}

// NewsletterConfirmation asks a new subscriber to confirm their address (double opt-in).
// ConfirmURL carries a secret token: it goes into the message and nowhere else.
type NewsletterConfirmation struct {
	Email          string
	ConfirmURL     string
	ExpiresAt      time.Time
	UnsubscribeURL string
}

// ExpiresText is the link's expiry in words, in the shop's time zone.
func (n NewsletterConfirmation) ExpiresText() string { return expiresText(n.ExpiresAt) }

// OrderConfirmation is the data of the e-mail that confirms a paid order. OrderURL opens the
// order: for a guest it carries the order's signed access token.
type OrderConfirmation struct {
	FirstName string
	Number    string
	PlacedAt  time.Time
	Lines     []OrderLine
	Subtotal  string
	Delivery  string // e.g. "Standard (Royal Mail, 5–7 working days)"
	// Estimate is the chosen option's own delivery estimate, e.g. "5–7 working days": the e-mail
	// promises nothing else (empty: it promises no time at all).
	Estimate          string
	DeliveryPrice     string // "£17.35" or "Free"
	RequiresSignature bool
	VAT               string
	Total             string
	ShippingAddress   []string
	OrderURL          string
}

// OrderLine is one line of an order confirmation; amounts are already formatted.
type OrderLine struct {
	Name      string
	Quantity  int32
	LineTotal string
}

// PlacedText is when the order was placed, in the shop's time zone.
func (o OrderConfirmation) PlacedText() string {
	return o.PlacedAt.In(london).Format("2 January 2006, 15:04") + " (London time)"
}

// OrderShipped is the data of the shipping notice: the parcel has left and can be followed.
// TrackingURL is the carrier's tracking page (empty when the carrier has none); OrderURL opens the
// order, as in OrderConfirmation.
type OrderShipped struct {
	FirstName       string
	Number          string
	ShippedAt       time.Time
	Carrier         string
	TrackingNumber  string
	TrackingURL     string
	Delivery        string // the delivery option's name, e.g. "Express"
	Estimate        string // the option's delivery estimate, e.g. "3–4 working days"
	Lines           []OrderLine
	ShippingAddress []string
	OrderURL        string
}

// ShippedText is the day the parcel left, in the shop's time zone, e.g. "Tuesday 3 March 2026".
func (o OrderShipped) ShippedText() string { return dayText(o.ShippedAt) }

// OrderCancelled is the data of the cancellation notice. Refund is the amount going back to the
// original payment method, formatted; empty when nothing was paid, so nothing is refunded.
type OrderCancelled struct {
	FirstName   string
	Number      string
	CancelledAt time.Time
	Lines       []OrderLine
	Total       string
	Refund      string
	OrderURL    string
}

// CancelledText is the day the order was cancelled, in the shop's time zone.
func (o OrderCancelled) CancelledText() string { return dayText(o.CancelledAt) }

// OrderRefunded is the data of the refund notice, sent once per refund the payment provider has
// confirmed. Amounts are formatted; RefundedSoFar counts this refund and every earlier one.
type OrderRefunded struct {
	FirstName     string
	Number        string
	RefundedAt    time.Time
	Amount        string
	RefundedSoFar string
	OrderTotal    string
	// InFull says the whole order has now been refunded.
	InFull bool
	// Cancelled says the refund returns the payment of a cancelled order.
	Cancelled bool
	// Reason is the shop's note on why, shown when there is one.
	Reason   string
	OrderURL string
}

// RefundedText is the day the refund was confirmed, in the shop's time zone.
func (o OrderRefunded) RefundedText() string { return dayText(o.RefundedAt) }

// dayText is a day in words in the shop's time zone, e.g. "Tuesday 3 March 2026"; empty for the
// zero time, so that an e-mail leaves out a day it does not know rather than print year 1.
func dayText(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.In(london).Format("Monday 2 January 2006")
}

var london = func() *time.Location {
	loc, err := time.LoadLocation("Europe/London")
	if err != nil {
		return time.UTC
	}
	return loc
}()

// emailTemplate is one e-mail's pair of templates; both share a layout with the shop's footer.
type emailTemplate struct {
	html *htmltemplate.Template
	text *texttemplate.Template
}

var templates = map[string]emailTemplate{}

func init() { //nolint:gochecknoinits // parses the embedded templates once; a broken template fails at start, not at send
	for _, name := range []string{"password_reset", "contact_message", "newsletter_confirmation", "order_confirmation",
		"order_shipped", "order_cancelled", "order_refunded", "webhook_disabled"} {
		templates[name] = emailTemplate{
			html: htmltemplate.Must(htmltemplate.New(name).Funcs(htmltemplate.FuncMap{"button": button}).
				ParseFS(templateFiles, "templates/layout.html.tmpl", "templates/"+name+".html.tmpl")),
			text: texttemplate.Must(texttemplate.New(name).Funcs(texttemplate.FuncMap{"upper": strings.ToUpper}).
				ParseFS(templateFiles, "templates/layout.txt.tmpl", "templates/"+name+".txt.tmpl")),
		}
	}
}

func button(url, label string) map[string]string {
	return map[string]string{"URL": url, "Label": label}
}

// RenderPasswordReset renders the password reset e-mail.
func RenderPasswordReset(shop Shop, d PasswordReset) (Content, error) {
	return render("password_reset", fmt.Sprintf("Reset your %s password", shopName(shop)), shop, d)
}

// RenderContactMessage renders a contact-form message for the shop's mailbox.
func RenderContactMessage(shop Shop, d ContactMessage) (Content, error) {
	d.Subject, d.Name = OneLine(d.Subject), OneLine(d.Name)
	return render("contact_message", "Contact form: "+d.Subject, shop, d)
}

// RenderNewsletterConfirmation renders the e-mail that asks a new subscriber to confirm. Like
// every newsletter e-mail it ends with an unsubscribe link.
func RenderNewsletterConfirmation(shop Shop, d NewsletterConfirmation) (Content, error) {
	return renderList("newsletter_confirmation", "Please confirm your subscription to "+shopName(shop), shop, d, d.UnsubscribeURL)
}

// RenderOrderConfirmation renders the confirmation of a paid order.
func RenderOrderConfirmation(shop Shop, d OrderConfirmation) (Content, error) {
	return render("order_confirmation", fmt.Sprintf("Your %s order %s is confirmed", shopName(shop), d.Number), shop, d)
}

// RenderOrderShipped renders the shipping notice.
func RenderOrderShipped(shop Shop, d OrderShipped) (Content, error) {
	return render("order_shipped", fmt.Sprintf("Your %s order %s is on its way", shopName(shop), d.Number), shop, d)
}

// RenderOrderCancelled renders the cancellation notice.
func RenderOrderCancelled(shop Shop, d OrderCancelled) (Content, error) {
	return render("order_cancelled", fmt.Sprintf("Your %s order %s has been cancelled", shopName(shop), d.Number), shop, d)
}

// RenderOrderRefunded renders the refund notice.
func RenderOrderRefunded(shop Shop, d OrderRefunded) (Content, error) {
	return render("order_refunded", fmt.Sprintf("%s refunded on your %s order %s", d.Amount, shopName(shop), d.Number), shop, d)
}

// WebhookDisabled tells the shop's mailbox that a webhook endpoint was disabled because its
// deliveries kept failing.
type WebhookDisabled struct {
	URL         string
	Description string
	Failures    int
	LastError   string
	DisabledAt  time.Time
}

// DisabledText is when, in the shop's time zone.
func (d WebhookDisabled) DisabledText() string {
	return d.DisabledAt.In(london).Format("15:04 on Monday 2 January 2006") + " (London time)"
}

// RenderWebhookDisabled renders the notice of a disabled webhook endpoint.
func RenderWebhookDisabled(shop Shop, d WebhookDisabled) (Content, error) {
	d.URL, d.Description, d.LastError = OneLine(d.URL), OneLine(d.Description), OneLine(d.LastError)
	return render("webhook_disabled", "A webhook endpoint of "+shopName(shop)+" was disabled", shop, d)
}

func shopName(s Shop) string {
	if strings.TrimSpace(s.Name) == "" {
		return DefaultShopName
	}
	return s.Name
}

// render executes both parts. A failure here is a bug or bad data, never the network: callers
// treat it as permanent.
func render(name, subject string, shop Shop, data any) (Content, error) {
	return renderList(name, subject, shop, data, "")
}

// renderList renders an e-mail of a mailing list: the layout's footer then offers
// unsubscribeURL (list e-mails must never go out without one).
func renderList(name, subject string, shop Shop, data any, unsubscribeURL string) (Content, error) {
	shop.Name = shopName(shop)
	t := templates[name]
	in := struct {
		Subject        string
		Shop           Shop
		Data           any
		UnsubscribeURL string
	}{subject, shop, data, unsubscribeURL}
	var html, text bytes.Buffer
	if err := t.html.ExecuteTemplate(&html, "layout", in); err != nil {
		return Content{}, Permanent(fmt.Errorf("mail.render: %s (html): %w", name, err))
	}
	if err := t.text.ExecuteTemplate(&text, "layout", in); err != nil {
		return Content{}, Permanent(fmt.Errorf("mail.render: %s (text): %w", name, err))
	}
	return Content{Subject: subject, Text: strings.TrimSpace(text.String()) + "\n", HTML: html.String()}, nil
}
