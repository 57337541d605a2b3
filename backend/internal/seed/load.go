package seed

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"image"
	"image/jpeg"
	"runtime"
	"sync"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/catalog"
	"github.com/atelier-commerce/atelier/backend/internal/content"
	"github.com/atelier-commerce/atelier/backend/internal/media"
	"github.com/atelier-commerce/atelier/backend/internal/money"
	"github.com/atelier-commerce/atelier/backend/internal/seed/productart"
	"github.com/atelier-commerce/atelier/backend/internal/settings"
	"github.com/atelier-commerce/atelier/backend/internal/shipping"
	"github.com/google/uuid"
	"golang.org/x/sync/errgroup"
)

// Deps are the services the demo shop is loaded through, so the seed obeys the same rules as
// every other writer.
type Deps struct {
	Catalog  *catalog.Service
	Shipping *shipping.Service
	Settings *settings.Service
	Content  *content.Service
	Media    *media.Store
	// ArtWidth is the width product shots are drawn at (default 800, portrait 4:5); tests draw
	// small ones to stay fast.
	ArtWidth int
	// Progress, if set, hears of each product image drawn and stored: drawn counts up to total,
	// one call at a time. A first load draws every image (half a minute on a laptop), which
	// would otherwise pass in silence; a load with nothing to draw makes no call.
	Progress func(drawn, total int)
}

// Stats says what a load did.
type Stats struct {
	Products       int
	ImagesRendered int
}

// The drawn product shots are 800 px wide, portrait 4:5, so each gets variants at 400 and 800
// (AVIF, WebP, JPEG). At 1200 px the first load took 7.5 minutes for 105 images on the shared
// 2-core machine, AVIF encoding being most of it; at 800, 3 minutes even with a second load
// running at the same time.
const defaultArtWidth = 800

// freeStandardOver is PRODUCT §4's rule: orders over £50 get Standard delivery free.
const freeStandardOver = 50_00

// angleNames describe productart's four compositions for alt text.
var angleNames = []string{"front view", "beside its box", "on a plinth", "label close-up"}

// Load fills a new shop with the demo data: store details, delivery options, pages and products.
// It writes only what is missing, so running it again (every `dev` start does) never overwrites
// what an admin has changed since; it draws images only for products that have none.
func Load(ctx context.Context, d Deps) (Stats, error) {
	var stats Stats
	if err := missing(d.Settings.Get(ctx)); !errors.Is(err, errMissing) {
		if err != nil {
			return stats, err
		}
	} else if err := d.Settings.Save(ctx, settings.Store{
		Name: StoreSettings.StoreName, AddressLine1: StoreSettings.AddressLine1, AddressLine2: StoreSettings.AddressLine2,
		City: StoreSettings.City, Postcode: StoreSettings.Postcode, Country: StoreSettings.Country,
		ContactEmail: StoreSettings.ContactEmail, Phone: StoreSettings.Phone,
		CompanyNumber: StoreSettings.CompanyNumber, VATNumber: StoreSettings.VATNumber, CurrencyCode: money.GBPCode,
	}); err != nil {
		return stats, err
	}
	for _, o := range DeliveryOptions {
		if err := missing(d.Shipping.Get(ctx, o.Code)); !errors.Is(err, errMissing) {
			if err != nil {
				return stats, err
			}
			continue
		}
		opt := shipping.Option{Code: o.Code, Name: o.Name, Carrier: o.Carrier, EstimatedDelivery: o.EstimatedDays,
			Price: money.GBP(o.PricePence), Position: o.Position, Active: o.Active}
		if o.Code == "standard" {
			free := money.GBP(freeStandardOver)
			opt.FreeOver = &free
		}
		if err := d.Shipping.Save(ctx, opt); err != nil {
			return stats, err
		}
	}
	for _, p := range Pages {
		if err := missing(d.Content.Get(ctx, p.Slug)); !errors.Is(err, errMissing) {
			if err != nil {
				return stats, err
			}
			continue
		}
		if err := d.Content.Save(ctx, content.Page{Slug: p.Slug, Title: p.Title, HTML: p.HTML, UpdatedAt: p.UpdatedAt}); err != nil {
			return stats, err
		}
	}

	// Products first, which is quick, so that the images still to draw are known and counted;
	// then the drawing, which dominates a first load, spread over the cores.
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(runtime.GOMAXPROCS(0))
	ids := make([]string, len(Products))
	undrawn := make([]bool, len(Products))
	now := time.Now().UTC().Truncate(time.Hour)
	for i, p := range Products {
		g.Go(func() error {
			var err error
			ids[i], undrawn[i], err = saveProduct(gctx, d, p, now)
			return err
		})
	}
	if err := g.Wait(); err != nil {
		return stats, err
	}
	stats.Products = len(Products)
	progress := &progress{report: d.Progress}
	for i, p := range Products {
		if undrawn[i] {
			progress.total += len(p.Images)
		}
	}
	g, gctx = errgroup.WithContext(ctx)
	g.SetLimit(runtime.GOMAXPROCS(0))
	for i, p := range Products {
		if undrawn[i] {
			g.Go(func() error { return drawImages(gctx, d, p, ids[i], progress) })
		}
	}
	if err := g.Wait(); err != nil {
		return stats, err
	}
	stats.ImagesRendered = progress.drawn
	return stats, nil
}

// progress counts the images drawn by the concurrent drawImages calls and reports each one.
type progress struct {
	report func(drawn, total int)
	total  int

	mu    sync.Mutex
	drawn int
}

func (p *progress) add() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.drawn++
	if p.report != nil {
		p.report(p.drawn, p.total)
	}
}

// errMissing is what missing makes of a service's answer that the thing asked for does not exist.
var errMissing = errors.New("seed: missing")

// missing turns a read's not-found (or not-configured) refusal into errMissing, keeps other
// errors, and is nil when the thing exists.
func missing[T any](_ T, err error) error {
	if ae := apperr.As(err); ae != nil && (ae.Kind == apperr.KindNotFound || ae.Kind == apperr.KindFailedPrecondition) {
		return errMissing
	}
	return err
}

// saveProduct writes p unless a product with its slug exists (kept as it is: an admin may have
// changed it), and reports its id and whether its images are still to be drawn (a product that
// has images keeps them).
func saveProduct(ctx context.Context, d Deps, p DemoProduct, now time.Time) (string, bool, error) {
	if id, images, found, err := d.Catalog.ProductBySlug(ctx, p.Slug); err != nil || found {
		return id, found && images == 0 && len(p.Images) > 0, err
	}
	price := p.PricePence
	id, existing, err := d.Catalog.SaveProduct(ctx, catalog.ProductInput{
		Slug: p.Slug, Name: p.Name, Description: p.Description, Price: &price, SKU: p.SKU, Stock: p.Stock,
		Active: p.Active, Published: p.Published, Featured: p.Featured, Attributes: attributes(p),
		CreatedAt: now.Add(-time.Duration(p.AgeDays) * 24 * time.Hour),
	})
	if err != nil {
		return "", false, err
	}
	return id, existing == 0 && len(p.Images) > 0, nil
}

// drawImages draws p's images and puts each through the same pipeline as an upload (Inspect,
// SaveOriginal, RenderVariants: AVIF, WebP and JPEG at each width up to the drawing's), then
// attaches them to the product id.
func drawImages(ctx context.Context, d Deps, p DemoProduct, id string, progress *progress) error {
	images := make([]catalog.NewImage, 0, len(p.Images))
	for i, spec := range p.Images {
		imageID := uuid.NewString()
		w := cmp.Or(d.ArtWidth, defaultArtWidth)
		renditions, err := storeImage(ctx, d.Media, imageID, productart.Render(spec, w, w*5/4))
		if err != nil {
			return fmt.Errorf("seed.drawImages: %s image %d: %w", p.Slug, i, err)
		}
		variants := make([]catalog.Variant, len(renditions))
		for j, r := range renditions {
			variants[j] = catalog.Variant{Key: r.Key, Width: r.Width, Height: r.Height, ContentType: r.ContentType}
		}
		alt := fmt.Sprintf("%s by %s, %s", p.Name, p.Brand, angleNames[spec.Angle%len(angleNames)])
		images = append(images, catalog.NewImage{ID: imageID, Alt: alt, Variants: variants})
		progress.add()
	}
	return d.Catalog.AddImages(ctx, id, images)
}

// storeImage encodes a drawing as a high-quality JPEG, as a photographer would upload it, and
// renders its variants.
func storeImage(ctx context.Context, store *media.Store, imageID string, img image.Image) ([]media.Rendition, error) {
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 92}); err != nil {
		return nil, err
	}
	info, err := media.Inspect(buf.Bytes())
	if err != nil {
		return nil, err
	}
	if _, err := store.SaveOriginal(ctx, imageID, buf.Bytes(), info); err != nil {
		return nil, err
	}
	return store.RenderVariants(ctx, imageID)
}

// attributes orders a demo product's pairs as the shop shows them: category and brand first,
// then features, then specification rows.
func attributes(p DemoProduct) []catalog.Attribute {
	attrs := make([]catalog.Attribute, 0, 2+len(p.Features)+len(p.Specs))
	attrs = append(attrs, catalog.Attribute{Name: catalog.AttrCategory, Value: p.Brand}, catalog.Attribute{Name: catalog.AttrBrand, Value: p.Brand})
	for _, f := range p.Features {
		attrs = append(attrs, catalog.Attribute{Name: catalog.AttrFeature, Value: f})
	}
	for _, s := range p.Specs {
		attrs = append(attrs, catalog.Attribute{Name: s[0], Value: s[1]})
	}
	return attrs
}
