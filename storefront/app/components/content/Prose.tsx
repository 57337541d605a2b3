/**
 * HTML written in the back office. The API sanitises it on save and on read (headings,
 * paragraphs, lists, links and emphasis only), which is what makes inserting it safe.
 */
export function Prose({ html, className = "" }: { html: string; className?: string }) {
  return <div className={`prose ${className}`.trim()} dangerouslySetInnerHTML={{ __html: html }} />;
}
