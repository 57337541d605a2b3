package mailcatcher

import (
	"bytes"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net/mail"
	"strings"
	"time"
)

// Message is one received e-mail, as the JSON API returns it.
type Message struct {
	ID      string    `json:"id"`
	From    string    `json:"from"`
	To      []string  `json:"to"`
	Subject string    `json:"subject"`
	Date    time.Time `json:"date"`
	Text    string    `json:"text"`
	HTML    string    `json:"html"`

	// Headers are the decoded top-level headers in the order received, for the detail page.
	Headers []Header `json:"-"`
}

// Header is one header line.
type Header struct{ Name, Value string }

var wordDecoder = &mime.WordDecoder{}

// parse reads a raw RFC 5322 message. envelopeTo is used when the message has no To header
// (a Bcc-only message); received stands in for a missing or unreadable Date.
func parse(raw []byte, envelopeTo []string, received time.Time) (Message, error) {
	msg, err := mail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		return Message{}, fmt.Errorf("mailcatcher.parse: read message: %w", err)
	}
	m := Message{Date: received}
	if d, err := msg.Header.Date(); err == nil {
		m.Date = d
	}
	m.Subject = decodeWords(msg.Header.Get("Subject"))
	if from, err := msg.Header.AddressList("From"); err == nil && len(from) > 0 {
		m.From = formatAddress(from[0])
	} else {
		m.From = decodeWords(msg.Header.Get("From"))
	}
	for _, field := range []string{"To", "Cc"} {
		if list, err := msg.Header.AddressList(field); err == nil {
			for _, a := range list {
				m.To = append(m.To, a.Address)
			}
		}
	}
	if len(m.To) == 0 {
		m.To = envelopeTo
	}
	if m.To == nil {
		m.To = []string{}
	}
	m.Headers = headersInOrder(raw)
	if err := walk(msg.Header.Get("Content-Type"), msg.Header.Get("Content-Transfer-Encoding"), msg.Body, &m, 0); err != nil {
		return m, err
	}
	return m, nil
}

func formatAddress(a *mail.Address) string {
	if a.Name == "" {
		return a.Address
	}
	return a.Name + " <" + a.Address + ">"
}

func decodeWords(s string) string {
	if d, err := wordDecoder.DecodeHeader(s); err == nil {
		return d
	}
	return s
}

// walk descends into multipart bodies and keeps the first text/plain and text/html parts that
// are not attachments.
func walk(contentType, encoding string, body io.Reader, m *Message, depth int) error {
	if depth > 10 {
		return errors.New("mailcatcher: multipart nested too deeply")
	}
	if contentType == "" {
		contentType = "text/plain; charset=us-ascii"
	}
	mediaType, params, err := mime.ParseMediaType(contentType)
	if err != nil {
		return fmt.Errorf("mailcatcher.walk: content type: %w", err)
	}
	if strings.HasPrefix(mediaType, "multipart/") {
		mr := multipart.NewReader(body, params["boundary"])
		for {
			p, err := mr.NextRawPart() // raw: the transfer encoding is decoded below, once
			if err == io.EOF {
				return nil
			}
			if err != nil {
				return fmt.Errorf("mailcatcher.walk: multipart: %w", err)
			}
			if disp, _, _ := mime.ParseMediaType(p.Header.Get("Content-Disposition")); disp == "attachment" {
				continue
			}
			if err := walk(p.Header.Get("Content-Type"), p.Header.Get("Content-Transfer-Encoding"), p, m, depth+1); err != nil {
				return err
			}
		}
	}
	if mediaType != "text/plain" && mediaType != "text/html" {
		return nil
	}
	decoded, err := io.ReadAll(transferDecoder(encoding, body))
	if err != nil {
		return fmt.Errorf("mailcatcher.walk: decode %s: %w", mediaType, err)
	}
	text := strings.ReplaceAll(string(decoded), "\r\n", "\n")
	switch {
	case mediaType == "text/plain" && m.Text == "":
		m.Text = text
	case mediaType == "text/html" && m.HTML == "":
		m.HTML = text
	}
	return nil
}

func transferDecoder(encoding string, r io.Reader) io.Reader {
	switch strings.ToLower(strings.TrimSpace(encoding)) {
	case "quoted-printable":
		return quotedprintable.NewReader(r)
	case "base64":
		return base64.NewDecoder(base64.StdEncoding, &stripNewlines{r: r})
	default:
		return r
	}
}

// stripNewlines drops CR and LF, which base64 bodies carry every 76 characters.
type stripNewlines struct{ r io.Reader }

func (s *stripNewlines) Read(p []byte) (int, error) {
	for {
		n, err := s.r.Read(p)
		j := 0
		for _, b := range p[:n] {
			if b != '\r' && b != '\n' {
				p[j] = b
				j++
			}
		}
		if j > 0 || err != nil {
			return j, err
		}
	}
}

// headersInOrder lists the header block's fields as received (net/mail keeps them in a map),
// unfolding continuation lines and decoding encoded words.
func headersInOrder(raw []byte) []Header {
	block, _, _ := bytes.Cut(bytes.ReplaceAll(raw, []byte("\r\n"), []byte("\n")), []byte("\n\n"))
	var out []Header
	for line := range strings.SplitSeq(string(block), "\n") {
		if line == "" {
			continue
		}
		if (line[0] == ' ' || line[0] == '\t') && len(out) > 0 {
			out[len(out)-1].Value += " " + strings.TrimSpace(line)
			continue
		}
		name, value, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		out = append(out, Header{Name: name, Value: strings.TrimSpace(value)})
	}
	for i := range out {
		out[i].Value = decodeWords(out[i].Value)
	}
	return out
}
