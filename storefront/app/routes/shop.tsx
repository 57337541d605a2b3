// Placeholder until the page is built.
export default function ShopRoute() {
  return <section className="page"><h1>Shop</h1></section>;
}
