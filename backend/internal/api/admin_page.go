package api

import (
	"context"

	"connectrpc.com/connect"
	"github.com/atelier-commerce/atelier/backend/internal/account"
	"github.com/atelier-commerce/atelier/backend/internal/content"
	adminv1 "github.com/atelier-commerce/atelier/backend/internal/gen/atelier/admin/v1"
	"github.com/atelier-commerce/atelier/backend/internal/gen/atelier/admin/v1/adminv1connect"
	"google.golang.org/protobuf/types/known/timestamppb"
)

// AdminPageHandler serves atelier.admin.v1.PageService. Only admins reach it (the authorization
// interceptor refuses everyone else first). As for products, answers that carry one page carry
// its revision as the ETag header, and on REST a write may name the revision it was based on in
// If-Match instead of expected_revision.
type AdminPageHandler struct {
	pages    *content.Service
	accounts *account.Service
}

var _ adminv1connect.PageServiceHandler = (*AdminPageHandler)(nil)

// NewAdminPageHandler returns the admin page handler.
func NewAdminPageHandler(pages *content.Service, accounts *account.Service) *AdminPageHandler {
	return &AdminPageHandler{pages: pages, accounts: accounts}
}

// ListPages implements PageService.ListPages.
func (h *AdminPageHandler) ListPages(ctx context.Context, _ *connect.Request[adminv1.ListPagesRequest]) (*connect.Response[adminv1.ListPagesResponse], error) {
	ps, err := h.pages.List(ctx)
	if err != nil {
		return nil, err
	}
	out := &adminv1.ListPagesResponse{Pages: make([]*adminv1.Page, len(ps))}
	for i, p := range ps {
		out.Pages[i] = pageProto(p)
	}
	return noStore(connect.NewResponse(out)), nil
}

// GetPage implements PageService.GetPage.
func (h *AdminPageHandler) GetPage(ctx context.Context, req *connect.Request[adminv1.GetPageRequest]) (*connect.Response[adminv1.GetPageResponse], error) {
	p, err := h.pages.Get(ctx, req.Msg.GetSlug())
	if err != nil {
		return nil, err
	}
	return withRevisionETag(&adminv1.GetPageResponse{Page: pageProto(p)}, p.Revision), nil
}

// CreatePage implements PageService.CreatePage.
func (h *AdminPageHandler) CreatePage(ctx context.Context, req *connect.Request[adminv1.CreatePageRequest]) (*connect.Response[adminv1.CreatePageResponse], error) {
	actor, err := adminActor(ctx, h.accounts)
	if err != nil {
		return nil, err
	}
	m := req.Msg
	p, err := h.pages.Create(ctx, actor, m.GetSlug(), m.GetTitle(), m.GetHtml())
	if err != nil {
		return nil, err
	}
	return withRevisionETag(&adminv1.CreatePageResponse{Page: pageProto(p)}, p.Revision), nil
}

// UpdatePage implements PageService.UpdatePage.
func (h *AdminPageHandler) UpdatePage(ctx context.Context, req *connect.Request[adminv1.UpdatePageRequest]) (*connect.Response[adminv1.UpdatePageResponse], error) {
	actor, expected, err := adminWriter(ctx, h.accounts, req.Msg.GetExpectedRevision(), req.Header())
	if err != nil {
		return nil, err
	}
	in := req.Msg.GetPage()
	p, err := h.pages.Update(ctx, actor, req.Msg.GetSlug(), expected, content.Input{Title: in.Title, HTML: in.Html})
	if err != nil {
		return nil, err
	}
	return withRevisionETag(&adminv1.UpdatePageResponse{Page: pageProto(p)}, p.Revision), nil
}

// DeletePage implements PageService.DeletePage.
func (h *AdminPageHandler) DeletePage(ctx context.Context, req *connect.Request[adminv1.DeletePageRequest]) (*connect.Response[adminv1.DeletePageResponse], error) {
	actor, expected, err := adminWriter(ctx, h.accounts, req.Msg.GetExpectedRevision(), req.Header())
	if err != nil {
		return nil, err
	}
	if err := h.pages.Delete(ctx, actor, req.Msg.GetSlug(), expected); err != nil {
		return nil, err
	}
	return noStore(connect.NewResponse(&adminv1.DeletePageResponse{})), nil
}

// ListPageRevisions implements PageService.ListPageRevisions.
func (h *AdminPageHandler) ListPageRevisions(ctx context.Context, req *connect.Request[adminv1.ListPageRevisionsRequest]) (*connect.Response[adminv1.ListPageRevisionsResponse], error) {
	m := req.Msg
	page, err := h.pages.Revisions(ctx, m.GetSlug(), int(m.GetPageSize()), m.GetPageToken())
	if err != nil {
		return nil, err
	}
	out := &adminv1.ListPageRevisionsResponse{NextPageToken: page.NextPageToken,
		Revisions: make([]*adminv1.PageRevision, len(page.Revisions))}
	for i, r := range page.Revisions {
		out.Revisions[i] = pageRevisionProto(page.Page, r)
	}
	return noStore(connect.NewResponse(out)), nil
}

// GetPageRevision implements PageService.GetPageRevision.
func (h *AdminPageHandler) GetPageRevision(ctx context.Context, req *connect.Request[adminv1.GetPageRevisionRequest]) (*connect.Response[adminv1.GetPageRevisionResponse], error) {
	r, cur, err := h.pages.GetRevision(ctx, req.Msg.GetSlug(), req.Msg.GetRevision())
	if err != nil {
		return nil, err
	}
	return noStore(connect.NewResponse(&adminv1.GetPageRevisionResponse{Revision: pageRevisionProto(cur, r)})), nil
}

// DiffPageRevision implements PageService.DiffPageRevision.
func (h *AdminPageHandler) DiffPageRevision(ctx context.Context, req *connect.Request[adminv1.DiffPageRevisionRequest]) (*connect.Response[adminv1.DiffPageRevisionResponse], error) {
	d, err := h.pages.DiffRevision(ctx, req.Msg.GetSlug(), req.Msg.GetRevision(), req.Msg.GetAgainstCurrent())
	if err != nil {
		return nil, err
	}
	return noStore(connect.NewResponse(&adminv1.DiffPageRevisionResponse{BaseRevision: d.BaseRevision,
		Changes: changesProto(d.Changes)})), nil
}

// RestorePageRevision implements PageService.RestorePageRevision.
func (h *AdminPageHandler) RestorePageRevision(ctx context.Context, req *connect.Request[adminv1.RestorePageRevisionRequest]) (*connect.Response[adminv1.RestorePageRevisionResponse], error) {
	actor, expected, err := adminWriter(ctx, h.accounts, req.Msg.GetExpectedRevision(), req.Header())
	if err != nil {
		return nil, err
	}
	p, err := h.pages.Restore(ctx, actor, req.Msg.GetSlug(), req.Msg.GetRevision(), expected)
	if err != nil {
		return nil, err
	}
	return withRevisionETag(&adminv1.RestorePageRevisionResponse{Page: pageProto(p)}, p.Revision), nil
}

func pageProto(p content.Page) *adminv1.Page {
	return &adminv1.Page{Id: p.ID, Slug: p.Slug, Title: p.Title, Html: p.HTML, BuiltIn: p.BuiltIn(), Revision: p.Revision,
		CreatedAt: optionalTime(p.CreatedAt), UpdatedAt: optionalTime(p.UpdatedAt), UpdatedBy: actorProto(p.UpdatedBy)}
}

func pageRevisionProto(cur content.Page, r content.Revision) *adminv1.PageRevision {
	return &adminv1.PageRevision{Revision: r.Revision, Action: revisionActions[r.Action], Actor: actorProto(r.Actor),
		CreatedAt: timestamppb.New(r.CreatedAt), Page: pageProto(r.Page(cur)), RestoredFrom: r.RestoredFrom}
}
