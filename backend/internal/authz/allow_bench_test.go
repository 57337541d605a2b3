package authz_test

import (
	"testing"

	"github.com/atelier-commerce/atelier/backend/internal/account"
	"github.com/atelier-commerce/atelier/backend/internal/authz"
)

// BenchmarkAllow is the authorization every API call makes before its handler runs.
func BenchmarkAllow(b *testing.B) {
	a, err := authz.New()
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if !a.Allow(account.RoleAnonymous, "/atelier.store.v1.CatalogService/GetProduct") {
			b.Fatal("anyone may read a product")
		}
	}
}
