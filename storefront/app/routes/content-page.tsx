// Placeholder until the page is built.
export default function ContentPageRoute() {
  return <section className="page"><h1>ContentPage</h1></section>;
}
