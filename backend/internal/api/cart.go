package api

import (
	"context"
	"errors"

	"connectrpc.com/connect"
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
	c, err := h.carts.Create(ctx)
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&storev1.CreateCartResponse{Cart: cartProto(c, h.urls)}), nil
}

// GetCart implements CartService.GetCart.
func (h *CartHandler) GetCart(ctx context.Context, req *connect.Request[storev1.GetCartRequest]) (*connect.Response[storev1.GetCartResponse], error) {
	c, err := h.carts.Get(ctx, req.Msg.GetCartId())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&storev1.GetCartResponse{Cart: cartProto(c, h.urls)}), nil
}

// AddCartItem implements CartService.AddCartItem.
func (h *CartHandler) AddCartItem(ctx context.Context, req *connect.Request[storev1.AddCartItemRequest]) (*connect.Response[storev1.AddCartItemResponse], error) {
	m := req.Msg
	c, err := h.carts.Add(ctx, m.GetCartId(), m.GetProductId(), m.GetQuantity())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&storev1.AddCartItemResponse{Cart: cartProto(c, h.urls)}), nil
}

// UpdateCartItem implements CartService.UpdateCartItem.
func (h *CartHandler) UpdateCartItem(ctx context.Context, req *connect.Request[storev1.UpdateCartItemRequest]) (*connect.Response[storev1.UpdateCartItemResponse], error) {
	m := req.Msg
	c, err := h.carts.Update(ctx, m.GetCartId(), m.GetProductId(), m.GetQuantity())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&storev1.UpdateCartItemResponse{Cart: cartProto(c, h.urls)}), nil
}

// RemoveCartItem implements CartService.RemoveCartItem.
func (h *CartHandler) RemoveCartItem(ctx context.Context, req *connect.Request[storev1.RemoveCartItemRequest]) (*connect.Response[storev1.RemoveCartItemResponse], error) {
	c, err := h.carts.Remove(ctx, req.Msg.GetCartId(), req.Msg.GetProductId())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&storev1.RemoveCartItemResponse{Cart: cartProto(c, h.urls)}), nil
}

// ClearCart implements CartService.ClearCart.
func (h *CartHandler) ClearCart(ctx context.Context, req *connect.Request[storev1.ClearCartRequest]) (*connect.Response[storev1.ClearCartResponse], error) {
	c, err := h.carts.Clear(ctx, req.Msg.GetCartId())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&storev1.ClearCartResponse{Cart: cartProto(c, h.urls)}), nil
}

// MergeCart implements CartService.MergeCart.
// TODO(issue 4): being built on the authz branch; answers Unimplemented until it lands.
func (h *CartHandler) MergeCart(context.Context, *connect.Request[storev1.MergeCartRequest]) (*connect.Response[storev1.MergeCartResponse], error) {
	return nil, connect.NewError(connect.CodeUnimplemented, errors.New("not implemented yet"))
}
