// Placeholder until the page is built.
export default function FaqRoute() {
  return <section className="page"><h1>Faq</h1></section>;
}
