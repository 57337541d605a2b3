package app

import (
	"context"

	"github.com/atelier-commerce/atelier/backend/internal/api"
	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/catalog"
	"github.com/atelier-commerce/atelier/backend/internal/jobs"
	"github.com/atelier-commerce/atelier/backend/internal/media"
)

// mediaIntake gives image uploads internal/media's checks and original storage.
type mediaIntake struct{ store *media.Store }

func (m mediaIntake) Inspect(data []byte) (api.UploadInfo, error) {
	info, err := media.Inspect(data)
	if err != nil {
		return api.UploadInfo{}, err
	}
	return uploadInfo(info), nil
}

func (m mediaIntake) SaveOriginal(ctx context.Context, imageID string, data []byte, info api.UploadInfo) (string, error) {
	return m.store.SaveOriginal(ctx, imageID, data, media.Info{ContentType: info.ContentType,
		Width: int(info.Width), Height: int(info.Height), Size: int(info.Size), LargeFileWarning: info.LargeFileWarning})
}

func uploadInfo(info media.Info) api.UploadInfo {
	return api.UploadInfo{Width: int32(info.Width), Height: int32(info.Height), ContentType: info.ContentType,
		Size: int64(info.Size), LargeFileWarning: info.LargeFileWarning}
}

// imageWork lets the image jobs make an upload's renditions with internal/media and record them
// in the catalogue. An image deleted while its renditions were being made takes them with it.
func imageWork(store *media.Store, shop *catalog.Service) jobs.ImageWork {
	return jobs.ImageWork{
		Render: func(ctx context.Context, imageID string) error {
			renditions, err := store.RenderVariants(ctx, imageID)
			if err != nil {
				return err
			}
			variants := make([]catalog.Variant, len(renditions))
			for i, r := range renditions {
				variants[i] = catalog.Variant(r)
			}
			err = shop.MarkImageReady(ctx, imageID, variants)
			if ae := apperr.As(err); ae != nil && ae.Kind == apperr.KindNotFound {
				if rerr := store.DeleteImage(ctx, imageID); rerr != nil {
					return rerr
				}
			}
			return err
		},
		Fail:   shop.MarkImageFailed,
		Remove: store.DeleteImage,
	}
}
