// Package mail sends the shop's e-mails over SMTP and renders them from templates. It knows
// nothing of jobs or databases: the jobs package decides when to send and records that it did;
// this package turns content into a well-formed multipart message, hands it to the server, and
// says whether a failure is worth retrying (a full mailbox tomorrow may not be full) or not (an
// address that does not exist will not start existing).
package mail

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/mail"
	"net/url"
	"strconv"
	"strings"
	"time"

	gomail "github.com/wneessen/go-mail"
)

// Message is one e-mail to send.
type Message struct {
	// ID becomes the Message-ID's local part. The jobs derive it from the outbox event, so a
	// message that is sent twice in the at-least-once window carries the same Message-ID, which
	// many mailbox providers use to drop the duplicate.
	ID      string
	To      string // one address
	ReplyTo string // optional; "Name <addr>" or a bare address
	// Unsubscribe is set on e-mails of a mailing list (the newsletter): the message then carries
	// List-Unsubscribe and List-Unsubscribe-Post headers, so mail clients offer their own
	// unsubscribe button.
	Unsubscribe *ListUnsubscribe
	Content
}

// ListUnsubscribe is how the recipient of a list e-mail leaves the list (RFC 2369, RFC 8058).
type ListUnsubscribe struct {
	// URL unsubscribes at once when POSTed to with "List-Unsubscribe=One-Click" (RFC 8058 wants
	// it https; mailbox providers ignore plain http, which only development uses).
	URL string
	// Mailto, when the shop has a mailbox that handles such requests, is offered too.
	Mailto string
}

// headers returns the List-Unsubscribe and List-Unsubscribe-Post values.
func (u ListUnsubscribe) headers() (list, post string) {
	var uris []string
	if u.URL != "" {
		uris = append(uris, "<"+u.URL+">")
	}
	if u.Mailto != "" {
		uris = append(uris, "<mailto:"+u.Mailto+"?subject=unsubscribe>")
	}
	if u.URL != "" {
		post = "List-Unsubscribe=One-Click"
	}
	return strings.Join(uris, ", "), post
}

// Content is a rendered e-mail: subject and both body parts.
type Content struct {
	Subject string
	Text    string
	HTML    string
}

// Settings is a parsed SMTP_URL.
type Settings struct {
	Host     string
	Port     int
	Implicit bool // smtps://: TLS from the first byte
	TLS      gomail.TLSPolicy
	Username string
	Password string
}

// ParseURL reads smtp://[user:pass@]host[:port][?tls=opportunistic|required|none] (port 25 by
// default; STARTTLS when the server offers it unless tls says otherwise) or
// smtps://[user:pass@]host[:port] (port 465). Errors never repeat the URL: it may hold a password.
func ParseURL(raw string) (Settings, error) {
	u, err := url.Parse(raw)
	if err != nil {
		return Settings{}, errors.New("mail: SMTP_URL is not a valid URL")
	}
	s := Settings{Host: u.Hostname(), TLS: gomail.TLSOpportunistic}
	switch u.Scheme {
	case "smtp":
		s.Port = 25
	case "smtps":
		s.Port, s.Implicit = 465, true
	default:
		return Settings{}, fmt.Errorf("mail: SMTP_URL scheme must be smtp or smtps, not %q", u.Scheme)
	}
	if s.Host == "" {
		return Settings{}, errors.New("mail: SMTP_URL names no host")
	}
	if p := u.Port(); p != "" {
		if s.Port, err = strconv.Atoi(p); err != nil || s.Port < 1 || s.Port > 65535 {
			return Settings{}, errors.New("mail: SMTP_URL has an invalid port")
		}
	}
	switch tls := u.Query().Get("tls"); tls {
	case "", "opportunistic":
	case "required":
		s.TLS = gomail.TLSMandatory
	case "none":
		s.TLS = gomail.NoTLS
	default:
		return Settings{}, fmt.Errorf("mail: SMTP_URL tls must be opportunistic, required or none, not %q", tls)
	}
	if u.User != nil {
		s.Username = u.User.Username()
		s.Password, _ = u.User.Password()
	}
	return s, nil
}

// Sender hands messages to one SMTP server. It holds no connection: each send dials, which
// suits a shop's volume and means a server restart never leaves a dead connection behind.
type Sender struct {
	settings Settings
	from     *mail.Address
	// timeout bounds each SMTP conversation when the caller's context has no earlier deadline.
	timeout time.Duration
}

// NewSender returns a sender for smtpURL (see ParseURL) with the given From address.
func NewSender(smtpURL, from string) (*Sender, error) {
	s, err := ParseURL(smtpURL)
	if err != nil {
		return nil, err
	}
	addr, err := mail.ParseAddress(from)
	if err != nil {
		return nil, fmt.Errorf("mail.NewSender: MAIL_FROM: %w", err)
	}
	return &Sender{settings: s, from: addr, timeout: 30 * time.Second}, nil
}

// Addr is host:port of the server, for logs (never the credentials).
func (s *Sender) Addr() string {
	return net.JoinHostPort(s.settings.Host, strconv.Itoa(s.settings.Port))
}

// client builds a go-mail client whose every read and write ends by ctx's deadline: go-mail uses
// the context only to dial, so the remaining time becomes its per-operation timeout.
func (s *Sender) client(ctx context.Context) (*gomail.Client, error) {
	timeout := s.timeout
	if dl, ok := ctx.Deadline(); ok {
		timeout = min(timeout, time.Until(dl))
	}
	if timeout <= 0 {
		return nil, context.DeadlineExceeded
	}
	opts := []gomail.Option{
		gomail.WithPort(s.settings.Port),
		gomail.WithTimeout(timeout),
		gomail.WithTLSPolicy(s.settings.TLS),
		// The host name is often a container id that servers refuse in EHLO; the sender's
		// domain is a name the shop owns.
		gomail.WithHELO(domainOf(s.from.Address)),
	}
	if s.settings.Implicit {
		opts = append(opts, gomail.WithSSL())
	}
	if s.settings.Username != "" {
		opts = append(opts, gomail.WithSMTPAuth(gomail.SMTPAuthAutoDiscover),
			gomail.WithUsername(s.settings.Username), gomail.WithPassword(s.settings.Password))
	}
	c, err := gomail.NewClient(s.settings.Host, opts...)
	if err != nil {
		return nil, fmt.Errorf("mail.client: %w", err)
	}
	return c, nil
}

// Send delivers m to the server. Errors are classified by IsPermanent.
func (s *Sender) Send(ctx context.Context, m Message) error {
	msg, err := s.build(m)
	if err != nil {
		return err
	}
	c, err := s.client(ctx)
	if err != nil {
		return err
	}
	if err := c.DialAndSendWithContext(ctx, msg); err != nil {
		return fmt.Errorf("mail.Send: via %s: %w", s.Addr(), err)
	}
	return nil
}

// build turns m into a multipart/alternative message (plain text first, HTML preferred).
func (s *Sender) build(m Message) (*gomail.Msg, error) {
	msg := gomail.NewMsg()
	if err := msg.FromFormat(s.from.Name, s.from.Address); err != nil {
		return nil, Permanent(fmt.Errorf("mail.build: from: %w", err))
	}
	if err := msg.To(m.To); err != nil {
		return nil, Permanent(fmt.Errorf("mail.build: recipient: %w", err))
	}
	if m.ReplyTo != "" {
		rt, err := mail.ParseAddress(m.ReplyTo)
		if err != nil {
			return nil, Permanent(fmt.Errorf("mail.build: reply-to: %w", err))
		}
		if err := msg.ReplyToFormat(rt.Name, rt.Address); err != nil {
			return nil, Permanent(fmt.Errorf("mail.build: reply-to: %w", err))
		}
	}
	msg.Subject(OneLine(m.Subject))
	if m.ID != "" {
		msg.SetMessageIDWithValue(m.ID + "@" + domainOf(s.from.Address))
	} else {
		msg.SetMessageID()
	}
	msg.SetDate()
	msg.SetUserAgent("Atelier") // rather than announcing the mail library and its version
	if m.Unsubscribe != nil {
		list, post := m.Unsubscribe.headers()
		if list != "" {
			msg.SetGenHeader(gomail.HeaderListUnsubscribe, OneLine(list))
		}
		if post != "" {
			msg.SetGenHeader(gomail.HeaderListUnsubscribePost, post)
		}
	}
	msg.SetBodyString(gomail.TypeTextPlain, m.Text)
	if m.HTML != "" {
		msg.AddAlternativeString(gomail.TypeTextHTML, m.HTML)
	}
	return msg, nil
}

func domainOf(addr string) string {
	if _, d, ok := strings.Cut(addr, "@"); ok && d != "" {
		return d
	}
	return "atelier.invalid"
}

// OneLine flattens s for a header: shopper text may carry line breaks, which must never become
// new header lines.
func OneLine(s string) string {
	return strings.Join(strings.FieldsFunc(s, func(r rune) bool { return r < ' ' || r == 0x7f }), " ")
}

// Probe checks that the server answers: connect, EHLO (and STARTTLS and AUTH as configured),
// NOOP, QUIT — all within ctx.
func (s *Sender) Probe(ctx context.Context) error {
	c, err := s.client(ctx)
	if err != nil {
		return err
	}
	sc, err := c.DialToSMTPClientWithContext(ctx)
	if err != nil {
		return fmt.Errorf("mail.Probe: %s: %w", s.Addr(), err)
	}
	defer func() { _ = sc.Close() }()
	if err := sc.Noop(); err != nil {
		return fmt.Errorf("mail.Probe: %s: noop: %w", s.Addr(), err)
	}
	if err := sc.Quit(); err != nil {
		return fmt.Errorf("mail.Probe: %s: quit: %w", s.Addr(), err)
	}
	return nil
}

// permanentError marks a failure that sending again cannot fix.
type permanentError struct{ err error }

func (e permanentError) Error() string { return e.err.Error() }
func (e permanentError) Unwrap() error { return e.err }

// Permanent marks err as a failure that sending again cannot fix (see IsPermanent).
func Permanent(err error) error { return permanentError{err} }

// IsPermanent reports whether err means "this message will never be accepted": the server
// refused the recipient or the message with a 5xx reply, or the message itself is malformed.
// Everything else — refused or dropped connections, timeouts, 4xx replies — is transient.
//
// A 5xx to MAIL FROM or to AUTH is deliberately transient: it says the shop's own sender or
// credentials are wrong, which is the same for every message, and cancelling every e-mail until
// an operator notices would lose them all; retries (bounded) keep them while the setting is
// fixed.
func IsPermanent(err error) bool {
	if err == nil {
		return false
	}
	if _, ok := errors.AsType[permanentError](err); ok {
		return true
	}
	if se, ok := errors.AsType[*gomail.SendError](err); ok {
		switch se.Reason {
		case gomail.ErrSMTPRcptTo, gomail.ErrSMTPData, gomail.ErrSMTPDataClose, gomail.ErrNoUnencoded:
			return se.ErrorCode() >= 500 || se.Reason == gomail.ErrNoUnencoded
		}
		return false
	}
	return false
}
