package api

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"time"

	"connectrpc.com/connect"
	"github.com/atelier-commerce/atelier/backend/internal/account"
	"github.com/atelier-commerce/atelier/backend/internal/apikey"
	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/catalog"
	adminv1 "github.com/atelier-commerce/atelier/backend/internal/gen/atelier/admin/v1"
	"github.com/atelier-commerce/atelier/backend/internal/gen/atelier/admin/v1/adminv1connect"
	"github.com/atelier-commerce/atelier/backend/internal/money"
	"github.com/atelier-commerce/atelier/backend/internal/revision"
	"google.golang.org/protobuf/types/known/timestamppb"
)

// AdminProductHandler serves atelier.admin.v1.ProductService. Only admins reach it (the
// authorization interceptor refuses everyone else first). Answers that carry one product carry
// its revision as the ETag header too; on REST, a write may name the revision it was based on
// in If-Match instead of expected_revision.
type AdminProductHandler struct {
	catalog  *catalog.Admin
	accounts *account.Service
	urls     MediaURLs
	intake   ImageIntake
}

var _ adminv1connect.ProductServiceHandler = (*AdminProductHandler)(nil)

// NewAdminProductHandler returns the admin product handler; uploads go through intake (nil
// answers them Unimplemented).
func NewAdminProductHandler(c *catalog.Admin, a *account.Service, urls MediaURLs, intake ImageIntake) *AdminProductHandler {
	return &AdminProductHandler{catalog: c, accounts: a, urls: urls, intake: intake}
}

// ListProducts implements ProductService.ListProducts.
func (h *AdminProductHandler) ListProducts(ctx context.Context, req *connect.Request[adminv1.ListProductsRequest]) (*connect.Response[adminv1.ListProductsResponse], error) {
	m := req.Msg
	// The contract's status and stock enums are numbered as the catalogue's filters are.
	page, err := h.catalog.List(ctx, catalog.AdminQuery{
		Search: m.GetSearch(), Category: m.GetCategory(), Status: catalog.StatusFilter(m.GetStatus()),
		Stock: catalog.StockStatus(m.GetStockLevel()), Sort: m.GetSort(), Descending: m.GetDescending(),
		Page: int(m.GetPage()), PageSize: int(m.GetPageSize()), PageToken: m.GetPageToken(),
	})
	if err != nil {
		return nil, err
	}
	out := &adminv1.ListProductsResponse{Products: make([]*adminv1.Product, len(page.Products)),
		TotalCount: int32(page.Total), Page: int32(page.Page), PageSize: int32(page.PageSize), TotalPages: int32(page.TotalPages),
		NextPageToken: page.NextPageToken}
	for i, p := range page.Products {
		out.Products[i] = h.productProto(p)
	}
	return noStore(connect.NewResponse(out)), nil
}

// GetProduct implements ProductService.GetProduct.
func (h *AdminProductHandler) GetProduct(ctx context.Context, req *connect.Request[adminv1.GetProductRequest]) (*connect.Response[adminv1.GetProductResponse], error) {
	p, err := h.catalog.Get(ctx, req.Msg.GetProductId())
	if err != nil {
		return nil, err
	}
	return withETag(&adminv1.GetProductResponse{Product: h.productProto(p)}, p), nil
}

// ListProductCategories implements ProductService.ListProductCategories.
func (h *AdminProductHandler) ListProductCategories(ctx context.Context, _ *connect.Request[adminv1.ListProductCategoriesRequest]) (*connect.Response[adminv1.ListProductCategoriesResponse], error) {
	cs, err := h.catalog.Categories(ctx)
	if err != nil {
		return nil, err
	}
	return noStore(connect.NewResponse(&adminv1.ListProductCategoriesResponse{Categories: cs})), nil
}

// CreateProduct implements ProductService.CreateProduct.
func (h *AdminProductHandler) CreateProduct(ctx context.Context, req *connect.Request[adminv1.CreateProductRequest]) (*connect.Response[adminv1.CreateProductResponse], error) {
	actor, err := h.actor(ctx)
	if err != nil {
		return nil, err
	}
	p, err := h.catalog.Create(ctx, actor, adminInput(req.Msg.GetProduct()))
	if err != nil {
		return nil, err
	}
	return withETag(&adminv1.CreateProductResponse{Product: h.productProto(p)}, p), nil
}

// UpdateProduct implements ProductService.UpdateProduct.
func (h *AdminProductHandler) UpdateProduct(ctx context.Context, req *connect.Request[adminv1.UpdateProductRequest]) (*connect.Response[adminv1.UpdateProductResponse], error) {
	actor, expected, err := h.writer(ctx, req.Msg.GetExpectedRevision(), req.Header())
	if err != nil {
		return nil, err
	}
	p, err := h.catalog.Update(ctx, actor, req.Msg.GetProductId(), expected, adminInput(req.Msg.GetProduct()))
	if err != nil {
		return nil, err
	}
	return withETag(&adminv1.UpdateProductResponse{Product: h.productProto(p)}, p), nil
}

// DeleteProduct implements ProductService.DeleteProduct.
func (h *AdminProductHandler) DeleteProduct(ctx context.Context, req *connect.Request[adminv1.DeleteProductRequest]) (*connect.Response[adminv1.DeleteProductResponse], error) {
	actor, expected, err := h.writer(ctx, req.Msg.GetExpectedRevision(), req.Header())
	if err != nil {
		return nil, err
	}
	p, err := h.catalog.Archive(ctx, actor, req.Msg.GetProductId(), expected)
	if err != nil {
		return nil, err
	}
	return withETag(&adminv1.DeleteProductResponse{Product: h.productProto(p)}, p), nil
}

// SetProductsPublished implements ProductService.SetProductsPublished.
func (h *AdminProductHandler) SetProductsPublished(ctx context.Context, req *connect.Request[adminv1.SetProductsPublishedRequest]) (*connect.Response[adminv1.SetProductsPublishedResponse], error) {
	actor, err := h.actor(ctx)
	if err != nil {
		return nil, err
	}
	ps, err := h.catalog.SetPublished(ctx, actor, req.Msg.GetProductIds(), req.Msg.GetPublished())
	if err != nil {
		return nil, err
	}
	out := &adminv1.SetProductsPublishedResponse{Products: make([]*adminv1.Product, len(ps))}
	for i, p := range ps {
		out.Products[i] = h.productProto(p)
	}
	return noStore(connect.NewResponse(out)), nil
}

// ListProductRevisions implements ProductService.ListProductRevisions.
func (h *AdminProductHandler) ListProductRevisions(ctx context.Context, req *connect.Request[adminv1.ListProductRevisionsRequest]) (*connect.Response[adminv1.ListProductRevisionsResponse], error) {
	m := req.Msg
	page, err := h.catalog.Revisions(ctx, m.GetProductId(), int(m.GetPageSize()), m.GetPageToken())
	if err != nil {
		return nil, err
	}
	out := &adminv1.ListProductRevisionsResponse{NextPageToken: page.NextPageToken,
		Revisions: make([]*adminv1.ProductRevision, len(page.Revisions))}
	for i, r := range page.Revisions {
		out.Revisions[i] = h.revisionProto(m.GetProductId(), r)
	}
	return noStore(connect.NewResponse(out)), nil
}

// GetProductRevision implements ProductService.GetProductRevision.
func (h *AdminProductHandler) GetProductRevision(ctx context.Context, req *connect.Request[adminv1.GetProductRevisionRequest]) (*connect.Response[adminv1.GetProductRevisionResponse], error) {
	r, err := h.catalog.GetRevision(ctx, req.Msg.GetProductId(), req.Msg.GetRevision())
	if err != nil {
		return nil, err
	}
	return noStore(connect.NewResponse(&adminv1.GetProductRevisionResponse{Revision: h.revisionProto(req.Msg.GetProductId(), r)})), nil
}

// DiffProductRevision implements ProductService.DiffProductRevision.
func (h *AdminProductHandler) DiffProductRevision(ctx context.Context, req *connect.Request[adminv1.DiffProductRevisionRequest]) (*connect.Response[adminv1.DiffProductRevisionResponse], error) {
	d, err := h.catalog.DiffRevision(ctx, req.Msg.GetProductId(), req.Msg.GetRevision(), req.Msg.GetAgainstCurrent())
	if err != nil {
		return nil, err
	}
	return noStore(connect.NewResponse(&adminv1.DiffProductRevisionResponse{BaseRevision: d.BaseRevision,
		Changes: changesProto(d.Changes)})), nil
}

// RestoreProductRevision implements ProductService.RestoreProductRevision.
func (h *AdminProductHandler) RestoreProductRevision(ctx context.Context, req *connect.Request[adminv1.RestoreProductRevisionRequest]) (*connect.Response[adminv1.RestoreProductRevisionResponse], error) {
	actor, expected, err := h.writer(ctx, req.Msg.GetExpectedRevision(), req.Header())
	if err != nil {
		return nil, err
	}
	p, err := h.catalog.Restore(ctx, actor, req.Msg.GetProductId(), req.Msg.GetRevision(), expected)
	if err != nil {
		return nil, err
	}
	return withETag(&adminv1.RestoreProductRevisionResponse{Product: h.productProto(p)}, p), nil
}

// actor is the signed-in admin as history records them.
func (h *AdminProductHandler) actor(ctx context.Context) (catalog.Actor, error) {
	return adminActor(ctx, h.accounts)
}

// writer is the actor of a write and the revision it is based on.
func (h *AdminProductHandler) writer(ctx context.Context, field int64, header http.Header) (catalog.Actor, int64, error) {
	return adminWriter(ctx, h.accounts, field, header)
}

// adminActor is the signed-in admin as history records them, or the API key the request was made
// with, on behalf of the admin who made it.
func adminActor(ctx context.Context, accounts *account.Service) (revision.Actor, error) {
	if c, ok := apikey.CallerFrom(ctx); ok {
		return revision.Actor{AccountID: c.CreatedBy, Name: "API key “" + c.Name + "”"}, nil
	}
	u, err := accounts.GetMe(ctx, account.PrincipalFrom(ctx))
	if err != nil {
		return revision.Actor{}, err
	}
	return revision.Actor{AccountID: u.ID, Name: strings.TrimSpace(u.FirstName + " " + u.LastName), Email: u.Email}, nil
}

// adminWriter is the actor of a write and the revision it is based on: the request's field, or
// else the If-Match header (REST).
func adminWriter(ctx context.Context, accounts *account.Service, field int64, header http.Header) (revision.Actor, int64, error) {
	expected := field
	if expected == 0 {
		var err error
		if expected, err = IfMatchRevision(header); err != nil {
			return revision.Actor{}, 0, err
		}
	}
	actor, err := adminActor(ctx, accounts)
	return actor, expected, err
}

// IfMatchRevision reads the revision an If-Match header names: one strong entity tag as this
// API's ETag header gives it ("7"); 0 when there is no header. Anything else (a list, a weak tag,
// "*", a tag this API never gave) is refused: a write must name exactly the revision it saw.
func IfMatchRevision(h http.Header) (int64, error) {
	values := h.Values("If-Match")
	if len(values) == 0 {
		return 0, nil
	}
	v := strings.TrimSpace(values[0])
	unquoted, ok := strings.CutPrefix(v, `"`)
	if ok {
		unquoted, ok = strings.CutSuffix(unquoted, `"`)
	}
	n, err := strconv.ParseInt(unquoted, 10, 64)
	if len(values) > 1 || !ok || err != nil || n < 1 {
		return 0, apperr.Invalid("If-Match", "malformed_if_match",
			`If-Match must be the ETag of the product or page, one revision in double quotes such as "3"`)
	}
	return n, nil
}

// ETag is the entity tag of a revision (of a product or a page).
func ETag(revision int64) string { return `"` + strconv.FormatInt(revision, 10) + `"` }

// withETag answers msg with p's revision as the ETag, never to be cached.
func withETag[T any](msg *T, p catalog.AdminProduct) *connect.Response[T] {
	return withRevisionETag(msg, p.Revision)
}

// withRevisionETag answers msg with revision as the ETag, never to be cached.
func withRevisionETag[T any](msg *T, revision int64) *connect.Response[T] {
	res := noStore(connect.NewResponse(msg))
	res.Header().Set("ETag", ETag(revision))
	return res
}

func adminInput(in *adminv1.ProductInput) catalog.AdminInput {
	out := catalog.AdminInput{
		Name: in.Name, Description: in.Description, Price: in.PriceMinorUnits, SKU: in.Sku, Stock: in.StockQuantity,
		StockWas: in.StockQuantityWas,
		Active:   in.Active, Published: in.Published, Featured: in.Featured, NewCategory: in.GetNewCategory(),
	}
	if in.GetAttributes() != nil {
		attrs := make([]catalog.Attribute, len(in.GetAttributes().GetAttributes()))
		for i, a := range in.GetAttributes().GetAttributes() {
			attrs[i] = catalog.Attribute{Name: a.GetName(), Value: a.GetValue()}
		}
		out.Attributes = &attrs
	}
	return out
}

var adminStockLevels = map[catalog.StockStatus]adminv1.StockLevel{
	catalog.InStock:    adminv1.StockLevel_STOCK_LEVEL_IN_STOCK,
	catalog.LowStock:   adminv1.StockLevel_STOCK_LEVEL_LOW_STOCK,
	catalog.OutOfStock: adminv1.StockLevel_STOCK_LEVEL_OUT_OF_STOCK,
}

var imageStates = map[string]adminv1.ImageState{
	catalog.ImageProcessing: adminv1.ImageState_IMAGE_STATE_PROCESSING,
	catalog.ImageReady:      adminv1.ImageState_IMAGE_STATE_READY,
	catalog.ImageFailed:     adminv1.ImageState_IMAGE_STATE_FAILED,
}

// revisionActions are the kinds of revision of every aggregate (products, pages).
var revisionActions = map[revision.Action]adminv1.RevisionAction{
	catalog.ActionCreated:       adminv1.RevisionAction_REVISION_ACTION_CREATED,
	catalog.ActionUpdated:       adminv1.RevisionAction_REVISION_ACTION_UPDATED,
	catalog.ActionPublished:     adminv1.RevisionAction_REVISION_ACTION_PUBLISHED,
	catalog.ActionUnpublished:   adminv1.RevisionAction_REVISION_ACTION_UNPUBLISHED,
	catalog.ActionArchived:      adminv1.RevisionAction_REVISION_ACTION_ARCHIVED,
	catalog.ActionRestored:      adminv1.RevisionAction_REVISION_ACTION_RESTORED,
	catalog.ActionImagesChanged: adminv1.RevisionAction_REVISION_ACTION_IMAGES_CHANGED,
}

// optionalTime leaves an absent time unset on the wire.
func optionalTime(t time.Time) *timestamppb.Timestamp {
	if t.IsZero() {
		return nil
	}
	return timestamppb.New(t)
}

func actorProto(a catalog.Actor) *adminv1.Actor {
	return &adminv1.Actor{AccountId: a.AccountID, DisplayName: a.DisplayName(), Email: a.Email}
}

func (h *AdminProductHandler) productProto(p catalog.AdminProduct) *adminv1.Product {
	out := &adminv1.Product{
		Id: p.ID, Slug: p.Slug, Name: p.Name, Description: p.Description, Sku: p.SKU, StockQuantity: p.Stock,
		StockLevel: adminStockLevels[p.StockStatus()], Active: p.Active, Published: p.Published, Featured: p.Featured,
		Category: p.Category(), Revision: p.Revision, Visible: p.Visible(), UpdatedBy: actorProto(p.UpdatedBy),
		CreatedAt:  optionalTime(p.CreatedAt),
		UpdatedAt:  optionalTime(p.UpdatedAt),
		Attributes: make([]*adminv1.ProductAttribute, len(p.Attributes)),
		Images:     make([]*adminv1.ProductImage, len(p.Images)),
	}
	if p.Price != nil {
		out.Price = moneyProto(money.GBP(*p.Price))
	}
	if p.ArchivedAt != nil {
		out.ArchivedAt = timestamppb.New(*p.ArchivedAt)
	}
	for i, a := range p.Attributes {
		out.Attributes[i] = &adminv1.ProductAttribute{Name: a.Name, Value: a.Value}
	}
	for i, img := range p.Images {
		out.Images[i] = h.imageProto(img)
	}
	return out
}

func (h *AdminProductHandler) imageProto(img catalog.AdminImage) *adminv1.ProductImage {
	out := &adminv1.ProductImage{
		Id: img.ID, State: imageStates[img.State], FailureReason: img.FailureReason, Alt: img.Alt, Primary: img.Primary,
		Width: img.Width, Height: img.Height, SizeBytes: img.SizeBytes, ContentType: img.ContentType,
		CreatedAt: optionalTime(img.CreatedAt),
		Variants:  make([]*adminv1.ImageVariant, len(img.Variants)),
	}
	for i, v := range img.Variants {
		out.Variants[i] = &adminv1.ImageVariant{Url: h.urls.URL(v.Key), Width: v.Width, Height: v.Height, ContentType: v.ContentType}
	}
	return out
}

func (h *AdminProductHandler) revisionProto(productID string, r catalog.Revision) *adminv1.ProductRevision {
	return &adminv1.ProductRevision{
		Revision: r.Revision, Action: revisionActions[r.Action], Actor: actorProto(r.Actor),
		CreatedAt: timestamppb.New(r.CreatedAt), Product: h.productProto(r.Product(productID)), RestoredFrom: r.RestoredFrom,
	}
}

func changesProto(changes []revision.Change) []*adminv1.FieldChange {
	out := make([]*adminv1.FieldChange, len(changes))
	for i, c := range changes {
		out[i] = &adminv1.FieldChange{Field: c.Field, Before: c.Before, After: c.After}
	}
	return out
}
