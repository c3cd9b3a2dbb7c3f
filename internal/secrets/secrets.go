// Package secrets holds the one comparison of secret material in Paprika:
// the admin token, key secrets and their hashes, console session and CSRF
// tokens. Every such comparison goes through Equal, never ==, !=,
// bytes.Equal or a switch, whose time says how many leading bytes matched;
// TestSecretsAreComparedInConstantTime (lint_test.go) fails the build of
// any that does not.
package secrets

import (
	"crypto/sha256"
	"crypto/subtle"
)

// Equal reports whether got and want are the same bytes, in a time that
// depends on neither their contents nor their lengths: both are hashed
// with SHA-256 first and the digests compared with
// subtle.ConstantTimeCompare (which, on inputs of different lengths,
// returns at once). Two empty inputs are equal: callers that must refuse
// an empty secret check for it themselves.
func Equal[T ~string | ~[]byte](got, want T) bool {
	g := sha256.Sum256([]byte(got))
	w := sha256.Sum256([]byte(want))
	return subtle.ConstantTimeCompare(g[:], w[:]) == 1
}
