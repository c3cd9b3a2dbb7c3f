package secrets

import "testing"

func TestEqual(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		got, want string
		equal     bool
	}{
		{"adm_0123456789abcdef", "adm_0123456789abcdef", true},
		{"adm_0123456789abcdef", "adm_0123456789abcdeg", false}, // the last byte
		{"bdm_0123456789abcdef", "adm_0123456789abcdef", false}, // the first byte
		{"adm_0123456789abcdef", "adm_0123456789abcde", false},  // a prefix
		{"adm_0123456789abcde", "adm_0123456789abcdef", false},
		{"", "adm_0123456789abcdef", false},
		{"", "", true},
	} {
		if got := Equal(tc.got, tc.want); got != tc.equal {
			t.Errorf("Equal(%q, %q) = %v, want %v", tc.got, tc.want, got, tc.equal)
		}
		if got := Equal([]byte(tc.got), []byte(tc.want)); got != tc.equal {
			t.Errorf("Equal([]byte(%q), []byte(%q)) = %v, want %v", tc.got, tc.want, got, tc.equal)
		}
	}
	var h1, h2 [32]byte
	h2[31] = 1
	if !Equal(h1[:], h1[:]) || Equal(h1[:], h2[:]) {
		t.Error("Equal on digests")
	}
}
