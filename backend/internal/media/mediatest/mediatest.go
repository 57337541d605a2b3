// Package mediatest makes realistic test images for the media package's tests, fuzz corpus
// and benchmark: photo-like pixels (flat colour would flatter every encoder) and JPEGs
// carrying an EXIF orientation.
package mediatest

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/jpeg"
	"math"
	"math/rand/v2"
)

// Photo draws a deterministic photo-like w×h scene: a sky gradient, a textured ground under a
// wavy horizon, soft shaded blobs and mild sensor noise.
func Photo(w, h int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	rng := rand.New(rand.NewPCG(1, 2))
	type blob struct{ x, y, rad, r, g, b float64 }
	blobs := make([]blob, 40)
	for i := range blobs {
		blobs[i] = blob{rng.Float64() * float64(w), rng.Float64() * float64(h), (0.03 + rng.Float64()*0.15) * float64(w),
			rng.Float64() * 255, rng.Float64() * 255, rng.Float64() * 255}
	}
	for y := range h {
		fy := float64(y) / float64(h)
		for x := range w {
			fx := float64(x) / float64(w)
			cr, cg, cb := 90+120*fy, 140+60*fy, 230-80*fy
			if fy > 0.6+0.05*math.Sin(fx*9) {
				t := math.Sin(fx*300+math.Sin(fy*80)*4) * 12
				cr, cg, cb = 70+t+40*fy, 110+t, 50+t/2
			}
			for _, b := range blobs {
				dx, dy := float64(x)-b.x, float64(y)-b.y
				if math.Abs(dx) > b.rad || math.Abs(dy) > b.rad {
					continue
				}
				if d := (dx*dx + dy*dy) / (b.rad * b.rad); d < 1 {
					a, shade := (1-d)*0.8, 0.75+0.25*(dx-dy)/b.rad
					cr, cg, cb = cr*(1-a)+b.r*shade*a, cg*(1-a)+b.g*shade*a, cb*(1-a)+b.b*shade*a
				}
			}
			n := rng.NormFloat64() * 4
			i := img.PixOffset(x, y)
			img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = clamp(cr+n), clamp(cg+n), clamp(cb+n), 255
		}
	}
	return img
}

func clamp(f float64) uint8 { return uint8(max(0, min(255, f))) }

// JPEG encodes img at quality 90; an orientation of 1–8 adds an EXIF block (APP1) carrying it
// and a camera make, so tests can see metadata kept or dropped.
func JPEG(img image.Image, orientation int) []byte {
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 90}); err != nil {
		panic(err)
	}
	if orientation < 1 || orientation > 8 {
		return buf.Bytes()
	}
	return WithEXIF(buf.Bytes(), orientation)
}

// WithEXIF inserts, right after a JPEG's start marker, an EXIF block with the orientation tag
// and a Make tag ("AtelierCam").
func WithEXIF(jpg []byte, orientation int) []byte {
	le := binary.LittleEndian
	tiff := []byte("II*\x00\x08\x00\x00\x00")
	tiff = le.AppendUint16(tiff, 2) // two entries
	// Orientation: SHORT, count 1, value inline.
	tiff = le.AppendUint16(tiff, 0x0112)
	tiff = le.AppendUint16(tiff, 3)
	tiff = le.AppendUint32(tiff, 1)
	tiff = le.AppendUint16(tiff, uint16(orientation))
	tiff = le.AppendUint16(tiff, 0)
	// Make: ASCII, 11 bytes stored after the IFD.
	tiff = le.AppendUint16(tiff, 0x010F)
	tiff = le.AppendUint16(tiff, 2)
	tiff = le.AppendUint32(tiff, 11)
	tiff = le.AppendUint32(tiff, uint32(8+2+2*12+4))
	tiff = le.AppendUint32(tiff, 0) // no next IFD
	tiff = append(tiff, "AtelierCam\x00"...)
	seg := append([]byte("Exif\x00\x00"), tiff...)
	out := []byte{0xFF, 0xD8, 0xFF, 0xE1}
	out = binary.BigEndian.AppendUint16(out, uint16(len(seg)+2))
	out = append(out, seg...)
	return append(out, jpg[2:]...)
}
