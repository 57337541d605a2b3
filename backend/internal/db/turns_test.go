package db

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

func TestTurnsAdmitAtMostN(t *testing.T) {
	t.Parallel()
	turns := newTurns(2)
	var running, most, ran atomic.Int32
	var wg sync.WaitGroup
	for range 6 {
		wg.Go(func() {
			err := turns.run(context.Background(), func() error {
				n := running.Add(1)
				for m := most.Load(); n > m && !most.CompareAndSwap(m, n); m = most.Load() {
				}
				time.Sleep(20 * time.Millisecond)
				running.Add(-1)
				ran.Add(1)
				return nil
			})
			if err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if ran.Load() != 6 || most.Load() != 2 {
		t.Fatalf("ran %d of 6, at most %d at once; want all, 2 at once", ran.Load(), most.Load())
	}
}

// A transaction that cannot get a turn within maxTurnWait runs anyway: one that holds a turn
// while waiting for another (a transaction begun inside a transaction) must not wait forever.
func TestTurnsRunAnywayAfterTheLongestWait(t *testing.T) {
	t.Parallel()
	turns := newTurns(1)
	release := make(chan struct{})
	held := make(chan struct{})
	go func() {
		_ = turns.run(context.Background(), func() error { close(held); <-release; return nil })
	}()
	<-held
	start := time.Now()
	ran := false
	if err := turns.run(context.Background(), func() error { ran = true; return nil }); err != nil {
		t.Fatal(err)
	}
	close(release)
	if waited := time.Since(start); !ran || waited < maxTurnWait {
		t.Fatalf("ran %v after %v; want it run after waiting %v for the held turn", ran, waited, maxTurnWait)
	}
}

func TestTurnsStopWaitingWhenTheRequestIsCancelled(t *testing.T) {
	t.Parallel()
	turns := newTurns(1)
	release := make(chan struct{})
	defer close(release)
	held := make(chan struct{})
	go func() {
		_ = turns.run(context.Background(), func() error { close(held); <-release; return nil })
	}()
	<-held
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	ran := false
	err := turns.run(ctx, func() error { ran = true; return nil })
	if ran || !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("ran %v, err %v; want not run, %v", ran, err, context.DeadlineExceeded)
	}
}
