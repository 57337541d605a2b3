package api

import (
	"github.com/atelier-commerce/atelier/backend/internal/cart"
	"github.com/atelier-commerce/atelier/backend/internal/catalog"
	storev1 "github.com/atelier-commerce/atelier/backend/internal/gen/atelier/store/v1"
	typev1 "github.com/atelier-commerce/atelier/backend/internal/gen/atelier/type/v1"
	"github.com/atelier-commerce/atelier/backend/internal/money"
	"github.com/atelier-commerce/atelier/backend/internal/status"
	"google.golang.org/protobuf/types/known/timestamppb"
)

// MediaURLs turns a stored media key into the absolute URL it is served at.
type MediaURLs interface {
	URL(key string) string
}

func moneyProto(m money.Money) *typev1.Money {
	return &typev1.Money{CurrencyCode: m.Currency, MinorUnits: m.Minor}
}

// optionalMoneyProto leaves an absent amount unset on the wire.
func optionalMoneyProto(m *money.Money) *typev1.Money {
	if m == nil {
		return nil
	}
	return moneyProto(*m)
}

var stockStatuses = map[catalog.StockStatus]storev1.StockStatus{
	catalog.InStock:    storev1.StockStatus_STOCK_STATUS_IN_STOCK,
	catalog.LowStock:   storev1.StockStatus_STOCK_STATUS_LOW_STOCK,
	catalog.OutOfStock: storev1.StockStatus_STOCK_STATUS_OUT_OF_STOCK,
}

func productProto(p catalog.Product, urls MediaURLs) *storev1.Product {
	out := &storev1.Product{
		Id:            p.ID,
		Slug:          p.Slug,
		Name:          p.Name,
		Description:   p.Description,
		Price:         moneyProto(p.Price),
		Sku:           p.SKU,
		StockQuantity: p.Stock,
		StockStatus:   stockStatuses[p.StockStatus()],
		Featured:      p.Featured,
		Category:      p.Category(),
		CreatedAt:     timestamppb.New(p.CreatedAt),
		ImageCount:    p.ImageCount,
		Attributes:    make([]*storev1.Attribute, len(p.Attributes)),
		Images:        make([]*storev1.ProductImage, len(p.Images)),
	}
	for i, a := range p.Attributes {
		out.Attributes[i] = &storev1.Attribute{Name: a.Name, Value: a.Value}
	}
	for i, img := range p.Images {
		largest := img.Largest()
		pi := &storev1.ProductImage{
			Id:       img.ID,
			Url:      urls.URL(largest.Key),
			Alt:      img.Alt,
			Primary:  img.Primary,
			Width:    largest.Width,
			Height:   largest.Height,
			Variants: make([]*storev1.ImageVariant, len(img.Variants)),
		}
		for j, v := range img.Variants {
			pi.Variants[j] = &storev1.ImageVariant{Url: urls.URL(v.Key), Width: v.Width, Height: v.Height, ContentType: v.ContentType}
		}
		out.Images[i] = pi
	}
	return out
}

var productViews = map[storev1.ProductView]catalog.View{
	storev1.ProductView_PRODUCT_VIEW_UNSPECIFIED: catalog.ViewUnspecified,
	storev1.ProductView_PRODUCT_VIEW_BASIC:       catalog.ViewBasic,
	storev1.ProductView_PRODUCT_VIEW_FULL:        catalog.ViewFull,
}

// viewFromProto maps a requested view; a value this server does not know (protovalidate refuses
// it first) becomes one the catalogue refuses too.
func viewFromProto(v storev1.ProductView) catalog.View {
	if view, ok := productViews[v]; ok {
		return view
	}
	return catalog.View(-1)
}

func productsProto(ps []catalog.Product, urls MediaURLs) []*storev1.Product {
	out := make([]*storev1.Product, len(ps))
	for i, p := range ps {
		out[i] = productProto(p, urls)
	}
	return out
}

var statusStates = map[status.State]storev1.StatusCheckState{
	status.OK:            storev1.StatusCheckState_STATUS_CHECK_STATE_OK,
	status.NotConfigured: storev1.StatusCheckState_STATUS_CHECK_STATE_NOT_CONFIGURED,
	status.Failing:       storev1.StatusCheckState_STATUS_CHECK_STATE_ERROR,
}

func cartProto(c cart.Cart, urls MediaURLs) *storev1.Cart {
	out := &storev1.Cart{
		Id:          c.ID,
		Lines:       make([]*storev1.CartLine, len(c.Lines)),
		ItemCount:   c.ItemCount,
		Subtotal:    moneyProto(c.Subtotal),
		Total:       moneyProto(c.Total),
		VatIncluded: moneyProto(c.VATIncluded),
		UpdatedAt:   timestamppb.New(c.UpdatedAt),
	}
	for i, l := range c.Lines {
		out.Lines[i] = &storev1.CartLine{Product: productProto(l.Product, urls), Quantity: l.Quantity,
			UnitPrice: moneyProto(l.UnitPrice), LineTotal: moneyProto(l.LineTotal), ExceedsStock: l.ExceedsStock,
			Unavailable: l.Unavailable}
	}
	if d := c.Delivery; d != nil {
		out.Delivery = &storev1.CartDelivery{Code: d.Code, Name: d.Name, Price: moneyProto(d.Price),
			FreeOver: optionalMoneyProto(d.FreeOver)}
	}
	return out
}
