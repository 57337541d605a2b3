package main

import (
	"cmp"
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"
)

// version describes this binary from the build information Go stamps into it: the module
// version (a tag, or a pseudo-version made from the commit), the commit, and the Go toolchain.
func version() string {
	info, ok := debug.ReadBuildInfo()
	return versionOf(info, ok)
}

// versionOf formats build information, e.g.
// "atelier v0.0.0-20261125120000-0123456789ab (commit 0123456789ab, 2026-11-25T12:00:00Z, modified) go1.26.0 linux/amd64".
func versionOf(info *debug.BuildInfo, ok bool) string {
	platform := runtime.GOOS + "/" + runtime.GOARCH
	if !ok || info == nil {
		return fmt.Sprintf("atelier (no build information) %s %s", runtime.Version(), platform)
	}
	v := info.Main.Version
	if v == "" || v == "(devel)" {
		v = "devel"
	}
	var vcs []string
	settings := map[string]string{}
	for _, s := range info.Settings {
		settings[s.Key] = s.Value
	}
	if rev := settings["vcs.revision"]; rev != "" {
		vcs = append(vcs, "commit "+rev[:min(len(rev), 12)])
	}
	if t := settings["vcs.time"]; t != "" {
		vcs = append(vcs, t)
	}
	if settings["vcs.modified"] == "true" {
		vcs = append(vcs, "modified")
	}
	line := "atelier " + v
	if len(vcs) > 0 {
		line += " (" + strings.Join(vcs, ", ") + ")"
	}
	return line + " " + cmp.Or(info.GoVersion, runtime.Version()) + " " + platform
}
