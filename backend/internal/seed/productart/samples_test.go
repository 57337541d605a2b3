package productart

import (
	"fmt"
	"image"
	"image/draw"
	"image/png"
	"os"
	"path/filepath"
	"testing"
)

// brandFor is the palette and label text of the i-th shape's sample: the two brands by turns.
func brandFor(i int) (p Palette, label, caption string) {
	if i%2 == 1 {
		return Palettes[5+i%6], "Verdant & Co", "Botanical Cleanser"
	}
	return Palettes[i%len(Palettes)], "Maison Lumière", "Sérum Éclat"
}

// TestWriteSamples writes a contact sheet of PNGs for eyeballing the art:
//
//	PRODUCTART_OUT=/tmp/productart go test -run TestWriteSamples ./internal/seed/productart
//
// It is skipped unless PRODUCTART_OUT is set.
func TestWriteSamples(t *testing.T) {
	dir := os.Getenv("PRODUCTART_OUT")
	if dir == "" {
		t.Skip("PRODUCTART_OUT not set")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	w, h := 600, 750
	if os.Getenv("PRODUCTART_BIG") != "" {
		w, h = 1200, 1500
	}
	save := func(name string, img image.Image) {
		f, err := os.Create(filepath.Join(dir, name+".png"))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if err := png.Encode(f, img); err != nil {
			t.Fatal(err)
		}
	}
	write := func(name string, s Spec) { save(name, Render(s, w, h)) }
	for i, sh := range Shapes {
		p, label, caption := brandFor(i)
		write(sh.String(), Spec{Shape: sh, Palette: p, Label: label, Caption: caption})
	}
	// Contact sheets: every shape at every angle, four shots per row.
	if sel := os.Getenv("PRODUCTART_SHEET"); sel != "" {
		for i, sh := range Shapes {
			p, label, caption := brandFor(i)
			if sel != "all" && sel != sh.String() {
				continue
			}
			sheet := image.NewRGBA(image.Rect(0, 0, 4*400, 500))
			for a := range 4 {
				img := Render(Spec{Shape: sh, Palette: p, Label: label, Caption: caption, Angle: a}, 400, 500)
				draw.Draw(sheet, img.Bounds().Add(image.Pt(a*400, 0)), img, image.Point{}, draw.Src)
			}
			save("sheet-"+sh.String(), sheet)
		}
	}
	// One sheet per palette: all eight shapes, angles cycling.
	if os.Getenv("PRODUCTART_PALETTES") != "" {
		for pi, p := range Palettes {
			label, caption := "Maison Lumière", "Crème Riche"
			if pi >= 5 {
				label, caption = "Verdant & Co", "Rosehip Facial Oil"
			}
			sheet := image.NewRGBA(image.Rect(0, 0, 4*320, 2*400))
			for i, sh := range Shapes {
				img := Render(Spec{Shape: sh, Palette: p, Label: label, Caption: caption, Angle: (i + pi) % 4}, 320, 400)
				draw.Draw(sheet, img.Bounds().Add(image.Pt(i%4*320, i/4*400)), img, image.Point{}, draw.Src)
			}
			save("palette-"+p.Name, sheet)
		}
	}
	if os.Getenv("PRODUCTART_ALL") != "" {
		for _, p := range Palettes {
			for _, sh := range Shapes {
				for a := range 4 {
					write(fmt.Sprintf("%s-%s-%d", p.Name, sh, a), Spec{Shape: sh, Palette: p, Label: "Maison Lumière", Caption: "Crème Riche", Angle: a})
				}
			}
		}
	}
}
