package app

import (
	"bytes"
	"log/slog"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// A first seed says how far its drawing has got: the first image, then every tenth of the way,
// then the last; a handful of images are each reported.
func TestDrawingProgress(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name  string
		total int
		want  []string
	}{
		{"many images", 120, []string{"1/120", "12/120", "24/120", "36/120", "48/120", "60/120", "72/120", "84/120",
			"96/120", "108/120", "120/120"}},
		{"a few images", 3, []string{"1/3", "2/3", "3/3"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			var buf bytes.Buffer
			logger := slog.New(slog.NewTextHandler(&buf, &slog.HandlerOptions{
				ReplaceAttr: func(_ []string, a slog.Attr) slog.Attr {
					if a.Key == slog.TimeKey {
						return slog.Attr{}
					}
					return a
				},
			}))
			report := drawingProgress(logger)
			for drawn := 1; drawn <= tc.total; drawn++ {
				report(drawn, tc.total)
			}
			want := make([]string, len(tc.want))
			for i, p := range tc.want {
				want[i] = `level=INFO msg="drawing product images" progress=` + p
			}
			require.Equal(t, want, strings.Split(strings.TrimSpace(buf.String()), "\n"))
		})
	}
}
