/**
 * HTML written in the back office. The API sanitises it on save and on read (headings,
 * paragraphs, lists, links and emphasis only), which is what makes inserting it safe.
 */
export function Prose({ html, className = "" }: { html: string; className?: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the API sanitises this HTML on save and on read (see above).
  return <div className={`prose ${className}`.trim()} dangerouslySetInnerHTML={{ __html: html }} />;
}
