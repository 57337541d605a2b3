package api

import (
	"context"
	"time"

	"connectrpc.com/connect"
	"github.com/atelier-commerce/atelier/backend/internal/account"
	adminv1 "github.com/atelier-commerce/atelier/backend/internal/gen/atelier/admin/v1"
	"github.com/atelier-commerce/atelier/backend/internal/gen/atelier/admin/v1/adminv1connect"
	"github.com/atelier-commerce/atelier/backend/internal/webhook"
	"github.com/atelier-commerce/atelier/backend/internal/webhook/event"
	"google.golang.org/protobuf/types/known/timestamppb"
)

// AdminWebhookHandler serves atelier.admin.v1.WebhookService. Only admins (and keys with the
// webhooks scope) reach it: the authorization interceptor refuses everyone else first. Answers
// carrying a signing secret are never cached.
type AdminWebhookHandler struct {
	webhooks *webhook.Service
}

var _ adminv1connect.WebhookServiceHandler = (*AdminWebhookHandler)(nil)

// NewAdminWebhookHandler returns the admin webhook handler.
func NewAdminWebhookHandler(w *webhook.Service) *AdminWebhookHandler {
	return &AdminWebhookHandler{webhooks: w}
}

// CreateWebhookEndpoint implements WebhookService.CreateWebhookEndpoint.
func (h *AdminWebhookHandler) CreateWebhookEndpoint(ctx context.Context, req *connect.Request[adminv1.CreateWebhookEndpointRequest]) (*connect.Response[adminv1.CreateWebhookEndpointResponse], error) {
	m := req.Msg
	url, desc := m.GetUrl(), m.GetDescription()
	e, secret, err := h.webhooks.Create(ctx, account.PrincipalFrom(ctx).AccountID,
		webhook.Input{URL: &url, Description: &desc, EventTypes: eventTypes(m.GetEventTypes())})
	if err != nil {
		return nil, err
	}
	return noStore(connect.NewResponse(&adminv1.CreateWebhookEndpointResponse{Endpoint: endpointProto(e), SigningSecret: secret})), nil
}

// ListWebhookEndpoints implements WebhookService.ListWebhookEndpoints.
func (h *AdminWebhookHandler) ListWebhookEndpoints(ctx context.Context, _ *connect.Request[adminv1.ListWebhookEndpointsRequest]) (*connect.Response[adminv1.ListWebhookEndpointsResponse], error) {
	es, err := h.webhooks.List(ctx)
	if err != nil {
		return nil, err
	}
	out := &adminv1.ListWebhookEndpointsResponse{Endpoints: make([]*adminv1.WebhookEndpoint, len(es))}
	for i, e := range es {
		out.Endpoints[i] = endpointProto(e)
	}
	return noStore(connect.NewResponse(out)), nil
}

// GetWebhookEndpoint implements WebhookService.GetWebhookEndpoint.
func (h *AdminWebhookHandler) GetWebhookEndpoint(ctx context.Context, req *connect.Request[adminv1.GetWebhookEndpointRequest]) (*connect.Response[adminv1.GetWebhookEndpointResponse], error) {
	e, err := h.webhooks.Get(ctx, req.Msg.GetEndpointId())
	if err != nil {
		return nil, err
	}
	return noStore(connect.NewResponse(&adminv1.GetWebhookEndpointResponse{Endpoint: endpointProto(e)})), nil
}

// UpdateWebhookEndpoint implements WebhookService.UpdateWebhookEndpoint.
func (h *AdminWebhookHandler) UpdateWebhookEndpoint(ctx context.Context, req *connect.Request[adminv1.UpdateWebhookEndpointRequest]) (*connect.Response[adminv1.UpdateWebhookEndpointResponse], error) {
	m := req.Msg
	in := webhook.Input{URL: m.Url, Description: m.Description, Enabled: m.Enabled}
	if len(m.GetEventTypes()) > 0 {
		in.EventTypes = eventTypes(m.GetEventTypes())
	}
	e, err := h.webhooks.Update(ctx, m.GetEndpointId(), in)
	if err != nil {
		return nil, err
	}
	return noStore(connect.NewResponse(&adminv1.UpdateWebhookEndpointResponse{Endpoint: endpointProto(e)})), nil
}

// RotateWebhookSecret implements WebhookService.RotateWebhookSecret.
func (h *AdminWebhookHandler) RotateWebhookSecret(ctx context.Context, req *connect.Request[adminv1.RotateWebhookSecretRequest]) (*connect.Response[adminv1.RotateWebhookSecretResponse], error) {
	e, secret, err := h.webhooks.RotateSecret(ctx, req.Msg.GetEndpointId())
	if err != nil {
		return nil, err
	}
	return noStore(connect.NewResponse(&adminv1.RotateWebhookSecretResponse{Endpoint: endpointProto(e), SigningSecret: secret})), nil
}

// DeleteWebhookEndpoint implements WebhookService.DeleteWebhookEndpoint.
func (h *AdminWebhookHandler) DeleteWebhookEndpoint(ctx context.Context, req *connect.Request[adminv1.DeleteWebhookEndpointRequest]) (*connect.Response[adminv1.DeleteWebhookEndpointResponse], error) {
	if err := h.webhooks.Delete(ctx, req.Msg.GetEndpointId()); err != nil {
		return nil, err
	}
	return connect.NewResponse(&adminv1.DeleteWebhookEndpointResponse{}), nil
}

// ListWebhookDeliveries implements WebhookService.ListWebhookDeliveries.
func (h *AdminWebhookHandler) ListWebhookDeliveries(ctx context.Context, req *connect.Request[adminv1.ListWebhookDeliveriesRequest]) (*connect.Response[adminv1.ListWebhookDeliveriesResponse], error) {
	m := req.Msg
	page, err := h.webhooks.Deliveries(ctx, m.GetEndpointId(), int(m.GetPageSize()), m.GetPageToken())
	if err != nil {
		return nil, err
	}
	out := &adminv1.ListWebhookDeliveriesResponse{Deliveries: make([]*adminv1.WebhookDelivery, len(page.Deliveries)),
		NextPageToken: page.NextPageToken}
	for i, d := range page.Deliveries {
		out.Deliveries[i] = deliveryProto(d)
	}
	return noStore(connect.NewResponse(out)), nil
}

// ReplayWebhookEvent implements WebhookService.ReplayWebhookEvent.
func (h *AdminWebhookHandler) ReplayWebhookEvent(ctx context.Context, req *connect.Request[adminv1.ReplayWebhookEventRequest]) (*connect.Response[adminv1.ReplayWebhookEventResponse], error) {
	d, err := h.webhooks.Replay(ctx, req.Msg.GetEndpointId(), req.Msg.GetEventId())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&adminv1.ReplayWebhookEventResponse{Delivery: deliveryProto(d)}), nil
}

func eventTypes(ss []string) []event.Type {
	out := make([]event.Type, len(ss))
	for i, s := range ss {
		out[i] = event.Type(s)
	}
	return out
}

func endpointProto(e webhook.Endpoint) *adminv1.WebhookEndpoint {
	types := make([]string, len(e.EventTypes))
	for i, t := range e.EventTypes {
		types[i] = string(t)
	}
	return &adminv1.WebhookEndpoint{Id: e.ID, Url: e.URL, Description: e.Description, EventTypes: types, Enabled: e.Enabled,
		DisabledReason: e.DisabledReason, DisabledAt: timeOrNil(e.DisabledAt),
		PreviousSecretExpiresAt: timeOrNil(e.PreviousSecretExpiresAt), FailureStreak: int32(e.FailureStreak),
		CreatedAt: timestamppb.New(e.CreatedAt), UpdatedAt: timestamppb.New(e.UpdatedAt)}
}

var deliveryStatuses = map[string]adminv1.WebhookDeliveryStatus{
	webhook.StatusPending:   adminv1.WebhookDeliveryStatus_WEBHOOK_DELIVERY_STATUS_PENDING,
	webhook.StatusRetrying:  adminv1.WebhookDeliveryStatus_WEBHOOK_DELIVERY_STATUS_RETRYING,
	webhook.StatusSucceeded: adminv1.WebhookDeliveryStatus_WEBHOOK_DELIVERY_STATUS_SUCCEEDED,
	webhook.StatusFailed:    adminv1.WebhookDeliveryStatus_WEBHOOK_DELIVERY_STATUS_FAILED,
	webhook.StatusSkipped:   adminv1.WebhookDeliveryStatus_WEBHOOK_DELIVERY_STATUS_SKIPPED,
}

func deliveryProto(d webhook.Delivery) *adminv1.WebhookDelivery {
	return &adminv1.WebhookDelivery{Id: d.ID, EndpointId: d.EndpointID, EventId: d.EventID, EventType: string(d.EventType),
		Replay: d.Replay, Status: deliveryStatuses[d.Status], Attempts: int32(d.Attempts), ResponseStatusCode: int32(d.ResponseCode),
		DurationMs: int32(d.Duration / time.Millisecond), ResponseBody: d.ResponseBody, Error: d.Error,
		LastAttemptAt: timeOrNil(d.LastAttempt), NextAttemptAt: timeOrNil(d.NextAttempt), CreatedAt: timestamppb.New(d.CreatedAt)}
}

func timeOrNil(t *time.Time) *timestamppb.Timestamp {
	if t == nil {
		return nil
	}
	return timestamppb.New(*t)
}
