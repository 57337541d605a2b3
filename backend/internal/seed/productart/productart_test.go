package productart

import (
	"bytes"
	"image"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func specFor(sh Shape, angle int) Spec {
	return Spec{Shape: sh, Palette: LumiereBlush, Label: "Maison Lumière", Caption: "Crème Riche", Angle: angle}
}

func TestRenderIsDeterministic(t *testing.T) {
	for _, sh := range Shapes {
		for a := range 4 {
			s := specFor(sh, a)
			first := Render(s, 80, 100)
			second := Render(s, 80, 100)
			require.True(t, bytes.Equal(first.Pix, second.Pix), "%s angle %d differs between renders", sh, a)
		}
	}
}

func TestRenderHonoursSize(t *testing.T) {
	for _, sz := range [][2]int{{480, 600}, {400, 500}, {300, 300}, {640, 360}, {1, 1}, {0, -3}} {
		img := Render(specFor(Dropper, 0), sz[0], sz[1])
		w, h := max(sz[0], 1), max(sz[1], 1)
		require.Equal(t, image.Rect(0, 0, w, h), img.Bounds(), "size %v", sz)
	}
}

// The product must be drawn where the eye lands: the centre of the frame
// has to differ clearly from an empty backdrop of the same palette.
func TestEveryShapeDrawsSomethingInTheCentre(t *testing.T) {
	const w, h = 120, 150
	for i, sh := range Shapes {
		for a := range 4 {
			// Rotate through the palettes so each is exercised with several shapes.
			p := Palettes[(i*4+a)%len(Palettes)]
			empty := newCanvas(w, h)
			sc := newScene(Spec{Palette: p}, empty)
			sc.horizon = 790
			sc.backdrop(500, 560, 0.55)
			bg := empty.toRGBA()
			img := Render(Spec{Shape: sh, Palette: p, Label: "Verdant & Co", Angle: a}, w, h)
			changed, total := 0, 0
			for y := h * 2 / 5; y < h*7/10; y++ {
				for x := w * 2 / 5; x < w*3/5; x++ {
					i := img.PixOffset(x, y)
					d := 0
					for c := range 3 {
						d += absInt(int(img.Pix[i+c]) - int(bg.Pix[i+c]))
					}
					if d > 30 {
						changed++
					}
					total++
				}
			}
			require.Greater(t, changed, total/4, "%s %s angle %d: centre looks empty", p.Name, sh, a)
		}
	}
}

func TestAnglesDiffer(t *testing.T) {
	a := Render(specFor(Jar, 0), 120, 150)
	for angle := 1; angle < 4; angle++ {
		b := Render(specFor(Jar, angle), 120, 150)
		require.False(t, bytes.Equal(a.Pix, b.Pix), "angle %d repeats angle 0", angle)
	}
	// Angles wrap rather than fail, so any int is a valid Angle.
	require.Equal(t, Render(specFor(Jar, 1), 60, 75).Pix, Render(specFor(Jar, 5), 60, 75).Pix)
	require.Equal(t, Render(specFor(Jar, 3), 60, 75).Pix, Render(specFor(Jar, -1), 60, 75).Pix)
}

// The seed loader renders products on several goroutines at once.
func TestConcurrentRendersAgree(t *testing.T) {
	want := Render(specFor(Compact, 2), 100, 125)
	var wg sync.WaitGroup
	got := make([]*image.RGBA, 4)
	for i := range got {
		wg.Go(func() { got[i] = Render(specFor(Compact, 2), 100, 125) })
	}
	wg.Wait()
	for _, g := range got {
		require.Equal(t, want.Pix, g.Pix)
	}
}

func TestZeroSpecRenders(t *testing.T) {
	img := Render(Spec{}, 80, 100)
	require.Equal(t, 80, img.Bounds().Dx())
}

func TestPaletteByName(t *testing.T) {
	for _, p := range Palettes {
		got, ok := PaletteByName(p.Name)
		require.True(t, ok)
		require.Equal(t, p, got)
	}
	_, ok := PaletteByName("nope")
	require.False(t, ok)
}

func TestRenderIsFastEnough(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("timing test")
	}
	start := time.Now()
	Render(specFor(GiftBox, 1), 1200, 1500)
	// The budget is 1 s on one core; allow slack for loaded CI machines and
	// the race detector.
	require.Less(t, time.Since(start), 3*time.Second)
}

func BenchmarkRender1200x1500(b *testing.B) {
	for _, sh := range []Shape{Bottle, Jar, GiftBox} {
		b.Run(sh.String(), func(b *testing.B) {
			for i := range b.N {
				Render(Spec{Shape: sh, Palette: VerdantAmber, Label: "Verdant & Co", Caption: "Rosehip Oil", Angle: i % 4}, 1200, 1500)
			}
		})
	}
}

func absInt(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
