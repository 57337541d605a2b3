import { Link } from "react-router";

/** The way from the FAQ to a person. */
export function StillHaveQuestions() {
  return (
    <aside className="info-contact" aria-labelledby="faq-contact">
      <h2 id="faq-contact">Still have questions?</h2>
      <p>
        Our client care team is here Monday to Friday 9am–6pm and Saturday 10am–4pm GMT, and will be glad to
        help.
      </p>
      <p className="info-contact__actions">
        <Link className="button button--primary" to="/contact">
          Contact Us
        </Link>
      </p>
    </aside>
  );
}
