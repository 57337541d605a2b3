// Package productart draws the product photography of the demo shop.
//
// The demo catalogue must ship with images, but the project may not download
// or vendor photographs, so every shot is painted from a small Spec: a studio
// backdrop, a container built from turned (lathe) profiles lit by virtual
// softboxes, a printed label and a few props. Rendering is pure Go and fully
// deterministic, so the same Spec always yields byte-identical pixels and the
// seeded images never change between runs or machines.
package productart

import (
	"image"
)

// Shape is the kind of container in the shot.
type Shape int

// The containers a skincare shop needs. The zero value is Bottle so a
// half-filled Spec still renders something sensible.
const (
	Bottle  Shape = iota // tall bottle with shoulders and a cap: toners, essences
	Dropper              // squat glass bottle with pipette: serums, facial oils
	Jar                  // wide jar with a lid: creams, masks
	Tube                 // soft tube standing on its cap: cleansers, hand creams, SPF
	Pump                 // bottle with a pump head: cleansers, body lotions
	Compact              // flat round tin: balms, solid perfumes
	Spray                // slim bottle with an atomiser: mists, body oils
	GiftBox              // ribboned presentation box: gift sets
)

// Shapes lists every Shape in declaration order, for callers that want to
// show or test all of them.
var Shapes = []Shape{Bottle, Dropper, Jar, Tube, Pump, Compact, Spray, GiftBox}

// String returns the shape's name as used in file names and logs.
func (s Shape) String() string {
	switch s {
	case Bottle:
		return "bottle"
	case Dropper:
		return "dropper"
	case Jar:
		return "jar"
	case Tube:
		return "tube"
	case Pump:
		return "pump"
	case Compact:
		return "compact"
	case Spray:
		return "spray"
	case GiftBox:
		return "giftbox"
	}
	return "unknown"
}

// Spec describes one drawn product shot.
type Spec struct {
	Shape   Shape
	Palette Palette // colours of product, label, background
	Label   string  // short brand mark printed on the label, e.g. "MAISON LUMIÈRE"
	Caption string  // product name's short form printed small under the label, may be ""
	Angle   int     // 0..3: a different composition per image of the same product
}

// Render paints the shot described by s at width×height pixels. The scene is
// laid out for a 4:5 portrait frame; other aspect ratios keep the product
// centred and extend the backdrop. Sizes below 1 are treated as 1.
func Render(s Spec, width, height int) *image.RGBA {
	if width < 1 {
		width = 1
	}
	if height < 1 {
		height = 1
	}
	if s.Palette.isZero() {
		s.Palette = LumiereIvory
	}
	c := newCanvas(width, height)
	newScene(s, c).paint()
	return c.toRGBA()
}
