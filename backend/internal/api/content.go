package api

import (
	"context"

	"connectrpc.com/connect"
	"github.com/atelier-commerce/atelier/backend/internal/content"
	storev1 "github.com/atelier-commerce/atelier/backend/internal/gen/atelier/store/v1"
	"github.com/atelier-commerce/atelier/backend/internal/gen/atelier/store/v1/storev1connect"
	"google.golang.org/protobuf/types/known/timestamppb"
)

// ContentHandler serves atelier.store.v1.ContentService.
type ContentHandler struct{ content *content.Service }

var _ storev1connect.ContentServiceHandler = (*ContentHandler)(nil)

// NewContentHandler returns the content handler.
func NewContentHandler(c *content.Service) *ContentHandler { return &ContentHandler{content: c} }

// GetPage implements ContentService.GetPage.
func (h *ContentHandler) GetPage(ctx context.Context, req *connect.Request[storev1.GetPageRequest]) (*connect.Response[storev1.GetPageResponse], error) {
	p, err := h.content.Get(ctx, req.Msg.GetSlug())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&storev1.GetPageResponse{Page: &storev1.Page{
		Slug: p.Slug, Title: p.Title, Html: p.HTML, UpdatedAt: timestamppb.New(p.UpdatedAt),
	}}), nil
}
