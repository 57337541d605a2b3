package media_test

import (
	"context"
	"net/http/httptest"
	"net/url"
	"testing"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/apperr/apperrtest"
	"github.com/atelier-commerce/atelier/backend/internal/media"
	"github.com/atelier-commerce/atelier/backend/internal/media/mediatest"
	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"
	"github.com/stretchr/testify/require"
)

// The documented s3:// media URL works: the driver is linked, and an S3-compatible server (an
// in-process fake here, MinIO or R2 in production) stores, serves, lists and deletes images
// through the same Store as a folder does. endpoint and use_path_style are how S3-compatible
// stores other than AWS are reached; anonymous skips credentials, which the fake does not check.
func TestS3Bucket(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	backend := s3mem.New()
	require.NoError(t, backend.CreateBucket("atelier-media"))
	srv := httptest.NewServer(gofakes3.New(backend).Server())
	t.Cleanup(srv.Close)

	bucketURL := "s3://atelier-media?region=eu-west-2&use_path_style=true&anonymous=true&endpoint=" + url.QueryEscape(srv.URL)
	store, err := media.Open(ctx, bucketURL, "https://shop.example")
	require.NoError(t, err)
	t.Cleanup(func() { _ = store.Close() })

	// Narrower than the narrowest rendition: one width, in three formats.
	original := mediatest.JPEG(mediatest.Photo(240, 80), 0)
	rs, err := render(t, store, "img-s3", original)
	require.NoError(t, err)
	require.Len(t, rs, 3)
	for _, r := range rs {
		data, ctype := readKey(t, store, r.Key)
		require.Equal(t, r.ContentType, ctype, "the content type is kept as an object attribute")
		info, err := media.Inspect(data)
		require.NoError(t, err, r.Key)
		require.Equal(t, r.ContentType, info.ContentType, r.Key)
	}
	objects, err := backend.ListBucket("atelier-media", nil, gofakes3.ListBucketPage{})
	require.NoError(t, err)
	require.Len(t, objects.Contents, 4, "the original and three renditions, in the S3 bucket")

	_, err = store.Open(ctx, "images/img-s3/800.webp")
	apperrtest.RequireKind(t, err, apperr.KindNotFound, "media_not_found")

	require.NoError(t, store.DeleteImage(ctx, "img-s3"))
	objects, err = backend.ListBucket("atelier-media", nil, gofakes3.ListBucketPage{})
	require.NoError(t, err)
	require.Empty(t, objects.Contents)
}

// A misspelt option is refused when the server starts, not at the first upload.
func TestS3BucketURLIsChecked(t *testing.T) {
	t.Parallel()
	_, err := media.Open(context.Background(), "s3://atelier-media?region=eu-west-2&endpont=http://127.0.0.1:1", "https://shop.example")
	require.ErrorContains(t, err, "endpont")
}
