// Reads the built stylesheets the document puts inline (components/layout/route-styles.tsx).
import { readFileSync } from "node:fs";
import path from "node:path";

/** Only the build's own hashed stylesheets: a name from the manifest, never a path from a request. */
const builtStylesheet = /^\/assets\/[\w.-]+\.css$/;

/**
 * A reader over the client build's assets in `clientDir` (build/client). Each file is read once
 * and kept (the build's stylesheets are few and fixed until the next deploy); a file it cannot
 * read, or one whose text could end the <style> element early, is linked instead.
 */
export function stylesheetReader(clientDir: string): (href: string) => string | undefined {
  const texts = new Map<string, string | undefined>();
  return (href) => {
    if (texts.has(href)) return texts.get(href);
    let text: string | undefined;
    if (builtStylesheet.test(href)) {
      try {
        text = readFileSync(path.join(clientDir, href), "utf8");
      } catch {
        text = undefined;
      }
      if (text !== undefined && /<\/style/i.test(text)) text = undefined;
    }
    texts.set(href, text);
    return text;
  };
}
