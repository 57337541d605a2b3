package jobs

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
)

// Image topics, emitted by the catalogue in the transaction that adds or removes an image.
const (
	// TopicImageUploaded: {"image_id","product_id"}: an original is stored, its renditions wait.
	TopicImageUploaded = "image.uploaded"
	// TopicImageDeleted: {"image_id"}: an image left its product; its files are to be removed.
	TopicImageDeleted = "image.deleted"
)

// MediaQueue is the River queue of image work. Encoding is CPU-bound, so it runs one job at a
// time: a burst of uploads queues up instead of starving the API of both cores.
const MediaQueue = "media"

// ImageMaxAttempts bounds the retries of a rendition job (storage hiccups); a corrupt original
// is not retried at all.
const ImageMaxAttempts = 5

// ImageWork is what the image jobs do, given by the composition (catalogue + media).
type ImageWork struct {
	// Render makes an uploaded image's renditions and marks the image ready. An error apperr
	// classifies as Invalid, NotFound or FailedPrecondition (a corrupt original, an image deleted
	// meanwhile) is final: the job is cancelled after Fail records the reason.
	Render func(ctx context.Context, imageID string) error
	// Fail marks the image failed with a reason the back office shows.
	Fail func(ctx context.Context, imageID, reason string) error
	// Remove deletes an image's original and renditions; missing files are fine.
	Remove func(ctx context.Context, imageID string) error
}

// ImageRenditions renders an uploaded image's variants.
type ImageRenditions struct{ Event }

// Kind is River's name for the job.
func (ImageRenditions) Kind() string { return "image.renditions" }

// InsertOpts puts the job on the media queue, unique per outbox id in every state.
func (ImageRenditions) InsertOpts() river.InsertOpts { return mediaInsertOpts() }

// ImageRemoval deletes a removed image's files.
type ImageRemoval struct{ Event }

// Kind is River's name for the job.
func (ImageRemoval) Kind() string { return "image.removal" }

// InsertOpts puts the job on the media queue, unique per outbox id in every state.
func (ImageRemoval) InsertOpts() river.InsertOpts { return mediaInsertOpts() }

func mediaInsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: MediaQueue, MaxAttempts: ImageMaxAttempts,
		UniqueOpts: river.UniqueOpts{ByArgs: true, ByState: rivertype.JobStates()}}
}

// imagePayload is the payload of both image topics.
type imagePayload struct {
	ImageID string `json:"image_id"`
}

func decodeImagePayload(raw json.RawMessage) (string, error) {
	var p imagePayload
	if err := json.Unmarshal(raw, &p); err != nil || p.ImageID == "" {
		return "", fmt.Errorf("jobs.decodeImagePayload: %w: %w", errMalformed, err)
	}
	return p.ImageID, nil
}

// renditionWorker renders an image's variants. Rendition keys are derived from the image id, so
// a job that runs twice overwrites the same files.
type renditionWorker struct {
	river.WorkerDefaults[ImageRenditions]
	work   ImageWork
	logger *slog.Logger
}

// Timeout bounds one attempt: a 50-megapixel original at every width in three formats.
func (w *renditionWorker) Timeout(*river.Job[ImageRenditions]) time.Duration { return 5 * time.Minute }

func (w *renditionWorker) Work(ctx context.Context, job *river.Job[ImageRenditions]) error {
	id, err := decodeImagePayload(job.Args.Payload)
	if err != nil {
		return river.JobCancel(fmt.Errorf("jobs.renditionWorker.Work: %w", err))
	}
	err = w.work.Render(ctx, id)
	if err == nil {
		w.logger.InfoContext(ctx, "image renditions ready", "image_id", id)
		return nil
	}
	ae := refusal(err)
	if ae == nil && job.Attempt < job.MaxAttempts {
		return fmt.Errorf("jobs.renditionWorker.Work: %w", err)
	}
	reason := "processing_failed"
	if ae != nil {
		reason = ae.Reason
	}
	w.logger.WarnContext(ctx, "image cannot be processed", "image_id", id, "reason", reason, "error", err.Error())
	if ferr := w.work.Fail(ctx, id, reason); ferr != nil && refusal(ferr) == nil {
		return fmt.Errorf("jobs.renditionWorker.Work: mark failed: %w", ferr)
	}
	return river.JobCancel(fmt.Errorf("jobs.renditionWorker.Work: %w", err))
}

// removalWorker deletes a removed image's files.
type removalWorker struct {
	river.WorkerDefaults[ImageRemoval]
	work ImageWork
}

// Timeout bounds one attempt: a handful of deletes.
func (w *removalWorker) Timeout(*river.Job[ImageRemoval]) time.Duration { return time.Minute }

func (w *removalWorker) Work(ctx context.Context, job *river.Job[ImageRemoval]) error {
	id, err := decodeImagePayload(job.Args.Payload)
	if err != nil {
		return river.JobCancel(fmt.Errorf("jobs.removalWorker.Work: %w", err))
	}
	if err := w.work.Remove(ctx, id); err != nil {
		return fmt.Errorf("jobs.removalWorker.Work: %w", err)
	}
	return nil
}
