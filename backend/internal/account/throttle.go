package account

import (
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/throttle"
)

// Limit is how many attempts of one kind a key may make within a sliding window: the shop's one
// throttling rule (package throttle).
type Limit = throttle.Limit

// Limits are the throttling rules. Sign-in failures are limited per e-mail address (not per
// account, so an unknown address is throttled exactly like a registered one and the answer
// reveals nothing) and per client IP (a guesser spreading over many addresses); reset requests
// likewise, since each one sends an e-mail. Registrations are limited per client IP.
type Limits struct {
	LoginPerEmail Limit
	LoginPerIP    Limit
	ResetPerEmail Limit
	ResetPerIP    Limit
	RegisterPerIP Limit
}

// DefaultLimits: 5 failed sign-ins per address and 20 per IP in 15 minutes stop online guessing
// while a shopper who mistypes a few times, or a household behind one address, is not locked
// out for long; 3 reset e-mails per address and 10 per IP an hour are more than anyone needs;
// 10 registrations per IP an hour let a shop counter or a family sign up, not a script.
var DefaultLimits = Limits{
	LoginPerEmail: Limit{Max: 5, Window: 15 * time.Minute},
	LoginPerIP:    Limit{Max: 20, Window: 15 * time.Minute},
	ResetPerEmail: Limit{Max: 3, Window: time.Hour},
	ResetPerIP:    Limit{Max: 10, Window: time.Hour},
	RegisterPerIP: Limit{Max: 10, Window: time.Hour},
}

// The kinds of counted attempts.
const (
	kindLoginEmail = "login_email"
	kindLoginIP    = "login_ip"
	kindResetEmail = "reset_email"
	kindResetIP    = "reset_ip"
	kindRegisterIP = "register_ip"
)

// ipBucket is a limit applied to a client address, keyed as every throttle keys one.
func ipBucket(kind, clientIP string, limit Limit) throttle.Bucket {
	return throttle.PerClient(kind, clientIP, limit)
}
