package pdf

import _ "embed"

// srgbProfile is the sRGB IEC61966-2.1 ICC profile (version 2.3, 6,922
// bytes) of the output intent PDF/A asks for. It is sRGB.icc of Debian's
// icc-profiles-free package (by Kai-Uwe Behrmann, Marti Maria and others;
// the zlib licence, in icc/LICENSE), embedded so that no file on the
// server is needed at run time.
//
//go:embed icc/sRGB.icc
var srgbProfile []byte
