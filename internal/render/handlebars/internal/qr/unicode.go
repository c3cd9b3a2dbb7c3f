package qr

import (
	"errors"

	"github.com/boombuler/barcode/utils"
)

// The ECI header of UTF-8: the ECI mode indicator, then the designator 26
// in its one-byte form (0 to 127).
const (
	eciMode       = 7
	eciUTF8       = 26
	eciHeaderBits = 4 + 8
)

func encodeUnicode(content string, ecl ErrorCorrectionLevel) (*utils.BitList, *versionInfo, error) {
	data := []byte(content)
	eci := !isASCII(data)

	bits := len(data) * 8
	if eci {
		bits += eciHeaderBits
	}
	vi := findSmallestVersionInfo(ecl, byteMode, bits)
	if vi == nil {
		return nil, nil, errors.New("to much data to encode")
	}

	res := new(utils.BitList)
	if eci {
		res.AddBits(eciMode, 4)
		res.AddBits(eciUTF8, 8)
	}
	res.AddBits(int(byteMode), 4)
	res.AddBits(len(data), vi.charCountBits(byteMode))
	for _, b := range data {
		res.AddByte(b)
	}
	addPaddingAndTerminator(res, vi)
	return res, vi, nil
}

// isASCII reports bytes that read the same in every charset a reader may
// assume: no ECI is needed for them.
func isASCII(data []byte) bool {
	for _, b := range data {
		if b >= 0x80 {
			return false
		}
	}
	return true
}
