package seed

import (
	"image/color"

	pa "github.com/atelier-commerce/atelier/backend/internal/seed/productart"
)

// EditorialScene is one of the storefront's wide still lifes, drawn for the home hero's slides,
// the collection cards and the shop's collection banners (cmd/atelier-editorial decides which
// is used where). House is the brand (category) it pictures, "" for the shop as a whole.
type EditorialScene struct {
	Slug  string
	House string
	Alt   string
	Scene pa.Editorial
}

func rgba(v uint32) color.RGBA {
	return color.RGBA{R: uint8(v >> 16), G: uint8(v >> 8), B: uint8(v), A: 0xff}
}

func ml(shape pa.Shape, p pa.Palette) pa.Spec {
	return pa.Spec{Shape: shape, Palette: p, Label: markLumiere}
}
func vc(shape pa.Shape, p pa.Palette) pa.Spec {
	return pa.Spec{Shape: shape, Palette: p, Label: markVerdant}
}

// lumiereGroup and verdantGroup are each house's products as they stand together; off shifts
// the group sideways (in bottle heights), for the scene with both houses.
func lumiereGroup(off float64) []pa.Item {
	return []pa.Item{
		{Spec: ml(pa.Bottle, pa.LumiereNoir), X: off - 0.42, Depth: 1, Size: 1, Plinth: 0.3},
		{Spec: ml(pa.Spray, pa.LumiereBlush), X: off + 0.12, Depth: 1, Size: 0.95},
		{Spec: ml(pa.Dropper, pa.LumiereChampagne), X: off - 0.05, Depth: 0, Size: 0.72},
		{Spec: ml(pa.Jar, pa.LumiereIvory), X: off + 0.55, Depth: 0, Size: 0.46},
		{Spec: ml(pa.Compact, pa.LumiereRose), X: off - 0.62, Depth: 0, Size: 0.22},
	}
}

func verdantGroup(off float64) []pa.Item {
	return []pa.Item{
		{Spec: vc(pa.Pump, pa.VerdantSage), X: off - 0.3, Depth: 1, Size: 1.02},
		{Spec: vc(pa.Bottle, pa.VerdantMoss), X: off + 0.28, Depth: 1, Size: 0.9, Plinth: 0.18},
		{Spec: vc(pa.Dropper, pa.VerdantAmber), X: off + 0.02, Depth: 0, Size: 0.7},
		{Spec: vc(pa.Jar, pa.VerdantTerracotta), X: off - 0.55, Depth: 0, Size: 0.44},
		{Spec: vc(pa.Tube, pa.VerdantCream), X: off + 0.6, Depth: 0, Size: 0.8},
	}
}

// EditorialScenes are the still lifes the storefront shows, in a fixed order.
var EditorialScenes = []EditorialScene{
	{
		Slug: "atelier", Alt: "Maison Lumière and Verdant & Co products together on a marble slab in warm light",
		Scene: pa.Editorial{
			Wall: rgba(0xE9E1D5), Floor: rgba(0xE2D8CA), Stone: rgba(0xD3C6B4),
			Surface: pa.Marble, Sunlight: true, Leaves: true,
			Items: []pa.Item{
				{Spec: ml(pa.Bottle, pa.LumiereNoir), X: -0.95, Depth: 1, Size: 1, Plinth: 0.26},
				{Spec: ml(pa.Spray, pa.LumiereBlush), X: -0.45, Depth: 1, Size: 0.95},
				{Spec: ml(pa.Dropper, pa.LumiereChampagne), X: -0.7, Depth: 0, Size: 0.72},
				{Spec: ml(pa.Jar, pa.LumiereIvory), X: -0.15, Depth: 0, Size: 0.44},
				{Spec: vc(pa.Pump, pa.VerdantSage), X: 0.4, Depth: 1, Size: 1.02},
				{Spec: vc(pa.Bottle, pa.VerdantMoss), X: 0.92, Depth: 1, Size: 0.9, Plinth: 0.18},
				{Spec: vc(pa.Dropper, pa.VerdantAmber), X: 0.62, Depth: 0, Size: 0.7},
			},
		},
	},
	{
		Slug: "maison-lumiere", House: BrandLumiere,
		Alt: "Maison Lumière's glass bottles and gold caps on a marble slab before a stone arch",
		Scene: pa.Editorial{
			Wall: pa.LumiereIvory.Backdrop, Floor: pa.LumiereIvory.Floor, Stone: rgba(0xE0CBB0),
			Surface: pa.Marble, Sunlight: true, Arch: true,
			Items: lumiereGroup(0),
		},
	},
	{
		Slug: "verdant", House: BrandVerdant,
		Alt: "Verdant & Co's botanical bottles and jars in shallow water under leaf shadows",
		Scene: pa.Editorial{
			Wall: pa.VerdantSage.Backdrop, Floor: pa.VerdantSage.Floor, Stone: rgba(0xC9CCBA),
			Surface: pa.Water, Leaves: true,
			Items: verdantGroup(0),
		},
	},
	{
		Slug: "maison-lumiere-linen", House: BrandLumiere,
		Alt: "Maison Lumière's serum, cream and perfume on ivory linen in a band of warm light",
		Scene: pa.Editorial{
			Wall: rgba(0xEFE6DA), Floor: rgba(0xE9DDCB), Stone: rgba(0xE4D3BD),
			Surface: pa.Linen, Sunlight: true, Scale: 1.3,
			Items: []pa.Item{
				{Spec: ml(pa.Spray, pa.LumiereRose), X: -0.28, Depth: 1, Size: 0.95},
				{Spec: ml(pa.Dropper, pa.LumiereBlush), X: 0.22, Depth: 0.6, Size: 0.72},
				{Spec: ml(pa.Jar, pa.LumiereChampagne), X: -0.55, Depth: 0, Size: 0.42},
				{Spec: ml(pa.Compact, pa.LumiereIvory), X: 0.62, Depth: 0, Size: 0.2},
			},
		},
	},
	{
		Slug: "verdant-stone", House: BrandVerdant,
		Alt: "Verdant & Co's amber oils and a cream on a pale stone slab, leaf shadows on the wall",
		Scene: pa.Editorial{
			Wall: pa.VerdantEucalyptus.Backdrop, Floor: rgba(0xD5DCD3), Stone: rgba(0xBFC9BE),
			Surface: pa.Marble, Leaves: true, Sunlight: true, Scale: 1.3,
			Items: []pa.Item{
				{Spec: vc(pa.Spray, pa.VerdantEucalyptus), X: -0.35, Depth: 1, Size: 0.95, Plinth: 0.22},
				{Spec: vc(pa.Dropper, pa.VerdantAmber), X: 0.12, Depth: 0.7, Size: 0.72},
				{Spec: vc(pa.Jar, pa.VerdantCream), X: 0.6, Depth: 0, Size: 0.42},
				{Spec: vc(pa.Tube, pa.VerdantTerracotta), X: -0.75, Depth: 0, Size: 0.78},
			},
		},
	},
}
