package apikey

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"time"
)

// originsTTL is how long the origins of the live publishable keys are kept between reads. A
// change made through this process is seen at once; one made through another process within
// this time. It only decides which browsers' preflights are answered: the key itself is checked
// against its own origins on every request.
const originsTTL = 30 * time.Second

type originCache struct {
	mu      sync.Mutex
	origins []string
	read    time.Time
}

// KnowsOrigin reports whether origin is allowed by some live publishable key: whether a browser
// there may be told it can call the API (CORS), before it says with which key.
func (s *Service) KnowsOrigin(ctx context.Context, origin string) (bool, error) {
	c := &s.origins
	c.mu.Lock()
	defer c.mu.Unlock()
	if now := s.now(); c.read.IsZero() || now.Sub(c.read) >= originsTTL {
		origins, err := liveOrigins(ctx, s.pool)
		if err != nil {
			return false, fmt.Errorf("apikey.KnowsOrigin: %w", err)
		}
		c.origins, c.read = origins, now
	}
	return slices.Contains(c.origins, origin), nil
}

// forgetOrigins makes the next KnowsOrigin read afresh, after a change of keys.
func (s *Service) forgetOrigins() {
	s.origins.mu.Lock()
	s.origins.read = time.Time{}
	s.origins.mu.Unlock()
}
