package api

import (
	"context"

	"connectrpc.com/connect"
	adminv1 "github.com/atelier-commerce/atelier/backend/internal/gen/atelier/admin/v1"
	"github.com/atelier-commerce/atelier/backend/internal/gen/atelier/admin/v1/adminv1connect"
	"github.com/atelier-commerce/atelier/backend/internal/order"
	"google.golang.org/protobuf/types/known/timestamppb"
)

// AdminDashboardHandler serves atelier.admin.v1.DashboardService. Only admins reach it: the
// authorization interceptor refuses everyone else before the handler runs.
type AdminDashboardHandler struct{ orders *order.Service }

var _ adminv1connect.DashboardServiceHandler = (*AdminDashboardHandler)(nil)

// NewAdminDashboardHandler returns the dashboard handler.
func NewAdminDashboardHandler(o *order.Service) *AdminDashboardHandler {
	return &AdminDashboardHandler{orders: o}
}

// GetDashboard implements DashboardService.GetDashboard.
func (h *AdminDashboardHandler) GetDashboard(ctx context.Context, req *connect.Request[adminv1.GetDashboardRequest]) (*connect.Response[adminv1.GetDashboardResponse], error) {
	d, err := h.orders.Dashboard(ctx, int(req.Msg.GetPeriodDays()))
	if err != nil {
		return nil, err
	}
	out := &adminv1.GetDashboardResponse{
		TotalProducts:    d.Products,
		TotalOrders:      d.Orders,
		TotalRevenue:     moneyProto(d.Revenue),
		TotalVat:         moneyProto(d.VAT),
		PendingOrders:    d.Pending,
		PeriodDays:       int32(d.PeriodDays),
		Days:             make([]*adminv1.DashboardDay, len(d.Days)),
		RecentOrders:     make([]*adminv1.DashboardOrder, len(d.Recent)),
		LowStockProducts: make([]*adminv1.DashboardLowStockProduct, len(d.LowStock)),
	}
	for i, day := range d.Days {
		out.Days[i] = &adminv1.DashboardDay{Date: day.Date, Revenue: moneyProto(day.Revenue), OrderCount: day.Orders}
	}
	for i, s := range d.Recent {
		out.RecentOrders[i] = &adminv1.DashboardOrder{Id: s.ID, Number: s.Number, CustomerName: s.CustomerName, Email: s.Email,
			Total: moneyProto(s.Total), Status: orderStatuses[s.Status], PlacedAt: timestamppb.New(s.PaidAt)}
	}
	for i, p := range d.LowStock {
		out.LowStockProducts[i] = &adminv1.DashboardLowStockProduct{Id: p.ID, Name: p.Name, Sku: p.SKU, Stock: p.Stock}
	}
	return noStore(connect.NewResponse(out)), nil
}
