package account

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha1" //nolint:gosec // RFC 6238's default, the one every authenticator app supports; HMAC-SHA1 is not broken as a MAC.
	"crypto/subtle"
	"encoding/base32"
	"encoding/binary"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// Time-based one-time passwords (RFC 6238 over RFC 4226's HOTP) with the parameters every
// authenticator app assumes: HMAC-SHA1, 6 digits, 30-second steps. A few dozen lines of standard
// library code, rather than a dependency for it.
const (
	totpDigits      = 6
	totpPeriod      = 30 // seconds
	totpSecretBytes = 20 // 160 bits, RFC 4226 §4's recommended length
	// totpDrift is how many steps either side of the server's current one are accepted: a phone's
	// clock a little off, or a code typed just as it changed, still works (RFC 6238 §5.2).
	totpDrift = 1
	// totpIssuer labels the entry in the authenticator app.
	totpIssuer = "Atelier"
)

// b32 is the secret's text form: RFC 4648 base32 without padding, as otpauth:// URIs carry it.
var b32 = base32.StdEncoding.WithPadding(base32.NoPadding)

// newTOTPSecret returns a fresh random secret.
func newTOTPSecret() ([]byte, error) {
	secret := make([]byte, totpSecretBytes)
	if _, err := rand.Read(secret); err != nil {
		return nil, fmt.Errorf("account.newTOTPSecret: totp secret: %w", err)
	}
	return secret, nil
}

// totpStep is the RFC 6238 time step T of t.
func totpStep(t time.Time) int64 { return t.Unix() / totpPeriod }

// hotp is RFC 4226's HOTP value of counter, as totpDigits decimal digits.
func hotp(secret []byte, counter int64) string {
	var msg [8]byte
	binary.BigEndian.PutUint64(msg[:], uint64(counter))
	mac := hmac.New(sha1.New, secret)
	mac.Write(msg[:])
	sum := mac.Sum(nil)
	// Dynamic truncation (RFC 4226 §5.3).
	off := sum[len(sum)-1] & 0x0f
	bin := binary.BigEndian.Uint32(sum[off:off+4]) & 0x7fffffff
	return fmt.Sprintf("%0*d", totpDigits, bin%1_000_000)
}

// totpCode is the code of secret at time t.
func totpCode(secret []byte, t time.Time) string { return hotp(secret, totpStep(t)) }

// matchTOTP returns the time step whose code is code, among the steps within totpDrift of now that
// are later than lastUsed, or ok=false. Steps at or before lastUsed are never matched: a code that
// was accepted once (or any older one) cannot be replayed (RFC 6238 §5.2). Every candidate is
// compared in constant time.
func matchTOTP(secret []byte, code string, now time.Time, lastUsed int64) (step int64, ok bool) {
	code = normalizeTOTP(code)
	if len(code) != totpDigits {
		return 0, false
	}
	cur := totpStep(now)
	for s := cur - totpDrift; s <= cur+totpDrift; s++ {
		if s <= lastUsed {
			continue
		}
		if subtle.ConstantTimeCompare([]byte(hotp(secret, s)), []byte(code)) == 1 && !ok {
			step, ok = s, true
		}
	}
	return step, ok
}

// normalizeTOTP drops the spaces apps show in the middle of a code ("123 456").
func normalizeTOTP(code string) string {
	code = strings.ReplaceAll(strings.TrimSpace(code), " ", "")
	for _, r := range code {
		if r < '0' || r > '9' {
			return ""
		}
	}
	return code
}

// otpauthURI is the Key Uri Format authenticator apps read (usually from a QR code):
// otpauth://totp/Issuer:account?secret=…&issuer=…&algorithm=SHA1&digits=6&period=30.
func otpauthURI(secret []byte, accountName string) string {
	label := url.PathEscape(totpIssuer) + ":" + url.PathEscape(accountName)
	q := url.Values{}
	q.Set("secret", b32.EncodeToString(secret))
	q.Set("issuer", totpIssuer)
	q.Set("algorithm", "SHA1")
	q.Set("digits", strconv.Itoa(totpDigits))
	q.Set("period", strconv.Itoa(totpPeriod))
	return "otpauth://totp/" + label + "?" + q.Encode()
}

// Recovery codes: 10 per account, each 80 random bits written as four groups of four base32
// characters ("abcd-efgh-ijkl-mnop"). With that much entropy a plain SHA-256 is a safe way to
// store them (as with session tokens, there is nothing guessable for a slow hash to protect),
// and it lets a code be found by its hash in one indexed query.
const (
	recoveryCodeCount = 10
	recoveryCodeBytes = 10
)

// newRecoveryCodes returns fresh codes as shown to the owner.
func newRecoveryCodes() ([]string, error) {
	codes := make([]string, recoveryCodeCount)
	for i := range codes {
		raw := make([]byte, recoveryCodeBytes)
		if _, err := rand.Read(raw); err != nil {
			return nil, fmt.Errorf("account.newRecoveryCodes: recovery code: %w", err)
		}
		s := strings.ToLower(b32.EncodeToString(raw)) // 16 characters
		codes[i] = s[0:4] + "-" + s[4:8] + "-" + s[8:12] + "-" + s[12:16]
	}
	return codes, nil
}

// normalizeRecoveryCode is the form a recovery code is hashed in: lower case, without the dashes
// and spaces people copy or type.
func normalizeRecoveryCode(code string) string {
	code = strings.ToLower(code)
	return strings.Map(func(r rune) rune {
		if r == '-' || r == ' ' || r == '\t' {
			return -1
		}
		return r
	}, code)
}

// hashRecoveryCode is the stored form of a recovery code.
func hashRecoveryCode(code string) []byte { return hashToken(normalizeRecoveryCode(code)) }
