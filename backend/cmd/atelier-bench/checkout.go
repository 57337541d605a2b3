package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/db"
	"github.com/atelier-commerce/atelier/backend/internal/money"
	"github.com/atelier-commerce/atelier/backend/internal/settings"
	"github.com/atelier-commerce/atelier/backend/internal/shipping"
	"github.com/google/uuid"
)

// The checkout scenarios (issue 17): shoppers buying at once, each a whole purchase as the
// storefront makes it over the API — a cart, one item, checkout, the payment confirmed (test
// mode) — from addresses of their own, as the storefront forwards them.
const (
	// plentyStock is what a product has when the scenario is about speed, not selling out.
	plentyStock = 1_000_000
	// sellOutStock is the scarce product's stock in the sell-out scenario: fewer units than the
	// shoppers will try to buy, so that they race for the last ones.
	sellOutStock = 40
	// metricsToken lets the bench read the server's transaction retries from /metrics.
	metricsToken = "atelier-bench-metrics-token-0123456789"
	// reasonOutOfStock and reasonShortStock are the refusals that mean "no more stock": the expected end of a sell-out.
	reasonOutOfStock = "out_of_stock"
	reasonShortStock = "insufficient_stock"
)

// checkoutFigures are one checkout scenario's results.
type checkoutFigures struct {
	name     string
	shoppers int
	window   time.Duration
	orders   int // paid orders
	soldOut  int // purchases refused for want of stock
	journey  []time.Duration
	retries  int64
	errors   map[string]int
	// The stock check: what the products had before and after, and the units the run's orders hold.
	stockBefore, stockAfter, unitsOrdered int64
}

// oversold reports whether the orders hold more units than the stock gave, or stock went negative.
func (f checkoutFigures) oversold() bool {
	return f.stockAfter < 0 || f.unitsOrdered != f.stockBefore-f.stockAfter
}

func (f checkoutFigures) errorCount() int {
	n := 0
	for _, c := range f.errors {
		n += c
	}
	return n
}

// benchCheckout runs the checkout scenarios against a server of their own: shoppers buying
// distinct products, the same product (one hot row), and the same scarce product until it is
// sold out (which must sell exactly its stock).
func benchCheckout(ctx context.Context, o options, serverBin, dbURL, mediaDir string, ids []string, stdout io.Writer) ([]checkoutFigures, error) {
	shoppers := o.conns
	if len(ids) < shoppers+2 {
		return nil, fmt.Errorf("checkout scenarios need at least %d products", shoppers+2)
	}
	pool, err := db.Open(ctx, dbURL)
	if err != nil {
		return nil, err
	}
	defer pool.Close()
	// What a shop has before it can sell: its name and address, and a delivery option. Standard
	// is free over £50 as in the demo shop, so the bench's purchases (under £50) pay for it.
	if err := settings.NewService(pool).Save(ctx, settings.Store{Name: "Atelier London", ContactEmail: "shop@atelier.test"}); err != nil {
		return nil, fmt.Errorf("checkout: store settings: %w", err)
	}
	fifty := money.GBP(5000)
	if err := shipping.NewService(pool).Save(ctx, shipping.Option{Code: "standard", Name: "Standard", Carrier: "Royal Mail",
		EstimatedDelivery: "5–7 working days", Price: money.GBP(1735), FreeOver: &fifty, Position: 1, Active: true}); err != nil {
		return nil, fmt.Errorf("checkout: delivery option: %w", err)
	}
	addr, err := freeAddr()
	if err != nil {
		return nil, err
	}
	env := withEnv(apiEnv(dbURL, addr, mediaDir, limitsOff),
		// The bench forwards each shopper's own address, as the storefront does: the per-address
		// limits on new carts and unpaid orders then count shoppers, not the bench.
		"TRUSTED_PROXIES=127.0.0.1/32,::1/128",
		"METRICS_ENABLED=on", "METRICS_TOKEN="+metricsToken)
	fmt.Fprintf(stdout, "\n  checkout under load (%d shoppers: cart, item, checkout, test payment)\n", shoppers)
	s, err := startServer(ctx, "API server (checkout)", serverBin, []string{"serve"}, env, addr)
	if err != nil {
		return nil, err
	}
	defer func() { _ = s.stop() }() // a server that will not stop has been killed; nothing is left to do

	distinct := sampleIDs(ids, shoppers)
	rest := slices.DeleteFunc(slices.Clone(ids), func(id string) bool { return slices.Contains(distinct, id) })
	hot, scarce := rest[0], rest[1]
	runs := []struct {
		name     string
		products func(shopper int) string
		stock    int
		untilOut bool
	}{
		{"distinct products", func(i int) string { return distinct[i%len(distinct)] }, plentyStock, false},
		{"same product", func(int) string { return hot }, plentyStock, false},
		{"same product, sells out", func(int) string { return scarce }, sellOutStock, true},
	}
	var out []checkoutFigures
	for _, run := range runs {
		products := map[string]bool{}
		for i := range shoppers {
			products[run.products(i)] = true
		}
		productIDs := slices.Sorted(func(yield func(string) bool) {
			for id := range products {
				if !yield(id) {
					return
				}
			}
		})
		if _, err := pool.Exec(ctx, `UPDATE products SET stock_quantity = $1 WHERE id = ANY($2::uuid[])`, run.stock, productIDs); err != nil {
			return nil, fmt.Errorf("checkout %s: setting stock: %w", run.name, err)
		}
		fig := checkoutFigures{name: run.name, shoppers: shoppers, errors: map[string]int{}}
		fig.stockBefore = int64(run.stock * len(productIDs))
		retriesBefore, err := readRetries(ctx, "http://"+addr)
		if err != nil {
			return nil, err
		}
		since := time.Now()
		shop := &shopperClient{base: "http://" + addr, client: &http.Client{Transport: newTransport(shoppers), Timeout: requestTimeout}}
		fig.window = shop.run(ctx, &fig, shoppers, o.duration, run.products, run.untilOut)
		slices.Sort(fig.journey)
		shop.client.CloseIdleConnections()
		retriesAfter, err := readRetries(ctx, "http://"+addr)
		if err != nil {
			return nil, err
		}
		fig.retries = retriesAfter - retriesBefore
		err = pool.QueryRow(ctx, `SELECT COALESCE(SUM(stock_quantity), 0) FROM products WHERE id = ANY($1::uuid[])`, productIDs).Scan(&fig.stockAfter)
		if err != nil {
			return nil, err
		}
		// Every order of the run that holds stock: paid, and placed but not (yet) paid alike.
		err = pool.QueryRow(ctx, `SELECT COALESCE(SUM(l.quantity), 0) FROM order_lines l JOIN orders o ON o.id = l.order_id
			WHERE l.product_id = ANY($1::uuid[]) AND o.created_at >= $2 AND o.status <> 'cancelled'`, productIDs, since.Add(-time.Second)).Scan(&fig.unitsOrdered)
		if err != nil {
			return nil, fmt.Errorf("checkout %s: counting units ordered: %w", run.name, err)
		}
		printCheckout(stdout, fig)
		out = append(out, fig)
	}
	return out, s.stop()
}

func printCheckout(w io.Writer, f checkoutFigures) {
	p50, p99 := percentile(f.journey, 0.50), percentile(f.journey, 0.99)
	fmt.Fprintf(w, "    %-26s %6.0f orders/s  p50 %s ms  p99 %s ms  %d paid, %d refused (sold out), %d retries",
		f.name, float64(f.orders)/f.window.Seconds(), fmtMs(p50), fmtMs(p99), f.orders, f.soldOut, f.retries)
	if n := f.errorCount(); n > 0 {
		fmt.Fprintf(w, "  %d ERRORS", n)
	}
	if f.oversold() {
		fmt.Fprintf(w, "  OVERSOLD (stock %d → %d, %d units ordered)", f.stockBefore, f.stockAfter, f.unitsOrdered)
	}
	fmt.Fprintln(w)
}

// readRetries reads the server's count of transactions run again (atelier_db_transaction_retries_total).
func readRetries(ctx context.Context, base string) (int64, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, base+"/metrics", nil)
	if err != nil {
		return 0, err
	}
	req.Header.Set("Authorization", "Bearer "+metricsToken)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, fmt.Errorf("metrics: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return 0, fmt.Errorf("metrics: HTTP %d", resp.StatusCode)
	}
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "atelier_db_transaction_retries_total "); ok {
			f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
			return int64(f), err
		}
	}
	if err := sc.Err(); err != nil {
		return 0, err
	}
	return 0, errors.New("metrics: atelier_db_transaction_retries_total missing")
}

// shopperClient makes purchases against the API.
type shopperClient struct {
	base   string
	client *http.Client
}

// run lets n shoppers buy, one purchase after another each, for window (or, with untilOut, until
// every shopper has been told the product is sold out), and returns how long they ran.
func (c *shopperClient) run(ctx context.Context, f *checkoutFigures, n int, window time.Duration, product func(int) string, untilOut bool) time.Duration {
	var mu sync.Mutex
	var wg sync.WaitGroup
	start := time.Now()
	deadline := start.Add(window)
	if untilOut {
		deadline = start.Add(max(window, 30*time.Second)) // a bound, should selling out hang
	}
	for shopper := range n {
		wg.Go(func() {
			for i := 0; time.Now().Before(deadline) && ctx.Err() == nil; i++ {
				// An address of its own for each purchase: 10.<shopper>.<i>.
				ip := fmt.Sprintf("10.%d.%d.%d", shopper%256, (i/256)%256, i%256)
				began := time.Now()
				err := c.purchase(ctx, ip, product(shopper))
				took := time.Since(began)
				var refusal *refusalError
				soldOut := errors.As(err, &refusal) && (refusal.reason == reasonOutOfStock || refusal.reason == reasonShortStock)
				mu.Lock()
				switch {
				case err == nil:
					f.orders++
					f.journey = append(f.journey, took)
				case soldOut:
					f.soldOut++
				default:
					f.errors[err.Error()]++
				}
				mu.Unlock()
				if untilOut && err != nil {
					return // sold out (or failing, which the report shows): this shopper goes home
				}
			}
		})
	}
	wg.Wait()
	return time.Since(start)
}

// refusalError is a 4xx answer with its ErrorInfo reason.
type refusalError struct {
	status int
	step   string
	reason string
}

func (e *refusalError) Error() string {
	return fmt.Sprintf("%s: HTTP %d %s", e.step, e.status, e.reason)
}

// purchase is one shopper's whole purchase of one unit of product.
func (c *shopperClient) purchase(ctx context.Context, ip, product string) error {
	var cart struct {
		Cart struct {
			ID string `json:"id"`
		} `json:"cart"`
	}
	if err := c.call(ctx, ip, "cart", "/api/v1/carts", map[string]any{}, &cart); err != nil {
		return err
	}
	if err := c.call(ctx, ip, "add item", "/api/v1/carts/"+cart.Cart.ID+"/items",
		map[string]any{"product_id": product, "quantity": 1}, nil); err != nil {
		return err
	}
	var placed struct {
		Payment struct {
			ClientSecret string `json:"client_secret"`
		} `json:"payment"`
	}
	if err := c.call(ctx, ip, "checkout", "/api/v1/carts/"+cart.Cart.ID+"/checkout", map[string]any{
		"idempotency_key": "bench-" + uuid.NewString(),
		"email":           "shopper-" + strings.ReplaceAll(ip, ".", "-") + "@example.com", // unpaid orders are limited per address too
		"shipping_address": map[string]string{"first_name": "Jane", "last_name": "Doe", "address_line1": "1 Bond Street",
			"city": "London", "postcode": "W1S 1AA", "country_code": "GB"},
		"delivery_option_code": "standard",
	}, &placed); err != nil {
		return err
	}
	return c.call(ctx, ip, "payment", "/api/v1/payments/test/confirm", map[string]any{
		"client_secret": placed.Payment.ClientSecret, "card_number": "4242 4242 4242 4242",
		"exp_month": 12, "exp_year": time.Now().Year() + 2, "cvc": "123",
	}, nil)
}

// call POSTs body as JSON from the shopper at ip and decodes the answer into out (if not nil).
func (c *shopperClient) call(ctx context.Context, ip, step, path string, body, out any) error {
	b, err := json.Marshal(body)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+path, bytes.NewReader(b))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Forwarded-For", ip)
	resp, err := c.client.Do(req)
	if err != nil {
		return fmt.Errorf("%s: %w", step, err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		return fmt.Errorf("%s: %w", step, err)
	}
	if resp.StatusCode >= 500 {
		return fmt.Errorf("%s: HTTP %d", step, resp.StatusCode)
	}
	if resp.StatusCode != http.StatusOK {
		var e struct {
			Details []struct {
				Type   string `json:"@type"`
				Reason string `json:"reason"`
			} `json:"details"`
		}
		_ = json.Unmarshal(data, &e)
		reason := "no reason"
		for _, d := range e.Details {
			if strings.HasSuffix(d.Type, "google.rpc.ErrorInfo") {
				reason = d.Reason
			}
		}
		return &refusalError{status: resp.StatusCode, step: step, reason: reason}
	}
	if out == nil {
		return nil
	}
	if err := json.Unmarshal(data, out); err != nil {
		return fmt.Errorf("%s: %w", step, err)
	}
	return nil
}
