package main

import (
	"context"
	"fmt"
	"io"
	"syscall"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/media"
	"github.com/atelier-commerce/atelier/backend/internal/media/mediatest"
)

// mediaTarget is issue 11's: a 12-megapixel JPEG upload to all its variants ready.
const mediaTarget = 5 * time.Second

// mediaFigures are what the media scenario measured.
type mediaFigures struct {
	took, cpu time.Duration
	inBytes   int
	variants  int
}

// benchMedia times what an upload and its worker do with a 12 MP (4000×3000) photo-like JPEG:
// Inspect, SaveOriginal and RenderVariants into a local bucket in dir (12 variants: 4 widths ×
// AVIF, WebP, JPEG). The AVIF encoder is warmed first, as a worker does at start.
func benchMedia(ctx context.Context, dir string, stdout io.Writer) (mediaFigures, error) {
	fmt.Fprintf(stdout, "  %-44s", "media: 12 MP JPEG to all variants")
	data := mediatest.JPEG(mediatest.Photo(4000, 3000), 1)
	store, err := media.Open(ctx, "file://"+dir, "http://localhost")
	if err != nil {
		return mediaFigures{}, err
	}
	defer store.Close()
	media.Warm()
	cpu0 := cpuTime()
	start := time.Now()
	info, err := media.Inspect(data)
	if err != nil {
		return mediaFigures{}, err
	}
	if _, err := store.SaveOriginal(ctx, "bench-12mp", data, info); err != nil {
		return mediaFigures{}, err
	}
	rs, err := store.RenderVariants(ctx, "bench-12mp")
	if err != nil {
		return mediaFigures{}, err
	}
	f := mediaFigures{took: time.Since(start), cpu: cpuTime() - cpu0, inBytes: len(data), variants: len(rs)}
	fmt.Fprintf(stdout, " %s (%d variants, %.2f s CPU)\n", fmtSeconds(f.took), f.variants, f.cpu.Seconds())
	return f, nil
}

// cpuTime is this process's user+system CPU time so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
