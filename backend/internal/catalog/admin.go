package catalog

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/db"
	"github.com/atelier-commerce/atelier/backend/internal/revision"
	"github.com/atelier-commerce/atelier/backend/internal/webhook/event"
	"github.com/jackc/pgx/v5"
)

// Admin is the catalogue's write side, for the back office: every product whatever its status,
// edits guarded by the product's revision, and a history of immutable revisions.
//
// Every write clears the public read cache of the Service it was made from at once, so this
// process's shop shows it on the next request. Another API process has its own cache and sees the
// change when its entries expire: at most CATALOG_CACHE_TTL later (the staleness the public
// catalogue accepts anyway; stock and visibility are re-checked in the cart's and checkout's own
// transactions, which never read the cache).
type Admin struct {
	shop *Service
	now  func() time.Time
}

// NewAdmin returns the write side of shop's catalogue.
func NewAdmin(shop *Service) *Admin { return &Admin{shop: shop, now: time.Now} }

// Actor is who makes a change: a signed-in admin, or the system (empty AccountID).
type Actor = revision.Actor

// SystemName is how changes made outside the admin API (the seed, migrations) are signed.
const SystemName = revision.SystemName

// AdminProduct is a product as the back office sees it.
type AdminProduct struct {
	ID          string
	Slug        string
	Name        string
	Description string
	Price       *int64 // pence; nil for a draft without a price
	SKU         string
	Stock       int32
	Active      bool
	Published   bool
	Featured    bool
	Attributes  []Attribute
	Images      []AdminImage
	Revision    int64
	ArchivedAt  *time.Time
	CreatedAt   time.Time
	UpdatedAt   time.Time
	UpdatedBy   Actor
}

// Visible reports whether shoppers see the product (the rule of store.go's visible).
func (p AdminProduct) Visible() bool {
	return p.Active && p.Published && p.ArchivedAt == nil && p.Name != "" && p.Price != nil
}

// Category is the value of the first category attribute, or "".
func (p AdminProduct) Category() string { return Product{Attributes: p.Attributes}.Category() }

// StockStatus classifies the product's stock as the shop does.
func (p AdminProduct) StockStatus() StockStatus { return Product{Stock: p.Stock}.StockStatus() }

// Image states.
const (
	ImageProcessing = "processing"
	ImageReady      = "ready"
	ImageFailed     = "failed"
)

// AdminImage is a product image with its processing state.
type AdminImage struct {
	ID            string
	Alt           string
	Primary       bool
	State         string
	FailureReason string
	Width         int32
	Height        int32
	SizeBytes     int64
	ContentType   string
	Variants      []Variant
	CreatedAt     time.Time
}

// Limits of the editable fields.
const (
	MaxNameLen        = 200
	MaxDescriptionLen = 20000
	MaxSKULen         = 64
	MaxAttributes     = 100
	MaxAltLen         = 250
)

// AdminInput is the editable part of a product: nil fields take their defaults on create and
// keep their values on update.
type AdminInput struct {
	Name        *string
	Description *string
	Price       *int64
	SKU         *string
	Stock       *int32
	Active      *bool
	Published   *bool
	Featured    *bool
	Attributes  *[]Attribute // replaces the whole list when set
	// NewCategory allows a category value that no product has yet.
	NewCategory bool
	// StockWas is the stock an update was based on (as loaded), when the client says: see
	// stockEdit.
	StockWas *int32
}

// apply returns p with in's fields set, normalised and checked. The checks needing the database
// (sku, category) are the caller's.
func (in AdminInput) apply(p AdminProduct) (AdminProduct, error) {
	if in.Name != nil {
		p.Name = strings.TrimSpace(*in.Name)
	}
	if in.Description != nil {
		p.Description = strings.TrimSpace(*in.Description)
	}
	if in.Price != nil {
		p.Price = new(*in.Price)
	}
	if in.SKU != nil {
		p.SKU = strings.TrimSpace(*in.SKU)
	}
	if in.Stock != nil {
		p.Stock = *in.Stock
	}
	for _, f := range []struct {
		from *bool
		to   *bool
	}{{in.Active, &p.Active}, {in.Published, &p.Published}, {in.Featured, &p.Featured}} {
		if f.from != nil {
			*f.to = *f.from
		}
	}
	if in.Attributes != nil {
		if len(*in.Attributes) > MaxAttributes {
			return p, apperr.Invalid("attributes", "too_many_attributes", "a product has at most %d attributes", MaxAttributes)
		}
		p.Attributes = NormalizeAttributes(*in.Attributes)
	}
	switch {
	case p.Name == "":
		return p, apperr.Invalid("name", "name_required", "name is required")
	case utf8.RuneCountInString(p.Name) > MaxNameLen:
		return p, apperr.Invalid("name", "name_too_long", "name must be at most %d characters", MaxNameLen)
	case utf8.RuneCountInString(p.Description) > MaxDescriptionLen:
		return p, apperr.Invalid("description", "description_too_long", "description must be at most %d characters", MaxDescriptionLen)
	case p.Price != nil && *p.Price < 0:
		return p, apperr.Invalid("price", "negative_price", "price must not be negative")
	case p.Stock < 0:
		return p, apperr.Invalid("stock", "negative_stock", "stock must not be negative")
	case utf8.RuneCountInString(p.SKU) > MaxSKULen:
		return p, apperr.Invalid("sku", "sku_too_long", "sku must be at most %d characters", MaxSKULen)
	}
	return p, nil
}

// checkUnique refuses an sku another product has and a category no product has (unless asked
// for), in tx.
func checkUnique(ctx context.Context, tx pgx.Tx, p AdminProduct, in AdminInput) error {
	if in.SKU != nil && p.SKU != "" {
		taken, err := skuTaken(ctx, tx, p.SKU, p.ID)
		if err != nil {
			return err
		}
		if taken {
			return apperr.Invalid("sku", "sku_taken", "another product already has SKU %q", p.SKU)
		}
	}
	if in.Attributes == nil || in.NewCategory {
		return nil
	}
	known, err := categoriesInUse(ctx, tx)
	if err != nil {
		return err
	}
	for _, a := range p.Attributes {
		if a.Name == AttrCategory && !slices.Contains(known, a.Value) {
			return apperr.Invalid("attributes", "unknown_category",
				"%q is not a category yet; check the spelling, or confirm it is a new category", a.Value)
		}
	}
	return nil
}

// Get returns a product by id, archived or not.
func (a *Admin) Get(ctx context.Context, id string) (AdminProduct, error) {
	if err := checkID("product_id", id); err != nil {
		return AdminProduct{}, err
	}
	var p *AdminProduct
	err := db.WithReadTx(ctx, a.shop.pool, func(tx pgx.Tx) (err error) {
		p, err = adminProduct(ctx, tx, id, false)
		return err
	})
	if err != nil {
		return AdminProduct{}, fmt.Errorf("catalog.Get: %w", err)
	}
	if p == nil {
		return AdminProduct{}, errProductNotFound()
	}
	return *p, nil
}

// Categories lists the category values in use over every product, alphabetically.
func (a *Admin) Categories(ctx context.Context) ([]string, error) {
	var out []string
	err := db.WithReadTx(ctx, a.shop.pool, func(tx pgx.Tx) (err error) {
		out, err = categoriesInUse(ctx, tx)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("catalog.Categories: %w", err)
	}
	return out, nil
}

// Create saves a new product (revision 1) with in's fields and the defaults of PRODUCT §3 for
// the rest: empty description and sku, active and published, not featured, no stock, no price.
// Its slug is derived from the name and made unique; it never changes afterwards.
func (a *Admin) Create(ctx context.Context, actor Actor, in AdminInput) (AdminProduct, error) {
	if in.Name == nil {
		return AdminProduct{}, apperr.Invalid("name", "name_required", "name is required")
	}
	p, err := in.apply(AdminProduct{Active: true, Published: true})
	if err != nil {
		return AdminProduct{}, err
	}
	var saved *AdminProduct
	err = db.WithTx(ctx, a.shop.pool, func(tx pgx.Tx) error {
		if err := checkUnique(ctx, tx, p, in); err != nil {
			return err
		}
		taken, err := slugsLike(ctx, tx, Slugify(p.Name))
		if err != nil {
			return err
		}
		p.Slug = uniqueSlug(Slugify(p.Name), taken)
		id, err := insertAdminProduct(ctx, tx, p, actor.AccountID)
		if err != nil {
			return err
		}
		saved, err = a.record(ctx, tx, id, actor, ActionCreated, 0, nil)
		return err
	})
	if err != nil {
		return AdminProduct{}, fmt.Errorf("catalog.Create: %w", skuConflict(err))
	}
	a.shop.cache.clear()
	return *saved, nil
}

// uniqueSlug is base, or base-2, base-3… whichever taken does not hold.
func uniqueSlug(base string, taken []string) string {
	if !slices.Contains(taken, base) {
		return base
	}
	for n := 2; ; n++ {
		if s := base + "-" + strconv.Itoa(n); !slices.Contains(taken, s) {
			return s
		}
	}
}

// skuConflict classifies the unique violation two concurrent saves of one sku end in.
func skuConflict(err error) error {
	if db.IsUniqueViolation(err) {
		return apperr.Invalid("sku", "sku_taken", "another product already has this SKU")
	}
	return err
}

// Update changes the fields set in in, based on revision expected.
func (a *Admin) Update(ctx context.Context, actor Actor, id string, expected int64, in AdminInput) (AdminProduct, error) {
	p, err := a.change(ctx, actor, id, expected, true, func(ctx context.Context, tx pgx.Tx, cur AdminProduct) (Action, int64, error) {
		in, err := stockEdit(cur, in)
		if err != nil {
			return "", 0, err
		}
		next, err := in.apply(cur)
		if err != nil {
			return "", 0, err
		}
		if err := checkUnique(ctx, tx, next, in); err != nil {
			return "", 0, err
		}
		if sameContent(snapshotOf(cur), snapshotOf(next)) {
			return "", 0, nil
		}
		if err := updateProductFields(ctx, tx, next); err != nil {
			return "", 0, err
		}
		return ActionUpdated, 0, nil
	})
	if err != nil {
		return AdminProduct{}, fmt.Errorf("catalog.Update: %w", skuConflict(err))
	}
	return p, nil
}

// stockEdit reconciles an edit's stock with the orders placed since it was loaded: orders
// reserve and release stock without a revision, so the revision check cannot see them. Sending
// the loaded figure back unchanged keeps today's stock (a form that posts every field must not
// undo the orders); a new figure is refused with stock_changed when the stock has moved since,
// never laid over the orders' reservations. A client that does not say what it loaded sets the
// stock as it is.
func stockEdit(cur AdminProduct, in AdminInput) (AdminInput, error) {
	switch {
	case in.Stock == nil:
	case *in.Stock == cur.Stock || (in.StockWas != nil && *in.Stock == *in.StockWas):
		in.Stock = nil
	case in.StockWas != nil && *in.StockWas != cur.Stock:
		return in, apperr.Conflict("stock_changed",
			"Orders changed the stock from %d to %d since this product was loaded; reload it and set the stock again.",
			*in.StockWas, cur.Stock).With("current_stock", strconv.Itoa(int(cur.Stock)))
	}
	return in, nil
}

// Archive takes a product out of the shop, lists and new carts; it stays on past orders, and
// restoring an earlier revision brings it back. Archiving an archived product changes nothing.
func (a *Admin) Archive(ctx context.Context, actor Actor, id string, expected int64) (AdminProduct, error) {
	p, err := a.change(ctx, actor, id, expected, true, func(ctx context.Context, tx pgx.Tx, cur AdminProduct) (Action, int64, error) {
		if cur.ArchivedAt != nil {
			return "", 0, nil
		}
		if err := setArchived(ctx, tx, id, true); err != nil {
			return "", 0, err
		}
		return ActionArchived, 0, nil
	})
	if err != nil {
		return AdminProduct{}, fmt.Errorf("catalog.Archive: %w", err)
	}
	return p, nil
}

// SetPublished publishes or unpublishes every product of ids, all or none: an unknown id
// changes nothing. Each product whose state changes gets a revision; the others are left as they
// are. The answer is in the order of ids.
func (a *Admin) SetPublished(ctx context.Context, actor Actor, ids []string, published bool) ([]AdminProduct, error) {
	for _, id := range ids {
		if err := checkID("product_ids", id); err != nil {
			return nil, err
		}
	}
	action := ActionUnpublished
	if published {
		action = ActionPublished
	}
	// Rows are locked in id order, so two bulk calls over overlapping ids cannot deadlock.
	sorted := slices.Clone(ids)
	slices.Sort(sorted)
	byID := map[string]AdminProduct{}
	err := db.WithTx(ctx, a.shop.pool, func(tx pgx.Tx) error {
		for _, id := range sorted {
			cur, err := adminProduct(ctx, tx, id, true)
			if err != nil {
				return err
			}
			if cur == nil {
				return errProductNotFound().With("product_id", id)
			}
			if cur.Published == published {
				byID[id] = *cur
				continue
			}
			if err := baseline(ctx, tx, *cur); err != nil {
				return err
			}
			next := *cur
			next.Published = published
			if err := updateProductFields(ctx, tx, next); err != nil {
				return err
			}
			saved, err := a.record(ctx, tx, id, actor, action, 0, cur)
			if err != nil {
				return err
			}
			byID[id] = *saved
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("catalog.SetPublished: %w", err)
	}
	a.shop.cache.clear()
	out := make([]AdminProduct, len(ids))
	for i, id := range ids {
		out[i] = byID[id]
	}
	return out, nil
}

// change is the frame of every write to one existing product: in one transaction it locks the
// product, refuses a stale expected revision (0 is refused as missing when required, and skips
// the check otherwise), records a baseline revision for a product last changed outside the admin
// API, lets edit change it, and records the new revision and the audit event. An edit that
// changes nothing (action "") saves nothing and answers the product as it is.
func (a *Admin) change(ctx context.Context, actor Actor, id string, expected int64, required bool,
	edit func(ctx context.Context, tx pgx.Tx, cur AdminProduct) (Action, int64, error),
) (AdminProduct, error) {
	if err := checkID("product_id", id); err != nil {
		return AdminProduct{}, err
	}
	if expected < 0 || (required && expected == 0) {
		return AdminProduct{}, apperr.Invalid("expected_revision", "revision_required",
			"say which revision of the product the change is based on (expected_revision, or If-Match on REST)")
	}
	var saved *AdminProduct
	err := db.WithTx(ctx, a.shop.pool, func(tx pgx.Tx) error {
		cur, err := adminProduct(ctx, tx, id, true)
		if err != nil {
			return err
		}
		if cur == nil {
			return errProductNotFound()
		}
		if expected != 0 && cur.Revision != expected {
			return staleRevision(*cur)
		}
		if err := baseline(ctx, tx, *cur); err != nil {
			return err
		}
		action, restoredFrom, err := edit(ctx, tx, *cur)
		if err != nil {
			return err
		}
		if action == "" {
			saved = cur
			return nil
		}
		saved, err = a.record(ctx, tx, id, actor, action, restoredFrom, cur)
		return err
	})
	if err != nil {
		return AdminProduct{}, err
	}
	a.shop.cache.clear()
	return *saved, nil
}

// record bumps the product's revision (from before's, or 1 for a new product) and stamps who
// saved it, appends the revision with the product as it now is and the audit event, and returns
// the product.
func (a *Admin) record(ctx context.Context, tx pgx.Tx, id string, actor Actor, action Action, restoredFrom int64, before *AdminProduct) (*AdminProduct, error) {
	now := a.now()
	if before != nil {
		ok, err := bumpRevision(ctx, tx, id, before.Revision, actor.AccountID, now)
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, staleRevision(*before)
		}
	}
	p, err := adminProduct(ctx, tx, id, false)
	if err != nil {
		return nil, err
	}
	if p == nil {
		return nil, errors.New("catalog.record: the product vanished in its own transaction")
	}
	snap := snapshotOf(*p)
	if err := productRevisions.Insert(ctx, tx, id, revision.Entry[Snapshot]{Revision: p.Revision, Action: action, Actor: actor,
		CreatedAt: now, RestoredFrom: restoredFrom, Snapshot: snap}); err != nil {
		return nil, err
	}
	detail := map[string]any{}
	if before != nil {
		detail["changed"] = revision.Names(diffSnapshots(snapshotOf(*before), snap))
	}
	if restoredFrom != 0 {
		detail["restored_from"] = restoredFrom
	}
	if err := revision.Audit(ctx, tx, revision.Event{Actor: actor, Action: "product." + string(action),
		SubjectType: "product", SubjectID: id, Revision: p.Revision, Detail: detail, At: now}); err != nil {
		return nil, err
	}
	t, ok := productEvents[action]
	if !ok {
		t = event.ProductUpdated
	}
	if err := emitProductEvent(ctx, tx, id, t); err != nil {
		return nil, err
	}
	if before != nil && becameLow(before.Stock, p.Stock) {
		if err := emitProductEvent(ctx, tx, id, event.StockLow); err != nil {
			return nil, err
		}
	}
	p.UpdatedBy = actor
	return p, nil
}

// baseline records the product's current state as a revision by the system when it has none:
// products that predate revisions (the demo seed) or were last saved outside the admin API, so
// that history, diff and restore always have the state an admin's change started from.
func baseline(ctx context.Context, tx pgx.Tx, cur AdminProduct) error {
	exists, err := productRevisions.Exists(ctx, tx, cur.ID, cur.Revision)
	if err != nil || exists {
		return err
	}
	action := ActionUpdated
	if cur.Revision == 1 {
		action = ActionCreated
	}
	return productRevisions.Insert(ctx, tx, cur.ID, revision.Entry[Snapshot]{Revision: cur.Revision, Action: action,
		Actor: cur.UpdatedBy, CreatedAt: cur.UpdatedAt, Snapshot: snapshotOf(cur)})
}

// CheckRevision refuses expected (when not 0) unless it is p's revision, as a write would. It is
// for callers with slow work to do before the write (storing an upload), who should not do it for
// a write that would be refused; the write checks again.
func CheckRevision(p AdminProduct, expected int64) error {
	if expected != 0 && p.Revision != expected {
		return staleRevision(p)
	}
	return nil
}

// staleRevision refuses a write based on an older revision than cur's, naming who saved last and
// when, so the admin knows whose work they would have overwritten.
func staleRevision(cur AdminProduct) error {
	return revision.Stale("product", cur.Revision, cur.UpdatedBy, cur.UpdatedAt)
}

func errProductNotFound() *apperr.Error {
	return apperr.NotFound("product_not_found", "product not found")
}

// checkID refuses an id that is not a UUID (it could name no product).
func checkID(field, id string) error {
	if _, ok := db.CanonicalID(id); !ok {
		return apperr.Invalid(field, "invalid_product_id", "%s must be a UUID", field)
	}
	return nil
}
