package qr

import (
	"testing"

	upstream "github.com/boombuler/barcode/qr"
	"github.com/stretchr/testify/require"
)

// Text beyond ASCII starts with the ECI of UTF-8 (0111, 26) before byte
// mode; an ASCII value gets no ECI and is the very symbol upstream draws.
func TestECI(t *testing.T) {
	t.Parallel()
	bits, _, err := encodeUnicode("Müller", M)
	require.NoError(t, err)
	b := bits.GetBytes()
	// 0111 00011010 0100 00000111 (7 bytes) 'M'…: 0x71 0xA4 0x07 0x4D
	require.Equal(t, []byte{0x71, 0xA4, 0x07, 0x4D}, b[:4])

	bits, _, err = encodeUnicode("Muller", M)
	require.NoError(t, err)
	require.Equal(t, byte(0x40), bits.GetBytes()[0], "byte mode first, no ECI")

	for _, v := range []string{"Muller", "HELLO 42", "0123456789", "https://example.com/?a=1&b=2"} {
		for _, ecl := range []ErrorCorrectionLevel{L, M, Q, H} {
			ours, err := Encode(v, ecl, Auto)
			require.NoError(t, err)
			theirs, err := upstream.Encode(v, upstream.ErrorCorrectionLevel(ecl), upstream.Auto)
			require.NoError(t, err)
			require.Equal(t, theirs.Bounds(), ours.Bounds(), v)
			for y := range ours.Bounds().Dy() {
				for x := range ours.Bounds().Dx() {
					require.Equal(t, theirs.At(x, y), ours.At(x, y), "%q at %d,%d", v, x, y)
				}
			}
		}
	}
}
