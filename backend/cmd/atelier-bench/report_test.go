package main

import (
	"strings"
	"testing"
	"time"
)

// TestPrintTable checks each row's verdict and what it counts towards "Targets met": a row is
// judged on every target it has (absolute rate, ratio to its table's ceiling, p99), and a row
// with none is reported, not passed.
func TestPrintTable(t *testing.T) {
	t.Parallel()
	ceiling := result{scenario: scenario{name: "node ceiling", ceiling: true}, rps: 1000}
	tests := []struct {
		name        string
		row         result
		wantVerdict string
		wantJudged  int
		wantMet     int
	}{
		{"every target met", result{scenario: scenario{name: "page", minRPS: 100, minRatio: 0.10, maxP99: 100 * time.Millisecond},
			rps: 150, p99: 50 * time.Millisecond}, "PASS", 3, 3},
		{"rate under its absolute target", result{scenario: scenario{name: "page", minRPS: 200, maxP99: 100 * time.Millisecond},
			rps: 150, p99: 50 * time.Millisecond}, "MISS", 2, 1},
		{"ratio to the table's ceiling missed", result{scenario: scenario{name: "page", minRatio: 0.20}, rps: 150}, "MISS", 1, 0},
		{"p99 at the target misses it", result{scenario: scenario{name: "page", maxP99: 100 * time.Millisecond},
			rps: 150, p99: 100 * time.Millisecond}, "MISS", 1, 0},
		{"no target: reported, not judged", result{scenario: scenario{name: "page"}, rps: 150}, "—", 0, 0},
		{"errors fail the row", result{scenario: scenario{name: "page", minRPS: 100}, rps: 150,
			errors: map[string]int{"HTTP 500 /": 1}}, "FAIL (errors)", 1, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var b strings.Builder
			judged, met := 0, 0
			printTable(&b, []result{ceiling, tt.row}, "pages/s", func(ok bool) bool {
				judged++
				if ok {
					met++
				}
				return ok
			})
			lines := strings.Split(strings.TrimSpace(b.String()), "\n")
			row := lines[len(lines)-1]
			if !strings.HasSuffix(row, " "+tt.wantVerdict) {
				t.Errorf("row %q: want verdict %q", row, tt.wantVerdict)
			}
			if judged != tt.wantJudged || met != tt.wantMet {
				t.Errorf("judged %d, met %d; want %d, %d", judged, met, tt.wantJudged, tt.wantMet)
			}
		})
	}
}

// TestStorefrontScenarios checks issue 17's targets land on the right rows: uncached pages three
// times the pages/s and p99 < 100 ms; cached shop and product pages 0.10 of the ceiling.
func TestStorefrontScenarios(t *testing.T) {
	t.Parallel()
	ids := []string{"a", "b", "c"}
	want := map[string]scenario{
		"home":                       {minRPS: 630, maxP99: storefrontP99},
		"shop":                       {minRPS: 909, maxP99: storefrontP99},
		"filtered shop":              {minRPS: 774, maxP99: storefrontP99},
		"product":                    {minRPS: 744, maxP99: storefrontP99},
		"home · page cache":          {},
		"shop · page cache":          {minRatio: storefrontMinRatio},
		"filtered shop · page cache": {},
		"product · page cache":       {minRatio: storefrontMinRatio},
	}
	got := append(storefrontScenarios(ids, false), storefrontScenarios(ids, true)...)
	if len(got) != len(want) {
		t.Fatalf("got %d scenarios, want %d", len(got), len(want))
	}
	for _, sc := range got {
		w, ok := want[sc.name]
		switch {
		case !ok:
			t.Errorf("unexpected scenario %q", sc.name)
		case sc.minRPS != w.minRPS || sc.minRatio != w.minRatio || sc.maxP99 != w.maxP99:
			t.Errorf("%s: minRPS %v, minRatio %v, maxP99 %v; want %v, %v, %v",
				sc.name, sc.minRPS, sc.minRatio, sc.maxP99, w.minRPS, w.minRatio, w.maxP99)
		case len(sc.paths) == 0 || !strings.HasPrefix(sc.paths[0], "/"):
			t.Errorf("%s: paths %q", sc.name, sc.paths)
		}
	}
}
