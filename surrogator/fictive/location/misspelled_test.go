package location

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/surrogator/surrogator/data"
	"github.com/surrogator/surrogator/internal/testutil"
	fac "github.com/surrogator/surrogator/surrogator/fictive/facility"
)

// misspelled are institution names as letters misspell them: none is in
// the register, the misspelled word (second field) is no word of any
// surrogate source.
var misspelled = [][2]string{
	{"Universitätsklikum Bonn", "Universitätsklikum"},
	{"Universitätsklikum Glauchau", "Universitätsklikum"},
	{"Universtätsklinikum", "Universtätsklinikum"},
	{"Uniklinikum Brauschweig", "Brauschweig"},
	{"Universitätsklinkum Erlangen", "Universitätsklinkum"},
	{"Kreisklinkum Torgau", "Kreisklinkum"},
	{"Herzentrum Leipzig", "Herzentrum"},
	{"Amtsgerihct Leipzig", "Amtsgerihct"},
	{"Gesundheitsamtt Leipzig", "Gesundheitsamtt"},
	{"Stadtverwaltng Leipzig", "Stadtverwaltng"},
	{"Klinikk Leipzig", "Klinikk"},
	{"Landrats amt Leipzig", "Landrats amt"},
}

// TestMisspelledInstitutions: a misspelled or unknown institution never
// comes back as its broken word with a surrogate town ("Universitätsklikum
// Glauchau"): the surrogate is a real institution of the register, an
// office of the surrogate place or a plausible name of the class, on the
// default path and with pools; a hyphenated compound of places in a pool
// name is replaced whole ("Sana Klinikum Hameln-Pyrmont" never becomes
// "Sana Klinikum Zittau-Pyrmont").
func TestMisspelledInstitutions(t *testing.T) {
	paths := map[string]*fac.Pools{"default": nil, "fixture pools": testPools(t)}
	if !testing.Short() {
		if dir, ok := testutil.SharedPath(t, "pools"); ok {
			sharedPoolsOnce.Do(func() { sharedPools, sharedPoolsErr = fac.FromLists(context.Background(), dir, nil) })
			if sharedPoolsErr != nil {
				t.Fatal(sharedPoolsErr)
			}
			paths["--pools ../shared/pools"] = sharedPools
		}
	}
	for path, pools := range paths {
		n := 0
		for _, c := range misspelled {
			for _, kind := range []string{"HOSPITAL", "ORG", "OTHER"} {
				d := parseDoc(t, "m", fmt.Sprintf("[[%s|%s]], [[STREET|Hauptstraße 1]], [[ZIP|04103]] [[CITY|Leipzig]]", kind, c[0]))
				for seed := 0; seed < 20; seed++ {
					var sur string
					if pools != nil {
						sur = runWithPools(t, pools, d, fmt.Sprint("m", seed))[0].sur
					} else {
						_, rs := runDoc(t, nil, nil, d, nil)
						sur = rs[0].sur
						d.Name = fmt.Sprint("m", seed) // another document key, another draw
					}
					n++
					if containsWord(strings.ToLower(sur), strings.ToLower(c[1])) {
						t.Errorf("%s: %s %q → %q keeps the misspelled word", path, kind, c[0], sur)
					}
				}
			}
		}
		t.Logf("%s: %d misspelled originals × kinds × seeds checked", path, n)
	}
}

// TestPlaceCityCompound: the town inside a pool name is replaced whole
// when it is part of a compound of places, and keeps a compass part.
func TestPlaceCityCompound(t *testing.T) {
	g := NewEmbedded(data.Default())
	for _, c := range []struct{ cand, want string }{
		{"Sana Klinikum Hameln-Pyrmont", "Sana Klinikum Zittau"},
		{"Klinikum Leipzig-Süd", "Klinikum Zittau-Süd"},
		{"Helios Klinikum Erfurt", "Helios Klinikum Zittau"},
		{"Kreiskrankenhaus Torgau", "Kreiskrankenhaus Zittau"},
		{"LVR-Klinikum Essen", "LVR-Klinikum Zittau"},
		{"Klinikum Hof", "Klinikum Zittau"},
		// a compound with a facility word is the facility's name, not a
		// place ("Sonnen" is a municipality)
		{"Sonnen-Apotheke Lauf", "Sonnen-Apotheke Zittau"},
		{"Sonnen-Apotheke", "Sonnen-Apotheke"},
	} {
		if got := placeCity(g, c.cand, "Zittau"); got != c.want {
			t.Errorf("placeCity(%q) = %q, want %q", c.cand, got, c.want)
		}
	}
}
