package shipping_test

import (
	"context"
	"os"
	"testing"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/db/dbtest"
	"github.com/atelier-commerce/atelier/backend/internal/money"
	"github.com/atelier-commerce/atelier/backend/internal/shipping"
	"github.com/stretchr/testify/require"
)

func TestMain(m *testing.M) { os.Exit(dbtest.Main(m)) }

func TestPriceFor(t *testing.T) {
	t.Parallel()
	free := money.GBP(5000)
	standard := shipping.Option{Price: money.GBP(1735), FreeOver: &free}
	// "Orders over £50": exactly £50 still pays.
	for subtotal, want := range map[int64]int64{0: 1735, 4999: 1735, 5000: 1735, 5001: 0, 100000: 0} {
		require.Equal(t, want, standard.PriceFor(money.GBP(subtotal)).Minor, "subtotal %d", subtotal)
	}
	express := shipping.Option{Price: money.GBP(2499)}
	require.Equal(t, int64(2499), express.PriceFor(money.GBP(100000)).Minor, "no threshold: always charged")
}

func TestSaveAndListActive(t *testing.T) {
	t.Parallel()
	svc := shipping.NewService(dbtest.Pool(t))
	ctx := context.Background()
	free := money.GBP(5000)
	for _, o := range []shipping.Option{
		{Code: "express", Name: "Express", Carrier: "DPD", Price: money.GBP(2499), Position: 2, Active: true},
		{Code: "standard", Name: "Standard", Carrier: "Royal Mail", Price: money.GBP(1735), FreeOver: &free, Position: 1, Active: true},
		{Code: "retired", Name: "Retired", Price: money.GBP(100), Position: 0, Active: false},
	} {
		require.NoError(t, svc.Save(ctx, o))
	}
	opts, err := svc.ListActive(ctx)
	require.NoError(t, err)
	require.Len(t, opts, 2, "inactive options are not offered")
	require.Equal(t, "standard", opts[0].Code)
	require.Equal(t, int64(5000), opts[0].FreeOver.Minor)
	require.Nil(t, opts[1].FreeOver)

	// Saving by code updates in place.
	require.NoError(t, svc.Save(ctx, shipping.Option{Code: "express", Name: "Express", Price: money.GBP(2599), Position: 2, Active: true}))
	opts, err = svc.ListActive(ctx)
	require.NoError(t, err)
	require.Equal(t, int64(2599), opts[1].Price.Minor)

	for name, bad := range map[string]shipping.Option{
		"no code":        {Name: "X"},
		"no name":        {Code: "x"},
		"negative price": {Code: "x", Name: "X", Price: money.GBP(-1)},
	} {
		require.Equal(t, apperr.KindInvalid, apperr.As(svc.Save(ctx, bad)).Kind, name)
	}
}

func TestDefault(t *testing.T) {
	t.Parallel()
	standard := shipping.Option{Code: shipping.StandardCode, Price: money.GBP(1735)}
	express := shipping.Option{Code: "express", Price: money.GBP(2499)}
	cheap := shipping.Option{Code: "cheap", Price: money.GBP(500)}
	alsoCheap := shipping.Option{Code: "also-cheap", Price: money.GBP(500)}
	tests := map[string]struct {
		active []shipping.Option
		want   string
	}{
		"standard wins even when dearer": {[]shipping.Option{cheap, express, standard}, shipping.StandardCode},
		"cheapest without standard":      {[]shipping.Option{express, cheap}, "cheap"},
		"first of equally cheap":         {[]shipping.Option{express, alsoCheap, cheap}, "also-cheap"},
		"only one":                       {[]shipping.Option{express}, "express"},
	}
	for name, tt := range tests {
		got, ok := shipping.Default(tt.active)
		require.True(t, ok, name)
		require.Equal(t, tt.want, got.Code, name)
	}
	_, ok := shipping.Default(nil)
	require.False(t, ok, "nothing offered")
}
