// The whole shop on throw-away data, for the Playwright suite and the Lighthouse script: the API
// (`atelier dev`: its own PostgreSQL cluster in a temporary DATA_DIR, migrated and seeded with
// the demo catalogue and the demo accounts, plus a mail catcher whose JSON API the specs read)
// the storefront's production build served by its own server (storefront/server.js), and the
// back office's build (Vite, in ../backoffice), which the API serves under /admin/ (BACKOFFICE_DIR).
//
// Everything started here is stopped by stop(), which is also what runs when starting fails half
// way: the storefront gets SIGTERM, the API SIGINT (so it shuts its PostgreSQL cluster down), a
// PostgreSQL server left behind by a crashed API is stopped by its pid, and the temporary folder
// is removed. A last-resort hook on process exit does the same synchronously.
import { type ChildProcess, spawn } from "node:child_process";
import {
  cpSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  type WriteStream,
} from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
export const e2eDir = path.resolve(here, "..");
const repoDir = path.resolve(e2eDir, "..");
const backendDir = path.join(repoDir, "backend");
const storefrontDir = path.join(repoDir, "storefront");
const backofficeDir = path.join(repoDir, "backoffice");
/** Where the servers' output goes (git-ignored); printed when something fails. */
const logDir = path.join(e2eDir, "logs");

/** Node 24 from tools/ first, as the justfile does, so the storefront never runs on an old Node. */
const toolsNodeBin = path.join(repoDir, "tools", "node_modules", "node", "bin");

type Ports = { api: number; web: number; mail: number; smtp: number };

/**
 * Fixed high ports (well away from the dev servers on 8080 and 3000–3104); override with
 * E2E_API_PORT / E2E_WEB_PORT / E2E_MAIL_PORT (the mail catcher's HTTP API) / E2E_SMTP_PORT.
 */
function stackPorts(): Ports {
  return {
    api: Number(process.env.E2E_API_PORT || 18080),
    web: Number(process.env.E2E_WEB_PORT || 13000),
    mail: Number(process.env.E2E_MAIL_PORT || 18025),
    smtp: Number(process.env.E2E_SMTP_PORT || 11025),
  };
}

export function stackURLs(ports: Ports = stackPorts()) {
  const apiURL = `http://127.0.0.1:${ports.api}`;
  return {
    apiURL,
    baseURL: `http://127.0.0.1:${ports.web}`,
    /** The back office, which the API serves under /admin/ on its own origin. */
    backofficeURL: `${apiURL}/admin/`,
    /** The dev mail catcher's HTTP API (GET /api/messages). */
    mailURL: `http://127.0.0.1:${ports.mail}`,
  };
}

export type Stack = {
  apiURL: string;
  baseURL: string;
  backofficeURL: string;
  mailURL: string;
  stop: () => Promise<void>;
};

type Proc = {
  name: string;
  child: ChildProcess;
  log?: WriteStream;
  exited: Promise<number | null>;
  group?: boolean;
};

const log = (msg: string) => console.log(`[stack] ${msg}`);

/**
 * Builds and starts the API and the storefront. Resolves once both answer; on any failure
 * everything already started is stopped again before the error is rethrown.
 */
export async function startStack(): Promise<Stack> {
  const ports = stackPorts();
  const { apiURL, baseURL, backofficeURL, mailURL } = stackURLs(ports);
  const started = Date.now();
  mkdirSync(logDir, { recursive: true });

  await Promise.all([
    assertPortFree(ports.api),
    assertPortFree(ports.web),
    assertPortFree(ports.mail),
    assertPortFree(ports.smtp),
  ]);

  const tmp = mkdtempSync(path.join(os.tmpdir(), "atelier-e2e-"));
  const dataDir = path.join(tmp, "data");
  const procs: Proc[] = [];
  const builds = new Set<ChildProcess>();
  let stopped = false;

  const stop = async () => {
    if (stopped) return;
    stopped = true;
    process.removeListener("exit", lastResort);
    // A build still running when the other one failed.
    await Promise.all(
      [...builds].map((child) =>
        terminate({ name: "build", child, exited: exitOf(child), group: true }, "SIGTERM", 5_000),
      ),
    );
    const [api, web] = [procs.find((p) => p.name === "api"), procs.find((p) => p.name === "storefront")];
    if (web) await terminate(web, "SIGTERM", 5_000);
    if (api) await terminate(api, "SIGINT", 30_000);
    await stopOrphanedPostgres(dataDir);
    for (const p of procs) p.log?.end();
    rmSync(tmp, { recursive: true, force: true });
    log(`stopped; removed ${tmp}`);
  };

  // If the runner dies without calling stop() (an uncaught error, process.exit), do what can be
  // done synchronously: kill the servers, stop PostgreSQL, remove the folder.
  const lastResort = () => {
    if (stopped) return;
    for (const child of builds)
      kill({ name: "build", child, exited: Promise.resolve(null), group: true }, "SIGKILL");
    for (const p of procs) kill(p, "SIGKILL");
    const pid = postmasterPid(dataDir);
    if (pid) signal(pid, "SIGQUIT");
    rmSync(tmp, { recursive: true, force: true });
  };
  process.on("exit", lastResort);

  try {
    log(`temporary folder ${tmp}`);
    const apiBin = path.join(tmp, "atelier");
    // Built straight into the temporary folder: a rebuild in the working tree while the suite
    // runs cannot swap the files the API serves.
    const backofficeBuild = path.join(tmp, "backoffice");
    await Promise.all([
      run(
        "go",
        ["build", "-tags", "nodynamic", "-o", apiBin, "./cmd/atelier"],
        backendDir,
        "go build",
        builds,
      ),
      run(npmBin(), ["run", "build"], storefrontDir, "storefront build", builds),
      run(
        path.join(backofficeDir, "node_modules", ".bin", "vite"),
        ["build", "--outDir", backofficeBuild, "--emptyOutDir", "--logLevel", "warn"],
        backofficeDir,
        "backoffice build",
        builds,
      ),
    ]);
    log(`built the API, the storefront and the back office in ${seconds(started)}`);

    const api = startProcess("api", apiBin, ["dev"], backendDir, {
      DATA_DIR: dataDir,
      API_ADDR: `127.0.0.1:${ports.api}`,
      PUBLIC_URL: apiURL,
      // The back office's single-page app, served under /admin/.
      BACKOFFICE_DIR: backofficeBuild,
      // Links in e-mails (password reset) lead to the storefront.
      STOREFRONT_URL: baseURL,
      MAIL_CATCHER_ADDR: `127.0.0.1:${ports.mail}`,
      MAIL_CATCHER_SMTP_ADDR: `127.0.0.1:${ports.smtp}`,
      // The storefront calls the API from this machine on the shoppers' behalf.
      TRUSTED_PROXIES: "127.0.0.1/32,::1/128",
      // The partner journeys receive webhooks on a local receiver (test only: loopback is refused
      // in production).
      WEBHOOK_ALLOW_LOOPBACK: "true",
      // Every spec's shopper signs up from this one machine's address; the production limit (10
      // an hour) would refuse the suite's later sign-ups.
      REGISTRATIONS_PER_IP_PER_HOUR: "200",
      // Likewise every spec's carts, unpaid orders, contact messages and newsletter sign-ups (the
      // production limits are in the README's configuration table).
      CARTS_PER_IP_PER_HOUR: "10000",
      UNPAID_ORDERS_PER_IP: "10000",
      RESERVED_UNITS_PER_IP: "100000",
      UNPAID_ORDERS_PER_EMAIL: "10000",
      RESERVED_UNITS_PER_EMAIL: "100000",
      CONTACT_MESSAGES_PER_IP_PER_HOUR: "1000",
      CONTACT_MESSAGES_PER_EMAIL_PER_HOUR: "1000",
      NEWSLETTER_SIGNUPS_PER_IP_PER_HOUR: "1000",
      NEWSLETTER_SIGNUPS_PER_EMAIL_PER_HOUR: "1000",
      LOG_LEVEL: "warn",
    });
    procs.push(api);

    // A snapshot of the build, served from the temporary folder: a rebuild in the working tree
    // while the suite runs cannot pull the client assets out from under the running server.
    const webDir = path.join(tmp, "storefront");
    snapshotStorefront(webDir);

    // The first seed draws every product image and encodes each as AVIF, WebP and JPEG (about
    // 1.5 minutes on a quiet 2-core machine): allow five on a slow or busy one.
    await waitFor(`${apiURL}/api/ready`, api, 300_000, (status) => status === 200);
    log(`API ready at ${apiURL} after ${seconds(started)}`);

    const web = startProcess("storefront", process.execPath, ["server.js"], webDir, {
      PORT: String(ports.web),
      HOST: "127.0.0.1",
      API_URL: apiURL,
      // Required in production: the origin canonical links, the sitemap and the form-origin
      // check use (never the request's Host).
      STOREFRONT_URL: baseURL,
      // The admins' Admin and Edit Content links (the storefront adds /pages?edit=… itself).
      BACKOFFICE_URL: backofficeURL.replace(/\/$/, ""),
      NODE_ENV: "production",
    });
    procs.push(web);
    await waitFor(`${baseURL}/robots.txt`, web, 60_000, (status) => status < 500);
    log(`storefront ready at ${baseURL} after ${seconds(started)}`);
  } catch (err) {
    for (const p of procs) {
      log(
        `--- last lines of ${p.name} (${path.join(logDir, `${p.name}.log`)}) ---\n${tail(path.join(logDir, `${p.name}.log`))}`,
      );
    }
    await stop();
    throw err;
  }
  return { apiURL, baseURL, backofficeURL, mailURL, stop };
}

function npmBin(): string {
  const local = path.join(toolsNodeBin, "npm");
  return existsSync(local) ? local : "npm";
}

function childEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const pathVar = existsSync(toolsNodeBin)
    ? `${toolsNodeBin}${path.delimiter}${process.env.PATH ?? ""}`
    : process.env.PATH;
  return { ...process.env, PATH: pathVar, ...extra };
}

/** Runs a build step to completion; its output goes to logs/<label>.log and is shown on failure. */
function run(
  cmd: string,
  args: string[],
  cwd: string,
  label: string,
  running: Set<ChildProcess>,
): Promise<void> {
  const file = path.join(logDir, `${label.replace(/\W+/g, "-")}.log`);
  const out = createWriteStream(file);
  return new Promise((resolve, reject) => {
    // Its own process group, so that stopping it also stops what npm started.
    const child = spawn(cmd, args, {
      cwd,
      env: childEnv({ NO_COLOR: "1", FORCE_COLOR: "0" }),
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    running.add(child);
    child.on("exit", () => running.delete(child));
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
    child.on("error", (err) => reject(new Error(`${label}: ${err.message}`)));
    child.on("close", (code) => {
      out.end(() => {
        if (code === 0) resolve();
        else reject(new Error(`${label} failed (exit ${code}):\n${tail(file, 40)}`));
      });
    });
  });
}

function startProcess(
  name: string,
  cmd: string,
  args: string[],
  cwd: string,
  env: Record<string, string>,
): Proc {
  const logStream = createWriteStream(path.join(logDir, `${name}.log`));
  const child = spawn(cmd, args, { cwd, env: childEnv(env), stdio: ["ignore", "pipe", "pipe"] });
  child.stdout!.pipe(logStream, { end: false });
  child.stderr!.pipe(logStream, { end: false });
  return { name, child, log: logStream, exited: exitOf(child) };
}

function exitOf(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    child.on("exit", (code) => resolve(code));
    child.on("error", () => resolve(-1));
  });
}

function snapshotStorefront(dir: string) {
  const build = path.join(storefrontDir, "build");
  if (!existsSync(path.join(build, "server", "index.js"))) {
    throw new Error(`no storefront build at ${build}: run npm run build in storefront/`);
  }
  mkdirSync(dir, { recursive: true });
  cpSync(build, path.join(dir, "build"), { recursive: true });
  const pub = path.join(storefrontDir, "public");
  if (existsSync(pub)) cpSync(pub, path.join(dir, "public"), { recursive: true });
  cpSync(path.join(storefrontDir, "package.json"), path.join(dir, "package.json"));
  cpSync(path.join(storefrontDir, "server.js"), path.join(dir, "server.js"));
  cpSync(path.join(storefrontDir, "server"), path.join(dir, "server"), { recursive: true });
  symlinkSync(path.join(storefrontDir, "node_modules"), path.join(dir, "node_modules"), "dir");
}

async function waitFor(
  url: string,
  proc: Proc,
  timeoutMs: number,
  ok: (status: number) => boolean,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = "no answer";
  let exited = false;
  proc.exited.then(() => (exited = true));
  while (Date.now() < deadline) {
    if (exited) throw new Error(`${proc.name} exited (code ${proc.child.exitCode}) before ${url} answered`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(5_000), redirect: "manual" });
      await res.arrayBuffer();
      if (ok(res.status)) return;
      last = `status ${res.status}`;
    } catch (err) {
      last = (err as Error).message;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${proc.name}: ${url} not ready after ${timeoutMs / 1000}s (${last})`);
}

function kill(p: Proc, sig: NodeJS.Signals) {
  if (p.child.exitCode !== null || p.child.signalCode !== null || !p.child.pid) return;
  signal(p.group ? -p.child.pid : p.child.pid, sig);
}

async function terminate(p: Proc, sig: NodeJS.Signals, graceMs: number): Promise<void> {
  if (p.child.exitCode !== null || p.child.signalCode !== null) return;
  kill(p, sig);
  const timedOut = await Promise.race([
    p.exited.then(() => false),
    new Promise<boolean>((r) => setTimeout(() => r(true), graceMs).unref()),
  ]);
  if (timedOut) {
    log(`${p.name} did not stop within ${graceMs / 1000}s of ${sig}; killing it`);
    kill(p, "SIGKILL");
    await p.exited;
  }
}

/** The pid of a PostgreSQL server still running from the cluster under dataDir, if any. */
function postmasterPid(dataDir: string): number | undefined {
  const file = path.join(dataDir, "postgres", "pgdata", "postmaster.pid");
  if (!existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, "utf8").split("\n")[0]);
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return undefined;
  }
}

function signal(pid: number, sig: NodeJS.Signals) {
  try {
    process.kill(pid, sig);
  } catch {
    // already gone
  }
}

/** The API stops its cluster on SIGINT; this only acts when it crashed or was killed first. */
async function stopOrphanedPostgres(dataDir: string): Promise<void> {
  const pid = postmasterPid(dataDir);
  if (!pid) return;
  log(`PostgreSQL (pid ${pid}) outlived the API; stopping it`);
  signal(pid, "SIGINT"); // fast shutdown
  for (let i = 0; i < 100 && postmasterPid(dataDir); i++) await new Promise((r) => setTimeout(r, 100));
  if (postmasterPid(dataDir)) signal(pid, "SIGQUIT");
}

function assertPortFree(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", () =>
      reject(
        new Error(
          `port ${port} is in use: stop what listens there or set E2E_API_PORT / E2E_WEB_PORT / E2E_MAIL_PORT / E2E_SMTP_PORT`,
        ),
      ),
    );
    srv.listen(port, "127.0.0.1", () => srv.close(() => resolve()));
  });
}

function tail(file: string, lines = 30): string {
  try {
    return readFileSync(file, "utf8").trimEnd().split("\n").slice(-lines).join("\n");
  } catch {
    return "(no output)";
  }
}

function seconds(since: number): string {
  return `${((Date.now() - since) / 1000).toFixed(1)}s`;
}
