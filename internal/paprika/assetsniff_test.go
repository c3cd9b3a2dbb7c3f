package paprika

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// A file's extension gives its asset type, whatever its case and folders;
// a name with none of an asset's extensions has none.
func TestAssetTypeByName(t *testing.T) {
	t.Parallel()
	for name, want := range map[string]string{
		"logo.png": "image/png", "fonts/Brand.WOFF2": "font/woff2", "a.b/site.css": "text/css", "photo.jpeg": "image/jpeg",
		"lib.mjs": "text/javascript", "notes.txt": "", "fonts.d/brand": "", "png": "",
	} {
		got, ok := AssetTypeByName(name)
		require.Equal(t, want, got, name)
		require.Equal(t, want != "", ok, name)
		if ok {
			require.True(t, IsAssetType(got), got)
		}
	}
	require.NoError(t, SniffAsset("image/png", []byte("\x89PNG\r\n\x1a\n....")))
	require.ErrorContains(t, SniffAsset("image/png", []byte("GIF89a")), "the body is not image/png")
}
