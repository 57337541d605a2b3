package productart

import "image/color"

// Finish is how a surface reflects the studio lights.
type Finish int

// Finishes, from the most diffuse to the most mirror-like. Glass is treated
// as tinted and see-through (dark saturated rims, bright strip reflections),
// Frosted as acid-etched glass that glows softly.
const (
	Matte Finish = iota
	Satin
	Gloss
	Frosted
	Glass
	Metal
)

// Palette holds every colour of one shot. A palette belongs to a brand so a
// product's images stay consistent across its four angles.
type Palette struct {
	Name       string
	Backdrop   color.RGBA // wall of the seamless studio sweep
	Floor      color.RGBA // floor of the sweep, where shadows fall
	Body       color.RGBA // main container; for Glass, the tint of glass and contents
	BodyFinish Finish
	Cap        color.RGBA // caps, collars, pump heads, pipette bulbs
	CapFinish  Finish
	Label      color.RGBA // label paper; alpha 0 prints straight onto the container
	Ink        color.RGBA // lettering
	InkFoil    bool       // lettering is hot-foil stamped, so it catches the light like metal
	Accent     color.RGBA // props: carton, plinth, arch, ribbon
}

func (p Palette) isZero() bool { return p == Palette{} }

func hex(v uint32) color.RGBA {
	return color.RGBA{R: uint8(v >> 16), G: uint8(v >> 8), B: uint8(v), A: 0xff}
}

var (
	noLabel   = color.RGBA{}
	gold      = hex(0xC9A45C)
	foilGold  = hex(0xB8914E)
	paleGold  = hex(0xD8BD84)
	warmBlack = hex(0x1B1918)
)

// Maison Lumière: French luxury, frosted and tinted glass with gold.
var (
	LumiereIvory = Palette{
		Name: "lumiere-ivory", Backdrop: hex(0xEEE5D8), Floor: hex(0xE6D9C6),
		Body: hex(0xF3ECE1), BodyFinish: Frosted, Cap: gold, CapFinish: Metal,
		Label: noLabel, Ink: foilGold, InkFoil: true, Accent: hex(0xE0CBB0),
	}
	LumiereBlush = Palette{
		Name: "lumiere-blush", Backdrop: hex(0xF0DDD5), Floor: hex(0xE9CDC2),
		Body: hex(0xE9B9B0), BodyFinish: Glass, Cap: gold, CapFinish: Metal,
		Label: noLabel, Ink: hex(0x7A3443), InkFoil: false, Accent: hex(0xE4BDB1),
	}
	LumiereChampagne = Palette{
		Name: "lumiere-champagne", Backdrop: hex(0xECE2D2), Floor: hex(0xE2D3BC),
		Body: hex(0xE2CB9F), BodyFinish: Glass, Cap: paleGold, CapFinish: Metal,
		Label: hex(0xF8F2E7), Ink: hex(0x6A5534), InkFoil: false, Accent: hex(0xCDB389),
	}
	LumiereRose = Palette{
		Name: "lumiere-rose", Backdrop: hex(0xE3CBC6), Floor: hex(0xD9B9B2),
		Body: hex(0x8A3446), BodyFinish: Gloss, Cap: gold, CapFinish: Metal,
		Label: noLabel, Ink: paleGold, InkFoil: true, Accent: hex(0xC98F8C),
	}
	LumiereNoir = Palette{
		Name: "lumiere-noir", Backdrop: hex(0xD6CCBF), Floor: hex(0xCBBFAF),
		Body: warmBlack, BodyFinish: Gloss, Cap: gold, CapFinish: Metal,
		Label: noLabel, Ink: paleGold, InkFoil: true, Accent: hex(0x2A2624),
	}
)

// Verdant & Co: botanical apothecary, matte ceramics, amber glass, cream paper.
var (
	VerdantSage = Palette{
		Name: "verdant-sage", Backdrop: hex(0xDCE1D2), Floor: hex(0xD0D6C3),
		Body: hex(0xA3B196), BodyFinish: Satin, Cap: hex(0xEEE8DA), CapFinish: Satin,
		Label: hex(0xF4EFE3), Ink: hex(0x3C4737), Accent: hex(0xBCC6AC),
	}
	VerdantMoss = Palette{
		Name: "verdant-moss", Backdrop: hex(0xD9DCCC), Floor: hex(0xCDD0BC),
		Body: hex(0x4E6138), BodyFinish: Glass, Cap: hex(0x1F201C), CapFinish: Matte,
		Label: hex(0xF0E9D8), Ink: hex(0x2D3924), Accent: hex(0x8D9A70),
	}
	VerdantEucalyptus = Palette{
		Name: "verdant-eucalyptus", Backdrop: hex(0xD7E1DC), Floor: hex(0xCAD6D0),
		Body: hex(0x8DAEA3), BodyFinish: Frosted, Cap: hex(0xE9E6DB), CapFinish: Satin,
		Label: noLabel, Ink: hex(0x2C4740), Accent: hex(0xA8C1B8),
	}
	VerdantTerracotta = Palette{
		Name: "verdant-terracotta", Backdrop: hex(0xEBDCCB), Floor: hex(0xE2CDB7),
		Body: hex(0xBF6F4E), BodyFinish: Matte, Cap: hex(0xF0E7D7), CapFinish: Satin,
		Label: noLabel, Ink: hex(0xF7EFE2), Accent: hex(0xD7A07E),
	}
	VerdantAmber = Palette{
		Name: "verdant-amber", Backdrop: hex(0xE6DDCC), Floor: hex(0xDBCFBA),
		Body: hex(0x7E4614), BodyFinish: Glass, Cap: hex(0x1D1B18), CapFinish: Matte,
		Label: hex(0xF3ECDD), Ink: hex(0x2E2920), Accent: hex(0xC7A77B),
	}
	VerdantCream = Palette{
		Name: "verdant-cream", Backdrop: hex(0xE3E3D5), Floor: hex(0xD7D8C7),
		Body: hex(0xF1EBDD), BodyFinish: Satin, Cap: hex(0x99A889), CapFinish: Matte,
		Label: noLabel, Ink: hex(0x45533E), Accent: hex(0xB7C2A5),
	}
)

// Palettes lists the named palettes, Maison Lumière first.
var Palettes = []Palette{
	LumiereIvory, LumiereBlush, LumiereChampagne, LumiereRose, LumiereNoir,
	VerdantSage, VerdantMoss, VerdantEucalyptus, VerdantTerracotta, VerdantAmber, VerdantCream,
}

// PaletteByName returns the named palette, reporting whether it exists, so
// stored specs can refer to palettes by a stable string.
func PaletteByName(name string) (Palette, bool) {
	for _, p := range Palettes {
		if p.Name == name {
			return p, true
		}
	}
	return Palette{}, false
}
