package location

import (
	"testing"

	fac "github.com/surrogator/surrogator/surrogator/fictive/facility"
)

// Every gendered fallback name shows its class and has a head whose
// gender the grammar reads.
func TestGenderHeads(t *testing.T) {
	for c, ts := range genderHeads {
		for _, tpl := range ts {
			s := templateFill.Replace(tpl)
			if got := fac.Classify(s); got != c {
				t.Errorf("%q: class %v, want %v", s, got, c)
			}
			if fac.HeadGender(s) == fac.NoGender {
				t.Errorf("%q: no head gender", s)
			}
		}
	}
	for _, c := range []struct {
		class   fac.Class
		article string
		orig    string
	}{
		{fac.Physiotherapy, "im", "Podologiezentrum Neumünster"},
		{fac.CareService, "das", "SAPV-Team Nordthüringen"},
		{fac.CareHome, "den", "Seniorenheimen"},
	} {
		gs := fac.AgreeingGenders(c.article, fac.HeadGender(c.orig))
		if len(genderedTemplates(c.class, gs)) == 0 {
			t.Errorf("%s %s: no %v name agrees", c.article, c.orig, c.class)
		}
	}
}
