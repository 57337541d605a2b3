package productart

import (
	"math"
	"slices"
)

// A lathe part is a surface of revolution described by its radius along its
// height, the way glassware and caps are actually made. Seen from a camera
// slightly above, every horizontal circle becomes an ellipse whose height is
// elev×radius; that single number is what makes the drawing read as 3D.

type segKind int

const (
	segLine segKind = iota
	segArc          // convex quarter-ellipse: rounded base, shoulder, dome
	segEase         // S-curve between two radii: flares and necks
)

type seg struct {
	h, r float64
	kind segKind
}

const profileSamples = 480

type profile struct {
	h0, h1 float64
	r, dr  []float64
	rmax   float64
}

// newProfile samples the outline that starts at (h0, r0) and follows segs.
func newProfile(h0, r0 float64, segs ...seg) *profile {
	h1 := segs[len(segs)-1].h
	p := &profile{h0: h0, h1: h1, r: make([]float64, profileSamples), dr: make([]float64, profileSamples)}
	for i := range p.r {
		h := h0 + (h1-h0)*float64(i)/float64(profileSamples-1)
		ph, pr := h0, r0
		v := pr
		for _, s := range segs {
			if h <= s.h || s.h == h1 {
				t := clamp01((h - ph) / fmax(s.h-ph, 1e-9))
				switch s.kind {
				case segLine:
					v = lerp(pr, s.r, t)
				case segEase:
					v = lerp(pr, s.r, t*t*(3-2*t))
				case segArc:
					if s.r > pr {
						v = pr + (s.r-pr)*math.Sqrt(1-sq(1-t))
					} else {
						v = s.r + (pr-s.r)*math.Sqrt(1-t*t)
					}
				}
				break
			}
			ph, pr = s.h, s.r
		}
		p.r[i] = fmax(v, 0)
		p.rmax = fmax(p.rmax, p.r[i])
	}
	dh := (h1 - h0) / float64(profileSamples-1)
	for i := range p.r {
		a, b := max(i-1, 0), min(i+1, profileSamples-1)
		d := (p.r[b] - p.r[a]) / (float64(b-a) * dh)
		p.dr[i] = fmax(-6, fmin(6, d))
	}
	return p
}

func (p *profile) at(h float64) (r, dr float64) {
	t := (h - p.h0) / (p.h1 - p.h0) * float64(profileSamples-1)
	if t <= 0 {
		return p.r[0], p.dr[0]
	}
	if t >= profileSamples-1 {
		return p.r[profileSamples-1], p.dr[profileSamples-1]
	}
	i := int(t)
	f := t - float64(i)
	return lerp(p.r[i], p.r[i+1], f), lerp(p.dr[i], p.dr[i+1], f)
}

// sideLabel is a label wrapped around a lathe part between heights hA and
// hB, spanning ±phi radians around the front.
type sideLabel struct {
	hA, hB, phi float64
	paper       rgb
	hasPaper    bool
	paperFinish Finish
	ink         rgb
	foil        bool
	frame       bool // a thin foil rule around the paper, Maison style
	brand       string
	caption     string
	art         *labelArt
}

// lathePart is one turned component of a product.
type lathePart struct {
	prof     *profile
	fin      Finish
	albedo   rgb
	flatTop  float64 // tubes: 0 round, up to 1 where the tube is pressed flat at the top
	crimp    float64 // tubes: height where the flat crimped seal starts
	liquid   float64 // glass: fill level; above it the glass is empty and paler
	pipette  float64 // glass: radius of a pipette seen through the glass, 0 for none
	ribs     int     // knurled caps
	label    *sideLabel
	topArt   *labelArt // lettering on the lid
	topInk   rgb
	topFoil  bool
	topBrand string
	topCap   string
}

func (p *lathePart) flat(h float64) float64 {
	if p.flatTop == 0 {
		return 0
	}
	t := clamp01((h - p.prof.h0) / (p.prof.h1 - p.prof.h0))
	return p.flatTop * math.Pow(t, 1.6)
}

// placement maps design units to pixels for one object in the frame.
type placement struct {
	cx, floorY float64 // pixel position of the centre of the base
	s          float64 // pixels per design unit
	elev       float64 // ellipse ratio: how much of the top of things we see
	lt         lighting
}

func (pl placement) px(x, h float64) (float64, float64) { return pl.cx + x*pl.s, pl.floorY - h*pl.s }

// outline builds the silhouette: the lower and upper envelopes of all the
// horizontal ellipses that make up the surface.
func (p *lathePart) outline(pl placement) *path {
	const k = 96
	pr := p.prof
	lower := make([][2]float64, 0, k+1)
	upper := make([][2]float64, 0, k+1)
	for i := 0; i <= k; i++ {
		th := -math.Pi/2 + math.Pi*float64(i)/k
		x := pr.rmax * math.Sin(th) * 0.99999
		lo, hi := math.Inf(1), math.Inf(-1)
		for j, r := range pr.r {
			if r < math.Abs(x) {
				continue
			}
			h := pr.h0 + (pr.h1-pr.h0)*float64(j)/float64(profileSamples-1)
			z := math.Sqrt(r*r-x*x) * pl.elev * (1 - p.flat(h))
			lo = fmin(lo, h-z)
			hi = fmax(hi, h+z)
		}
		if math.IsInf(lo, 0) {
			continue
		}
		lx, ly := pl.px(x, lo)
		lower = append(lower, [2]float64{lx, ly})
		ux, uy := pl.px(x, hi)
		upper = append(upper, [2]float64{ux, uy})
	}
	pts := lower
	for _, u := range slices.Backward(upper) {
		pts = append(pts, u)
	}
	var pa path
	pa.polygon(pts)
	return &pa
}

func (p *lathePart) draw(l *layer, pl placement) {
	pr := p.prof
	if p.label != nil && p.label.art == nil {
		lb := p.label
		rl, _ := pr.at((lb.hA + lb.hB) / 2)
		w := 2 * lb.phi * rl * pl.s
		h := (lb.hB - lb.hA) * pl.s
		lb.art = layoutLabel(lb.brand, lb.caption, w, h, false)
	}
	if p.topBrand != "" && p.topArt == nil {
		rt, _ := pr.at(pr.h1)
		d := 2 * rt * pl.s
		p.topArt = layoutLabel(p.topBrand, p.topCap, d*0.78, d*0.6, true)
	}
	l.fill(p.outline(pl), func(x, y float64) (rgb, float64) {
		return p.shadePixel(pl, (x-pl.cx)/pl.s, (pl.floorY-y)/pl.s), 1
	})
}

// shadePixel finds the surface point seen at design position (X, Y) and
// lights it. The front surface point satisfies Y = h − elev·z(h), solved by
// fixed-point iteration, which converges because elev is small.
func (p *lathePart) shadePixel(pl placement, X, Y float64) rgb {
	pr := p.prof
	h := Y
	for range 5 {
		r, _ := pr.at(h)
		z := math.Sqrt(fmax(0, r*r-X*X))
		h = Y + pl.elev*(1-p.flat(h))*z
		if h > pr.h1 {
			break
		}
	}
	rTop, _ := pr.at(pr.h1)
	eTop := pl.elev * (1 - p.flat(pr.h1))
	zf := math.Sqrt(fmax(0, rTop*rTop-X*X))
	// Signed pixel distance past the front rim of the top disc.
	dTop := (Y + eTop*zf - pr.h1) * pl.s
	if eTop <= 1e-6 || rTop < 1e-6 {
		dTop = -1
	}
	var side, top rgb
	if dTop < 0.5 {
		side = p.shadeSide(pl, X, fmin(h, pr.h1))
	}
	if dTop > -0.5 {
		z := zf
		if eTop > 1e-6 {
			z = (pr.h1 - Y) / eTop
		}
		top = p.shadeTop(pl, X, z, rTop)
	}
	switch {
	case dTop <= -0.5:
		return side
	case dTop >= 0.5:
		return top
	}
	return mix(side, top, dTop+0.5)
}

func (p *lathePart) shadeSide(pl placement, X, h float64) rgb {
	r, dr := p.prof.at(h)
	u := 0.0
	if r > 1e-9 {
		u = fmax(-1, fmin(1, X/r))
	}
	cosPhi := math.Sqrt(1 - u*u)
	f := p.flat(h)
	nx := u * (1 - f)
	if p.ribs > 0 && r*pl.s > 6 {
		phi := math.Asin(u)
		nx += 0.18 * math.Sin(phi*float64(p.ribs)) * cosPhi
	}
	ny := -dr
	if p.crimp > 0 && h > p.crimp {
		// Pressed ridges of a tube seal.
		ny = 0.35 * math.Sin((h-p.crimp)*pl.s*0.9)
	}
	n := norm(vec3{nx, ny, cosPhi})
	thick := 1 / fmax(cosPhi, 0.18)
	albedo := p.albedo
	fin := p.fin
	if fin == Glass {
		if p.pipette > 0 && math.Abs(X) < p.pipette*1.25 && h > p.prof.h1*0.12 {
			// The glass pipette inside: darker walls, clear centre.
			w := math.Abs(X) / p.pipette
			wall := math.Exp(-sq((w-1)/0.22)) * 0.5
			albedo = albedo.darken(wall * 0.5)
		}
	}
	var body, spec rgb
	if fin == Glass && p.liquid > 0 && h > p.liquid {
		body, spec = pl.lt.emptyGlass(p.albedo, n, cosPhi)
	} else {
		body, spec = pl.lt.shade(fin, albedo, n, thick)
	}
	if fin == Glass {
		// Light caught inside the glass wall just within each rim.
		body = body.add(grey(0.22 * math.Exp(-sq((math.Abs(u)-0.9)/0.035))))
	}
	if lb := p.label; lb != nil {
		body, spec = lb.apply(pl, p, body, spec, n, h, r, u)
	}
	return body.add(spec)
}

func (lb *sideLabel) apply(pl placement, p *lathePart, body, spec rgb, n vec3, h, r, u float64) (rgb, rgb) {
	phi := math.Asin(u)
	cosPhi := math.Cos(phi)
	dh := fmin(h-lb.hA, lb.hB-h) * pl.s
	dphi := (lb.phi - math.Abs(phi)) * r * pl.s * fmax(cosPhi, 0.05)
	cov := clamp01(fmin(dh, dphi) + 0.5)
	if cov <= 0 {
		return body, spec
	}
	if lb.hasPaper {
		pb, ps := pl.lt.shade(lb.paperFinish, lb.paper, n, 1)
		if lb.frame {
			inset := 0.018 * (lb.hB - lb.hA) / 0.3
			line := fmax(pl.s*0.004, 0.7)
			d := fmin(dh, dphi) - inset*pl.s
			fr := clamp01(line/2+0.5-math.Abs(d)) * clamp01(d+line+1)
			if fr > 0 {
				fb, _ := pl.lt.shade(Metal, col(gold), n, 1)
				pb = mix(pb, fb, fr)
			}
		}
		body = mix(body, pb, cov)
		spec = mix(spec, ps, cov)
	}
	rl, _ := p.prof.at((lb.hA + lb.hB) / 2)
	sx := (phi + lb.phi) * rl * pl.s
	sy := (lb.hB - h) * pl.s
	a := lb.art.sample(sx, sy) * cov
	if a > 0 {
		body, spec = pl.letter(body, spec, lb.ink, lb.foil, n, a)
	}
	return body, spec
}

// letter lays lettering of colour ink, covering a of a surface point with normal n, over its
// lit colour (body, spec): hot foil shines like metal and dulls the gloss under it; printed ink
// is matte.
func (pl placement) letter(body, spec, ink rgb, foil bool, n vec3, a float64) (rgb, rgb) {
	if foil {
		return mix(body, pl.lt.foil(ink, n), a), spec.mul(1 - a*0.8)
	}
	ib, _ := pl.lt.shade(Matte, ink, n, 1)
	return mix(body, ib, a), spec
}

func (p *lathePart) shadeTop(pl placement, X, z, rTop float64) rgb {
	k := 0.12 / fmax(rTop, 1e-6)
	n := norm(vec3{X * k, 1, z * k})
	body, spec := pl.lt.shade(p.fin, p.albedo, n, 1)
	// Seen from low down, lettering on a lid squashes into noise; only a
	// high camera (compacts) shows it.
	if p.topArt != nil && pl.elev >= 0.3 {
		d := 2 * rTop * pl.s
		sx := (X+rTop)*pl.s - (d-p.topArt.w)/2
		sy := (z+rTop)*pl.s - (d-p.topArt.h)/2
		if a := p.topArt.sample(sx, sy); a > 0 {
			body, spec = pl.letter(body, spec, p.topInk, p.topFoil, n, a)
		}
	}
	return body.add(spec)
}
