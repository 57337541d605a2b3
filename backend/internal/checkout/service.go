// Package checkout turns a cart into an order: it validates the shopper's details (UK and EU
// addresses), prices everything on the server, reserves the stock of every line in the same
// transaction that places the order, and creates the order's payment with the provider. A
// checkout is idempotent by a key the client chooses, so a retried submit never places a second
// order or charges twice.
package checkout

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/cart"
	"github.com/atelier-commerce/atelier/backend/internal/catalog"
	"github.com/atelier-commerce/atelier/backend/internal/db"
	"github.com/atelier-commerce/atelier/backend/internal/emailaddr"
	"github.com/atelier-commerce/atelier/backend/internal/money"
	"github.com/atelier-commerce/atelier/backend/internal/order"
	"github.com/atelier-commerce/atelier/backend/internal/payment"
	"github.com/atelier-commerce/atelier/backend/internal/shipping"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Request is a submitted checkout.
type Request struct {
	CartID         string
	IdempotencyKey string
	// Email is the guest's address; a signed-in customer's orders use the account's.
	Email             string
	Shipping          order.Address
	Billing           *order.Address // nil when billing is the shipping address
	DeliveryCode      string
	RequiresSignature bool
	// ClientIP is the shopper's address (empty if unknown), for the caps on unpaid orders; it is
	// not part of what the idempotency key names.
	ClientIP string `json:"-"`
}

// Result is a placed order and how to pay for it.
type Result struct {
	Order   order.Order
	Payment payment.Record
	// AccessToken opens the order for a guest; empty for a customer.
	AccessToken string
}

// Config is what the checkout service is built from.
type Config struct {
	Pool     *pgxpool.Pool
	Shipping *shipping.Service
	Orders   *order.Service
	Provider payment.Provider
	// AccountEmail returns a signed-in customer's e-mail address.
	AccountEmail func(ctx context.Context, accountID string) (string, error)
	// ReservationTTL is how long an unpaid order holds its stock (default 30 minutes).
	ReservationTTL time.Duration
	// StockChanged is called after an order reserved stock.
	StockChanged func()
	Logger       *slog.Logger
	// Caps bound the unpaid orders of one client or e-mail address (DefaultCaps when zero).
	Caps Caps
}

// Service places orders.
type Service struct {
	cfg Config
	now func() time.Time
}

// NewService returns the checkout service.
func NewService(cfg Config) *Service {
	if cfg.ReservationTTL <= 0 {
		cfg.ReservationTTL = 30 * time.Minute
	}
	if cfg.StockChanged == nil {
		cfg.StockChanged = func() {}
	}
	if cfg.Caps == (Caps{}) {
		cfg.Caps = DefaultCaps
	}
	return &Service{cfg: cfg, now: time.Now}
}

// Checkout places an order for the cart, pending payment, and creates its payment.
func (s *Service) Checkout(ctx context.Context, accountID string, req Request) (Result, error) {
	req, err := s.normalize(ctx, accountID, req)
	if err != nil {
		return Result{}, err
	}
	hash := requestHash(accountID, req)
	// A retried request finds its order before anything else is checked: the cart it was placed
	// from has since been reserved, and perhaps emptied by the payment.
	if id, found, err := s.existing(ctx, req.IdempotencyKey, hash); err != nil || found {
		if err != nil {
			return Result{}, err
		}
		return s.pay(ctx, accountID, id)
	}
	active, err := s.cfg.Shipping.ListActive(ctx)
	if err != nil {
		return Result{}, fmt.Errorf("checkout.Checkout: %w", err)
	}
	delivery, ok := findOption(active, req.DeliveryCode)
	if !ok {
		return Result{}, apperr.Invalid("delivery_option_code", "invalid_delivery_option", "Please select a delivery option.")
	}
	// An earlier attempt from this cart that was never paid (the shopper changed their details,
	// or reloaded the page) is superseded by this one. Its payment is stopped at the provider
	// first, so it cannot succeed behind our back — and one that already has is honoured, not
	// superseded. Should placing this order then fail, such an order stays awaiting payment with
	// a cancelled payment, and reconciliation ends it.
	stopped, err := s.cfg.Orders.StopEarlierPayments(ctx, req.CartID, req.IdempotencyKey)
	if err != nil {
		return Result{}, fmt.Errorf("checkout.Checkout: %w", err)
	}
	var id string
	var superseded []string
	err = db.WithTx(ctx, s.cfg.Pool, func(tx pgx.Tx) error {
		superseded = nil
		// A twin submission with this key may have committed while this one waited (the retry
		// loop runs this again after a serialization failure): its order is the answer.
		existingID, stored, found, err := order.ByIdempotencyKey(ctx, tx, req.IdempotencyKey)
		if err != nil {
			return err
		}
		if found {
			if stored != hash {
				return errKeyReused()
			}
			id = existingID
			return nil
		}
		// Submits from one cart are serialised on its row: the cart's unpaid order — whichever
		// submit placed it, however recently — is superseded here, in the transaction that places
		// this one, so the cart never has two orders awaiting payment.
		if err := cart.LockForCheckout(ctx, tx, req.CartID, accountID); err != nil {
			return err
		}
		if superseded, err = order.SupersedeUnpaid(ctx, tx, req.CartID, req.IdempotencyKey); err != nil {
			return err
		}
		id, err = s.place(ctx, tx, accountID, req, hash, delivery, superseded)
		return err
	})
	if db.IsUniqueViolation(err) {
		// The same key, submitted twice at once: the other submit placed the order.
		existingID, found, lookErr := s.existing(ctx, req.IdempotencyKey, hash)
		if lookErr != nil {
			return Result{}, lookErr
		}
		if found {
			return s.pay(ctx, accountID, existingID)
		}
	}
	if err != nil {
		return Result{}, fmt.Errorf("checkout.Checkout: %w", err)
	}
	s.cfg.StockChanged()
	// The superseded orders are cancelled; their payments are stopped at the provider now, even
	// if the shopper has gone (a payment that slips through is refunded, see order.ApplyEvent).
	s.cfg.Orders.CancelPayments(context.WithoutCancel(ctx), superseded, stopped)
	return s.pay(ctx, accountID, id)
}

// normalize checks the request's fields and fills in the customer's address.
func (s *Service) normalize(ctx context.Context, accountID string, req Request) (Request, error) {
	if accountID != "" {
		email, err := s.cfg.AccountEmail(ctx, accountID)
		if err != nil {
			return req, fmt.Errorf("checkout.normalize: account e-mail: %w", err)
		}
		req.Email = email
	} else {
		req.Email = strings.TrimSpace(req.Email)
		switch {
		case req.Email == "":
			return req, apperr.Invalid("email", "missing_email", "Email is required.")
		case !emailaddr.Valid(req.Email):
			return req, apperr.Invalid("email", "invalid_email", "Please enter a valid email address, like name@example.com.")
		}
	}
	var err error
	if req.Shipping, err = normalizeAddress("shipping_address", req.Shipping); err != nil {
		return req, err
	}
	if req.Billing != nil {
		b, err := normalizeAddress("billing_address", *req.Billing)
		if err != nil {
			return req, err
		}
		req.Billing = &b
	}
	req.DeliveryCode = strings.TrimSpace(req.DeliveryCode)
	if req.DeliveryCode == "" {
		return req, apperr.Invalid("delivery_option_code", "missing_delivery_option", "Please select a delivery option.")
	}
	return req, nil
}

// requestHash fingerprints what a checkout asked for, to tell a retry from a reused key.
func requestHash(accountID string, req Request) string {
	req.IdempotencyKey = "" // the key names the request; it is not part of it
	//nolint:errchkjson,musttag // always encodes; untagged on purpose: tags would change the hashes stored for retries
	b, _ := json.Marshal(struct {
		Account string
		Req     Request
	}{accountID, req})
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// existing finds the order an idempotency key placed; a key reused for another request is refused.
func (s *Service) existing(ctx context.Context, key, hash string) (id string, found bool, err error) {
	var stored string
	err = db.WithReadTx(ctx, s.cfg.Pool, func(tx pgx.Tx) (err error) {
		id, stored, found, err = order.ByIdempotencyKey(ctx, tx, key)
		return err
	})
	if err != nil {
		return "", false, fmt.Errorf("checkout.existing: %w", err)
	}
	if found && stored != hash {
		return "", false, errKeyReused()
	}
	return id, found, nil
}

func errKeyReused() error {
	return apperr.AlreadyExists("idempotency_key_reused",
		"This checkout key was already used for a different request. Please try again.")
}

func findOption(active []shipping.Option, code string) (shipping.Option, bool) {
	for _, o := range active {
		if o.Code == code {
			return o, true
		}
	}
	return shipping.Option{}, false
}

// place checks the cart, reserves its stock and inserts the order, in one transaction: either
// the order exists with all its stock reserved, or nothing happened.
func (s *Service) place(ctx context.Context, tx pgx.Tx, accountID string, req Request, hash string, delivery shipping.Option, supersedes []string) (string, error) {
	lines, err := cart.LinesForCheckout(ctx, tx, req.CartID, accountID)
	if err != nil {
		return "", err
	}
	ids := make([]string, len(lines))
	for i, l := range lines {
		ids[i] = l.ProductID
	}
	products, err := catalog.ProductsForLines(ctx, tx, ids)
	if err != nil {
		return "", err
	}
	// A product that left the shop since it was added refuses the whole cart before anything is
	// reserved: the shopper sees the line flagged in their bag and decides, rather than getting
	// an order that silently lacks something they chose.
	for _, l := range lines {
		if p, ok := products[l.ProductID]; ok && !p.Visible {
			return "", cart.ErrUnavailable(p.Product)
		}
	}
	items := make([]Item, 0, len(lines))
	for _, l := range lines {
		listed, ok := products[l.ProductID]
		if !ok {
			continue // deleted outright: its cart line went with it
		}
		p := listed.Product
		if p.Price.Currency != money.GBPCode {
			return "", apperr.FailedPrecondition("product_unavailable",
				"%s cannot be bought in pounds. Please remove it to continue.", p.Name).With("product_id", l.ProductID)
		}
		reserved, available, err := catalog.ReserveStock(ctx, tx, p.ID, l.Quantity)
		if err != nil {
			return "", err
		}
		if !reserved {
			return "", catalog.StockError(p, available)
		}
		items = append(items, Item{ProductID: p.ID, Name: p.Name, SKU: p.SKU, UnitPrice: p.Price, Quantity: l.Quantity})
	}
	if len(items) == 0 {
		return "", apperr.FailedPrecondition("cart_empty", "Your cart is empty.")
	}
	if err := s.checkCaps(ctx, tx, req, units(items)); err != nil {
		return "", err
	}
	t := Price(items, delivery)
	d := order.Draft{IdempotencyKey: req.IdempotencyKey, RequestHash: hash, Supersedes: supersedes, ClientIP: req.ClientIP, Order: order.Order{
		AccountID: accountID, Email: req.Email, CartID: req.CartID, Shipping: req.Shipping, Billing: req.Billing,
		RequiresSignature: req.RequiresSignature, Lines: t.Lines, Subtotal: t.Subtotal, VAT: t.VAT, Total: t.Total,
		Delivery: order.Delivery{Code: delivery.Code, Name: delivery.Name, Carrier: delivery.Carrier,
			Estimate: delivery.EstimatedDelivery, Price: t.Delivery},
		ExpiresAt: s.now().Add(s.cfg.ReservationTTL),
	}}
	return order.Insert(ctx, tx, d)
}

// pay returns the order with its payment, creating the payment at the provider first if this is
// the first time (or an earlier attempt failed to reach the provider). The provider's own
// idempotency, keyed by the order id, makes a repeat return the same payment.
func (s *Service) pay(ctx context.Context, accountID, orderID string) (Result, error) {
	o, err := s.cfg.Orders.Read(ctx, orderID)
	if err != nil {
		return Result{}, fmt.Errorf("checkout.pay: %w", err)
	}
	var rec payment.Record
	var found bool
	if err := db.WithReadTx(ctx, s.cfg.Pool, func(tx pgx.Tx) (err error) {
		rec, found, err = payment.ForOrder(ctx, tx, orderID)
		return err
	}); err != nil {
		return Result{}, fmt.Errorf("checkout.pay: %w", err)
	}
	// A payment is made only for an order that can still be paid: a retry after the order failed
	// or lapsed gets the order back, with its status, and nothing to pay.
	if !found && o.Status == order.StatusPendingPayment {
		in, err := s.cfg.Provider.Create(ctx, payment.NewIntent{OrderID: o.ID, OrderNumber: o.Number, Email: o.Email, Amount: o.Total})
		if err != nil {
			return Result{}, fmt.Errorf("checkout.pay: create payment: %w", err)
		}
		// The provider's answer is checked like its events: a payment for another amount,
		// currency, order or mode is never handed to the shopper.
		if bad := order.Anomalies(o, "create:"+in.Ref, "created", in.Ref, in.Amount, in.OrderID, in.Live, s.cfg.Provider.Live()); len(bad) > 0 {
			return Result{}, s.refusePayment(ctx, o, in, bad)
		}
		var payable bool
		if err := db.WithTx(ctx, s.cfg.Pool, func(tx pgx.Tx) (err error) {
			// Recorded under the order's lock: a checkout superseding it (or expiry ending it)
			// meanwhile either finds this payment and cancels it, or is found here first.
			if _, payable, err = order.LockForPayment(ctx, tx, orderID); err != nil {
				return err
			}
			if err := payment.Save(ctx, tx, orderID, s.cfg.Provider.Mode(), in); err != nil {
				return err
			}
			if !payable {
				if err := payment.SetStatus(ctx, tx, orderID, payment.StatusCanceled); err != nil {
					return err
				}
			}
			rec, found, err = payment.ForOrder(ctx, tx, orderID)
			return err
		}); err != nil {
			return Result{}, fmt.Errorf("checkout.pay: save payment: %w", err)
		}
		if !payable {
			// Ended while its payment was being made (a newer checkout of the cart superseded
			// it): the payment is stopped, and the answer is the order as it now is.
			s.cfg.Orders.CancelPayments(context.WithoutCancel(ctx), []string{o.ID}, nil)
			if o, err = s.cfg.Orders.Read(ctx, orderID); err != nil {
				return Result{}, fmt.Errorf("checkout.pay: %w", err)
			}
		}
	}
	res := Result{Order: o, Payment: rec}
	if accountID == "" {
		res.AccessToken = s.cfg.Orders.AccessToken(o.ID)
	}
	return res, nil
}

// refusePayment records a payment the provider created unlike the order asked (see
// order.Anomalies) and cancels it; the order keeps awaiting payment, and the shopper is told to
// try again later. Nothing here can pay the order.
func (s *Service) refusePayment(ctx context.Context, o order.Order, in payment.Intent, bad []payment.Anomaly) error {
	if err := db.WithTx(ctx, s.cfg.Pool, func(tx pgx.Tx) error {
		for _, a := range bad {
			if err := payment.RecordAnomaly(ctx, tx, a); err != nil {
				return err
			}
		}
		return nil
	}); err != nil {
		return fmt.Errorf("checkout.refusePayment: record payment anomaly: %w", err)
	}
	for _, a := range bad {
		s.log().ErrorContext(ctx, "payment anomaly: the provider created a payment unlike the order; it is not used",
			"order_id", o.ID, "ref", in.Ref, "kind", a.Kind, "expected", a.Expected, "observed", a.Observed)
	}
	if _, err := s.cfg.Provider.Cancel(ctx, in.Ref); err != nil {
		s.log().WarnContext(ctx, "could not cancel a refused payment", "order_id", o.ID, "ref", in.Ref, "error", err.Error())
	}
	ae := apperr.Unavailable("payment_setup_failed", fmt.Errorf("payment %s does not match order %s", in.Ref, o.ID))
	ae.Message = "The payment could not be set up. Please try again later."
	return fmt.Errorf("checkout.refusePayment: %w", ae)
}

func (s *Service) log() *slog.Logger {
	if s.cfg.Logger == nil {
		return slog.Default()
	}
	return s.cfg.Logger
}

// Quote is a cart priced with each active delivery option.
type Quote struct {
	Subtotal    money.Money
	SubtotalVAT money.Money // the VAT part of the subtotal alone
	Options     []OptionQuote
}

// OptionQuote is what an order of the cart would cost with one delivery option.
type OptionQuote struct {
	Option shipping.Option
	Totals Totals
}

// Quote prices the cart with every active delivery option by the rule Checkout charges, so a
// checkout page shows the amounts the order will have without working any out itself. Lines
// whose product is hidden are left out, as the cart's totals leave them out (Checkout refuses
// such a cart until they are removed).
func (s *Service) Quote(ctx context.Context, accountID, cartID string) (Quote, error) {
	var items []Item
	err := db.WithReadTx(ctx, s.cfg.Pool, func(tx pgx.Tx) error {
		lines, err := cart.LinesForCheckout(ctx, tx, cartID, accountID)
		if err != nil {
			return err
		}
		ids := make([]string, len(lines))
		for i, l := range lines {
			ids[i] = l.ProductID
		}
		products, err := catalog.VisibleProductsByID(ctx, tx, ids)
		if err != nil {
			return err
		}
		items = items[:0]
		for _, l := range lines {
			if p, ok := products[l.ProductID]; ok {
				items = append(items, Item{ProductID: p.ID, Name: p.Name, SKU: p.SKU, UnitPrice: p.Price, Quantity: l.Quantity})
			}
		}
		return nil
	})
	if err != nil {
		return Quote{}, fmt.Errorf("checkout.Quote: %w", err)
	}
	active, err := s.cfg.Shipping.ListActive(ctx)
	if err != nil {
		return Quote{}, fmt.Errorf("checkout.Quote: %w", err)
	}
	bare := Price(items, shipping.Option{Price: money.GBP(0)})
	q := Quote{Subtotal: bare.Subtotal, SubtotalVAT: bare.VAT}
	for _, o := range active {
		q.Options = append(q.Options, OptionQuote{Option: o, Totals: Price(items, o)})
	}
	return q, nil
}
