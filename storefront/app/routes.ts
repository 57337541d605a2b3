import { index, route, type RouteConfig } from "@react-router/dev/routes";

// Every storefront URL. Checkout, payment success and the orders pages are here; the wishlist is
// linked from the header, footer and account page and answers 404 until it arrives.
export default [
  index("routes/home.tsx"),
  route("classic", "routes/classic.tsx"),
  route("shop", "routes/shop.tsx"),
  route("product/:id", "routes/product.tsx"),
  route("cart", "routes/cart.tsx"),
  route("checkout", "routes/checkout.tsx"),
  route("payment-success", "routes/payment-success.tsx"),
  route("orders", "routes/orders.tsx"),
  route("orders/:orderId", "routes/order.tsx"),
  route("shipping", "routes/shipping.tsx"),
  route("about", "routes/about.tsx"),
  route("contact", "routes/contact.tsx"),
  route("privacy", "routes/content-page.tsx", { id: "privacy" }),
  route("terms", "routes/content-page.tsx", { id: "terms" }),
  route("faq", "routes/faq.tsx"),
  route("login", "routes/login.tsx"),
  route("register", "routes/register.tsx"),
  route("forgot-password", "routes/forgot-password.tsx"),
  route("reset-password", "routes/reset-password.tsx"),
  route("account", "routes/account.tsx"),
  route("logout", "routes/logout.tsx"),
  route("status", "routes/status.tsx"),
  ...["test", "diag", "diagnostic", "api-test"].map((path) => route(path, "routes/status-redirect.tsx", { id: `status-${path}` })),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
