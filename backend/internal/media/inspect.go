package media

import (
	"bytes"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/gen2brain/avif"
	"github.com/gen2brain/webp"
)

// Limits on an uploaded image. MaxPixels is what guards against decompression bombs: the
// dimensions come from the header, so a tiny file that declares a huge canvas is refused before
// anything is decoded or allocated.
const (
	MaxImageBytes  = 20 << 20
	WarnImageBytes = 2 << 20
	MaxPixels      = 50_000_000
)

// Stable reasons of a refused image (all apperr.KindInvalid on field "image").
const (
	ReasonEmpty         = "empty_image"
	ReasonTooLarge      = "image_too_large"
	ReasonUnsupported   = "unsupported_image_type"
	ReasonTooManyPixels = "image_too_many_pixels"
	ReasonCorrupt       = "corrupt_image"
)

// Format is an accepted image format.
type Format string

// The accepted formats.
const (
	FormatJPEG Format = "jpeg"
	FormatPNG  Format = "png"
	FormatWebP Format = "webp"
	FormatAVIF Format = "avif"
)

// ContentType is the format's media type.
func (f Format) ContentType() string { return "image/" + string(f) }

// Info describes an accepted image, read from its header only. Width and Height are upright:
// a JPEG whose EXIF orientation turns it a quarter has them swapped from the stored pixels.
type Info struct {
	Format      Format
	ContentType string
	Width       int
	Height      int
	Size        int
	// LargeFileWarning is set for files over WarnImageBytes: accepted, but worth a word to the
	// person uploading (the shop's pages fetch only the small variants anyway).
	LargeFileWarning bool
}

// Inspect sniffs data's real format from its bytes (never a file name or a declared header)
// and reads its dimensions from the header, without decoding the pixels. Refusals are
// apperr.KindInvalid errors with one of the Reason constants.
func Inspect(data []byte) (Info, error) {
	switch {
	case len(data) == 0:
		return Info{}, refuse(ReasonEmpty, "the file is empty")
	case len(data) > MaxImageBytes:
		return Info{}, refuse(ReasonTooLarge, "the file is %d bytes; at most %d MB are accepted", len(data), MaxImageBytes>>20)
	}
	format, ok := sniff(data)
	if !ok {
		return Info{}, refuse(ReasonUnsupported, "not a JPEG, PNG, WebP or AVIF image")
	}
	cfg, err := decodeConfig(format, data)
	if err != nil || cfg.Width <= 0 || cfg.Height <= 0 {
		return Info{}, refuse(ReasonCorrupt, "the %s image's header cannot be read", format)
	}
	if int64(cfg.Width)*int64(cfg.Height) > MaxPixels {
		return Info{}, refuse(ReasonTooManyPixels, "the image is %d×%d; at most %d megapixels are accepted", cfg.Width, cfg.Height, MaxPixels/1_000_000)
	}
	if format == FormatJPEG && jpegOrientation(data) >= 5 {
		cfg.Width, cfg.Height = cfg.Height, cfg.Width // turned a quarter: report the upright size
	}
	return Info{
		Format: format, ContentType: format.ContentType(), Width: cfg.Width, Height: cfg.Height,
		Size: len(data), LargeFileWarning: len(data) > WarnImageBytes,
	}, nil
}

func refuse(reason, format string, args ...any) error {
	return fmt.Errorf("media.Inspect: %w", apperr.Invalid("image", reason, format, args...))
}

// sniff recognises the four accepted formats by their magic numbers. AVIF is an ISO-BMFF file
// whose ftyp box names avif (still) or avis (sequence) as its major or a compatible brand;
// HEIC shares the container and is refused here.
func sniff(b []byte) (Format, bool) {
	switch {
	case bytes.HasPrefix(b, []byte{0xFF, 0xD8, 0xFF}):
		return FormatJPEG, true
	case bytes.HasPrefix(b, []byte("\x89PNG\r\n\x1a\n")):
		return FormatPNG, true
	case len(b) >= 12 && string(b[:4]) == "RIFF" && string(b[8:12]) == "WEBP":
		return FormatWebP, true
	case len(b) >= 16 && string(b[4:8]) == "ftyp":
		size := int(b[0])<<24 | int(b[1])<<16 | int(b[2])<<8 | int(b[3])
		if size < 16 || size > len(b) || size > 4096 {
			return "", false
		}
		for off := 8; off+4 <= size; off += 4 {
			if off == 12 {
				continue // minor version, not a brand
			}
			if brand := string(b[off : off+4]); brand == "avif" || brand == "avis" {
				return FormatAVIF, true
			}
		}
	}
	return "", false
}

// decodeConfig reads the header only; every decoder here stops after the dimensions.
func decodeConfig(f Format, data []byte) (cfg image.Config, err error) {
	defer func() {
		if recover() != nil { // a decoder bug on hostile bytes is a corrupt file, not a crash
			err = errCorrupt
		}
	}()
	r := bytes.NewReader(data)
	switch f {
	case FormatJPEG:
		return jpeg.DecodeConfig(r)
	case FormatPNG:
		return png.DecodeConfig(r)
	case FormatWebP:
		return webp.DecodeConfig(r)
	default:
		return avif.DecodeConfig(r)
	}
}
