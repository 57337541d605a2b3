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
	require.Equal(t, "Only 3 of Rose Serum are in stock.", err.(*connect.Error).Message(), "the cause chain is not shown")
	info := errorInfoOf(t, err)
	require.Equal(t, "insufficient_stock", info.Reason)
	require.Equal(t, map[string]string{"available": "3", "product_id": "p1"}, info.Metadata)

	invalid := apperr.Invalid("quantity", "invalid_quantity", "quantity must be between 1 and 1000").With("max", "1000")
	info = errorInfoOf(t, toConnectError(ctx, logger, invalid))
	require.Equal(t, map[string]string{"field": "quantity", "max": "1000"}, info.Metadata, "the field joins the metadata")
	require.Equal(t, map[string]string{"max": "1000"}, invalid.Metadata, "without changing the error")

	internal := toConnectError(ctx, logger, errors.New("dial tcp 10.0.0.7:5432: refused"))
	require.Equal(t, connect.CodeInternal, connect.CodeOf(internal))
	require.Equal(t, "internal error", internal.(*connect.Error).Message())
	require.Empty(t, errorInfoOf(t, internal).Metadata)
}

func TestToConnectErrorThrottledAndTaken(t *testing.T) {
	t.Parallel()
	ctx, logger := context.Background(), slog.New(slog.DiscardHandler)
	err := toConnectError(ctx, logger, fmt.Errorf("account.Login: %w",
		apperr.TooManyRequests("too_many_attempts", 89*time.Second+time.Millisecond, "Too many sign-in attempts.")))
	require.Equal(t, connect.CodeResourceExhausted, connect.CodeOf(err))
	require.Equal(t, "90", err.(*connect.Error).Meta().Get("Retry-After"), "whole seconds, rounded up")
	info := errorInfoOf(t, err)
	require.Equal(t, "too_many_attempts", info.Reason)
	require.Equal(t, map[string]string{"retry_after_seconds": "90"}, info.Metadata)

	err = toConnectError(ctx, logger, apperr.AlreadyExists("email_taken", "An account with this email already exists."))
	require.Equal(t, connect.CodeAlreadyExists, connect.CodeOf(err))
	require.Empty(t, err.(*connect.Error).Meta().Get("Retry-After"))
	require.Equal(t, connect.CodeUnauthenticated, connect.CodeOf(toConnectError(ctx, logger, apperr.Unauthenticated("invalid_credentials", "Invalid credentials"))))
	require.Equal(t, connect.CodePermissionDenied, connect.CodeOf(toConnectError(ctx, logger, apperr.PermissionDenied("permission_denied", "no"))))
}
