package catalog

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/db"
	"github.com/atelier-commerce/atelier/backend/internal/money"
	"github.com/atelier-commerce/atelier/backend/internal/revision"
	"github.com/jackc/pgx/v5"
)

// Action is the kind of change a revision records.
type Action = revision.Action

// The actions (the CHECK of product_revisions.action).
const (
	ActionCreated       = revision.Created
	ActionUpdated       = revision.Updated
	ActionPublished     = Action("published")
	ActionUnpublished   = Action("unpublished")
	ActionArchived      = Action("archived")
	ActionRestored      = revision.Restored
	ActionImagesChanged = Action("images_changed")
)

// Snapshot is the whole editable state of a product as a revision keeps it (JSON in
// product_revisions.snapshot): every field, and the images by id with their alt text, primary
// flag and order (the files themselves are not versioned).
type Snapshot struct {
	Slug        string          `json:"slug"`
	Name        string          `json:"name"`
	Description string          `json:"description"`
	Price       *int64          `json:"price"`
	SKU         string          `json:"sku"`
	Stock       int32           `json:"stock"`
	Active      bool            `json:"active"`
	Published   bool            `json:"published"`
	Featured    bool            `json:"featured"`
	Attributes  []Attribute     `json:"attributes"`
	Images      []SnapshotImage `json:"images"`
	ArchivedAt  *time.Time      `json:"archived_at"`
}

// SnapshotImage is an image as a revision keeps it; its position is its index in the list.
type SnapshotImage struct {
	ID      string `json:"id"`
	Alt     string `json:"alt"`
	Primary bool   `json:"primary"`
}

func snapshotOf(p AdminProduct) Snapshot {
	s := Snapshot{Slug: p.Slug, Name: p.Name, Description: p.Description, Price: p.Price, SKU: p.SKU, Stock: p.Stock,
		Active: p.Active, Published: p.Published, Featured: p.Featured, Attributes: slices.Clone(p.Attributes),
		Images: make([]SnapshotImage, len(p.Images)), ArchivedAt: p.ArchivedAt}
	if s.Attributes == nil {
		s.Attributes = []Attribute{}
	}
	for i, img := range p.Images {
		s.Images[i] = SnapshotImage{ID: img.ID, Alt: img.Alt, Primary: img.Primary}
	}
	if s.ArchivedAt != nil {
		t := s.ArchivedAt.UTC().Truncate(time.Microsecond)
		s.ArchivedAt = &t
	}
	return s
}

func sameContent(a, b Snapshot) bool { return len(diffSnapshots(a, b)) == 0 }

// FieldChange is one field that differs between two revisions, as display text.
type FieldChange = revision.Change

// snapshotFields are the compared fields, in the order of the product's fields. Lists
// (attributes, images) are compared whole and shown as JSON.
var snapshotFields = []revision.Field[Snapshot]{
	{Name: "name", Text: func(s Snapshot) string { return s.Name }},
	{Name: "description", Text: func(s Snapshot) string { return s.Description }},
	{Name: "price", Text: func(s Snapshot) string {
		if s.Price == nil {
			return ""
		}
		return money.GBP(*s.Price).String()
	}},
	{Name: "sku", Text: func(s Snapshot) string { return s.SKU }},
	{Name: "stock", Text: func(s Snapshot) string { return strconv.Itoa(int(s.Stock)) }},
	{Name: "active", Text: func(s Snapshot) string { return strconv.FormatBool(s.Active) }},
	{Name: "published", Text: func(s Snapshot) string { return strconv.FormatBool(s.Published) }},
	{Name: "featured", Text: func(s Snapshot) string { return strconv.FormatBool(s.Featured) }},
	{Name: "attributes", Text: func(s Snapshot) string { return revision.JSONText(s.Attributes) }},
	{Name: "images", Text: func(s Snapshot) string { return revision.JSONText(s.Images) }},
	{Name: "archived", Text: func(s Snapshot) string {
		if s.ArchivedAt == nil {
			return ""
		}
		return s.ArchivedAt.UTC().Format(time.RFC3339)
	}},
}

// diffSnapshots lists the fields that differ.
func diffSnapshots(a, b Snapshot) []FieldChange { return revision.Diff(snapshotFields, a, b) }

// Revision is one immutable entry of a product's history.
type Revision revision.Entry[Snapshot]

// Product is the product as this revision left it (images with their id, alt text and primary
// flag only: the files are not versioned).
func (r Revision) Product(id string) AdminProduct {
	s := r.Snapshot
	p := AdminProduct{ID: id, Slug: s.Slug, Name: s.Name, Description: s.Description, Price: s.Price, SKU: s.SKU,
		Stock: s.Stock, Active: s.Active, Published: s.Published, Featured: s.Featured, Attributes: s.Attributes,
		Revision: r.Revision, ArchivedAt: s.ArchivedAt, UpdatedAt: r.CreatedAt, UpdatedBy: r.Actor}
	for _, img := range s.Images {
		p.Images = append(p.Images, AdminImage{ID: img.ID, Alt: img.Alt, Primary: img.Primary})
	}
	return p
}

// Revision page sizes.
const (
	DefaultRevisionPageSize = revision.DefaultPageSize
	MaxRevisionPageSize     = revision.MaxPageSize
)

// RevisionPage is one page of a product's history, newest first.
type RevisionPage struct {
	Revisions     []Revision
	NextPageToken string
}

// Revisions lists a product's revisions, newest first; pageToken continues a previous page.
func (a *Admin) Revisions(ctx context.Context, productID string, pageSize int, pageToken string) (RevisionPage, error) {
	if err := checkID("product_id", productID); err != nil {
		return RevisionPage{}, err
	}
	pageSize, before, err := revision.Paging(pageSize, pageToken)
	if err != nil {
		return RevisionPage{}, err
	}
	var page RevisionPage
	err = db.WithReadTx(ctx, a.shop.pool, func(tx pgx.Tx) error {
		if err := requireProduct(ctx, tx, productID); err != nil {
			return err
		}
		revs, err := productRevisions.List(ctx, tx, productID, before, pageSize+1)
		page.Revisions, page.NextPageToken = revision.Cut(revision.As[Revision](revs), pageSize, func(r Revision) int64 { return r.Revision })
		return err
	})
	if err != nil {
		return RevisionPage{}, fmt.Errorf("catalog.Revisions: %w", err)
	}
	return page, nil
}

// GetRevision returns one revision of a product.
func (a *Admin) GetRevision(ctx context.Context, productID string, revision int64) (Revision, error) {
	var r Revision
	err := a.readRevision(ctx, productID, revision, func(tx pgx.Tx, got Revision) error {
		r = got
		return nil
	})
	if err != nil {
		return Revision{}, fmt.Errorf("catalog.GetRevision: %w", err)
	}
	return r, nil
}

// Diff is what a revision changed.
type Diff struct {
	// BaseRevision is the revision the changes are measured from: the predecessor, or the
	// product's current revision; 0 when there is none (every field is a change).
	BaseRevision int64
	Changes      []FieldChange
}

// DiffRevision lists the fields a revision changed compared with its predecessor or, with
// againstCurrent, what restoring it would change in the product as it is now (before: now,
// after: the revision).
func (a *Admin) DiffRevision(ctx context.Context, productID string, revision int64, againstCurrent bool) (Diff, error) {
	var d Diff
	err := a.readRevision(ctx, productID, revision, func(tx pgx.Tx, r Revision) error {
		if againstCurrent {
			cur, err := adminProduct(ctx, tx, productID, false)
			if err != nil || cur == nil {
				return err
			}
			d = Diff{BaseRevision: cur.Revision, Changes: diffSnapshots(snapshotOf(*cur), r.Snapshot)}
			return nil
		}
		prev, err := productRevisions.One(ctx, tx, productID, revision, true)
		if err != nil {
			return err
		}
		base := Snapshot{}
		if prev != nil {
			base, d.BaseRevision = prev.Snapshot, prev.Revision
		}
		d.Changes = diffSnapshots(base, r.Snapshot)
		return nil
	})
	if err != nil {
		return Diff{}, fmt.Errorf("catalog.DiffRevision: %w", err)
	}
	return d, nil
}

// readRevision runs fn with the named revision in one read transaction.
func (a *Admin) readRevision(ctx context.Context, productID string, revision int64, fn func(pgx.Tx, Revision) error) error {
	if err := checkID("product_id", productID); err != nil {
		return err
	}
	return db.WithReadTx(ctx, a.shop.pool, func(tx pgx.Tx) error {
		if err := requireProduct(ctx, tx, productID); err != nil {
			return err
		}
		r, err := productRevisions.One(ctx, tx, productID, revision, false)
		if err != nil {
			return err
		}
		if r == nil {
			return apperr.NotFound("revision_not_found", "this product has no revision %d", revision)
		}
		return fn(tx, Revision(*r))
	})
}

func requireProduct(ctx context.Context, tx pgx.Tx, id string) error {
	exists, err := productExists(ctx, tx, id)
	if err != nil {
		return err
	}
	if !exists {
		return errProductNotFound()
	}
	return nil
}

// Restore saves a revision's content as a new revision (action restored), itself undoable by
// restoring the revision before it. Every field comes back, archived state included, except the
// stock, which follows the orders placed since rather than going back in time. Images come
// back in the revision's order, with its alt texts and primary, where they still exist; images
// added since stay, after them; nothing is deleted by a restore.
func (a *Admin) Restore(ctx context.Context, actor Actor, productID string, revision, expected int64) (AdminProduct, error) {
	p, err := a.change(ctx, actor, productID, expected, true, func(ctx context.Context, tx pgx.Tx, cur AdminProduct) (Action, int64, error) {
		r, err := productRevisions.One(ctx, tx, productID, revision, false)
		if err != nil {
			return "", 0, err
		}
		if r == nil {
			return "", 0, apperr.NotFound("revision_not_found", "this product has no revision %d", revision)
		}
		s := r.Snapshot
		next := cur
		next.Name, next.Description, next.Price, next.SKU = s.Name, s.Description, s.Price, s.SKU
		next.Active, next.Published, next.Featured, next.Attributes = s.Active, s.Published, s.Featured, s.Attributes
		if next.SKU != "" && next.SKU != cur.SKU {
			taken, err := skuTaken(ctx, tx, next.SKU, productID)
			if err != nil {
				return "", 0, err
			}
			if taken {
				return "", 0, apperr.Invalid("sku", "sku_taken",
					"another product has SKU %q now; change its SKU first, or edit this product instead", next.SKU)
			}
		}
		if err := updateProductFields(ctx, tx, next); err != nil {
			return "", 0, err
		}
		if err := setArchived(ctx, tx, productID, s.ArchivedAt != nil); err != nil {
			return "", 0, err
		}
		if err := writeImageOrder(ctx, tx, productID, restoredImages(cur.Images, s.Images)); err != nil {
			return "", 0, err
		}
		return ActionRestored, revision, nil
	})
	if err != nil {
		return AdminProduct{}, fmt.Errorf("catalog.Restore: %w", err)
	}
	return p, nil
}

// restoredImages is the image list a restore leaves: the snapshot's images that still exist, in
// its order with its alt texts, then the images added since in their current order. The
// snapshot's primary stays primary when it still exists; otherwise the current primary does (or
// the first image, so that exactly one is primary).
func restoredImages(current []AdminImage, snap []SnapshotImage) []SnapshotImage {
	byID := map[string]AdminImage{}
	for _, img := range current {
		byID[img.ID] = img
	}
	var out []SnapshotImage
	seen := map[string]bool{}
	for _, img := range snap {
		if _, ok := byID[img.ID]; ok {
			out = append(out, img)
			seen[img.ID] = true
		}
	}
	for _, img := range current {
		if !seen[img.ID] {
			out = append(out, SnapshotImage{ID: img.ID, Alt: img.Alt, Primary: img.Primary})
		}
	}
	return withOnePrimary(out)
}

// withOnePrimary keeps the first image marked primary and unmarks the others; with none marked,
// the first image becomes primary.
func withOnePrimary(images []SnapshotImage) []SnapshotImage {
	chosen := max(slices.IndexFunc(images, func(i SnapshotImage) bool { return i.Primary }), 0)
	for i := range images {
		images[i].Primary = i == chosen
	}
	return images
}
