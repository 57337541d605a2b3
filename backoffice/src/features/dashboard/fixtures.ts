// Dashboards as GET /api/v1/admin/dashboard answers them, for the tests and the stories.
import type { components } from "~/lib/api/schema.gen";

type Dashboard = components["schemas"]["atelier.admin.v1.GetDashboardResponse"];

const gbp = (minor: number) => ({ minor_units: String(minor), currency_code: "GBP" });

/** seriesOf returns `days` calendar days ending on `last`, each with the figures `at` gives it. */
export function seriesOf(
  days: number,
  at: (i: number) => { revenue: number; orders: number } = (i) => ({
    revenue: ((i * 7919) % 23) * 1250,
    orders: (i * 7919) % 23 === 0 ? 0 : 1 + (i % 4),
  }),
  last = "2026-11-27",
): components["schemas"]["atelier.admin.v1.DashboardDay"][] {
  const end = new Date(`${last}T12:00:00Z`).getTime();
  return Array.from({ length: days }, (_, i) => {
    const { revenue, orders } = at(i);
    return {
      date: new Date(end - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10),
      revenue: gbp(revenue),
      order_count: String(orders),
    };
  });
}

/** aDashboard is a shop with sales: figures, a series of `days` days, recent orders, low stock. */
export function aDashboard(days = 30, overrides: Partial<Dashboard> = {}): Dashboard {
  return {
    total_products: "1284",
    total_orders: "3517",
    total_revenue: gbp(12_480_505),
    total_vat: gbp(2_080_084),
    pending_orders: "7",
    period_days: days,
    days: seriesOf(days),
    recent_orders: [
      {
        id: "5f0c1d2e-0000-4000-8000-000000000001",
        number: "AL-7K2M9QXD",
        customer_name: "Grace Hopper",
        email: "grace@example.com",
        total: gbp(18_999),
        status: "ORDER_STATUS_PAID",
        placed_at: "2026-11-27T10:15:00Z",
      },
      {
        id: "5f0c1d2e-0000-4000-8000-000000000002",
        number: "AL-3B8N4RTP",
        customer_name: "Katherine Johnson",
        email: "katherine@example.com",
        total: gbp(5_250),
        status: "ORDER_STATUS_SHIPPED",
        placed_at: "2026-11-26T16:40:00Z",
      },
    ],
    low_stock_products: [
      { id: "9a1b2c3d-0000-4000-8000-000000000001", name: "Linen shirt", sku: "LS-001", stock: 0 },
      { id: "9a1b2c3d-0000-4000-8000-000000000002", name: "Wool scarf", sku: "", stock: 4 },
    ],
    ...overrides,
  };
}

/** anEmptyShop is a shop on its first day: nothing sold, nothing in stock to run out of. */
export function anEmptyShop(days = 30): Dashboard {
  return {
    total_products: "0",
    total_orders: "0",
    total_revenue: gbp(0),
    total_vat: gbp(0),
    pending_orders: "0",
    period_days: days,
    days: seriesOf(days, () => ({ revenue: 0, orders: 0 })),
    recent_orders: [],
    low_stock_products: [],
  };
}
