package catalog

import "testing"

// "All" is bounded: a catalogue larger than MaxAllPageSize says it has more pages of that size,
// where it once said 1 and silently left the rest out.
func TestTotalPages(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name              string
		total, size, want int
	}{
		{"nothing matches", 0, 12, 1},
		{"one short page", 5, 12, 1},
		{"exactly full pages", 24, 12, 2},
		{"a last partial page", 25, 12, 3},
		{"all, within the bound", 46, AllPageSize, 1},
		{"all, exactly the bound", MaxAllPageSize, AllPageSize, 1},
		{"all, beyond the bound", 100000, AllPageSize, 100},
		{"all, one over the bound", MaxAllPageSize + 1, AllPageSize, 2},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := totalPages(tt.total, tt.size); got != tt.want {
				t.Errorf("totalPages(%d, %d) = %d, want %d", tt.total, tt.size, got, tt.want)
			}
		})
	}
}
