package content_test

import (
	"context"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/apperr/apperrtest"
	"github.com/atelier-commerce/atelier/backend/internal/content"
	"github.com/atelier-commerce/atelier/backend/internal/db/dbtest"
	"github.com/atelier-commerce/atelier/backend/internal/revision"
	"github.com/atelier-commerce/atelier/backend/internal/revision/revisiontest"
	"github.com/google/uuid"
	"github.com/stretchr/testify/require"
)

func TestMain(m *testing.M) { os.Exit(dbtest.Main(m)) }

func TestSanitize(t *testing.T) {
	t.Parallel()
	tests := map[string]string{
		`<h2 id="returns">Returns</h2><p>Within <strong>28 days</strong>.</p>`: `<h2 id="returns">Returns</h2><p>Within <strong>28 days</strong>.</p>`,
		`<p onclick="steal()">Hi</p>`:                                          `<p>Hi</p>`,
		`<script>alert(1)</script><p>ok</p>`:                                   `<p>ok</p>`,
		`<a href="javascript:alert(1)">x</a>`:                                  `x`,
		`<a href="/contact">Contact us</a>`:                                    `<a rel="noopener" href="/contact">Contact us</a>`,
		`<p style="color:red">styled</p>`:                                      `<p>styled</p>`,
		`<iframe src="https://evil.example"></iframe>`:                         ``,
		`<section><h3>Q</h3></section>`:                                        `<section><h3>Q</h3></section>`,
		// What a text page needs passes.
		`<ul><li><em>a</em></li></ul><ol><li>b</li></ol><blockquote>c</blockquote><hr><p>d<br>e</p>`:                                                      `<ul><li><em>a</em></li></ul><ol><li>b</li></ol><blockquote>c</blockquote><hr><p>d<br>e</p>`,
		`<table><caption>Rates</caption><thead><tr><th scope="col" colspan="2">A</th></tr></thead><tbody><tr><td rowspan="2">1</td></tr></tbody></table>`: `<table><caption>Rates</caption><thead><tr><th scope="col" colspan="2">A</th></tr></thead><tbody><tr><td rowspan="2">1</td></tr></tbody></table>`,
		`<a href="https://example.com/a?b=c">ext</a>`:       `<a rel="noopener" href="https://example.com/a?b=c">ext</a>`,
		`<a href="mailto:hello@atelier.test">write</a>`:     `<a rel="noopener" href="mailto:hello@atelier.test">write</a>`,
		`<h2 id="Bad Id" class="big">T</h2>`:                `<h2>T</h2>`,
		`<a href="https://x.example" rel="opener">x</a>`:    `<a rel="noopener" href="https://x.example">x</a>`,
		`<a href="https://x.example" target="_blank">x</a>`: `<a rel="noopener" href="https://x.example">x</a>`,
	}
	for in, want := range tests {
		require.Equal(t, want, content.Sanitize(in), in)
	}
}

// dangerous finds what must never survive sanitising: a script or styling element, an event
// attribute, a style attribute, an embedding or form element, or a script or data URL.
var dangerous = regexp.MustCompile(`(?i)<\s*(script|style|iframe|frame|object|embed|svg|math|img|form|input|button|meta|base|link)\b` +
	`|\son[a-z]+\s*=|\sstyle\s*=|javascript:|vbscript:|data:`)

// Every payload comes out inert: exactly the text (or harmless markup) wanted, and nothing
// dangerous matches.
func TestSanitizeXSSPayloads(t *testing.T) {
	t.Parallel()
	payloads := map[string]struct{ in, want string }{
		"script tag":                 {`<script>alert(1)</script><p>ok</p>`, `<p>ok</p>`},
		"script in upper case":       {`<SCRIPT SRC=https://evil.example/x.js></SCRIPT>ok`, `ok`},
		"split script tag":           {`<scr<script>ipt>alert(1)</scr</script>ipt>`, `ipt&gt;alert(1)ipt&gt;`},
		"img onerror":                {`<img src=x onerror=alert(1)>`, ``},
		"svg onload":                 {`<svg onload=alert(1)><circle r="1"/></svg>`, ``},
		"script inside svg":          {`<svg><script>alert(1)</script></svg>`, ``},
		"iframe":                     {`<iframe src="https://evil.example"></iframe>`, ``},
		"iframe srcdoc":              {`<iframe srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;"></iframe>`, ``},
		"style element":              {`<style>body{display:none}</style><p>ok</p>`, `<p>ok</p>`},
		"style attribute with a url": {`<p style="background:url(javascript:alert(1))">s</p>`, `<p>s</p>`},
		"javascript link":            {`<a href="javascript:alert(1)">x</a>`, `x`},
		"javascript link, mixed case and a space": {`<a href=" JaVaScRiPt:alert(1)">x</a>`, `x`},
		"javascript link with a tab entity":       {`<a href="jav&#x09;ascript:alert(1)">x</a>`, `x`},
		"javascript link with a newline entity":   {`<a href="jav&#x0A;ascript:alert(1)">x</a>`, `x`},
		"javascript link, entity-encoded":         {`<a href="&#106;avascript:alert(1)">x</a>`, `x`},
		"vbscript link":                           {`<a href="vbscript:msgbox(1)">x</a>`, `x`},
		"data url link":                           {`<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>`, `x`},
		"data url image":                          {`<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">`, ``},
		"link with onclick":                       {`<a href=x onclick="alert(1)">x</a>`, `<a rel="noopener" href="x">x</a>`},
		"div onmouseover":                         {`<div onmouseover="alert(1)">hover</div>`, `hover`},
		"form":                                    {`<form action="https://evil.example"><input name=x><button>Go</button></form>`, `Go`},
		"object and embed":                        {`<object data="x.swf"></object><embed src="x.swf">`, ``},
		"meta refresh":                            {`<meta http-equiv="refresh" content="0;url=javascript:alert(1)">`, ``},
		"base href":                               {`<base href="javascript:alert(1)//">`, ``},
		"external stylesheet":                     {`<link rel=stylesheet href="https://evil.example/x.css">`, ``},
		"blockquote cite":                         {`<blockquote cite="javascript:alert(1)">q</blockquote>`, `<blockquote>q</blockquote>`},
		"script in a comment":                     {`<p>a<!-- <script>alert(1)</script> -->b</p>`, `<p>ab</p>`},
		"a link's text or href naming a link": {`<p>&lt;a href=x&gt;</p><a href="/search?q=<a b">x</a>`,
			`<p>&lt;a href=x&gt;</p>x`},
		"mXSS through math": {`<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>`, `<table>`},
	}
	for name, tt := range payloads {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			got := content.Sanitize(tt.in)
			require.Equal(t, tt.want, got)
			require.NotRegexp(t, dangerous, got)
			require.Equal(t, got, content.Sanitize(got), "sanitising is stable")
		})
	}
}

// fixture is a content service and the suffix of one subtest's slugs, so that subtests share a
// database without meeting.
type fixture struct {
	pages  *content.Service
	suffix string
}

var (
	editor = revision.Actor{AccountID: "7b0c9d1e-2f3a-4b5c-8d6e-0f1a2b3c4d5e", Name: "Ava Sinclair", Email: "ava@atelier.test"}
	second = revision.Actor{AccountID: "1c2d3e4f-5a6b-4c7d-8e9f-a0b1c2d3e4f5", Name: "Ben Okafor", Email: "ben@atelier.test"}
)

// newFixture uses the shared service, or a database of its own when shared is nil.
func newFixture(t *testing.T, shared *content.Service) *fixture {
	t.Helper()
	if shared == nil {
		shared = content.NewService(dbtest.Pool(t))
	}
	return &fixture{pages: shared, suffix: "-" + strings.ReplaceAll(uuid.NewString(), "-", "")[:8]}
}

func (f *fixture) slug(s string) string { return s + f.suffix }

func (f *fixture) create(t *testing.T, slug, title, html string) content.Page {
	t.Helper()
	p, err := f.pages.Create(context.Background(), editor, f.slug(slug), title, html)
	require.NoError(t, err)
	return p
}

// state is what a refused change must leave as it was: the page (or its absence) and its history.
func (f *fixture) state(t *testing.T, slug string) (content.Page, []content.Revision) {
	t.Helper()
	p, err := f.pages.Get(context.Background(), slug)
	if ae := apperr.As(err); ae != nil && (ae.Kind == apperr.KindNotFound || ae.Reason == "invalid_slug") {
		return content.Page{}, nil // no such page, or none can have this slug
	}
	require.NoError(t, err)
	page, err := f.pages.Revisions(context.Background(), slug, revision.MaxPageSize, "")
	require.NoError(t, err)
	return p, page.Revisions
}

func requireRecent(t *testing.T, before time.Time, at time.Time) {
	t.Helper()
	require.False(t, at.Before(before.Add(-time.Second)), "set by the server: %v", at)
	require.False(t, at.After(time.Now().Add(time.Second)), "set by the server: %v", at)
}

func TestCreate(t *testing.T) {
	t.Parallel()
	shared := content.NewService(dbtest.Pool(t))
	tests := map[string]struct {
		slug, title, html string
		rawSlug           bool // the slug as given, without the test's suffix
		wantTitle         string
		wantHTML          string
		err               *apperrtest.Want
	}{
		"a page": {slug: "shipping", title: "  Shipping  ", html: `<h2>Rates</h2><script>alert(1)</script>`,
			wantTitle: "Shipping", wantHTML: `<h2>Rates</h2>`},
		"an empty page": {slug: "soon", title: "Coming soon", wantTitle: "Coming soon"},
		"a slug taken": {slug: "taken", title: "Again", err: &apperrtest.Want{Kind: apperr.KindInvalid, Reason: "slug_taken",
			Message: "there is already a page at \"taken-SUFFIX\""}},
		"capitals in the slug": {slug: "Shipping-Policy", rawSlug: true, title: "T",
			err: &apperrtest.Want{Kind: apperr.KindInvalid, Reason: "invalid_slug"}},
		"spaces in the slug":   {slug: "shipping policy", rawSlug: true, title: "T", err: &apperrtest.Want{Kind: apperr.KindInvalid, Reason: "invalid_slug"}},
		"a trailing hyphen":    {slug: "shipping-", rawSlug: true, title: "T", err: &apperrtest.Want{Kind: apperr.KindInvalid, Reason: "invalid_slug"}},
		"a doubled hyphen":     {slug: "shipping--policy", rawSlug: true, title: "T", err: &apperrtest.Want{Kind: apperr.KindInvalid, Reason: "invalid_slug"}},
		"an empty slug":        {slug: "", rawSlug: true, title: "T", err: &apperrtest.Want{Kind: apperr.KindInvalid, Reason: "invalid_slug"}},
		"a slug too long":      {slug: strings.Repeat("a", content.MaxSlugLen+1), rawSlug: true, title: "T", err: &apperrtest.Want{Kind: apperr.KindInvalid, Reason: "invalid_slug"}},
		"a blank title":        {slug: "blank", title: " \t ", err: &apperrtest.Want{Kind: apperr.KindInvalid, Reason: "missing_title"}},
		"a title too long":     {slug: "long", title: strings.Repeat("é", content.MaxTitleLen+1), err: &apperrtest.Want{Kind: apperr.KindInvalid, Reason: "title_too_long"}},
		"a title at the limit": {slug: "limit", title: strings.Repeat("é", content.MaxTitleLen), wantTitle: strings.Repeat("é", content.MaxTitleLen)},
		"html too long": {slug: "huge", title: "Huge", html: strings.Repeat("x", content.MaxHTMLLen+1),
			err: &apperrtest.Want{Kind: apperr.KindInvalid, Reason: "html_too_long"}},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			f := newFixture(t, shared)
			f.create(t, "taken", "Taken", "<p>first</p>")
			slug := tt.slug
			if !tt.rawSlug {
				slug = f.slug(slug)
			}
			before, history := f.state(t, slug)
			start := time.Now()
			got, err := f.pages.Create(context.Background(), editor, slug, tt.title, tt.html)
			if tt.err != nil {
				want := *tt.err
				want.Message = strings.ReplaceAll(want.Message, "-SUFFIX", f.suffix)
				apperrtest.Require(t, err, want)
				after, afterHistory := f.state(t, slug)
				require.Equal(t, before, after, "a refused create changes nothing")
				require.Equal(t, history, afterHistory)
				return
			}
			require.NoError(t, err)
			require.Equal(t, slug, got.Slug)
			require.Equal(t, tt.wantTitle, got.Title)
			require.Equal(t, tt.wantHTML, got.HTML)
			require.Equal(t, int64(1), got.Revision)
			require.Equal(t, editor, got.UpdatedBy)
			require.False(t, got.BuiltIn())
			requireRecent(t, start, got.UpdatedAt)
			stored, history := f.state(t, slug)
			require.Equal(t, got, stored, "the answer is what was stored")
			require.Len(t, history, 1)
			require.Equal(t, revision.Created, history[0].Action)
			require.Equal(t, editor, history[0].Actor)
		})
	}
}

func TestUpdate(t *testing.T) {
	t.Parallel()
	shared := content.NewService(dbtest.Pool(t))
	type edit = content.Input
	tests := map[string]struct {
		earlier  []edit // saved by the editor first
		slug     string // "" for the page's
		expected int64  // 0 asks for the page's revision
		noRev    bool   // send no expected revision
		in       edit
		want     content.Snapshot
		wantRev  int64
		wantBy   revision.Actor
		err      *apperrtest.Want
	}{
		"the title": {in: edit{Title: new("Delivery times")},
			want: content.Snapshot{Title: "Delivery times", HTML: "<p>v1</p>"}, wantRev: 2, wantBy: second},
		"the html, sanitised": {in: edit{HTML: new(`<p onclick="x()">v2</p><script>y()</script>`)},
			want: content.Snapshot{Title: "Delivery", HTML: "<p>v2</p>"}, wantRev: 2, wantBy: second},
		"both": {in: edit{Title: new(" Both "), HTML: new("<h2>B</h2>")},
			want: content.Snapshot{Title: "Both", HTML: "<h2>B</h2>"}, wantRev: 2, wantBy: second},
		"after earlier edits": {earlier: []edit{{Title: new("One")}, {Title: new("Two")}}, in: edit{HTML: new("<p>v4</p>")},
			want: content.Snapshot{Title: "Two", HTML: "<p>v4</p>"}, wantRev: 4, wantBy: second},
		"nothing set saves nothing": {in: edit{},
			want: content.Snapshot{Title: "Delivery", HTML: "<p>v1</p>"}, wantRev: 1, wantBy: editor},
		"the same content once sanitised saves nothing": {in: edit{Title: new(" Delivery"), HTML: new("<p>v1</p><script>x()</script>")},
			want: content.Snapshot{Title: "Delivery", HTML: "<p>v1</p>"}, wantRev: 1, wantBy: editor},
		"a stale revision": {earlier: []edit{{Title: new("Theirs")}}, expected: 1, in: edit{Title: new("Mine")},
			err: &apperrtest.Want{Kind: apperr.KindConflict, Reason: "stale_revision"}},
		"a revision from the future": {expected: 5, in: edit{Title: new("Mine")},
			err: &apperrtest.Want{Kind: apperr.KindConflict, Reason: "stale_revision"}},
		"no revision": {noRev: true, in: edit{Title: new("Mine")},
			err: &apperrtest.Want{Kind: apperr.KindInvalid, Reason: "revision_required"}},
		"an unknown page": {slug: "no-such-page", expected: 1, in: edit{Title: new("Mine")},
			err: &apperrtest.Want{Kind: apperr.KindNotFound, Reason: "page_not_found"}},
		"an invalid slug": {slug: "No Such Page", expected: 1, in: edit{Title: new("Mine")},
			err: &apperrtest.Want{Kind: apperr.KindInvalid, Reason: "invalid_slug"}},
		"a blank title": {in: edit{Title: new("   ")},
			err: &apperrtest.Want{Kind: apperr.KindInvalid, Reason: "missing_title"}},
		"a title too long": {in: edit{Title: new(strings.Repeat("a", content.MaxTitleLen+1))},
			err: &apperrtest.Want{Kind: apperr.KindInvalid, Reason: "title_too_long"}},
		"html too long": {in: edit{HTML: new(strings.Repeat("a", content.MaxHTMLLen+1))},
			err: &apperrtest.Want{Kind: apperr.KindInvalid, Reason: "html_too_long"}},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			f := newFixture(t, shared)
			ctx := context.Background()
			p := f.create(t, "delivery", "Delivery", "<p>v1</p>")
			for _, e := range tt.earlier {
				var err error
				p, err = f.pages.Update(ctx, editor, p.Slug, p.Revision, e)
				require.NoError(t, err)
			}
			slug, expected := p.Slug, tt.expected
			if tt.slug != "" {
				slug = tt.slug
			}
			if expected == 0 && !tt.noRev {
				expected = p.Revision
			}
			before, history := f.state(t, p.Slug)
			start := time.Now()
			got, err := f.pages.Update(ctx, second, slug, expected, tt.in)
			if tt.err != nil {
				apperrtest.Require(t, err, *tt.err)
				after, afterHistory := f.state(t, p.Slug)
				require.Equal(t, before, after, "a refused change changes nothing")
				require.Equal(t, history, afterHistory)
				return
			}
			require.NoError(t, err)
			require.Equal(t, tt.want, content.Snapshot{Title: got.Title, HTML: got.HTML})
			require.Equal(t, tt.wantRev, got.Revision)
			require.Equal(t, tt.wantBy, got.UpdatedBy)
			stored, history := f.state(t, p.Slug)
			require.Equal(t, got, stored, "the answer is what was stored")
			require.Len(t, history, int(tt.wantRev), "one revision per saved change")
			if tt.wantRev > before.Revision {
				requireRecent(t, start, got.UpdatedAt)
				require.Equal(t, revision.Updated, history[0].Action)
				require.Equal(t, second, history[0].Actor)
			} else {
				require.Equal(t, before, stored)
			}
		})
	}
}

// Two admins open the same revision and save at the same moment: one save wins, the other is
// refused with a message naming who saved and when, and the loser's text is nowhere.
func TestConcurrentEditorsOneWins(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	p := f.create(t, "care", "Care", "<p>v1</p>")
	editors := []revision.Actor{editor, second}
	var saved [2]content.Page
	errs := apperrtest.Concurrently(2, func(i int) error {
		var err error
		saved[i], err = f.pages.Update(context.Background(), editors[i], p.Slug, 1,
			content.Input{HTML: new("<p>by " + editors[i].Name + "</p>")})
		return err
	})
	winner := revisiontest.Winner(t, "page", errs, editors, func(i int) time.Time { return saved[i].UpdatedAt })
	name := editors[winner].Name
	now, history := f.state(t, p.Slug)
	require.Equal(t, "<p>by "+name+"</p>", now.HTML)
	require.Len(t, history, 2)
}

// History: a diff against the predecessor or the current page, a restore as a new revision, and
// the restore undone by restoring the revision before it.
func TestHistoryDiffAndRestore(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	ctx := context.Background()
	p := f.create(t, "returns", "Returns", "<p>28 days</p>")
	p, err := f.pages.Update(ctx, editor, p.Slug, 1, content.Input{Title: new("Returns policy")})
	require.NoError(t, err)
	p, err = f.pages.Update(ctx, second, p.Slug, 2, content.Input{HTML: new("<p>30 days</p>")})
	require.NoError(t, err)
	require.Equal(t, int64(3), p.Revision)

	d, err := f.pages.DiffRevision(ctx, p.Slug, 1, false)
	require.NoError(t, err)
	require.Equal(t, content.Diff{BaseRevision: 0, Changes: []revision.Change{
		{Field: "title", After: "Returns"}, {Field: "html", After: "<p>28 days</p>"}}}, d, "the creation changes every field")
	d, err = f.pages.DiffRevision(ctx, p.Slug, 3, false)
	require.NoError(t, err)
	require.Equal(t, content.Diff{BaseRevision: 2, Changes: []revision.Change{
		{Field: "html", Before: "<p>28 days</p>", After: "<p>30 days</p>"}}}, d)
	d, err = f.pages.DiffRevision(ctx, p.Slug, 1, true)
	require.NoError(t, err)
	require.Equal(t, content.Diff{BaseRevision: 3, Changes: []revision.Change{
		{Field: "title", Before: "Returns policy", After: "Returns"},
		{Field: "html", Before: "<p>30 days</p>", After: "<p>28 days</p>"}}}, d, "what restoring 1 would change")

	r, _, err := f.pages.GetRevision(ctx, p.Slug, 2)
	require.NoError(t, err)
	require.Equal(t, content.Snapshot{Title: "Returns policy", HTML: "<p>28 days</p>"}, r.Snapshot)
	require.Equal(t, editor, r.Actor)

	restored, err := f.pages.Restore(ctx, second, p.Slug, 1, 3)
	require.NoError(t, err)
	require.Equal(t, int64(4), restored.Revision)
	require.Equal(t, "Returns", restored.Title)
	require.Equal(t, "<p>28 days</p>", restored.HTML)
	require.Equal(t, second, restored.UpdatedBy)

	undone, err := f.pages.Restore(ctx, editor, p.Slug, 3, 4)
	require.NoError(t, err)
	require.Equal(t, content.Snapshot{Title: "Returns policy", HTML: "<p>30 days</p>"}, content.Snapshot{Title: undone.Title, HTML: undone.HTML})
	require.Equal(t, int64(5), undone.Revision)

	// Newest first, in pages of two.
	first, err := f.pages.Revisions(ctx, p.Slug, 2, "")
	require.NoError(t, err)
	require.Equal(t, []int64{5, 4}, revisionNumbers(first.Revisions))
	require.Equal(t, revision.Restored, first.Revisions[0].Action)
	require.Equal(t, int64(3), first.Revisions[0].RestoredFrom)
	require.Equal(t, int64(1), first.Revisions[1].RestoredFrom)
	rest, err := f.pages.Revisions(ctx, p.Slug, 2, first.NextPageToken)
	require.NoError(t, err)
	last, err := f.pages.Revisions(ctx, p.Slug, 2, rest.NextPageToken)
	require.NoError(t, err)
	require.Equal(t, []int64{3, 2}, revisionNumbers(rest.Revisions))
	require.Equal(t, []int64{1}, revisionNumbers(last.Revisions))
	require.Empty(t, last.NextPageToken)

	// Restoring what the page already says saves nothing.
	same, err := f.pages.Restore(ctx, editor, p.Slug, 3, 5)
	require.NoError(t, err)
	require.Equal(t, int64(5), same.Revision)

	// Refusals change nothing.
	before, history := f.state(t, p.Slug)
	for name, tt := range map[string]struct {
		call func() error
		want apperrtest.Want
	}{
		"restore a stale revision": {func() error { _, err := f.pages.Restore(ctx, editor, p.Slug, 1, 4); return err },
			apperrtest.Want{Kind: apperr.KindConflict, Reason: "stale_revision"}},
		"restore an unknown revision": {func() error { _, err := f.pages.Restore(ctx, editor, p.Slug, 9, 5); return err },
			apperrtest.Want{Kind: apperr.KindNotFound, Reason: "revision_not_found", Message: "this page has no revision 9"}},
		"restore with no revision": {func() error { _, err := f.pages.Restore(ctx, editor, p.Slug, 1, 0); return err },
			apperrtest.Want{Kind: apperr.KindInvalid, Reason: "revision_required"}},
		"get an unknown revision": {func() error { _, _, err := f.pages.GetRevision(ctx, p.Slug, 9); return err },
			apperrtest.Want{Kind: apperr.KindNotFound, Reason: "revision_not_found"}},
		"diff an unknown revision": {func() error { _, err := f.pages.DiffRevision(ctx, p.Slug, 9, false); return err },
			apperrtest.Want{Kind: apperr.KindNotFound, Reason: "revision_not_found"}},
		"history of an unknown page": {func() error { _, err := f.pages.Revisions(ctx, "nope"+f.suffix, 0, ""); return err },
			apperrtest.Want{Kind: apperr.KindNotFound, Reason: "page_not_found"}},
		"a page size too large": {func() error { _, err := f.pages.Revisions(ctx, p.Slug, revision.MaxPageSize+1, ""); return err },
			apperrtest.Want{Kind: apperr.KindInvalid, Reason: "invalid_page_size"}},
		"a made-up page token": {func() error { _, err := f.pages.Revisions(ctx, p.Slug, 0, "abc"); return err },
			apperrtest.Want{Kind: apperr.KindInvalid, Reason: "invalid_page_token"}},
	} {
		apperrtest.Require(t, tt.call(), tt.want)
		after, afterHistory := f.state(t, p.Slug)
		require.Equal(t, before, after, name)
		require.Equal(t, history, afterHistory, name)
	}
}

func revisionNumbers(revs []content.Revision) []int64 {
	out := make([]int64, len(revs))
	for i, r := range revs {
		out[i] = r.Revision
	}
	return out
}

// The built-in pages can be edited, never deleted; an added page can, and its slug is free again.
func TestDelete(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	ctx := context.Background()
	for _, slug := range []string{"privacy", "terms", "faq"} {
		require.NoError(t, f.pages.Save(ctx, content.Page{Slug: slug, Title: slug, HTML: "<p>" + slug + "</p>"}))
		before, _ := f.state(t, slug)
		require.True(t, before.BuiltIn())
		apperrtest.Require(t, f.pages.Delete(ctx, editor, slug, before.Revision), apperrtest.Want{
			Kind: apperr.KindFailedPrecondition, Reason: "built_in_page"})
		after, _ := f.state(t, slug)
		require.Equal(t, before.Title, after.Title, "a refused delete changes nothing")
		require.Equal(t, before.Revision, after.Revision)
	}

	p := f.create(t, "sale", "Sale", "<p>50% off</p>")
	p, err := f.pages.Update(ctx, editor, p.Slug, 1, content.Input{Title: new("Summer sale")})
	require.NoError(t, err)
	apperrtest.Require(t, f.pages.Delete(ctx, second, p.Slug, 1), apperrtest.Want{Kind: apperr.KindConflict, Reason: "stale_revision"})
	apperrtest.Require(t, f.pages.Delete(ctx, second, p.Slug, 0), apperrtest.Want{Kind: apperr.KindInvalid, Reason: "revision_required"})
	still, _ := f.state(t, p.Slug)
	require.Equal(t, p, still)

	require.NoError(t, f.pages.Delete(ctx, second, p.Slug, 2))
	_, err = f.pages.Get(ctx, p.Slug)
	apperrtest.Require(t, err, apperrtest.Want{Kind: apperr.KindNotFound, Reason: "page_not_found"})
	apperrtest.Require(t, f.pages.Delete(ctx, second, p.Slug, 2), apperrtest.Want{Kind: apperr.KindNotFound, Reason: "page_not_found"})
	again := f.create(t, "sale", "Sale again", "")
	require.Equal(t, int64(1), again.Revision, "the slug is free again, with a history of its own")
	_, history := f.state(t, again.Slug)
	require.Len(t, history, 1)

	all, err := f.pages.List(ctx)
	require.NoError(t, err)
	slugs := make([]string, len(all))
	for i, p := range all {
		slugs[i] = p.Slug
	}
	require.Equal(t, []string{"faq", "privacy", "terms", again.Slug}, slugs, "built-in pages first")
}

// A page last saved outside the admin API (the seed) gets the revision it lacks, signed by the
// system, when an admin first changes it; the audit trail records every admin action.
func TestSeededPageHistoryAndAudit(t *testing.T) {
	t.Parallel()
	pool := dbtest.Pool(t)
	pages := content.NewService(pool)
	ctx := context.Background()
	seeded := time.Date(2025, 5, 12, 12, 0, 0, 0, time.UTC)
	require.NoError(t, pages.Save(ctx, content.Page{Slug: "terms", Title: "Terms", HTML: "<p>v1</p>", UpdatedAt: seeded}))
	require.NoError(t, pages.Save(ctx, content.Page{Slug: "terms", Title: "Terms", HTML: "<p>v2</p>", UpdatedAt: seeded}))
	p, err := pages.Get(ctx, "terms")
	require.NoError(t, err)
	require.Equal(t, int64(2), p.Revision)
	require.Equal(t, revision.SystemName, p.UpdatedBy.DisplayName())

	_, err = pages.Update(ctx, editor, "terms", 2, content.Input{HTML: new("<p>v3</p>")})
	require.NoError(t, err)
	page, err := pages.Revisions(ctx, "terms", 0, "")
	require.NoError(t, err)
	require.Equal(t, []int64{3, 2}, revisionNumbers(page.Revisions))
	require.Equal(t, revision.Actor{}, page.Revisions[1].Actor, "the seed's revision is the system's")
	require.True(t, page.Revisions[1].CreatedAt.Equal(seeded))
	require.Equal(t, "<p>v2</p>", page.Revisions[1].Snapshot.HTML)

	_, err = pages.Create(ctx, editor, "gift-cards", "Gift cards", "")
	require.NoError(t, err)
	require.NoError(t, pages.Delete(ctx, second, "gift-cards", 1))
	rows, err := pool.Query(ctx, `SELECT action, actor_name, COALESCE(revision, 0), detail->>'slug', COALESCE(detail->>'changed', '')
		FROM audit_events WHERE subject_type = 'page' ORDER BY occurred_at, action`)
	require.NoError(t, err)
	var events []string
	for rows.Next() {
		var action, actor, slug, changed string
		var rev int64
		require.NoError(t, rows.Scan(&action, &actor, &rev, &slug, &changed))
		events = append(events, strings.Join([]string{action, actor, slug, strconv.FormatInt(rev, 10), changed}, " "))
	}
	require.NoError(t, rows.Err())
	require.Equal(t, []string{
		`page.updated Ava Sinclair terms 3 ["html"]`,
		`page.created Ava Sinclair gift-cards 1 `,
		`page.deleted Ben Okafor gift-cards 1 `,
	}, events)
}

func TestSaveAndGet(t *testing.T) {
	t.Parallel()
	svc := content.NewService(dbtest.Pool(t))
	ctx := context.Background()
	updated := time.Date(2025, 5, 12, 12, 0, 0, 0, time.UTC)
	require.NoError(t, svc.Save(ctx, content.Page{Slug: "privacy", Title: " Privacy Policy ", HTML: `<h2>Data</h2><script>x()</script>`, UpdatedAt: updated}))
	p, err := svc.Get(ctx, "privacy")
	require.NoError(t, err)
	require.Equal(t, "Privacy Policy", p.Title)
	require.Equal(t, "<h2>Data</h2>", p.HTML, "sanitised when saved")
	require.True(t, p.UpdatedAt.Equal(updated))

	// Saving again replaces the page.
	require.NoError(t, svc.Save(ctx, content.Page{Slug: "privacy", Title: "Privacy", HTML: "<p>v2</p>"}))
	p, err = svc.Get(ctx, "privacy")
	require.NoError(t, err)
	require.Equal(t, "<p>v2</p>", p.HTML)

	_, err = svc.Get(ctx, "missing")
	require.Equal(t, apperr.KindNotFound, apperr.As(err).Kind)
	_, err = svc.Get(ctx, "Not A Slug")
	require.Equal(t, apperr.KindInvalid, apperr.As(err).Kind)
	require.Equal(t, apperr.KindInvalid, apperr.As(svc.Save(ctx, content.Page{Slug: "x", Title: "  "})).Kind)
	require.Equal(t, apperr.KindInvalid, apperr.As(svc.Save(ctx, content.Page{Slug: "-x", Title: "X"})).Kind)
}
