package location

import (
	"strings"
	"testing"

	"github.com/surrogator/surrogator/data"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/fictive"
	"github.com/surrogator/surrogator/surrogator/kinds"
)

// FuzzGenerators feeds arbitrary span texts to every location generator
// inside a small address: no panic, and a returned surrogate never equals
// its original.
func FuzzGenerators(f *testing.F) {
	for _, s := range []string{"Leipzig", "04103", "D-04103 Leipzig", "Körnerstraße 16-18, 04107 Leipzig", "Str. 5", "Südbayern",
		"NRW", "Ostsachsen", "Chemnitz'", "Dresdner", "Klinik für Kardiologie", "Praxis Dr. med. Hans Meier", "A-1010",
		"ÖSTERREICHS", "Am Anger 3 (Hinterhaus)", "'", "-", "12345 ", "Straße des 17. Juni", "\u200b04103\u200b", "Süd-"} {
		f.Add(s, uint8(0))
	}
	res := data.Default()
	ks := []kinds.Kind{kinds.LocationStreet, kinds.LocationCity, kinds.LocationZip, kinds.LocationState,
		kinds.LocationCountry, kinds.LocationHospital, kinds.LocationOrganization, kinds.LocationOther}
	f.Fuzz(func(t *testing.T, text string, k uint8) {
		if strings.TrimSpace(text) == "" || len(text) > 200 {
			return
		}
		kind := ks[int(k)%len(ks)]
		pre := "Anschrift: "
		d := &document.Document{Name: "fuzz", Text: pre + text + "\n04103 Leipzig", Spans: []document.Span{
			{Label: string(kind), Begin: len(pre), End: len(pre) + len(text)},
			{Label: string(kinds.LocationZip), Begin: len(pre) + len(text) + 1, End: len(pre) + len(text) + 6},
			{Label: string(kinds.LocationCity), Begin: len(pre) + len(text) + 7, End: len(pre) + len(text) + 14},
		}}
		d.Normalize()
		scope := fictive.NewScope([]byte("fuzz"))
		st := &fictive.DocState{}
		for i, s := range d.Spans {
			if !s.Kind.IsLocation() {
				continue
			}
			gen, err := testGenerators.Lookup(s.Kind)
			if err != nil {
				t.Fatal(err)
			}
			orig := d.SpanText(i)
			v, err := gen(orig, &fictive.Context{Kind: s.Kind, Doc: d, Span: i, Scope: scope, DocScope: scope, State: st, Res: res})
			if err != nil {
				if strings.Contains(err.Error(), strings.TrimSpace(orig)) && len(strings.TrimSpace(orig)) > 3 {
					t.Errorf("error %q quotes the original", err)
				}
				continue
			}
			if strings.TrimSpace(orig) != "" && strings.EqualFold(strings.TrimSpace(v), strings.TrimSpace(orig)) {
				t.Errorf("%s %q → %q unchanged", s.Kind, orig, v)
			}
		}
	})
}
