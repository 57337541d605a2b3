package api

import (
	"net/http"
	"testing"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/apperr/apperrtest"
	"github.com/stretchr/testify/require"
)

func TestIfMatchRevision(t *testing.T) {
	t.Parallel()
	for name, tt := range map[string]struct {
		values []string
		want   int64
		ok     bool
	}{
		"absent":        {ok: true},
		"one revision":  {values: []string{`"7"`}, want: 7, ok: true},
		"spaces around": {values: []string{` "12" `}, want: 12, ok: true},
		"unquoted":      {values: []string{`7`}},
		"weak":          {values: []string{`W/"7"`}},
		"any":           {values: []string{`*`}},
		"a list":        {values: []string{`"7", "8"`}},
		"two headers":   {values: []string{`"7"`, `"8"`}},
		"zero":          {values: []string{`"0"`}},
		"negative":      {values: []string{`"-1"`}},
		"not a number":  {values: []string{`"abc"`}},
		"empty":         {values: []string{`""`}},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			h := http.Header{}
			for _, v := range tt.values {
				h.Add("If-Match", v)
			}
			got, err := IfMatchRevision(h)
			if !tt.ok {
				apperrtest.RequireKind(t, err, apperr.KindInvalid, "malformed_if_match")
				return
			}
			require.NoError(t, err)
			require.Equal(t, tt.want, got)
		})
	}
}
