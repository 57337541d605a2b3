package api

import (
	"context"

	"connectrpc.com/connect"
	"github.com/atelier-commerce/atelier/backend/internal/account"
	adminv1 "github.com/atelier-commerce/atelier/backend/internal/gen/atelier/admin/v1"
	"github.com/atelier-commerce/atelier/backend/internal/gen/atelier/admin/v1/adminv1connect"
	"github.com/atelier-commerce/atelier/backend/internal/money"
	"github.com/atelier-commerce/atelier/backend/internal/settings"
	"github.com/atelier-commerce/atelier/backend/internal/shipping"
	"google.golang.org/protobuf/types/known/timestamppb"
)

// AdminStoreDetailsHandler serves atelier.admin.v1.StoreDetailsService. Only admins reach it (the
// authorization interceptor refuses everyone else first). As for pages, answers that carry the
// details carry their revision as the ETag header, and on REST a write may name the revision it
// was based on in If-Match instead of expected_revision.
type AdminStoreDetailsHandler struct {
	settings *settings.Service
	accounts *account.Service
}

var _ adminv1connect.StoreDetailsServiceHandler = (*AdminStoreDetailsHandler)(nil)

// NewAdminStoreDetailsHandler returns the admin store details handler.
func NewAdminStoreDetailsHandler(s *settings.Service, accounts *account.Service) *AdminStoreDetailsHandler {
	return &AdminStoreDetailsHandler{settings: s, accounts: accounts}
}

// GetStoreDetails implements StoreDetailsService.GetStoreDetails.
func (h *AdminStoreDetailsHandler) GetStoreDetails(ctx context.Context, _ *connect.Request[adminv1.GetStoreDetailsRequest]) (*connect.Response[adminv1.GetStoreDetailsResponse], error) {
	st, err := h.settings.Get(ctx)
	if err != nil {
		return nil, err
	}
	return withRevisionETag(&adminv1.GetStoreDetailsResponse{StoreDetails: storeDetailsProto(st)}, st.Revision), nil
}

// UpdateStoreDetails implements StoreDetailsService.UpdateStoreDetails.
func (h *AdminStoreDetailsHandler) UpdateStoreDetails(ctx context.Context, req *connect.Request[adminv1.UpdateStoreDetailsRequest]) (*connect.Response[adminv1.UpdateStoreDetailsResponse], error) {
	actor, expected, err := adminWriter(ctx, h.accounts, req.Msg.GetExpectedRevision(), req.Header())
	if err != nil {
		return nil, err
	}
	in := req.Msg.GetStoreDetails()
	st, err := h.settings.Update(ctx, actor, expected, settings.Input{
		Name: in.Name, AddressLine1: in.AddressLine1, AddressLine2: in.AddressLine2, City: in.City,
		Postcode: in.Postcode, Country: in.Country, ContactEmail: in.ContactEmail, Phone: in.Phone,
		CompanyNumber: in.CompanyNumber, VATNumber: in.VatNumber,
	})
	if err != nil {
		return nil, err
	}
	return withRevisionETag(&adminv1.UpdateStoreDetailsResponse{StoreDetails: storeDetailsProto(st)}, st.Revision), nil
}

// ListStoreDetailsRevisions implements StoreDetailsService.ListStoreDetailsRevisions.
func (h *AdminStoreDetailsHandler) ListStoreDetailsRevisions(ctx context.Context, req *connect.Request[adminv1.ListStoreDetailsRevisionsRequest]) (*connect.Response[adminv1.ListStoreDetailsRevisionsResponse], error) {
	page, err := h.settings.Revisions(ctx, int(req.Msg.GetPageSize()), req.Msg.GetPageToken())
	if err != nil {
		return nil, err
	}
	out := &adminv1.ListStoreDetailsRevisionsResponse{NextPageToken: page.NextPageToken,
		Revisions: make([]*adminv1.StoreDetailsRevision, len(page.Revisions))}
	for i, r := range page.Revisions {
		out.Revisions[i] = storeDetailsRevisionProto(page.Store, r)
	}
	return noStore(connect.NewResponse(out)), nil
}

// GetStoreDetailsRevision implements StoreDetailsService.GetStoreDetailsRevision.
func (h *AdminStoreDetailsHandler) GetStoreDetailsRevision(ctx context.Context, req *connect.Request[adminv1.GetStoreDetailsRevisionRequest]) (*connect.Response[adminv1.GetStoreDetailsRevisionResponse], error) {
	r, cur, err := h.settings.GetRevision(ctx, req.Msg.GetRevision())
	if err != nil {
		return nil, err
	}
	return noStore(connect.NewResponse(&adminv1.GetStoreDetailsRevisionResponse{Revision: storeDetailsRevisionProto(cur, r)})), nil
}

// DiffStoreDetailsRevision implements StoreDetailsService.DiffStoreDetailsRevision.
func (h *AdminStoreDetailsHandler) DiffStoreDetailsRevision(ctx context.Context, req *connect.Request[adminv1.DiffStoreDetailsRevisionRequest]) (*connect.Response[adminv1.DiffStoreDetailsRevisionResponse], error) {
	d, err := h.settings.DiffRevision(ctx, req.Msg.GetRevision(), req.Msg.GetAgainstCurrent())
	if err != nil {
		return nil, err
	}
	return noStore(connect.NewResponse(&adminv1.DiffStoreDetailsRevisionResponse{BaseRevision: d.BaseRevision,
		Changes: changesProto(d.Changes)})), nil
}

// RestoreStoreDetailsRevision implements StoreDetailsService.RestoreStoreDetailsRevision.
func (h *AdminStoreDetailsHandler) RestoreStoreDetailsRevision(ctx context.Context, req *connect.Request[adminv1.RestoreStoreDetailsRevisionRequest]) (*connect.Response[adminv1.RestoreStoreDetailsRevisionResponse], error) {
	actor, expected, err := adminWriter(ctx, h.accounts, req.Msg.GetExpectedRevision(), req.Header())
	if err != nil {
		return nil, err
	}
	st, err := h.settings.Restore(ctx, actor, req.Msg.GetRevision(), expected)
	if err != nil {
		return nil, err
	}
	return withRevisionETag(&adminv1.RestoreStoreDetailsRevisionResponse{StoreDetails: storeDetailsProto(st)}, st.Revision), nil
}

func storeDetailsProto(st settings.Store) *adminv1.StoreDetails {
	return &adminv1.StoreDetails{Name: st.Name, AddressLine1: st.AddressLine1, AddressLine2: st.AddressLine2,
		City: st.City, Postcode: st.Postcode, Country: st.Country, ContactEmail: st.ContactEmail, Phone: st.Phone,
		CompanyNumber: st.CompanyNumber, VatNumber: st.VATNumber, CurrencyCode: st.CurrencyCode,
		Revision: st.Revision, UpdatedAt: optionalTime(st.UpdatedAt), UpdatedBy: actorProto(st.UpdatedBy)}
}

func storeDetailsRevisionProto(cur settings.Store, r settings.Revision) *adminv1.StoreDetailsRevision {
	return &adminv1.StoreDetailsRevision{Revision: r.Revision, Action: revisionActions[r.Action], Actor: actorProto(r.Actor),
		CreatedAt: timestamppb.New(r.CreatedAt), StoreDetails: storeDetailsProto(r.Store(cur)), RestoredFrom: r.RestoredFrom}
}

// AdminDeliveryOptionHandler serves atelier.admin.v1.DeliveryOptionService, with the same revision
// and ETag conventions; the free-delivery rule's answers carry the rule's revision as their ETag.
type AdminDeliveryOptionHandler struct {
	shipping *shipping.Service
	accounts *account.Service
}

var _ adminv1connect.DeliveryOptionServiceHandler = (*AdminDeliveryOptionHandler)(nil)

// NewAdminDeliveryOptionHandler returns the admin delivery option handler.
func NewAdminDeliveryOptionHandler(s *shipping.Service, accounts *account.Service) *AdminDeliveryOptionHandler {
	return &AdminDeliveryOptionHandler{shipping: s, accounts: accounts}
}

// ListAllDeliveryOptions implements DeliveryOptionService.ListAllDeliveryOptions.
func (h *AdminDeliveryOptionHandler) ListAllDeliveryOptions(ctx context.Context, _ *connect.Request[adminv1.ListAllDeliveryOptionsRequest]) (*connect.Response[adminv1.ListAllDeliveryOptionsResponse], error) {
	opts, err := h.shipping.List(ctx)
	if err != nil {
		return nil, err
	}
	out := &adminv1.ListAllDeliveryOptionsResponse{DeliveryOptions: make([]*adminv1.AdminDeliveryOption, len(opts))}
	for i, o := range opts {
		out.DeliveryOptions[i] = adminDeliveryOptionProto(o)
	}
	return noStore(connect.NewResponse(out)), nil
}

// GetDeliveryOption implements DeliveryOptionService.GetDeliveryOption.
func (h *AdminDeliveryOptionHandler) GetDeliveryOption(ctx context.Context, req *connect.Request[adminv1.GetDeliveryOptionRequest]) (*connect.Response[adminv1.GetDeliveryOptionResponse], error) {
	o, err := h.shipping.Get(ctx, req.Msg.GetCode())
	if err != nil {
		return nil, err
	}
	return withRevisionETag(&adminv1.GetDeliveryOptionResponse{DeliveryOption: adminDeliveryOptionProto(o)}, o.Revision), nil
}

// CreateDeliveryOption implements DeliveryOptionService.CreateDeliveryOption.
func (h *AdminDeliveryOptionHandler) CreateDeliveryOption(ctx context.Context, req *connect.Request[adminv1.CreateDeliveryOptionRequest]) (*connect.Response[adminv1.CreateDeliveryOptionResponse], error) {
	actor, err := adminActor(ctx, h.accounts)
	if err != nil {
		return nil, err
	}
	m := req.Msg
	o, err := h.shipping.Create(ctx, actor, shipping.Option{Code: m.GetCode(), Name: m.GetName(), Carrier: m.GetCarrier(),
		EstimatedDelivery: m.GetEstimatedDelivery(), Price: money.GBP(m.GetPriceMinorUnits()), Position: m.GetPosition(),
		Active: m.GetActive()})
	if err != nil {
		return nil, err
	}
	return withRevisionETag(&adminv1.CreateDeliveryOptionResponse{DeliveryOption: adminDeliveryOptionProto(o)}, o.Revision), nil
}

// UpdateDeliveryOption implements DeliveryOptionService.UpdateDeliveryOption.
func (h *AdminDeliveryOptionHandler) UpdateDeliveryOption(ctx context.Context, req *connect.Request[adminv1.UpdateDeliveryOptionRequest]) (*connect.Response[adminv1.UpdateDeliveryOptionResponse], error) {
	actor, expected, err := adminWriter(ctx, h.accounts, req.Msg.GetExpectedRevision(), req.Header())
	if err != nil {
		return nil, err
	}
	in := req.Msg.GetDeliveryOption()
	o, err := h.shipping.Update(ctx, actor, req.Msg.GetCode(), expected, shipping.Input{Name: in.Name, Carrier: in.Carrier,
		EstimatedDelivery: in.EstimatedDelivery, Price: in.PriceMinorUnits, Position: in.Position, Active: in.Active})
	if err != nil {
		return nil, err
	}
	return withRevisionETag(&adminv1.UpdateDeliveryOptionResponse{DeliveryOption: adminDeliveryOptionProto(o)}, o.Revision), nil
}

// ListDeliveryOptionRevisions implements DeliveryOptionService.ListDeliveryOptionRevisions.
func (h *AdminDeliveryOptionHandler) ListDeliveryOptionRevisions(ctx context.Context, req *connect.Request[adminv1.ListDeliveryOptionRevisionsRequest]) (*connect.Response[adminv1.ListDeliveryOptionRevisionsResponse], error) {
	m := req.Msg
	page, err := h.shipping.Revisions(ctx, m.GetCode(), int(m.GetPageSize()), m.GetPageToken())
	if err != nil {
		return nil, err
	}
	out := &adminv1.ListDeliveryOptionRevisionsResponse{NextPageToken: page.NextPageToken,
		Revisions: make([]*adminv1.DeliveryOptionRevision, len(page.Revisions))}
	for i, r := range page.Revisions {
		out.Revisions[i] = deliveryOptionRevisionProto(page.Option, r)
	}
	return noStore(connect.NewResponse(out)), nil
}

// GetDeliveryOptionRevision implements DeliveryOptionService.GetDeliveryOptionRevision.
func (h *AdminDeliveryOptionHandler) GetDeliveryOptionRevision(ctx context.Context, req *connect.Request[adminv1.GetDeliveryOptionRevisionRequest]) (*connect.Response[adminv1.GetDeliveryOptionRevisionResponse], error) {
	r, cur, err := h.shipping.GetRevision(ctx, req.Msg.GetCode(), req.Msg.GetRevision())
	if err != nil {
		return nil, err
	}
	return noStore(connect.NewResponse(&adminv1.GetDeliveryOptionRevisionResponse{Revision: deliveryOptionRevisionProto(cur, r)})), nil
}

// DiffDeliveryOptionRevision implements DeliveryOptionService.DiffDeliveryOptionRevision.
func (h *AdminDeliveryOptionHandler) DiffDeliveryOptionRevision(ctx context.Context, req *connect.Request[adminv1.DiffDeliveryOptionRevisionRequest]) (*connect.Response[adminv1.DiffDeliveryOptionRevisionResponse], error) {
	d, err := h.shipping.DiffRevision(ctx, req.Msg.GetCode(), req.Msg.GetRevision(), req.Msg.GetAgainstCurrent())
	if err != nil {
		return nil, err
	}
	return noStore(connect.NewResponse(&adminv1.DiffDeliveryOptionRevisionResponse{BaseRevision: d.BaseRevision,
		Changes: changesProto(d.Changes)})), nil
}

// RestoreDeliveryOptionRevision implements DeliveryOptionService.RestoreDeliveryOptionRevision.
func (h *AdminDeliveryOptionHandler) RestoreDeliveryOptionRevision(ctx context.Context, req *connect.Request[adminv1.RestoreDeliveryOptionRevisionRequest]) (*connect.Response[adminv1.RestoreDeliveryOptionRevisionResponse], error) {
	actor, expected, err := adminWriter(ctx, h.accounts, req.Msg.GetExpectedRevision(), req.Header())
	if err != nil {
		return nil, err
	}
	o, err := h.shipping.Restore(ctx, actor, req.Msg.GetCode(), req.Msg.GetRevision(), expected)
	if err != nil {
		return nil, err
	}
	return withRevisionETag(&adminv1.RestoreDeliveryOptionRevisionResponse{DeliveryOption: adminDeliveryOptionProto(o)}, o.Revision), nil
}

// GetFreeDeliveryRule implements DeliveryOptionService.GetFreeDeliveryRule.
func (h *AdminDeliveryOptionHandler) GetFreeDeliveryRule(ctx context.Context, _ *connect.Request[adminv1.GetFreeDeliveryRuleRequest]) (*connect.Response[adminv1.GetFreeDeliveryRuleResponse], error) {
	r, err := h.shipping.FreeDeliveryRule(ctx)
	if err != nil {
		return nil, err
	}
	return withRevisionETag(&adminv1.GetFreeDeliveryRuleResponse{FreeDeliveryRule: freeDeliveryRuleProto(r)}, r.Revision), nil
}

// UpdateFreeDeliveryRule implements DeliveryOptionService.UpdateFreeDeliveryRule.
func (h *AdminDeliveryOptionHandler) UpdateFreeDeliveryRule(ctx context.Context, req *connect.Request[adminv1.UpdateFreeDeliveryRuleRequest]) (*connect.Response[adminv1.UpdateFreeDeliveryRuleResponse], error) {
	actor, expected, err := adminWriter(ctx, h.accounts, req.Msg.GetExpectedRevision(), req.Header())
	if err != nil {
		return nil, err
	}
	r, err := h.shipping.SetFreeDeliveryRule(ctx, actor, expected, req.Msg.GetOptionCode(), req.Msg.GetThresholdMinorUnits())
	if err != nil {
		return nil, err
	}
	return withRevisionETag(&adminv1.UpdateFreeDeliveryRuleResponse{FreeDeliveryRule: freeDeliveryRuleProto(r)}, r.Revision), nil
}

// ListCarriers implements DeliveryOptionService.ListCarriers.
func (h *AdminDeliveryOptionHandler) ListCarriers(context.Context, *connect.Request[adminv1.ListCarriersRequest]) (*connect.Response[adminv1.ListCarriersResponse], error) {
	return connect.NewResponse(&adminv1.ListCarriersResponse{Carriers: shipping.Carriers()}), nil
}

func adminDeliveryOptionProto(o shipping.AdminOption) *adminv1.AdminDeliveryOption {
	return &adminv1.AdminDeliveryOption{Id: o.ID, Code: o.Code, Name: o.Name, Carrier: o.Carrier,
		EstimatedDelivery: o.EstimatedDelivery, Price: moneyProto(o.Price), FreeOver: optionalMoneyProto(o.FreeOver),
		Position: o.Position, Active: o.Active, Revision: o.Revision, UpdatedAt: optionalTime(o.UpdatedAt),
		UpdatedBy: actorProto(o.UpdatedBy)}
}

func deliveryOptionRevisionProto(cur shipping.AdminOption, r shipping.Revision) *adminv1.DeliveryOptionRevision {
	return &adminv1.DeliveryOptionRevision{Revision: r.Revision, Action: revisionActions[r.Action], Actor: actorProto(r.Actor),
		CreatedAt: timestamppb.New(r.CreatedAt), DeliveryOption: adminDeliveryOptionProto(r.Option(cur)), RestoredFrom: r.RestoredFrom}
}

func freeDeliveryRuleProto(r shipping.FreeDeliveryRule) *adminv1.FreeDeliveryRule {
	out := &adminv1.FreeDeliveryRule{OptionCode: r.OptionCode, Revision: r.Revision, UpdatedAt: optionalTime(r.UpdatedAt),
		UpdatedBy: actorProto(r.UpdatedBy)}
	if r.OptionCode != "" {
		out.Threshold = moneyProto(r.Threshold)
	}
	return out
}
