// Package apperr classifies domain errors by kind and a stable snake_case reason, so that each
// transport maps them to its own codes in exactly one place and clients can rely on the reason.
package apperr

import (
	"errors"
	"fmt"
	"time"
)

// Kind is the class of an error, independent of any transport.
type Kind int

// The kinds, each mapped to one Connect code and HTTP status by the api package.
const (
	KindInternal Kind = iota
	KindInvalid
	KindNotFound
	KindConflict
	KindFailedPrecondition
	KindUnauthenticated
	KindPermissionDenied
	KindUnavailable
	// KindAlreadyExists is a create that names something already there (an e-mail address
	// registered twice); unlike KindConflict, retrying cannot succeed.
	KindAlreadyExists
	// KindResourceExhausted is a caller that has asked too often; Error.RetryAfter says when to
	// try again.
	KindResourceExhausted
)

// Error is a classified error with a message safe to show to the caller.
type Error struct {
	Kind    Kind
	Reason  string // stable, snake_case, e.g. "product_not_found"
	Message string // human readable, safe for clients
	Field   string // the offending request field for KindInvalid, if one
	// Metadata carries facts a client can act on without parsing Message, e.g. the quantity still
	// available when a cart asks for more than the stock.
	Metadata map[string]string
	// RetryAfter is how long a KindResourceExhausted (or KindUnavailable) caller should wait;
	// transports turn it into a Retry-After header.
	RetryAfter time.Duration
	cause      error
}

func (e *Error) Error() string {
	if e.cause != nil {
		return e.Message + ": " + e.cause.Error()
	}
	return e.Message
}

func (e *Error) Unwrap() error { return e.cause }

// With records one metadata entry and returns e, so a constructor call can carry it inline.
func (e *Error) With(key, value string) *Error {
	if e.Metadata == nil {
		e.Metadata = map[string]string{}
	}
	e.Metadata[key] = value
	return e
}

// Invalid reports bad input in field.
func Invalid(field, reason, format string, args ...any) *Error {
	return &Error{Kind: KindInvalid, Field: field, Reason: reason, Message: fmt.Sprintf(format, args...)}
}

// NotFound reports a missing (or invisible) object.
func NotFound(reason, format string, args ...any) *Error {
	return &Error{Kind: KindNotFound, Reason: reason, Message: fmt.Sprintf(format, args...)}
}

// Conflict reports a stale or duplicate write.
func Conflict(reason, format string, args ...any) *Error {
	return &Error{Kind: KindConflict, Reason: reason, Message: fmt.Sprintf(format, args...)}
}

// FailedPrecondition reports an operation the current state does not allow.
func FailedPrecondition(reason, format string, args ...any) *Error {
	return &Error{Kind: KindFailedPrecondition, Reason: reason, Message: fmt.Sprintf(format, args...)}
}

// AlreadyExists reports a create whose unique key is taken.
func AlreadyExists(reason, format string, args ...any) *Error {
	return &Error{Kind: KindAlreadyExists, Reason: reason, Message: fmt.Sprintf(format, args...)}
}

// Unauthenticated reports a caller who is not signed in, or whose credentials are wrong.
func Unauthenticated(reason, format string, args ...any) *Error {
	return &Error{Kind: KindUnauthenticated, Reason: reason, Message: fmt.Sprintf(format, args...)}
}

// PermissionDenied reports a signed-in caller who may not do this.
func PermissionDenied(reason, format string, args ...any) *Error {
	return &Error{Kind: KindPermissionDenied, Reason: reason, Message: fmt.Sprintf(format, args...)}
}

// TooManyRequests reports a throttled caller, who may try again after retryAfter.
func TooManyRequests(reason string, retryAfter time.Duration, format string, args ...any) *Error {
	return &Error{Kind: KindResourceExhausted, Reason: reason, Message: fmt.Sprintf(format, args...), RetryAfter: retryAfter}
}

// Unavailable reports a dependency that is down; the caller may retry.
func Unavailable(reason string, cause error) *Error {
	return &Error{Kind: KindUnavailable, Reason: reason, Message: "service temporarily unavailable", cause: cause}
}

// As returns the classified error in err's chain, or nil when err is unclassified (internal).
func As(err error) *Error {
	if e, ok := errors.AsType[*Error](err); ok {
		return e
	}
	return nil
}
