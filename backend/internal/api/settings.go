package api

import (
	"context"

	"connectrpc.com/connect"
	storev1 "github.com/atelier-commerce/atelier/backend/internal/gen/atelier/store/v1"
	"github.com/atelier-commerce/atelier/backend/internal/gen/atelier/store/v1/storev1connect"
	"github.com/atelier-commerce/atelier/backend/internal/settings"
)

// SettingsHandler serves atelier.store.v1.SettingsService.
type SettingsHandler struct{ settings *settings.Service }

var _ storev1connect.SettingsServiceHandler = (*SettingsHandler)(nil)

// NewSettingsHandler returns the settings handler.
func NewSettingsHandler(s *settings.Service) *SettingsHandler { return &SettingsHandler{settings: s} }

// GetStoreSettings implements SettingsService.GetStoreSettings.
func (h *SettingsHandler) GetStoreSettings(ctx context.Context, _ *connect.Request[storev1.GetStoreSettingsRequest]) (*connect.Response[storev1.GetStoreSettingsResponse], error) {
	st, err := h.settings.Get(ctx)
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&storev1.GetStoreSettingsResponse{StoreSettings: &storev1.StoreSettings{
		StoreName: st.Name,
		Address: &storev1.Address{Line1: st.AddressLine1, Line2: st.AddressLine2, City: st.City,
			Postcode: st.Postcode, Country: st.Country},
		ContactEmail:  st.ContactEmail,
		Phone:         st.Phone,
		CompanyNumber: st.CompanyNumber,
		VatNumber:     st.VATNumber,
		CurrencyCode:  st.CurrencyCode,
	}}), nil
}
