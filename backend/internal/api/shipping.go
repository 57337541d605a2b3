package api

import (
	"context"

	"connectrpc.com/connect"
	storev1 "github.com/atelier-commerce/atelier/backend/internal/gen/atelier/store/v1"
	"github.com/atelier-commerce/atelier/backend/internal/gen/atelier/store/v1/storev1connect"
	"github.com/atelier-commerce/atelier/backend/internal/shipping"
)

// ShippingHandler serves atelier.store.v1.ShippingService.
type ShippingHandler struct{ shipping *shipping.Service }

var _ storev1connect.ShippingServiceHandler = (*ShippingHandler)(nil)

// NewShippingHandler returns the shipping handler.
func NewShippingHandler(s *shipping.Service) *ShippingHandler { return &ShippingHandler{shipping: s} }

// ListDeliveryOptions implements ShippingService.ListDeliveryOptions.
func (h *ShippingHandler) ListDeliveryOptions(ctx context.Context, _ *connect.Request[storev1.ListDeliveryOptionsRequest]) (*connect.Response[storev1.ListDeliveryOptionsResponse], error) {
	opts, err := h.shipping.ListActive(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]*storev1.DeliveryOption, len(opts))
	for i, o := range opts {
		out[i] = deliveryOptionProto(o)
	}
	return connect.NewResponse(&storev1.ListDeliveryOptionsResponse{DeliveryOptions: out}), nil
}

func deliveryOptionProto(o shipping.Option) *storev1.DeliveryOption {
	return &storev1.DeliveryOption{
		Code: o.Code, Name: o.Name, Price: moneyProto(o.Price), Carrier: o.Carrier,
		EstimatedDelivery: o.EstimatedDelivery, FreeOver: optionalMoneyProto(o.FreeOver),
	}
}
