package money

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestString(t *testing.T) {
	t.Parallel()
	for pence, want := range map[int64]string{0: "£0.00", 5: "£0.05", 2499: "£24.99", 1735: "£17.35", 100000: "£1000.00", -250: "-£2.50"} {
		require.Equal(t, want, GBP(pence).String())
	}
	require.Equal(t, "EUR 1.50", Money{Minor: 150, Currency: "EUR"}.String())
}

func TestRoundUpTo(t *testing.T) {
	t.Parallel()
	for in, want := range map[int64]int64{0: 0, 1: 10000, 9999: 10000, 10000: 10000, 10001: 20000, 32000: 40000} {
		require.Equal(t, want, GBP(in).RoundUpTo(10000).Minor, "%d", in)
	}
	require.Equal(t, int64(7), GBP(7).RoundUpTo(0).Minor, "a zero step changes nothing")
}

func FuzzRoundUpTo(f *testing.F) {
	for _, seed := range [][2]int64{{0, 1}, {32000, 10000}, {1, 7}, {-5, 3}} {
		f.Add(seed[0], seed[1])
	}
	f.Fuzz(func(t *testing.T, v, step int64) {
		if step <= 0 || v > 1<<60 || v < -(1<<60) || step > 1<<40 {
			t.Skip()
		}
		got := GBP(v).RoundUpTo(step).Minor
		if got%step != 0 || got < v || got-v >= step {
			t.Fatalf("RoundUpTo(%d, %d) = %d", v, step, got)
		}
	})
}

// String must print exactly the integer amount: parsing it back gives the same pence.
func FuzzString(f *testing.F) {
	for _, seed := range []int64{0, 1, 99, 100, 2499, -1, 1 << 50} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, v int64) {
		if v < -(1<<62) || v > 1<<62 {
			t.Skip()
		}
		s := GBP(v).String()
		neg := strings.HasPrefix(s, "-")
		s = strings.TrimPrefix(strings.TrimPrefix(s, "-"), "£")
		whole, frac, ok := strings.Cut(s, ".")
		if !ok || len(frac) != 2 {
			t.Fatalf("malformed %q", GBP(v).String())
		}
		w, err1 := strconv.ParseInt(whole, 10, 64)
		c, err2 := strconv.ParseInt(frac, 10, 64)
		if err1 != nil || err2 != nil {
			t.Fatalf("unparsable %q", GBP(v).String())
		}
		back := w*100 + c
		if neg {
			back = -back
		}
		if back != v {
			t.Fatalf("%d printed as %q", v, GBP(v).String())
		}
	})
}
