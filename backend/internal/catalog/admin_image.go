package catalog

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/db"
	"github.com/jackc/pgx/v5"
)

// Outbox topics of image changes; the media workers make and remove the files.
const (
	TopicImageUploaded = "image.uploaded"
	TopicImageDeleted  = "image.deleted"
)

// UploadedImage is an image whose original bytes are stored; its renditions are still to make.
type UploadedImage struct {
	ID          string // chosen by the caller: the original's key contains it
	Alt         string // "" takes the product's name
	OriginalKey string
	Width       int32
	Height      int32
	SizeBytes   int64
	ContentType string
}

// AddImage appends an uploaded image to a product, in state processing, and asks for its
// renditions (an outbox event in the same transaction). The first image becomes primary.
// expected 0 skips the revision check (an upload adds without overwriting anything).
func (a *Admin) AddImage(ctx context.Context, actor Actor, productID string, expected int64, img UploadedImage) (AdminProduct, AdminImage, error) {
	if err := checkID("image_id", img.ID); err != nil {
		return AdminProduct{}, AdminImage{}, err
	}
	p, err := a.change(ctx, actor, productID, expected, false, func(ctx context.Context, tx pgx.Tx, cur AdminProduct) (Action, int64, error) {
		alt := strings.TrimSpace(img.Alt)
		if alt == "" {
			alt = truncateRunes(cur.Name, MaxAltLen)
		}
		if err := checkAlt(alt); err != nil {
			return "", 0, err
		}
		img.Alt = alt
		if err := insertUploadedImage(ctx, tx, productID, img); err != nil {
			return "", 0, err
		}
		if _, err := db.Emit(ctx, tx, TopicImageUploaded, map[string]string{"image_id": img.ID, "product_id": productID}); err != nil {
			return "", 0, err
		}
		return ActionImagesChanged, 0, nil
	})
	if err != nil {
		return AdminProduct{}, AdminImage{}, fmt.Errorf("catalog.AddImage: %w", err)
	}
	i := slices.IndexFunc(p.Images, func(x AdminImage) bool { return x.ID == img.ID })
	return p, p.Images[i], nil
}

// UpdateImage changes an image's alt text and/or makes it the primary image (there is no
// un-making: another image is made primary instead).
func (a *Admin) UpdateImage(ctx context.Context, actor Actor, productID, imageID string, expected int64, alt *string, primary *bool) (AdminProduct, error) {
	if primary != nil && !*primary {
		return AdminProduct{}, apperr.Invalid("primary", "primary_required",
			"a product with images always has a primary one: make another image primary instead")
	}
	p, err := a.imageChange(ctx, actor, productID, imageID, expected, func(images []SnapshotImage, at int) ([]SnapshotImage, error) {
		if alt != nil {
			text := strings.TrimSpace(*alt)
			if err := checkAlt(text); err != nil {
				return nil, err
			}
			images[at].Alt = text
		}
		if primary != nil {
			for i := range images {
				images[i].Primary = i == at
			}
		}
		return images, nil
	})
	if err != nil {
		return AdminProduct{}, fmt.Errorf("catalog.UpdateImage: %w", err)
	}
	return p, nil
}

// ReorderImages puts a product's images in the order of ids, which must name each exactly once.
func (a *Admin) ReorderImages(ctx context.Context, actor Actor, productID string, expected int64, ids []string) (AdminProduct, error) {
	p, err := a.imageChange(ctx, actor, productID, "", expected, func(images []SnapshotImage, _ int) ([]SnapshotImage, error) {
		have := make([]string, len(images))
		for i, img := range images {
			have[i] = img.ID
		}
		want := slices.Clone(ids)
		slices.Sort(have)
		slices.Sort(want)
		if !slices.Equal(have, want) {
			return nil, apperr.Invalid("image_ids", "image_list_mismatch",
				"list every image of the product exactly once (it has %d)", len(images))
		}
		out := make([]SnapshotImage, len(ids))
		for i, id := range ids {
			out[i] = images[slices.IndexFunc(images, func(x SnapshotImage) bool { return x.ID == id })]
		}
		return out, nil
	})
	if err != nil {
		return AdminProduct{}, fmt.Errorf("catalog.ReorderImages: %w", err)
	}
	return p, nil
}

// DeleteImage removes an image and asks for its files to be removed (an outbox event in the
// same transaction). When the primary image goes, the first remaining one becomes primary.
func (a *Admin) DeleteImage(ctx context.Context, actor Actor, productID, imageID string, expected int64) (AdminProduct, error) {
	p, err := a.imageChange(ctx, actor, productID, imageID, expected, func(images []SnapshotImage, at int) ([]SnapshotImage, error) {
		return slices.Delete(images, at, at+1), nil
	})
	if err != nil {
		return AdminProduct{}, fmt.Errorf("catalog.DeleteImage: %w", err)
	}
	return p, nil
}

// imageChange is the frame of a change to a product's image list: edit gets the images (and the
// index of imageID, when one is named) and returns the list as it must be; images missing from
// it are deleted. Revision check and history as for every change (expected 0 skips the check).
func (a *Admin) imageChange(ctx context.Context, actor Actor, productID, imageID string, expected int64,
	edit func(images []SnapshotImage, at int) ([]SnapshotImage, error),
) (AdminProduct, error) {
	if imageID != "" {
		if err := checkID("image_id", imageID); err != nil {
			return AdminProduct{}, err
		}
	}
	return a.change(ctx, actor, productID, expected, false, func(ctx context.Context, tx pgx.Tx, cur AdminProduct) (Action, int64, error) {
		images := snapshotOf(cur).Images
		at := -1
		if imageID != "" {
			if at = slices.IndexFunc(images, func(x SnapshotImage) bool { return x.ID == imageID }); at < 0 {
				return "", 0, apperr.NotFound("image_not_found", "this product has no such image")
			}
		}
		next, err := edit(slices.Clone(images), at)
		if err != nil {
			return "", 0, err
		}
		for _, img := range images {
			if slices.ContainsFunc(next, func(x SnapshotImage) bool { return x.ID == img.ID }) {
				continue
			}
			if err := deleteImage(ctx, tx, productID, img.ID); err != nil {
				return "", 0, err
			}
			if _, err := db.Emit(ctx, tx, TopicImageDeleted, map[string]string{"image_id": img.ID}); err != nil {
				return "", 0, err
			}
		}
		if slices.Equal(images, next) {
			return "", 0, nil
		}
		if err := writeImageOrder(ctx, tx, productID, withOnePrimary(next)); err != nil {
			return "", 0, err
		}
		return ActionImagesChanged, 0, nil
	})
}

func checkAlt(alt string) error {
	switch {
	case alt == "":
		return apperr.Invalid("alt", "alt_required", "alt text is required: describe the picture")
	case utf8.RuneCountInString(alt) > MaxAltLen:
		return apperr.Invalid("alt", "alt_too_long", "alt text must be at most %d characters", MaxAltLen)
	}
	return nil
}

func truncateRunes(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n])
}
