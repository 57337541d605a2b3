package media_test

import (
	"errors"
	"image"
	"slices"
	"testing"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/media"
	"github.com/atelier-commerce/atelier/backend/internal/media/mediatest"
)

var reasons = []string{media.ReasonEmpty, media.ReasonTooLarge, media.ReasonUnsupported, media.ReasonTooManyPixels, media.ReasonCorrupt}

// FuzzInspect feeds any bytes to the upload's sniffing and decoding: no panic, and either a
// refusal with one of the stable reasons or an Info whose dimensions the decoder agrees with.
func FuzzInspect(f *testing.F) {
	img := mediatest.Photo(24, 16)
	seeds := [][]byte{
		mediatest.JPEG(img, 0), mediatest.JPEG(img, 6), pngBytes(f, img), webpBytes(f, img), avifBytes(f, img),
		pngDeclaring(f, 100000, 100000), nil, []byte("GIF89a"),
	}
	for _, s := range slices.Clone(seeds) {
		seeds = append(seeds, s[:len(s)/2], s[:min(len(s), 40)])
	}
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		info, err := media.Inspect(data)
		if err != nil {
			requireRefusal(t, err)
			return
		}
		if info.Width <= 0 || info.Height <= 0 || info.Width*info.Height > media.MaxPixels || info.Size != len(data) {
			t.Fatalf("bad info %+v", info)
		}
		if info.Width*info.Height > 1<<16 {
			return // a valid header over a fuzz-sized body: decoding would only allocate
		}
		decoded, err := media.Decode(data)
		if err != nil {
			requireRefusal(t, err)
			return
		}
		size := decoded.Bounds().Size()
		if size != image.Pt(info.Width, info.Height) && size != image.Pt(info.Height, info.Width) {
			t.Fatalf("decoded %v, header said %dx%d", size, info.Width, info.Height)
		}
	})
}

func requireRefusal(t *testing.T, err error) {
	t.Helper()
	e := apperr.As(err)
	if e == nil || e.Kind != apperr.KindInvalid || !slices.Contains(reasons, e.Reason) {
		t.Fatalf("not a refusal with a known reason: %v", err)
	}
	if errors.Is(err, media.ErrPermanent) {
		t.Fatalf("Inspect and Decode do not speak of jobs: %v", err)
	}
}
