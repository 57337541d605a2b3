package account

import (
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// rfcSecret is the SHA-1 key of RFC 4226 Appendix D and RFC 6238 Appendix B.
var rfcSecret = []byte("12345678901234567890")

func TestHOTPVectors(t *testing.T) {
	t.Parallel()
	// RFC 4226 Appendix D.
	want := []string{"755224", "287082", "359152", "969429", "338314", "254676", "287922", "162583", "399871", "520489"}
	for counter, code := range want {
		require.Equal(t, code, hotp(rfcSecret, int64(counter)), "counter %d", counter)
	}
}

func TestTOTPVectors(t *testing.T) {
	t.Parallel()
	// RFC 6238 Appendix B (SHA-1 rows); the RFC's 8-digit values end in these 6 digits, since a
	// 6-digit code is the same truncated number modulo 10^6.
	for _, tc := range []struct {
		unix int64
		code string
	}{
		{59, "287082"},          // 94287082
		{1111111109, "081804"},  // 07081804
		{1111111111, "050471"},  // 14050471
		{1234567890, "005924"},  // 89005924
		{2000000000, "279037"},  // 69279037
		{20000000000, "353130"}, // 65353130
	} {
		t.Run(tc.code, func(t *testing.T) {
			t.Parallel()
			require.Equal(t, tc.code, totpCode(rfcSecret, time.Unix(tc.unix, 0)))
		})
	}
}

func TestMatchTOTP(t *testing.T) {
	t.Parallel()
	now := time.Unix(1111111111, 0) // step 37037037
	step := totpStep(now)
	at := func(d time.Duration) string { return totpCode(rfcSecret, now.Add(d)) }
	for _, tc := range []struct {
		name     string
		code     string
		lastUsed int64
		want     int64 // 0: refused
	}{
		{"current step", at(0), 0, step},
		{"with a space, as apps show it", at(0)[:3] + " " + at(0)[3:], 0, step},
		{"one step behind (slow clock)", at(-30 * time.Second), 0, step - 1},
		{"one step ahead (fast clock)", at(30 * time.Second), 0, step + 1},
		{"two steps behind", at(-60 * time.Second), 0, 0},
		{"two steps ahead", at(60 * time.Second), 0, 0},
		{"replay of the step just used", at(0), step, 0},
		{"an older step after a newer one was used", at(-30 * time.Second), step, 0},
		{"the next step after one was used", at(30 * time.Second), step, step + 1},
		{"wrong code", "000000", 0, 0},
		{"too short", at(0)[:5], 0, 0},
		{"not digits", "12a456", 0, 0},
		{"empty", "", 0, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			if tc.name == "wrong code" {
				require.NotContains(t, []string{at(-30 * time.Second), at(0), at(30 * time.Second)}, tc.code, "the fixture's wrong code is wrong")
			}
			got, ok := matchTOTP(rfcSecret, tc.code, now, tc.lastUsed)
			require.Equal(t, tc.want != 0, ok)
			require.Equal(t, tc.want, got)
		})
	}
}

func TestOTPAuthURI(t *testing.T) {
	t.Parallel()
	uri := otpauthURI(rfcSecret, "ava+admin@example.com")
	u, err := url.Parse(uri)
	require.NoError(t, err)
	require.Equal(t, "otpauth", u.Scheme)
	require.Equal(t, "totp", u.Host)
	require.Equal(t, "/Atelier:ava+admin@example.com", u.Path)
	q := u.Query()
	require.Equal(t, "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ", q.Get("secret"))
	require.Equal(t, "Atelier", q.Get("issuer"))
	require.Equal(t, "SHA1", q.Get("algorithm"))
	require.Equal(t, "6", q.Get("digits"))
	require.Equal(t, "30", q.Get("period"))
}

func TestSecretsAndRecoveryCodes(t *testing.T) {
	t.Parallel()
	a, err := newTOTPSecret()
	require.NoError(t, err)
	b, err := newTOTPSecret()
	require.NoError(t, err)
	require.Len(t, a, 20, "160 bits")
	require.NotEqual(t, a, b)
	require.Len(t, b32.EncodeToString(a), 32)

	codes, err := newRecoveryCodes()
	require.NoError(t, err)
	require.Len(t, codes, 10)
	seen := map[string]bool{}
	for _, c := range codes {
		require.Regexp(t, `^[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}$`, c)
		require.False(t, seen[c])
		seen[c] = true
		// Typed in capitals, without dashes or with spaces, it is the same code.
		require.Equal(t, hashRecoveryCode(c), hashRecoveryCode(strings.ToUpper(strings.ReplaceAll(c, "-", " "))))
	}
}
