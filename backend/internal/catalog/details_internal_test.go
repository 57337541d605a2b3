package catalog

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// decodeDetails reads the JSON PostgreSQL's json_agg and json_build_object write (spaces around
// the colons, \uXXXX escapes, jsonb's own spacing inside variants), and NULL columns as none.
func TestDecodeDetails(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name               string
		attributes, images string // "" is NULL
		want               Product
	}{
		{"none", "", "", Product{}},
		{
			"attributes, with escapes",
			`[{"name" : "brand", "value" : "Maison Lumi\u00e8re"}, {"name" : "Size", "value" : "30 \"ml\"\\\n"}]`, "",
			Product{Attributes: []Attribute{{"brand", "Maison Lumière"}, {"Size", "30 \"ml\"\\\n"}}},
		},
		{
			"images and their variants, in order",
			"",
			`[{"id" : "a1", "alt" : "Front", "primary" : true, "variants" : [{"key": "images/a1/400.jpg", "width": 400, "height": 500, "content_type": "image/jpeg"}, {"key": "images/a1/800.webp", "width": 800, "height": 1000, "content_type": "image/webp"}]}, ` +
				`{"id" : "b2", "alt" : "", "primary" : false, "variants" : []}]`,
			Product{Images: []Image{
				{ID: "a1", Alt: "Front", Primary: true, Variants: []Variant{
					{Key: "images/a1/400.jpg", Width: 400, Height: 500, ContentType: "image/jpeg"},
					{Key: "images/a1/800.webp", Width: 800, Height: 1000, ContentType: "image/webp"}}},
				{ID: "b2"},
			}},
		},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var got Product
			var attributes, images []byte
			if tt.attributes != "" {
				attributes = []byte(tt.attributes)
			}
			if tt.images != "" {
				images = []byte(tt.images)
			}
			decodeDetails(&got, attributes, images)
			require.Equal(t, tt.want, got)
		})
	}
}
