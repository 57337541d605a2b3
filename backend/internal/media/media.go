// Package media stores images behind gocloud.dev/blob (a local folder by default, S3-compatible
// storage at scale), renders their responsive renditions and serves them with long-lived cache
// headers. Rendition keys never change content, which is what makes year-long caching safe.
//
// An upload goes Inspect (sniff and size the bytes, refuse what is not a usable image),
// SaveOriginal, then, in a job, RenderVariants (every width as AVIF, WebP and JPEG); DeleteImage
// removes it all. The codecs and their settings are chosen in docs/decisions/009-image-encoder.md.
package media

import (
	"context"
	"fmt"
	"io"
	"regexp"
	"strings"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"gocloud.dev/blob"
	_ "gocloud.dev/blob/fileblob" // file:// buckets
	_ "gocloud.dev/blob/s3blob"   // s3:// buckets (AWS S3 and S3-compatible stores: MinIO, R2, Ceph…)
	"gocloud.dev/gcerrors"
)

// RenditionWidths are the widths every image is stored at, for srcset; narrowest first. Each
// width is stored as AVIF, WebP and JPEG (see RenderVariants).
var RenditionWidths = []int{400, 800, 1200, 2000}

// PathPrefix is where the API serves media; URL builds links under it.
const PathPrefix = "/media/"

// Rendition is one stored size of an image.
type Rendition struct {
	Key         string
	Width       int32
	Height      int32
	ContentType string
}

// Store is a bucket of media files.
type Store struct {
	bucket    *blob.Bucket
	publicURL string
}

// Open opens the bucket at bucketURL; publicURL is the API's external base URL.
func Open(ctx context.Context, bucketURL, publicURL string) (*Store, error) {
	if strings.HasPrefix(bucketURL, "file://") && !strings.Contains(bucketURL, "create_dir") {
		sep := "?"
		if strings.Contains(bucketURL, "?") {
			sep = "&"
		}
		bucketURL += sep + "create_dir=true"
	}
	b, err := blob.OpenBucket(ctx, bucketURL)
	if err != nil {
		return nil, fmt.Errorf("media.Open: %s: %w", bucketURL, err)
	}
	return &Store{bucket: b, publicURL: strings.TrimRight(publicURL, "/")}, nil
}

// Close releases the bucket.
func (s *Store) Close() error { return s.bucket.Close() }

// URL is the absolute address a rendition is served at.
func (s *Store) URL(key string) string { return s.publicURL + PathPrefix + key }

var (
	keyPart    = regexp.MustCompile(`^[A-Za-z0-9-]+$`)
	keyPattern = regexp.MustCompile(`^[a-z]+(/[A-Za-z0-9-]+)*/[A-Za-z0-9-]+\.(jpg|png|webp|avif)$`)
)

// File is an open stored file.
type File interface {
	io.ReadSeekCloser
	ContentType() string
	ModTime() time.Time
	Size() int64
}

// ValidKey reports whether key can name a stored rendition; anything else is refused before the
// bucket is asked.
func ValidKey(key string) bool { return keyPattern.MatchString(key) }

// Open opens a stored file; a missing one is a NotFound error.
func (s *Store) Open(ctx context.Context, key string) (File, error) {
	if !ValidKey(key) {
		return nil, apperr.NotFound("media_not_found", "no such file")
	}
	rd, err := s.bucket.NewReader(ctx, key, nil)
	if gcerrors.Code(err) == gcerrors.NotFound {
		return nil, apperr.NotFound("media_not_found", "no such file")
	}
	if err != nil {
		return nil, fmt.Errorf("media.Open: %s: %w", key, err)
	}
	return rd, nil
}

// CacheControl is the caching rule for renditions: their keys never change content.
const CacheControl = "public, max-age=31536000, immutable"
