package app

import (
	"bytes"
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/media/mediatest"
	"github.com/stretchr/testify/require"
)

// The whole image pipeline over the running app: a real JPEG uploaded over REST is answered at
// once as processing, the outbox relay hands it to River, the job renders AVIF, WebP and JPEG
// renditions and marks it ready, the shop shows it and serves its files; a file that is an image
// only in its header fails with the reason; a deleted image's files go too.
func TestImagePipeline(t *testing.T) {
	t.Parallel()
	s, token := adminShopWith(t, map[string]string{"OUTBOX_POLL_INTERVAL": "50ms"})
	require.NoError(t, s.app.startJobs(context.Background()))
	t.Cleanup(s.app.stopJobs)
	p := s.call(t, http.MethodPost, "/api/v1/admin/products", `{"name": "Pictured Balm", "price_minor_units": "2500",
		"stock_quantity": 4}`, token).require(t, 200)["product"].(jsonMap)
	one := "/api/v1/admin/products/" + p["id"].(string)
	image := func(id string) jsonMap {
		for _, img := range items(s.call(t, http.MethodGet, one, "", token).require(t, 200)["product"].(jsonMap), "images") {
			if img["id"] == id {
				return img
			}
		}
		return nil
	}
	settled := func(id string) jsonMap {
		t.Helper()
		var img jsonMap
		require.Eventually(t, func() bool {
			img = image(id)
			return img["state"] != "IMAGE_STATE_PROCESSING"
		}, 3*time.Minute, 100*time.Millisecond, "the job settles the image")
		return img
	}

	status, up := upload(t, s, token, p["id"].(string), "", mediatest.JPEG(mediatest.Photo(900, 600), 1))
	require.Equal(t, 200, status, "%v", up)
	id := up["image"].(jsonMap)["id"].(string)
	require.Equal(t, "IMAGE_STATE_PROCESSING", up["image"].(jsonMap)["state"])
	public := getJSON(t, s.base+"/api/v1/products/"+p["id"].(string), 200)["product"].(jsonMap)
	require.Empty(t, public["images"], "shoppers never see an image still processing")

	img := settled(id)
	require.Equal(t, "IMAGE_STATE_READY", img["state"], "%v", img)
	variants := items(img, "variants")
	types := map[string]int{}
	for _, v := range variants {
		types[v["content_type"].(string)]++
	}
	require.Equal(t, map[string]int{"image/avif": 2, "image/webp": 2, "image/jpeg": 2}, types, "400 and 800 px wide; never upscaled to 1200")
	res, err := http.Get(variants[0]["url"].(string))
	require.NoError(t, err)
	_ = res.Body.Close()
	require.Equal(t, 200, res.StatusCode)
	require.Equal(t, variants[0]["content_type"], res.Header.Get("Content-Type"))
	public = getJSON(t, s.base+"/api/v1/products/"+p["id"].(string), 200)["product"].(jsonMap)
	require.Len(t, items(public, "images"), 1, "ready: the shop shows it")

	corrupt := mediatest.JPEG(mediatest.Photo(600, 400), 1)
	corrupt = append(bytes.Clone(corrupt[:len(corrupt)/3]), make([]byte, 64)...)
	status, bad := upload(t, s, token, p["id"].(string), "", corrupt)
	require.Equal(t, 200, status, "the header is a JPEG's: accepted, then found out by the job: %v", bad)
	failed := settled(bad["image"].(jsonMap)["id"].(string))
	require.Equal(t, "IMAGE_STATE_FAILED", failed["state"])
	require.Equal(t, "corrupt_image", failed["failure_reason"])

	s.call(t, http.MethodDelete, one+"/images/"+id, "", token).require(t, 200)
	require.Eventually(t, func() bool {
		res, err := http.Get(variants[0]["url"].(string))
		if err != nil {
			return false
		}
		_ = res.Body.Close()
		return res.StatusCode == http.StatusNotFound
	}, time.Minute, 100*time.Millisecond, "a deleted image's files are removed by its job")
}
