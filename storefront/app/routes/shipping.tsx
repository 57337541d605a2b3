// Placeholder until the page is built.
export default function ShippingRoute() {
  return <section className="page"><h1>Shipping</h1></section>;
}
