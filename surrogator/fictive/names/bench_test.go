package names

import (
	"strconv"
	"strings"
	"testing"

	"github.com/surrogator/surrogator/data"
	"github.com/surrogator/surrogator/surrogator/fictive"
	"github.com/surrogator/surrogator/surrogator/kinds"
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

// BenchmarkTitleMentions surrogates a letter that names one titled person
// n times ("Dr. Anton Quastenbichler", "Prof. Dr. Quastenbichler"; in the
// distinct cases every title is written differently): the time per title
// span must not grow with n (it grew linearly, every title re-reading all
// of its person's titles: 392 s for a 4 MB letter).
func BenchmarkTitleMentions(b *testing.B) {
	res := data.Default()
	lexiconOf(res)
	for _, c := range []struct {
		name     string
		n        int
		distinct bool // every title written differently ("Dr. 1", "Dr. 2", …)
	}{{"100", 100, false}, {"1000", 1000, false}, {"10000", 10000, false}, {"distinct-500", 500, true}, {"distinct-8000", 8000, true}} {
		n := c.n
		b.Run(c.name, func(b *testing.B) {
			var text strings.Builder
			for i := 0; i < n; i++ {
				switch {
				case c.distinct:
					text.WriteString("[[T|Dr. " + strconv.Itoa(i) + "]] [[D|Quastenbichler]] kam. ")
				case i%2 == 0:
					text.WriteString("[[T|Dr.]] Anton [[D|Quastenbichler]] kam. ")
				default:
					text.WriteString("[[T|Prof. Dr.]] [[D|Quastenbichler]] ging. ")
				}
			}
			d, _ := buildLetter(b, text.String())
			b.ResetTimer()
			titles := 0
			for k := 0; k < b.N; k++ {
				sc := fictive.NewScope([]byte(strconv.Itoa(k)))
				st := &fictive.DocState{}
				for i, s := range d.Spans {
					if s.Kind != kinds.NameTitle {
						continue
					}
					titles++
					c := &fictive.Context{Kind: s.Kind, Doc: d, Span: i, Res: res, Scope: sc, DocScope: sc, State: st}
					if _, err := Title(c.Original(), c); err != nil {
						b.Fatal(err)
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(titles), "ns/title")
		})
	}
}
