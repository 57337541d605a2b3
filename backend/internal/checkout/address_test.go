package checkout

import (
	"strconv"
	"strings"
	"testing"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/order"
	"github.com/stretchr/testify/require"
)

// address is a valid UK address; tests change one thing at a time.
func address(edit func(*order.Address)) order.Address {
	a := order.Address{FirstName: "Ada", LastName: "Lovelace", Line1: "12 Bond Street", City: "London",
		Postcode: "W1S 1AA", CountryCode: "GB"}
	if edit != nil {
		edit(&a)
	}
	return a
}

// requireInvalid asserts normalizeAddress refused with field, reason and message.
func requireInvalid(t *testing.T, err error, field, reason, message string) {
	t.Helper()
	require.Error(t, err)
	ae := apperr.As(err)
	require.NotNil(t, ae, "unclassified: %v", err)
	require.Equal(t, apperr.KindInvalid, ae.Kind)
	require.Equal(t, field, ae.Field)
	require.Equal(t, reason, ae.Reason)
	require.Equal(t, message, ae.Message)
}

// addressFields are the address's text fields: their names in errors, labels in messages, and
// limits.
var addressFields = []struct {
	name, label string
	max         int
	required    bool
	set         func(*order.Address, string)
}{
	{"first_name", "First name", 100, true, func(a *order.Address, v string) { a.FirstName = v }},
	{"last_name", "Last name", 100, true, func(a *order.Address, v string) { a.LastName = v }},
	{"address_line1", "Address", 200, true, func(a *order.Address, v string) { a.Line1 = v }},
	{"address_line2", "Address line 2", 200, false, func(a *order.Address, v string) { a.Line2 = v }},
	{"city", "City", 100, true, func(a *order.Address, v string) { a.City = v }},
	{"region", "State/county", 100, false, func(a *order.Address, v string) { a.Region = v }},
	{"postcode", "Postcode", 16, true, func(a *order.Address, v string) { a.Postcode = v }},
}

func TestNormalizeAddressRequiredFields(t *testing.T) {
	t.Parallel()
	for _, f := range addressFields {
		// Whitespace alone is no answer to a required field.
		for _, blank := range []string{"", "   ", "\t\n"} {
			a := address(func(a *order.Address) { f.set(a, blank) })
			_, err := normalizeAddress("shipping_address", a)
			if !f.required {
				require.NoError(t, err, "%s is optional", f.name)
				continue
			}
			requireInvalid(t, err, "shipping_address."+f.name, "missing_"+f.name, f.label+" is required.")
		}
	}
	// The prefix names the address the shopper has to fix.
	_, err := normalizeAddress("billing_address", address(func(a *order.Address) { a.City = "" }))
	requireInvalid(t, err, "billing_address.city", "missing_city", "City is required.")
}

func TestNormalizeAddressLengths(t *testing.T) {
	t.Parallel()
	for _, f := range addressFields {
		long := strings.Repeat("a", f.max+1)
		_, err := normalizeAddress("shipping_address", address(func(a *order.Address) { f.set(a, long) }))
		requireInvalid(t, err, "shipping_address."+f.name, "too_long",
			f.label+" must be at most "+strconv.Itoa(f.max)+" characters.")
		if f.name == "postcode" {
			continue // no postcode format is 16 characters long
		}
		// The limit counts characters, not bytes: an accented name at the limit fits.
		atLimit := strings.Repeat("é", f.max)
		got, err := normalizeAddress("shipping_address", address(func(a *order.Address) { f.set(a, atLimit) }))
		require.NoError(t, err, f.name)
		require.Equal(t, address(func(a *order.Address) { f.set(a, atLimit) }), got)
	}
}

func TestNormalizeAddressControlCharacters(t *testing.T) {
	t.Parallel()
	for _, f := range addressFields {
		// NUL, bell, escape (terminal injection), DEL, and the C1 control CSI.
		for _, c := range []string{"\x00", "\a", "\x1b", "\x7f", "\u009b"} {
			a := address(func(a *order.Address) { f.set(a, "AB1"+c+"2CD") })
			_, err := normalizeAddress("shipping_address", a)
			requireInvalid(t, err, "shipping_address."+f.name, "invalid_characters",
				f.label+" contains characters that are not allowed.")
		}
	}
}

func TestNormalizeAddressCollapsesWhitespace(t *testing.T) {
	t.Parallel()
	got, err := normalizeAddress("shipping_address", order.Address{
		FirstName: "  Ada  ", LastName: "King\t Lovelace", Line1: " 12   Bond\nStreet ", Line2: "  Flat \r\n 3 ",
		City: " London ", Region: "  Greater   London ", Postcode: "  w1s   1aa ", CountryCode: " gb ",
	})
	require.NoError(t, err)
	require.Equal(t, order.Address{FirstName: "Ada", LastName: "King Lovelace", Line1: "12 Bond Street", Line2: "Flat 3",
		City: "London", Region: "Greater London", Postcode: "W1S 1AA", CountryCode: "GB"}, got)
}

func TestNormalizeAddressCountry(t *testing.T) {
	t.Parallel()
	for _, code := range []string{"", "  "} {
		got, err := normalizeAddress("shipping_address", address(func(a *order.Address) { a.CountryCode = code }))
		require.NoError(t, err)
		require.Equal(t, "GB", got.CountryCode, "the form starts in the UK")
	}
	got, err := normalizeAddress("shipping_address", address(func(a *order.Address) { a.CountryCode, a.Postcode = "fr", "75001" }))
	require.NoError(t, err)
	require.Equal(t, "FR", got.CountryCode, "lower case is accepted")

	for _, code := range []string{"US", "us", "CH", "NO", "XX", "GBR", "EU", "UK"} {
		_, err := normalizeAddress("shipping_address", address(func(a *order.Address) { a.CountryCode = code }))
		requireInvalid(t, err, "shipping_address.country_code", "unsupported_country",
			"We deliver to the United Kingdom and the European Union only.")
	}
}

func TestNormalizeAddressUKPostcodes(t *testing.T) {
	t.Parallel()
	valid := map[string]string{
		"SW1A 1AA":   "SW1A 1AA", // AANA NAA
		"sw1a1aa":    "SW1A 1AA", // the space goes before the inward code
		"W1S 1AA":    "W1S 1AA",  // ANA NAA
		"M1 1AE":     "M1 1AE",   // AN NAA
		"m11ae":      "M1 1AE",
		"B33 8TH":    "B33 8TH",  // ANN NAA
		"CR2 6XH":    "CR2 6XH",  // AAN NAA
		"DN55 1PT":   "DN55 1PT", // AANN NAA
		"EC1A 1BB":   "EC1A 1BB",
		" ec1a  1bb": "EC1A 1BB",
	}
	for in, want := range valid {
		got, err := normalizeAddress("shipping_address", address(func(a *order.Address) { a.Postcode = in }))
		require.NoError(t, err, in)
		require.Equal(t, want, got.Postcode, in)
	}
	for _, in := range []string{"12345", "SW1A", "ABC 123", "SW1A 1A", "1AA SW1", "SW1A-1AA", "SW1A 1AAA", "75001"} {
		_, err := normalizeAddress("shipping_address", address(func(a *order.Address) { a.Postcode = in }))
		requireInvalid(t, err, "shipping_address.postcode", "invalid_postcode", "Please enter a valid UK postcode.")
	}
}

func TestNormalizeAddressEUPostcodes(t *testing.T) {
	t.Parallel()
	// For every EU country: postcodes that are valid (as typed → as stored) and one that is not.
	tests := map[string]struct {
		valid   map[string]string
		invalid string
	}{
		"AT": {map[string]string{"1010": "1010"}, "101"},
		"BE": {map[string]string{"1000": "1000"}, "10000"},
		"BG": {map[string]string{"1000": "1000"}, "100"},
		"HR": {map[string]string{"10000": "10000"}, "1000"},
		"CY": {map[string]string{"1010": "1010"}, "10100"},
		"CZ": {map[string]string{"110 00": "110 00", "11000": "11000"}, "1100"},
		"DK": {map[string]string{"1050": "1050"}, "DK-1050"},
		"EE": {map[string]string{"10111": "10111"}, "1011"},
		"FI": {map[string]string{"00100": "00100"}, "0010"},
		"FR": {map[string]string{"75001": "75001"}, "7500"},
		"DE": {map[string]string{"10115": "10115"}, "1011"},
		"GR": {map[string]string{"105 57": "105 57", "10557": "10557"}, "10 557"},
		"HU": {map[string]string{"1051": "1051"}, "10511"},
		"IE": {map[string]string{"D02 X285": "D02 X285", "d02x285": "D02X285", "D6W 1234": "D6W 1234"}, "B02 X285"},
		"IT": {map[string]string{"00184": "00184"}, "0018"},
		"LV": {map[string]string{"LV-1010": "LV-1010", "1010": "1010"}, "LV1010"},
		"LT": {map[string]string{"LT-01100": "LT-01100", "01100": "01100"}, "0110"},
		"LU": {map[string]string{"L-1009": "L-1009", "l-1009": "L-1009", "1009": "1009"}, "L1009"},
		"MT": {map[string]string{"VLT 1117": "VLT 1117", "vlt1117": "VLT1117"}, "1117"},
		"NL": {map[string]string{"1012 AB": "1012 AB", "1012ab": "1012AB"}, "1012"},
		"PL": {map[string]string{"00-950": "00-950"}, "00950"},
		"PT": {map[string]string{"1000-001": "1000-001"}, "1000"},
		"RO": {map[string]string{"010011": "010011"}, "01001"},
		"SK": {map[string]string{"811 01": "811 01", "81101": "81101"}, "8110"},
		"SI": {map[string]string{"1000": "1000", "SI-1000": "SI-1000"}, "10000"},
		"ES": {map[string]string{"28013": "28013"}, "2801"},
		"SE": {map[string]string{"114 55": "114 55", "11455": "11455"}, "1145"},
	}
	for _, c := range Countries[1:] {
		tt, ok := tests[c.Code]
		require.True(t, ok, "no postcode test for %s", c.Name)
		delete(tests, c.Code)
		t.Run(c.Name, func(t *testing.T) {
			t.Parallel()
			for in, want := range tt.valid {
				got, err := normalizeAddress("shipping_address", address(func(a *order.Address) { a.CountryCode, a.Postcode = c.Code, in }))
				require.NoError(t, err, in)
				require.Equal(t, want, got.Postcode, in)
				require.Equal(t, c.Code, got.CountryCode)
			}
			_, err := normalizeAddress("shipping_address", address(func(a *order.Address) { a.CountryCode, a.Postcode = c.Code, tt.invalid }))
			requireInvalid(t, err, "shipping_address.postcode", "invalid_postcode", "Please enter a valid postcode for "+c.Name+".")
			// A UK postcode is not a postcode of anywhere else.
			_, err = normalizeAddress("shipping_address", address(func(a *order.Address) { a.CountryCode = c.Code }))
			require.Error(t, err)
		})
	}
	require.Empty(t, tests, "tests for countries the shop does not deliver to")
}

func TestCountries(t *testing.T) {
	t.Parallel()
	require.Equal(t, Country{"GB", "United Kingdom"}, Countries[0], "the UK comes first")
	require.Equal(t, DefaultCountry, Countries[0].Code)
	// The European Union's 27 member states, in alphabetical order of their English names.
	require.Equal(t, []Country{
		{"AT", "Austria"}, {"BE", "Belgium"}, {"BG", "Bulgaria"}, {"HR", "Croatia"}, {"CY", "Cyprus"},
		{"CZ", "Czechia"}, {"DK", "Denmark"}, {"EE", "Estonia"}, {"FI", "Finland"}, {"FR", "France"},
		{"DE", "Germany"}, {"GR", "Greece"}, {"HU", "Hungary"}, {"IE", "Ireland"}, {"IT", "Italy"},
		{"LV", "Latvia"}, {"LT", "Lithuania"}, {"LU", "Luxembourg"}, {"MT", "Malta"}, {"NL", "Netherlands"},
		{"PL", "Poland"}, {"PT", "Portugal"}, {"RO", "Romania"}, {"SK", "Slovakia"}, {"SI", "Slovenia"},
		{"ES", "Spain"}, {"SE", "Sweden"},
	}, Countries[1:])
	// normalizeAddress looks every country's rule up unguarded: a country without one would panic.
	require.Len(t, postcodes, len(Countries))
	for _, c := range Countries {
		require.NotNil(t, postcodes[c.Code], c.Code)
	}
}
