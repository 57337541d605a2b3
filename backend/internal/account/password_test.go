package account

import (
	"testing"

	"github.com/stretchr/testify/require"
)

var cheap = HashParams{Memory: 1024, Time: 1, Threads: 1}

func TestHashPassword(t *testing.T) {
	t.Parallel()
	h, err := hashPassword("correct horse", HashParams{Memory: 2048, Time: 3, Threads: 2})
	require.NoError(t, err)
	require.Regexp(t, `^\$argon2id\$v=19\$m=2048,t=3,p=2\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$`, h)

	parsed, err := parseHash(h)
	require.NoError(t, err)
	require.Equal(t, HashParams{Memory: 2048, Time: 3, Threads: 2}, parsed.params, "parameters are read from the string")

	ok, err := verifyPassword(h, "correct horse")
	require.NoError(t, err)
	require.True(t, ok)
	ok, err = verifyPassword(h, "correct horsE")
	require.NoError(t, err)
	require.False(t, ok)

	again, err := hashPassword("correct horse", HashParams{Memory: 2048, Time: 3, Threads: 2})
	require.NoError(t, err)
	require.NotEqual(t, h, again, "each hash has its own salt")

	require.False(t, needsRehash(h, HashParams{Memory: 2048, Time: 3, Threads: 2}))
	require.True(t, needsRehash(h, DefaultHashParams))
}

func TestVerifyWithOtherParameters(t *testing.T) {
	t.Parallel()
	// A hash made with other (older) parameters still verifies: they come from the string.
	old, err := hashPassword("s3cret-passphrase", cheap)
	require.NoError(t, err)
	ok, err := verifyPassword(old, "s3cret-passphrase")
	require.NoError(t, err)
	require.True(t, ok)
}

func TestParseHashRejectsMalformed(t *testing.T) {
	t.Parallel()
	good, err := hashPassword("pw", cheap)
	require.NoError(t, err)
	_, err = parseHash(good)
	require.NoError(t, err)
	for _, bad := range []string{
		"",
		"plaintext",
		"$argon2i$v=19$m=1024,t=1,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaA",
		"$argon2id$v=16$m=1024,t=1,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaA",
		"$argon2id$v=19$m=1024,t=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaA",
		"$argon2id$v=19$m=1024,t=0,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaA",
		"$argon2id$v=19$m=4,t=1,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaA",
		"$argon2id$v=19$m=99999999,t=1,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaA",
		"$argon2id$v=19$m=1024,t=1,p=1,x=2$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaA",
		"$argon2id$v=19$m=1024,t=1,p=1$!!!$aGFzaGhhc2hoYXNoaGFzaA",
		"$argon2id$v=19$m=1024,t=1,p=1$c2FsdHNhbHRzYWx0$",
	} {
		_, err := parseHash(bad)
		require.ErrorIs(t, err, errBadHash, bad)
		ok, err := verifyPassword(bad, "pw")
		require.Error(t, err, bad)
		require.False(t, ok)
	}
}

func TestTokens(t *testing.T) {
	t.Parallel()
	a, ha, err := newToken()
	require.NoError(t, err)
	b, hb, err := newToken()
	require.NoError(t, err)
	require.NotEqual(t, a, b)
	require.Len(t, a, 43, "32 bytes in unpadded base64url")
	require.Len(t, ha, 32)
	require.Equal(t, ha, hashToken(a))
	require.NotEqual(t, ha, hb)
	require.True(t, wellFormedToken(a))
	for _, bad := range []string{"", "x", a + "A", a[:42], "Bearer " + a, a[:42] + "+"} {
		require.False(t, wellFormedToken(bad), bad)
	}
}
