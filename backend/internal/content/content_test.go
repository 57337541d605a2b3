package content_test

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/content"
	"github.com/atelier-commerce/atelier/backend/internal/db/dbtest"
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
		`<a href="/contact">Contact us</a>`:                                    `<a href="/contact">Contact us</a>`,
		`<p style="color:red">styled</p>`:                                      `<p>styled</p>`,
		`<iframe src="https://evil.example"></iframe>`:                         ``,
		`<section><h3>Q</h3></section>`:                                        `<section><h3>Q</h3></section>`,
	}
	for in, want := range tests {
		require.Equal(t, want, content.Sanitize(in), in)
	}
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
