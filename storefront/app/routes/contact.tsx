// Placeholder until the page is built.
export default function ContactRoute() {
  return <section className="page"><h1>Contact</h1></section>;
}
