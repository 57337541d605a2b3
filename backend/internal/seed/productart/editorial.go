package productart

import (
	"image"
	"image/color"
	"math"
	"slices"
)

// Editorial still lifes: the wide banners of the home page and the collections. Where Render
// shows one product in a 4:5 studio frame, RenderEditorial lays several products of a house
// together on a surface (a stone slab, linen, a shallow pool), with light and leaf shadows
// falling across, at any aspect ratio. The products are the same objects, lights and labels as
// the product shots, so the banners and the product pages look drawn by one hand.

// Surface is what an editorial still life stands on.
type Surface int

// The surfaces. The zero value is Marble.
const (
	Marble Surface = iota // a polished stone slab with soft veins and a front edge
	Linen                 // woven cloth with shallow folds
	Water                 // pale stone under a film of water, rippled, mirroring the products
)

// Item is one product in an editorial still life.
type Item struct {
	Spec   Spec    // the product; Angle is ignored
	X      float64 // horizontal position from the group's centre, in tall-bottle heights
	Depth  float64 // 0 front row .. 1 back row: set further back, a little smaller
	Size   float64 // height relative to a tall bottle (1); 0 means 1
	Plinth float64 // height of a round stone plinth under the product, in bottle heights; 0 none
}

// Editorial describes one still life.
type Editorial struct {
	Wall, Floor color.RGBA // the room; Floor is the surface's base colour
	Stone       color.RGBA // plinths and the arch
	Surface     Surface
	Leaves      bool    // shadows of a leafy branch across the wall, as from a window
	Sunlight    bool    // a broad band of warm light falling across from the left
	Arch        bool    // a round-topped panel standing behind the group
	Focus       float64 // the group's centre as a fraction of the frame's width; 0 means 0.5
	Scale       float64 // the products' size, 1 (or 0) for the usual; a close view is larger
	Items       []Item
}

// The editorial frame is designH units tall and as wide as the aspect ratio asks.
const (
	edH        = 1000.0
	edBottle   = 420.0 // design height of a tall bottle (Size 1) in the front row
	edFront    = 900.0 // design y of the front row's floor line
	edBack     = 770.0 // design y of the back row's floor line
	edHorizon  = 640.0 // where the wall meets the surface
	edElev     = 0.14  // camera height: how much of the top of things shows
	edMaxSpanW = 0.86  // the group may span at most this share of the frame's width
)

// RenderEditorial paints e at width×height pixels. Products keep their size relative to the
// frame's height; a frame too narrow for the group scales the group down to fit. Sizes below 1
// are treated as 1. The result is deterministic.
func RenderEditorial(e Editorial, width, height int) *image.RGBA {
	width, height = max(width, 1), max(height, 1)
	c := newCanvas(width, height)
	u := float64(height) / edH
	W := float64(width) / u
	wall, floor := col(e.Wall), col(e.Floor)
	if e.Wall == (color.RGBA{}) {
		wall, floor = col(LumiereIvory.Backdrop), col(LumiereIvory.Floor)
	}
	sc := &scene{spec: Spec{Palette: Palette{Accent: e.Stone}}, c: c, u: u, wall: wall, floor: floor, horizon: edHorizon}
	focus := e.Focus
	if focus <= 0 {
		focus = 0.5
	}
	// The group's extent, so that it can be fitted into a narrow frame.
	lo, hi := 0.0, 0.0
	for _, it := range e.Items {
		hw := productObject(it.Spec).halfW * itemSize(it) * 1.4
		lo, hi = fmin(lo, it.X-hw), fmax(hi, it.X+hw)
	}
	gs := 1.0
	if e.Scale > 0 {
		gs = e.Scale
	}
	if span := (hi - lo) * edBottle * gs; span > W*edMaxSpanW {
		gs *= W * edMaxSpanW / span
	}
	gx := focus * W
	// Keep the whole group inside the frame when the focus is off centre.
	gx = fmax(gx, -lo*edBottle*gs+W*0.04)
	gx = fmin(gx, W-hi*edBottle*gs-W*0.04)

	sc.backdrop(gx, edHorizon-260, 0.6)
	if e.Arch {
		sc.arch(gx-0.15*edBottle*gs, 0.95*edBottle*gs, edHorizon-1.25*edBottle*gs, edHorizon+12)
	}
	sc.surface(e.Surface, W, gx)
	if e.Sunlight {
		sc.sunlight(W)
	}
	if e.Leaves {
		sc.leafShadows(W)
	}

	// Back row first, so the front row overlaps it.
	items := slices.Clone(e.Items)
	slices.SortStableFunc(items, func(a, b Item) int {
		switch {
		case a.Depth > b.Depth:
			return -1
		case a.Depth < b.Depth:
			return 1
		}
		return 0
	})
	reflect := map[Surface]float64{Marble: 0.12, Water: 0.3}[e.Surface]
	stone := mix(col(e.Stone), wall, 0.35).lighten(0.1)
	for _, it := range items {
		o := productObject(it.Spec)
		depthK := 1 - 0.14*it.Depth
		k := edBottle * gs * depthK * itemSize(it) / fmax(o.height, 0.1)
		floorY := lerp(edFront, edBack, it.Depth)
		x := gx + it.X*edBottle*gs
		e := fmax(edElev, o.minElev)
		if it.Plinth > 0 {
			ph := it.Plinth * edBottle * gs * depthK
			pr := fmax(o.halfW*k*1.5, ph*0.55)
			plinth := &object{}
			plinth.addLathe(&lathePart{
				prof: newProfile(0, pr, seg{ph - 3, pr, segLine}, seg{ph, pr - 3, segArc}),
				fin:  Matte, albedo: stone,
			})
			ppl := sc.place(x, floorY, 1, edElev)
			sc.shadows(plinth, ppl, 0.8)
			pl := sc.renderObject(plinth, ppl)
			if reflect > 0 {
				pl.reflectColumns(c, reflect, ph*u*0.4, floor)
			}
			pl.compositeOnto(c)
			floorY -= ph
		}
		pl := sc.place(x, floorY, k, e)
		sc.shadows(o, pl, 1)
		l := sc.renderObject(o, pl)
		if reflect > 0 && it.Plinth == 0 {
			l.reflectColumns(c, reflect, o.height*pl.s*0.3, floor)
		}
		l.compositeOnto(c)
	}
	return c.toRGBA()
}

func itemSize(it Item) float64 {
	if it.Size <= 0 {
		return 1
	}
	return it.Size
}

// surface paints the ground below the horizon: its texture, and for a slab its front edge. gx is
// the group's centre, where a drop has set the water rippling.
func (sc *scene) surface(s Surface, W, gx float64) {
	c := sc.c
	hz := sc.Y(sc.horizon)
	edge := sc.Y(960) // where a slab's top ends and its front face begins
	for y := max(int(hz-40*sc.u), 0); y < c.h; y++ {
		fy := float64(y) + 0.5
		dy := fy/sc.u - sc.horizon // design units below the horizon
		if dy < -40 {
			continue
		}
		// Perspective: the surface's depth coordinate grows as 1/distance below the horizon, and
		// its width with depth, so the texture recedes like a real table top.
		Z := 9000 / (fmax(dy, 0) + 40)
		wide := Z / 150
		// Fade the texture in over the soft horizon of the backdrop.
		in := smooth(-40, 30, dy)
		for x := range c.w {
			fx := float64(x) + 0.5
			X := fx / sc.u
			i := (y*c.w + x) * 3
			base := rgb{float64(c.pix[i]), float64(c.pix[i+1]), float64(c.pix[i+2])}
			var v rgb
			switch s {
			case Linen:
				// A fine weave and a few shallow folds running back into the picture.
				fxw := (X - W/2) * wide
				warp := math.Sin(fx*2.1) * math.Sin(fy*2.3+math.Sin(fx*0.05))
				fold := math.Sin(fxw*0.006+Z*0.004+1.3*fbm(fxw*0.002, Z*0.004)) * 0.045
				slub := (fbm(fxw*0.09, Z*0.2) - 0.5) * 0.04
				v = base.mul(1 + 0.022*warp + fold + slub)
			case Water:
				// Pale stone under a film of water: rings from a drop, and a slow swell.
				// Floor units at the camera's true scale, so the rings come out as flat ellipses.
				zx, zz := (X-gx+110)*Z/2150, Z-28
				r := math.Hypot(zx, zz)
				ring := math.Sin(r*1.9) * math.Exp(-r/9)
				swell := math.Sin(zx*0.5+zz*0.35+2*fbm(zx*0.2, zz*0.2)) * 0.5
				sheen := 0.05*ring + 0.025*swell
				v = base.mul(1 + sheen).lighten(fmax(0, ring-0.6) * 0.25)
			default:
				// Marble: soft grey-warm clouds and thin veins that wander diagonally.
				tx, tz := (X-W/2)*wide, Z
				n := fbm(tx*0.002, tz*0.004)
				vein := math.Abs(math.Sin(tx*0.0021 + tz*0.0017 + 4.5*n)) // 0 on a vein
				v1 := math.Exp(-sq(vein / 0.07))
				v2 := math.Exp(-sq(math.Abs(math.Sin(tx*0.005-tz*0.003+6*fbm(tx*0.003+9, tz*0.003))) / 0.03))
				cloud := (n - 0.5) * 0.07
				v = base.mul(1 + cloud).mul(1 - 0.07*v1 - 0.035*v2)
				if fy > edge {
					// The slab's front face: turned from the light, darker, the veins running down.
					t := clamp01((fy - edge) / (4 * sc.u))
					face := base.mul(0.84 - 0.05*clamp01((fy-edge)/(40*sc.u))).mul(1 + cloud - 0.12*v1)
					v = mix(v, face, t)
				}
			}
			c.set(x, y, mix(base, v, in))
		}
	}
	if s == Marble {
		// A bright bevel along the slab's front edge catches the key light.
		for x := range c.w {
			for y := max(int(edge-1.5*sc.u), 0); y < min(int(edge+1.5*sc.u)+1, c.h); y++ {
				c.blend(x, y, sc.floor.lighten(0.4), 0.35)
			}
		}
	}
}

// sunlight lays a broad band of warm light across wall and surface, falling from the left.
func (sc *scene) sunlight(W float64) {
	c := sc.c
	warm := rgb{1, 0.94, 0.82}
	hz := sc.Y(sc.horizon)
	for y := range c.h {
		fy := float64(y) + 0.5
		d := fy / sc.u
		// On the wall the band slopes down to the right; on the floor it lies flatter.
		slope := 0.55
		if fy > hz {
			slope = 1.6
		}
		for x := range c.w {
			X := (float64(x)+0.5)/sc.u + slope*(d-sc.horizon)
			m := band(X, W*0.18, W*0.62, 140)
			if m > 0 {
				c.blend(x, y, warm, 0.16*m)
			}
		}
	}
}

// leafShadows casts the soft shadow of a leafy branch onto the wall from the upper right, as
// from a plant by a window out of frame.
func (sc *scene) leafShadows(W float64) {
	c := sc.c
	type leaf struct{ x, y, a, l, w float64 }
	var leaves []leaf
	// Two branches: stems curving in from the right edge, leaves alternating along them.
	for b, br := range []struct{ x0, y0, a0, bend, n float64 }{
		{W + 30, 60, math.Pi * 0.93, -0.0018, 9},
		{W + 60, 330, math.Pi * 1.04, 0.0012, 7},
	} {
		x, y, a := br.x0, br.y0, br.a0
		for i := range int(br.n) {
			step := 62.0
			x += math.Cos(a) * step
			y += math.Sin(a) * step
			a += br.bend * step
			side := 1.0
			if i%2 == 1 {
				side = -1
			}
			la := a + side*(0.75+0.12*math.Sin(float64(i*7+b)))
			ll := 150 - float64(i)*5
			leaves = append(leaves, leaf{
				x: x + math.Cos(la)*ll*0.5, y: y + math.Sin(la)*ll*0.5,
				a: la, l: ll, w: ll * 0.36,
			})
		}
	}
	x0 := int(fmax(0, (W-900)*sc.u))
	shade := sc.wall.mul(0.72)
	const soft = 16.0
	for y := range min(c.h, int(sc.Y(sc.horizon+120))) {
		dy := (float64(y) + 0.5) / sc.u
		// Shadows soften and fade where the wall recedes into the surface.
		fade := 1 - smooth(sc.horizon-40, sc.horizon+120, dy)
		for x := x0; x < c.w; x++ {
			dx := (float64(x) + 0.5) / sc.u
			cover := 0.0
			for _, lf := range leaves {
				if math.Abs(dx-lf.x) > lf.l || math.Abs(dy-lf.y) > lf.l {
					continue
				}
				ca, sa := math.Cos(lf.a), math.Sin(lf.a)
				lx := (dx-lf.x)*ca + (dy-lf.y)*sa
				ly := -(dx-lf.x)*sa + (dy-lf.y)*ca
				t := lx / (lf.l / 2)
				if math.Abs(t) >= 1.3 {
					continue
				}
				half := lf.w / 2 * fmax(0, 1-t*t)
				m := smooth(-soft, soft, half-math.Abs(ly)) * smooth(-0.05, 0.12, 1-math.Abs(t))
				cover = fmax(cover, m)
			}
			if cover > 0 {
				c.blend(x, y, shade, 0.2*cover*fade)
			}
		}
	}
}

// fbm is two octaves of smooth value noise in 0..1, from a fixed hash: deterministic textures.
func fbm(x, y float64) float64 {
	return (valueNoise(x, y)*2 + valueNoise(x*2.03+17.1, y*2.03-3.7)) / 3
}

func valueNoise(x, y float64) float64 {
	xi, yi := math.Floor(x), math.Floor(y)
	fx, fy := x-xi, y-yi
	ux, uy := fx*fx*(3-2*fx), fy*fy*(3-2*fy)
	a, b := hash2(xi, yi), hash2(xi+1, yi)
	cc, d := hash2(xi, yi+1), hash2(xi+1, yi+1)
	return lerp(lerp(a, b, ux), lerp(cc, d, ux), uy)
}

func hash2(x, y float64) float64 {
	h := uint32(int32(x))*374761393 + uint32(int32(y))*668265263
	h = (h ^ (h >> 13)) * 1274126177
	h ^= h >> 16
	return float64(h&0xffffff) / float64(0xffffff)
}
