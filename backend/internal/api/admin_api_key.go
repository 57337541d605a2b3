package api

import (
	"context"

	"connectrpc.com/connect"
	"github.com/atelier-commerce/atelier/backend/internal/account"
	"github.com/atelier-commerce/atelier/backend/internal/apikey"
	"github.com/atelier-commerce/atelier/backend/internal/authz"
	adminv1 "github.com/atelier-commerce/atelier/backend/internal/gen/atelier/admin/v1"
	"github.com/atelier-commerce/atelier/backend/internal/gen/atelier/admin/v1/adminv1connect"
	"google.golang.org/protobuf/types/known/timestamppb"
)

// AdminAPIKeyHandler serves atelier.admin.v1.ApiKeyService to signed-in admins (no scope grants
// it, so no key can make or revoke keys).
type AdminAPIKeyHandler struct {
	keys     *apikey.Service
	accounts *account.Service
}

var _ adminv1connect.ApiKeyServiceHandler = (*AdminAPIKeyHandler)(nil)

// NewAdminAPIKeyHandler returns the API key handler.
func NewAdminAPIKeyHandler(keys *apikey.Service, accounts *account.Service) *AdminAPIKeyHandler {
	return &AdminAPIKeyHandler{keys: keys, accounts: accounts}
}

// ListApiKeys implements ApiKeyService.ListApiKeys.
func (h *AdminAPIKeyHandler) ListApiKeys(ctx context.Context, req *connect.Request[adminv1.ListApiKeysRequest]) (*connect.Response[adminv1.ListApiKeysResponse], error) {
	page, err := h.keys.List(ctx, apikey.Query{PageSize: int(req.Msg.GetPageSize()), PageToken: req.Msg.GetPageToken(),
		OnlyActive: req.Msg.GetOnlyActive()})
	if err != nil {
		return nil, err
	}
	out := &adminv1.ListApiKeysResponse{NextPageToken: page.NextPageToken, ApiKeys: make([]*adminv1.ApiKey, len(page.Keys))}
	for i, k := range page.Keys {
		out.ApiKeys[i] = apiKeyProto(k)
	}
	return noStore(connect.NewResponse(out)), nil
}

// ListApiKeyScopes implements ApiKeyService.ListApiKeyScopes.
func (h *AdminAPIKeyHandler) ListApiKeyScopes(context.Context, *connect.Request[adminv1.ListApiKeyScopesRequest]) (*connect.Response[adminv1.ListApiKeyScopesResponse], error) {
	out := &adminv1.ListApiKeyScopesResponse{}
	for _, s := range authz.Scopes {
		out.Scopes = append(out.Scopes, &adminv1.ApiKeyScope{Scope: string(s.Scope), Description: s.Description, Publishable: s.Publishable})
	}
	return connect.NewResponse(out), nil
}

// CreateApiKey implements ApiKeyService.CreateApiKey.
func (h *AdminAPIKeyHandler) CreateApiKey(ctx context.Context, req *connect.Request[adminv1.CreateApiKeyRequest]) (*connect.Response[adminv1.CreateApiKeyResponse], error) {
	actor, err := adminActor(ctx, h.accounts)
	if err != nil {
		return nil, err
	}
	m := req.Msg
	k, secret, err := h.keys.Create(ctx, actor, apikey.NewKey{Name: m.GetName(), Kind: apiKeyKind(m.GetKind()),
		Scopes: m.GetScopes(), AllowedOrigins: m.GetAllowedOrigins()})
	if err != nil {
		return nil, err
	}
	// The secret is in this answer only: no cache may keep it.
	return noStore(connect.NewResponse(&adminv1.CreateApiKeyResponse{ApiKey: apiKeyProto(k), Secret: secret})), nil
}

// UpdateApiKey implements ApiKeyService.UpdateApiKey.
func (h *AdminAPIKeyHandler) UpdateApiKey(ctx context.Context, req *connect.Request[adminv1.UpdateApiKeyRequest]) (*connect.Response[adminv1.UpdateApiKeyResponse], error) {
	actor, err := adminActor(ctx, h.accounts)
	if err != nil {
		return nil, err
	}
	var origins *[]string
	if o := req.Msg.GetAllowedOrigins(); o != nil {
		list := o.GetOrigins()
		origins = &list
	}
	k, err := h.keys.Update(ctx, actor, req.Msg.GetId(), req.Msg.Name, origins)
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&adminv1.UpdateApiKeyResponse{ApiKey: apiKeyProto(k)}), nil
}

// RevokeApiKey implements ApiKeyService.RevokeApiKey.
func (h *AdminAPIKeyHandler) RevokeApiKey(ctx context.Context, req *connect.Request[adminv1.RevokeApiKeyRequest]) (*connect.Response[adminv1.RevokeApiKeyResponse], error) {
	actor, err := adminActor(ctx, h.accounts)
	if err != nil {
		return nil, err
	}
	k, err := h.keys.Revoke(ctx, actor, req.Msg.GetId(), req.Msg.GetReason())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&adminv1.RevokeApiKeyResponse{ApiKey: apiKeyProto(k)}), nil
}

func apiKeyKind(k adminv1.ApiKeyKind) apikey.Kind {
	switch k {
	case adminv1.ApiKeyKind_API_KEY_KIND_SECRET:
		return apikey.Secret
	case adminv1.ApiKeyKind_API_KEY_KIND_PUBLISHABLE:
		return apikey.Publishable
	}
	return ""
}

func apiKeyProto(k apikey.Key) *adminv1.ApiKey {
	out := &adminv1.ApiKey{
		Id:             k.ID,
		Name:           k.Name,
		Kind:           adminv1.ApiKeyKind_API_KEY_KIND_SECRET,
		Prefix:         k.Prefix,
		Scopes:         k.Scopes,
		AllowedOrigins: k.AllowedOrigins,
		CreatedBy:      &adminv1.ApiKeyCreator{Id: k.CreatedBy.AccountID, Name: k.CreatedBy.Name, Email: k.CreatedBy.Email},
		CreatedAt:      timestamppb.New(k.CreatedAt),
	}
	if k.Kind == apikey.Publishable {
		out.Kind = adminv1.ApiKeyKind_API_KEY_KIND_PUBLISHABLE
	}
	if !k.LastUsedAt.IsZero() {
		out.LastUsedAt = timestamppb.New(k.LastUsedAt)
	}
	if !k.RevokedAt.IsZero() {
		out.RevokedAt = timestamppb.New(k.RevokedAt)
	}
	return out
}
