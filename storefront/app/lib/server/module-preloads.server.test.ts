// @vitest-environment node
import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { lowPriorityModulePreloads } from "./module-preloads.server";

const head =
  '<head><link rel="modulepreload" href="/assets/entry.client-A1.js" nonce="n"/>' +
  '<link rel="preload" as="image" href="/p.avif"/>' +
  '<link rel="modulepreload" href="/assets/root-B2.js" nonce="n"/></head><body>Crème</body>';
const lowered = head.replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"');

async function through(chunks: Buffer[]): Promise<string> {
  return text(Readable.from(chunks).pipe(lowPriorityModulePreloads()));
}

describe("lowPriorityModulePreloads", () => {
  it("asks for every module preload at low priority and leaves the rest alone", async () => {
    expect(await through([Buffer.from(head)])).toBe(lowered);
  });

  it("finds a tag cut between chunks, wherever the cut falls", async () => {
    const bytes = Buffer.from(head);
    for (let cut = 1; cut < bytes.length; cut++) {
      const out = await through([bytes.subarray(0, cut), bytes.subarray(cut)]);
      expect(out, `cut at ${cut}`).toBe(lowered);
    }
  });

  it("survives a document sent a byte at a time (a character split in two too)", async () => {
    const bytes = Buffer.from(head);
    const chunks = Array.from(bytes, (_b, i) => bytes.subarray(i, i + 1));
    expect(await through(chunks)).toBe(lowered);
  });

  it("holds nothing back when a chunk cannot be the start of a tag", async () => {
    const stream = lowPriorityModulePreloads();
    const seen: string[] = [];
    stream.on("data", (b: Buffer) => seen.push(b.toString()));
    stream.write(Buffer.from('<script>$RC("B:0","S:0")</script>'));
    stream.write(Buffer.from("<div>late <li"));
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen, "a streamed part goes out at once").toEqual([
      '<script>$RC("B:0","S:0")</script>',
      "<div>late ",
    ]);
    stream.end(Buffer.from("nk rel=x></div>"));
    await new Promise((resolve) => stream.on("end", resolve));
    expect(seen.join("")).toBe('<script>$RC("B:0","S:0")</script><div>late <link rel=x></div>');
  });
});
