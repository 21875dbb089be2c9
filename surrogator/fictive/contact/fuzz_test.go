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

// FuzzFacilityAddresses: deriving an address or ID from a facility or town
// of the letter (facweb.go, kfz.go) never panics, never returns the
// original, and keeps a well-formed e-mail address well-formed.
func FuzzFacilityAddresses(f *testing.F) {
	f.Add(uint8(0), "Universitätsklinikum Leipzig", "Universitätsklinikum Bonn", "www.uniklinikum-leipzig.de")
	f.Add(uint8(1), "Klinikum St. Georg", "Katholisches Klinikum Reichenbach", "infektiologie@sanktgeorg.de")
	f.Add(uint8(1), "Karl-Jaspers-Klinik", "Psychiatrische Klinik Lüneburg", "tagesklinik@kjk.de")
	f.Add(uint8(1), "NCT", "UCCSH", "nct-ambulanz@med.uni-heidelberg.de")
	f.Add(uint8(2), "Universitätsklinikum Leipzig", "Universitätsklinikum Bonn", "UKL-2024-117")
	f.Add(uint8(2), "Diakonie Klinikum Jung-Stilling", "Klinikum Bonn-Süd", "JS-OP-24-5512")
	f.Add(uint8(1), "Medizinischer Dienst Bayern", "Medizinischer Dienst", "h.m@md-bayern.de")
	f.Fuzz(func(t *testing.T, ki uint8, fac, sub, in string) {
		if !utf8.ValidString(fac+sub+in) || len(in) > 120 || len(fac) > 120 || len(sub) > 120 ||
			strings.TrimSpace(fac) == "" || strings.ContainsAny(fac+sub+in, "\n\r") {
			return
		}
		k := []kinds.Kind{kinds.ContactURL, kinds.ContactEmail, kinds.ID}[int(ki)%3]
		g, _ := testGenerators.Lookup(k)
		start := time.Now()
		out, err := g(in, facDoc(int(ki), k, in, [2]string{fac, sub}))
		if d := time.Since(start); d > 2*time.Second {
			t.Fatalf("%s: took %v", k, d)
		}
		if err != nil {
			return
		}
		if out == in {
			t.Fatalf("%s %q unchanged", k, in)
		}
		if k == kinds.ContactEmail && emailRE.MatchString(in) && !emailRE.MatchString(out) {
			t.Fatalf("%q → %q: no longer an address", in, out)
		}
	})
}
