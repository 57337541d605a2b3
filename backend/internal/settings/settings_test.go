package settings_test

import (
	"context"
	"os"
	"testing"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/db/dbtest"
	"github.com/atelier-commerce/atelier/backend/internal/settings"
	"github.com/stretchr/testify/require"
)

func TestMain(m *testing.M) { os.Exit(dbtest.Main(m)) }

func TestSettings(t *testing.T) {
	t.Parallel()
	svc := settings.NewService(dbtest.Pool(t))
	ctx := context.Background()
	_, err := svc.Get(ctx)
	require.Equal(t, apperr.KindFailedPrecondition, apperr.As(err).Kind, "a new shop has no settings yet")

	want := settings.Store{Name: "Atelier London", City: "London", ContactEmail: "hello@example.test", VATNumber: "GB123456789"}
	require.NoError(t, svc.Save(ctx, want))
	want.Name = "Atelier London Ltd"
	require.NoError(t, svc.Save(ctx, want), "saving again replaces the one row")
	got, err := svc.Get(ctx)
	require.NoError(t, err)
	want.CurrencyCode = "GBP"
	require.Equal(t, want, got)

	require.Equal(t, apperr.KindInvalid, apperr.As(svc.Save(ctx, settings.Store{Name: " "})).Kind)
}
