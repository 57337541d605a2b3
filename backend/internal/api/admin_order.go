package api

import (
	"context"

	"connectrpc.com/connect"
	"github.com/atelier-commerce/atelier/backend/internal/account"
	adminv1 "github.com/atelier-commerce/atelier/backend/internal/gen/atelier/admin/v1"
	"github.com/atelier-commerce/atelier/backend/internal/gen/atelier/admin/v1/adminv1connect"
	storev1 "github.com/atelier-commerce/atelier/backend/internal/gen/atelier/store/v1"
	"github.com/atelier-commerce/atelier/backend/internal/order"
	"google.golang.org/protobuf/types/known/timestamppb"
)

// AdminOrderHandler serves atelier.admin.v1.AdminOrderService. Only admins reach it: the authorization
// interceptor refuses everyone else before the handler runs.
type AdminOrderHandler struct {
	orders   *order.Service
	accounts *account.Service
	urls     MediaURLs
}

var _ adminv1connect.AdminOrderServiceHandler = (*AdminOrderHandler)(nil)

// NewAdminOrderHandler returns the admin order handler.
func NewAdminOrderHandler(o *order.Service, accounts *account.Service, urls MediaURLs) *AdminOrderHandler {
	return &AdminOrderHandler{orders: o, accounts: accounts, urls: urls}
}

var adminOrderSorts = map[adminv1.OrderSort]string{
	adminv1.OrderSort_ORDER_SORT_UNSPECIFIED:       "",
	adminv1.OrderSort_ORDER_SORT_NEWEST:            "newest",
	adminv1.OrderSort_ORDER_SORT_OLDEST:            "oldest",
	adminv1.OrderSort_ORDER_SORT_TOTAL_HIGH_TO_LOW: "total_desc",
	adminv1.OrderSort_ORDER_SORT_TOTAL_LOW_TO_HIGH: "total_asc",
}

// ListAdminOrders implements AdminOrderService.ListAdminOrders.
func (h *AdminOrderHandler) ListAdminOrders(ctx context.Context, req *connect.Request[adminv1.ListAdminOrdersRequest]) (*connect.Response[adminv1.ListAdminOrdersResponse], error) {
	m := req.Msg
	q := order.AdminQuery{Search: m.GetSearch(), Sort: adminOrderSorts[m.GetSort()], Page: int(m.GetPage()), PageSize: int(m.GetPageSize()),
		PageToken: m.GetPageToken()}
	for _, st := range m.GetStatuses() {
		q.Statuses = append(q.Statuses, orderStatusOf(st))
	}
	if m.GetPlacedFrom() != nil {
		q.PlacedFrom = m.GetPlacedFrom().AsTime()
	}
	if m.GetPlacedBefore() != nil {
		q.PlacedBefore = m.GetPlacedBefore().AsTime()
	}
	page, err := h.orders.AdminList(ctx, q)
	if err != nil {
		return nil, err
	}
	out := &adminv1.ListAdminOrdersResponse{TotalCount: page.TotalCount, Page: int32(page.Page), PageSize: int32(page.PageSize),
		TotalPages: int32(page.TotalPages()), Orders: make([]*adminv1.AdminOrder, len(page.Orders)), NextPageToken: page.NextPageToken}
	for i, o := range page.Orders {
		out.Orders[i] = h.adminOrderProto(o)
	}
	return noStore(connect.NewResponse(out)), nil
}

// GetAdminOrder implements AdminOrderService.GetAdminOrder.
func (h *AdminOrderHandler) GetAdminOrder(ctx context.Context, req *connect.Request[adminv1.GetAdminOrderRequest]) (*connect.Response[adminv1.GetAdminOrderResponse], error) {
	o, err := h.orders.AdminGet(ctx, req.Msg.GetOrderId())
	if err != nil {
		return nil, err
	}
	return noStore(connect.NewResponse(&adminv1.GetAdminOrderResponse{Order: h.adminOrderProto(o)})), nil
}

// ProcessOrder implements AdminOrderService.ProcessOrder.
func (h *AdminOrderHandler) ProcessOrder(ctx context.Context, req *connect.Request[adminv1.ProcessOrderRequest]) (*connect.Response[adminv1.ProcessOrderResponse], error) {
	r, err := h.request(ctx, req.Msg.GetIdempotencyKey())
	if err != nil {
		return nil, err
	}
	o, err := h.orders.Process(ctx, r, req.Msg.GetOrderId())
	if err != nil {
		return nil, err
	}
	return noStore(connect.NewResponse(&adminv1.ProcessOrderResponse{Order: h.adminOrderProto(o)})), nil
}

// ShipOrder implements AdminOrderService.ShipOrder.
func (h *AdminOrderHandler) ShipOrder(ctx context.Context, req *connect.Request[adminv1.ShipOrderRequest]) (*connect.Response[adminv1.ShipOrderResponse], error) {
	r, err := h.request(ctx, req.Msg.GetIdempotencyKey())
	if err != nil {
		return nil, err
	}
	o, err := h.orders.Ship(ctx, r, req.Msg.GetOrderId(), req.Msg.GetTrackingNumber())
	if err != nil {
		return nil, err
	}
	return noStore(connect.NewResponse(&adminv1.ShipOrderResponse{Order: h.adminOrderProto(o)})), nil
}

// DeliverOrder implements AdminOrderService.DeliverOrder.
func (h *AdminOrderHandler) DeliverOrder(ctx context.Context, req *connect.Request[adminv1.DeliverOrderRequest]) (*connect.Response[adminv1.DeliverOrderResponse], error) {
	r, err := h.request(ctx, req.Msg.GetIdempotencyKey())
	if err != nil {
		return nil, err
	}
	o, err := h.orders.Deliver(ctx, r, req.Msg.GetOrderId())
	if err != nil {
		return nil, err
	}
	return noStore(connect.NewResponse(&adminv1.DeliverOrderResponse{Order: h.adminOrderProto(o)})), nil
}

// CancelOrder implements AdminOrderService.CancelOrder.
func (h *AdminOrderHandler) CancelOrder(ctx context.Context, req *connect.Request[adminv1.CancelOrderRequest]) (*connect.Response[adminv1.CancelOrderResponse], error) {
	r, err := h.request(ctx, req.Msg.GetIdempotencyKey())
	if err != nil {
		return nil, err
	}
	o, err := h.orders.Cancel(ctx, r, req.Msg.GetOrderId(), req.Msg.GetReason())
	if err != nil {
		return nil, err
	}
	return noStore(connect.NewResponse(&adminv1.CancelOrderResponse{Order: h.adminOrderProto(o)})), nil
}

// RefundOrder implements AdminOrderService.RefundOrder.
func (h *AdminOrderHandler) RefundOrder(ctx context.Context, req *connect.Request[adminv1.RefundOrderRequest]) (*connect.Response[adminv1.RefundOrderResponse], error) {
	r, err := h.request(ctx, req.Msg.GetIdempotencyKey())
	if err != nil {
		return nil, err
	}
	in := order.RefundInput{Amount: req.Msg.GetAmountMinorUnits(), Reason: req.Msg.GetReason()}
	for _, l := range req.Msg.GetRestock() {
		in.Restock = append(in.Restock, order.RestockLine{ProductID: l.GetProductId(), Quantity: l.GetQuantity()})
	}
	o, refund, err := h.orders.Refund(ctx, r, req.Msg.GetOrderId(), in)
	if err != nil {
		return nil, err
	}
	return noStore(connect.NewResponse(&adminv1.RefundOrderResponse{Order: h.adminOrderProto(o), Refund: refundProto(refund)})), nil
}

// request is the signed-in admin's request with its idempotency key.
func (h *AdminOrderHandler) request(ctx context.Context, key string) (order.Request, error) {
	actor, err := adminActor(ctx, h.accounts)
	return order.Request{Actor: actor, IdempotencyKey: key}, err
}

func orderStatusOf(st storev1.OrderStatus) order.Status {
	for s, p := range orderStatuses {
		if p == st {
			return s
		}
	}
	return order.Status(st.String())
}

var orderActions = map[order.Action]adminv1.OrderAction{
	order.ActionProcess: adminv1.OrderAction_ORDER_ACTION_PROCESS,
	order.ActionShip:    adminv1.OrderAction_ORDER_ACTION_SHIP,
	order.ActionDeliver: adminv1.OrderAction_ORDER_ACTION_DELIVER,
	order.ActionCancel:  adminv1.OrderAction_ORDER_ACTION_CANCEL,
	order.ActionRefund:  adminv1.OrderAction_ORDER_ACTION_REFUND,
}

var paymentStates = map[string]adminv1.PaymentState{
	"unpaid":             adminv1.PaymentState_PAYMENT_STATE_UNPAID,
	"paid":               adminv1.PaymentState_PAYMENT_STATE_PAID,
	"partially_refunded": adminv1.PaymentState_PAYMENT_STATE_PARTIALLY_REFUNDED,
	"refunded":           adminv1.PaymentState_PAYMENT_STATE_REFUNDED,
}

var refundStatuses = map[order.RefundStatus]adminv1.RefundStatus{
	order.RefundPending:   adminv1.RefundStatus_REFUND_STATUS_PENDING,
	order.RefundSucceeded: adminv1.RefundStatus_REFUND_STATUS_SUCCEEDED,
	order.RefundFailed:    adminv1.RefundStatus_REFUND_STATUS_FAILED,
}

var timelineKinds = map[order.TimelineKind]adminv1.TimelineKind{
	order.TimelineStatus:          adminv1.TimelineKind_TIMELINE_KIND_STATUS_CHANGED,
	order.TimelineRefundRequested: adminv1.TimelineKind_TIMELINE_KIND_REFUND_REQUESTED,
	order.TimelineRefundSucceeded: adminv1.TimelineKind_TIMELINE_KIND_REFUND_SUCCEEDED,
	order.TimelineRefundFailed:    adminv1.TimelineKind_TIMELINE_KIND_REFUND_FAILED,
	order.TimelineEmail:           adminv1.TimelineKind_TIMELINE_KIND_EMAIL_SENT,
}

func (h *AdminOrderHandler) adminOrderProto(a order.AdminOrder) *adminv1.AdminOrder {
	store := orderProto(a.Order, h.urls)
	out := &adminv1.AdminOrder{Id: a.ID, Number: a.Number, Status: store.GetStatus(), Email: a.Email, AccountId: a.AccountID,
		ShippingAddress: store.GetShippingAddress(), Delivery: store.GetDelivery(), RequiresSignature: a.RequiresSignature,
		Lines: store.GetLines(), Subtotal: store.GetSubtotal(), VatIncluded: store.GetVatIncluded(), Total: store.GetTotal(),
		ItemCount: store.GetItemCount(), CreatedAt: timestamppb.New(a.CreatedAt), Refundable: moneyProto(a.Refundable)}
	if a.Billing != nil {
		out.BillingAddress = addressProto(*a.Billing)
	}
	if a.Payment != nil {
		out.Payment = &adminv1.OrderPayment{Provider: string(a.Payment.Mode), IntentId: a.Payment.Ref, Status: string(a.Payment.Status),
			Captured: moneyProto(a.Captured), Refunded: moneyProto(a.Refunded), RefundPending: moneyProto(a.RefundPending),
			State: paymentStates[a.PaymentState()]}
	}
	if a.Tracking.Number != "" {
		out.Tracking = &adminv1.OrderTracking{Carrier: a.Tracking.Carrier, TrackingNumber: a.Tracking.Number, TrackingUrl: a.Tracking.URL}
	}
	for _, r := range a.Refunds {
		out.Refunds = append(out.Refunds, refundProto(r))
	}
	for _, e := range a.Timeline {
		out.Timeline = append(out.Timeline, &adminv1.OrderTimelineEntry{At: timestamppb.New(e.At), Kind: timelineKinds[e.Kind],
			Status: orderStatuses[e.Status], Actor: actorProto(e.Actor), Description: e.Description, RefundId: e.RefundID,
			EmailKind: e.EmailKind})
	}
	for _, act := range a.Allowed {
		out.AllowedActions = append(out.AllowedActions, orderActions[act])
	}
	return out
}

func refundProto(r order.Refund) *adminv1.OrderRefund {
	out := &adminv1.OrderRefund{Id: r.ID, Amount: moneyProto(r.Amount), Reason: r.Reason, Status: refundStatuses[r.Status],
		ForCancellation: r.ForCancellation, ProviderRefundId: r.ProviderRef, FailureMessage: r.FailureMessage,
		RequestedBy: actorProto(r.Actor), RequestedAt: optionalTime(r.CreatedAt)}
	if r.SettledAt != nil {
		out.SettledAt = timestamppb.New(*r.SettledAt)
	}
	for _, l := range r.Restock {
		out.Restock = append(out.Restock, &adminv1.RestockLine{ProductId: l.ProductID, Quantity: l.Quantity})
	}
	return out
}
