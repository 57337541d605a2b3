import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "~/lib/api/errors";
import { imageState, readProduct, thumbnailOf, xhrUpload } from "./image-api";
import { image, productId } from "./test-fixtures";

/** The least of XMLHttpRequest that xhrUpload uses, recording what it was asked to send. */
class FakeXhr {
  static last: FakeXhr | undefined;
  method = "";
  url = "";
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = "";
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } =
    {
      onprogress: null,
    };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("xhrUpload", () => {
  it("sends the file's bytes with its type through the API door and reports progress", async () => {
    vi.stubGlobal("XMLHttpRequest", FakeXhr);
    const file = new File(["bytes"], "jar.png", { type: "image/png" });
    const progress: number[] = [];
    const done = xhrUpload({ productId, file, onProgress: (loaded) => progress.push(loaded) });
    const xhr = FakeXhr.last as FakeXhr;
    expect(xhr.method).toBe("POST");
    expect(xhr.url).toBe(`/admin/api/api/v1/admin/products/${productId}/images`);
    expect(xhr.headers["Content-Type"]).toBe("image/png");
    expect(xhr.body).toBe(file);
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 3, total: 5 });
    xhr.answer(200, { warnings: [{ reason: "large_file", message: "Large." }] });
    await expect(done).resolves.toEqual({ warnings: [{ reason: "large_file", message: "Large." }] });
    expect(progress).toEqual([3, 5]);
  });

  it("turns a refusal into an ApiError with its reason, and sends a typeless file as bytes", async () => {
    vi.stubGlobal("XMLHttpRequest", FakeXhr);
    const done = xhrUpload({ productId, file: new File(["x"], "mystery"), onProgress: () => {} });
    const xhr = FakeXhr.last as FakeXhr;
    expect(xhr.headers["Content-Type"]).toBe("application/octet-stream");
    xhr.answer(400, {
      code: 3,
      message: "This file is not an image we accept.",
      details: [{ "@type": "type.googleapis.com/google.rpc.ErrorInfo", reason: "unsupported_image_type" }],
    });
    const err = await done.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 400, reason: "unsupported_image_type" });
  });
});

describe("readProduct", () => {
  it("reads the admin fields, and the zero values proto3 JSON leaves out", () => {
    const p = readProduct({ id: productId, revision: "3", images: [{ id: "x", variants: [] }] });
    expect(p.revision).toBe("3");
    expect(p.images[0]).toMatchObject({ id: "x", alt: "", primary: false, size_bytes: 0 });
    expect(p.images[0] && imageState(p.images[0])).toBe("processing");
  });

  it("picks the narrowest rendition for the thumbnail, WebP first", () => {
    const [img] = readProduct({ images: [image("a")] }).images;
    expect(img && thumbnailOf(img)).toMatchObject({ width: 400, content_type: "image/webp" });
  });
});
