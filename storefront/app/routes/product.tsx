// Placeholder until the page is built.
export default function ProductRoute() {
  return <section className="page"><h1>Product</h1></section>;
}
