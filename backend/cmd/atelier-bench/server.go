package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// Start-up is measured by polling this often, so the figure is accurate to a few milliseconds
// without the polling itself competing for the two cores.
const (
	healthPoll    = 2 * time.Millisecond
	healthTimeout = 60 * time.Second
	idleSettle    = time.Second
	stopTimeout   = 10 * time.Second
)

// server is a server under test running as a subprocess.
type server struct {
	name    string
	cmd     *exec.Cmd
	addr    string
	startup time.Duration // cmd.Start to the first 200 from its health path
	idleRSS int64         // bytes, after idleSettle with no traffic
	stderr  *capBuffer
	done    chan struct{} // closed when the process has exited
	waitErr error
}

// startServer runs path with args and env, waits for GET http://addr/api/health to answer 200,
// lets the process settle and records its resident memory.
func startServer(ctx context.Context, name, path string, args, env []string, addr string) (*server, error) {
	return startServerAt(ctx, name, "", apiHealthPath, path, args, env, addr)
}

// apiHealthPath is what the API server (and the ceiling, which answers every path) is polled on.
const apiHealthPath = "/api/health"

// startServerAt is startServer for a server run in dir ("" for this process's folder) and polled
// on health, for servers that have no /api/health (the storefront).
func startServerAt(ctx context.Context, name, dir, health, path string, args, env []string, addr string) (*server, error) {
	s := &server{name: name, addr: addr, stderr: &capBuffer{max: 64 << 10}, done: make(chan struct{})}
	s.cmd = exec.Command(path, args...)
	s.cmd.Dir = dir
	s.cmd.Env = env
	// Nil is the null device itself: no pipe for this process to copy, so a server that logs
	// every request (the storefront's access log) costs the load generator nothing.
	s.cmd.Stdout = nil
	s.cmd.Stderr = s.stderr
	// The client is built before the clock starts, so only the server's own start-up is timed.
	tr := &http.Transport{DisableKeepAlives: true}
	defer tr.CloseIdleConnections()
	client := &http.Client{Transport: tr, Timeout: time.Second}
	url := "http://" + addr + health

	start := time.Now()
	if err := s.cmd.Start(); err != nil {
		return nil, fmt.Errorf("start %s: %w", name, err)
	}
	go func() {
		s.waitErr = s.cmd.Wait()
		close(s.done)
	}()
	deadline := time.NewTimer(healthTimeout)
	defer deadline.Stop()
	tick := time.NewTicker(healthPoll)
	defer tick.Stop()
	for {
		if resp, err := client.Get(url); err == nil {
			_, _ = io.Copy(io.Discard, resp.Body)
			_ = resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				s.startup = time.Since(start)
				break
			}
		}
		select {
		case <-tick.C:
		case <-s.done:
			return nil, fmt.Errorf("%s exited before answering %s (%w):\n%s", name, health, s.waitErr, s.stderr)
		case <-deadline.C:
			_ = s.stop()
			return nil, fmt.Errorf("%s did not answer %s within %s:\n%s", name, health, healthTimeout, s.stderr)
		case <-ctx.Done():
			_ = s.stop()
			return nil, ctx.Err()
		}
	}
	// Right after start-up the runtime is still growing its heap and the first GC has not run;
	// a second of quiet gives the figure an operator would see on an idle instance.
	select {
	case <-time.After(idleSettle):
	case <-ctx.Done():
		_ = s.stop()
		return nil, ctx.Err()
	}
	rss, err := s.rss()
	if err != nil {
		_ = s.stop()
		return nil, err
	}
	s.idleRSS = rss
	return s, nil
}

// rss reads the process's resident set size from /proc (Linux only, like the targets).
func (s *server) rss() (int64, error) {
	select {
	case <-s.done:
		return 0, fmt.Errorf("%s has exited (%w):\n%s", s.name, s.waitErr, s.stderr)
	default:
	}
	return readRSS(s.cmd.Process.Pid)
}

func readRSS(pid int) (int64, error) {
	f, err := os.Open(filepath.Join("/proc", strconv.Itoa(pid), "status"))
	if err != nil {
		return 0, fmt.Errorf("read RSS: %w", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "VmRSS:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")), 10, 64)
			if err != nil {
				return 0, fmt.Errorf("read RSS: parse %q: %w", rest, err)
			}
			return kb << 10, nil
		}
	}
	return 0, errors.New("read RSS: no VmRSS line in /proc/<pid>/status")
}

// stop asks the server to shut down gracefully (both servers drain on SIGTERM) and kills it if
// it has not exited in time. It is safe to call more than once.
func (s *server) stop() error {
	select {
	case <-s.done:
		return nil
	default:
	}
	_ = s.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-s.done:
		return nil
	case <-time.After(stopTimeout):
		_ = s.cmd.Process.Kill()
		<-s.done
		return fmt.Errorf("%s did not stop within %s of SIGTERM; killed", s.name, stopTimeout)
	}
}

// freeAddr finds a free loopback port. Another process could take it before the server binds
// it, but on a bench machine that race is theoretical, and the server fails loudly if it happens.
func freeAddr() (string, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer l.Close()
	return l.Addr().String(), nil
}

// buildServer compiles ./cmd/atelier of the module the bench is run in, so the bench measures
// the working tree exactly as it would ship (not `go run`, whose compile time would count as
// start-up). With pprof, the build gets pprofOverlayFile added to it (see profile.go).
func buildServer(ctx context.Context, out string, pprof bool) error {
	goBin, err := exec.LookPath("go")
	if err != nil {
		return fmt.Errorf("build server: %w", err)
	}
	gomod, err := exec.CommandContext(ctx, goBin, "env", "GOMOD").Output()
	if err != nil {
		return fmt.Errorf("build server: go env GOMOD: %w", err)
	}
	mod := strings.TrimSpace(string(gomod))
	if mod == "" || mod == os.DevNull {
		return errors.New("build server: not inside the backend module; run from the backend folder (just bench does)")
	}
	root := filepath.Dir(mod)
	args := []string{"build", "-tags", "nodynamic", "-o", out}
	if pprof {
		overlay, err := writeOverlay(filepath.Dir(out), root)
		if err != nil {
			return err
		}
		args = append(args, "-overlay", overlay)
	}
	cmd := exec.CommandContext(ctx, goBin, append(args, "./cmd/atelier")...)
	cmd.Dir = root
	if output, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("go build ./cmd/atelier: %w\n%s", err, output)
	}
	return nil
}

// writeOverlay writes pprofOverlayFile and the overlay description that adds it to
// <root>/cmd/atelier, and returns the description's path.
func writeOverlay(dir, root string) (string, error) {
	src := filepath.Join(dir, "bench_pprof.go")
	if err := os.WriteFile(src, []byte(pprofOverlayFile), 0o644); err != nil {
		return "", err
	}
	desc, err := json.Marshal(map[string]map[string]string{
		"Replace": {filepath.Join(root, "cmd", "atelier", "zz_atelier_bench_pprof.go"): src},
	})
	if err != nil {
		return "", err
	}
	path := filepath.Join(dir, "overlay.json")
	return path, os.WriteFile(path, desc, 0o644)
}

// withEnv returns base with each of set overriding a variable of the same name.
func withEnv(base []string, set ...string) []string {
	names := map[string]bool{}
	for _, kv := range set {
		name, _, _ := strings.Cut(kv, "=")
		names[name] = true
	}
	out := make([]string, 0, len(base)+len(set))
	for _, kv := range base {
		if name, _, _ := strings.Cut(kv, "="); !names[name] {
			out = append(out, kv)
		}
	}
	return append(out, set...)
}

// envLookup reads a variable from an environment list, as the child process will see it.
func envLookup(env []string) func(string) string {
	return func(name string) string {
		for _, e := range slices.Backward(env) {
			if v, ok := strings.CutPrefix(e, name+"="); ok {
				return v
			}
		}
		return ""
	}
}

// capBuffer keeps the first max bytes a child writes to stderr (enough to diagnose a failure,
// bounded however chatty the child is) and is safe for the exec package's copying goroutine.
type capBuffer struct {
	mu        sync.Mutex
	buf       bytes.Buffer
	max       int
	truncated bool
}

func (b *capBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	room := b.max - b.buf.Len()
	if len(p) > room {
		b.buf.Write(p[:max(room, 0)])
		b.truncated = true
	} else {
		b.buf.Write(p)
	}
	return len(p), nil
}

func (b *capBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	s := b.buf.String()
	if b.truncated {
		s += "\n[… truncated]"
	}
	return s
}
