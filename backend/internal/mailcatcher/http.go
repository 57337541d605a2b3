package mailcatcher

import (
	"encoding/json"
	"html/template"
	"net/http"
)

// Handler serves the inbox pages and the JSON API.
func (c *Catcher) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", c.list)
	mux.HandleFunc("GET /messages/{id}", c.detail)
	mux.HandleFunc("GET /messages/{id}/html", c.htmlPart)
	mux.HandleFunc("GET /api/messages", c.apiList)
	mux.HandleFunc("DELETE /api/messages", c.apiClear)
	return mux
}

// pageCSP locks the inbox pages down: no scripts at all, styles inline, and frames only from
// the catcher itself (the sandboxed HTML part).
const pageCSP = "default-src 'none'; style-src 'unsafe-inline'; frame-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

// partCSP is for a message's HTML part, which is untrusted (it quotes shoppers' words): no
// scripts, no network (remote images would leak that the mail was opened), sandboxed into an
// opaque origin even if opened directly rather than through the iframe.
const partCSP = "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'"

func secureHeaders(w http.ResponseWriter, csp string) {
	h := w.Header()
	h.Set("Content-Security-Policy", csp)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("Cache-Control", "no-store")
}

func (c *Catcher) list(w http.ResponseWriter, _ *http.Request) {
	secureHeaders(w, pageCSP)
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	_ = pages.ExecuteTemplate(w, "list", struct{ Messages []Message }{c.Messages()})
}

func (c *Catcher) detail(w http.ResponseWriter, r *http.Request) {
	m, ok := c.Message(r.PathValue("id"))
	if !ok {
		http.NotFound(w, r)
		return
	}
	secureHeaders(w, pageCSP)
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	_ = pages.ExecuteTemplate(w, "detail", m)
}

func (c *Catcher) htmlPart(w http.ResponseWriter, r *http.Request) {
	m, ok := c.Message(r.PathValue("id"))
	if !ok || m.HTML == "" {
		http.NotFound(w, r)
		return
	}
	secureHeaders(w, partCSP)
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	_, _ = w.Write([]byte(m.HTML))
}

func (c *Catcher) apiList(w http.ResponseWriter, _ *http.Request) {
	secureHeaders(w, "default-src 'none'")
	w.Header().Set("Content-Type", "application/json")
	msgs := c.Messages()
	if msgs == nil {
		msgs = []Message{} // an empty inbox is [], never null
	}
	_ = json.NewEncoder(w).Encode(msgs) //nolint:errchkjson // the status is sent; a failed write has no one left to tell
}

func (c *Catcher) apiClear(w http.ResponseWriter, _ *http.Request) {
	c.Clear()
	w.WriteHeader(http.StatusNoContent)
}

var pages = template.Must(template.New("pages").Parse(`
{{define "style"}}<style>
:root{color-scheme:light}
body{margin:0;background:#F6F1E9;color:#2A2420;font:15px/1.6 "Helvetica Neue",Helvetica,Arial,sans-serif}
header{padding:28px 40px 20px;border-bottom:1px solid #E6DCCB;background:#FFFDF8}
h1{margin:0;font:normal 26px/1.2 "Cormorant Garamond",Georgia,serif;letter-spacing:.04em}
header p{margin:4px 0 0;color:#5E554D;font-size:13px}
main{padding:24px 40px 48px;max-width:1100px}
a{color:#6F5230}
table{width:100%;border-collapse:collapse;background:#FFFDF8;border:1px solid #E6DCCB}
th,td{text-align:left;padding:10px 14px;border-bottom:1px solid #EFE7DA;vertical-align:top}
th{font-size:12px;letter-spacing:.08em;text-transform:uppercase;color:#5E554D;font-weight:600}
tr:last-child td{border-bottom:0}
.empty{padding:40px;text-align:center;background:#FFFDF8;border:1px solid #E6DCCB;color:#5E554D}
pre{white-space:pre-wrap;word-wrap:break-word;background:#FFFDF8;border:1px solid #E6DCCB;padding:16px;font:13px/1.55 ui-monospace,Menlo,Consolas,monospace}
iframe{width:100%;height:70vh;border:1px solid #E6DCCB;background:#fff}
h2{font:normal 20px/1.3 "Cormorant Garamond",Georgia,serif;margin:28px 0 10px}
.headers td:first-child{width:160px;color:#5E554D;white-space:nowrap}
</style>{{end}}

{{define "list"}}<!DOCTYPE html>
<html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dev inbox · Atelier</title>{{template "style"}}</head>
<body><header><h1>Dev inbox</h1><p>E-mails the shop sent while running with <code>atelier dev</code>. Newest first; reload to refresh.</p></header>
<main>
{{if .Messages}}
<table><caption style="text-align:left;padding:0 0 8px;color:#5E554D">{{len .Messages}} message(s)</caption>
<thead><tr><th scope="col">Subject</th><th scope="col">From</th><th scope="col">To</th><th scope="col">Received</th></tr></thead>
<tbody>
{{range .Messages}}<tr>
<td><a href="/messages/{{.ID}}">{{if .Subject}}{{.Subject}}{{else}}(no subject){{end}}</a></td>
<td>{{.From}}</td>
<td>{{range $i, $t := .To}}{{if $i}}, {{end}}{{$t}}{{end}}</td>
<td><time datetime="{{.Date.Format "2006-01-02T15:04:05Z07:00"}}">{{.Date.Format "2 Jan 2006 15:04:05"}}</time></td>
</tr>{{end}}
</tbody></table>
{{else}}<p class="empty">No messages yet.</p>{{end}}
</main></body></html>{{end}}

{{define "detail"}}<!DOCTYPE html>
<html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Subject}} · Dev inbox</title>{{template "style"}}</head>
<body><header><h1>{{if .Subject}}{{.Subject}}{{else}}(no subject){{end}}</h1><p><a href="/">← All messages</a></p></header>
<main>
<h2>Headers</h2>
<table class="headers"><tbody>{{range .Headers}}<tr><td>{{.Name}}</td><td>{{.Value}}</td></tr>{{end}}</tbody></table>
{{if .HTML}}<h2>HTML</h2>
<iframe title="HTML part of the message" sandbox src="/messages/{{.ID}}/html"></iframe>{{end}}
<h2>Plain text</h2>
{{if .Text}}<pre>{{.Text}}</pre>{{else}}<p class="empty">No plain-text part.</p>{{end}}
</main></body></html>{{end}}
`))
