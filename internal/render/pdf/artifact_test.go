package pdf

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestArtifactsWrapWhatIsNotTagged(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		// A background, a tagged paragraph, a footer.
		"0 0 1 rg 0 0 10 10 re f\n/P <</MCID 0 >>BDC\nBT (a\\) EMC \\() Tj ET\nEMC\nBT <0029> Tj ET\n": "/Artifact BMC\n0 0 1 rg 0 0 10 10 re f\nEMC\n\n/P <</MCID 0 >>BDC\nBT (a\\) EMC \\() Tj ET\nEMC\n/Artifact BMC\n\nBT <0029> Tj ET\n\nEMC\n",
		// Nothing outside: empty artifacts only.
		"/Span <</MCID 0 /X true>> BDC q Q EMC": "/Artifact BMC\n\nEMC\n/Span <</MCID 0 /X true>> BDC q Q EMC\n/Artifact BMC\n\nEMC\n",
		"% a comment EMC\n1 0 0 1 0 0 cm":       "/Artifact BMC\n% a comment EMC\n1 0 0 1 0 0 cm\nEMC\n",
	} {
		out, err := artifacts([]byte(in))
		require.NoError(t, err, in)
		require.Equal(t, want, string(out), in)
	}
	for _, in := range []string{
		"BT /P <</MCID 0>> BDC (x) Tj EMC ET", // would cross the text object
		"/P BMC (x) Tj",                       // unbalanced
		"EMC",                                 // unbalanced
		"BT (x",                               // a string that does not end
		"/P BMC BT EMC ET",                    // a sequence ending inside a text object
	} {
		_, err := artifacts([]byte(in))
		require.ErrorIs(t, err, errCannotMark, in)
	}
}

// FuzzArtifacts: any content stream is marked or refused, never a panic;
// what is marked has its marked-content sequences balanced.
//
//	go test ./internal/render/pdf -run '^$' -fuzz FuzzArtifacts -fuzztime 30s
func FuzzArtifacts(f *testing.F) {
	for _, s := range []string{"q 1 0 0 1 0 0 cm /P <</MCID 0>>BDC BT (x) Tj ET EMC Q", "BI /W 1 /H 1 ID \x00\xffEI EI", "(a\\", "<<", "ID", "% x"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		out, err := artifacts(b)
		if err != nil {
			return
		}
		s := scanner{b: out}
		depth := 0
		for {
			start, end, ok, err := s.next()
			if err != nil || !ok {
				break
			}
			switch string(out[start:end]) {
			case "BDC", "BMC":
				if s.operator {
					depth++
				}
			case "EMC":
				if s.operator {
					depth--
				}
			}
		}
		if depth != 0 {
			t.Fatalf("%q marked as %q: unbalanced", b, out)
		}
	})
}
