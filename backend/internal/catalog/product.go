// Package catalog owns products, their attributes and images, and the rules of the public
// catalogue: which products shoppers see, how they are searched, filtered, sorted and paged, and
// which are related or featured.
package catalog

import (
	"strings"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/money"
)

// Attribute names with a meaning of their own; any other name is a specification row.
const (
	AttrCategory = "category"
	AttrFeature  = "feature"
	AttrBrand    = "brand"
)

// LowStockBelow is where the low-stock badge starts: 1–9 units are low, 0 is out of stock.
const LowStockBelow = 10

// Product is a product as the public catalogue shows it.
type Product struct {
	ID          string
	Slug        string
	Name        string
	Description string
	Price       money.Money
	SKU         string
	Stock       int32
	Featured    bool
	Attributes  []Attribute
	Images      []Image
	// ImageCount is how many images the product has, also when a summary carries only the first.
	ImageCount int32
	CreatedAt  time.Time
}

// Attribute is one ordered name/value pair.
type Attribute struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// Image is a product picture with its stored renditions.
type Image struct {
	ID       string
	Alt      string
	Primary  bool
	Variants []Variant // narrowest first
}

// Variant is one stored rendition of an image.
type Variant struct {
	Key         string `json:"key"`
	Width       int32  `json:"width"`
	Height      int32  `json:"height"`
	ContentType string `json:"content_type"`
}

// Largest returns the widest rendition (the zero Variant when there are none).
func (i Image) Largest() Variant {
	if len(i.Variants) == 0 {
		return Variant{}
	}
	return i.Variants[len(i.Variants)-1]
}

// StockStatus is the badge a stock level earns.
type StockStatus int

// Stock statuses.
const (
	InStock StockStatus = iota + 1
	LowStock
	OutOfStock
)

// StockStatus classifies the product's stock: 0 is out, 1–9 is low, otherwise in stock.
func (p Product) StockStatus() StockStatus {
	switch {
	case p.Stock <= 0:
		return OutOfStock
	case p.Stock < LowStockBelow:
		return LowStock
	default:
		return InStock
	}
}

// Category is the value of the first category attribute, or "".
func (p Product) Category() string {
	for _, a := range p.Attributes {
		if a.Name == AttrCategory {
			return a.Value
		}
	}
	return ""
}

// NormalizeAttributes trims names and values and drops pairs missing either, keeping order.
func NormalizeAttributes(in []Attribute) []Attribute {
	out := make([]Attribute, 0, len(in))
	for _, a := range in {
		a.Name, a.Value = strings.TrimSpace(a.Name), strings.TrimSpace(a.Value)
		if a.Name != "" && a.Value != "" {
			out = append(out, a)
		}
	}
	return out
}

// CategoryCount is a category with the number of visible products in it.
type CategoryCount struct {
	Name  string
	Count int32
}
