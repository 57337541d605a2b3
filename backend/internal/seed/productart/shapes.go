package productart

import "math"

// drawable is one component of a product, painted back to front.
type drawable interface {
	draw(l *layer, pl placement)
}

// object is a product or prop in design units: the base centre sits at the
// origin, height grows upwards, 1 unit ≈ the height of a tall bottle.
type object struct {
	parts   []drawable
	halfW   float64 // widest half-width
	height  float64 // top of the object including the visible top ellipse
	baseR   float64 // radius (or half-width) of the footprint, for shadows
	depth   float64 // footprint half-depth for boxes; 0 means round
	minElev float64 // flat things need a higher camera to read
	// labelMid is the height of the label's centre, used to frame close-ups.
	labelMid float64
}

func (o *object) add(d drawable) { o.parts = append(o.parts, d) }

func (o *object) addLathe(p *lathePart) {
	o.parts = append(o.parts, p)
	o.halfW = fmax(o.halfW, p.prof.rmax)
	rt, _ := p.prof.at(p.prof.h1)
	o.height = fmax(o.height, p.prof.h1+0.2*rt)
	if o.baseR == 0 {
		o.baseR = p.prof.r[0]
	}
}

func (o *object) draw(l *layer, pl placement) {
	for _, p := range o.parts {
		p.draw(l, pl)
	}
}

// productObject builds the container for a spec.
func productObject(s Spec) *object {
	p := s.Palette
	body, capc, ink := col(p.Body), col(p.Cap), col(p.Ink)
	if p.Label.A == 0 && !p.InkFoil && math.Abs(ink.luma()-body.luma()) < 0.25 {
		// Printed straight on the container: keep the lettering legible.
		if body.luma() > 0.5 {
			ink = body.mul(0.35)
		} else {
			ink = body.lighten(0.8)
		}
	}
	label := func(hA, hB, phi float64) *sideLabel {
		lb := &sideLabel{hA: hA, hB: hB, phi: phi, ink: ink, foil: p.InkFoil, brand: s.Label, caption: s.Caption}
		if p.Label.A != 0 {
			lb.hasPaper = true
			lb.paper = col(p.Label)
			lb.paperFinish = Matte
			lb.frame = p.InkFoil
		}
		return lb
	}
	// Soft parts (pipette bulbs, tin lids) cannot be glass or metal.
	soft := body
	softFin := p.BodyFinish
	if softFin == Glass || softFin == Frosted || softFin == Metal {
		softFin = Satin
		soft = body.lighten(0.15)
	}
	if p.CapFinish != Metal && p.Cap != p.Body {
		soft = capc
		softFin = p.CapFinish
	}
	// The parts every container is made of, in its palette's colours; a shape gives each its
	// profile (and the body its fill level and label). A cap is knurled unless metal (ribsFor);
	// trim in the cap's colour (lids, collars, a compact's base) is smooth.
	bodyPart := func(prof *profile, liquid float64, lb *sideLabel) *lathePart {
		return &lathePart{prof: prof, fin: p.BodyFinish, albedo: body, liquid: liquid, label: lb}
	}
	capPart := func(prof *profile) *lathePart {
		return &lathePart{prof: prof, fin: p.CapFinish, albedo: capc, ribs: ribsFor(p)}
	}
	trimPart := func(prof *profile) *lathePart { return &lathePart{prof: prof, fin: p.CapFinish, albedo: capc} }
	softPart := func(prof *profile) *lathePart { return &lathePart{prof: prof, fin: softFin, albedo: soft} }
	o := &object{}
	switch s.Shape {
	case Dropper:
		glass := bodyPart(newProfile(0, 0.215, seg{0.025, 0.24, segArc}, seg{0.43, 0.24, segLine},
			seg{0.53, 0.085, segArc}, seg{0.575, 0.085, segLine}), 0.40, label(0.08, 0.37, 1.05))
		glass.pipette = 0.028
		o.addLathe(glass)
		o.addLathe(capPart(newProfile(0.56, 0.114, seg{0.59, 0.114, segLine}, seg{0.597, 0.104, segLine},
			seg{0.70, 0.104, segLine}, seg{0.706, 0.096, segArc})))
		o.addLathe(softPart(newProfile(0.70, 0.086, seg{0.725, 0.086, segLine}, seg{0.77, 0.068, segEase},
			seg{0.90, 0.074, segEase}, seg{1.0, 0, segArc})))
		o.labelMid = 0.225
	case Jar:
		o.addLathe(bodyPart(newProfile(0, 0.60, seg{0.05, 0.66, segArc}, seg{0.58, 0.66, segLine},
			seg{0.64, 0.615, segArc}, seg{0.68, 0.615, segLine}), 0.56, label(0.1, 0.52, 0.95)))
		o.addLathe(trimPart(newProfile(0.64, 0.672, seg{0.655, 0.68, segArc}, seg{0.965, 0.68, segLine}, seg{1.0, 0.645, segArc})))
		o.labelMid = 0.31
	case Tube:
		o.addLathe(capPart(newProfile(0, 0.125, seg{0.012, 0.135, segArc}, seg{0.15, 0.135, segLine})))
		tubeFin := p.BodyFinish
		if tubeFin == Glass || tubeFin == Frosted {
			tubeFin = Satin // tubes are laminate, never glass
		}
		o.addLathe(&lathePart{
			prof: newProfile(0.148, 0.10, seg{0.21, 0.19, segArc}, seg{0.9, 0.222, segEase},
				seg{1.0, 0.226, segLine}),
			fin: tubeFin, albedo: tubeColour(p), flatTop: 1, crimp: 0.955,
			label: label(0.3, 0.82, 1.12),
		})
		o.labelMid = 0.56
	case Pump:
		o.addLathe(bodyPart(newProfile(0, 0.17, seg{0.03, 0.19, segArc}, seg{0.58, 0.19, segLine},
			seg{0.64, 0.08, segArc}, seg{0.66, 0.08, segLine}), 0.5, label(0.1, 0.5, 1.0)))
		o.addLathe(capPart(newProfile(0.655, 0.09, seg{0.735, 0.09, segLine}, seg{0.745, 0.082, segArc})))
		o.addLathe(&lathePart{prof: newProfile(0.74, 0.03, seg{0.80, 0.03, segLine}), fin: p.CapFinish, albedo: capc.mul(0.9)})
		o.add(&spout{x0: 0.02, x1: 0.20, h: 0.862, r: 0.021, fin: p.CapFinish, albedo: capc})
		o.addLathe(trimPart(newProfile(0.795, 0.072, seg{0.865, 0.072, segLine}, seg{0.9, 0.05, segArc})))
		o.halfW = fmax(o.halfW, 0.2)
		o.labelMid = 0.3
	case Spray:
		o.addLathe(bodyPart(newProfile(0, 0.14, seg{0.02, 0.16, segArc}, seg{0.66, 0.16, segLine},
			seg{0.72, 0.058, segArc}, seg{0.75, 0.058, segLine}), 0.6, label(0.1, 0.55, 1.0)))
		o.addLathe(capPart(newProfile(0.74, 0.068, seg{0.80, 0.068, segLine}, seg{0.81, 0.058, segArc})))
		o.addLathe(softPart(newProfile(0.805, 0.05, seg{0.875, 0.05, segLine}, seg{0.9, 0.038, segArc})))
		o.labelMid = 0.325
	case Compact:
		o.addLathe(trimPart(newProfile(0, 0.47, seg{0.015, 0.5, segArc}, seg{0.17, 0.5, segLine})))
		lid := softPart(newProfile(0.16, 0.512, seg{0.29, 0.512, segLine}, seg{0.32, 0.485, segArc}))
		lid.topBrand, lid.topCap, lid.topInk, lid.topFoil = s.Label, s.Caption, ink, p.InkFoil
		if p.CapFinish != Metal {
			lid.fin, lid.albedo = p.BodyFinish, body
			if lid.fin == Glass || lid.fin == Frosted {
				lid.fin = Satin
			}
		}
		if !lid.topFoil && math.Abs(lid.topInk.luma()-lid.albedo.luma()) < 0.3 {
			switch {
			case p.Label.A != 0:
				lid.topInk = col(p.Label)
			case lid.albedo.luma() > 0.5:
				lid.topInk = lid.albedo.mul(0.35)
			default:
				lid.topInk = lid.albedo.lighten(0.8)
			}
		}
		o.addLathe(lid)
		o.minElev = 0.42
		o.labelMid = 0.3
	case GiftBox:
		return giftBox(s)
	default: // Bottle
		o.addLathe(bodyPart(newProfile(0, 0.175, seg{0.02, 0.2, segArc}, seg{0.6, 0.2, segLine},
			seg{0.69, 0.075, segArc}, seg{0.74, 0.075, segLine}), 0.56, label(0.12, 0.5, 1.0)))
		o.addLathe(capPart(newProfile(0.733, 0.098, seg{0.985, 0.098, segLine}, seg{1.0, 0.086, segArc})))
		o.labelMid = 0.31
	}
	return o
}

// ribsFor knurls matte plastic caps; metal caps stay smooth so they keep
// their clean reflections.
func ribsFor(p Palette) int {
	if p.CapFinish == Metal {
		return 0
	}
	return 60
}

// tubeColour keeps glass-tinted palettes from producing muddy tubes.
func tubeColour(p Palette) rgb {
	c := col(p.Body)
	if p.BodyFinish == Glass {
		return c.lighten(0.25)
	}
	return c
}

// spout is the horizontal nozzle of a pump head.
type spout struct {
	x0, x1, h, r float64
	fin          Finish
	albedo       rgb
}

func (sp *spout) draw(l *layer, pl placement) {
	x0, y0 := pl.px(sp.x0, sp.h+sp.r)
	x1, y1 := pl.px(sp.x1, sp.h-sp.r)
	var pa path
	pa.roundRect(x0, y0, x1, y1, sp.r*pl.s*0.9)
	cy := (y0 + y1) / 2
	rp := sp.r * pl.s
	l.fill(&pa, func(x, y float64) (rgb, float64) {
		v := clamp01((cy-y)/rp*0.5+0.5)*2 - 1
		n := norm(vec3{0.15, v, math.Sqrt(fmax(0, 1-v*v))})
		b, s := pl.lt.shade(sp.fin, sp.albedo, n, 1)
		return b.add(s), 1
	})
}
