package app

import (
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// isUpload answers every request that is not a POST without matching the upload routes, which
// holds only while every upload is a POST.
func TestUploadRoutesArePosts(t *testing.T) {
	t.Parallel()
	for _, p := range uploadRoutes {
		require.True(t, strings.HasPrefix(p, http.MethodPost+" "), p)
	}
	upload := func(method, path string) bool { return isUpload(mustRequest(t, method, path)) }
	require.True(t, upload(http.MethodPost, "/api/v1/admin/products/3f1c5c3e-2d7b-4a55-9a59-0d7f8f3b9d10/images"))
	require.False(t, upload(http.MethodPost, "/admin/api/api/v1/admin/products/3f1c5c3e-2d7b-4a55-9a59-0d7f8f3b9d10/images"),
		"the door's path is mapped to the API's by bodyLimit")
	require.False(t, upload(http.MethodGet, "/api/v1/admin/products/3f1c5c3e-2d7b-4a55-9a59-0d7f8f3b9d10/images"))
	require.False(t, upload(http.MethodPost, "/api/v1/carts"))
	require.Equal(t, int64(maxUploadBytes), bodyLimit(mustRequest(t, http.MethodPost, "/admin/api/api/v1/admin/products/3f1c5c3e-2d7b-4a55-9a59-0d7f8f3b9d10/images")))
	require.Equal(t, int64(maxRequestBytes), bodyLimit(mustRequest(t, http.MethodGet, "/api/v1/products")))
}

func mustRequest(t *testing.T, method, path string) *http.Request {
	t.Helper()
	r, err := http.NewRequest(method, "http://shop.test"+path, nil)
	require.NoError(t, err)
	return r
}
