package payment

import (
	"encoding/binary"
	"testing"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/apperr/apperrtest"
	"github.com/stretchr/testify/require"
)

func TestCheckRefundAmount(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		captured, refunded, amount int64
		kind                       apperr.Kind
		reason                     string // empty when accepted
		left                       string // refundable_minor of a refusal for exceeding
	}{
		"all of it":              {captured: 4599, amount: 4599},
		"a part":                 {captured: 4599, amount: 1},
		"the rest":               {captured: 4599, refunded: 4000, amount: 599},
		"a penny more than left": {4599, 4000, 600, apperr.KindFailedPrecondition, "refund_exceeds_payment", "599"},
		"more than paid":         {4599, 0, 4600, apperr.KindFailedPrecondition, "refund_exceeds_payment", "4599"},
		"anything of a refunded": {4599, 4599, 1, apperr.KindFailedPrecondition, "refund_exceeds_payment", "0"},
		"nothing":                {4599, 0, 0, apperr.KindInvalid, "invalid_refund_amount", ""},
		"less than nothing":      {4599, 0, -1, apperr.KindInvalid, "invalid_refund_amount", ""},
		// Records out of bounds leave nothing to refund, never a negative remainder.
		"refunded beyond paid": {4599, 5000, 1, apperr.KindFailedPrecondition, "refund_exceeds_payment", "0"},
		"negative refunded":    {captured: 4599, refunded: -10, amount: 4599},
	}
	for name, tt := range tests {
		err := checkRefundAmount(tt.captured, tt.refunded, tt.amount)
		if tt.reason == "" {
			require.NoError(t, err, name)
			continue
		}
		ae := apperrtest.RequireKind(t, err, tt.kind, tt.reason)
		if tt.left != "" {
			require.Equal(t, tt.left, ae.Metadata["refundable_minor"], name)
		}
	}
}

// FuzzRefundArithmetic applies a sequence of refund amounts to a payment, accepting each the
// check accepts: whatever the amounts, what is refunded never goes beyond what was captured,
// nor below zero, and each refusal leaves the sum as it was.
func FuzzRefundArithmetic(f *testing.F) {
	f.Add(int64(4599), []byte{0x10, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00})
	f.Add(int64(1), []byte{})
	f.Add(int64(0), []byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f})
	f.Add(int64(9_223_372_036_854_775_807), []byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f, 1, 0, 0, 0, 0, 0, 0, 0})
	f.Add(int64(100), []byte{50, 0, 0, 0, 0, 0, 0, 0, 50, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0})
	f.Fuzz(func(t *testing.T, captured int64, amounts []byte) {
		if captured < 0 {
			captured = -(captured + 1) // payments are never negative; keep the input useful
		}
		var refunded int64
		for len(amounts) >= 8 {
			amount := int64(binary.LittleEndian.Uint64(amounts))
			amounts = amounts[8:]
			// Small amounts, which sum to the payment, matter as much as huge ones.
			if len(amounts)%16 == 0 {
				amount %= 1 << 16
			}
			left := refundable(captured, refunded)
			require.GreaterOrEqual(t, left, int64(0))
			err := checkRefundAmount(captured, refunded, amount)
			if err != nil {
				ae := apperr.As(err)
				require.NotNil(t, ae)
				require.Contains(t, []string{"invalid_refund_amount", "refund_exceeds_payment"}, ae.Reason)
				require.True(t, amount <= 0 || amount > left, "a refusal of %d with %d left", amount, left)
				continue
			}
			require.Positive(t, amount)
			require.LessOrEqual(t, amount, left)
			refunded += amount
			require.LessOrEqual(t, refunded, captured, "never more than captured")
			require.GreaterOrEqual(t, refunded, int64(0), "never negative")
			require.Equal(t, captured-refunded, refundable(captured, refunded))
		}
	})
}
