package catalog

import (
	"context"
	"encoding/json"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/db"
	"github.com/jackc/pgx/v5"
)

// setImageState moves an image to state with its renditions (kept as they are when nil).
func setImageState(ctx context.Context, tx pgx.Tx, imageID, state, reason string, variants []Variant) error {
	if _, ok := db.CanonicalID(imageID); !ok {
		return apperr.NotFound("image_not_found", "no such image")
	}
	var raw []byte
	if variants != nil {
		var err error
		if raw, err = json.Marshal(variants); err != nil {
			return err
		}
	}
	tag, err := tx.Exec(ctx, `UPDATE product_images
		SET state = @state, failure_reason = @reason, variants = coalesce(@variants::jsonb, variants)
		WHERE id = @id::uuid`,
		pgx.NamedArgs{"id": imageID, "state": state, "reason": reason, "variants": raw})
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return apperr.NotFound("image_not_found", "no such image")
	}
	return nil
}
