package app

import (
	"context"
	"net/http"
	"testing"

	"github.com/atelier-commerce/atelier/backend/internal/catalog"
	"github.com/atelier-commerce/atelier/backend/internal/money"
	"github.com/atelier-commerce/atelier/backend/internal/settings"
	"github.com/atelier-commerce/atelier/backend/internal/shipping"
	"github.com/google/uuid"
	"github.com/stretchr/testify/require"
)

// The REST side of the store details editor, as the README's curl example uses it: answers carry
// the details' revision as the ETag, If-Match carries it back, a stale one is refused with 409,
// what was stored (normalised) is answered, and the shop's public details change at once.
func TestRESTAdminStoreDetails(t *testing.T) {
	t.Parallel()
	s, token := adminShop(t)
	require.NoError(t, s.app.settings.Save(context.Background(), settings.Store{Name: "Atelier London",
		City: "London", ContactEmail: "hello@atelier.test", VATNumber: "GB318462975", CompanyNumber: "14682093"}))
	const store = "/api/v1/admin/settings/store"

	s.call(t, http.MethodGet, store, "", "").require(t, 401)
	require.Equal(t, "Atelier London",
		s.call(t, http.MethodGet, "/api/v1/store-settings", "", "").require(t, 200)["store_settings"].(jsonMap)["store_name"])

	got := s.call(t, http.MethodGet, store, "", token)
	details := got.require(t, 200)["store_details"].(jsonMap)
	require.Equal(t, `"1"`, got.header.Get("ETag"))
	require.Equal(t, "no-store", got.header.Get("Cache-Control"))
	require.Equal(t, "System", details["updated_by"].(jsonMap)["display_name"])
	require.Equal(t, "GBP", details["currency_code"])

	edited := s.call(t, http.MethodPatch, store, `{"name": " Atelier Mayfair ", "vat_number": "gb 123 4567 89"}`,
		token, "If-Match", `"1"`)
	details = edited.require(t, 200)["store_details"].(jsonMap)
	require.Equal(t, `"2"`, edited.header.Get("ETag"))
	require.Equal(t, "Atelier Mayfair", details["name"])
	require.Equal(t, "GB123456789", details["vat_number"], "the answer is what was stored")
	require.Equal(t, "London", details["city"], "fields not sent keep their values")
	require.Equal(t, "Ava Sinclair", details["updated_by"].(jsonMap)["display_name"])
	public := s.call(t, http.MethodGet, "/api/v1/store-settings", "", "").require(t, 200)["store_settings"].(jsonMap)
	require.Equal(t, "Atelier Mayfair", public["store_name"], "the shop shows the change at once")
	require.Equal(t, "GB123456789", public["vat_number"])

	stale := s.call(t, http.MethodPatch, store, `{"city": "Lost edit"}`, token, "If-Match", `"1"`)
	stale.require(t, 409)
	require.Equal(t, "stale_revision", stale.reason(t))
	require.Contains(t, stale.body["message"], "saved by Ava Sinclair at ")
	_, meta := errorInfo(t, stale.body)
	require.Equal(t, "2", meta["current_revision"])
	for name, c := range map[string]struct {
		body, reason string
		header       []string
	}{
		"no revision":            {`{"city": "Bath"}`, "revision_required", nil},
		"a bad VAT number":       {`{"vat_number": "GB12"}`, "invalid_vat_number", []string{"If-Match", `"2"`}},
		"a bad company number":   {`{"company_number": "123"}`, "invalid_company_number", []string{"If-Match", `"2"`}},
		"a bad e-mail":           {`{"contact_email": "hello@"}`, "invalid_email", []string{"If-Match", `"2"`}},
		"no name":                {`{"name": ""}`, "missing_store_name", []string{"If-Match", `"2"`}},
		"a weak If-Match header": {`{"city": "Bath"}`, "malformed_if_match", []string{"If-Match", `W/"2"`}},
	} {
		refused := s.call(t, http.MethodPatch, store, c.body, token, c.header...)
		refused.require(t, 400)
		require.Equal(t, c.reason, refused.reason(t), name)
	}

	revisions := items(s.call(t, http.MethodGet, store+"/revisions", "", token).require(t, 200), "revisions")
	require.Len(t, revisions, 2, "refusals saved nothing")
	require.Equal(t, "REVISION_ACTION_CREATED", revisions[1]["action"], "the seed's details, recorded by the first edit")
	diff := s.call(t, http.MethodGet, store+"/revisions/2/diff", "", token).require(t, 200)
	require.Equal(t, "1", diff["base_revision"])
	require.Equal(t, []string{"name", "vat_number"}, fieldNames(items(diff, "changes")))
	require.Equal(t, "Atelier London",
		s.call(t, http.MethodGet, store+"/revisions/1", "", token).require(t, 200)["revision"].(jsonMap)["store_details"].(jsonMap)["name"])

	// (The OpenAPI router cannot match a custom method after a path variable, so this call goes
	// unchecked against the document.)
	req := apiRequest(t, http.MethodPost, s.base+store+"/revisions/1:restore", token, `{}`, false)
	req.Header.Set("If-Match", `"2"`)
	status, header, restored := doRequest(t, req)
	require.Equal(t, 200, status, "%v", restored)
	require.Equal(t, `"3"`, header.Get("ETag"))
	require.Equal(t, "Atelier London", restored["store_details"].(jsonMap)["name"])
	require.Equal(t, "Atelier London",
		s.call(t, http.MethodGet, "/api/v1/store-settings", "", "").require(t, 200)["store_settings"].(jsonMap)["store_name"])
}

// The REST side of the delivery options and the free-delivery rule: a price change shows in the
// shop's options and the checkout quote at once, while an order placed before keeps the option's
// name and price it was placed with; stale writes are refused with 409; the last active option
// stays active; the rule moves to another option.
func TestRESTAdminDeliveryOptions(t *testing.T) {
	t.Parallel()
	s, token := adminShop(t)
	ctx := context.Background()
	require.NoError(t, s.app.settings.Save(ctx, settings.Store{Name: "Atelier London", ContactEmail: "shop@atelier.test"}))
	fifty := money.GBP(5000)
	require.NoError(t, s.app.shipping.Save(ctx, shipping.Option{Code: "standard", Name: "Standard", Carrier: "Royal Mail",
		EstimatedDelivery: "5–7 working days", Price: money.GBP(1735), FreeOver: &fifty, Position: 1, Active: true}))
	require.NoError(t, s.app.shipping.Save(ctx, shipping.Option{Code: "express", Name: "Express", Carrier: "DPD",
		EstimatedDelivery: "3–4 working days", Price: money.GBP(2499), Position: 2, Active: true}))
	price := int64(3000)
	productID, _, err := s.app.catalog.SaveProduct(ctx, catalog.ProductInput{Slug: "balm-" + uuid.NewString()[:8],
		Name: "Balm", Price: &price, Stock: 9, Active: true, Published: true})
	require.NoError(t, err)
	cartID := s.call(t, http.MethodPost, "/api/v1/carts", `{}`, "").require(t, 200)["cart"].(jsonMap)["id"].(string)
	s.call(t, http.MethodPost, "/api/v1/carts/"+cartID+"/items", `{"product_id": "`+productID+`", "quantity": 1}`, "").require(t, 200)
	placed := s.call(t, http.MethodPost, "/api/v1/carts/"+cartID+"/checkout", checkoutBody("k-"+uuid.NewString(),
		"jane@example.com", "express"), "").require(t, 200)["order"].(jsonMap)
	require.Equal(t, int64(2499), minor(t, placed["delivery"].(jsonMap)["price"]))

	const express = "/api/v1/admin/delivery-options/express"
	list := items(s.call(t, http.MethodGet, "/api/v1/admin/delivery-options", "", token).require(t, 200), "delivery_options")
	require.Equal(t, []string{"standard", "express"}, []string{list[0]["code"].(string), list[1]["code"].(string)})
	require.Equal(t, int64(5000), minor(t, list[0]["free_over"]))
	got := s.call(t, http.MethodGet, express, "", token)
	got.require(t, 200)
	require.Equal(t, `"1"`, got.header.Get("ETag"))

	edited := s.call(t, http.MethodPatch, express, `{"price_minor_units": "2999", "name": "Express Plus"}`, token, "If-Match", `"1"`)
	option := edited.require(t, 200)["delivery_option"].(jsonMap)
	require.Equal(t, `"2"`, edited.header.Get("ETag"))
	require.Equal(t, int64(2999), minor(t, option["price"]))
	require.Equal(t, "Ava Sinclair", option["updated_by"].(jsonMap)["display_name"])

	offered := items(s.call(t, http.MethodGet, "/api/v1/delivery-options", "", "").require(t, 200), "delivery_options")
	require.Equal(t, int64(2999), minor(t, offered[1]["price"]), "the shop offers the new price at once")
	quotes := items(s.call(t, http.MethodGet, "/api/v1/carts/"+cartID+"/checkout-quote", "", "").require(t, 200), "delivery_quotes")
	require.Equal(t, int64(2999), minor(t, quotes[1]["delivery_price"]), "checkout charges it at once")
	order, err := s.app.orders.Read(ctx, placed["id"].(string))
	require.NoError(t, err)
	require.Equal(t, "Express", order.Delivery.Name, "an order keeps what it was placed with")
	require.Equal(t, int64(2499), order.Delivery.Price.Minor)

	stale := s.call(t, http.MethodPatch, express, `{"price_minor_units": "1"}`, token, "If-Match", `"1"`)
	stale.require(t, 409)
	require.Equal(t, "stale_revision", stale.reason(t))
	require.Contains(t, stale.body["message"], "This delivery option has changed since you opened it: saved by Ava Sinclair at ")
	unknown := s.call(t, http.MethodPatch, express, `{"carrier": "Parcelforce"}`, token, "If-Match", `"2"`)
	unknown.require(t, 400)
	require.Equal(t, "unknown_carrier", unknown.reason(t))

	s.call(t, http.MethodPatch, "/api/v1/admin/delivery-options/standard", `{"active": false}`, token, "If-Match", `"1"`).require(t, 200)
	last := s.call(t, http.MethodPatch, express, `{"active": false}`, token, "If-Match", `"2"`)
	last.require(t, 400)
	require.Equal(t, "last_active_option", last.reason(t))

	created := s.call(t, http.MethodPost, "/api/v1/admin/delivery-options", `{"code": "collect", "name": "Click and collect",
		"carrier": "DPD", "estimated_delivery": "Next day", "price_minor_units": "0", "position": 3, "active": true}`, token)
	require.Equal(t, `"1"`, created.header.Get("ETag"))
	require.Equal(t, "collect", created.require(t, 200)["delivery_option"].(jsonMap)["code"])
	taken := s.call(t, http.MethodPost, "/api/v1/admin/delivery-options", `{"code": "collect", "name": "Again", "carrier": "DPD"}`, token)
	taken.require(t, 400)
	require.Equal(t, "code_taken", taken.reason(t))

	revisions := items(s.call(t, http.MethodGet, express+"/revisions", "", token).require(t, 200), "revisions")
	require.Len(t, revisions, 2)
	diff := s.call(t, http.MethodGet, express+"/revisions/2/diff", "", token).require(t, 200)
	require.Equal(t, []string{"name", "price"}, fieldNames(items(diff, "changes")))
	req := apiRequest(t, http.MethodPost, s.base+express+"/revisions/1:restore", token, `{}`, false)
	req.Header.Set("If-Match", `"2"`)
	status, header, restored := doRequest(t, req)
	require.Equal(t, 200, status, "%v", restored)
	require.Equal(t, `"3"`, header.Get("ETag"))
	require.Equal(t, "Express", restored["delivery_option"].(jsonMap)["name"])

	const rule = "/api/v1/admin/free-delivery-rule"
	current := s.call(t, http.MethodGet, rule, "", token)
	r := current.require(t, 200)["free_delivery_rule"].(jsonMap)
	require.Equal(t, `"1"`, current.header.Get("ETag"))
	require.Equal(t, "standard", r["option_code"])
	require.Equal(t, int64(5000), minor(t, r["threshold"]))
	moved := s.call(t, http.MethodPut, rule, `{"option_code": "express", "threshold_minor_units": "2000"}`, token, "If-Match", `"1"`)
	r = moved.require(t, 200)["free_delivery_rule"].(jsonMap)
	require.Equal(t, `"2"`, moved.header.Get("ETag"))
	require.Equal(t, "express", r["option_code"])
	quotes = items(s.call(t, http.MethodGet, "/api/v1/carts/"+cartID+"/checkout-quote", "", "").require(t, 200), "delivery_quotes")
	require.Equal(t, "express", quotes[0]["option"].(jsonMap)["code"])
	require.Equal(t, int64(0), minor(t, quotes[0]["delivery_price"]), "a £30 cart now has free Express")
	s.call(t, http.MethodPut, rule, `{"option_code": "standard", "threshold_minor_units": "5000"}`, token, "If-Match", `"1"`).require(t, 409)

	require.Equal(t, []any{"Royal Mail", "DPD", "Hermes", "DHL", "FedEx"},
		s.call(t, http.MethodGet, "/api/v1/admin/carriers", "", token).require(t, 200)["carriers"])
}
