package shipping

import (
	"net/url"
	"slices"
)

// The carriers a delivery option can name, spelt as the shop's delivery pages spell them.
const (
	RoyalMail = "Royal Mail"
	DPD       = "DPD"
	Hermes    = "Hermes" // trading as Evri since 2022; the shop's pages still say Hermes
	DHL       = "DHL"
	FedEx     = "FedEx"
)

// trackingPages build the carriers' public tracking pages from a query-escaped number.
var trackingPages = map[string]func(n string) string{
	RoyalMail: func(n string) string { return "https://www.royalmail.com/track-your-item#/tracking-results/" + n },
	DPD:       func(n string) string { return "https://track.dpd.co.uk/parcels/" + n },
	Hermes:    evri,
	"Evri":    evri, // the new name, should an order ever carry it
	DHL: func(n string) string {
		return "https://www.dhl.com/gb-en/home/tracking/tracking-express.html?submit=1&tracking-id=" + n
	},
	FedEx: func(n string) string { return "https://www.fedex.com/fedextrack/?trknbr=" + n },
}

func evri(n string) string { return "https://www.evri.com/track/parcel/" + n + "/details" }

// Carriers lists the carriers a delivery option may use, in the order the back office offers them.
func Carriers() []string { return []string{RoyalMail, DPD, Hermes, DHL, FedEx} }

// KnownCarrier reports whether c is one of Carriers (exact spelling).
func KnownCarrier(c string) bool { return slices.Contains(Carriers(), c) }

// TrackingURL is the public page where a shopper follows a parcel the carrier numbered number,
// or "" for a carrier the shop does not know (or no number). The number is query-escaped, so
// whatever an admin typed cannot turn into another address.
func TrackingURL(carrier, number string) string {
	page, ok := trackingPages[carrier]
	if !ok || number == "" {
		return ""
	}
	return page(url.QueryEscape(number))
}
