package productart

import (
	"bytes"
	"image"
	"image/color"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func editorialFor(s Surface) Editorial {
	return Editorial{
		Wall: VerdantSage.Backdrop, Floor: VerdantSage.Floor, Stone: color.RGBA{R: 0xC9, G: 0xCC, B: 0xBA, A: 0xff},
		Surface: s, Leaves: true, Sunlight: true, Arch: true,
		Items: []Item{
			{Spec: Spec{Shape: Pump, Palette: VerdantSage, Label: "VERDANT & CO"}, X: -0.3, Depth: 1},
			{Spec: Spec{Shape: Bottle, Palette: VerdantMoss, Label: "VERDANT & CO"}, X: 0.3, Depth: 1, Plinth: 0.2, Size: 0.9},
			{Spec: Spec{Shape: Jar, Palette: VerdantTerracotta, Label: "VERDANT & CO"}, X: 0, Size: 0.45},
		},
	}
}

var surfaces = []Surface{Marble, Linen, Water}

func TestRenderEditorialIsDeterministic(t *testing.T) {
	for _, s := range surfaces {
		a := RenderEditorial(editorialFor(s), 240, 160)
		b := RenderEditorial(editorialFor(s), 240, 160)
		require.True(t, bytes.Equal(a.Pix, b.Pix), "surface %d differs between renders", s)
	}
}

func TestRenderEditorialHonoursSize(t *testing.T) {
	for _, sz := range [][2]int{{300, 200}, {600, 100}, {200, 250}, {1, 1}, {0, -2}} {
		img := RenderEditorial(editorialFor(Marble), sz[0], sz[1])
		require.Equal(t, image.Rect(0, 0, max(sz[0], 1), max(sz[1], 1)), img.Bounds(), "size %v", sz)
	}
}

// The products stand where the group is, and the surfaces differ from one another: a scene is
// never an empty room.
func TestRenderEditorialDrawsTheGroup(t *testing.T) {
	const w, h = 300, 200
	empty := editorialFor(Marble)
	empty.Items = nil
	bg := RenderEditorial(empty, w, h)
	img := RenderEditorial(editorialFor(Marble), w, h)
	require.Greater(t, changedShare(img, bg, w*2/5, h/3, w*3/5, h*9/10), 0.3, "the group's place looks empty")
	// Off centre, the group moves with Focus and the other side stays calm.
	right := editorialFor(Marble)
	right.Focus = 0.8
	shifted := RenderEditorial(right, w*3, h)
	bgWide := RenderEditorial(Editorial{Wall: empty.Wall, Floor: empty.Floor, Stone: empty.Stone, Surface: Marble,
		Leaves: true, Sunlight: true, Arch: true, Focus: 0.8}, w*3, h)
	require.Greater(t, changedShare(shifted, bgWide, w*3*7/10, h/3, w*3*9/10, h*9/10), 0.2)
	require.Less(t, changedShare(shifted, bgWide, 0, 0, w, h), 0.01, "the left of a right-hand group is calm")
	marble := RenderEditorial(editorialFor(Marble), w, h)
	for _, s := range []Surface{Linen, Water} {
		other := RenderEditorial(editorialFor(s), w, h)
		require.Greater(t, changedShare(other, marble, 0, h*7/10, w, h), 0.05, "surface %d looks like marble", s)
	}
}

// A scene that cannot fit the frame's width is scaled down rather than cropped.
func TestRenderEditorialFitsNarrowFrames(t *testing.T) {
	const w, h = 120, 300
	// Without the arch, which is sized to the group and so would differ from the empty room's.
	scene := editorialFor(Marble)
	scene.Arch = false
	empty := scene
	empty.Items = nil
	img := RenderEditorial(scene, w, h)
	bg := RenderEditorial(empty, w, h)
	// Above the horizon, where only the products (not their shadows on the floor) could reach.
	require.Zero(t, changedShare(img, bg, 0, 0, 3, h*6/10), "the group runs off the left edge")
	require.Zero(t, changedShare(img, bg, w-3, 0, w, h*6/10), "the group runs off the right edge")
	require.Greater(t, changedShare(img, bg, w/4, h*4/10, w*3/4, h*9/10), 0.2, "the group is missing")
}

func TestRenderEditorialIsFastEnough(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("timing test")
	}
	start := time.Now()
	RenderEditorial(editorialFor(Water), 1920, 1280)
	// The budget is 2 s on one core; allow slack for loaded machines.
	require.Less(t, time.Since(start), 4*time.Second)
}

func BenchmarkRenderEditorial1920x1280(b *testing.B) {
	for _, s := range surfaces {
		b.Run(map[Surface]string{Marble: "marble", Linen: "linen", Water: "water"}[s], func(b *testing.B) {
			for range b.N {
				RenderEditorial(editorialFor(s), 1920, 1280)
			}
		})
	}
}

// changedShare is the share of pixels in the rectangle that differ clearly between a and b.
func changedShare(a, b *image.RGBA, x0, y0, x1, y1 int) float64 {
	changed, total := 0, 0
	for y := y0; y < y1; y++ {
		for x := x0; x < x1; x++ {
			i := a.PixOffset(x, y)
			d := 0
			for c := range 3 {
				d += absInt(int(a.Pix[i+c]) - int(b.Pix[i+c]))
			}
			if d > 30 {
				changed++
			}
			total++
		}
	}
	return float64(changed) / float64(max(total, 1))
}
