package catalog_test

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/atelier-commerce/atelier/backend/internal/apperr"
	"github.com/atelier-commerce/atelier/backend/internal/apperr/apperrtest"
	"github.com/atelier-commerce/atelier/backend/internal/catalog"
	"github.com/google/uuid"
	"github.com/stretchr/testify/require"
)

// upload adds an image to rose as an upload does, and returns the product after it.
func (b *backOffice) upload(t *testing.T, alt string) catalog.AdminProduct {
	t.Helper()
	p, _, err := b.admin.AddImage(context.Background(), b.ada, b.rose.ID, 0, catalog.UploadedImage{
		ID: uuid.NewString(), Alt: alt, OriginalKey: "originals/x", Width: 1200, Height: 1500, SizeBytes: 1234, ContentType: "image/jpeg"})
	require.NoError(t, err)
	return p
}

// gallery is a product's images as "alt:primary", in order.
func gallery(p catalog.AdminProduct) []string {
	out := []string{}
	for _, img := range p.Images {
		out = append(out, img.Alt+":"+strconv.FormatBool(img.Primary))
	}
	return out
}

func (b *backOffice) outbox(t *testing.T, topic string) int {
	t.Helper()
	var n int
	require.NoError(t, b.pool.QueryRow(context.Background(), `SELECT count(*) FROM outbox WHERE topic = $1`, topic).Scan(&n))
	return n
}

func TestAddImage(t *testing.T) {
	t.Parallel()
	b := newBackOffice(t)
	ctx := context.Background()
	p := b.upload(t, "")
	require.Equal(t, []string{"Rose Serum:true"}, gallery(p), "alt defaults to the name; the first image is primary")
	img := p.Images[0]
	require.Equal(t, catalog.ImageProcessing, img.State)
	require.Equal(t, int32(1200), img.Width)
	require.Equal(t, "image/jpeg", img.ContentType)
	require.Equal(t, int64(2), p.Revision)
	require.Equal(t, 1, b.outbox(t, catalog.TopicImageUploaded), "the renditions are asked for in the same transaction")
	p = b.upload(t, " Back of the bottle ")
	require.Equal(t, []string{"Rose Serum:true", "Back of the bottle:false"}, gallery(p))
	revs, err := b.admin.Revisions(ctx, p.ID, 1, "")
	require.NoError(t, err)
	require.Equal(t, catalog.ActionImagesChanged, revs.Revisions[0].Action)

	for name, c := range map[string]struct {
		expected int64
		img      catalog.UploadedImage
		want     apperrtest.Want
	}{
		"stale":        {expected: 1, img: catalog.UploadedImage{ID: uuid.NewString()}, want: apperrtest.Want{Kind: apperr.KindConflict, Reason: "stale_revision"}},
		"alt too long": {img: catalog.UploadedImage{ID: uuid.NewString(), Alt: strings.Repeat("é", 251)}, want: apperrtest.Want{Kind: apperr.KindInvalid, Reason: "alt_too_long"}},
		"bad id":       {img: catalog.UploadedImage{ID: "x"}, want: apperrtest.Want{Kind: apperr.KindInvalid, Reason: "invalid_product_id"}},
	} {
		before := b.state(t)
		_, _, err := b.admin.AddImage(ctx, b.ada, b.rose.ID, c.expected, c.img)
		apperrtest.RequireKind(t, err, c.want.Kind, c.want.Reason)
		require.Equal(t, before, b.state(t), name+": a refused upload changes nothing")
		require.Equal(t, 2, b.outbox(t, catalog.TopicImageUploaded), name)
	}
}

func TestImageChanges(t *testing.T) {
	t.Parallel()
	type call func(b *backOffice, p catalog.AdminProduct) (catalog.AdminProduct, error)
	ctx := context.Background()
	tests := map[string]struct {
		call call
		want []string
		err  *apperrtest.Want
	}{
		"alt text": {call: func(b *backOffice, p catalog.AdminProduct) (catalog.AdminProduct, error) {
			return b.admin.UpdateImage(ctx, b.ben, p.ID, p.Images[1].ID, p.Revision, new(" Side "), nil)
		}, want: []string{"front:true", "Side:false", "back:false"}},
		"make primary": {call: func(b *backOffice, p catalog.AdminProduct) (catalog.AdminProduct, error) {
			return b.admin.UpdateImage(ctx, b.ben, p.ID, p.Images[2].ID, 0, nil, new(true))
		}, want: []string{"front:false", "side:false", "back:true"}},
		"reorder": {call: func(b *backOffice, p catalog.AdminProduct) (catalog.AdminProduct, error) {
			return b.admin.ReorderImages(ctx, b.ben, p.ID, p.Revision, []string{p.Images[2].ID, p.Images[0].ID, p.Images[1].ID})
		}, want: []string{"back:false", "front:true", "side:false"}},
		"delete the primary": {call: func(b *backOffice, p catalog.AdminProduct) (catalog.AdminProduct, error) {
			return b.admin.DeleteImage(ctx, b.ben, p.ID, p.Images[0].ID, p.Revision)
		}, want: []string{"side:true", "back:false"}},
		"unmake primary": {call: func(b *backOffice, p catalog.AdminProduct) (catalog.AdminProduct, error) {
			return b.admin.UpdateImage(ctx, b.ben, p.ID, p.Images[0].ID, 0, nil, new(false))
		}, err: &apperrtest.Want{Kind: apperr.KindInvalid, Reason: "primary_required"}},
		"empty alt": {call: func(b *backOffice, p catalog.AdminProduct) (catalog.AdminProduct, error) {
			return b.admin.UpdateImage(ctx, b.ben, p.ID, p.Images[0].ID, 0, new("  "), nil)
		}, err: &apperrtest.Want{Kind: apperr.KindInvalid, Reason: "alt_required"}},
		"another product's image": {call: func(b *backOffice, p catalog.AdminProduct) (catalog.AdminProduct, error) {
			return b.admin.DeleteImage(ctx, b.ben, b.moss.ID, p.Images[0].ID, 0)
		}, err: &apperrtest.Want{Kind: apperr.KindNotFound, Reason: "image_not_found"}},
		"reorder missing one": {call: func(b *backOffice, p catalog.AdminProduct) (catalog.AdminProduct, error) {
			return b.admin.ReorderImages(ctx, b.ben, p.ID, 0, []string{p.Images[2].ID, p.Images[0].ID})
		}, err: &apperrtest.Want{Kind: apperr.KindInvalid, Reason: "image_list_mismatch"}},
		"reorder a stranger": {call: func(b *backOffice, p catalog.AdminProduct) (catalog.AdminProduct, error) {
			return b.admin.ReorderImages(ctx, b.ben, p.ID, 0, []string{p.Images[2].ID, p.Images[0].ID, uuid.NewString()})
		}, err: &apperrtest.Want{Kind: apperr.KindInvalid, Reason: "image_list_mismatch"}},
		"stale": {call: func(b *backOffice, p catalog.AdminProduct) (catalog.AdminProduct, error) {
			return b.admin.DeleteImage(ctx, b.ben, p.ID, p.Images[0].ID, p.Revision-1)
		}, err: &apperrtest.Want{Kind: apperr.KindConflict, Reason: "stale_revision"}},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			b := newBackOffice(t)
			b.upload(t, "front")
			b.upload(t, "side")
			p := b.upload(t, "back")
			before := b.state(t)
			got, err := tt.call(b, p)
			if tt.err != nil {
				apperrtest.RequireKind(t, err, tt.err.Kind, tt.err.Reason)
				require.Equal(t, before, b.state(t), "a refused change changes nothing")
				require.Zero(t, b.outbox(t, catalog.TopicImageDeleted))
				return
			}
			require.NoError(t, err)
			require.Equal(t, tt.want, gallery(got))
			require.Equal(t, p.Revision+1, got.Revision)
			require.Equal(t, got, b.get(t, p.ID), "the answer is what was stored")
			if len(tt.want) < 3 {
				require.Equal(t, 1, b.outbox(t, catalog.TopicImageDeleted), "the files' removal is asked for")
			}
			// Undo: restoring the revision before brings back order, alt texts and primary of the
			// images that still exist.
			restored, err := b.admin.Restore(ctx, b.ada, p.ID, p.Revision, got.Revision)
			require.NoError(t, err)
			wantBack := []string{"front:true", "side:false", "back:false"}
			if len(tt.want) < 3 {
				wantBack = []string{"side:true", "back:false"}
			}
			require.Equal(t, wantBack, gallery(restored))
		})
	}
}
