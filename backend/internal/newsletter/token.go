package newsletter

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"

	"github.com/google/uuid"
)

// Confirmation tokens are single-use secrets: 128 random bits (crypto/rand's Text, 26 base32
// characters), stored only as their SHA-256. A plain hash is enough for random tokens: there is
// nothing to guess that a slow hash would protect.
const confirmTokenLen = 26

func newConfirmToken() (token string, hash []byte) {
	token = rand.Text()
	return token, hashToken(token)
}

func hashToken(token string) []byte {
	sum := sha256.Sum256([]byte(token))
	return sum[:]
}

// wellFormedConfirmToken keeps obviously made-up tokens from costing a query.
func wellFormedConfirmToken(token string) bool {
	if len(token) != confirmTokenLen {
		return false
	}
	for _, r := range token {
		if (r < 'A' || r > 'Z') && (r < '2' || r > '7') {
			return false
		}
	}
	return true
}

// Unsubscribe tokens must outlive any one e-mail — every newsletter, however old, must still
// unsubscribe — so they are not stored but signed: the subscription's id and an HMAC of it,
// base64url. They cannot be forged or moved to another subscription, and a subscription made
// again after unsubscribing has a new id, so an old e-mail's link cannot end it.
func unsubscribeToken(key []byte, id string) string {
	u := uuid.MustParse(id)
	return base64.RawURLEncoding.EncodeToString(append(u[:], unsubscribeMAC(key, u)...))
}

func unsubscribeMAC(key []byte, id uuid.UUID) []byte {
	m := hmac.New(sha256.New, key)
	m.Write([]byte("newsletter-unsubscribe:"))
	m.Write(id[:])
	return m.Sum(nil)
}

// verifyUnsubscribeToken returns the subscription id a token was signed for.
func verifyUnsubscribeToken(key []byte, token string) (string, bool) {
	raw, err := base64.RawURLEncoding.DecodeString(token)
	if err != nil || len(raw) != 16+sha256.Size {
		return "", false
	}
	id, err := uuid.FromBytes(raw[:16])
	if err != nil || !hmac.Equal(raw[16:], unsubscribeMAC(key, id)) {
		return "", false
	}
	return id.String(), true
}
