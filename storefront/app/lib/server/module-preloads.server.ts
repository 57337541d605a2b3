// The document's module preloads, fetched at low priority (ADR 015).
//
// React Router's <Scripts> preloads every module the page's routes import — about twenty on a
// catalogue page — and React hoists those links into <head>, so the browser asks for all of them
// at "High" priority beside the page's main picture and fonts. Every page works without
// JavaScript, so the scripts only enhance what is already on screen; they should not compete with
// what paints it. React's own bootstrap-module preloads say `fetchpriority="low"` for this reason;
// React Router's links take no such attribute, so the document stream gets it here.
import { Transform } from "node:stream";

const mark = Buffer.from('<link rel="modulepreload"');
const lowPriority = Buffer.from(' fetchpriority="low"');

/**
 * A stream that passes the document through, adding `fetchpriority="low"` to every
 * `<link rel="modulepreload"` it carries. A tag cut in two between chunks is still found: the
 * chunk's end is held back only when it is the start of one, so streamed parts of the page are
 * never delayed.
 */
export function lowPriorityModulePreloads(): Transform {
  let held: Buffer | undefined;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const data = held ? Buffer.concat([held, chunk]) : chunk;
      held = undefined;
      const parts: Buffer[] = [];
      let from = 0;
      for (let at = data.indexOf(mark); at !== -1; at = data.indexOf(mark, from)) {
        const end = at + mark.length;
        parts.push(data.subarray(from, end), lowPriority);
        from = end;
      }
      const keep = partialMarkAtEnd(data, from);
      if (keep > 0) held = Buffer.from(data.subarray(data.length - keep));
      if (parts.length === 0 && keep === 0) return callback(null, data);
      parts.push(data.subarray(from, data.length - keep));
      callback(null, Buffer.concat(parts));
    },
    flush(callback) {
      callback(null, held);
    },
  });
}

/** How many bytes at the end of data (after from) begin the mark without completing it. */
function partialMarkAtEnd(data: Buffer, from: number): number {
  const lt = 0x3c; // "<"
  for (
    let at = data.indexOf(lt, Math.max(from, data.length - mark.length + 1));
    at !== -1;
    at = data.indexOf(lt, at + 1)
  ) {
    const tail = data.subarray(at);
    if (tail.equals(mark.subarray(0, tail.length))) return tail.length;
  }
  return 0;
}
