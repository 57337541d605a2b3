package atelier_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"

	"connectrpc.com/connect"
	"github.com/atelier-commerce/atelier/sdk/go"
	storev1 "github.com/atelier-commerce/atelier/sdk/go/gen/atelier/store/v1"
	"github.com/atelier-commerce/atelier/sdk/go/gen/atelier/store/v1/storev1connect"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
)

// catalog answers one product to the key it expects and refuses every other caller as the API
// does, with an ErrorInfo reason.
type catalog struct {
	storev1connect.UnimplementedCatalogServiceHandler
}

func (catalog) ListProducts(_ context.Context, req *connect.Request[storev1.ListProductsRequest]) (*connect.Response[storev1.ListProductsResponse], error) {
	if req.Header().Get("Authorization") != "Bearer atl_sk_test" {
		ce := connect.NewError(connect.CodeUnauthenticated, errors.New("this API key is not valid"))
		if d, err := connect.NewErrorDetail(&errdetails.ErrorInfo{Reason: "invalid_api_key", Domain: "atelier.store"}); err == nil {
			ce.AddDetail(d)
		}
		return nil, ce
	}
	return connect.NewResponse(&storev1.ListProductsResponse{Products: []*storev1.Product{{Name: "Rose Serum"}},
		TotalCount: 1, NextPageToken: ""}), nil
}

func TestClient(t *testing.T) {
	t.Parallel()
	mux := http.NewServeMux()
	mux.Handle(storev1connect.NewCatalogServiceHandler(catalog{}))
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	ctx := context.Background()

	ok := storev1connect.NewCatalogServiceClient(srv.Client(), srv.URL, atelier.WithAPIKey("atl_sk_test"))
	res, err := ok.ListProducts(ctx, connect.NewRequest(&storev1.ListProductsRequest{}))
	if err != nil {
		t.Fatal(err)
	}
	if got := res.Msg.GetProducts()[0].GetName(); got != "Rose Serum" {
		t.Fatalf("product %q", got)
	}

	wrong := storev1connect.NewCatalogServiceClient(srv.Client(), srv.URL, atelier.WithAPIKey("atl_sk_other"))
	_, err = wrong.ListProducts(ctx, connect.NewRequest(&storev1.ListProductsRequest{}))
	if connect.CodeOf(err) != connect.CodeUnauthenticated || atelier.ErrorReason(err) != "invalid_api_key" {
		t.Fatalf("want unauthenticated invalid_api_key, got %v (reason %q)", err, atelier.ErrorReason(err))
	}
	if atelier.ErrorReason(errors.New("plain")) != "" || atelier.ErrorReason(nil) != "" {
		t.Fatal("no reason without an ErrorInfo")
	}
}
