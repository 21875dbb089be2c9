package location

import (
	"strconv"
	"strings"
	"testing"

	"github.com/surrogator/surrogator/data"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/fictive"
	"github.com/surrogator/surrogator/surrogator/kinds"
)

// TestFacilitySurnameKeepsOutNameWords: the surname a facility named after
// a person draws is stored in the person names' namespace (a patient of
// that surname gets it later), so it keeps out the words NameWord reports
// as the name generator does.
func TestFacilitySurnameKeepsOutNameWords(t *testing.T) {
	res := data.Default()
	excluded := map[string]bool{}
	for i, s := range res.Surnames {
		if i%3 != 0 {
			excluded[strings.ToLower(s)] = true // two in three listed surnames
		}
	}
	nameWord := func(c string) bool {
		for _, w := range strings.FieldsFunc(strings.ToLower(c), func(r rune) bool { return r == ' ' || r == '-' }) {
			if excluded[w] {
				return true
			}
		}
		return false
	}
	gens := fictive.Generators{}
	Install(gens)
	g, err := gens.Lookup(kinds.LocationHospital)
	if err != nil {
		t.Fatal(err)
	}
	text := "Überweisung durch Praxis Dr. Meier."
	b := strings.Index(text, "Praxis")
	d := &document.Document{Text: text, Spans: []document.Span{{Kind: kinds.LocationHospital, Begin: b, End: len(text) - 1, Ref: -1}}}
	drawn := 0
	for k := 0; k < 40; k++ {
		sc := fictive.NewScope([]byte("facility-" + strconv.Itoa(k)))
		ctx := &fictive.Context{Kind: kinds.LocationHospital, Doc: d, Span: 0, Scope: sc, DocScope: sc, State: &fictive.DocState{}, Res: res, NameWord: nameWord}
		if _, err := g(d.SpanText(0), ctx); err != nil {
			t.Fatal(err)
		}
		v, ok := sc.Peek(fictive.NSSurname, "meier")
		if !ok {
			continue
		}
		drawn++
		if nameWord(v) {
			t.Errorf("key %d: the facility drew the excluded surname %q", k, v)
		}
	}
	if drawn == 0 {
		t.Fatal("the facility drew no surname")
	}
}
