package api

import (
	"context"

	"connectrpc.com/connect"
	storev1 "github.com/atelier-commerce/atelier/backend/internal/gen/atelier/store/v1"
	"github.com/atelier-commerce/atelier/backend/internal/gen/atelier/store/v1/storev1connect"
	"github.com/atelier-commerce/atelier/backend/internal/wishlist"
	"google.golang.org/protobuf/types/known/timestamppb"
)

// WishlistHandler serves atelier.store.v1.WishlistService.
type WishlistHandler struct {
	wishlists *wishlist.Service
	urls      MediaURLs
}

var _ storev1connect.WishlistServiceHandler = (*WishlistHandler)(nil)

// NewWishlistHandler returns the wishlist handler.
func NewWishlistHandler(w *wishlist.Service, urls MediaURLs) *WishlistHandler {
	return &WishlistHandler{wishlists: w, urls: urls}
}

// GetWishlist implements WishlistService.GetWishlist.
func (h *WishlistHandler) GetWishlist(ctx context.Context, _ *connect.Request[storev1.GetWishlistRequest]) (*connect.Response[storev1.GetWishlistResponse], error) {
	w, err := h.wishlists.Get(ctx, caller(ctx))
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&storev1.GetWishlistResponse{Wishlist: wishlistProto(w, h.urls)}), nil
}

// AddWishlistItem implements WishlistService.AddWishlistItem.
func (h *WishlistHandler) AddWishlistItem(ctx context.Context, req *connect.Request[storev1.AddWishlistItemRequest]) (*connect.Response[storev1.AddWishlistItemResponse], error) {
	w, err := h.wishlists.Add(ctx, caller(ctx), req.Msg.GetProductId())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&storev1.AddWishlistItemResponse{Wishlist: wishlistProto(w, h.urls)}), nil
}

// RemoveWishlistItem implements WishlistService.RemoveWishlistItem.
func (h *WishlistHandler) RemoveWishlistItem(ctx context.Context, req *connect.Request[storev1.RemoveWishlistItemRequest]) (*connect.Response[storev1.RemoveWishlistItemResponse], error) {
	w, err := h.wishlists.Remove(ctx, caller(ctx), req.Msg.GetProductId())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&storev1.RemoveWishlistItemResponse{Wishlist: wishlistProto(w, h.urls)}), nil
}

// MergeWishlist implements WishlistService.MergeWishlist.
func (h *WishlistHandler) MergeWishlist(ctx context.Context, req *connect.Request[storev1.MergeWishlistRequest]) (*connect.Response[storev1.MergeWishlistResponse], error) {
	w, err := h.wishlists.Merge(ctx, caller(ctx), req.Msg.GetProductIds())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&storev1.MergeWishlistResponse{Wishlist: wishlistProto(w, h.urls)}), nil
}

func wishlistProto(w wishlist.Wishlist, urls MediaURLs) *storev1.Wishlist {
	out := &storev1.Wishlist{Items: make([]*storev1.WishlistItem, len(w.Items))}
	for i, it := range w.Items {
		out.Items[i] = &storev1.WishlistItem{Product: productProto(it.Product, urls), AddedAt: timestamppb.New(it.AddedAt)}
	}
	return out
}
