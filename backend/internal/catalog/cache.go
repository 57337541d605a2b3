package catalog

import (
	"context"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/sync/singleflight"
)

// readCache keeps recent public reads for a short time. The storefront asks the same few
// questions (first page, categories, featured) far more often than the catalogue changes, and a
// boutique can tolerate a product page that is a second or two behind a stock change: stock is
// re-checked authoritatively at checkout. Concurrent misses for one key share a single load.
// Values are shared between callers and must be treated as read-only.
type readCache struct {
	ttl     time.Duration
	now     func() time.Time
	group   singleflight.Group
	mu      sync.Mutex
	entries map[string]cacheEntry
	// generation counts clears, so caches of derived data (encoded responses) can tell that
	// the catalogue changed.
	generation atomic.Uint64
}

type cacheEntry struct {
	value   any
	expires time.Time
}

// maxCacheEntries bounds memory: search text makes keys unbounded, so past this the cache starts
// afresh rather than growing.
const maxCacheEntries = 5000

func newReadCache(ttl time.Duration) *readCache {
	return &readCache{ttl: ttl, now: time.Now, entries: map[string]cacheEntry{}}
}

func cached[T any](ctx context.Context, c *readCache, key string, load func(context.Context) (T, error)) (T, error) {
	if c.ttl <= 0 {
		return load(ctx)
	}
	now := c.now()
	c.mu.Lock()
	e, ok := c.entries[key]
	c.mu.Unlock()
	if ok && now.Before(e.expires) {
		return e.value.(T), nil //nolint:forcetypeassert // a key is only ever stored by the same cached[T] call
	}
	// A load that began before a write may have read the old catalogue: readers arriving after
	// the write do not share it (the generation is part of the flight's key), and it is kept
	// only if no write happened while it ran.
	gen := c.generation.Load()
	v, err, _ := c.group.Do(strconv.FormatUint(gen, 10)+"|"+key, func() (any, error) {
		// The load must not be cancelled by whichever caller happened to start it.
		v, err := load(context.WithoutCancel(ctx))
		if err != nil {
			return v, err
		}
		c.mu.Lock()
		if c.generation.Load() == gen {
			if len(c.entries) >= maxCacheEntries {
				c.entries = map[string]cacheEntry{}
			}
			c.entries[key] = cacheEntry{value: v, expires: c.now().Add(c.ttl)}
		}
		c.mu.Unlock()
		return v, nil
	})
	if err != nil {
		var zero T
		return zero, err
	}
	return v.(T), nil //nolint:forcetypeassert // the flight ran this call's own load, which returns a T
}

// clear drops everything, after a write through this process.
func (c *readCache) clear() {
	c.mu.Lock()
	c.entries = map[string]cacheEntry{}
	c.generation.Add(1)
	c.mu.Unlock()
}
