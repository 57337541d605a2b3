import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type DragEvent, useId, useRef, useState } from "react";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { useToast } from "~/components/ui/toast";
import { ApiError } from "~/lib/api/errors";
import {
  acceptedTypes,
  formatBytes,
  largeFileBytes,
  productKey,
  refusalHint,
  type Uploader,
} from "./image-api";

type UploadItem = {
  key: string;
  file: File;
  loaded: number;
  total: number;
  status: "queued" | "uploading" | "uploaded" | "refused";
  /** The API's warning about an accepted file (reason large_file). */
  warning?: string | undefined;
  refusal?: { message: string; hint: string | undefined } | undefined;
};

/**
 * ImageUploads takes several files at once, from the file picker or dropped on its zone, and
 * sends them one after the other (so the images join the product in the order chosen), each
 * with a progress bar, the 2 MB warning and its own refusal.
 */
export function ImageUploads({ productId, upload }: { productId: string; upload: Uploader }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [items, setItems] = useState<UploadItem[]>([]);
  const [over, setOver] = useState(false);
  const seq = useRef(0);
  const titleId = useId();
  const hintId = useId();
  // Through a mutation, so that a 401 ends the session as for every other call.
  const send = useMutation({ mutationFn: upload });

  function update(key: string, change: Partial<UploadItem>) {
    setItems((all) => all.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }

  async function start(files: File[]) {
    if (files.length === 0) return;
    const batch: UploadItem[] = files.map((file) => ({
      key: `upload-${++seq.current}`,
      file,
      loaded: 0,
      total: file.size,
      status: "queued",
    }));
    setItems((all) => [...all, ...batch]);
    let uploaded = 0;
    for (const item of batch) {
      update(item.key, { status: "uploading" });
      try {
        const answer = await send.mutateAsync({
          productId,
          file: item.file,
          onProgress: (loaded, total) => update(item.key, { loaded, total }),
        });
        uploaded++;
        update(item.key, {
          status: "uploaded",
          loaded: item.file.size,
          warning: answer.warnings?.find((w) => w.reason === "large_file")?.message,
        });
        void queryClient.invalidateQueries({ queryKey: productKey(productId) });
      } catch (err) {
        const message = err instanceof Error ? err.message : "The upload failed.";
        const hint = err instanceof ApiError ? refusalHint(err.reason) : undefined;
        update(item.key, { status: "refused", refusal: { message, hint } });
      }
    }
    const refused = batch.length - uploaded;
    if (refused === 0) {
      toast(batch.length === 1 ? "Image uploaded: processing." : `${uploaded} images uploaded: processing.`);
    } else {
      toast(`${uploaded} of ${batch.length} images uploaded; ${refused} refused.`, "error");
    }
  }

  function onDrop(e: DragEvent<HTMLElement>) {
    e.preventDefault();
    setOver(false);
    void start(Array.from(e.dataTransfer.files));
  }

  const finished = items.filter((i) => i.status === "uploaded" || i.status === "refused");

  return (
    <div className="image-uploads">
      {/* biome-ignore lint/a11y/noNoninteractiveElementInteractions: dropping files is a pointer shortcut; the file input inside is the keyboard way */}
      <section
        className={over ? "image-drop image-drop--over" : "image-drop"}
        aria-labelledby={titleId}
        aria-describedby={hintId}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <p className="image-drop__title" id={titleId}>
          Drop images here
        </p>
        <p className="image-drop__hint" id={hintId}>
          JPEG, PNG, WebP or AVIF, up to 20 MB and 50 megapixels each. Files over 2 MB are accepted with a
          warning.
        </p>
        <label className="button button--secondary image-drop__choose">
          Choose images
          <input
            type="file"
            className="visually-hidden"
            multiple
            accept={acceptedTypes}
            onChange={(e) => {
              const files = Array.from(e.currentTarget.files ?? []);
              e.currentTarget.value = "";
              void start(files);
            }}
          />
        </label>
      </section>
      {items.length > 0 ? (
        <section className="image-uploads__list" aria-label="Uploads">
          <ul>
            {items.map((item) => (
              <UploadRow key={item.key} item={item} />
            ))}
          </ul>
          {finished.length > 0 ? (
            <Button
              variant="quiet"
              onClick={() =>
                setItems((all) => all.filter((i) => i.status === "queued" || i.status === "uploading"))
              }
            >
              Clear finished uploads
            </Button>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}

function UploadRow({ item }: { item: UploadItem }) {
  const id = useId();
  const { file } = item;
  const percent = item.total > 0 ? Math.round((item.loaded / item.total) * 100) : 0;
  const state = {
    queued: "Waiting",
    uploading: `Uploading, ${percent}%`,
    // What happens next (processing, then ready) shows on the image itself, below.
    uploaded: "Uploaded",
    refused: "Refused",
  }[item.status];
  const large = file.size > largeFileBytes;
  return (
    <li className={`upload upload--${item.status}`}>
      <div className="upload__line">
        <label htmlFor={id} className="upload__name">
          {file.name} <span className="upload__size">({formatBytes(file.size)})</span>
        </label>
        <span className="upload__state">{state}</span>
      </div>
      {item.status === "refused" ? null : (
        <progress id={id} max={item.total || 1} value={item.loaded}>
          {percent}%
        </progress>
      )}
      {item.status === "refused" && item.refusal ? (
        <Alert title={`${file.name} was not uploaded`}>
          <p>{item.refusal.message}</p>
          {item.refusal.hint ? <p>{item.refusal.hint}</p> : null}
        </Alert>
      ) : item.warning ? (
        <Alert tone="warning">{item.warning}</Alert>
      ) : large ? (
        <Alert tone="warning">
          This file is over 2 MB ({formatBytes(file.size)}). It will be accepted, but a smaller original
          uploads faster.
        </Alert>
      ) : null}
    </li>
  );
}
