package order

import (
	"slices"
	"strconv"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/db"
	"github.com/atelier-commerce/atelier/backend/internal/pagetoken"
)

// adminCursor is where a page of the admin list named by a page token starts: after the order
// with these values of its sort's terms (AdminSorts, the id last), in the list the fingerprint
// names. Keyset paging, unlike an offset, neither repeats nor skips an order when orders are
// placed between pages.
type adminCursor struct {
	Sort  string    `json:"s"`
	Query string    `json:"q"`
	Keys  []*string `json:"k"`
}

// fingerprint identifies what q selects (not which page), so a token is refused with other
// filters. The statuses are a set: their order in the request does not matter.
func (q AdminQuery) fingerprint() string {
	statuses := make([]string, len(q.Statuses))
	for i, s := range q.Statuses {
		statuses[i] = string(s)
	}
	slices.Sort(statuses)
	statuses = slices.Compact(statuses)
	parts := make([]string, 0, 4+len(statuses))
	parts = append(parts, "admin_orders", strconv.Quote(q.Search), optionalTimeText(q.PlacedFrom), optionalTimeText(q.PlacedBefore))
	for _, s := range statuses {
		parts = append(parts, strconv.Quote(s))
	}
	return pagetoken.Fingerprint(parts...)
}

func optionalTimeText(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339Nano)
}

// sortName is q's sort as a token records it: "" and "newest" are one order.
func (q AdminQuery) sortName() string {
	if q.Sort == "" {
		return "newest"
	}
	return q.Sort
}

// adminCursorAfter is the token of the page after o in q's order.
func adminCursorAfter(q AdminQuery, o Order) string {
	return pagetoken.Encode(adminCursor{Sort: q.sortName(), Query: q.fingerprint(), Keys: AdminSorts[q.Sort].keys(o)})
}

// decodeAdminCursor reads q's token and checks it belongs to q (its sort and filters).
func decodeAdminCursor(q AdminQuery) (*adminCursor, error) {
	var c adminCursor
	if err := pagetoken.Decode(q.PageToken, &c); err != nil {
		return nil, err
	}
	if c.Sort != q.sortName() || c.Query != q.fingerprint() || !db.ValidKeys(AdminSorts[q.Sort].terms, c.Keys) {
		return nil, pagetoken.Invalid()
	}
	return &c, nil
}
