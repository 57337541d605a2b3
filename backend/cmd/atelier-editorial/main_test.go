package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"testing"

	"github.com/atelier-commerce/atelier/backend/internal/seed"
	"github.com/stretchr/testify/require"
)

// Every picture names a drawn scene; each house has a hero slide, a card and a banner, and the
// shop as a whole a hero slide; no two pictures share file names.
func TestPicturesCoverTheHouses(t *testing.T) {
	files := map[string]bool{}
	have := map[string]bool{}
	for _, p := range pictures {
		s, err := sceneFor(p.Scene)
		require.NoError(t, err)
		name := p.Role + "-" + s.Slug
		require.False(t, files[name], "%s twice", name)
		files[name] = true
		have[p.Role+"/"+s.House] = true
		require.True(t, slices.IsSorted(p.Widths), "%s: widths narrowest first", name)
		require.Equal(t, p.Width, p.Widths[len(p.Widths)-1], "%s: the widest file is the drawing", name)
	}
	want := []string{"hero/"}
	for _, h := range []string{seed.BrandLumiere, seed.BrandVerdant} {
		want = append(want, "hero/"+h, "card/"+h, "banner/"+h)
	}
	for _, w := range want {
		require.True(t, have[w], "no picture for %s", w)
	}
}

// The committed manifest describes exactly the pictures listed here (run `just editorial` after
// changing them).
func TestManifestIsCurrent(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "..", "..", "storefront", "app", "lib", "editorial.gen.json"))
	require.NoError(t, err)
	var m struct {
		Pictures []manifestEntry `json:"pictures"`
	}
	require.NoError(t, json.Unmarshal(b, &m))
	require.Len(t, m.Pictures, len(pictures))
	for i, p := range pictures {
		got := m.Pictures[i]
		require.Equal(t, []any{p.Role, p.Width, p.Height, p.Widths}, []any{got.Role, got.Width, got.Height, got.Widths})
		for _, w := range p.Widths {
			for _, e := range encodings {
				_, err := os.Stat(filepath.Join("..", "..", "..", "storefront", "public", "editorial",
					got.Files+"-"+itoa(w)+"."+e.ext))
				require.NoError(t, err)
			}
		}
	}
}

func itoa(n int) string { return strconv.Itoa(n) }
