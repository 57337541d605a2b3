package pagetoken_test

import (
	"encoding/base64"
	"strings"
	"testing"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/apperr/apperrtest"
	"github.com/atelier-commerce/atelier/backend/internal/pagetoken"
	"github.com/stretchr/testify/require"
)

type cursor struct {
	Sort string    `json:"s"`
	Keys []*string `json:"k"`
}

func TestRoundTrip(t *testing.T) {
	t.Parallel()
	in := cursor{Sort: "price", Keys: []*string{nil, new("Rose Serum")}}
	token := pagetoken.Encode(in)
	require.NotContains(t, token, "=", "URL-safe without padding")
	var out cursor
	require.NoError(t, pagetoken.Decode(token, &out))
	require.Equal(t, in, out)
}

func TestDecodeRefuses(t *testing.T) {
	t.Parallel()
	b64 := func(s string) string { return base64.RawURLEncoding.EncodeToString([]byte(s)) }
	for name, token := range map[string]string{
		"not base64":     "not a token",
		"padded":         base64.URLEncoding.EncodeToString([]byte(`{"s":"price"}`)),
		"not JSON":       b64("price"),
		"another struct": b64(`{"s":"price","page":2}`),
		"two values":     b64(`{"s":"price"} {"s":"name"}`),
		"a wrong type":   b64(`{"s":1}`),
		"too long":       b64(`{"s":"` + strings.Repeat("x", 400) + `"}`),
	} {
		var c cursor
		err := pagetoken.Decode(token, &c)
		ae := apperrtest.RequireKind(t, err, apperr.KindInvalid, "invalid_page_token")
		require.Equal(t, "page_token", ae.Field, name)
	}
}

func TestFingerprint(t *testing.T) {
	t.Parallel()
	rose := pagetoken.Fingerprint(`"rose"`, "", "100")
	require.Equal(t, rose, pagetoken.Fingerprint(`"rose"`, "", "100"), "the same query, the same fingerprint")
	require.NotEqual(t, rose, pagetoken.Fingerprint(`"rose"`, "100", ""),
		"which part a value is in matters")
	require.Len(t, pagetoken.Fingerprint(), 12)
	apperrtest.RequireKind(t, pagetoken.WithPage(), apperr.KindInvalid, "page_with_page_token")
}
