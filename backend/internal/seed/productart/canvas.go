package productart

import (
	"image"
	"image/color"
	"image/draw"
	"math"

	"golang.org/x/image/vector"
)

// rgb is a colour in 0..1 sRGB components. Lighting is done directly in sRGB:
// the images are illustrations, and this keeps the palette hex values
// recognisable in the lit result.
type rgb struct{ r, g, b float64 }

func col(c color.RGBA) rgb {
	return rgb{float64(c.R) / 255, float64(c.G) / 255, float64(c.B) / 255}
}

func grey(v float64) rgb            { return rgb{v, v, v} }
func (a rgb) mul(k float64) rgb     { return rgb{a.r * k, a.g * k, a.b * k} }
func (a rgb) add(b rgb) rgb         { return rgb{a.r + b.r, a.g + b.g, a.b + b.b} }
func (a rgb) times(b rgb) rgb       { return rgb{a.r * b.r, a.g * b.g, a.b * b.b} }
func (a rgb) luma() float64         { return 0.2126*a.r + 0.7152*a.g + 0.0722*a.b }
func (a rgb) lighten(t float64) rgb { return mix(a, grey(1), t) }
func (a rgb) darken(t float64) rgb  { return a.mul(1 - t) }

func (a rgb) pow(k float64) rgb {
	return rgb{math.Pow(a.r, k), math.Pow(a.g, k), math.Pow(a.b, k)}
}

func mix(a, b rgb, t float64) rgb {
	return rgb{a.r + (b.r-a.r)*t, a.g + (b.g-a.g)*t, a.b + (b.b-a.b)*t}
}

func lerp(a, b, t float64) float64 { return a + (b-a)*t }
func sq(v float64) float64         { return v * v }

// smooth is the smoothstep easing between e0 and e1.
func smooth(e0, e1, v float64) float64 {
	t := clamp01((v - e0) / (e1 - e0))
	return t * t * (3 - 2*t)
}

// band is 1 between a and b with soft edges, 0 elsewhere.
func band(v, a, b, soft float64) float64 {
	return smooth(a-soft, a+soft, v) * (1 - smooth(b-soft, b+soft, v))
}

// clamp01, fmax and fmin avoid math.Max/Min, whose NaN and ±0 handling
// costs a measurable share of a render; the renderer never produces NaN.
func clamp01(v float64) float64 {
	if v < 0 {
		return 0
	}
	if v > 1 {
		return 1
	}
	return v
}

func fmax(a, b float64) float64 {
	if a > b {
		return a
	}
	return b
}

func fmin(a, b float64) float64 {
	if a < b {
		return a
	}
	return b
}

// canvas is an opaque float image; the float store avoids banding while
// many translucent layers (shadows, glows, reflections) accumulate.
type canvas struct {
	w, h int
	pix  []float32
}

func newCanvas(w, h int) *canvas {
	return &canvas{w: w, h: h, pix: make([]float32, w*h*3)}
}

func (c *canvas) set(x, y int, v rgb) {
	i := (y*c.w + x) * 3
	c.pix[i], c.pix[i+1], c.pix[i+2] = float32(v.r), float32(v.g), float32(v.b)
}

// blend paints v over the pixel with coverage a.
func (c *canvas) blend(x, y int, v rgb, a float64) {
	if a <= 0 {
		return
	}
	i := (y*c.w + x) * 3
	k := float32(a)
	c.pix[i] += (float32(v.r) - c.pix[i]) * k
	c.pix[i+1] += (float32(v.g) - c.pix[i+1]) * k
	c.pix[i+2] += (float32(v.b) - c.pix[i+2]) * k
}

// bayer4 spreads the float→8-bit rounding error so the large soft gradients
// of the backdrop do not band; it is a fixed matrix, so output stays
// deterministic.
var bayer4 = [16]float32{0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5}

func (c *canvas) toRGBA() *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, c.w, c.h))
	for y := range c.h {
		row := img.Pix[y*img.Stride:]
		for x := range c.w {
			d := (bayer4[(y&3)*4+(x&3)] + 0.5) / 16
			i := (y*c.w + x) * 3
			o := x * 4
			row[o] = to8(c.pix[i], d)
			row[o+1] = to8(c.pix[i+1], d)
			row[o+2] = to8(c.pix[i+2], d)
			row[o+3] = 0xff
		}
	}
	return img
}

func to8(v, d float32) uint8 {
	v = v*255 + d
	if v <= 0 {
		return 0
	}
	if v >= 255 {
		return 255
	}
	return uint8(v)
}

// layer is a premultiplied RGBA float image covering part of the canvas.
// Objects are painted into their own layer so they can be mirrored into a
// floor reflection before being composited.
type layer struct {
	r   image.Rectangle
	pix []float32
}

func newLayer(r image.Rectangle) *layer {
	return &layer{r: r, pix: make([]float32, r.Dx()*r.Dy()*4)}
}

func (l *layer) index(x, y int) int { return ((y-l.r.Min.Y)*l.r.Dx() + (x - l.r.Min.X)) * 4 }

// over paints v with coverage a over the layer pixel.
func (l *layer) over(x, y int, v rgb, a float64) {
	if a <= 0 {
		return
	}
	i := l.index(x, y)
	k := float32(1 - a)
	p := l.pix[i : i+4 : i+4]
	p[0] = float32(v.r*a) + p[0]*k
	p[1] = float32(v.g*a) + p[1]*k
	p[2] = float32(v.b*a) + p[2]*k
	p[3] = float32(a) + p[3]*k
}

// compositeOnto draws the layer over the canvas.
func (l *layer) compositeOnto(c *canvas) {
	r := l.r.Intersect(image.Rect(0, 0, c.w, c.h))
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			i := l.index(x, y)
			a := l.pix[i+3]
			if a <= 0 {
				continue
			}
			j := (y*c.w + x) * 3
			k := 1 - a
			c.pix[j] = l.pix[i] + c.pix[j]*k
			c.pix[j+1] = l.pix[i+1] + c.pix[j+1]*k
			c.pix[j+2] = l.pix[i+2] + c.pix[j+2]*k
		}
	}
}

// path records a vector outline in canvas pixel coordinates.
type path struct {
	ops                    []pathOp
	minX, minY, maxX, maxY float64
	started                bool
}

type pathOp struct {
	kind byte // 'M', 'L', 'C', 'Z'
	p    [6]float64
}

func (p *path) grow(x, y float64) {
	if !p.started {
		p.minX, p.maxX, p.minY, p.maxY, p.started = x, x, y, y, true
		return
	}
	p.minX, p.maxX = fmin(p.minX, x), fmax(p.maxX, x)
	p.minY, p.maxY = fmin(p.minY, y), fmax(p.maxY, y)
}

func (p *path) moveTo(x, y float64) {
	p.ops = append(p.ops, pathOp{kind: 'M', p: [6]float64{x, y}})
	p.grow(x, y)
}

func (p *path) lineTo(x, y float64) {
	p.ops = append(p.ops, pathOp{kind: 'L', p: [6]float64{x, y}})
	p.grow(x, y)
}

func (p *path) cubeTo(bx, by, cx, cy, x, y float64) {
	p.ops = append(p.ops, pathOp{kind: 'C', p: [6]float64{bx, by, cx, cy, x, y}})
	p.grow(bx, by)
	p.grow(cx, cy)
	p.grow(x, y)
}

func (p *path) close() { p.ops = append(p.ops, pathOp{kind: 'Z'}) }

// kappa places cubic control points so four arcs approximate a circle.
const kappa = 0.5522847498

func (p *path) ellipse(cx, cy, rx, ry float64) {
	p.moveTo(cx+rx, cy)
	p.cubeTo(cx+rx, cy+ry*kappa, cx+rx*kappa, cy+ry, cx, cy+ry)
	p.cubeTo(cx-rx*kappa, cy+ry, cx-rx, cy+ry*kappa, cx-rx, cy)
	p.cubeTo(cx-rx, cy-ry*kappa, cx-rx*kappa, cy-ry, cx, cy-ry)
	p.cubeTo(cx+rx*kappa, cy-ry, cx+rx, cy-ry*kappa, cx+rx, cy)
	p.close()
}

func (p *path) roundRect(x0, y0, x1, y1, rad float64) {
	rad = fmin(rad, fmin((x1-x0)/2, (y1-y0)/2))
	k := rad * (1 - kappa)
	p.moveTo(x0+rad, y0)
	p.lineTo(x1-rad, y0)
	p.cubeTo(x1-k, y0, x1, y0+k, x1, y0+rad)
	p.lineTo(x1, y1-rad)
	p.cubeTo(x1, y1-k, x1-k, y1, x1-rad, y1)
	p.lineTo(x0+rad, y1)
	p.cubeTo(x0+k, y1, x0, y1-k, x0, y1-rad)
	p.lineTo(x0, y0+rad)
	p.cubeTo(x0, y0+k, x0+k, y0, x0+rad, y0)
	p.close()
}

func (p *path) polygon(pts [][2]float64) {
	for i, q := range pts {
		if i == 0 {
			p.moveTo(q[0], q[1])
		} else {
			p.lineTo(q[0], q[1])
		}
	}
	p.close()
}

// mask rasterises the path with anti-aliasing into an alpha image covering
// only the path's bounds (clipped to clip), keeping memory proportional to
// the shape rather than to the whole frame.
func (p *path) mask(clip image.Rectangle) *image.Alpha {
	if !p.started {
		return nil
	}
	r := image.Rect(int(math.Floor(p.minX))-1, int(math.Floor(p.minY))-1,
		int(math.Ceil(p.maxX))+1, int(math.Ceil(p.maxY))+1).Intersect(clip)
	if r.Empty() {
		return nil
	}
	z := vector.NewRasterizer(r.Dx(), r.Dy())
	ox, oy := float64(r.Min.X), float64(r.Min.Y)
	f := func(v, o float64) float32 { return float32(v - o) }
	for _, op := range p.ops {
		q := op.p
		switch op.kind {
		case 'M':
			z.MoveTo(f(q[0], ox), f(q[1], oy))
		case 'L':
			z.LineTo(f(q[0], ox), f(q[1], oy))
		case 'C':
			z.CubeTo(f(q[0], ox), f(q[1], oy), f(q[2], ox), f(q[3], oy), f(q[4], ox), f(q[5], oy))
		case 'Z':
			z.ClosePath()
		}
	}
	m := image.NewAlpha(r)
	z.DrawOp = draw.Src
	z.Draw(m, r, image.Opaque, image.Point{})
	return m
}

// shader returns the colour and opacity of a surface at a pixel centre.
type shader func(x, y float64) (rgb, float64)

// shadeCovered asks sh for the colour of every pixel the mask covers and paints it, weighted by
// the coverage, with paint (a layer's or the canvas's compositing).
func shadeCovered(m *image.Alpha, sh shader, paint func(x, y int, v rgb, a float64)) {
	if m == nil {
		return
	}
	b := m.Rect
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			cov := m.Pix[(y-b.Min.Y)*m.Stride+(x-b.Min.X)]
			if cov == 0 {
				continue
			}
			v, a := sh(float64(x)+0.5, float64(y)+0.5)
			paint(x, y, v, a*float64(cov)/255)
		}
	}
}

// fill paints the path into the layer, asking sh for each covered pixel.
func (l *layer) fill(p *path, sh shader) { shadeCovered(p.mask(l.r), sh, l.over) }

// sampleAlpha reads an alpha image bilinearly at a fractional position given
// in the image's own pixel coordinates; outside it reads as 0.
func sampleAlpha(m *image.Alpha, fx, fy float64) float64 {
	if m == nil {
		return 0
	}
	b := m.Rect
	fx -= 0.5 + float64(b.Min.X)
	fy -= 0.5 + float64(b.Min.Y)
	x0, y0 := int(math.Floor(fx)), int(math.Floor(fy))
	tx, ty := fx-float64(x0), fy-float64(y0)
	w, h := b.Dx(), b.Dy()
	get := func(x, y int) float64 {
		if x < 0 || y < 0 || x >= w || y >= h {
			return 0
		}
		return float64(m.Pix[y*m.Stride+x]) / 255
	}
	top := lerp(get(x0, y0), get(x0+1, y0), tx)
	bot := lerp(get(x0, y0+1), get(x0+1, y0+1), tx)
	return lerp(top, bot, ty)
}
