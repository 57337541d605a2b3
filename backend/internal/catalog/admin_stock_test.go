package catalog_test

import (
	"context"
	"testing"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/apperr/apperrtest"
	"github.com/atelier-commerce/atelier/backend/internal/catalog"
	"github.com/atelier-commerce/atelier/backend/internal/db"
	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"
)

// Orders reserve stock without a revision. An admin who loaded "Rose Serum" at 20 units saves
// after a shopper reserved 2 (18 left): their edit never lays its stale figure over the order.
func TestStockEditsNeverUndoOrders(t *testing.T) {
	t.Parallel()
	stock := func(n int32) *int32 { return &n }
	for _, tc := range []struct {
		name      string
		in        catalog.AdminInput
		wantStock int32
		wantErr   string // reason of a refusal
	}{
		{name: "loaded figure sent back keeps the orders' stock",
			in: catalog.AdminInput{Name: new("Rose Serum II"), Stock: stock(20), StockWas: stock(20)}, wantStock: 18},
		{name: "a new figure over moved stock is refused",
			in: catalog.AdminInput{Name: new("Rose Serum II"), Stock: stock(30), StockWas: stock(20)}, wantErr: "stock_changed"},
		{name: "a new figure based on today's stock is set",
			in: catalog.AdminInput{Stock: stock(30), StockWas: stock(18)}, wantStock: 30},
		{name: "today's figure without the loaded one changes nothing",
			in: catalog.AdminInput{Name: new("Rose Serum II"), Stock: stock(18)}, wantStock: 18},
		{name: "a figure without the loaded one is set as it is",
			in: catalog.AdminInput{Stock: stock(25)}, wantStock: 25},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			b := newBackOffice(t)
			ctx := context.Background()
			require.NoError(t, db.WithTx(ctx, b.pool, func(tx pgx.Tx) error {
				ok, _, err := catalog.ReserveStock(ctx, tx, b.rose.ID, 2)
				require.True(t, ok)
				return err
			}))
			before := b.state(t)
			p, err := b.admin.Update(ctx, b.ben, b.rose.ID, b.rose.Revision, tc.in)
			if tc.wantErr != "" {
				ae := apperrtest.RequireKind(t, err, apperr.KindConflict, tc.wantErr)
				require.Equal(t, "18", ae.Metadata["current_stock"])
				require.Contains(t, ae.Message, "from 20 to 18")
				require.Equal(t, before, b.state(t), "a refused change changes nothing")
				return
			}
			require.NoError(t, err)
			require.Equal(t, tc.wantStock, p.Stock)
			require.Equal(t, tc.wantStock, b.get(t, b.rose.ID).Stock)
		})
	}
}

// A restore brings a revision's content back, but not its stock: that follows the orders.
func TestRestoreKeepsTodaysStock(t *testing.T) {
	t.Parallel()
	b := newBackOffice(t)
	ctx := context.Background()
	p, err := b.admin.Update(ctx, b.ben, b.rose.ID, 1, catalog.AdminInput{Name: new("Rose Serum II"), Stock: new(int32(7))})
	require.NoError(t, err)
	p, err = b.admin.Restore(ctx, b.ada, p.ID, 1, p.Revision)
	require.NoError(t, err)
	require.Equal(t, "Rose Serum", p.Name)
	require.Equal(t, int32(7), p.Stock)
}
