// What the partner journeys need around the SDK: the shop's admin setting a partner up through
// the admin API (signed in through the back office's door, as the back office itself is), and a
// local HTTP receiver standing in for the partner's webhook endpoint.
//
// Everything made here is named uniquely and removed by the caller's clean-up, so a run against a
// deployment leaves no live key or endpoint behind and touches no one else's.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { type APIRequestContext, expect, request } from "@playwright/test";
import { adminAccount } from "../../stack/target.ts";
import { adminNeedsCode, signInThroughDoor, signOutThroughDoor } from "./admin-sign-in.ts";
import { backofficeOrigin, doorURL } from "./backoffice.ts";

/** A name no other test (or earlier run) uses. */
export function uniqueName(label: string): string {
  return `E2E ${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
}

/**
 * Runs every clean-up step, even when one fails (so a key is revoked though the endpoint could not
 * be deleted), then throws the first failure.
 */
export async function cleanUp(...steps: (() => Promise<unknown>)[]) {
  const failures: unknown[] = [];
  for (const step of steps) {
    try {
      await step();
    } catch (err) {
      failures.push(err);
    }
  }
  if (failures.length > 0) throw failures[0];
}

type ErrorBody = { message?: string; details?: { reason?: string }[] };

/**
 * The shop's admin, signed in through the back office's API door (the session is a cookie the
 * request context keeps), calling the admin REST API as the back office does.
 */
export class ShopAdmin {
  private readonly ctx: APIRequestContext;

  private constructor(ctx: APIRequestContext) {
    this.ctx = ctx;
  }

  /** Signs the admin in, or returns a reason to skip when the account is asked for a code. */
  static async signIn(): Promise<ShopAdmin | string> {
    const ctx = await request.newContext();
    const state = await signInThroughDoor(ctx, adminAccount());
    if (!state) {
      await ctx.dispose();
      return adminNeedsCode;
    }
    return new ShopAdmin(ctx);
  }

  async signOut() {
    await signOutThroughDoor(this.ctx);
    await this.ctx.dispose();
  }

  private async call<T>(method: "GET" | "POST" | "DELETE", path: string, data?: unknown): Promise<T> {
    const res = await this.ctx.fetch(doorURL(path), {
      method,
      ...(data === undefined ? {} : { data }),
      headers: { Origin: backofficeOrigin() },
    });
    const body = (await res.json().catch(() => ({}))) as T & ErrorBody;
    expect(res.ok(), `${method} ${path} as the admin: ${res.status()} ${JSON.stringify(body)}`).toBe(true);
    return body;
  }

  /** Makes a secret key with these scopes; the answer holds the key itself, shown this once. */
  createSecretKey(name: string, scopes: string[]) {
    return this.call<{ api_key: { id: string; prefix: string; scopes: string[] }; secret: string }>(
      "POST",
      "api/v1/admin/api-keys",
      { name, kind: "API_KEY_KIND_SECRET", scopes },
    );
  }

  /** Revokes a key (again: revoking a revoked key is fine). */
  revokeKey(id: string, reason: string) {
    return this.call<{ api_key: { id: string; revoked_at?: string } }>(
      "POST",
      `api/v1/admin/api-keys/${id}:revoke`,
      { reason },
    );
  }

  /** Registers an endpoint; the answer holds its signing secret (whsec_…), shown this once. */
  createWebhookEndpoint(url: string, description: string, eventTypes: string[]) {
    return this.call<{ endpoint: { id: string; url: string; enabled?: boolean }; signing_secret: string }>(
      "POST",
      "api/v1/admin/webhook-endpoints",
      { url, description, event_types: eventTypes },
    );
  }

  /** Removes an endpoint and its delivery log. */
  async deleteWebhookEndpoint(id: string) {
    await this.call<object>("DELETE", `api/v1/admin/webhook-endpoints/${id}`);
  }
}

/** One POST the receiver took: its headers (lower-case names) and its body exactly as sent. */
export type Delivery = { headers: Record<string, string>; rawBody: string };

/**
 * A partner's webhook endpoint on this machine: an HTTP server on 127.0.0.1 and a free port that
 * answers every POST to its path 204 and keeps it. (The suite's stack allows loopback endpoints,
 * WEBHOOK_ALLOW_LOOPBACK; a real endpoint must be HTTPS on a public address.)
 */
export class WebhookReceiver {
  readonly deliveries: Delivery[] = [];
  private readonly server: http.Server;
  /** The address to register. */
  readonly url: string;

  private constructor(server: http.Server, url: string) {
    this.server = server;
    this.url = url;
  }

  static async start(): Promise<WebhookReceiver> {
    const path = `/hooks/${Math.random().toString(36).slice(2, 10)}`;
    let receiver: WebhookReceiver | undefined;
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        if (req.method !== "POST" || req.url !== path) {
          res.writeHead(404).end();
          return;
        }
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(req.headers)) {
          if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : value;
        }
        receiver?.deliveries.push({ headers, rawBody: Buffer.concat(chunks).toString("utf8") });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(0, "127.0.0.1", () => resolve());
    });
    const { port } = server.address() as AddressInfo;
    receiver = new WebhookReceiver(server, `http://127.0.0.1:${port}${path}`);
    return receiver;
  }

  async stop() {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
