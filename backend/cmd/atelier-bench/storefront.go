package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Issue 17's storefront targets. Without the page cache (or for a shopper signed in, whose pages
// it never holds) each page is rendered: at least three times the pages/s the issue measured, with
// p99 under 100 ms at 32 connections. With the cache, anonymous shop and product pages are nearly
// a copy out of memory: at least 0.10 of what a bare Node server sending a page of the same size
// does. Memory after the load is judged for both processes.
const (
	storefrontMinRatio  = 0.10
	storefrontP99       = 100 * time.Millisecond
	storefrontRSSTarget = 200 << 20
	// pageCacheSeconds is the most the pages allow (their s-maxage, 60 s): a page is rendered
	// again once a minute, as in production, and not during a scenario of the default length.
	pageCacheSeconds = "60"
	// storefrontHealthPath answers 200 without asking the API: the storefront has no health
	// route, and start-up should time the storefront alone.
	storefrontHealthPath = "/robots.txt"
	// storefrontProducts is how many product pages the product scenario cycles through: a
	// page's worth, so the cached run has every one of them warm after the warm-up.
	storefrontProducts = 12
)

// issue17PagesPerSecond are the pages/s the issue measured before any work (1 000 products, API
// cache on, 32 connections); the uncached targets are three times these.
var issue17PagesPerSecond = map[string]float64{"home": 210, "shop": 303, "filtered shop": 258, "product": 248}

// storefrontScenarios are the anonymous pages a shopper lands on, with or without the page cache.
// Every path is asked without cookies (the bench's client has no jar) and without
// Accept-Encoding, as the API scenarios are.
func storefrontScenarios(ids []string, cacheOn bool) []scenario {
	product := make([]string, 0, storefrontProducts)
	for _, id := range sampleIDs(ids, storefrontProducts) {
		product = append(product, "/product/"+url.PathEscape(id))
	}
	list := []scenario{
		{name: "home", paths: []string{"/"}},
		{name: "shop", paths: []string{"/shop"}},
		// A category the catalogue loader fills (half the products): a filter the storefront
		// passes to the API as it is, so the page differs from the plain shop's.
		{name: "filtered shop", paths: []string{"/shop?category=" + url.QueryEscape(brands[1])}},
		{name: "product", paths: product},
	}
	for i := range list {
		sc := &list[i]
		if cacheOn {
			if sc.name == "shop" || sc.name == "product" {
				sc.minRatio = storefrontMinRatio
			}
			sc.name += " · page cache"
			continue
		}
		sc.minRPS = 3 * issue17PagesPerSecond[sc.name]
		sc.maxP99 = storefrontP99
	}
	return list
}

// nodeCeilingName is the Node ceiling's row, which the storefront rows' ratios are taken against.
const nodeCeilingName = "node ceiling"

// nodeCeilingScript is the bare node:http server: one fixed HTML page of the size it is given for
// every path, no framework, no middleware, no compression. What the storefront does beyond this is
// what its ratio measures, as the Go ceiling's does for the API.
const nodeCeilingScript = `import http from "node:http";

const [port, host, size] = process.argv.slice(2);
const open = "<!DOCTYPE html><html><head><title>ceiling</title></head><body><p>";
const close = "</p></body></html>";
const body = Buffer.from(open + "lorem ipsum dolor sit amet ".repeat(Math.ceil(Number(size) / 27)).slice(0, Number(size) - open.length - close.length) + close);
const headers = { "Content-Type": "text/html; charset=utf-8", "Content-Length": String(body.length) };
const server = http.createServer((req, res) => {
  res.writeHead(200, headers);
  res.end(body);
});
server.listen(Number(port), host);
process.once("SIGTERM", () => process.exit(0));
`

// storefrontRun is where the storefront was built and how to run it.
type storefrontRun struct {
	node string // the Node binary (the repository's Node 24 when set up, else PATH's)
	dir  string // a copy of storefront/ with its build, and node_modules linked to the tree's
	// args are Node's arguments in package.json's start script (`npm start`, the production
	// start): the bench runs Node itself, so the process it measures is the server's, not npm's.
	args []string
}

// repoRoot is the repository the bench is run in: the backend module's parent folder.
func repoRoot(ctx context.Context) (string, error) {
	gomod, err := exec.CommandContext(ctx, "go", "env", "GOMOD").Output()
	if err != nil {
		return "", fmt.Errorf("go env GOMOD: %w", err)
	}
	mod := strings.TrimSpace(string(gomod))
	if mod == "" || mod == os.DevNull {
		return "", errors.New("not inside the backend module; run from the backend folder (just bench does)")
	}
	return filepath.Dir(filepath.Dir(mod)), nil
}

// nodeBinary is the Node the repository pins (tools/node_modules/node, as `just` and the e2e
// stack put first on PATH), else whatever node PATH finds.
func nodeBinary(root string) (string, error) {
	pinned := filepath.Join(root, "tools", "node_modules", "node", "bin", "node")
	if _, err := os.Stat(pinned); err == nil {
		return pinned, nil
	}
	return exec.LookPath("node")
}

// buildStorefront copies storefront/ (without node_modules, build and generated types) into dir,
// links its node_modules and runs the production build there. It builds every run, rather than
// offering to reuse storefront/build: the build takes seconds to half a minute, and a stale build
// would measure a storefront other than the working tree's without saying so. Building in a copy
// leaves the tree's own storefront/build (a developer's, or the e2e stack's) untouched.
func buildStorefront(ctx context.Context, dir string) (storefrontRun, error) {
	root, err := repoRoot(ctx)
	if err != nil {
		return storefrontRun{}, fmt.Errorf("build storefront: %w", err)
	}
	node, err := nodeBinary(root)
	if err != nil {
		return storefrontRun{}, fmt.Errorf("build storefront: no Node (run just setup): %w", err)
	}
	src := filepath.Join(root, "storefront")
	modules := filepath.Join(src, "node_modules")
	cli := filepath.Join(modules, "@react-router", "dev", "bin.cjs")
	if _, err := os.Stat(cli); err != nil {
		return storefrontRun{}, fmt.Errorf("build storefront: no react-router CLI (run just setup): %w", err)
	}
	if err := copyTree(src, dir, map[string]bool{"node_modules": true, "build": true, ".react-router": true}); err != nil {
		return storefrontRun{}, fmt.Errorf("build storefront: copy: %w", err)
	}
	if err := os.Symlink(modules, filepath.Join(dir, "node_modules")); err != nil {
		return storefrontRun{}, fmt.Errorf("build storefront: %w", err)
	}
	cmd := exec.CommandContext(ctx, node, cli, "build")
	cmd.Dir = dir
	// The CLI's children (esbuild, Vite's workers) find the same Node.
	cmd.Env = withEnv(os.Environ(), "PATH="+filepath.Dir(node)+string(os.PathListSeparator)+os.Getenv("PATH"),
		"NODE_ENV=production", "NO_COLOR=1")
	if out, err := cmd.CombinedOutput(); err != nil {
		return storefrontRun{}, fmt.Errorf("react-router build: %w\n%s", err, out)
	}
	args, err := startArgs(filepath.Join(dir, "package.json"))
	if err != nil {
		return storefrontRun{}, fmt.Errorf("build storefront: %w", err)
	}
	return storefrontRun{node: node, dir: dir, args: args}, nil
}

// startArgs are Node's arguments in the start script of the package.json at path, which must be
// a plain "node …" command.
func startArgs(path string) ([]string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var pkg struct {
		Scripts struct {
			Start string `json:"start"`
		} `json:"scripts"`
	}
	if err := json.Unmarshal(b, &pkg); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	fields := strings.Fields(pkg.Scripts.Start)
	if len(fields) < 2 || fields[0] != "node" || strings.ContainsAny(pkg.Scripts.Start, "$&|;<>'\"`") {
		return nil, fmt.Errorf("%s: the start script %q is not a plain `node …` command the bench can run", path, pkg.Scripts.Start)
	}
	return fields[1:], nil
}

// copyTree copies the regular files, folders and symbolic links under src to dst, leaving out the
// top-level entries named in skip.
func copyTree(src, dst string, skip map[string]bool) error {
	return filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, path)
		if err != nil {
			return err
		}
		if skip[rel] {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		target := filepath.Join(dst, rel)
		switch {
		case d.IsDir():
			return os.MkdirAll(target, 0o755)
		case d.Type()&fs.ModeSymlink != 0:
			link, err := os.Readlink(path)
			if err != nil {
				return err
			}
			return os.Symlink(link, target)
		case d.Type().IsRegular():
			return copyFile(path, target)
		}
		return nil // sockets, devices: nothing a build reads
	})
}

func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.Create(dst)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		_ = out.Close()
		return err
	}
	return out.Close()
}

// storefrontEnv is the production start the README gives, against the API at apiAddr; cacheOn
// turns on the in-process page cache for anonymous pages.
func storefrontEnv(sf storefrontRun, addr, apiAddr string, cacheOn bool) []string {
	cache := "PAGE_CACHE_SECONDS=0"
	if cacheOn {
		cache = "PAGE_CACHE_SECONDS=" + pageCacheSeconds
	}
	port := addr[strings.LastIndexByte(addr, ':')+1:]
	return withEnv(os.Environ(),
		"PATH="+filepath.Dir(sf.node)+string(os.PathListSeparator)+os.Getenv("PATH"),
		"PORT="+port,
		"HOST=127.0.0.1",
		"API_URL=http://"+apiAddr,
		"STOREFRONT_URL=http://"+addr,
		"NODE_ENV=production",
		cache,
	)
}

// storefrontFigures are the storefront processes' start-up and memory, and the Node ceiling's.
type storefrontFigures struct {
	off, on, ceiling serverFigures
	homeBytes        int
}

// benchStorefront measures the storefront built in sf: an API server started as benchAPI starts
// its own (the read cache on), the Node ceiling, then the storefront with the page cache off and
// with it on, one process after the other. It returns the Node ceiling's row first.
func benchStorefront(ctx context.Context, o options, rep *report, sf storefrontRun, serverBin, dbURL, mediaDir string, ids []string, stdout io.Writer) ([]result, error) {
	apiAddr, err := freeAddr()
	if err != nil {
		return nil, err
	}
	api, err := startServer(ctx, "API server", serverBin, []string{"serve"}, apiEnv(dbURL, apiAddr, mediaDir, limitsOn), apiAddr)
	if err != nil {
		return nil, err
	}
	defer func() { _ = api.stop() }() // a server that will not stop has been killed; nothing is left to do

	start := func(name string, cacheOn bool) (*server, error) {
		addr, err := freeAddr()
		if err != nil {
			return nil, err
		}
		return startServerAt(ctx, name, sf.dir, storefrontHealthPath, sf.node, sf.args,
			storefrontEnv(sf, addr, apiAddr, cacheOn), addr)
	}

	// The page cache off first: its preflight also gives the home page's size, which the Node
	// ceiling's page copies.
	fmt.Fprintf(stdout, "\n  storefront (node %s, NODE_ENV=production), the page cache off, against an API server (read cache on)\n",
		strings.Join(sf.args, " "))
	off, err := start("storefront", false)
	if err != nil {
		return nil, err
	}
	defer func() { _ = off.stop() }()
	fmt.Fprintf(stdout, "    start-up %s, idle RSS %s\n", fmtSeconds(off.startup), fmtMiB(off.idleRSS))
	offScenarios := storefrontScenarios(ids, false)
	sizes, err := preflightPages(ctx, "http://"+off.addr, offScenarios, false, stdout)
	if err != nil {
		return nil, err
	}
	fig := storefrontFigures{homeBytes: sizes[0]}

	// The ceiling while the storefront idles: it has the cores to itself but for the load generator.
	script := filepath.Join(sf.dir, "node-ceiling.mjs")
	if err := os.WriteFile(script, []byte(nodeCeilingScript), 0o644); err != nil {
		return nil, err
	}
	ceilAddr, err := freeAddr()
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(stdout, "\n  Node ceiling (bare node:http, a fixed %d-byte HTML page: the home page's size)\n", fig.homeBytes)
	port := ceilAddr[strings.LastIndexByte(ceilAddr, ':')+1:]
	ceil, err := startServerAt(ctx, "Node ceiling", sf.dir, storefrontHealthPath, sf.node,
		[]string{script, port, "127.0.0.1", strconv.Itoa(fig.homeBytes)}, os.Environ(), ceilAddr)
	if err != nil {
		return nil, err
	}
	defer func() { _ = ceil.stop() }()
	fmt.Fprintf(stdout, "    start-up %s, idle RSS %s\n", fmtSeconds(ceil.startup), fmtMiB(ceil.idleRSS))
	ceilResults, ceilFig, err := measure(ctx, ceil, []scenario{{name: nodeCeilingName, paths: []string{"/"}, ceiling: true}}, o, "", "", stdout)
	if err != nil {
		return nil, err
	}
	if err := ceil.stop(); err != nil {
		return nil, err
	}
	fig.ceiling = ceilFig

	fmt.Fprintln(stdout, "\n  storefront, the page cache off (every page rendered)")
	offResults, offFig, err := measure(ctx, off, offScenarios, o, "", "", stdout)
	if err != nil {
		return nil, err
	}
	if err := off.stop(); err != nil {
		return nil, err
	}
	fig.off = offFig
	rep.storefrontStderr = off.stderr.String()

	fmt.Fprintf(stdout, "\n  storefront, the page cache on (PAGE_CACHE_SECONDS=%s)\n", pageCacheSeconds)
	on, err := start("storefront (page cache)", true)
	if err != nil {
		return nil, err
	}
	defer func() { _ = on.stop() }()
	fmt.Fprintf(stdout, "    start-up %s, idle RSS %s\n", fmtSeconds(on.startup), fmtMiB(on.idleRSS))
	onScenarios := storefrontScenarios(ids, true)
	if _, err := preflightPages(ctx, "http://"+on.addr, onScenarios, true, stdout); err != nil {
		return nil, err
	}
	onResults, onFig, err := measure(ctx, on, onScenarios, o, "", "", stdout)
	if err != nil {
		return nil, err
	}
	if err := on.stop(); err != nil {
		return nil, err
	}
	fig.on = onFig
	rep.storefrontStderr += on.stderr.String()
	rep.storefrontFig = fig
	if err := api.stop(); err != nil {
		return nil, err
	}
	return slices.Concat(ceilResults, offResults, onResults), nil
}

// preflightPages asks each scenario's first page once and prints its size, so a scenario
// answering an error page or an empty one cannot pass for a fast page; it returns the sizes. With
// the page cache on, each is asked a second time, which must come from the cache (its Age header
// says so): otherwise the cached rows would measure renders under the cache's name. The other
// pages a scenario cycles through are asked once too, so that every cached row measures the
// cache from its first request, however short the warm-up (the smoke run's is 100 ms).
func preflightPages(ctx context.Context, base string, scenarios []scenario, cacheOn bool, stdout io.Writer) ([]int, error) {
	client := &http.Client{Transport: newTransport(1), Timeout: requestTimeout}
	defer client.CloseIdleConnections()
	// The status and headers of an answer, and its body read whole (and the body closed).
	type answer struct {
		status int
		header http.Header
		body   []byte
	}
	get := func(path string) (answer, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, base+path, nil)
		if err != nil {
			return answer{}, err
		}
		resp, err := client.Do(req)
		if err != nil {
			return answer{}, err
		}
		defer resp.Body.Close()
		body, err := io.ReadAll(io.LimitReader(resp.Body, 8<<20))
		return answer{resp.StatusCode, resp.Header, body}, err
	}
	sizes := make([]int, 0, len(scenarios))
	for _, sc := range scenarios {
		path := sc.paths[0]
		first, err := get(path)
		switch {
		case err != nil:
			return nil, fmt.Errorf("%s: GET %s: %w", sc.name, path, err)
		case first.status != http.StatusOK:
			return nil, fmt.Errorf("%s: GET %s: HTTP %d: %.300s", sc.name, path, first.status, first.body)
		case !strings.HasPrefix(first.header.Get("Content-Type"), "text/html"):
			return nil, fmt.Errorf("%s: GET %s: not a page (Content-Type %q)", sc.name, path, first.header.Get("Content-Type"))
		case first.header.Get("Set-Cookie") != "":
			return nil, fmt.Errorf("%s: GET %s: an anonymous page set a cookie", sc.name, path)
		}
		sizes = append(sizes, len(first.body))
		line := fmt.Sprintf("    %-26s %s, %.1f KiB", sc.name, path, float64(len(first.body))/1024)
		if len(sc.paths) > 1 {
			line += fmt.Sprintf(" (one of %d)", len(sc.paths))
		}
		if cacheOn {
			again, err := get(path)
			if err != nil {
				return nil, fmt.Errorf("%s: GET %s again: %w", sc.name, path, err)
			}
			if again.header.Get("Age") == "" {
				return nil, fmt.Errorf("%s: GET %s again: not answered from the page cache (no Age header; Cache-Control %q)",
					sc.name, path, first.header.Get("Cache-Control"))
			}
			line += ", then from the page cache"
			for _, p := range sc.paths[1:] {
				a, err := get(p)
				if err == nil && a.status != http.StatusOK {
					err = fmt.Errorf("HTTP %d: %.300s", a.status, a.body)
				}
				if err != nil {
					return nil, fmt.Errorf("%s: GET %s: %w", sc.name, p, err)
				}
			}
		}
		fmt.Fprintln(stdout, line)
	}
	return sizes, nil
}
