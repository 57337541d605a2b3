package productart

import "math"

type vec3 struct{ x, y, z float64 }

func (a vec3) dot(b vec3) float64   { return a.x*b.x + a.y*b.y + a.z*b.z }
func (a vec3) scale(k float64) vec3 { return vec3{a.x * k, a.y * k, a.z * k} }
func (a vec3) sub(b vec3) vec3      { return vec3{a.x - b.x, a.y - b.y, a.z - b.z} }
func norm(a vec3) vec3 {
	l := math.Sqrt(a.dot(a))
	if l == 0 {
		return vec3{0, 0, 1}
	}
	return a.scale(1 / l)
}

// The studio: a large key softbox front-left, a weaker fill front-right,
// two strip lights behind for rim highlights and an overhead scrim. Camera
// space: x right, y up, z towards the camera.
var (
	keyDir  = norm(vec3{-0.55, 0.45, 0.70})
	fillDir = norm(vec3{0.70, 0.12, 0.70})
	topDir  = norm(vec3{0, 1, 0.25})
)

// lighting carries the camera direction, which depends on how far above the
// product the camera sits.
type lighting struct {
	view vec3
	bg   rgb // what is seen through empty glass
}

func newLighting(elev float64, bg rgb) lighting {
	return lighting{view: norm(vec3{0, elev, math.Sqrt(1 - elev*elev)}), bg: bg}
}

func diffuseAt(n vec3) float64 {
	return 0.30 + 0.58*fmax(0, n.dot(keyDir)) + 0.20*fmax(0, n.dot(fillDir)) +
		0.3*fmax(0, n.dot(topDir)) + 0.04*(n.y*0.5+0.5) +
		0.14*fmax(0, -n.y) // bounce from the pale floor
}

// studio returns what a mirror-like surface sees in direction r: the bright
// light sources (strips) and the dim room and backdrop (base). soft widens
// the sources, which is how rougher finishes blur their highlights.
func studio(r vec3, soft float64) (strips, base float64) {
	az := math.Atan2(r.x, r.z)
	el := r.y
	key := band(az, -1.20, -0.66, soft) * band(el, -0.35, 0.9, soft)
	rimL := 0.85 * band(az, -2.18, -1.98, soft*0.7) * band(el, -0.5, 0.95, soft)
	fill := 0.45 * band(az, 0.98, 1.16, soft) * band(el, -0.25, 0.75, soft)
	rimR := 0.65 * band(az, 2.02, 2.20, soft*0.7) * band(el, -0.5, 0.95, soft)
	top := 0.75 * smooth(0.72-soft, 0.97, el)
	strips = key + rimL + fill + rimR + top
	base = 0.14 + 0.18*clamp01(el*0.5+0.5)
	if math.Abs(az) > 2.3 {
		base += 0.18 // the pale backdrop behind the product
	}
	return strips, base
}

// shade lights a surface point. It returns the body colour (diffuse or
// transmitted light) and the specular part separately, so printed ink can
// replace the body while the varnish highlight stays on top. thick is the
// relative path length through glass (1 at the centre, larger at the rims).
func (lt lighting) shade(f Finish, albedo rgb, n vec3, thick float64) (body, spec rgb) {
	v := lt.view
	cosV := fmax(0, n.dot(v))
	r := n.scale(2 * n.dot(v)).sub(v)
	fres := 0.04 + 0.96*math.Pow(1-cosV, 5)
	diff := diffuseAt(n)
	switch f {
	case Matte:
		s, _ := studio(r, 0.30)
		return albedo.mul(diff), grey(0.045 * s)
	case Satin:
		s, _ := studio(r, 0.12)
		return albedo.mul(diff * 0.97), grey(0.17*s + 0.05*fres)
	case Gloss:
		s, b := studio(r, 0.035)
		return albedo.mul(diff * 0.93), grey(0.62*s + fres*b*0.8)
	case Frosted:
		s, _ := studio(r, 0.3)
		glow := albedo.lighten(0.55).mul(0.18 * (1 - cosV))
		return albedo.mul(0.24 + 0.80*diff).add(glow), grey(0.15*s + 0.03)
	case Glass:
		s, b := studio(r, 0.025)
		t := fmax(thick, 1)
		trans := albedo.pow(0.9 * t).mul(0.94 + 0.1*fmax(0, n.dot(keyDir)))
		return trans, grey(0.8*fmin(s, 1.1) + fres*b*0.9)
	case Metal:
		s, b := studio(r, 0.05)
		lv := clamp01(0.30 + (b-0.14)*1.3 + s*0.75)
		return metal(albedo, lv), grey(0.3 * fmax(0, s-0.7))
	}
	return albedo.mul(diff), rgb{}
}

// metal maps a reflected light level to a metal colour: warm brown in the
// shadows, the metal itself in the mid-tones, pale in the highlights, which
// is how polished gold reads in photographs.
func metal(albedo rgb, lv float64) rgb {
	dark := albedo.times(rgb{0.46, 0.40, 0.32})
	light := albedo.lighten(0.55)
	if lv < 0.5 {
		return mix(dark, albedo, lv*2)
	}
	return mix(albedo, light, (lv-0.5)*2)
}

// emptyGlass is a glass wall with nothing behind it but the backdrop.
func (lt lighting) emptyGlass(tint rgb, n vec3, cosPhi float64) (body, spec rgb) {
	v := lt.view
	r := n.scale(2 * n.dot(v)).sub(v)
	s, b := studio(r, 0.03)
	fres := 0.04 + 0.96*math.Pow(1-fmax(0, n.dot(v)), 5)
	thin := mix(lt.bg, lt.bg.times(tint.lighten(0.2)), 0.55)
	body = mix(tint.pow(1.3), thin, math.Pow(cosPhi, 0.5))
	return body, grey(0.6*fmin(s, 1) + fres*b*0.6)
}

// foil is hot-foil lettering: metal, but kept in its mid-tones so that it
// stays legible on a highlight.
func (lt lighting) foil(ink rgb, n vec3) rgb {
	v := lt.view
	r := n.scale(2 * n.dot(v)).sub(v)
	s, b := studio(r, 0.2)
	return metal(ink, clamp01(0.12+(b-0.14)*0.7+s*0.3))
}
