// Package atelier is the Go SDK of the Atelier API: the generated Connect clients of the contract
// (under gen/: storev1connect for the shop, adminv1connect for the admin API) and two helpers a
// partner needs with them, WithAPIKey to authenticate and ErrorReason to decide on an error.
//
//	client := storev1connect.NewCatalogServiceClient(http.DefaultClient, "https://shop.example",
//		atelier.WithAPIKey(os.Getenv("ATELIER_API_KEY")))
//	res, err := client.ListProducts(ctx, connect.NewRequest(&storev1.ListProductsRequest{}))
//	if atelier.ErrorReason(err) == "rate_limited" { … }
//
// The package is generated from the same contract as the server (`just gen`) and checked for drift.
package atelier

import (
	"context"
	"errors"

	"connectrpc.com/connect"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
)

// WithAPIKey sends key ("atl_sk_…" or "atl_pk_…") as the bearer credential of every call.
func WithAPIKey(key string) connect.ClientOption {
	return connect.WithInterceptors(apiKey(key))
}

type apiKey string

func (k apiKey) WrapUnary(next connect.UnaryFunc) connect.UnaryFunc {
	return func(ctx context.Context, req connect.AnyRequest) (connect.AnyResponse, error) {
		req.Header().Set("Authorization", "Bearer "+string(k))
		return next(ctx, req)
	}
}

func (k apiKey) WrapStreamingClient(next connect.StreamingClientFunc) connect.StreamingClientFunc {
	return func(ctx context.Context, spec connect.Spec) connect.StreamingClientConn {
		conn := next(ctx, spec)
		conn.RequestHeader().Set("Authorization", "Bearer "+string(k))
		return conn
	}
}

func (k apiKey) WrapStreamingHandler(next connect.StreamingHandlerFunc) connect.StreamingHandlerFunc {
	return next
}

// ErrorReason is the stable reason of an API error (its google.rpc.ErrorInfo), such as
// "invalid_api_key", "scope_missing", "rate_limited" or "stale_revision"; "" when err carries
// none. Decide on it, never on the error's message.
func ErrorReason(err error) string {
	var ce *connect.Error
	if !errors.As(err, &ce) {
		return ""
	}
	for _, d := range ce.Details() {
		v, derr := d.Value()
		if derr != nil {
			continue
		}
		if info, ok := v.(*errdetails.ErrorInfo); ok {
			return info.GetReason()
		}
	}
	return ""
}
