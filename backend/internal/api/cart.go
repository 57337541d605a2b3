package api

import (
	"context"

	"connectrpc.com/connect"
	"github.com/atelier-commerce/atelier/backend/internal/account"
	"github.com/atelier-commerce/atelier/backend/internal/cart"
	storev1 "github.com/atelier-commerce/atelier/backend/internal/gen/atelier/store/v1"
	"github.com/atelier-commerce/atelier/backend/internal/gen/atelier/store/v1/storev1connect"
)

// CartHandler serves atelier.store.v1.CartService.
type CartHandler struct {
	carts *cart.Service
	urls  MediaURLs
}

var _ storev1connect.CartServiceHandler = (*CartHandler)(nil)

// NewCartHandler returns the cart handler.
func NewCartHandler(c *cart.Service, urls MediaURLs) *CartHandler {
	return &CartHandler{carts: c, urls: urls}
}

// CreateCart implements CartService.CreateCart.
func (h *CartHandler) CreateCart(ctx context.Context, _ *connect.Request[storev1.CreateCartRequest]) (*connect.Response[storev1.CreateCartResponse], error) {
	c, err := h.carts.Create(ctx, caller(ctx), ClientIPFrom(ctx))
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&storev1.CreateCartResponse{Cart: cartProto(c, h.urls)}), nil
}

// GetCart implements CartService.GetCart.
func (h *CartHandler) GetCart(ctx context.Context, req *connect.Request[storev1.GetCartRequest]) (*connect.Response[storev1.GetCartResponse], error) {
	c, err := h.carts.Get(ctx, caller(ctx), req.Msg.GetCartId())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&storev1.GetCartResponse{Cart: cartProto(c, h.urls)}), nil
}

// AddCartItem implements CartService.AddCartItem.
func (h *CartHandler) AddCartItem(ctx context.Context, req *connect.Request[storev1.AddCartItemRequest]) (*connect.Response[storev1.AddCartItemResponse], error) {
	m := req.Msg
	c, err := h.carts.Add(ctx, caller(ctx), m.GetCartId(), m.GetProductId(), m.GetQuantity())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&storev1.AddCartItemResponse{Cart: cartProto(c, h.urls)}), nil
}

// UpdateCartItem implements CartService.UpdateCartItem.
func (h *CartHandler) UpdateCartItem(ctx context.Context, req *connect.Request[storev1.UpdateCartItemRequest]) (*connect.Response[storev1.UpdateCartItemResponse], error) {
	m := req.Msg
	c, err := h.carts.Update(ctx, caller(ctx), m.GetCartId(), m.GetProductId(), m.GetQuantity())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&storev1.UpdateCartItemResponse{Cart: cartProto(c, h.urls)}), nil
}

// RemoveCartItem implements CartService.RemoveCartItem.
func (h *CartHandler) RemoveCartItem(ctx context.Context, req *connect.Request[storev1.RemoveCartItemRequest]) (*connect.Response[storev1.RemoveCartItemResponse], error) {
	c, err := h.carts.Remove(ctx, caller(ctx), req.Msg.GetCartId(), req.Msg.GetProductId())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&storev1.RemoveCartItemResponse{Cart: cartProto(c, h.urls)}), nil
}

// ClearCart implements CartService.ClearCart.
func (h *CartHandler) ClearCart(ctx context.Context, req *connect.Request[storev1.ClearCartRequest]) (*connect.Response[storev1.ClearCartResponse], error) {
	c, err := h.carts.Clear(ctx, caller(ctx), req.Msg.GetCartId())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&storev1.ClearCartResponse{Cart: cartProto(c, h.urls)}), nil
}

// MergeCart implements CartService.MergeCart.
func (h *CartHandler) MergeCart(ctx context.Context, req *connect.Request[storev1.MergeCartRequest]) (*connect.Response[storev1.MergeCartResponse], error) {
	c, err := h.carts.Merge(ctx, caller(ctx), req.Msg.GetGuestCartId())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&storev1.MergeCartResponse{Cart: cartProto(c, h.urls)}), nil
}

// caller is the signed-in caller's account id, empty for a guest: the cart service decides from
// it whose carts the caller may see.
func caller(ctx context.Context) string { return account.PrincipalFrom(ctx).AccountID }
