package jobs_test

import (
	"context"
	"errors"
	"sync"
	"testing"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/db"
	"github.com/atelier-commerce/atelier/backend/internal/db/dbtest"
	"github.com/atelier-commerce/atelier/backend/internal/jobs"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"
)

// imageCalls records what the image jobs asked the catalogue and media to do.
type imageCalls struct {
	mu       sync.Mutex
	rendered []string
	failed   map[string]string
	removed  []string
}

func (c *imageCalls) work(render error) jobs.ImageWork {
	c.failed = map[string]string{}
	return jobs.ImageWork{
		Render: func(_ context.Context, id string) error {
			c.mu.Lock()
			defer c.mu.Unlock()
			c.rendered = append(c.rendered, id)
			return render
		},
		Fail: func(_ context.Context, id, reason string) error {
			c.mu.Lock()
			defer c.mu.Unlock()
			c.failed[id] = reason
			return nil
		},
		Remove: func(_ context.Context, id string) error {
			c.mu.Lock()
			defer c.mu.Unlock()
			c.removed = append(c.removed, id)
			return nil
		},
	}
}

func emitImageEvent(t *testing.T, pool *pgxpool.Pool, topic, imageID string) {
	t.Helper()
	require.NoError(t, db.WithTx(context.Background(), pool, func(tx pgx.Tx) error {
		_, err := db.Emit(context.Background(), tx, topic, map[string]string{"image_id": imageID, "product_id": "p"})
		return err
	}))
}

// An uploaded image is rendered by a job on the media queue; a rendition that cannot be made
// for good (a corrupt original) marks the image failed with the reason and is not retried; a
// passing failure (storage down) is retried; a removed image's files are deleted.
func TestImageJobs(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name       string
		topic      string
		render     error
		wantState  string
		wantFailed string
	}{
		{name: "rendered", topic: jobs.TopicImageUploaded, wantState: "completed"},
		{name: "corrupt original fails the image", topic: jobs.TopicImageUploaded,
			render: apperr.Invalid("file", "corrupt_image", "the image cannot be decoded"), wantState: "cancelled",
			wantFailed: "corrupt_image"},
		{name: "storage down is retried", topic: jobs.TopicImageUploaded, render: errors.New("bucket unreachable"),
			wantState: "retryable"},
		{name: "removed", topic: jobs.TopicImageDeleted, wantState: "completed"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			pool := dbtest.Pool(t)
			calls := &imageCalls{}
			emitImageEvent(t, pool, tc.topic, "img-1")
			start(t, newRunner(t, pool, runnerOpts{images: calls.work(tc.render), retry: farRetry{}}))
			waitForJobState(t, pool, tc.wantState)
			calls.mu.Lock()
			defer calls.mu.Unlock()
			if tc.topic == jobs.TopicImageDeleted {
				require.Equal(t, []string{"img-1"}, calls.removed)
				require.Empty(t, calls.rendered)
				return
			}
			require.Equal(t, []string{"img-1"}, calls.rendered, "rendered once")
			if tc.wantFailed != "" {
				require.Equal(t, map[string]string{"img-1": tc.wantFailed}, calls.failed)
			} else {
				require.Empty(t, calls.failed, "a passing failure does not fail the image")
			}
		})
	}
}
