// Placeholder until the page is built.
export default function StatusRoute() {
  return <section className="page"><h1>Status</h1></section>;
}
