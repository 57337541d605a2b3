import type { FaqSection } from "~/lib/models/content";
import { Prose } from "./prose";

type Props = {
  sections: FaqSection[];
  /** While searching, matching answers are shown open and section introductions are hidden. */
  searching: boolean;
};

/**
 * The questions grouped by section, each a native disclosure that works without JavaScript.
 * Sections are found by their headings, not as landmarks: a region per topic would crowd the
 * landmarks list and clash with the footer's own "Account" region.
 */
export function FaqSections({ sections, searching }: Props) {
  return (
    <div className="faq-sections">
      {sections.map((s) =>
        s.title ? (
          <section key={s.id} id={s.id} className="faq-section">
            <h2>{s.title}</h2>
            <SectionBody section={s} searching={searching} />
          </section>
        ) : (
          <div key={s.id} id={s.id} className="faq-section">
            <SectionBody section={s} searching={searching} />
          </div>
        ),
      )}
    </div>
  );
}

function SectionBody({ section, searching }: { section: FaqSection; searching: boolean }) {
  return (
    <>
      {!searching && section.introHtml && <Prose html={section.introHtml} />}
      {section.questions.length > 0 && (
        <ul className="faq-questions">
          {section.questions.map((q) => (
            <li key={q.id}>
              <details id={q.id} className="faq-question" open={searching || undefined}>
                <summary>{q.question}</summary>
                <Prose html={q.answerHtml} className="faq-question__answer" />
              </details>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
