package eventtest_test

import (
	"strings"
	"testing"

	"github.com/atelier-commerce/atelier/backend/internal/webhook/event/eventtest"
	"github.com/stretchr/testify/require"
)

const money = `{"currency_code": "GBP", "minor_units": "2800"}`

const paidOrder = `{"type": "order.paid", "timestamp": "2026-11-27T21:15:24.113Z", "data": {
	"id": "eff201b7-226d-4bfb-aab7-57878c0535f3", "number": "AL-H7P2SRA1", "status": "paid",
	"email": "ada@example.com", "subtotal": ` + money + `, "delivery": ` + money + `, "vat": ` + money + `,
	"total": ` + money + `, "refunded": ` + money + `, "created_at": "2026-11-27T21:15:24.077877Z",
	"lines": [{"product_id": "f46b9028-e4c4-45d7-85cd-5ddc5b3b09b5", "sku": "VC-LIP-001",
		"name": "Peppermint Lip Salve", "quantity": 2, "unit_price": ` + money + `, "line_total": ` + money + `}]}}`

const draftProduct = `{"type": "product.created", "timestamp": "2026-11-27T21:15:24.113Z", "data": {
	"id": "f46b9028-e4c4-45d7-85cd-5ddc5b3b09b5", "slug": "lip-salve", "name": "Lip Salve", "sku": "VC-LIP-001",
	"price": null, "stock": 0, "stock_status": "out_of_stock", "active": false, "published": false,
	"archived": false, "revision": "1"}}`

// The check passes the events as the shop sends them and refuses one the document does not
// describe: a wrong type or enum value, a missing field, or a field it does not declare.
func TestCheck(t *testing.T) {
	t.Parallel()
	for name, c := range map[string]struct {
		schema, payload, problem string
	}{
		"order event":                {schema: "atelier.webhooks.v1.OrderEvent", payload: paidOrder},
		"draft product, null price":  {schema: "atelier.webhooks.v1.ProductEvent", payload: draftProduct},
		"priced product":             {schema: "atelier.webhooks.v1.ProductEvent", payload: strings.Replace(draftProduct, `"price": null`, `"price": `+money, 1)},
		"the API's status spelling":  {schema: "atelier.webhooks.v1.OrderEvent", payload: strings.Replace(paidOrder, `"status": "paid"`, `"status": "ORDER_STATUS_PAID"`, 1), problem: "not valid"},
		"another money spelling":     {schema: "atelier.webhooks.v1.OrderEvent", payload: strings.Replace(paidOrder, `"total": `+money, `"total": {"amount": 2800, "currency": "GBP"}`, 1), problem: "not valid"},
		"minor units as a number":    {schema: "atelier.webhooks.v1.ProductEvent", payload: strings.Replace(draftProduct, `"price": null`, `"price": {"currency_code": "GBP", "minor_units": 2800}`, 1), problem: "not valid"},
		"a revision as a number":     {schema: "atelier.webhooks.v1.ProductEvent", payload: strings.Replace(draftProduct, `"revision": "1"`, `"revision": 1`, 1), problem: "not valid"},
		"a field missing":            {schema: "atelier.webhooks.v1.OrderEvent", payload: strings.Replace(paidOrder, `"number": "AL-H7P2SRA1", `, "", 1), problem: "not valid"},
		"an undeclared field":        {schema: "atelier.webhooks.v1.OrderEvent", payload: strings.Replace(paidOrder, `"sku": "VC-LIP-001"`, `"sku": "VC-LIP-001", "colour": "green"`, 1), problem: "colour"},
		"an undeclared envelope key": {schema: "atelier.webhooks.v1.OrderEvent", payload: strings.Replace(paidOrder, `"type": "order.paid"`, `"id": "evt_1", "type": "order.paid"`, 1), problem: "$.id is sent but not in the document"},
		"no such schema":             {schema: "atelier.webhooks.v1.Nothing", payload: paidOrder, problem: "no schema"},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			err := eventtest.Check(c.schema, []byte(c.payload))
			if c.problem == "" {
				require.NoError(t, err)
				return
			}
			require.ErrorContains(t, err, c.problem)
		})
	}
}
