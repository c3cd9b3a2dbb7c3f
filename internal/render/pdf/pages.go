package pdf

import "bytes"

// PageCount reads how many pages doc has: a PDF another engine than
// Chromium wrote (LibreOffice's), whose pages were not counted as it
// printed.
func PageCount(doc []byte) (n int, err error) {
	defer recoverTo(&err)
	ctx, err := read(bytes.NewReader(doc), nil)
	if err != nil {
		return 0, err
	}
	return ctx.PageCount, nil
}
