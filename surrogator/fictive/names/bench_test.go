package names

import (
	"strconv"
	"testing"

	"github.com/surrogator/surrogator/data"
	"github.com/surrogator/surrogator/surrogator/fictive"
)

// BenchmarkLetter surrogates a letter of 169 name and title spans with the
// embedded resources (one fresh document scope per iteration).
func BenchmarkLetter(b *testing.B) {
	res := data.Default()
	lexiconOf(res)
	var ctxs [][]*fictive.Context
	for _, l := range letters {
		d, _ := buildLetter(b, l.text)
		var cs []*fictive.Context
		for i, s := range d.Spans {
			cs = append(cs, &fictive.Context{Kind: s.Kind, Doc: d, Span: i, Res: res})
		}
		ctxs = append(ctxs, cs)
	}
	b.ResetTimer()
	for n := 0; n < b.N; n++ {
		for k, cs := range ctxs {
			sc := fictive.NewScope([]byte(strconv.Itoa(n*100 + k)))
			st := &fictive.DocState{}
			for _, c := range cs {
				c.Scope, c.DocScope, c.State = sc, sc, st
				g, _ := testGenerators.Lookup(c.Kind)
				if _, err := g(c.Original(), c); err != nil {
					b.Fatal(err)
				}
			}
		}
	}
}
