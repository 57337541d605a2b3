package checkout

import (
	"regexp"
	"strings"
	"unicode"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/order"
)

// Country is a country the shop delivers to.
type Country struct {
	Code string
	Name string
}

// DefaultCountry is where a checkout form starts.
const DefaultCountry = "GB"

// Countries are the United Kingdom and the European Union's member states, the UK first.
var Countries = []Country{
	{"GB", "United Kingdom"},
	{"AT", "Austria"}, {"BE", "Belgium"}, {"BG", "Bulgaria"}, {"HR", "Croatia"}, {"CY", "Cyprus"},
	{"CZ", "Czechia"}, {"DK", "Denmark"}, {"EE", "Estonia"}, {"FI", "Finland"}, {"FR", "France"},
	{"DE", "Germany"}, {"GR", "Greece"}, {"HU", "Hungary"}, {"IE", "Ireland"}, {"IT", "Italy"},
	{"LV", "Latvia"}, {"LT", "Lithuania"}, {"LU", "Luxembourg"}, {"MT", "Malta"}, {"NL", "Netherlands"},
	{"PL", "Poland"}, {"PT", "Portugal"}, {"RO", "Romania"}, {"SK", "Slovakia"}, {"SI", "Slovenia"},
	{"ES", "Spain"}, {"SE", "Sweden"},
}

// postcodes are each country's postcode formats, matched against the upper-cased postcode.
var postcodes = map[string]*regexp.Regexp{
	"GB": regexp.MustCompile(`^[A-Z]{1,2}[0-9][A-Z0-9]? ?[0-9][A-Z]{2}$`),
	"AT": regexp.MustCompile(`^[0-9]{4}$`), "BE": regexp.MustCompile(`^[0-9]{4}$`), "BG": regexp.MustCompile(`^[0-9]{4}$`),
	"CY": regexp.MustCompile(`^[0-9]{4}$`), "DK": regexp.MustCompile(`^[0-9]{4}$`), "HU": regexp.MustCompile(`^[0-9]{4}$`),
	"SI": regexp.MustCompile(`^(SI-)?[0-9]{4}$`), "LU": regexp.MustCompile(`^(L-)?[0-9]{4}$`), "LV": regexp.MustCompile(`^(LV-)?[0-9]{4}$`),
	"HR": regexp.MustCompile(`^[0-9]{5}$`), "EE": regexp.MustCompile(`^[0-9]{5}$`), "FI": regexp.MustCompile(`^[0-9]{5}$`),
	"FR": regexp.MustCompile(`^[0-9]{5}$`), "DE": regexp.MustCompile(`^[0-9]{5}$`), "IT": regexp.MustCompile(`^[0-9]{5}$`),
	"ES": regexp.MustCompile(`^[0-9]{5}$`), "LT": regexp.MustCompile(`^(LT-)?[0-9]{5}$`),
	"GR": regexp.MustCompile(`^[0-9]{3} ?[0-9]{2}$`), "CZ": regexp.MustCompile(`^[0-9]{3} ?[0-9]{2}$`),
	"SK": regexp.MustCompile(`^[0-9]{3} ?[0-9]{2}$`), "SE": regexp.MustCompile(`^[0-9]{3} ?[0-9]{2}$`),
	"IE": regexp.MustCompile(`^([AC-FHKNPRTV-Y][0-9]{2}|D6W) ?[0-9AC-FHKNPRTV-Y]{4}$`),
	"MT": regexp.MustCompile(`^[A-Z]{3} ?[0-9]{2,4}$`),
	"NL": regexp.MustCompile(`^[0-9]{4} ?[A-Z]{2}$`),
	"PL": regexp.MustCompile(`^[0-9]{2}-[0-9]{3}$`),
	"PT": regexp.MustCompile(`^[0-9]{4}-[0-9]{3}$`),
	"RO": regexp.MustCompile(`^[0-9]{6}$`),
}

// CountryName returns the English name of a country the shop delivers to.
func CountryName(code string) (string, bool) {
	for _, c := range Countries {
		if c.Code == code {
			return c.Name, true
		}
	}
	return "", false
}

// Field limits, generous for real addresses and tight enough to keep junk out.
const (
	maxNameLen    = 100
	maxLineLen    = 200
	maxPostcodeLn = 16
)

// normalizeAddress trims an address, upper-cases its country and postcode, and checks it. prefix
// names it in errors ("shipping_address" or "billing_address").
func normalizeAddress(prefix string, a order.Address) (order.Address, error) {
	trim := func(s string) string { return strings.Join(strings.Fields(s), " ") }
	a.FirstName, a.LastName, a.Line1, a.Line2 = trim(a.FirstName), trim(a.LastName), trim(a.Line1), trim(a.Line2)
	a.City, a.Region = trim(a.City), trim(a.Region)
	a.Postcode, a.CountryCode = strings.ToUpper(trim(a.Postcode)), strings.ToUpper(trim(a.CountryCode))
	if a.CountryCode == "" {
		a.CountryCode = DefaultCountry
	}
	for _, f := range []struct {
		name, label, value string
		max                int
		required           bool
	}{
		{"first_name", "First name", a.FirstName, maxNameLen, true},
		{"last_name", "Last name", a.LastName, maxNameLen, true},
		{"address_line1", "Address", a.Line1, maxLineLen, true},
		{"address_line2", "Address line 2", a.Line2, maxLineLen, false},
		{"city", "City", a.City, maxNameLen, true},
		{"region", "State/county", a.Region, maxNameLen, false},
		{"postcode", "Postcode", a.Postcode, maxPostcodeLn, true},
	} {
		field := prefix + "." + f.name
		switch {
		case f.required && f.value == "":
			return a, apperr.Invalid(field, "missing_"+f.name, "%s is required.", f.label)
		case len([]rune(f.value)) > f.max:
			return a, apperr.Invalid(field, "too_long", "%s must be at most %d characters.", f.label, f.max)
		case strings.ContainsFunc(f.value, isControl):
			return a, apperr.Invalid(field, "invalid_characters", "%s contains characters that are not allowed.", f.label)
		}
	}
	name, ok := CountryName(a.CountryCode)
	if !ok {
		return a, apperr.Invalid(prefix+".country_code", "unsupported_country",
			"We deliver to the United Kingdom and the European Union only.")
	}
	if !postcodes[a.CountryCode].MatchString(a.Postcode) {
		if a.CountryCode == "GB" {
			return a, apperr.Invalid(prefix+".postcode", "invalid_postcode", "Please enter a valid UK postcode.")
		}
		return a, apperr.Invalid(prefix+".postcode", "invalid_postcode", "Please enter a valid postcode for %s.", name)
	}
	if a.CountryCode == "GB" && !strings.Contains(a.Postcode, " ") {
		// "SW1A1AA" → "SW1A 1AA": the inward code is always the last three characters.
		a.Postcode = a.Postcode[:len(a.Postcode)-3] + " " + a.Postcode[len(a.Postcode)-3:]
	}
	return a, nil
}

// isControl covers C1 controls (U+0080–U+009F) as well as ASCII's: either can rewrite a terminal
// or a label printer's output when an address is printed.
func isControl(r rune) bool { return unicode.IsControl(r) }
