// Placeholder until the page is built.
export default function HomeRoute() {
  return <section className="page"><h1>Home</h1></section>;
}
