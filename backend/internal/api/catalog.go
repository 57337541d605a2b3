package api

import (
	"context"

	"connectrpc.com/connect"
	"github.com/atelier-commerce/atelier/backend/internal/catalog"
	storev1 "github.com/atelier-commerce/atelier/backend/internal/gen/atelier/store/v1"
	"github.com/atelier-commerce/atelier/backend/internal/gen/atelier/store/v1/storev1connect"
)

// CatalogHandler serves atelier.store.v1.CatalogService.
type CatalogHandler struct {
	catalog *catalog.Service
	urls    MediaURLs
}

var _ storev1connect.CatalogServiceHandler = (*CatalogHandler)(nil)

// NewCatalogHandler returns the catalogue's handler.
func NewCatalogHandler(c *catalog.Service, urls MediaURLs) *CatalogHandler {
	return &CatalogHandler{catalog: c, urls: urls}
}

// ListProducts implements CatalogService.ListProducts.
func (h *CatalogHandler) ListProducts(ctx context.Context, req *connect.Request[storev1.ListProductsRequest]) (*connect.Response[storev1.ListProductsResponse], error) {
	m := req.Msg
	q := catalog.ListQuery{
		Search:     m.GetSearch(),
		Categories: m.GetCategory(),
		MinPrice:   m.MinPrice,
		MaxPrice:   m.MaxPrice,
		Sort:       catalog.Sort(m.GetSort()),
		Page:       int(m.GetPage()),
		PageToken:  m.GetPageToken(),
		View:       viewFromProto(m.GetView()),
	}
	switch {
	case m.PageSize == nil:
		q.PageSize = catalog.DefaultPageSize
	case m.GetPageSize() == 0:
		q.PageSize = catalog.AllPageSize
	default:
		q.PageSize = int(m.GetPageSize())
	}
	page, err := h.catalog.List(ctx, q)
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&storev1.ListProductsResponse{
		Products:     productsProto(page.Products, h.urls),
		TotalCount:   int32(page.Total),
		Page:         int32(page.Page),
		PageSize:     int32(max(page.PageSize, 0)), // AllPageSize is 0 on the wire
		TotalPages:   int32(page.TotalPages),
		PriceCeiling: moneyProto(page.PriceCeiling),
		// Counted up to catalog.CountCap; more match when this is true.
		TotalCountCapped: page.TotalCapped,
		NextPageToken:    page.NextPageToken,
	}), nil
}

// GetProduct implements CatalogService.GetProduct.
func (h *CatalogHandler) GetProduct(ctx context.Context, req *connect.Request[storev1.GetProductRequest]) (*connect.Response[storev1.GetProductResponse], error) {
	p, err := h.catalog.Get(ctx, req.Msg.GetId())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&storev1.GetProductResponse{Product: productProto(p, h.urls)}), nil
}

// ListRelatedProducts implements CatalogService.ListRelatedProducts.
func (h *CatalogHandler) ListRelatedProducts(ctx context.Context, req *connect.Request[storev1.ListRelatedProductsRequest]) (*connect.Response[storev1.ListRelatedProductsResponse], error) {
	ps, err := h.catalog.Related(ctx, req.Msg.GetId())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&storev1.ListRelatedProductsResponse{Products: productsProto(ps, h.urls)}), nil
}

// ListFeaturedProducts implements CatalogService.ListFeaturedProducts.
func (h *CatalogHandler) ListFeaturedProducts(ctx context.Context, req *connect.Request[storev1.ListFeaturedProductsRequest]) (*connect.Response[storev1.ListFeaturedProductsResponse], error) {
	ps, err := h.catalog.Featured(ctx, catalog.FeaturedMode(req.Msg.GetMode()), viewFromProto(req.Msg.GetView()))
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&storev1.ListFeaturedProductsResponse{Products: productsProto(ps, h.urls)}), nil
}

// ListCategories implements CatalogService.ListCategories.
func (h *CatalogHandler) ListCategories(ctx context.Context, _ *connect.Request[storev1.ListCategoriesRequest]) (*connect.Response[storev1.ListCategoriesResponse], error) {
	cs, err := h.catalog.Categories(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]*storev1.Category, len(cs))
	for i, c := range cs {
		out[i] = &storev1.Category{Name: c.Name, ProductCount: c.Count}
	}
	return connect.NewResponse(&storev1.ListCategoriesResponse{Categories: out}), nil
}
