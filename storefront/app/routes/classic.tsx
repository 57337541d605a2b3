// Placeholder until the page is built.
export default function ClassicRoute() {
  return <section className="page"><h1>Classic</h1></section>;
}
