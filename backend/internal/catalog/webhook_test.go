package catalog_test

import (
	"cmp"
	"context"
	"errors"
	"testing"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/apperr/apperrtest"
	"github.com/atelier-commerce/atelier/backend/internal/catalog"
	"github.com/atelier-commerce/atelier/backend/internal/db"
	"github.com/atelier-commerce/atelier/backend/internal/webhook/event"
	"github.com/atelier-commerce/atelier/backend/internal/webhook/event/eventtest"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"
)

type productEvent = eventtest.Event[catalog.EventProduct]

// productEvents are the events about product id, oldest first. Events written in one transaction
// share its time (and often their millisecond): among them a stock.low comes after the update that
// caused it, as a receiver may get them in either order.
func productEvents(t *testing.T, pool *pgxpool.Pool, id string) []productEvent {
	t.Helper()
	return eventtest.Outbox(t, pool, id, func(a, b productEvent) int {
		return cmp.Compare(stockLowLast(a), stockLowLast(b))
	})
}

func stockLowLast(e productEvent) int {
	if e.Type == "stock.low" {
		return 1
	}
	return 0
}

// Every admin change of a product announces itself in its own transaction; a refused one does not.
// Stock going below the low-stock line is announced once per crossing, by an admin's edit or by
// an order's reservation.
func TestProductWebhookEvents(t *testing.T) {
	t.Parallel()
	b := newBackOffice(t)
	ctx := context.Background()
	evs := productEvents(t, b.pool, b.rose.ID)
	require.Equal(t, []string{"product.created"}, eventtest.Types(evs))
	require.Equal(t, "RS-1", evs[0].Data.SKU)
	require.Equal(t, &event.Money{Amount: 4500, Currency: "GBP"}, evs[0].Data.Price)
	require.Equal(t, int32(20), evs[0].Data.Stock)
	require.Equal(t, "in_stock", evs[0].Data.StockStatus)

	_, err := b.admin.Update(ctx, b.ada, b.rose.ID, b.rose.Revision+1, catalog.AdminInput{Name: new("Stale")})
	apperrtest.RequireKind(t, err, apperr.KindConflict, "stale_revision")
	require.Len(t, productEvents(t, b.pool, b.rose.ID), 1, "a refused change announces nothing")

	p, err := b.admin.Update(ctx, b.ada, b.rose.ID, b.rose.Revision, catalog.AdminInput{Stock: new(int32(12))})
	require.NoError(t, err)
	require.Equal(t, []string{"product.created", "product.updated"}, eventtest.Types(productEvents(t, b.pool, b.rose.ID)))
	p, err = b.admin.Update(ctx, b.ada, b.rose.ID, p.Revision, catalog.AdminInput{Stock: new(int32(9))})
	require.NoError(t, err)
	evs = productEvents(t, b.pool, b.rose.ID)
	require.Equal(t, []string{"product.created", "product.updated", "product.updated", "stock.low"}, eventtest.Types(evs))
	require.Equal(t, "low_stock", evs[3].Data.StockStatus)
	require.Equal(t, int32(9), evs[3].Data.Stock)

	_, err = b.admin.Archive(ctx, b.ada, b.rose.ID, p.Revision)
	require.NoError(t, err)
	evs = productEvents(t, b.pool, b.rose.ID)
	require.Equal(t, "product.archived", evs[len(evs)-1].Type)
	require.True(t, evs[len(evs)-1].Data.Archived)

	// Each is what the API document (and so the SDKs' types) says a product event is.
	for _, e := range evs {
		eventtest.RequireDocumented(t, "atelier.webhooks.v1.ProductEvent", e.Raw)
	}
}

func TestReservingStockAnnouncesLowStockOnce(t *testing.T) {
	t.Parallel()
	b := newBackOffice(t)
	ctx := context.Background()
	reserve := func(qty int32) {
		t.Helper()
		require.NoError(t, db.WithTx(ctx, b.pool, func(tx pgx.Tx) error {
			ok, _, err := catalog.ReserveStock(ctx, tx, b.rose.ID, qty)
			require.True(t, ok)
			return err
		}))
	}
	reserve(10) // 20 → 10: still in stock
	require.Equal(t, []string{"product.created"}, eventtest.Types(productEvents(t, b.pool, b.rose.ID)))
	reserve(1) // 10 → 9: low
	reserve(1) // 9 → 8: already low
	evs := productEvents(t, b.pool, b.rose.ID)
	require.Equal(t, []string{"product.created", "stock.low"}, eventtest.Types(evs))
	require.Equal(t, int32(9), evs[1].Data.Stock)

	// Back above the line, then a reservation that crosses it but rolls back: nothing announced.
	require.NoError(t, db.WithTx(ctx, b.pool, func(tx pgx.Tx) error { return catalog.ReleaseStock(ctx, tx, b.rose.ID, 12) }))
	boom := errors.New("checkout failed later in its transaction")
	err := db.WithTx(ctx, b.pool, func(tx pgx.Tx) error {
		if _, _, err := catalog.ReserveStock(ctx, tx, b.rose.ID, 15); err != nil {
			return err
		}
		return boom
	})
	require.ErrorIs(t, err, boom)
	require.Len(t, productEvents(t, b.pool, b.rose.ID), 2)
}
