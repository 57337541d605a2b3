package mailcatcher_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/mail"
	"github.com/atelier-commerce/atelier/backend/internal/mailcatcher"
	"github.com/stretchr/testify/require"
)

func startCatcher(t *testing.T) *mailcatcher.Catcher {
	t.Helper()
	c, err := mailcatcher.Start("127.0.0.1:0", "127.0.0.1:0", slog.New(slog.DiscardHandler))
	require.NoError(t, err)
	t.Cleanup(func() { _ = c.Stop(context.Background()) })
	return c
}

type apiMessage struct {
	ID      string    `json:"id"`
	From    string    `json:"from"`
	To      []string  `json:"to"`
	Subject string    `json:"subject"`
	Date    time.Time `json:"date"`
	Text    string    `json:"text"`
	HTML    string    `json:"html"`
}

func get(t *testing.T, url string) (*http.Response, string) {
	t.Helper()
	res, err := http.Get(url)
	require.NoError(t, err)
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	require.NoError(t, err)
	return res, string(body)
}

func messages(t *testing.T, c *mailcatcher.Catcher) []apiMessage {
	t.Helper()
	res, body := get(t, "http://"+c.HTTPAddr+"/api/messages")
	require.Equal(t, http.StatusOK, res.StatusCode)
	require.Equal(t, "application/json", res.Header.Get("Content-Type"))
	var out []apiMessage
	require.NoError(t, json.Unmarshal([]byte(body), &out), body)
	return out
}

// A real multipart message sent through go-mail comes back over the JSON API decoded: headers
// (including encoded words), the quoted-printable text part and the HTML part.
func TestCatchesRealMailAndServesTheAPI(t *testing.T) {
	t.Parallel()
	c := startCatcher(t)
	require.NotContains(t, c.SMTPAddr, ":0")
	require.NotContains(t, c.HTTPAddr, ":0")
	_, empty := get(t, "http://"+c.HTTPAddr+"/api/messages")
	require.JSONEq(t, "[]", empty, "an empty inbox is [], not null")

	s, err := mail.NewSender("smtp://"+c.SMTPAddr, "Atelier London <hello@atelier.test>")
	require.NoError(t, err)
	long := strings.Repeat("Lumière ", 30) // a long non-ASCII line: quoted-printable soft breaks
	for _, m := range []mail.Message{
		{To: "first@example.com", Content: mail.Content{Subject: "First", Text: "one", HTML: "<p>one</p>"}},
		{To: "jane@example.com", ReplyTo: "Jane <jane@example.com>", Content: mail.Content{
			Subject: "You’re on the list — welcome", Text: long + "\nEnd.", HTML: `<p style="color:#2A2420">Café &amp; <b>crème</b></p><script>alert(1)</script>`}},
	} {
		require.NoError(t, s.Send(context.Background(), m))
	}

	var got []apiMessage
	require.Eventually(t, func() bool { got = messages(t, c); return len(got) == 2 }, 5*time.Second, 10*time.Millisecond)
	newest := got[0]
	require.Equal(t, "You’re on the list — welcome", newest.Subject, "newest first, encoded words decoded")
	require.Equal(t, "Atelier London <hello@atelier.test>", newest.From)
	require.Equal(t, []string{"jane@example.com"}, newest.To)
	require.Equal(t, strings.TrimRight(long, " ")+" \nEnd.", strings.TrimRight(newest.Text, "\n"), "quoted-printable decoded")
	require.Contains(t, newest.HTML, "Café &amp; <b>crème</b>")
	require.WithinDuration(t, time.Now(), newest.Date, time.Minute)
	require.Equal(t, "First", got[1].Subject)
	require.NotEqual(t, got[0].ID, got[1].ID)

	// The pages: a list linking to each message, the message with its HTML sandboxed.
	res, body := get(t, "http://"+c.HTTPAddr+"/")
	require.Equal(t, http.StatusOK, res.StatusCode)
	require.Contains(t, res.Header.Get("Content-Security-Policy"), "default-src 'none'")
	require.Less(t, strings.Index(body, "You’re on the list"), strings.Index(body, "First"), "newest first")
	require.Contains(t, body, `href="/messages/`+newest.ID+`"`)
	res, body = get(t, "http://"+c.HTTPAddr+"/messages/"+newest.ID)
	require.Equal(t, http.StatusOK, res.StatusCode)
	require.Contains(t, body, `<iframe title="HTML part of the message" sandbox src="/messages/`+newest.ID+`/html">`)
	require.Contains(t, body, "Reply-To")
	require.NotContains(t, body, "<script>alert(1)</script>", "the HTML part is never inlined into the page")
	res, body = get(t, "http://"+c.HTTPAddr+"/messages/"+newest.ID+"/html")
	require.Equal(t, http.StatusOK, res.StatusCode)
	csp := res.Header.Get("Content-Security-Policy")
	require.Contains(t, csp, "sandbox")
	require.Contains(t, csp, "default-src 'none'", "no scripts run even when opened directly")
	require.Contains(t, body, "<b>crème</b>")
	res, _ = get(t, "http://"+c.HTTPAddr+"/messages/999")
	require.Equal(t, http.StatusNotFound, res.StatusCode)

	// DELETE clears.
	req, err := http.NewRequest(http.MethodDelete, "http://"+c.HTTPAddr+"/api/messages", nil)
	require.NoError(t, err)
	res, err = http.DefaultClient.Do(req)
	require.NoError(t, err)
	res.Body.Close()
	require.Equal(t, http.StatusNoContent, res.StatusCode)
	require.Empty(t, messages(t, c))
}

// A probe's session (EHLO, NOOP, QUIT) is not a message.
func TestProbeSessionsAreNotMessages(t *testing.T) {
	t.Parallel()
	c := startCatcher(t)
	s, err := mail.NewSender("smtp://"+c.SMTPAddr, "hello@atelier.test")
	require.NoError(t, err)
	require.NoError(t, s.Probe(context.Background()))
	require.Empty(t, c.Messages())
}

// Hand-written MIME: base64 parts, nested multipart, attachments skipped, charset words.
func TestParsesBase64AndNestedMultipart(t *testing.T) {
	t.Parallel()
	c := startCatcher(t)
	raw := strings.Join([]string{
		"From: =?UTF-8?Q?Caf=C3=A9?= <cafe@example.com>",
		"To: a@example.com, \"B\" <b@example.com>",
		"Subject: =?UTF-8?B?Q3LDqG1l?=",
		"Date: Tue, 03 Mar 2026 14:05:00 +0000",
		"MIME-Version: 1.0",
		`Content-Type: multipart/mixed; boundary="outer"`,
		"",
		"--outer",
		`Content-Type: multipart/alternative; boundary="inner"`,
		"",
		"--inner",
		"Content-Type: text/plain; charset=utf-8",
		"Content-Transfer-Encoding: base64",
		"",
		"SGVsbG8sIHdvcmxkIQ==",
		"--inner",
		"Content-Type: text/html; charset=utf-8",
		"Content-Transfer-Encoding: base64",
		"",
		"PHA+SGVsbG88L3A+",
		"--inner--",
		"--outer",
		"Content-Type: text/plain",
		"Content-Disposition: attachment; filename=notes.txt",
		"",
		"not the body",
		"--outer--",
		"",
	}, "\r\n")
	conn, err := net.Dial("tcp", c.SMTPAddr)
	require.NoError(t, err)
	defer conn.Close()
	buf := make([]byte, 512)
	say := func(line string) {
		if line != "" {
			_, err := conn.Write([]byte(line + "\r\n"))
			require.NoError(t, err)
		}
		_ = conn.SetReadDeadline(time.Now().Add(2 * time.Second))
		_, err := conn.Read(buf)
		require.NoError(t, err)
	}
	say("") // greeting
	say("EHLO test.example.com")
	say("MAIL FROM:<cafe@example.com>")
	say("RCPT TO:<a@example.com>")
	say("DATA")
	say(raw + "\r\n.")
	say("QUIT")

	var got []mailcatcher.Message
	require.Eventually(t, func() bool { got = c.Messages(); return len(got) == 1 }, 5*time.Second, 10*time.Millisecond)
	m := got[0]
	require.Equal(t, "Café <cafe@example.com>", m.From)
	require.Equal(t, []string{"a@example.com", "b@example.com"}, m.To)
	require.Equal(t, "Crème", m.Subject)
	require.Equal(t, time.Date(2026, 3, 3, 14, 5, 0, 0, time.UTC), m.Date.UTC())
	require.Equal(t, "Hello, world!", m.Text)
	require.Equal(t, "<p>Hello</p>", m.HTML)
}
