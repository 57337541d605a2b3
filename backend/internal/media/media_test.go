package media_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/apperr/apperrtest"
	"github.com/atelier-commerce/atelier/backend/internal/media"
	"github.com/atelier-commerce/atelier/backend/internal/media/mediatest"
	"github.com/gen2brain/avif"
	"github.com/gen2brain/webp"
	"github.com/stretchr/testify/require"
)

// Small real files in every accepted format, made by the real encoders.
func pngBytes(t testing.TB, img image.Image) []byte {
	t.Helper()
	var buf bytes.Buffer
	require.NoError(t, png.Encode(&buf, img))
	return buf.Bytes()
}

func webpBytes(t testing.TB, img image.Image) []byte {
	t.Helper()
	var buf bytes.Buffer
	require.NoError(t, webp.Encode(&buf, img, webp.Options{Quality: 80}))
	return buf.Bytes()
}

func avifBytes(t testing.TB, img image.Image) []byte {
	t.Helper()
	var buf bytes.Buffer
	require.NoError(t, avif.Encode(&buf, img, avif.Options{Quality: 60, Speed: 10}))
	return buf.Bytes()
}

// pngDeclaring is a valid 1×1 PNG whose header (CRC fixed) declares w×h: a decompression bomb
// as far as the header goes.
func pngDeclaring(t testing.TB, w, h uint32) []byte {
	t.Helper()
	b := pngBytes(t, image.NewRGBA(image.Rect(0, 0, 1, 1)))
	// signature (8), IHDR length (4), "IHDR" (4), width, height ...; CRC after the 13 data bytes.
	binary.BigEndian.PutUint32(b[16:], w)
	binary.BigEndian.PutUint32(b[20:], h)
	binary.BigEndian.PutUint32(b[29:], crc32.ChecksumIEEE(b[12:29]))
	return b
}

func openStore(t *testing.T) (*media.Store, string) {
	t.Helper()
	dir := t.TempDir()
	store, err := media.Open(context.Background(), "file://"+dir, "https://shop.example/")
	require.NoError(t, err)
	t.Cleanup(func() { _ = store.Close() })
	return store, dir
}

// files lists the bucket's files (fileblob keeps attributes beside them in .attrs files).
func files(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	require.NoError(t, filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && !strings.HasSuffix(p, ".attrs") {
			rel, _ := filepath.Rel(dir, p)
			out = append(out, filepath.ToSlash(rel))
		}
		return err
	}))
	return out
}

func TestInspectRefuses(t *testing.T) {
	t.Parallel()
	photo := mediatest.JPEG(mediatest.Photo(64, 48), 0)
	cases := []struct {
		name   string
		data   []byte
		reason string
	}{
		{"zero bytes", nil, media.ReasonEmpty},
		{"over 20 MB", append(bytes.Clone(photo), make([]byte, media.MaxImageBytes)...), media.ReasonTooLarge},
		{"text", []byte("hello, this is not an image at all"), media.ReasonUnsupported},
		{"GIF", []byte("GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;"), media.ReasonUnsupported},
		{"SVG", []byte(`<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>`), media.ReasonUnsupported},
		{"BMP", append([]byte("BM"), make([]byte, 60)...), media.ReasonUnsupported},
		{"TIFF", append([]byte("II*\x00\x08\x00\x00\x00"), make([]byte, 40)...), media.ReasonUnsupported},
		{"HEIC", append([]byte("\x00\x00\x00\x18ftypheic\x00\x00\x00\x00mif1heic"), make([]byte, 40)...), media.ReasonUnsupported},
		{"PNG declaring 100000×100000", pngDeclaring(t, 100000, 100000), media.ReasonTooManyPixels},
		{"PNG declaring 50 MP and one pixel", pngDeclaring(t, 10001, 5000), media.ReasonTooManyPixels},
		{"JPEG magic then garbage", append([]byte{0xFF, 0xD8, 0xFF}, bytes.Repeat([]byte{0x42}, 100)...), media.ReasonCorrupt},
		{"JPEG cut before its frame header", photo[:20], media.ReasonCorrupt},
		{"PNG signature only", []byte("\x89PNG\r\n\x1a\n"), media.ReasonCorrupt},
		{"PNG declaring 0×10", pngDeclaring(t, 0, 10), media.ReasonCorrupt},
		{"WebP header only", []byte("RIFF\x04\x00\x00\x00WEBP"), media.ReasonCorrupt},
		{"AVIF ftyp only", []byte("\x00\x00\x00\x14ftypavif\x00\x00\x00\x00avif"), media.ReasonCorrupt},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			info, err := media.Inspect(tc.data)
			apperrtest.RequireKind(t, err, apperr.KindInvalid, tc.reason)
			require.Equal(t, "image", apperr.As(err).Field)
			require.Zero(t, info)
		})
	}
}

func TestInspectAccepts(t *testing.T) {
	t.Parallel()
	img := mediatest.Photo(60, 40)
	cases := []struct {
		name   string
		data   []byte
		format media.Format
		ctype  string
		w, h   int
	}{
		{"JPEG", mediatest.JPEG(img, 0), media.FormatJPEG, "image/jpeg", 60, 40},
		{"JPEG turned 180°", mediatest.JPEG(img, 3), media.FormatJPEG, "image/jpeg", 60, 40},
		{"JPEG turned a quarter: upright size", mediatest.JPEG(img, 6), media.FormatJPEG, "image/jpeg", 40, 60},
		{"PNG", pngBytes(t, img), media.FormatPNG, "image/png", 60, 40},
		{"WebP", webpBytes(t, img), media.FormatWebP, "image/webp", 60, 40},
		{"AVIF", avifBytes(t, img), media.FormatAVIF, "image/avif", 60, 40},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			info, err := media.Inspect(tc.data)
			require.NoError(t, err)
			require.Equal(t, media.Info{Format: tc.format, ContentType: tc.ctype, Width: tc.w, Height: tc.h, Size: len(tc.data)}, info)
		})
	}
	t.Run("over 2 MB carries a warning", func(t *testing.T) {
		t.Parallel()
		data := append(mediatest.JPEG(img, 0), make([]byte, media.WarnImageBytes)...)
		info, err := media.Inspect(data)
		require.NoError(t, err)
		require.True(t, info.LargeFileWarning)
	})
	t.Run("exactly 50 MP is accepted from the header", func(t *testing.T) {
		t.Parallel()
		info, err := media.Inspect(pngDeclaring(t, 10000, 5000))
		require.NoError(t, err)
		require.Equal(t, 10000, info.Width)
	})
}

// render stores data as id's original and renders its variants.
func render(t *testing.T, store *media.Store, id string, data []byte) ([]media.Rendition, error) {
	t.Helper()
	ctx := context.Background()
	info, err := media.Inspect(data)
	require.NoError(t, err)
	_, err = store.SaveOriginal(ctx, id, data, info)
	require.NoError(t, err)
	return store.RenderVariants(ctx, id)
}

func readKey(t *testing.T, store *media.Store, key string) ([]byte, string) {
	t.Helper()
	f, err := store.Open(context.Background(), key)
	require.NoError(t, err)
	defer f.Close()
	data, err := io.ReadAll(f)
	require.NoError(t, err)
	return data, f.ContentType()
}

func TestRenderVariants(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	store, dir := openStore(t)
	// 2400 wide (wider than the widest variant), and short, to keep the test quick.
	original := mediatest.JPEG(mediatest.Photo(2400, 600), 1) // EXIF with a camera make
	require.Contains(t, string(original), "AtelierCam")

	rs, err := render(t, store, "img-1", original)
	require.NoError(t, err)
	require.Len(t, rs, 12)
	decoders := map[string]func(io.Reader) (image.Image, error){
		"image/avif": func(r io.Reader) (image.Image, error) { return avif.Decode(r) },
		"image/webp": func(r io.Reader) (image.Image, error) { return webp.Decode(r) },
		"image/jpeg": jpeg.Decode,
	}
	i := 0
	for _, w := range []int32{400, 800, 1200, 2000} {
		for _, f := range []struct{ ext, ctype string }{{"avif", "image/avif"}, {"webp", "image/webp"}, {"jpg", "image/jpeg"}} {
			r := rs[i]
			i++
			require.Equal(t, media.Rendition{Key: "images/img-1/" + strconv.Itoa(int(w)) + "." + f.ext, Width: w, Height: w / 4, ContentType: f.ctype}, r)
			data, ctype := readKey(t, store, r.Key)
			require.Equal(t, f.ctype, ctype, "served with its own content type")
			info, err := media.Inspect(data)
			require.NoError(t, err, r.Key)
			require.Equal(t, f.ctype, info.ContentType, "the bytes are what the key says")
			img, err := decoders[f.ctype](bytes.NewReader(data))
			require.NoError(t, err, r.Key)
			require.Equal(t, image.Pt(int(w), int(w/4)), img.Bounds().Size(), r.Key)
			require.NotContains(t, string(data), "Exif", "metadata stripped from %s", r.Key)
			require.NotContains(t, string(data), "AtelierCam", "metadata stripped from %s", r.Key)
		}
	}
	before := files(t, dir)
	require.Len(t, before, 13, "the original and 12 variants")

	again, err := store.RenderVariants(ctx, "img-1")
	require.NoError(t, err)
	require.Equal(t, rs, again, "a rerun writes the same keys")
	require.Equal(t, before, files(t, dir), "and nothing else")

	_, err = store.Open(ctx, "originals/img-1")
	apperrtest.RequireKind(t, err, apperr.KindNotFound, "media_not_found")

	require.NoError(t, store.DeleteImage(ctx, "img-1"))
	require.Empty(t, files(t, dir), "original and variants removed")
	require.NoError(t, store.DeleteImage(ctx, "img-1"), "deleting again is fine")
	require.NoError(t, store.DeleteImage(ctx, "never-stored"))
}

func TestRenderVariantsNeverUpscales(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name   string
		w, h   int
		widths []int32
	}{
		{"narrower than the first width: one at its own", 300, 200, []int32{300}},
		{"between widths", 1000, 500, []int32{400, 800}},
		{"exactly a width", 800, 200, []int32{400, 800}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			store, _ := openStore(t)
			rs, err := render(t, store, "img", pngBytes(t, mediatest.Photo(tc.w, tc.h)))
			require.NoError(t, err)
			var widths []int32
			for i, r := range rs {
				if i%3 == 0 {
					widths = append(widths, r.Width)
				}
				require.Equal(t, r.Width*int32(tc.h)/int32(tc.w), r.Height, r.Key)
			}
			require.Equal(t, tc.widths, widths)
		})
	}
}

func TestRenderVariantsAppliesOrientation(t *testing.T) {
	t.Parallel()
	t.Run("2×1 with orientation 6 becomes 1×2", func(t *testing.T) {
		t.Parallel()
		store, _ := openStore(t)
		rs, err := render(t, store, "tiny", mediatest.JPEG(image.NewRGBA(image.Rect(0, 0, 2, 1)), 6))
		require.NoError(t, err)
		require.Len(t, rs, 3)
		for _, r := range rs {
			require.Equal(t, [2]int32{1, 2}, [2]int32{r.Width, r.Height}, r.Key)
		}
	})
	// A 64×32 picture, red on the left and blue on the right, stored turned as each
	// orientation says; upright, red must be where each orientation's inverse puts it.
	where := map[int]struct{ w, h, redX, redY, blueX, blueY int }{
		1: {64, 32, 8, 16, 56, 16},
		2: {64, 32, 56, 16, 8, 16}, // mirrored: red on the right
		3: {64, 32, 56, 16, 8, 16}, // turned 180°
		4: {64, 32, 8, 16, 56, 16}, // flipped vertically: left stays left
		5: {32, 64, 16, 8, 16, 56}, // transposed: left becomes top
		6: {32, 64, 16, 8, 16, 56}, // turned 90° clockwise: left becomes top
		7: {32, 64, 16, 56, 16, 8}, // transverse: left becomes bottom
		8: {32, 64, 16, 56, 16, 8}, // turned 90° counter-clockwise: left becomes bottom
	}
	for o, want := range where {
		t.Run("orientation "+strconv.Itoa(o), func(t *testing.T) {
			t.Parallel()
			src := image.NewRGBA(image.Rect(0, 0, 64, 32))
			for y := range 32 {
				for x := range 64 {
					c := color.RGBA{220, 20, 20, 255}
					if x >= 32 {
						c = color.RGBA{20, 20, 220, 255}
					}
					src.SetRGBA(x, y, c)
				}
			}
			store, _ := openStore(t)
			rs, err := render(t, store, "o", mediatest.JPEG(src, o))
			require.NoError(t, err)
			jpg := rs[2]
			require.Equal(t, [2]int32{int32(want.w), int32(want.h)}, [2]int32{jpg.Width, jpg.Height})
			data, _ := readKey(t, store, jpg.Key)
			img, err := jpeg.Decode(bytes.NewReader(data))
			require.NoError(t, err)
			r, _, b, _ := img.At(want.redX, want.redY).RGBA()
			require.Greater(t, r, b, "red where expected")
			r, _, b, _ = img.At(want.blueX, want.blueY).RGBA()
			require.Greater(t, b, r, "blue where expected")
		})
	}
}

func TestRenderVariantsPermanentFailures(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	t.Run("an original that cannot be decoded", func(t *testing.T) {
		t.Parallel()
		store, dir := openStore(t)
		good := mediatest.JPEG(mediatest.Photo(500, 400), 0)
		bad := append(bytes.Clone(good[:len(good)/3]), bytes.Repeat([]byte{0xFF, 0x00}, 50)...)
		info, err := media.Inspect(bad)
		require.NoError(t, err, "the header is fine")
		_, err = store.SaveOriginal(ctx, "bad", bad, info)
		require.NoError(t, err)
		rs, err := store.RenderVariants(ctx, "bad")
		require.ErrorIs(t, err, media.ErrPermanent)
		apperrtest.RequireKind(t, err, apperr.KindInvalid, media.ReasonCorrupt)
		require.Nil(t, rs)
		require.Equal(t, []string{"originals/bad"}, files(t, dir), "no variant written")
	})
	t.Run("no original", func(t *testing.T) {
		t.Parallel()
		store, _ := openStore(t)
		_, err := store.RenderVariants(ctx, "missing")
		require.ErrorIs(t, err, media.ErrPermanent)
	})
	t.Run("a bad id", func(t *testing.T) {
		t.Parallel()
		store, _ := openStore(t)
		_, err := store.RenderVariants(ctx, "../escape")
		require.ErrorIs(t, err, media.ErrPermanent)
		_, err = store.SaveOriginal(ctx, "../escape", []byte{1}, media.Info{})
		require.Error(t, err)
		require.Error(t, store.DeleteImage(ctx, "../escape"))
	})
}

func TestTransparencyFlattensOnWhiteInJPEG(t *testing.T) {
	t.Parallel()
	store, _ := openStore(t)
	rs, err := render(t, store, "clear", pngBytes(t, image.NewNRGBA(image.Rect(0, 0, 40, 40))))
	require.NoError(t, err)
	data, _ := readKey(t, store, rs[2].Key)
	img, err := jpeg.Decode(bytes.NewReader(data))
	require.NoError(t, err)
	r, g, b, _ := img.At(20, 20).RGBA()
	require.Greater(t, min(r, g, b), uint32(0xF000), "white, not black")
}

func TestOpenRefusesKeysOutsideRenditions(t *testing.T) {
	t.Parallel()
	store, _ := openStore(t)
	require.Equal(t, "https://shop.example/media/images/x/400.avif", store.URL("images/x/400.avif"))
	for _, key := range []string{"images/none/400.jpg", "../secret.jpg", "images/x/400.svg", "originals/x", ""} {
		_, err := store.Open(context.Background(), key)
		require.Equal(t, apperr.KindNotFound, apperr.As(err).Kind, key)
	}
	for _, key := range []string{"images/x/400.avif", "images/x/400.webp", "images/x/400.jpg"} {
		require.True(t, media.ValidKey(key), key)
	}
}
