package app

import (
	"context"

	"github.com/atelier-commerce/atelier/backend/internal/api"
	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/media"
)

// mediaIntake gives image uploads internal/media's checks and original storage.
//
// MERGE: media.Inspect(data) (media.Info, error) and (*media.Store).SaveOriginal(ctx, imageID,
// data, info) are being written on another branch. Until they land, uploads are refused as
// unavailable (503, reason uploads_unavailable); once they do, the two bodies below become
// calls to them, converting media.Info to api.UploadInfo field by field.
type mediaIntake struct{ store *media.Store }

var errUploadsPending = apperr.Unavailable("uploads_unavailable", nil)

func (m mediaIntake) Inspect([]byte) (api.UploadInfo, error) {
	return api.UploadInfo{}, errUploadsPending
}

func (m mediaIntake) SaveOriginal(context.Context, string, []byte, api.UploadInfo) (string, error) {
	return "", errUploadsPending
}
