package api

import (
	"context"
	"errors"
	"slices"

	"connectrpc.com/connect"
	"github.com/atelier-commerce/atelier/backend/internal/catalog"
	adminv1 "github.com/atelier-commerce/atelier/backend/internal/gen/atelier/admin/v1"
	"github.com/google/uuid"
)

// UploadInfo is what the media library reads from an upload's bytes (never from its name or
// headers).
type UploadInfo struct {
	Width, Height int32
	ContentType   string
	Size          int64
	// LargeFileWarning: accepted, but large enough to be worth telling the admin.
	LargeFileWarning bool
}

// ImageIntake is what an upload needs of the media library: checking the bytes are an image it
// accepts (refusals are apperr Invalid with the reason: empty_image, image_too_large,
// unsupported_image_type, image_too_many_pixels, corrupt_image) and storing the original under
// a key of its own. The app wires internal/media's Inspect and SaveOriginal to it.
type ImageIntake interface {
	Inspect(data []byte) (UploadInfo, error)
	SaveOriginal(ctx context.Context, imageID string, data []byte, info UploadInfo) (key string, err error)
}

// UploadProductImage implements ProductService.UploadProductImage. The original is stored
// before the transaction that adds the image row and its outbox event; if that transaction
// fails, the stored original is orphaned (harmless: nothing names it).
func (h *AdminProductHandler) UploadProductImage(ctx context.Context, req *connect.Request[adminv1.UploadProductImageRequest]) (*connect.Response[adminv1.UploadProductImageResponse], error) {
	m := req.Msg
	if h.intake == nil {
		return nil, connect.NewError(connect.CodeUnimplemented, errors.New("image uploads are not available on this server"))
	}
	actor, expected, err := h.writer(ctx, m.GetExpectedRevision(), req.Header())
	if err != nil {
		return nil, err
	}
	// The product and revision are checked first, so that an upload the write would refuse
	// stores nothing.
	cur, err := h.catalog.Get(ctx, m.GetProductId())
	if err != nil {
		return nil, err
	}
	if err := catalog.CheckRevision(cur, expected); err != nil {
		return nil, err
	}
	data := m.GetFile().GetData()
	info, err := h.intake.Inspect(data)
	if err != nil {
		return nil, err
	}
	id := uuid.NewString()
	key, err := h.intake.SaveOriginal(ctx, id, data, info)
	if err != nil {
		return nil, err
	}
	p, img, err := h.catalog.AddImage(ctx, actor, m.GetProductId(), expected, catalog.UploadedImage{
		ID: id, Alt: m.GetAlt(), OriginalKey: key, Width: info.Width, Height: info.Height,
		SizeBytes: info.Size, ContentType: info.ContentType,
	})
	if err != nil {
		return nil, err
	}
	out := &adminv1.UploadProductImageResponse{Image: h.imageProto(img), Product: h.productProto(p)}
	if info.LargeFileWarning {
		out.Warnings = append(out.Warnings, &adminv1.UploadWarning{Reason: "large_file",
			Message: "This file is large: the shop serves smaller renditions, but consider uploading a smaller original."})
	}
	return withETag(out, p), nil
}

// UpdateProductImage implements ProductService.UpdateProductImage.
func (h *AdminProductHandler) UpdateProductImage(ctx context.Context, req *connect.Request[adminv1.UpdateProductImageRequest]) (*connect.Response[adminv1.UpdateProductImageResponse], error) {
	m := req.Msg
	actor, expected, err := h.writer(ctx, m.GetExpectedRevision(), req.Header())
	if err != nil {
		return nil, err
	}
	p, err := h.catalog.UpdateImage(ctx, actor, m.GetProductId(), m.GetImageId(), expected, m.Alt, m.Primary)
	if err != nil {
		return nil, err
	}
	return withETag(&adminv1.UpdateProductImageResponse{Product: h.productProto(p)}, p), nil
}

// ReorderProductImages implements ProductService.ReorderProductImages.
func (h *AdminProductHandler) ReorderProductImages(ctx context.Context, req *connect.Request[adminv1.ReorderProductImagesRequest]) (*connect.Response[adminv1.ReorderProductImagesResponse], error) {
	m := req.Msg
	actor, expected, err := h.writer(ctx, m.GetExpectedRevision(), req.Header())
	if err != nil {
		return nil, err
	}
	p, err := h.catalog.ReorderImages(ctx, actor, m.GetProductId(), expected, slices.Clone(m.GetImageIds()))
	if err != nil {
		return nil, err
	}
	return withETag(&adminv1.ReorderProductImagesResponse{Product: h.productProto(p)}, p), nil
}

// DeleteProductImage implements ProductService.DeleteProductImage.
func (h *AdminProductHandler) DeleteProductImage(ctx context.Context, req *connect.Request[adminv1.DeleteProductImageRequest]) (*connect.Response[adminv1.DeleteProductImageResponse], error) {
	m := req.Msg
	actor, expected, err := h.writer(ctx, m.GetExpectedRevision(), req.Header())
	if err != nil {
		return nil, err
	}
	p, err := h.catalog.DeleteImage(ctx, actor, m.GetProductId(), m.GetImageId(), expected)
	if err != nil {
		return nil, err
	}
	return withETag(&adminv1.DeleteProductImageResponse{Product: h.productProto(p)}, p), nil
}
