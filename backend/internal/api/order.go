package api

import (
	"context"

	"connectrpc.com/connect"
	"github.com/atelier-commerce/atelier/backend/internal/catalog"
	storev1 "github.com/atelier-commerce/atelier/backend/internal/gen/atelier/store/v1"
	"github.com/atelier-commerce/atelier/backend/internal/gen/atelier/store/v1/storev1connect"
	"github.com/atelier-commerce/atelier/backend/internal/order"
	"google.golang.org/protobuf/types/known/timestamppb"
)

// OrderHandler serves atelier.store.v1.OrderService.
type OrderHandler struct {
	orders *order.Service
	urls   MediaURLs
}

var _ storev1connect.OrderServiceHandler = (*OrderHandler)(nil)

// NewOrderHandler returns the order handler.
func NewOrderHandler(o *order.Service, urls MediaURLs) *OrderHandler {
	return &OrderHandler{orders: o, urls: urls}
}

// ListOrders implements OrderService.ListOrders.
func (h *OrderHandler) ListOrders(ctx context.Context, req *connect.Request[storev1.ListOrdersRequest]) (*connect.Response[storev1.ListOrdersResponse], error) {
	page, err := h.orders.List(ctx, caller(ctx), int(req.Msg.GetPageSize()), req.Msg.GetPageToken())
	if err != nil {
		return nil, err
	}
	out := &storev1.ListOrdersResponse{Orders: make([]*storev1.Order, len(page.Orders)), NextPageToken: page.NextPageToken}
	for i, o := range page.Orders {
		out.Orders[i] = orderProto(o, h.urls)
	}
	return connect.NewResponse(out), nil
}

// GetOrder implements OrderService.GetOrder.
func (h *OrderHandler) GetOrder(ctx context.Context, req *connect.Request[storev1.GetOrderRequest]) (*connect.Response[storev1.GetOrderResponse], error) {
	o, err := h.orders.Get(ctx, caller(ctx), req.Msg.GetOrderId(), req.Msg.GetAccessToken())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&storev1.GetOrderResponse{Order: orderProto(o, h.urls)}), nil
}

var orderStatuses = map[order.Status]storev1.OrderStatus{
	order.StatusPendingPayment: storev1.OrderStatus_ORDER_STATUS_PENDING_PAYMENT,
	order.StatusPaid:           storev1.OrderStatus_ORDER_STATUS_PAID,
	order.StatusProcessing:     storev1.OrderStatus_ORDER_STATUS_PROCESSING,
	order.StatusShipped:        storev1.OrderStatus_ORDER_STATUS_SHIPPED,
	order.StatusDelivered:      storev1.OrderStatus_ORDER_STATUS_DELIVERED,
	order.StatusCancelled:      storev1.OrderStatus_ORDER_STATUS_CANCELLED,
	order.StatusRefunded:       storev1.OrderStatus_ORDER_STATUS_REFUNDED,
	order.StatusPaymentFailed:  storev1.OrderStatus_ORDER_STATUS_PAYMENT_FAILED,
}

func orderProto(o order.Order, urls MediaURLs) *storev1.Order {
	out := &storev1.Order{
		Id:                o.ID,
		Number:            o.Number,
		Status:            orderStatuses[o.Status],
		Email:             o.Email,
		ShippingAddress:   addressProto(o.Shipping),
		BillingAddress:    addressProto(o.BillingAddress()),
		BillingDiffers:    o.Billing != nil,
		RequiresSignature: o.RequiresSignature,
		Delivery: &storev1.OrderDelivery{Code: o.Delivery.Code, Name: o.Delivery.Name, Carrier: o.Delivery.Carrier,
			EstimatedDelivery: o.Delivery.Estimate, Price: moneyProto(o.Delivery.Price)},
		Lines:        make([]*storev1.OrderLine, len(o.Lines)),
		Subtotal:     moneyProto(o.Subtotal),
		VatIncluded:  moneyProto(o.VAT),
		Total:        moneyProto(o.Total),
		ItemCount:    o.ItemCount(),
		History:      make([]*storev1.OrderStatusChange, len(o.History)),
		CreatedAt:    timestamppb.New(o.CreatedAt),
		PaymentError: o.PaymentError,
	}
	if o.Status == order.StatusPendingPayment {
		out.ExpiresAt = timestamppb.New(o.ExpiresAt)
	}
	// The number is what makes a shipment: an order marked shipped before tracking existed has
	// none, and the shopper is better told nothing than an empty carrier line.
	if o.Tracking.Number != "" {
		out.Shipment = &storev1.OrderShipment{Carrier: o.Tracking.Carrier, TrackingNumber: o.Tracking.Number,
			TrackingUrl: o.Tracking.URL}
	}
	for i, l := range o.Lines {
		line := &storev1.OrderLine{ProductId: l.ProductID, Name: l.Name, Sku: l.SKU, Quantity: l.Quantity,
			UnitPrice: moneyProto(l.UnitPrice), LineTotal: moneyProto(l.LineTotal), VatIncluded: moneyProto(l.VAT),
			ProductSlug: l.Slug}
		if l.Image != nil && len(l.Image.Variants) > 0 {
			line.ImageUrl = urls.URL(thumbnail(l.Image.Variants).Key)
		}
		out.Lines[i] = line
	}
	for i, c := range o.History {
		out.History[i] = &storev1.OrderStatusChange{Status: orderStatuses[c.Status], At: timestamppb.New(c.At)}
	}
	return out
}

func addressProto(a order.Address) *storev1.OrderAddress {
	return &storev1.OrderAddress{FirstName: a.FirstName, LastName: a.LastName, AddressLine1: a.Line1, AddressLine2: a.Line2,
		City: a.City, Region: a.Region, Postcode: a.Postcode, CountryCode: a.CountryCode}
}

func addressFromProto(a *storev1.OrderAddress) order.Address {
	return order.Address{FirstName: a.GetFirstName(), LastName: a.GetLastName(), Line1: a.GetAddressLine1(),
		Line2: a.GetAddressLine2(), City: a.GetCity(), Region: a.GetRegion(), Postcode: a.GetPostcode(), CountryCode: a.GetCountryCode()}
}

// thumbnail picks the narrowest rendition wide enough for an order line's picture (shown at
// up to 120 CSS pixels, so 240 device pixels), else the widest there is.
func thumbnail(variants []catalog.Variant) catalog.Variant {
	for _, v := range variants {
		if v.Width >= 240 {
			return v
		}
	}
	return variants[len(variants)-1]
}
