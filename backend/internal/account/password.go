package account

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"golang.org/x/crypto/argon2"
)

// HashParams are argon2id's cost parameters.
type HashParams struct {
	Memory  uint32 // KiB
	Time    uint32 // passes over the memory
	Threads uint8  // lanes
}

// DefaultHashParams are the production costs: 64 MiB, 2 passes, 2 lanes. They are above OWASP's
// argon2id floor (19 MiB, t=2, p=1) and in line with RFC 9106's memory-constrained choice, while a
// hash still takes tens of milliseconds on the two-core servers Atelier targets: p=2 uses both
// cores for one hash, and the service bounds how many hashes run at once so a burst of sign-ins
// cannot take more than a few times 64 MiB. Raising them later is safe: every stored hash carries
// its own parameters and is upgraded at the next successful sign-in.
var DefaultHashParams = HashParams{Memory: 64 * 1024, Time: 2, Threads: 2}

const (
	saltLen = 16
	keyLen  = 32
	// Bounds on parameters read back from a stored hash, so a corrupt row cannot make one
	// verification allocate gigabytes or spin for minutes.
	maxMemory = 1 << 20 // KiB = 1 GiB
	maxTime   = 16
)

var b64 = base64.RawStdEncoding // PHC strings use unpadded standard base64

// hashPassword returns password's argon2id hash in PHC string format with a fresh random salt.
func hashPassword(password string, p HashParams) (string, error) {
	salt := make([]byte, saltLen)
	if _, err := rand.Read(salt); err != nil {
		return "", fmt.Errorf("account.hashPassword: salt: %w", err)
	}
	key := argon2.IDKey([]byte(password), salt, p.Time, p.Memory, p.Threads, keyLen)
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s",
		argon2.Version, p.Memory, p.Time, p.Threads, b64.EncodeToString(salt), b64.EncodeToString(key)), nil
}

// storedHash is a parsed PHC string.
type storedHash struct {
	params    HashParams
	salt, key []byte
}

var errBadHash = errors.New("account: malformed password hash")

func parseHash(encoded string) (storedHash, error) {
	// "", "argon2id", "v=19", "m=…,t=…,p=…", salt, key
	parts := strings.Split(encoded, "$")
	if len(parts) != 6 || parts[0] != "" || parts[1] != "argon2id" || parts[2] != "v="+strconv.Itoa(argon2.Version) {
		return storedHash{}, errBadHash
	}
	var h storedHash
	var seen [3]bool
	for kv := range strings.SplitSeq(parts[3], ",") {
		k, v, ok := strings.Cut(kv, "=")
		n, err := strconv.ParseUint(v, 10, 32)
		if !ok || err != nil {
			return storedHash{}, errBadHash
		}
		switch k {
		case "m":
			h.params.Memory, seen[0] = uint32(n), true
		case "t":
			h.params.Time, seen[1] = uint32(n), true
		case "p":
			if n > 255 {
				return storedHash{}, errBadHash
			}
			h.params.Threads, seen[2] = uint8(n), true
		default:
			return storedHash{}, errBadHash
		}
	}
	p := h.params
	if seen != [3]bool{true, true, true} || p.Threads == 0 || p.Time == 0 || p.Time > maxTime ||
		p.Memory < 8*uint32(p.Threads) || p.Memory > maxMemory {
		return storedHash{}, errBadHash
	}
	var err error
	if h.salt, err = b64.DecodeString(parts[4]); err != nil || len(h.salt) < 8 {
		return storedHash{}, errBadHash
	}
	if h.key, err = b64.DecodeString(parts[5]); err != nil || len(h.key) < 16 {
		return storedHash{}, errBadHash
	}
	return h, nil
}

// verifyPassword reports whether password matches encoded, recomputing the hash with the
// parameters stored in encoded and comparing in constant time.
func verifyPassword(encoded, password string) (bool, error) {
	h, err := parseHash(encoded)
	if err != nil {
		return false, err
	}
	key := argon2.IDKey([]byte(password), h.salt, h.params.Time, h.params.Memory, h.params.Threads, uint32(len(h.key)))
	return subtle.ConstantTimeCompare(key, h.key) == 1, nil
}

// needsRehash reports whether encoded was made with other parameters than p.
func needsRehash(encoded string, p HashParams) bool {
	h, err := parseHash(encoded)
	return err != nil || h.params != p || len(h.key) != keyLen
}
