package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/catalog"
	"github.com/atelier-commerce/atelier/backend/internal/db"
	"github.com/google/uuid"
	"golang.org/x/sync/errgroup"
)

// loadWorkers bounds concurrent saves: enough to keep PostgreSQL busy on two cores without the
// serializable transactions spending their time retrying each other.
const loadWorkers = 4

// brands double as the categories, so the category scenario filters half the catalogue.
var brands = [...]string{"Maison Lumière", "Verdant & Co"}

var (
	adjectives = [...]string{"Velvet", "Midnight", "Golden", "Radiant", "Gentle", "Pure", "Silken",
		"Dewy", "Luminous", "Botanical", "Wild", "Soft", "Calm", "Bright", "Rich", "Fresh", "Deep",
		"Morning", "Amber", "Ivory", "Coastal", "Alpine", "Rosy", "Quiet", "Daily"}
	ingredients = [...]string{"Rose", "Neroli", "Vetiver", "Lavender", "Sea Buckthorn", "Oat",
		"Camellia", "Jasmine", "Cedar", "Fig", "Bergamot", "Sandalwood", "Chamomile", "Green Tea",
		"Rosehip", "Argan", "Vanilla", "Iris", "Mimosa", "Olive", "Hibiscus", "Yuzu", "Marula",
		"Peony", "Magnolia"}
	// kinds has twenty entries with exactly one serum, so about 5% of the catalogue matches the
	// search scenario, as a real search term would: only the serum's name and usage sentence
	// say "serum", and no other word list contains it.
	kinds = [...]struct{ name, usage string }{
		{"Serum", "Press two drops of the serum into clean skin morning and night."},
		{"Face Oil", "Warm three drops between the palms and press onto the face."},
		{"Cleansing Balm", "Massage onto dry skin, then rinse away with a warm cloth."},
		{"Hand Cream", "Smooth over the hands whenever they feel dry."},
		{"Body Lotion", "Apply after the bath while the skin is still damp."},
		{"Eau de Parfum", "Spray onto the pulse points and let it settle."},
		{"Lip Balm", "Glide over the lips as often as you like."},
		{"Night Cream", "Warm a pea-sized amount and press in before sleep."},
		{"Eye Cream", "Tap a little around the eye with the ring finger."},
		{"Toner", "Sweep across the face with a cotton pad after cleansing."},
		{"Face Mist", "Mist over the face at arm's length, eyes closed."},
		{"Bath Oil", "Pour a capful under running water."},
		{"Body Scrub", "Work over damp skin in circles, then rinse."},
		{"Clay Mask", "Spread a thin layer, leave for ten minutes and rinse."},
		{"Scented Candle", "Trim the wick and burn for no more than four hours."},
		{"Shampoo", "Lather into wet hair and rinse thoroughly."},
		{"Conditioner", "Comb through the lengths and rinse after two minutes."},
		{"Hair Oil", "Smooth a few drops through the ends of damp or dry hair."},
		{"Body Wash", "Lather between the hands and rinse."},
		{"Day Cream", "Smooth over the face and neck every morning."},
	}
	textures = [...]string{"lightweight", "rich", "silky", "velvety", "fast-absorbing", "nourishing",
		"gentle", "concentrated", "whipped", "creamy"}
	benefits = [...]string{"skin that feels calm and cared for", "a soft, even glow",
		"lasting comfort through the day", "a fresh start every morning", "a moment of quiet",
		"softness that lasts", "a clean, balanced feel", "deep, lasting moisture"}
	features = [...]string{"Vegan", "Fragrance-free", "Refillable", "Cruelty-free",
		"Dermatologist tested", "Recyclable packaging", "Made in France", "Organic ingredients"}
	views = [...]string{"front", "texture", "in use"}
)

// benchProduct is one product to load with its images.
type benchProduct struct {
	catalog.ProductInput
	images []catalog.NewImage
}

// makeProducts builds n products from a fixed seed, so every run loads the same catalogue and
// runs stay comparable.
func makeProducts(n int, now time.Time) []benchProduct {
	rng := rand.New(rand.NewPCG(2024, 11))
	out := make([]benchProduct, n)
	for i := range out {
		brand := brands[i%len(brands)]
		kind := kinds[rng.IntN(len(kinds))]
		ing1 := ingredients[rng.IntN(len(ingredients))]
		ing2 := ingredients[rng.IntN(len(ingredients))]
		for ing2 == ing1 {
			ing2 = ingredients[rng.IntN(len(ingredients))]
		}
		name := adjectives[rng.IntN(len(adjectives))] + " " + ing1 + " " + kind.name
		desc := fmt.Sprintf("A %s %s with %s and %s for %s. %s",
			textures[rng.IntN(len(textures))], strings.ToLower(kind.name), strings.ToLower(ing1),
			strings.ToLower(ing2), benefits[rng.IntN(len(benefits))], kind.usage)
		price := int64(1400 + 50*rng.IntN((32000-1400)/50+1)) // 1 400–32 000 pence in 50p steps
		p := benchProduct{ProductInput: catalog.ProductInput{
			Slug:        slugify(name) + "-" + strconv.Itoa(i+1),
			Name:        name,
			Description: desc,
			Price:       &price,
			SKU:         fmt.Sprintf("BENCH-%05d", i+1),
			Stock:       int32(rng.IntN(150)),
			Active:      true,
			Published:   true,
			Featured:    i%20 == 0,
			Attributes: []catalog.Attribute{
				{Name: catalog.AttrCategory, Value: brand},
				{Name: catalog.AttrBrand, Value: brand},
				{Name: catalog.AttrFeature, Value: features[rng.IntN(len(features))]},
				{Name: "Size", Value: "30 ml"},
			},
			// Spread over about a year, so "newest" has a real order to walk.
			CreatedAt: now.Add(-time.Duration(i) * 47 * time.Minute),
		}}
		for v := range 1 + rng.IntN(3) {
			id := uuid.NewString()
			p.images = append(p.images, catalog.NewImage{ID: id, Alt: name + ", " + views[v], Variants: variants(id)})
		}
		out[i] = p
	}
	return out
}

// variants lists the renditions the media store would have written; the files need not exist,
// since only the size of the JSON that describes them matters to the API.
func variants(imageID string) []catalog.Variant {
	vs := make([]catalog.Variant, 0, 3)
	for _, w := range []int32{400, 800, 1200} {
		vs = append(vs, catalog.Variant{Key: fmt.Sprintf("images/%s/%d.jpg", imageID, w),
			Width: w, Height: w * 5 / 4, ContentType: "image/jpeg"})
	}
	return vs
}

func slugify(s string) string {
	var b strings.Builder
	hyphen := false
	for _, r := range strings.ToLower(s) {
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') {
			if hyphen && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(r)
			hyphen = false
		} else {
			hyphen = true
		}
	}
	return b.String()
}

// loadCatalogue migrates the database at url and loads n products through the catalogue
// service (the path the seed and back office use), returning their ids in load order.
func loadCatalogue(ctx context.Context, url string, n int) (ids []string, took time.Duration, err error) {
	pool, err := db.Open(ctx, url)
	if err != nil {
		return nil, 0, err
	}
	// Closed before the server starts, so the bench holds no database connections while measuring.
	defer pool.Close()
	if _, err := db.Migrate(ctx, pool); err != nil {
		return nil, 0, err
	}
	// The server starts River on the same database, so the job queue's tables must exist too.
	if _, err := db.MigrateJobs(ctx, pool); err != nil {
		return nil, 0, err
	}
	products := makeProducts(n, time.Now().Truncate(time.Minute))
	svc := catalog.NewService(pool, 0)
	ids = make([]string, n)
	// The workers save distinct products, which seldom conflict: in this process (never the
	// server's) they need not take turns (db.SetWriteConcurrency), which would make the load a
	// queue of one.
	db.SetWriteConcurrency(loadWorkers)
	start := time.Now()
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(loadWorkers)
	for i, p := range products {
		if gctx.Err() != nil {
			break // a save failed or Ctrl-C: stop queueing work that would only fail too
		}
		g.Go(func() error {
			id, _, err := svc.SaveProduct(gctx, p.ProductInput)
			if err != nil {
				return err
			}
			ids[i] = id
			return svc.AddImages(gctx, id, p.images)
		})
	}
	if err := g.Wait(); err != nil {
		return nil, 0, err
	}
	if err := ctx.Err(); err != nil {
		return nil, 0, err
	}
	took = time.Since(start)
	// A bulk load leaves the planner without statistics until autovacuum notices, which could
	// otherwise happen in the middle of a measured window and change the plans under it.
	if _, err := pool.Exec(ctx, "VACUUM ANALYZE"); err != nil {
		return nil, 0, fmt.Errorf("vacuum analyze: %w", err)
	}
	return ids, took, nil
}

// sampleIDs picks up to k ids spread evenly over the catalogue, so the product-by-id scenario
// reads old and new products alike rather than only the first page.
func sampleIDs(ids []string, k int) []string {
	k = min(k, len(ids))
	out := make([]string, k)
	for i := range out {
		out[i] = ids[i*len(ids)/k]
	}
	return out
}
