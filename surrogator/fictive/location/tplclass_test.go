package location

import (
	"slices"
	"strings"
	"testing"

	"github.com/surrogator/surrogator/data"
	fac "github.com/surrogator/surrogator/surrogator/fictive/facility"
)

// TestTemplateClassCached: the cached class of every template (and of the
// synthesised "<head> {city}" ones) is the class computed without a cache,
// on the first and on a later call, and sameClassTemplates keeps the same
// templates with and without a cache.
func TestTemplateClassCached(t *testing.T) {
	res := data.Default()
	gc := &geoCache{}
	var all []string
	for _, k := range []string{data.FacilityHospital, data.FacilityPractice, data.FacilityOrganization, data.FacilityOther} {
		all = append(all, res.FacilityTemplates[k]...)
	}
	for h := range synthHeads {
		all = append(all, h+" {city}")
	}
	if len(all) == 0 {
		t.Fatal("no facility templates")
	}
	for round := 0; round < 2; round++ {
		for _, tpl := range all {
			want := fac.Classify(templateFill.Replace(tpl))
			if got := templateClass(gc, tpl); got != want {
				t.Fatalf("round %d: %q: cached class %v, want %v", round, tpl, got, want)
			}
			if got := templateClass(nil, tpl); got != want {
				t.Fatalf("%q: class %v, want %v", tpl, got, want)
			}
		}
	}
	originals := []string{"Universitätsklinikum Musterstadt", "Praxis Dr. Muster", "Reha-Klinik am See", "Stadtwerke Musterstadt GmbH",
		"Gymnasium Lindenhof", "Apotheke am Markt", "Caritasverband", "Pflegeheim St. Anna", "Amtsgericht Musterstadt", "xyz"}
	for _, o := range originals {
		for _, k := range []string{data.FacilityHospital, data.FacilityPractice, data.FacilityOrganization, data.FacilityOther} {
			ts := res.FacilityTemplates[k]
			want := sameClassTemplates(o, fac.Unknown, ts, res.FacilityTemplates, nil)
			for range 2 {
				if got := sameClassTemplates(o, fac.Unknown, ts, res.FacilityTemplates, gc); !slices.Equal(got, want) {
					t.Fatalf("%q (%s): cached %q, want %q", o, k, got, want)
				}
			}
		}
	}
}

// TestTemplateClassBounded: a full cache answers without storing.
func TestTemplateClassBounded(t *testing.T) {
	gc := &geoCache{}
	gc.tplCount.Store(maxTemplateClasses)
	if got, want := templateClass(gc, "Klinikum {city}"), fac.Classify(templateFill.Replace("Klinikum {city}")); got != want {
		t.Fatalf("class %v, want %v", got, want)
	}
	if _, ok := gc.tplClass.Load("Klinikum {city}"); ok {
		t.Fatal("stored beyond the bound")
	}
}

// TestIsKeywordTable: isKeyword over the precomputed keywords answers as
// the scan of heads and domains it replaces, for every head, stem and
// some other words.
func TestIsKeywordTable(t *testing.T) {
	plain := func(w string) bool {
		l := strings.ToLower(w)
		for _, h := range heads {
			if strings.TrimSpace(h.match) != "" && strings.Contains(l, strings.TrimSpace(h.match)) {
				return true
			}
		}
		for _, d := range domains {
			for _, s := range d.stems {
				if strings.Contains(l, s) {
					return true
				}
			}
		}
		return false
	}
	words := []string{"", " ", "Musterstadt", "Lindenhof", "Albers", "Sankt", "St.", "Kreis", "Nord", "GmbH", "e.V."}
	for _, h := range heads {
		words = append(words, h.match, h.word, strings.ToUpper(h.word), "X"+h.word+"y")
	}
	for _, d := range domains {
		for _, s := range d.stems {
			words = append(words, s, strings.ToUpper(s)+"zentrum", s[:len(s)/2])
		}
	}
	for _, w := range words {
		if got, want := isKeyword(w), plain(w); got != want {
			t.Errorf("%q: %v, want %v", w, got, want)
		}
	}
}
