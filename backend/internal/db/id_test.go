package db

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestCanonicalID(t *testing.T) {
	t.Parallel()
	const id = "0b6c1f9e-2a7d-4c1e-9f3a-5d8e7b6a4c21"
	for in, want := range map[string]string{id: id, "0B6C1F9E-2A7D-4C1E-9F3A-5D8E7B6A4C21": id} {
		got, ok := CanonicalID(in)
		require.True(t, ok, in)
		require.Equal(t, want, got, "lower-cased as the database prints it")
	}
	// The other forms uuid.Parse accepts (braces, urn:uuid:, 32 digits) are refused like any
	// other non-id, and so is a slug of the same length.
	refused := []string{"", "0b6c1f9e2a7d4c1e9f3a5d8e7b6a4c21", "{" + id + "}", "urn:uuid:" + id,
		"0b6c1f9e-2a7d-4c1e-9f3a-5d8e7b6a4cz1", "0b6c1f9e2-a7d-4c1e-9f3a-5d8e7b6a4c21", "a-product-slug-that-is-36-characters"}
	for _, in := range refused {
		got, ok := CanonicalID(in)
		require.False(t, ok, in)
		require.Empty(t, got, in)
	}
}
