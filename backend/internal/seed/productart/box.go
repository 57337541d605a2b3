package productart

import "math"

// boxPart is a cuboid (carton or gift box), turned by yaw so that its right
// side shows, which is what makes a flat rectangle read as a box.
type boxPart struct {
	w, h, d  float64 // full width, height and depth
	h0       float64 // height of the bottom face above the floor (lids)
	x, z     float64 // centre of the footprint
	yaw      float64
	fin      Finish
	albedo   rgb
	brand    string
	caption  string
	ink      rgb
	foil     bool
	ribbon   rgb
	ribbonW  float64 // half-width of a ribbon tied crosswise over the box; 0 for none
	frame    bool    // a foil rule inset around the front face
	frontArt *labelArt
}

type face struct {
	o, a, b [2]float64 // screen origin and the screen vectors of the face's unit axes
	n       vec3
	kind    int // 0 front, 1 right side, 2 top
}

func (bx *boxPart) project(pl placement, x, h, z float64) [2]float64 {
	c, s := math.Cos(bx.yaw), math.Sin(bx.yaw)
	x, z = x-bx.x, z-bx.z
	X := x*c + z*s + bx.x
	Z := -x*s + z*c + bx.z
	px, py := pl.px(X, h-pl.elev*Z)
	return [2]float64{px, py}
}

func (bx *boxPart) faces(pl placement) []face {
	hw, hd := bx.w/2, bx.d/2
	c, s := math.Cos(bx.yaw), math.Sin(bx.yaw)
	vec := func(p, q [2]float64) [2]float64 { return [2]float64{q[0] - p[0], q[1] - p[1]} }
	b, t := bx.h0, bx.h0+bx.h
	fo := bx.project(pl, bx.x-hw, b, bx.z+hd)
	front := face{o: fo, a: vec(fo, bx.project(pl, bx.x+hw, b, bx.z+hd)), b: vec(fo, bx.project(pl, bx.x-hw, t, bx.z+hd)),
		n: vec3{s, 0, c}, kind: 0}
	so := bx.project(pl, bx.x+hw, b, bx.z+hd)
	side := face{o: so, a: vec(so, bx.project(pl, bx.x+hw, b, bx.z-hd)), b: vec(so, bx.project(pl, bx.x+hw, t, bx.z+hd)),
		n: vec3{c, 0, -s}, kind: 1}
	to := bx.project(pl, bx.x-hw, t, bx.z+hd)
	top := face{o: to, a: vec(to, bx.project(pl, bx.x+hw, t, bx.z+hd)), b: vec(to, bx.project(pl, bx.x-hw, t, bx.z-hd)),
		n: vec3{0, 1, 0}, kind: 2}
	fs := []face{front, top}
	if side.n.z > 0.02 {
		fs = append(fs, side)
	}
	return fs
}

func (bx *boxPart) draw(l *layer, pl placement) {
	if bx.brand != "" && bx.frontArt == nil {
		bx.frontArt = layoutLabel(bx.brand, bx.caption, bx.w*pl.s, fmin(bx.h*0.62, bx.w*0.55)*pl.s, false)
	}
	for _, f := range bx.faces(pl) {
		var pa path
		p0 := f.o
		p1 := [2]float64{f.o[0] + f.a[0], f.o[1] + f.a[1]}
		p2 := [2]float64{p1[0] + f.b[0], p1[1] + f.b[1]}
		p3 := [2]float64{f.o[0] + f.b[0], f.o[1] + f.b[1]}
		pa.polygon([][2]float64{p0, p1, p2, p3})
		det := f.a[0]*f.b[1] - f.a[1]*f.b[0]
		if math.Abs(det) < 1e-9 {
			continue
		}
		la := math.Hypot(f.a[0], f.a[1])
		lb := math.Hypot(f.b[0], f.b[1])
		l.fill(&pa, func(x, y float64) (rgb, float64) {
			dx, dy := x-f.o[0], y-f.o[1]
			u := (dx*f.b[1] - dy*f.b[0]) / det
			v := (f.a[0]*dy - f.a[1]*dx) / det
			return bx.shadeFace(pl, f, u, v, la, lb), 1
		})
	}
}

// shadeFace colours a point at (u, v) ∈ [0,1]² on a face whose axes are la
// and lb pixels long.
func (bx *boxPart) shadeFace(pl placement, f face, u, v, la, lb float64) rgb {
	n := f.n
	body, spec := pl.lt.shade(bx.fin, bx.albedo, n, 1)
	// Gentle falloff across each face, as a softbox never lights evenly.
	body = body.mul(1 - 0.06*u + 0.04*v)
	if bx.ribbonW > 0 {
		var d float64 // pixel distance from the ribbon's centre line
		switch f.kind {
		case 0, 1:
			d = math.Abs(u-0.5) * la
		default:
			d = fmin(math.Abs(u-0.5)*la, math.Abs(v-0.5)*lb)
		}
		rw := bx.ribbonW * pl.s
		if a := clamp01(rw - d + 0.5); a > 0 {
			rn := n
			rb, rs := pl.lt.shade(Satin, bx.ribbon, rn, 1)
			sheen := 1 + 0.12*math.Cos(d/rw*math.Pi)
			body = mix(body, rb.mul(sheen), a)
			spec = mix(spec, rs, a)
		}
	}
	if f.kind == 0 && bx.frontArt != nil {
		sx := u * la
		sy := (0.5-v)*lb + bx.frontArt.h/2
		if a := bx.frontArt.sample(sx, sy); a > 0 {
			if bx.foil {
				body = mix(body, pl.lt.foil(bx.ink, norm(vec3{n.x - 0.3, n.y + 0.2, n.z})), a)
				spec = spec.mul(1 - a)
			} else {
				ib, _ := pl.lt.shade(Matte, bx.ink, n, 1)
				body = mix(body, ib, a)
			}
		}
	}
	if f.kind == 0 && bx.frame {
		in := fmin(la, lb) * 0.06
		d := math.Abs(fmin(fmin(u*la, (1-u)*la), fmin(v*lb, (1-v)*lb)) - in)
		if a := clamp01(fmax(0.6, pl.s*0.004) - d + 0.5); a > 0 {
			body = mix(body, pl.lt.foil(bx.ink, norm(vec3{n.x - 0.3, n.y + 0.2, n.z})), a)
		}
	}
	// Board edges catch a hairline of light.
	e := fmin(fmin(u*la, (1-u)*la), fmin(v*lb, (1-v)*lb))
	body = body.add(grey(0.07 * math.Exp(-e*e/2)))
	return body.add(spec)
}

// bow is the ribbon bow on top of a gift box.
type bow struct {
	x, h, z float64 // knot position on the lid
	size    float64
	albedo  rgb
	box     *boxPart
}

func (b *bow) draw(l *layer, pl placement) {
	c := b.box.project(pl, b.x, b.h, b.z)
	cx, cy := c[0], c[1]
	s := b.size * pl.s
	ellipsePts := func(ex, ey, rx, ry, ang float64) [][2]float64 {
		const n = 64
		pts := make([][2]float64, 0, n)
		for i := range n {
			t := 2 * math.Pi * float64(i) / n
			px, py := rx*math.Cos(t), ry*math.Sin(t)
			pts = append(pts, [2]float64{ex + px*math.Cos(ang) - py*math.Sin(ang), ey + px*math.Sin(ang) + py*math.Cos(ang)})
		}
		return pts
	}
	satin := func(n vec3, k float64) rgb {
		body, spec := pl.lt.shade(Satin, b.albedo, norm(n), 1)
		return body.mul(k).add(spec.mul(k))
	}
	tail := func(dir float64) {
		var pa path
		pa.polygon([][2]float64{
			{cx - dir*s*0.04, cy - s*0.02}, {cx + dir*s*0.16, cy - s*0.02},
			{cx + dir*s*0.62, cy + s*0.58}, {cx + dir*s*0.44, cy + s*0.52}, {cx + dir*s*0.40, cy + s*0.70},
		})
		l.fill(&pa, func(x, y float64) (rgb, float64) {
			t := clamp01((y - cy) / (s * 0.7))
			return satin(vec3{dir * 0.25, 0.8 - 0.3*t, 0.6}, 0.9-0.08*t), 1
		})
	}
	loop := func(dir float64) {
		ang := -dir * 0.32
		ex, ey := cx+dir*s*0.48, cy-s*0.22
		rx, ry := s*0.52, s*0.30
		var outer path
		outer.polygon(ellipsePts(ex, ey, rx, ry, ang))
		l.fill(&outer, func(x, y float64) (rgb, float64) {
			dx, dy := x-ex, y-ey
			lx := (dx*math.Cos(ang) + dy*math.Sin(ang)) / rx
			ly := (-dx*math.Sin(ang) + dy*math.Cos(ang)) / ry
			rr := fmin(1, math.Hypot(lx, ly))
			nz := math.Sqrt(fmax(0.04, 1-rr*rr))
			// Fabric darkens towards the knot where the loop folds in.
			k := 0.82 + 0.18*clamp01(dir*lx*0.5+0.5)
			return satin(vec3{lx * 0.7, -ly*0.8 + 0.2, nz}, k), 1
		})
		// The opening of the loop, in its own shadow.
		ix, iy := cx+dir*s*0.56, cy-s*0.25
		var inner path
		inner.polygon(ellipsePts(ix, iy, rx*0.52, ry*0.38, ang))
		l.fill(&inner, func(x, y float64) (rgb, float64) {
			t := clamp01((y - (iy - ry*0.38)) / (ry * 0.76))
			return satin(vec3{-dir * 0.3, 0.2, 0.9}, 0.52+0.18*t), 1
		})
	}
	tail(-1)
	tail(1)
	loop(-1)
	loop(1)
	var knot path
	knot.roundRect(cx-s*0.15, cy-s*0.34, cx+s*0.15, cy-s*0.02, s*0.09)
	l.fill(&knot, func(x, y float64) (rgb, float64) {
		v := (y - (cy - s*0.18)) / (s * 0.16)
		return satin(vec3{(x - cx) / (s * 0.18), -v * 0.7, 1}, 1), 1
	})
}

// giftBox is the Shape GiftBox: a presentation box whose lid is tied with
// a ribbon and a bow, the label on the front of the base.
func giftBox(s Spec) *object {
	p := s.Palette
	boxCol := col(p.Accent)
	if p.BodyFinish != Glass && p.BodyFinish != Metal {
		boxCol = col(p.Body)
	}
	var ribbon rgb
	switch {
	case p.CapFinish == Metal:
		ribbon = col(p.Cap).lighten(0.08)
	case p.Label.A != 0:
		ribbon = col(p.Label)
	default:
		ribbon = col(p.Accent).lighten(0.3)
	}
	if math.Abs(ribbon.luma()-boxCol.luma()) < 0.1 {
		ribbon = boxCol.lighten(0.65) // an ivory ribbon reads on any board
	}
	ink := col(p.Ink)
	if !p.InkFoil && math.Abs(ink.luma()-boxCol.luma()) < 0.3 {
		ink = boxCol.mul(0.38) // lettering must stand off the board
	}
	const w, h, d, lid = 1.0, 0.66, 0.8, 0.2
	yaw := -0.36
	base := &boxPart{w: w, h: h - lid + 0.02, d: d, yaw: yaw, fin: Satin, albedo: boxCol,
		brand: s.Label, caption: s.Caption, ink: ink, foil: p.InkFoil, frame: p.InkFoil}
	top := &boxPart{w: w + 0.03, h: lid, h0: h - lid, d: d + 0.03, yaw: yaw, fin: Satin, albedo: boxCol.lighten(0.03),
		ribbon: ribbon, ribbonW: 0.05}
	o := &object{halfW: 0.62, height: h + 0.32, baseR: 0.55, depth: 0.42, labelMid: (h - lid) / 2}
	o.add(base)
	o.add(top)
	o.add(&bow{x: 0, h: h, z: 0, size: 0.26, albedo: ribbon, box: top})
	return o
}
