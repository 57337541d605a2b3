package productart

import (
	"image"
	"math"
)

// The scene is laid out on a 1000×1250 design frame (4:5) that is scaled to
// fit the requested size and centred, so every size shows the same picture.
const (
	designW = 1000.0
	designH = 1250.0
)

type scene struct {
	spec    Spec
	c       *canvas
	u       float64 // pixels per design unit of the frame
	ox, oy  float64 // pixel offset of the design frame
	horizon float64 // design y where the wall meets the floor
	wall    rgb
	floor   rgb
}

func newScene(s Spec, c *canvas) *scene {
	u := fmin(float64(c.w)/designW, float64(c.h)/designH)
	return &scene{
		spec: s, c: c, u: u,
		ox: (float64(c.w) - designW*u) / 2, oy: (float64(c.h) - designH*u) / 2,
		wall: col(s.Palette.Backdrop), floor: col(s.Palette.Floor),
	}
}

func (sc *scene) X(x float64) float64 { return sc.ox + x*sc.u }
func (sc *scene) Y(y float64) float64 { return sc.oy + y*sc.u }

func (sc *scene) paint() {
	o := productObject(sc.spec)
	switch ((sc.spec.Angle % 4) + 4) % 4 {
	case 0:
		sc.hero(o)
	case 1:
		sc.withCarton(o)
	case 2:
		sc.onPlinth(o)
	default:
		sc.closeUp(o)
	}
}

func (sc *scene) elevFor(o *object, e float64) float64 { return fmax(e, o.minElev) }

// fit returns the design-units-per-object-unit scale that fits o in a box.
func fit(o *object, w, h float64) float64 { return fmin(w/(2*o.halfW), h/o.height) }

// hero: the product alone in front of a softly lit arch on a polished floor.
func (sc *scene) hero(o *object) {
	e := sc.elevFor(o, 0.13)
	// Flat products may spread wider; the rest keep air around them.
	k := fit(o, 520, 690)
	if o.minElev > 0 {
		k = fit(o, 600, 690)
	}
	// Low products sit further back so the frame does not go empty above them.
	floor := fmax(880, fmin(1015, 710+o.height*k*0.5))
	sc.horizon = floor - 225
	sc.backdrop(500, sc.horizon-230, 0.55)
	sc.arch(500, 600, 215, sc.horizon+15)
	pl := sc.place(500, floor, k, e)
	sc.shadows(o, pl, 1)
	l := sc.renderObject(o, pl)
	l.reflectColumns(sc.c, 0.2, o.height*pl.s*0.32, sc.floor)
	l.compositeOnto(sc.c)
}

// withCarton: the product in front of its carton.
func (sc *scene) withCarton(o *object) {
	p := sc.spec.Palette
	e := sc.elevFor(o, 0.16)
	if sc.spec.Shape == GiftBox {
		sc.horizon = 760
		sc.backdrop(470, 560, 0.45)
		sc.giftWithContents(o, e)
		return
	}
	bw := fmax(2*o.halfW*1.2, 0.36)
	bh := o.height * 1.02
	bd := fmax(2*o.halfW*0.95, 0.3)
	ink, foil := col(p.Ink), p.InkFoil
	boxCol := col(p.Accent)
	if !foil && math.Abs(ink.luma()-boxCol.luma()) < 0.3 {
		ink = boxCol.mul(0.35)
	}
	carton := &object{halfW: bw / 2, height: bh + 0.1, baseR: bw / 2, depth: bd / 2, minElev: o.minElev}
	carton.add(&boxPart{w: bw, h: bh, d: bd, yaw: -0.34, fin: Matte, albedo: boxCol,
		brand: sc.spec.Label, caption: sc.spec.Caption, ink: ink, foil: foil})
	gap := 0.55 * (bw + 2*o.halfW)
	k := fmin(600/bh, 700/(gap+bw/2+o.halfW))
	bx := 500 - gap*k*0.42
	px := 500 + gap*k*0.58
	floor := fmax(830, fmin(985, 690+bh*k*0.5))
	sc.horizon = floor - 225
	sc.backdrop(470, sc.horizon-200, 0.45)
	cpl := sc.place(bx, floor, k, e)
	sc.shadows(carton, cpl, 0.9)
	sc.renderObject(carton, cpl).compositeOnto(sc.c)
	ppl := sc.place(px, floor+75, k, e)
	sc.shadows(o, ppl, 1)
	sc.renderObject(o, ppl).compositeOnto(sc.c)
}

// giftWithContents shows a gift set's box behind two of the products it holds.
func (sc *scene) giftWithContents(box *object, e float64) {
	k := fit(box, 560, 420)
	bpl := sc.place(420, 900, k, e)
	sc.shadows(box, bpl, 0.9)
	sc.renderObject(box, bpl).compositeOnto(sc.c)
	a := productObject(Spec{Shape: Dropper, Palette: sc.spec.Palette, Label: sc.spec.Label})
	b := productObject(Spec{Shape: Jar, Palette: sc.spec.Palette, Label: sc.spec.Label})
	apl := sc.place(640, 1050, fit(a, 260, 420), e)
	bpl2 := sc.place(320, 1085, fit(b, 300, 230), e)
	sc.shadows(a, apl, 1)
	sc.renderObject(a, apl).compositeOnto(sc.c)
	sc.shadows(b, bpl2, 1)
	sc.renderObject(b, bpl2).compositeOnto(sc.c)
}

// onPlinth: the product raised on a round plinth, a smaller one beside it,
// and a pearl, as in a campaign still life.
func (sc *scene) onPlinth(o *object) {
	p := sc.spec.Palette
	e := sc.elevFor(o, 0.2)
	const pr, ph = 230.0, 120.0
	k := fit(o, 380, 560)
	// Centre the plinth-and-product group vertically whatever its height.
	base := fmax(920, fmin(1115, 730+(ph+o.height*k)/2))
	sc.horizon = base - 400
	sc.backdrop(560, sc.horizon-120, 0.5)
	plinthCol := mix(col(p.Accent), sc.wall, 0.45).lighten(0.12)
	plinth := &object{}
	plinth.addLathe(&lathePart{
		prof: newProfile(0, pr, seg{ph - 4, pr, segLine}, seg{ph, pr - 4, segArc}),
		fin:  Matte, albedo: plinthCol,
	})
	small := productObject(Spec{Shape: sc.spec.Shape, Palette: p, Label: sc.spec.Label})
	ks := fit(small, 210, 330)
	spl := sc.place(235, base-30, ks, fmax(e, small.minElev))
	sc.shadows(small, spl, 0.9)
	sc.renderObject(small, spl).compositeOnto(sc.c)

	ppl := sc.place(590, base, 1, 0.2)
	sc.shadows(plinth, ppl, 0.8)
	sc.renderObject(plinth, ppl).compositeOnto(sc.c)

	opl := sc.place(590, base-ph, k, e)
	sc.shadows(o, opl, 1)
	sc.renderObject(o, opl).compositeOnto(sc.c)

	pearl := &object{halfW: 1, height: 2, baseR: 0.8}
	pearl.add(&sphere{r: 1, albedo: mix(col(p.Accent), sc.wall, 0.5).lighten(0.35), fin: Satin})
	qpl := sc.place(860, base+45, 52, 0.2)
	sc.shadows(pearl, qpl, 0.8)
	sc.renderObject(pearl, qpl).compositeOnto(sc.c)
}

// closeUp: the label filling the frame, daylight on the wall behind.
func (sc *scene) closeUp(o *object) {
	sc.horizon = 1060
	sc.backdrop(420, 420, 0.75)
	sc.windowLight()
	e := sc.elevFor(o, 0.09)
	k := fmin(designH*1.3/o.height, designW*0.84/(2*o.halfW))
	pl := sc.place(500, 640+o.labelMid*k, k, e)
	sc.shadows(o, pl, 1)
	sc.renderObject(o, pl).compositeOnto(sc.c)
}

// place turns a design-frame position and scale into a pixel placement.
func (sc *scene) place(x, floorY, k, elev float64) placement {
	return placement{cx: sc.X(x), floorY: sc.Y(floorY), s: k * sc.u, elev: elev, lt: newLighting(elev, sc.wall)}
}

func (sc *scene) renderObject(o *object, pl placement) *layer {
	pad := 4.0
	r := image.Rect(
		int(math.Floor(pl.cx-(o.halfW*1.3)*pl.s-pad)),
		int(math.Floor(pl.floorY-(o.height+0.1)*pl.s-pad)),
		int(math.Ceil(pl.cx+(o.halfW*1.3)*pl.s+pad)),
		int(math.Ceil(pl.floorY+(o.baseR+o.depth)*pl.elev*pl.s+o.depth*pl.s+pad)),
	).Intersect(image.Rect(0, 0, sc.c.w, sc.c.h))
	l := newLayer(r)
	if !r.Empty() {
		o.draw(l, pl)
	}
	return l
}

// backdrop paints the seamless paper sweep: a wall that darkens slightly
// upwards, a floor, a soft transition between them, a pool of light behind
// the product and a light vignette.
func (sc *scene) backdrop(gx, gy, glow float64) {
	c := sc.c
	wallTop := sc.wall.mul(0.9)
	floorFront := sc.floor.mul(0.93)
	hz := sc.Y(sc.horizon)
	soft := 90 * sc.u
	gxp, gyp := sc.X(gx), sc.Y(gy)
	sig := 430 * sc.u
	cx, cy := float64(c.w)/2, float64(c.h)/2
	diag2 := cx*cx + cy*cy
	// The glow is a Gaussian, so it separates into a row and a column factor.
	gcol := make([]float64, c.w)
	for x := range gcol {
		gcol[x] = math.Exp(-sq(float64(x)+0.5-gxp) / (2 * sig * sig))
	}
	for y := range c.h {
		fy := float64(y) + 0.5
		tw := clamp01((fy - sc.oy) / fmax(hz-sc.oy, 1))
		w := mix(wallTop, sc.wall, math.Pow(tw, 0.8))
		tf := clamp01((fy - hz) / fmax(float64(c.h)-hz, 1))
		f := mix(sc.floor, floorFront, tf*tf)
		m := smooth(hz-soft, hz+soft*0.6, fy)
		base := mix(w, f, m)
		grow := math.Exp(-sq((fy-gyp)*1.25) / (2 * sig * sig))
		dy2 := sq(fy - cy)
		for x := range c.w {
			fx := float64(x) + 0.5
			g := gcol[x] * grow
			v := base.mul(1 + 0.07*glow*g).lighten(0.05 * glow * g)
			// Light comes from the left; a light vignette closes the corners.
			k := (1 + 0.035*(0.5-fx/float64(c.w))) * (1 - 0.10*(sq(fx-cx)+dy2)/diag2)
			c.set(x, y, v.mul(k))
		}
	}
}

// arch is a tall round-topped panel standing on the floor behind the
// product, a staple of luxury still lifes; it casts a soft shadow on the wall.
func (sc *scene) arch(cx, w, top, bottom float64) {
	c := sc.c
	r := w / 2
	sdf := func(x, y float64) float64 { // design units; negative inside
		dx := math.Abs(x-cx) - r
		if y < top+r {
			dx = math.Hypot(x-cx, y-(top+r)) - r
		}
		return fmax(dx, y-bottom)
	}
	face := mix(sc.wall, col(sc.spec.Palette.Accent), 0.35).lighten(0.06)
	x0, x1 := int(sc.X(cx-r-80)), int(math.Ceil(sc.X(cx+r+80)))
	y0, y1 := int(sc.Y(top-20)), int(math.Ceil(sc.Y(bottom+4)))
	for y := max(y0, 0); y < min(y1, c.h); y++ {
		for x := max(x0, 0); x < min(x1, c.w); x++ {
			dx := (float64(x) + 0.5 - sc.ox) / sc.u
			dy := (float64(y) + 0.5 - sc.oy) / sc.u
			d := sdf(dx, dy)
			// Shadow on the wall, offset right and blurred.
			if sh := sdf(dx-26, dy+6); sh < 60 && dy < bottom {
				a := 0.16 * (1 - smooth(-40, 60, sh)) * (1 - smooth(bottom-60, bottom, dy)*0.3)
				c.blend(x, y, sc.wall.mul(0.55), a)
			}
			cov := clamp01(0.5 - d*sc.u)
			if cov > 0 {
				t := clamp01((dy - top) / (bottom - top))
				v := face.mul(0.97 + 0.06*t)
				// The panel is lit from the left; its right edge turns away.
				v = v.mul(1 + 0.05*(cx-dx)/r)
				c.blend(x, y, v, cov)
			}
		}
	}
	// Contact shadow where the arch meets the floor.
	sc.ellipseShadow(sc.X(cx), sc.Y(bottom), r*sc.u*1.05, 10*sc.u, 0.18, 0.8)
}

// windowLight lays soft panes of daylight across the wall, as from a tall
// window out of frame to the left.
func (sc *scene) windowLight() {
	c := sc.c
	const x0, x1, y0, y1, soft = 430.0, 930.0, 60.0, 760.0, 26.0
	mx, my := (x0+x1)/2, (y0+y1)/2
	hz := sc.Y(sc.horizon)
	for y := range c.h {
		dy := (float64(y) + 0.5 - sc.oy) / sc.u
		fade := 1 - smooth(hz-120*sc.u, hz+40*sc.u, float64(y))
		if fade <= 0 {
			continue
		}
		for x := range c.w {
			dx := (float64(x) + 0.5 - sc.ox) / sc.u
			X := dx + 0.42*(dy-y0)
			m := band(X, x0, x1, soft) * band(dy, y0, y1, soft)
			if m <= 0 {
				continue
			}
			m *= 1 - band(X, mx-9, mx+9, soft*0.5)
			m *= 1 - band(dy, my-9, my+9, soft*0.5)
			c.blend(x, y, sc.wall.lighten(0.45), 0.28*m*fade)
		}
	}
}

// shadows lays the contact, occlusion and cast shadows of an object on the
// floor before the object is drawn.
func (sc *scene) shadows(o *object, pl placement, strength float64) {
	rx := o.baseR * pl.s
	ry := fmax(rx*pl.elev, 2)
	if o.depth > 0 {
		ry = fmax(o.depth*pl.s*pl.elev*1.2, 3)
		rx *= 1.05
	}
	h := o.height * pl.s
	// Long soft cast shadow, back and to the right, away from the key light.
	sc.ellipseShadow(pl.cx+rx*0.7+h*0.16, pl.floorY-ry*0.6, rx*1.2+h*0.2, ry*1.6+h*0.02, 0.13*strength, 0.85)
	// Ambient occlusion under and around the base.
	sc.ellipseShadow(pl.cx+rx*0.08, pl.floorY+ry*0.1, rx*1.35, ry*1.7+2, 0.30*strength, 0.7)
	// Tight contact shadow.
	sc.ellipseShadow(pl.cx, pl.floorY+ry*0.12, rx*1.02, ry*1.08, 0.5*strength, 0.18)
}

func (sc *scene) ellipseShadow(cx, cy, rx, ry, strength, soft float64) {
	c := sc.c
	if rx < 0.5 || ry < 0.5 {
		return
	}
	tint := sc.floor.mul(0.42)
	ext := 1 + soft
	x0, x1 := int(cx-rx*ext-1), int(math.Ceil(cx+rx*ext+1))
	y0, y1 := int(cy-ry*ext-1), int(math.Ceil(cy+ry*ext+1))
	for y := max(y0, 0); y < min(y1, c.h); y++ {
		for x := max(x0, 0); x < min(x1, c.w); x++ {
			d := math.Hypot((float64(x)+0.5-cx)/rx, (float64(y)+0.5-cy)/ry)
			a := strength * (1 - smooth(1-soft, 1+soft, d))
			c.blend(x, y, tint, a)
		}
	}
}

// sphere is a round prop, e.g. a pearl or a pebble.
type sphere struct {
	r      float64
	albedo rgb
	fin    Finish
}

func (s *sphere) draw(l *layer, pl placement) {
	cx, cy := pl.px(0, s.r)
	rp := s.r * pl.s
	var pa path
	pa.ellipse(cx, cy, rp, rp)
	l.fill(&pa, func(x, y float64) (rgb, float64) {
		nx, ny := (x-cx)/rp, (cy-y)/rp
		nz := math.Sqrt(fmax(0, 1-nx*nx-ny*ny))
		b, sp := pl.lt.shade(s.fin, s.albedo, vec3{nx, ny, nz}, 1)
		// Floor bounce lightens the underside of pale spheres.
		b = b.add(s.albedo.mul(0.08 * clamp01(-ny)))
		return b.add(sp), 1
	})
}

// reflectColumns mirrors the layer about its lowest opaque pixel in each
// column, so the reflection meets the curved base everywhere, as a polished
// floor would show it.
func (l *layer) reflectColumns(c *canvas, strength, fade float64, floor rgb) {
	if fade < 1 {
		return
	}
	for x := max(l.r.Min.X, 0); x < min(l.r.Max.X, c.w); x++ {
		base := -1
		for y := l.r.Max.Y - 1; y >= l.r.Min.Y; y-- {
			if l.pix[l.index(x, y)+3] > 0.5 {
				base = y
				break
			}
		}
		if base < 0 {
			continue
		}
		for y := base + 1; y < min(c.h, base+1+int(fade)); y++ {
			d := float64(y - base)
			sy := base - (y - base) + 1
			if sy < l.r.Min.Y {
				break
			}
			i := l.index(x, sy)
			a := float64(l.pix[i+3])
			if a <= 0 {
				continue
			}
			v := rgb{float64(l.pix[i]) / a, float64(l.pix[i+1]) / a, float64(l.pix[i+2]) / a}
			k := strength * sq(1-d/fade)
			c.blend(x, y, mix(v, floor, 0.35), a*k)
		}
	}
}
