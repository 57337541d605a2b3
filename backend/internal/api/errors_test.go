package api

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"testing"
	"time"

	"connectrpc.com/connect"
	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/stretchr/testify/require"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
)

// connectErrorOf returns err as the *connect.Error a handler answers with.
func connectErrorOf(t *testing.T, err error) *connect.Error {
	t.Helper()
	var ce *connect.Error
	require.ErrorAs(t, err, &ce)
	return ce
}

func errorInfoOf(t *testing.T, err error) *errdetails.ErrorInfo {
	t.Helper()
	var ce *connect.Error
	require.ErrorAs(t, err, &ce)
	for _, d := range ce.Details() {
		if v, err := d.Value(); err == nil {
			if info, ok := v.(*errdetails.ErrorInfo); ok {
				return info
			}
		}
	}
	t.Fatal("no ErrorInfo detail")
	return nil
}

func TestToConnectErrorCarriesMetadata(t *testing.T) {
	t.Parallel()
	ctx, logger := context.Background(), slog.New(slog.DiscardHandler)
	wrapped := fmt.Errorf("cart.Add: %w", apperr.FailedPrecondition("insufficient_stock", "Only 3 of Rose Serum are in stock.").
		With("available", "3").With("product_id", "p1"))
	err := toConnectError(ctx, logger, wrapped)
	require.Equal(t, connect.CodeFailedPrecondition, connect.CodeOf(err))
	require.Equal(t, "Only 3 of Rose Serum are in stock.", connectErrorOf(t, err).Message(), "the cause chain is not shown")
	info := errorInfoOf(t, err)
	require.Equal(t, "insufficient_stock", info.GetReason())
	require.Equal(t, map[string]string{"available": "3", "product_id": "p1"}, info.GetMetadata())

	invalid := apperr.Invalid("quantity", "invalid_quantity", "quantity must be between 1 and 1000").With("max", "1000")
	info = errorInfoOf(t, toConnectError(ctx, logger, invalid))
	require.Equal(t, map[string]string{"field": "quantity", "max": "1000"}, info.GetMetadata(), "the field joins the metadata")
	require.Equal(t, map[string]string{"max": "1000"}, invalid.Metadata, "without changing the error")

	internal := toConnectError(ctx, logger, errors.New("dial tcp 10.0.0.7:5432: refused"))
	require.Equal(t, connect.CodeInternal, connect.CodeOf(internal))
	require.Equal(t, "internal error", connectErrorOf(t, internal).Message())
	require.Empty(t, errorInfoOf(t, internal).GetMetadata())
}

func TestToConnectErrorThrottledAndTaken(t *testing.T) {
	t.Parallel()
	ctx, logger := context.Background(), slog.New(slog.DiscardHandler)
	err := toConnectError(ctx, logger, fmt.Errorf("account.Login: %w",
		apperr.TooManyRequests("too_many_attempts", 89*time.Second+time.Millisecond, "Too many sign-in attempts.")))
	require.Equal(t, connect.CodeResourceExhausted, connect.CodeOf(err))
	require.Equal(t, "90", connectErrorOf(t, err).Meta().Get("Retry-After"), "whole seconds, rounded up")
	info := errorInfoOf(t, err)
	require.Equal(t, "too_many_attempts", info.GetReason())
	require.Equal(t, map[string]string{"retry_after_seconds": "90"}, info.GetMetadata())

	err = toConnectError(ctx, logger, apperr.AlreadyExists("email_taken", "An account with this email already exists."))
	require.Equal(t, connect.CodeAlreadyExists, connect.CodeOf(err))
	require.Empty(t, connectErrorOf(t, err).Meta().Get("Retry-After"))
	require.Equal(t, connect.CodeUnauthenticated, connect.CodeOf(toConnectError(ctx, logger, apperr.Unauthenticated("invalid_credentials", "Invalid credentials"))))
	require.Equal(t, connect.CodePermissionDenied, connect.CodeOf(toConnectError(ctx, logger, apperr.PermissionDenied("permission_denied", "no"))))

	// A transaction that kept losing to others (db.WithTx): try again, and when.
	busy := apperr.Unavailable("contention", errors.New("40001"))
	busy.RetryAfter = time.Second
	err = toConnectError(ctx, logger, fmt.Errorf("checkout.Checkout: %w", busy))
	require.Equal(t, connect.CodeUnavailable, connect.CodeOf(err))
	require.Equal(t, "1", connectErrorOf(t, err).Meta().Get("Retry-After"))
	require.Equal(t, "contention", errorInfoOf(t, err).GetReason())
}
