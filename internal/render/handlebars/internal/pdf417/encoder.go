// Package pdf417 creates PDF417 barcodes. It is github.com/boombuler/barcode's
// pdf417 package of v1.1.0 (MIT, LICENSE beside this file) with its layout
// mended: the left row indicators of rows 1, 4, 7, … carry (rows-1)/3 as
// ISO/IEC 15438 says (upstream wrote (rows-3)/3, so that readers returned
// part of the data, or other data, for any row count not divisible by 3),
// a symbol has at least 3 and up to 90 rows, and its padding fills every
// row. The image has one pixel row per symbol row (moduleHeight). The rest
// is upstream's, less what staticcheck finds (redundant breaks, capitalised
// errors).
package pdf417

import (
	"fmt"

	"github.com/boombuler/barcode"
	"github.com/boombuler/barcode/utils"
)

const (
	padding_codeword = 900
)

// Encodes the given data and color scheme as PDF417 barcode.
// securityLevel should be between 0 and 8. The higher the number, the more
// additional error-correction codes are added.
func EncodeWithColor(data string, securityLevel byte, color barcode.ColorScheme) (barcode.Barcode, error) {
	if securityLevel >= 9 {
		return nil, fmt.Errorf("invalid security level %d", securityLevel)
	}

	sl := securitylevel(securityLevel)

	dataWords, err := highlevelEncode(data)
	if err != nil {
		return nil, err
	}

	columns, rows := calcDimensions(len(dataWords), sl.ErrorCorrectionWordCount())
	if columns == 0 {
		return nil, fmt.Errorf("unable to fit data in barcode")
	}

	barcode := new(pdfBarcode)
	barcode.data = data
	barcode.color = color

	codeWords, err := encodeData(dataWords, columns*rows, sl)
	if err != nil {
		return nil, err
	}

	grid := [][]int{}
	for i := 0; i < len(codeWords); i += columns {
		grid = append(grid, codeWords[i:min(i+columns, len(codeWords))])
	}

	codes := [][]int{}

	for rowNum, row := range grid {
		table := rowNum % 3
		rowCodes := make([]int, 0, columns+4)

		rowCodes = append(rowCodes, start_word)
		rowCodes = append(rowCodes, getCodeword(table, getLeftCodeWord(rowNum, rows, columns, securityLevel)))

		for _, word := range row {
			rowCodes = append(rowCodes, getCodeword(table, word))
		}

		rowCodes = append(rowCodes, getCodeword(table, getRightCodeWord(rowNum, rows, columns, securityLevel)))
		rowCodes = append(rowCodes, stop_word)

		codes = append(codes, rowCodes)
	}

	barcode.code = renderBarcode(codes)
	barcode.width = (columns+4)*17 + 1

	return barcode, nil
}

// Encodes the given data as PDF417 barcode.
// securityLevel should be between 0 and 8. The higher the number, the more
// additional error-correction codes are added.
func Encode(data string, securityLevel byte) (barcode.Barcode, error) {
	return EncodeWithColor(data, securityLevel, barcode.ColorScheme16)
}

// encodeData pads dataWords to fill total codewords with the length
// descriptor and the error correction, and adds those.
func encodeData(dataWords []int, total int, sl securitylevel) ([]int, error) {
	ecCount := sl.ErrorCorrectionWordCount()
	for len(dataWords)+1+ecCount < total {
		dataWords = append(dataWords, padding_codeword)
	}

	length := len(dataWords) + 1
	dataWords = append([]int{length}, dataWords...)

	ecWords := sl.Compute(dataWords)

	return append(dataWords, ecWords...), nil
}

func getLeftCodeWord(rowNum int, rows int, columns int, securityLevel byte) int {
	tableId := rowNum % 3

	var x int

	switch tableId {
	case 0:
		x = (rows - 1) / 3 // upstream: (rows - 3) / 3, wrong unless rows%3 == 0
	case 1:
		x = int(securityLevel) * 3
		x += (rows - 1) % 3
	case 2:
		x = columns - 1
	}

	return 30*(rowNum/3) + x
}

func getRightCodeWord(rowNum int, rows int, columns int, securityLevel byte) int {
	tableId := rowNum % 3

	var x int

	switch tableId {
	case 0:
		x = columns - 1
	case 1:
		x = (rows - 1) / 3
	case 2:
		x = int(securityLevel) * 3
		x += (rows - 1) % 3
	}

	return 30*(rowNum/3) + x
}

func renderBarcode(codes [][]int) *utils.BitList {
	bl := new(utils.BitList)
	for _, row := range codes {
		lastIdx := len(row) - 1
		for i, col := range row {
			if i == lastIdx {
				bl.AddBits(col, 18)
			} else {
				bl.AddBits(col, 17)
			}
		}
	}
	return bl
}
