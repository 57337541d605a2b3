package media

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"image"
	"image/draw"
	"image/jpeg"
	"image/png"
	"io"
	"runtime"
	"slices"
	"sync"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/gen2brain/avif"
	"github.com/gen2brain/webp"
	"gocloud.dev/blob"
	"gocloud.dev/gcerrors"
	xdraw "golang.org/x/image/draw"
	"golang.org/x/sync/errgroup"
)

// ErrPermanent marks a failure that no retry can mend (the stored original is not a usable
// image); a job queue should give up at once rather than retry.
var ErrPermanent = errors.New("permanent failure")

var errCorrupt = errors.New("corrupt image")

// Encoder settings, chosen by measurement (docs/decisions/009-image-encoder.md): AVIF at the
// encoder's fastest speed is the slowest variant by far, so quality is spent in WebP and JPEG.
const (
	avifQuality  = 60
	avifSpeed    = 10
	webpQuality  = 78
	webpMethod   = 2
	jpegQuality  = 84
	originalsDir = "originals/"
)

// variantFormats are the encodings of every width, in the order a <picture> prefers them.
var variantFormats = []struct {
	ext, contentType string
}{{"avif", "image/avif"}, {"webp", "image/webp"}, {"jpg", "image/jpeg"}}

// originalKey is where an image's original is kept: outside images/ and without an extension,
// so ValidKey refuses it and the media handler never serves an original (it may carry EXIF,
// GPS position included).
func originalKey(imageID string) string { return originalsDir + imageID }

func variantKey(imageID string, width int, ext string) string {
	return fmt.Sprintf("images/%s/%d.%s", imageID, width, ext)
}

// SaveOriginal stores data, already accepted by Inspect as info, as imageID's original, and
// returns its key. Saving again under the same id replaces it.
func (s *Store) SaveOriginal(ctx context.Context, imageID string, data []byte, info Info) (string, error) {
	if !keyPart.MatchString(imageID) {
		return "", fmt.Errorf("media.SaveOriginal: bad image id %q", imageID)
	}
	key := originalKey(imageID)
	if err := s.bucket.WriteAll(ctx, key, data, &blob.WriterOptions{ContentType: info.ContentType}); err != nil {
		return "", fmt.Errorf("media.SaveOriginal: %w", err)
	}
	return key, nil
}

// RenderVariants reads imageID's original, turns it upright (EXIF orientation), and stores it
// at every RenditionWidths width no wider than the image (an image narrower than the first gets
// one variant at its own width), each as AVIF, WebP and JPEG. Re-encoding drops all metadata;
// pixels are taken as sRGB and written as 8-bit sRGB. Keys are deterministic, so running it
// again overwrites the same files. An original that is not a usable image gives an error
// wrapping ErrPermanent and an apperr reason. Renditions are ordered by width, then format.
func (s *Store) RenderVariants(ctx context.Context, imageID string) ([]Rendition, error) {
	if !keyPart.MatchString(imageID) {
		return nil, fmt.Errorf("media.RenderVariants: bad image id %q: %w", imageID, ErrPermanent)
	}
	data, err := s.bucket.ReadAll(ctx, originalKey(imageID))
	if gcerrors.Code(err) == gcerrors.NotFound {
		return nil, fmt.Errorf("media.RenderVariants: %w", errors.Join(ErrPermanent,
			apperr.NotFound("image_not_found", "image %s has no original", imageID)))
	}
	if err != nil {
		return nil, fmt.Errorf("media.RenderVariants: %w", err)
	}
	src, err := Decode(data)
	if err != nil {
		return nil, fmt.Errorf("media.RenderVariants: %w", errors.Join(ErrPermanent, err))
	}
	scaled := scaleAll(src)
	out := make([]Rendition, 0, len(scaled)*len(variantFormats))
	for _, img := range scaled {
		b := img.Bounds()
		for _, f := range variantFormats {
			out = append(out, Rendition{Key: variantKey(imageID, b.Dx(), f.ext), Width: int32(b.Dx()), Height: int32(b.Dy()), ContentType: f.contentType})
		}
	}
	// The largest variants cost the most: start them first, one encoder per core, so the last
	// one to finish is a small one.
	jobs := make([]int, len(out))
	for i := range jobs {
		jobs[i] = i
	}
	slices.SortStableFunc(jobs, func(a, b int) int { return cmp.Compare(out[b].Width, out[a].Width) })
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(runtime.GOMAXPROCS(0))
	for _, i := range jobs {
		g.Go(func() error {
			if err := gctx.Err(); err != nil {
				return fmt.Errorf("media.RenderVariants: %w", err)
			}
			img := scaled[i/len(variantFormats)]
			body, err := encode(img, out[i].ContentType)
			if err != nil {
				return fmt.Errorf("media.RenderVariants: encode %s: %w", out[i].Key, err)
			}
			if err := s.bucket.WriteAll(gctx, out[i].Key, body, &blob.WriterOptions{ContentType: out[i].ContentType, CacheControl: CacheControl}); err != nil {
				return fmt.Errorf("media.RenderVariants: write %s: %w", out[i].Key, err)
			}
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err // wrapped with the operation where it happened
	}
	return out, nil
}

// DeleteImage removes imageID's original and every variant it may have; files already gone are
// fine, so it can be repeated.
func (s *Store) DeleteImage(ctx context.Context, imageID string) error {
	if !keyPart.MatchString(imageID) {
		return fmt.Errorf("media.DeleteImage: bad image id %q", imageID)
	}
	keys := []string{originalKey(imageID)}
	it := s.bucket.List(&blob.ListOptions{Prefix: "images/" + imageID + "/"})
	for {
		obj, err := it.Next(ctx)
		if err != nil {
			if errors.Is(err, io.EOF) {
				break
			}
			return fmt.Errorf("media.DeleteImage: list: %w", err)
		}
		keys = append(keys, obj.Key)
	}
	for _, k := range keys {
		if err := s.bucket.Delete(ctx, k); err != nil && gcerrors.Code(err) != gcerrors.NotFound {
			return fmt.Errorf("media.DeleteImage: %s: %w", k, err)
		}
	}
	return nil
}

// Decode checks data with Inspect, then decodes it and turns it upright. A refusal keeps
// Inspect's reason; pixels that cannot be decoded past a good header give corrupt_image.
func Decode(data []byte) (img image.Image, err error) {
	info, err := Inspect(data)
	if err != nil {
		return nil, err
	}
	defer func() {
		if recover() != nil {
			img, err = nil, apperr.Invalid("image", ReasonCorrupt, "the %s image cannot be decoded", info.Format)
		}
	}()
	r := bytes.NewReader(data)
	switch info.Format {
	case FormatJPEG:
		img, err = jpeg.Decode(r)
		if err == nil {
			img = orient(img, jpegOrientation(data))
		}
	case FormatPNG:
		img, err = png.Decode(r)
	case FormatWebP:
		img, err = webp.Decode(r, webp.Options{AutoRotate: true})
	default:
		img, err = avif.Decode(r, avif.Options{AutoRotate: true})
	}
	if err != nil || img.Bounds().Empty() {
		return nil, apperr.Invalid("image", ReasonCorrupt, "the %s image cannot be decoded", info.Format)
	}
	return img, nil
}

var warmOnce sync.Once

// Warm compiles the AVIF encoder's WebAssembly (about two seconds, once per process), so that
// the first image a worker renders is not the slow one. Safe to call many times.
func Warm() {
	warmOnce.Do(func() {
		_ = avif.Encode(&bytes.Buffer{}, image.NewRGBA(image.Rect(0, 0, 8, 8)), avif.Options{Quality: avifQuality, Speed: avifSpeed})
	})
}

// Encode encodes img as contentType (image/avif, image/webp or image/jpeg) with the settings of
// the stored variants, for tools that prepare pictures outside the store (the storefront's
// editorial banners, cmd/atelier-editorial).
func Encode(img *image.RGBA, contentType string) ([]byte, error) { return encode(img, contentType) }

func encode(img *image.RGBA, contentType string) ([]byte, error) {
	var buf bytes.Buffer
	var err error
	switch contentType {
	case "image/avif":
		err = avif.Encode(&buf, img, avif.Options{Quality: avifQuality, QualityAlpha: avifQuality, Speed: avifSpeed, ChromaSubsampling: image.YCbCrSubsampleRatio420})
	case "image/webp":
		err = webp.Encode(&buf, img, webp.Options{Quality: webpQuality, Method: webpMethod})
	default:
		err = jpeg.Encode(&buf, onWhite(img), &jpeg.Options{Quality: jpegQuality})
	}
	return buf.Bytes(), err
}

// onWhite flattens transparency onto white for JPEG, which has no alpha channel (a transparent
// PNG would otherwise turn black).
func onWhite(img *image.RGBA) image.Image {
	if img.Opaque() {
		return img
	}
	out := image.NewRGBA(img.Bounds())
	draw.Draw(out, out.Bounds(), image.White, image.Point{}, draw.Src)
	draw.Draw(out, out.Bounds(), img, img.Bounds().Min, draw.Over)
	return out
}

// scaleAll returns src at each rendition width no wider than src (never upscaled; one at src's
// own width when it is narrower than all of them), largest first computed from src, each
// smaller one from the previous, which is cheaper and, at these ratios (≤ 2), as sharp.
func scaleAll(src image.Image) []*image.RGBA {
	b := src.Bounds()
	var widths []int
	for _, w := range RenditionWidths {
		if w <= b.Dx() {
			widths = append(widths, w)
		}
	}
	if len(widths) == 0 {
		widths = []int{b.Dx()}
	}
	out := make([]*image.RGBA, len(widths))
	prev := toRGBA(src)
	for i := len(widths) - 1; i >= 0; i-- {
		out[i] = resize(prev, widths[i])
		prev = out[i]
	}
	return out
}

func toRGBA(src image.Image) *image.RGBA {
	if m, ok := src.(*image.RGBA); ok && m.Bounds().Min == (image.Point{}) {
		return m
	}
	b := src.Bounds()
	m := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	draw.Draw(m, m.Bounds(), src, b.Min, draw.Src)
	return m
}

// resize scales src to width w (height keeping the aspect ratio, at least 1). Large reductions
// first average whole k×k blocks (exact and fast, like libvips' shrink), then Catmull-Rom does
// the remaining factor below 2.
func resize(src *image.RGBA, w int) *image.RGBA {
	b := src.Bounds()
	if w == b.Dx() {
		return src
	}
	if k := b.Dx() / w; k >= 2 {
		src = boxShrink(src, k)
		b = src.Bounds()
		if w == b.Dx() {
			return src
		}
	}
	h := max(1, int(int64(b.Dy())*int64(w)/int64(b.Dx())))
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	xdraw.CatmullRom.Scale(dst, dst.Bounds(), src, b, xdraw.Src, nil)
	return dst
}

// boxShrink averages k×k blocks (premultiplied, so alpha edges stay clean), rows split over the
// cores.
func boxShrink(src *image.RGBA, k int) *image.RGBA {
	b := src.Bounds()
	w, h := b.Dx()/k, b.Dy()/k
	if h == 0 {
		h = 1
	}
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	n := runtime.GOMAXPROCS(0)
	var wg sync.WaitGroup
	for part := range n {
		wg.Go(func() {
			for y := part * h / n; y < (part+1)*h/n; y++ {
				sy0 := y * k
				sy1 := min(sy0+k, b.Dy())
				for x := range w {
					var sum [4]int
					for sy := sy0; sy < sy1; sy++ {
						row := src.Pix[src.PixOffset(x*k, sy):]
						for i := range k * 4 {
							sum[i&3] += int(row[i])
						}
					}
					cnt := k * (sy1 - sy0)
					d := dst.Pix[dst.PixOffset(x, y):]
					for c := range 4 {
						d[c] = uint8((sum[c] + cnt/2) / cnt)
					}
				}
			}
		})
	}
	wg.Wait()
	return dst
}
