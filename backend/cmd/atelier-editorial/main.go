// Command atelier-editorial draws the storefront's editorial pictures (the home hero's slides,
// the collection cards and the shop's collection banners) and writes them, as AVIF and WebP at a
// few widths, into storefront/public/editorial, with a manifest the storefront reads
// (`just editorial`, or `go run ./cmd/atelier-editorial` from the backend folder).
//
// The pictures are static files rather than seeded media: they belong to the storefront's
// design, not to the catalogue an admin edits, so a fresh clone, `just dev` and the e2e stack
// all show them without a database or a job queue. They are drawn by the same renderer as the
// demo products' photographs (internal/seed/productart), from internal/seed's scene list.
//
// Each file's URL carries a version (a hash of its bytes) so the storefront's static handler
// may cache them for an hour and a new drawing is never hidden behind an old copy.
package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"image"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"sync"

	"github.com/atelier-commerce/atelier/backend/internal/media"
	"github.com/atelier-commerce/atelier/backend/internal/seed"
	"github.com/atelier-commerce/atelier/backend/internal/seed/productart"
	xdraw "golang.org/x/image/draw"
)

func main() {
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "atelier-editorial:", err)
		os.Exit(1)
	}
}

// A picture is one scene drawn for one place on the storefront: its role there, its
// proportions (the widest file's pixels) and the widths it is stored at, narrowest first.
type picture struct {
	Role   string  // hero, card or banner
	Scene  string  // an EditorialScenes slug
	Width  int     //
	Height int     //
	Widths []int   //
	Focus  float64 // where the group stands across the frame; 0 keeps the scene's
}

// pictures: each slide of the home hero (3:2; phone-sized files stay small, since the first
// slide's picture is the home page's largest paint), each collection card (4:3, another still
// life of the house, so the card does not repeat the slide) and each collection's banner over
// the shop (6:1, the products at 78% of its width, right of the house's name: the storefront
// sets object-position to the same 78%, so they stay there at any width the band is cropped to).
var pictures = []picture{
	{Role: "hero", Scene: "atelier", Width: 2400, Height: 1600, Widths: heroWidths},
	{Role: "hero", Scene: "maison-lumiere", Width: 2400, Height: 1600, Widths: heroWidths},
	{Role: "hero", Scene: "verdant", Width: 2400, Height: 1600, Widths: heroWidths},
	{Role: "card", Scene: "maison-lumiere-linen", Width: 1200, Height: 900, Widths: cardWidths},
	{Role: "card", Scene: "verdant-stone", Width: 1200, Height: 900, Widths: cardWidths},
	{Role: "banner", Scene: "maison-lumiere", Width: 2400, Height: 400, Widths: bannerWidths, Focus: 0.78},
	{Role: "banner", Scene: "verdant", Width: 2400, Height: 400, Widths: bannerWidths, Focus: 0.78},
}

var (
	heroWidths   = []int{640, 1024, 1600, 2400}
	cardWidths   = []int{640, 1200}
	bannerWidths = []int{1200, 2400}
)

var encodings = []struct{ ext, contentType string }{{"avif", "image/avif"}, {"webp", "image/webp"}}

// manifestEntry is what the storefront knows of a picture (app/lib/editorial.ts).
type manifestEntry struct {
	Role    string `json:"role"`
	House   string `json:"house"`
	Alt     string `json:"alt"`
	Width   int    `json:"width"`
	Height  int    `json:"height"`
	Widths  []int  `json:"widths"`
	Files   string `json:"files"`   // file names without width and extension: /editorial/<files>-<width>.<ext>
	Version string `json:"version"` // a hash of the files, for the URLs' ?v=
}

func run(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("atelier-editorial", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("out", "../storefront/public/editorial", "folder for the pictures (emptied first)")
	manifest := fs.String("manifest", "../storefront/app/lib/editorial.gen.json", "the storefront's manifest")
	preview := fs.String("png", "", "write only full-size PNGs into this folder, for looking at the drawings")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *preview != "" {
		return writePreviews(*preview)
	}
	if err := os.RemoveAll(*out); err != nil {
		return err
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		return err
	}
	media.Warm()
	entries := make([]manifestEntry, len(pictures))
	errs := make([]error, len(pictures))
	var wg sync.WaitGroup
	for i, p := range pictures {
		wg.Go(func() { entries[i], errs[i] = writePicture(*out, p) })
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return err
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(map[string]any{"pictures": entries}); err != nil {
		return err
	}
	if err := os.WriteFile(*manifest, b.Bytes(), 0o644); err != nil { //nolint:gosec // G306: a committed source file
		return err
	}
	fmt.Fprintf(stdout, "wrote %d pictures to %s and %s\n", len(entries), *out, *manifest)
	return nil
}

func sceneFor(slug string) (seed.EditorialScene, error) {
	for _, s := range seed.EditorialScenes {
		if s.Slug == slug {
			return s, nil
		}
	}
	return seed.EditorialScene{}, fmt.Errorf("no editorial scene %q", slug)
}

// writePicture draws p at its widest, scales it down to each width, encodes each and writes
// the files; the version is a hash of all of them.
func writePicture(dir string, p picture) (manifestEntry, error) {
	s, err := sceneFor(p.Scene)
	if err != nil {
		return manifestEntry{}, err
	}
	m := manifestEntry{Role: p.Role, House: s.House, Alt: s.Alt, Width: p.Width, Height: p.Height,
		Widths: p.Widths, Files: p.Role + "-" + s.Slug}
	h := sha256.New()
	full := draw(s, p)
	for _, w := range p.Widths {
		img := full
		if w != p.Width {
			img = image.NewRGBA(image.Rect(0, 0, w, (p.Height*w+p.Width/2)/p.Width))
			xdraw.CatmullRom.Scale(img, img.Bounds(), full, full.Bounds(), xdraw.Src, nil)
		}
		for _, e := range encodings {
			b, err := media.Encode(img, e.contentType)
			if err != nil {
				return m, fmt.Errorf("%s %d: %w", m.Files, w, err)
			}
			h.Write(b)
			name := fmt.Sprintf("%s-%d.%s", m.Files, w, e.ext)
			if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil { //nolint:gosec // G306: public pictures, committed
				return m, err
			}
		}
	}
	m.Version = hex.EncodeToString(h.Sum(nil))[:10]
	return m, nil
}

func draw(s seed.EditorialScene, p picture) *image.RGBA {
	e := s.Scene
	if p.Focus > 0 {
		e.Focus = p.Focus
	}
	return productart.RenderEditorial(e, p.Width, p.Height)
}

func writePreviews(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for _, p := range pictures {
		s, err := sceneFor(p.Scene)
		if err != nil {
			return err
		}
		file, err := os.Create(filepath.Join(dir, p.Role+"-"+s.Slug+".png"))
		if err != nil {
			return err
		}
		err = png.Encode(file, draw(s, p))
		if cerr := file.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return err
		}
	}
	return nil
}
