// Package mailcatcher is the development mail server: an SMTP sink (go-smtp-mock) that keeps
// every message it receives in memory, and a small web inbox to read them — so `atelier dev`
// sends real e-mail without a real mail server, and the end-to-end suite can read what the shop
// sent through a JSON API:
//
//	GET    /api/messages   [{"id","from","to":[…],"subject","date","text","html"}], newest first
//	DELETE /api/messages   forget every message
//
// It is a transport for developers, never started by `atelier serve`.
package mailcatcher

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"sync"
	"time"

	smtpmock "github.com/mocktools/go-smtp-mock/v2"
)

// Catcher is a running mail catcher.
type Catcher struct {
	smtp   *smtpmock.Server
	http   *http.Server
	logger *slog.Logger

	// SMTPAddr and HTTPAddr are the addresses actually bound (a :0 port becomes a real one).
	SMTPAddr string
	HTTPAddr string

	mu       sync.Mutex
	messages []Message // oldest first
	nextID   int
}

// Start listens for SMTP on smtpAddr and serves the inbox on httpAddr (host:port; port 0 picks a
// free one).
func Start(smtpAddr, httpAddr string, logger *slog.Logger) (*Catcher, error) {
	host, portStr, err := net.SplitHostPort(smtpAddr)
	if err != nil {
		return nil, fmt.Errorf("mailcatcher.Start: SMTP address: %w", err)
	}
	port, err := strconv.Atoi(portStr)
	if err != nil {
		return nil, fmt.Errorf("mailcatcher.Start: SMTP port: %w", err)
	}
	if host == "" {
		host = "127.0.0.1"
	}
	server := smtpmock.New(smtpmock.ConfigurationAttr{
		HostAddress:              host,
		PortNumber:               port,
		MultipleRcptto:           true,
		MultipleMessageReceiving: true, // one connection may carry several messages (RSET between)
	})
	if err := server.Start(); err != nil {
		return nil, fmt.Errorf("mailcatcher.Start: SMTP on %s: %w", smtpAddr, err)
	}
	ln, err := net.Listen("tcp", httpAddr) //nolint:noctx // Start takes no context: the catcher lives until Close
	if err != nil {
		_ = server.Stop()
		return nil, fmt.Errorf("mailcatcher.Start: listen %s: %w", httpAddr, err)
	}
	c := &Catcher{
		smtp:     server,
		logger:   logger,
		SMTPAddr: net.JoinHostPort(host, strconv.Itoa(server.PortNumber())),
		HTTPAddr: ln.Addr().String(),
	}
	c.http = &http.Server{
		Handler:           c.Handler(),
		ReadHeaderTimeout: 5 * time.Second,
		ErrorLog:          slog.NewLogLogger(logger.Handler(), slog.LevelWarn),
	}
	go func() {
		if err := c.http.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			logger.Error("mail catcher inbox stopped", "error", err.Error())
		}
	}()
	return c, nil
}

// Stop closes both listeners.
func (c *Catcher) Stop(ctx context.Context) error {
	herr := c.http.Shutdown(ctx)
	serr := c.smtp.Stop()
	return errors.Join(herr, serr)
}

// Messages returns every message received so far, newest first.
func (c *Catcher) Messages() []Message {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.collectLocked()
	out := slices.Clone(c.messages)
	slices.Reverse(out)
	return out
}

// Message returns one message by id.
func (c *Catcher) Message(id string) (Message, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.collectLocked()
	for _, m := range c.messages {
		if m.ID == id {
			return m, true
		}
	}
	return Message{}, false
}

// Clear forgets every message.
func (c *Catcher) Clear() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.collectLocked()
	c.messages = nil
}

var angleAddr = regexp.MustCompile(`<([^>]*)>`)

// collectLocked moves finished messages from the SMTP sink into the inbox, parsing them once.
// The sink also records sessions that sent no message (a status probe's EHLO + NOOP); those
// are skipped.
func (c *Catcher) collectLocked() {
	for _, sm := range c.smtp.MessagesAndPurge() {
		if !sm.IsConsistent() {
			continue
		}
		var envelope []string
		for _, rr := range sm.RcpttoRequestResponse() {
			if m := angleAddr.FindStringSubmatch(rr[0]); m != nil && len(rr) > 1 && len(rr[1]) > 0 && rr[1][0] == '2' {
				envelope = append(envelope, m[1])
			}
		}
		c.nextID++
		msg, err := parse([]byte(sm.MsgRequest()), envelope, time.Now())
		if err != nil {
			c.logger.Warn("mail catcher: unreadable message kept as raw text", "error", err.Error())
			msg = Message{Subject: "(unreadable message)", Text: sm.MsgRequest(), To: envelope, Date: time.Now()}
		}
		if msg.To == nil {
			msg.To = []string{} // the API promises a list
		}
		msg.ID = strconv.Itoa(c.nextID)
		c.messages = append(c.messages, msg)
		c.logger.Info("mail catcher: received", "id", msg.ID, "subject", msg.Subject)
	}
}
