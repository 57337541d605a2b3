package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// userHZ is the unit of /proc's CPU times; Linux fixes it at 100 on every architecture Go
// supports, whatever the kernel's internal tick.
const userHZ = 100

// cpuShare is how many cores each party used, on average, during a measured window. With the
// load generator sharing the machine, a server's req/s cannot be read without knowing how much
// of the machine it actually had.
type cpuShare struct {
	server, client, other float64 // other: PostgreSQL, the kernel's own work, anything else running
}

type cpuSample struct {
	at                  time.Time
	server, client, all time.Duration // CPU time consumed so far (all: every core, busy time)
}

func sampleCPU(pid int) (cpuSample, error) {
	s := cpuSample{at: time.Now()}
	var err error
	if s.server, err = processCPU(pid); err != nil {
		return s, err
	}
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return s, err
	}
	s.client = time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	s.all, err = machineBusy()
	return s, err
}

// cpuDuring samples at begin and end and returns the cores each party used in between.
func cpuDuring(ctx context.Context, pid int, begin, end time.Time) (cpuShare, error) {
	wait := func(t time.Time) error {
		select {
		case <-time.After(time.Until(t)):
			return nil
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	if err := wait(begin); err != nil {
		return cpuShare{}, err
	}
	a, err := sampleCPU(pid)
	if err != nil {
		return cpuShare{}, err
	}
	if err := wait(end); err != nil {
		return cpuShare{}, err
	}
	b, err := sampleCPU(pid)
	if err != nil {
		return cpuShare{}, err
	}
	wall := b.at.Sub(a.at).Seconds()
	c := cpuShare{
		server: (b.server - a.server).Seconds() / wall,
		client: (b.client - a.client).Seconds() / wall,
	}
	c.other = max((b.all-a.all).Seconds()/wall-c.server-c.client, 0)
	return c, nil
}

// processCPU is the user+system time of every thread of pid, from /proc/<pid>/stat.
func processCPU(pid int) (time.Duration, error) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0, err
	}
	// The command name (field 2) may contain spaces; the fields after its closing parenthesis
	// start at field 3 (state), so utime and stime (fields 14 and 15) are at 11 and 12.
	_, rest, ok := strings.Cut(string(b), ") ")
	f := strings.Fields(rest)
	if !ok || len(f) < 13 {
		return 0, fmt.Errorf("parse /proc/%d/stat", pid)
	}
	utime, err1 := strconv.ParseInt(f[11], 10, 64)
	stime, err2 := strconv.ParseInt(f[12], 10, 64)
	if err := errors.Join(err1, err2); err != nil {
		return 0, fmt.Errorf("parse /proc/%d/stat: %w", pid, err)
	}
	return time.Duration(utime+stime) * time.Second / userHZ, nil
}

// machineBusy is the non-idle time of all cores, from /proc/stat.
func machineBusy() (time.Duration, error) {
	b, err := os.ReadFile("/proc/stat")
	if err != nil {
		return 0, err
	}
	line, _, _ := strings.Cut(string(b), "\n")
	f := strings.Fields(line)
	if len(f) < 9 || f[0] != "cpu" {
		return 0, errors.New("parse /proc/stat")
	}
	var busy int64
	// user nice system idle iowait irq softirq steal: everything but idle and iowait is busy.
	for i, v := range f[1:9] {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			return 0, fmt.Errorf("parse /proc/stat: %w", err)
		}
		if i != 3 && i != 4 {
			busy += n
		}
	}
	return time.Duration(busy) * time.Second / userHZ, nil
}
