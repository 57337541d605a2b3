package media_test

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/jpeg"
	"io"
	"testing"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/media"
	"github.com/stretchr/testify/require"
)

func TestSaveRenditionsAndOpen(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	store, err := media.Open(ctx, "file://"+t.TempDir(), "https://shop.example/")
	require.NoError(t, err)
	defer store.Close()

	src := image.NewRGBA(image.Rect(0, 0, 1000, 1250))
	for i := range src.Pix {
		src.Pix[i] = 200
	}
	src.Set(500, 600, color.Black)
	rs, err := store.SaveRenditions(ctx, "img-1", src)
	require.NoError(t, err)
	// 1200 is wider than the source: the renditions stop at the source's width.
	require.Len(t, rs, 2)
	require.Equal(t, media.Rendition{Key: "images/img-1/400.jpg", Width: 400, Height: 500, ContentType: "image/jpeg"}, rs[0])
	require.Equal(t, int32(800), rs[1].Width)
	require.Equal(t, "https://shop.example/media/images/img-1/400.jpg", store.URL(rs[0].Key))

	f, err := store.Open(ctx, rs[0].Key)
	require.NoError(t, err)
	data, err := io.ReadAll(f)
	require.NoError(t, f.Close())
	require.NoError(t, err)
	require.Equal(t, "image/jpeg", f.ContentType())
	img, err := jpeg.Decode(bytes.NewReader(data))
	require.NoError(t, err)
	require.Equal(t, 400, img.Bounds().Dx())

	again, err := store.SaveRenditions(ctx, "img-1", src)
	require.NoError(t, err)
	require.Equal(t, rs, again, "same image and id, same keys")

	for _, key := range []string{"images/none/400.jpg", "../secret.jpg", "images/x/400.svg", ""} {
		_, err := store.Open(ctx, key)
		require.Equal(t, apperr.KindNotFound, apperr.As(err).Kind, key)
	}
	_, err = store.SaveRenditions(ctx, "../escape", src)
	require.Error(t, err)
	_, err = store.SaveRenditions(ctx, "empty", image.NewRGBA(image.Rect(0, 0, 0, 0)))
	require.Error(t, err)
}

func TestSmallSourceKeepsOneRendition(t *testing.T) {
	t.Parallel()
	store, err := media.Open(context.Background(), "file://"+t.TempDir(), "http://localhost:8080")
	require.NoError(t, err)
	defer store.Close()
	rs, err := store.SaveRenditions(context.Background(), "tiny", image.NewRGBA(image.Rect(0, 0, 120, 150)))
	require.NoError(t, err)
	require.Len(t, rs, 1)
	require.Equal(t, int32(120), rs[0].Width, "never upscaled")
}
