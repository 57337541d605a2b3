// Package seed holds the demo shop of Atelier London and loads it idempotently.
//
// The data lives in plain Go values (demo_products.go, demo_pages.go,
// demo_store.go) so that it is reviewed like code, versioned with the schema
// it targets and needs no files at run time. Product images are not stored:
// each one is a productart.Spec that the loader renders on demand.
package seed

import (
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/seed/productart"
)

// DemoProduct is one catalogue entry of the demo shop.
type DemoProduct struct {
	Slug        string // unique, kebab-case
	Name        string
	Description string // 2–4 sentences
	SKU         string // unique, e.g. "ML-SER-001"
	PricePence  int64  // GBP, VAT included
	Stock       int32
	Active      bool
	Published   bool
	Featured    bool
	Brand       string      // exactly "Maison Lumière" or "Verdant & Co"
	Features    []string    // 2–5 short feature tags
	Specs       [][2]string // ordered name/value rows; never "category", "feature" or "brand"
	Images      []productart.Spec
	AgeDays     int // how many days ago it was added; distinct, so "newest" order is well defined
}

// DemoPage is an editable information page (privacy, terms, FAQ).
type DemoPage struct {
	Slug, Title, HTML string
	UpdatedAt         time.Time
}

// DemoDeliveryOption is one delivery choice offered at checkout.
type DemoDeliveryOption struct {
	Code, Name, Carrier, EstimatedDays string
	PricePence                         int64
	Position                           int32
	Active                             bool
}

// DemoStoreSettings are the store details shown in the footer.
type DemoStoreSettings struct {
	StoreName, AddressLine1, AddressLine2, City, Postcode, Country, ContactEmail, Phone, CompanyNumber, VATNumber string
}

// The two brands of the demo catalogue. The loader writes each as both the
// product's category and its brand attribute.
const (
	BrandLumiere = "Maison Lumière"
	BrandVerdant = "Verdant & Co"
)
