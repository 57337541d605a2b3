package catalog_test

import (
	"context"
	"testing"

	"github.com/atelier-commerce/atelier/backend/internal/catalog"
)

// The catalogue's reads with the read cache off, as a long tail of distinct requests reaches
// PostgreSQL: what one read costs in round trips and decoding (`go test -bench . -run '^$'`).
// `just bench` measures the same reads through the whole server.

func BenchmarkGetUncached(b *testing.B) {
	svc, ids := newService(b, 0)
	ctx := context.Background()
	for _, key := range []struct{ name, key string }{{"by id", ids["amber-face-oil"]}, {"by slug", "amber-face-oil"}} {
		b.Run(key.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := svc.Get(ctx, key.key); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkListUncached(b *testing.B) {
	svc, _ := newService(b, 0)
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := svc.List(ctx, catalog.ListQuery{PageSize: 12, Sort: catalog.SortNameAsc}); err != nil {
			b.Fatal(err)
		}
	}
}
