// Package money is exact currency arithmetic in integer minor units. Atelier never represents
// money as a float: the original shop parsed prices as floats and rounded its way into errors.
package money

import (
	"fmt"
	"strconv"
)

// GBPCode is the currency Atelier London sells in.
const GBPCode = "GBP"

// Money is an amount in a currency's minor units (pence for GBP).
type Money struct {
	Minor    int64
	Currency string
}

// GBP returns an amount of pence.
func GBP(pence int64) Money { return Money{Minor: pence, Currency: GBPCode} }

// RoundUpTo returns the smallest multiple of step that is >= m (for m >= 0).
func (m Money) RoundUpTo(step int64) Money {
	if step <= 0 || m.Minor%step == 0 {
		return m
	}
	if m.Minor < 0 {
		return Money{Minor: m.Minor - m.Minor%step, Currency: m.Currency}
	}
	return Money{Minor: m.Minor - m.Minor%step + step, Currency: m.Currency}
}

// String formats GBP as shoppers read it, e.g. "£24.99", using integer arithmetic only.
func (m Money) String() string {
	sign := ""
	v := m.Minor
	if v < 0 {
		sign, v = "-", -v
	}
	symbol := m.Currency + " "
	if m.Currency == GBPCode {
		symbol = "£"
	}
	return fmt.Sprintf("%s%s%s.%02d", sign, symbol, strconv.FormatInt(v/100, 10), v%100)
}

// UKVATPercent is the UK standard VAT rate; every Atelier London price includes it.
const UKVATPercent = 20

// VATIncluded is the VAT part of m, a VAT-inclusive amount, at ratePercent: m×rate/(100+rate),
// rounded half up to a whole minor unit. It never overflows, since the share is computed from the
// quotient and remainder of m separately rather than from m×rate.
func (m Money) VATIncluded(ratePercent int64) Money {
	if ratePercent <= 0 {
		return Money{Minor: 0, Currency: m.Currency}
	}
	d := 100 + ratePercent
	q, r := m.Minor/d, m.Minor%d
	if r < 0 { // floor division, so rounding is "half up" for negative amounts too
		q, r = q-1, r+d
	}
	// m×rate/d = q×rate + r×rate/d, and r×rate < d×rate is small.
	return Money{Minor: q*ratePercent + (2*r*ratePercent+d)/(2*d), Currency: m.Currency}
}
