import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { PageHeader } from "~/components/ui/page-header";
import { StatCard } from "~/components/ui/stat-card";
import { EmptyState, ErrorState, LoadingState } from "~/components/ui/states";
import { StatusBadge } from "~/components/ui/status-badge";
import { useApi } from "~/lib/api/api-context";
import { unwrap } from "~/lib/api/client";
import type { components } from "~/lib/api/schema.gen";
import { formatCount, formatDateTime, formatDay, formatMinor, formatMoney, minorUnits } from "~/lib/format";
import { useSession } from "~/lib/session";
import { useUrlState } from "~/lib/url-state";
import { BarChart, type ChartPoint } from "./bar-chart";
import "./dashboard-screen.css";

type Dashboard = components["schemas"]["atelier.admin.v1.GetDashboardResponse"];
type DashboardOrder = components["schemas"]["atelier.admin.v1.DashboardOrder"];
type OrderStatus = NonNullable<DashboardOrder["status"]>;

/** The periods the API offers for the series, in days; 30 is its default. */
export const periods = ["7", "30", "90"] as const;
type Period = (typeof periods)[number];
const defaults = { days: "30" };

/** The period as the number the API takes. */
const periodDays = { "7": 7, "30": 30, "90": 90 } as const;

function periodOf(value: string): Period {
  return (periods as readonly string[]).includes(value) ? (value as Period) : "30";
}

/** The dashboard's query key, by period: each period is cached on its own. */
export const dashboardKey = (days: Period) => ["dashboard", days] as const;

const statuses: Record<
  OrderStatus,
  { label: string; tone: "neutral" | "good" | "warning" | "bad" | "info" }
> = {
  ORDER_STATUS_UNSPECIFIED: { label: "Unknown", tone: "neutral" },
  ORDER_STATUS_PENDING_PAYMENT: { label: "Awaiting payment", tone: "neutral" },
  ORDER_STATUS_PAID: { label: "Paid", tone: "info" },
  ORDER_STATUS_PROCESSING: { label: "Processing", tone: "info" },
  ORDER_STATUS_SHIPPED: { label: "Shipped", tone: "good" },
  ORDER_STATUS_DELIVERED: { label: "Delivered", tone: "good" },
  ORDER_STATUS_CANCELLED: { label: "Cancelled", tone: "bad" },
  ORDER_STATUS_REFUNDED: { label: "Refunded", tone: "warning" },
  ORDER_STATUS_PAYMENT_FAILED: { label: "Payment failed", tone: "bad" },
};

const wholePounds = new Intl.NumberFormat("en-GB", {
  style: "currency",
  currency: "GBP",
  maximumFractionDigits: 0,
});

/**
 * DashboardScreen is the back office's home: a welcome, the shop's headline figures, sales per
 * day over 7, 30 or 90 days (the period in the URL) as charts with a table of the same figures,
 * the latest sales, the products running out, and the ways to the usual work.
 */
export function DashboardScreen() {
  const api = useApi();
  const { data: user } = useSession();
  const [state, setState] = useUrlState(defaults);
  const days = periodOf(state.days);
  const query = useQuery({
    queryKey: dashboardKey(days),
    queryFn: () =>
      unwrap(api.GET("/api/v1/admin/dashboard", { params: { query: { period_days: periodDays[days] } } })),
    // Switching the period keeps the previous figures on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });

  return (
    <div className="dashboard">
      <PageHeader
        title={user?.first_name ? `Welcome, ${user.first_name}` : "Welcome"}
        description="The shop at a glance."
      />
      {query.isPending ? (
        <LoadingState label="Loading the dashboard..." />
      ) : query.isError && !query.data ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <DashboardBody
          data={query.data}
          days={days}
          refreshing={query.isPlaceholderData}
          onPeriod={(next) => setState({ days: next })}
        />
      )}
      <QuickLinks />
    </div>
  );
}

function DashboardBody({
  data,
  days,
  refreshing,
  onPeriod,
}: {
  data: Dashboard;
  days: Period;
  refreshing: boolean;
  onPeriod: (days: Period) => void;
}) {
  return (
    <>
      <section aria-label="Totals" className="dashboard__cards">
        <StatCard label="Total products" value={formatCount(data.total_products)} note="Not archived" />
        <StatCard label="Total orders" value={formatCount(data.total_orders)} note="Paid since opening" />
        <StatCard
          label="Total revenue"
          value={formatMoney(data.total_revenue)}
          note={`Incl. ${formatMoney(data.total_vat)} VAT, net of refunds`}
        />
        <StatCard
          label="Pending orders"
          value={formatCount(data.pending_orders)}
          note="Paid, not yet shipped"
        />
      </section>
      <Sales days={data.days ?? []} period={days} refreshing={refreshing} onPeriod={onPeriod} />
      <div className="dashboard__lists">
        <RecentOrders orders={data.recent_orders ?? []} />
        <LowStock products={data.low_stock_products ?? []} />
      </div>
    </>
  );
}

function Sales({
  days,
  period,
  refreshing,
  onPeriod,
}: {
  days: components["schemas"]["atelier.admin.v1.DashboardDay"][];
  period: Period;
  refreshing: boolean;
  onPeriod: (days: Period) => void;
}) {
  const revenue: ChartPoint[] = days.map((d) => ({
    day: d.date ?? "",
    value: minorUnits(d.revenue),
    label: formatMoney(d.revenue),
  }));
  const orders: ChartPoint[] = days.map((d) => {
    const n = Number(d.order_count ?? 0);
    return { day: d.date ?? "", value: n, label: n === 1 ? "1 order" : `${formatCount(n)} orders` };
  });
  const totalRevenue = revenue.reduce((sum, p) => sum + p.value, 0);
  const totalOrders = orders.reduce((sum, p) => sum + p.value, 0);
  const span = `the last ${period} days`;
  return (
    <section
      className="panel dashboard__sales"
      aria-labelledby="sales-title"
      aria-busy={refreshing || undefined}
    >
      <div className="dashboard__sales-head">
        <h2 id="sales-title">Sales</h2>
        <fieldset className="period-switch">
          <legend className="visually-hidden">Period</legend>
          {periods.map((p) => (
            <button
              key={p}
              type="button"
              className="period-switch__option"
              aria-pressed={p === period}
              onClick={() => onPeriod(p)}
            >
              {p} days
            </button>
          ))}
        </fieldset>
      </div>
      {totalOrders === 0 && totalRevenue === 0 ? (
        <EmptyState>No sales in {span}.</EmptyState>
      ) : (
        <>
          <div className="dashboard__charts">
            <figure>
              <figcaption>Revenue per day</figcaption>
              <BarChart
                points={revenue}
                summary={chartSummary(`Revenue per day over ${span}`, revenue, formatMinor(totalRevenue))}
                formatAxis={(v) => wholePounds.format(v / 100)}
                formatDay={formatDay}
              />
            </figure>
            <figure>
              <figcaption>Orders per day</figcaption>
              <BarChart
                points={orders}
                summary={chartSummary(`Orders per day over ${span}`, orders, formatCount(totalOrders))}
                formatAxis={(v) => (Number.isInteger(v) ? formatCount(v) : "")}
                formatDay={formatDay}
              />
            </figure>
          </div>
          <details className="dashboard__figures">
            <summary>Show the figures as a table</summary>
            <table>
              <caption>Revenue and orders per day, {span}</caption>
              <thead>
                <tr>
                  <th scope="col">Day</th>
                  <th scope="col">Orders</th>
                  <th scope="col">Revenue</th>
                </tr>
              </thead>
              <tbody>
                {days.map((d) => (
                  <tr key={d.date}>
                    <th scope="row">{d.date ? formatDay(d.date) : ""}</th>
                    <td>{formatCount(d.order_count)}</td>
                    <td>{formatMoney(d.revenue)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">Total</th>
                  <td>{formatCount(totalOrders)}</td>
                  <td>{formatMinor(totalRevenue)}</td>
                </tr>
              </tfoot>
            </table>
          </details>
        </>
      )}
    </section>
  );
}

/** chartSummary says in words what a chart shows: its total and its highest day. */
function chartSummary(title: string, points: ChartPoint[], total: string): string {
  const best = points.reduce<ChartPoint | undefined>((b, p) => (!b || p.value > b.value ? p : b), undefined);
  if (!best || best.value === 0) return `${title}: none.`;
  return `${title}: ${total} in total; the highest day was ${formatDay(best.day)} with ${best.label}.`;
}

function RecentOrders({ orders }: { orders: DashboardOrder[] }) {
  return (
    <section className="panel" aria-labelledby="recent-title">
      <h2 id="recent-title">Recent orders</h2>
      {orders.length === 0 ? (
        <EmptyState>No sales yet.</EmptyState>
      ) : (
        <div className="dashboard__table">
          <table>
            <caption className="visually-hidden">The latest sales, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Customer</th>
                <th scope="col">Total</th>
                <th scope="col">Status</th>
                <th scope="col">Date</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((o) => {
                const status = statuses[o.status ?? "ORDER_STATUS_UNSPECIFIED"];
                return (
                  <tr key={o.id}>
                    <td>
                      <Link to={`/orders/${o.id}`}>{o.number}</Link>
                    </td>
                    <td className="dashboard__wrap">{o.customer_name || o.email}</td>
                    <td>{formatMoney(o.total)}</td>
                    <td>
                      <StatusBadge tone={status.tone}>{status.label}</StatusBadge>
                    </td>
                    <td>{formatDateTime(o.placed_at)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <p className="dashboard__more">
        <Link to="/orders">All orders</Link>
      </p>
    </section>
  );
}

function LowStock({
  products,
}: {
  products: components["schemas"]["atelier.admin.v1.DashboardLowStockProduct"][];
}) {
  return (
    <section className="panel" aria-labelledby="low-stock-title">
      <h2 id="low-stock-title">Low stock</h2>
      {products.length === 0 ? (
        <EmptyState>Every product has 10 or more in stock.</EmptyState>
      ) : (
        <ul className="low-stock">
          {products.map((p) => (
            <li key={p.id}>
              <span className="low-stock__name">
                <Link to={`/products/${p.id}`}>{p.name}</Link>
                {p.sku ? <span className="low-stock__sku">{p.sku}</span> : null}
              </span>
              {p.stock ? (
                <StatusBadge tone="warning">{`${formatCount(p.stock)} left`}</StatusBadge>
              ) : (
                <StatusBadge tone="bad">Out of stock</StatusBadge>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const quickLinks = [
  { to: "/products", label: "Products" },
  { to: "/orders", label: "Orders" },
  { to: "/products/new", label: "New product" },
  { to: "/pages", label: "Page contents" },
  { to: "/settings", label: "Settings" },
];

function QuickLinks() {
  return (
    <nav className="panel dashboard__quick" aria-label="Quick links">
      <h2>Quick links</h2>
      <ul>
        {quickLinks.map((l) => (
          <li key={l.to}>
            <Link to={l.to}>{l.label}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
