// Package localpg runs a throw-away PostgreSQL cluster from the machine's server binaries, in a
// folder of its own on a free port. The dev command uses it when no DATABASE_URL is given, and the
// tests use it so they never touch a developer's data.
package localpg

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
)

// Cluster is a running local PostgreSQL server.
type Cluster struct {
	Dir     string // the folder holding pgdata and the log
	Port    int
	bin     string
	owned   bool // started by us, so Stop shuts it down
	asOther bool // commands run as the postgres user because we are root
}

// Start initialises dir (if it has no cluster yet) and starts the server, or reuses the server
// already running from dir.
func Start(ctx context.Context, dir string) (*Cluster, error) {
	bin, err := findBin()
	if err != nil {
		return nil, err
	}
	dir, err = filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	c := &Cluster{Dir: dir, bin: bin, asOther: os.Geteuid() == 0}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("localpg.Start: %w", err)
	}
	if c.asOther {
		// postgres refuses to run as root; the data folder must belong to the postgres user and
		// every parent must be traversable by it.
		if err := c.chownToPostgres(dir); err != nil {
			return nil, err
		}
	}
	pgdata := c.pgdata()
	if _, err := os.Stat(filepath.Join(pgdata, "PG_VERSION")); errors.Is(err, os.ErrNotExist) {
		if err := c.run(ctx, "initdb", "-D", pgdata, "-U", "postgres", "--auth=trust", "-E", "UTF8",
			"--locale=C.UTF-8", "--no-sync"); err != nil {
			return nil, fmt.Errorf("localpg.Start: initdb: %w", err)
		}
	}
	if port, ok := c.runningPort(ctx); ok {
		c.Port = port
		return c, nil
	}
	var lastErr error
	for range 5 {
		port, err := freePort()
		if err != nil {
			return nil, err
		}
		// Durability is pointless for throw-away data and costs seconds in tests.
		opts := fmt.Sprintf("-p %d -k %s -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200", port, pgdata)
		lastErr = c.run(ctx, "pg_ctl", "-D", pgdata, "-l", filepath.Join(c.Dir, "postgres.log"), "-w", "-t", "60", "-o", opts, "start")
		if lastErr == nil {
			c.Port, c.owned = port, true
			return c, nil
		}
	}
	return nil, fmt.Errorf("localpg.Start: (log in %s): %w", filepath.Join(c.Dir, "postgres.log"), lastErr)
}

// Attach returns a handle on the cluster in dir without starting anything, to stop it.
func Attach(dir string) (*Cluster, error) {
	bin, err := findBin()
	if err != nil {
		return nil, err
	}
	return &Cluster{Dir: dir, bin: bin, owned: true, asOther: os.Geteuid() == 0}, nil
}

// URL returns a connection URL for database name.
func (c *Cluster) URL(name string) string {
	return fmt.Sprintf("postgres://postgres@127.0.0.1:%d/%s?sslmode=disable", c.Port, name)
}

// CreateDatabase creates database name (optionally from a template) unless it exists.
func (c *Cluster) CreateDatabase(ctx context.Context, name, template string) error {
	conn, err := pgx.Connect(ctx, c.URL("postgres"))
	if err != nil {
		return fmt.Errorf("localpg.CreateDatabase: connect: %w", err)
	}
	defer conn.Close(ctx)
	var exists bool
	if err := conn.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)`, name).Scan(&exists); err != nil {
		return err
	}
	if exists {
		return nil
	}
	stmt := "CREATE DATABASE " + pgx.Identifier{name}.Sanitize()
	if template != "" {
		stmt += " TEMPLATE " + pgx.Identifier{template}.Sanitize()
	}
	if _, err := conn.Exec(ctx, stmt); err != nil {
		return fmt.Errorf("localpg.CreateDatabase: %s: %w", stmt, err)
	}
	return nil
}

// Owned reports whether this process started the server (rather than reusing a running one).
func (c *Cluster) Owned() bool { return c.owned }

// Stop shuts the server down quickly; in-flight transactions are rolled back.
func (c *Cluster) Stop() error {
	return c.run(context.Background(), "pg_ctl", "-D", c.pgdata(), "-m", "fast", "-w", "stop")
}

func (c *Cluster) pgdata() string { return filepath.Join(c.Dir, "pgdata") }

// runningPort reports the port of a server already running from this folder.
func (c *Cluster) runningPort(ctx context.Context) (int, bool) {
	if c.run(ctx, "pg_ctl", "-D", c.pgdata(), "status") != nil {
		return 0, false
	}
	f, err := os.Open(filepath.Join(c.pgdata(), "postmaster.pid"))
	if err != nil {
		return 0, false
	}
	defer f.Close()
	// Line 4 of postmaster.pid is the port.
	sc := bufio.NewScanner(f)
	for i := 1; sc.Scan(); i++ {
		if i == 4 {
			port, err := strconv.Atoi(strings.TrimSpace(sc.Text()))
			return port, err == nil
		}
	}
	return 0, false
}

func (c *Cluster) run(ctx context.Context, tool string, args ...string) error {
	path := filepath.Join(c.bin, tool)
	var cmd *exec.Cmd
	if c.asOther {
		cmd = exec.CommandContext(ctx, "runuser", append([]string{"-u", "postgres", "--", path}, args...)...) //nolint:gosec // G204: our own PostgreSQL tool path and arguments
	} else {
		cmd = exec.CommandContext(ctx, path, args...)
	}
	cmd.Dir = c.Dir
	// Detach the server from our process group so Ctrl-C in a terminal reaches us, and we stop
	// the server in order, rather than the signal killing it mid-write.
	setDetached(cmd)
	out, err := cmd.CombinedOutput()
	if err != nil {
		return fmt.Errorf("%s: %w: %s", tool, err, strings.TrimSpace(string(out)))
	}
	return nil
}

func (c *Cluster) chownToPostgres(dir string) error {
	u, err := user.Lookup("postgres")
	if err != nil {
		return fmt.Errorf("localpg.chownToPostgres: running as root needs a postgres user (apt-get install postgresql creates it): %w", err)
	}
	uid, _ := strconv.Atoi(u.Uid)
	gid, _ := strconv.Atoi(u.Gid)
	for p := filepath.Dir(dir); p != "/" && p != "."; p = filepath.Dir(p) {
		st, err := os.Stat(p)
		if err == nil && st.Mode().Perm()&0o001 == 0 {
			if err := os.Chmod(p, st.Mode().Perm()|0o011); err != nil {
				return fmt.Errorf("localpg.chownToPostgres: make %s traversable: %w", p, err)
			}
		}
	}
	return filepath.Walk(dir, func(p string, _ os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		return os.Lchown(p, uid, gid) //nolint:gosec // G122: our own fresh data folder, which nobody else writes to
	})
}

// findBin locates the newest PostgreSQL server binaries (Debian keeps them off PATH).
func findBin() (string, error) {
	if dir := os.Getenv("PG_BIN"); dir != "" {
		return dir, nil
	}
	matches, _ := filepath.Glob("/usr/lib/postgresql/*/bin/initdb")
	sort.Slice(matches, func(i, j int) bool { return versionOf(matches[i]) > versionOf(matches[j]) })
	if len(matches) > 0 {
		return filepath.Dir(matches[0]), nil
	}
	if p, err := exec.LookPath("initdb"); err == nil {
		return filepath.Dir(p), nil
	}
	return "", errors.New("localpg: PostgreSQL server binaries not found (apt-get install postgresql, or set PG_BIN, or set DATABASE_URL)")
}

func versionOf(initdb string) int {
	v, _ := strconv.Atoi(filepath.Base(filepath.Dir(filepath.Dir(initdb))))
	return v
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0") //nolint:noctx // binds and closes at once; there is nothing to cancel
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil //nolint:forcetypeassert // a "tcp" listener's address is a *net.TCPAddr
}

// WaitReady polls until the server accepts connections or ctx ends.
func (c *Cluster) WaitReady(ctx context.Context) error {
	for {
		conn, err := pgx.Connect(ctx, c.URL("postgres"))
		if err == nil {
			return conn.Close(ctx)
		}
		select {
		case <-ctx.Done():
			return err
		case <-time.After(100 * time.Millisecond):
		}
	}
}
