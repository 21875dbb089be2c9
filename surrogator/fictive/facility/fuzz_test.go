package facility

import (
	"context"
	"github.com/surrogator/surrogator/surrogator/fictive/facility/taxonomy"
	"math/rand"
	"strings"
	"testing"

	"github.com/surrogator/surrogator/geo"
)

// FuzzChoose: for any original, the method neither panics nor returns the
// original itself; a surrogate keeps the original's class and shares no
// proper noun with it.
func FuzzChoose(f *testing.F) {
	var es []Entry
	for _, n := range []string{"Klinikum Nordstadt", "Klinikum Südhafen", "Krankenhaus Ostwald", "Fachklinik Westend",
		"Praxis Dr. Muster", "Gemeinschaftspraxis Lindenhof", "Stern-Apotheke", "Apotheke am Brunnen",
		"Amtsgericht Musterstadt", "Sozialgericht Beispielheim", "Verein der Freunde e.V.", "Muster GmbH",
		"Bäckerei Korn", "Café Mokka", "Universitätsklinikum Beispielstadt", "Rehaklinik Waldblick"} {
		es = append(es, NewEntry(n, "", geo.PoolHealthcare))
	}
	p, err := Build(context.Background(), es, nil)
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range []string{"UKL", "Städt. KH Kiel", "AOK PLUS", "Praxis Dr. Muster", "Klinikum", "", "e. V.", "ÄÖÜ ß-Straße", "Klinik für Psychiatrie"} {
		f.Add(s, int64(1))
	}
	f.Fuzz(func(t *testing.T, orig string, seed int64) {
		taxonomy.Expand(orig)
		HeadGender(orig)
		taxonomy.ArticleBefore(orig)
		Acronym(orig)
		ch, err := p.Choose(context.Background(), Query{Original: orig, Default: Hospital, Rand: rand.New(rand.NewSource(seed))}, Options{})
		if err != nil {
			return
		}
		if Key(ch.Name) == Key(orig) {
			t.Fatalf("%q → itself", orig)
		}
		want := Classify(orig)
		if want == Unknown {
			want = Hospital
		}
		if Classify(ch.Name) != want {
			t.Fatalf("%q (%s) → %q (%s)", orig, want, ch.Name, Classify(ch.Name))
		}
		own := strings.Join(ProperNouns(orig), " ")
		for _, w := range ProperNouns(ch.Name) {
			if strings.Contains(" "+own+" ", " "+w+" ") {
				t.Fatalf("%q → %q shares %q", orig, ch.Name, w)
			}
		}
	})
}
