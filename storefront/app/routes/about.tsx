// Placeholder until the page is built.
export default function AboutRoute() {
  return <section className="page"><h1>About</h1></section>;
}
