package productart

import (
	"image"
	"math"
	"strings"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gomedium"
	"golang.org/x/image/font/gofont/gosmallcaps"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// The Go fonts are embedded in x/image, so labels need no font files on disk.
var (
	fontsOnce sync.Once
	fontBrand *opentype.Font
	fontCaps  *opentype.Font
)

func loadFonts() {
	fontsOnce.Do(func() {
		fontBrand = mustParse(gomedium.TTF)
		fontCaps = mustParse(gosmallcaps.TTF)
	})
}

func mustParse(b []byte) *opentype.Font {
	f, err := opentype.Parse(b)
	if err != nil {
		panic("productart: embedded font: " + err.Error())
	}
	return f
}

// textLine is one run of lettering with letter-spacing, the typographic
// habit that makes short brand marks look expensive.
type textLine struct {
	f        *opentype.Font
	text     string
	tracking float64 // extra space between letters, in ems
}

func newFace(f *opentype.Font, px float64) font.Face {
	face, err := opentype.NewFace(f, &opentype.FaceOptions{Size: px, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		panic("productart: font face: " + err.Error())
	}
	return face
}

// width measures the line at px pixels per em.
func (t textLine) width(px float64) float64 {
	face := newFace(t.f, px)
	defer face.Close()
	w := 0.0
	n := 0
	prev := rune(-1)
	for _, r := range t.text {
		if prev >= 0 {
			w += fix(face.Kern(prev, r))
		}
		a, _ := face.GlyphAdvance(r)
		w += fix(a)
		prev = r
		n++
	}
	if n > 1 {
		w += t.tracking * px * float64(n-1)
	}
	return w
}

func fix(v fixed.Int26_6) float64 { return float64(v) / 64 }

// draw renders the line centred on cx with its baseline at y.
func (t textLine) draw(dst *image.Alpha, px, cx, y float64) {
	face := newFace(t.f, px)
	defer face.Close()
	x := cx - t.width(px)/2
	d := font.Drawer{Dst: dst, Src: image.Opaque, Face: face}
	prev := rune(-1)
	for _, r := range t.text {
		if prev >= 0 {
			x += fix(face.Kern(prev, r))
		}
		d.Dot = fixed.Point26_6{X: fixed.Int26_6(math.Round(x * 64)), Y: fixed.Int26_6(math.Round(y * 64))}
		d.DrawString(string(r))
		a, _ := face.GlyphAdvance(r)
		x += fix(a) + t.tracking*px
		prev = r
	}
}

// labelArt is the lettering of a label, laid out in its own flat pixel
// space; surfaces then wrap it around a cylinder or onto a lid.
type labelArt struct {
	mask *image.Alpha
	w, h float64
}

// layoutLabel sets the brand mark, a short rule and the caption inside a
// w×h pixel area. Text is sized from the area so labels scale with the frame.
func layoutLabel(brand, caption string, w, h float64, compact bool) *labelArt {
	loadFonts()
	art := &labelArt{w: w, h: h}
	iw, ih := int(math.Ceil(w)), int(math.Ceil(h))
	if iw < 2 || ih < 2 {
		return art
	}
	art.mask = image.NewAlpha(image.Rect(0, 0, iw, ih))
	brand = strings.ToUpper(strings.TrimSpace(brand))
	caption = strings.TrimSpace(caption)

	avail := w * 0.80
	b := textLine{f: fontBrand, text: brand, tracking: 0.22}
	bpx := h * 0.17
	if compact {
		bpx = h * 0.15
	}
	if bw := b.width(100); bw > 0 {
		bpx = fmin(bpx, avail*100/bw)
	}

	var caps []textLine
	cpx := bpx * 0.74
	if caption != "" {
		one := textLine{f: fontCaps, text: caption, tracking: 0.10}
		fit := avail * 100 / fmax(one.width(100), 1)
		if fit >= cpx*0.8 || !strings.Contains(caption, " ") {
			cpx = fmin(cpx, fit)
			caps = []textLine{one}
		} else {
			l1, l2 := splitMiddle(caption)
			a := textLine{f: fontCaps, text: l1, tracking: 0.10}
			c := textLine{f: fontCaps, text: l2, tracking: 0.10}
			wmax := fmax(a.width(100), c.width(100))
			cpx = fmin(cpx, avail*100/fmax(wmax, 1))
			caps = []textLine{a, c}
		}
	}

	// Vertical rhythm: cap height ≈ 0.7 em for the Go fonts.
	capH := 0.72
	gap := bpx * 0.75
	total := bpx * capH
	if len(caps) > 0 {
		total += gap*2 + float64(len(caps))*cpx*capH + float64(len(caps)-1)*cpx*0.55
	}
	y := (h-total)/2 + bpx*capH
	if len(caps) == 0 {
		y = h/2 + bpx*capH/2
	}
	b.draw(art.mask, bpx, w/2, y)
	if len(caps) > 0 {
		ry := y + gap
		rw := fmax(w*0.12, bpx*1.2)
		thick := fmax(1, bpx*0.06)
		fillRect(art.mask, w/2-rw/2, ry-thick/2, w/2+rw/2, ry+thick/2)
		y = ry + gap + cpx*capH
		for _, c := range caps {
			c.draw(art.mask, cpx, w/2, y)
			y += cpx * (capH + 0.55)
		}
	}
	return art
}

func splitMiddle(s string) (string, string) {
	best, bestD := -1, math.MaxInt
	for i, r := range s {
		if r == ' ' {
			d := i - len(s)/2
			if d < 0 {
				d = -d
			}
			if d < bestD {
				best, bestD = i, d
			}
		}
	}
	if best < 0 {
		return s, ""
	}
	return s[:best], s[best+1:]
}

// fillRect adds an anti-aliased rectangle to an alpha mask.
func fillRect(m *image.Alpha, x0, y0, x1, y1 float64) {
	b := m.Rect
	for y := max(int(math.Floor(y0)), b.Min.Y); y < min(int(math.Ceil(y1)), b.Max.Y); y++ {
		cy := fmin(float64(y+1), y1) - fmax(float64(y), y0)
		for x := max(int(math.Floor(x0)), b.Min.X); x < min(int(math.Ceil(x1)), b.Max.X); x++ {
			cx := fmin(float64(x+1), x1) - fmax(float64(x), x0)
			a := clamp01(cx * cy)
			i := (y-b.Min.Y)*m.Stride + (x - b.Min.X)
			v := float64(m.Pix[i])/255 + a
			m.Pix[i] = uint8(math.Round(clamp01(v) * 255))
		}
	}
}

// sample reads the lettering coverage at a label-space position.
func (a *labelArt) sample(x, y float64) float64 {
	if a == nil || a.mask == nil {
		return 0
	}
	return sampleAlpha(a.mask, x, y)
}
