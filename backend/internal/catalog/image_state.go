package catalog

import (
	"context"
	"fmt"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/db"
	"github.com/jackc/pgx/v5"
)

// MarkImageReady records an uploaded image's renditions (narrowest first) and makes it ready:
// from now on shoppers see it. Running it twice stores the same renditions again. An image
// deleted meanwhile is NotFound (reason image_not_found): its files are the caller's to remove.
func (s *Service) MarkImageReady(ctx context.Context, imageID string, variants []Variant) error {
	if len(variants) == 0 {
		return apperr.Invalid("variants", "image_without_variants", "image %s has no stored renditions", imageID)
	}
	err := db.WithTx(ctx, s.pool, func(tx pgx.Tx) error { return setImageState(ctx, tx, imageID, "ready", "", variants) })
	if err != nil {
		return fmt.Errorf("catalog.MarkImageReady: %w", err)
	}
	s.cache.clear()
	return nil
}

// MarkImageFailed records why an image's renditions could not be made; the back office shows
// the reason and shoppers never see the image.
func (s *Service) MarkImageFailed(ctx context.Context, imageID, reason string) error {
	err := db.WithTx(ctx, s.pool, func(tx pgx.Tx) error { return setImageState(ctx, tx, imageID, "failed", reason, nil) })
	if err != nil {
		return fmt.Errorf("catalog.MarkImageFailed: %w", err)
	}
	s.cache.clear()
	return nil
}
