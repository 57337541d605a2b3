// Placeholder until the page is built.
export default function CartRoute() {
  return <section className="page"><h1>Cart</h1></section>;
}
