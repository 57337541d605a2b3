package shipping_test

import (
	"net/url"
	"strings"
	"testing"

	"github.com/atelier-commerce/atelier/backend/internal/shipping"
	"github.com/stretchr/testify/require"
)

func TestCarriers(t *testing.T) {
	t.Parallel()
	require.Equal(t, []string{"Royal Mail", "DPD", "Hermes", "DHL", "FedEx"}, shipping.Carriers())
	for _, c := range shipping.Carriers() {
		require.True(t, shipping.KnownCarrier(c), c)
		require.NotEmpty(t, shipping.TrackingURL(c, "X1"), "every carrier offered can be tracked: %s", c)
	}
	require.False(t, shipping.KnownCarrier("royal mail"), "the spelling is exact")
}

func TestTrackingURL(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		carrier, number, want string
	}{
		"Royal Mail": {"Royal Mail", "AB123456789GB", "https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB"},
		"DPD":        {"DPD", "15501234567890", "https://track.dpd.co.uk/parcels/15501234567890"},
		"Hermes":     {"Hermes", "H01ABC0012345678", "https://www.evri.com/track/parcel/H01ABC0012345678/details"},
		"DHL":        {"DHL", "1234567890", "https://www.dhl.com/gb-en/home/tracking/tracking-express.html?submit=1&tracking-id=1234567890"},
		"FedEx":      {"FedEx", "771234567890", "https://www.fedex.com/fedextrack/?trknbr=771234567890"},
		"a number that would break out of the URL": {"DHL", "1&x=y#z /../a?",
			"https://www.dhl.com/gb-en/home/tracking/tracking-express.html?submit=1&tracking-id=1%26x%3Dy%23z+%2F..%2Fa%3F"},
		"a path number cannot leave its segment": {"DPD", "../../evil", "https://track.dpd.co.uk/parcels/..%2F..%2Fevil"},
		"an unknown carrier":                     {"Parcelforce", "X1", ""},
		"a carrier spelt otherwise":              {"royal mail", "X1", ""},
		"Evri, Hermes's new name":                {"Evri", "H1", "https://www.evri.com/track/parcel/H1/details"},
		"no carrier":                             {"", "X1", ""},
		"no number":                              {"DPD", "", ""},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			got := shipping.TrackingURL(tt.carrier, tt.number)
			require.Equal(t, tt.want, got)
			if got != "" {
				u, err := url.Parse(got)
				require.NoError(t, err)
				require.Equal(t, "https", u.Scheme)
				require.False(t, strings.ContainsAny(strings.TrimPrefix(got, "https://"), " <>\""))
			}
		})
	}
}
