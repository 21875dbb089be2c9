package contact

import (
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/surrogator/surrogator/surrogator/kinds"
)

var fuzzKinds = []kinds.Kind{kinds.ID, kinds.ContactPhone, kinds.ContactEmail, kinds.ContactURL, kinds.NameUsername, kinds.Age}

// FuzzGenerators: no generator panics; every success differs from the
// original (AGE aside); IDs (other than IBANs) and phones keep their shape.
func FuzzGenerators(f *testing.F) {
	for i, c := range goldenCases {
		for j, k := range fuzzKinds {
			if (i+j)%3 == 0 || k == c.kind {
				f.Add(uint8(j), c.in)
			}
		}
	}
	f.Fuzz(func(t *testing.T, ki uint8, in string) {
		if !utf8.ValidString(in) || len(in) > 200 {
			return
		}
		k := fuzzKinds[int(ki)%len(fuzzKinds)]
		g, _ := testGenerators.Lookup(k)
		start := time.Now()
		out, err := g(in, newCtx(k, in, goldenScope(), testRes))
		if d := time.Since(start); d > 2*time.Second {
			t.Fatalf("%s: %d bytes took %v", k, len(in), d)
		}
		if err != nil {
			if strings.TrimSpace(in) != "" && len(in) > 3 && strings.Contains(err.Error(), in) {
				t.Fatalf("error contains the original: %v", err)
			}
			return
		}
		if k == kinds.Age {
			return
		}
		if out == in {
			t.Fatalf("%s %q unchanged", k, in)
		}
		if (k == kinds.ContactPhone && !phoneShapeOK(in, out)) || (k == kinds.ID && !ibanWritten(in) && shapeOf(out) != shapeOf(in)) {
			t.Fatalf("%s %q → %q: shape changed", k, in, out)
		}
	})
}
