package money

import (
	"math/big"
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

func TestVATIncluded(t *testing.T) {
	t.Parallel()
	tests := []struct {
		gross, want int64
	}{
		{0, 0},
		{1, 0},                        // 0.1667p
		{2, 0},                        // 0.3333p
		{3, 1},                        // exactly half a penny rounds up
		{6, 1},                        // exact
		{9, 2},                        // 1.5p rounds up
		{1735, 289},                   // 289.1667p: Standard delivery
		{4500, 750},                   // exact
		{5001, 834},                   // 833.5p rounds up
		{6735, 1123},                  // 1122.5p rounds up
		{12000, 2000},                 // exact
		{-3, 0},                       // -0.5p rounds up, towards zero
		{-9, -1},                      // -1.5p rounds up to -1
		{-1735, -289},                 // a refund mirrors the charge
		{1 << 62, 768614336404564651}, // no overflow near the top of int64
	}
	for _, tt := range tests {
		require.Equal(t, tt.want, GBP(tt.gross).VATIncluded(UKVATPercent).Minor, "VAT in %d", tt.gross)
	}
	require.Equal(t, GBPCode, GBP(1200).VATIncluded(UKVATPercent).Currency)
	require.Equal(t, int64(50), GBP(1050).VATIncluded(5).Minor, "another rate")
	require.Zero(t, GBP(1200).VATIncluded(0).Minor, "zero-rated")
}

// VATIncluded must equal round-half-up of gross×rate/(100+rate) computed without any overflow.
func FuzzVATIncluded(f *testing.F) {
	for _, seed := range [][2]int64{{0, 20}, {3, 20}, {1735, 20}, {-9, 20}, {1 << 62, 20}, {1050, 5}, {-(1 << 62), 1000}} {
		f.Add(seed[0], seed[1])
	}
	f.Fuzz(func(t *testing.T, gross, rate int64) {
		if rate < 0 || rate > 1000 {
			t.Skip()
		}
		got := GBP(gross).VATIncluded(rate).Minor
		// floor((2×gross×rate + d) / 2d) is round half up of gross×rate/d.
		d := big.NewInt(100 + rate)
		num := new(big.Int).Mul(big.NewInt(gross), big.NewInt(2*rate))
		num.Add(num, d)
		want := new(big.Int).Div(num, new(big.Int).Mul(d, big.NewInt(2))) // Div is Euclidean: floors for d > 0
		if !want.IsInt64() || got != want.Int64() {
			t.Fatalf("VATIncluded(%d, %d) = %d, want %s", gross, rate, got, want)
		}
	})
}
