package engine

import (
	"testing"

	"github.com/surrogator/surrogator/internal/testutil"
	"github.com/surrogator/surrogator/surrogator/document"
)

// BenchmarkPlan measures planning alone (every replacement of every
// shared GraSCCo letter) in each mode, with the run's avoid matcher over
// all audited originals as Prepare builds it.
func BenchmarkPlan(b *testing.B) {
	var docs []*document.Document
	for _, f := range testutil.GrasccoCAS(b) {
		docs = append(docs, testutil.Doc(b, f))
	}
	for _, mode := range []Mode{ModeGemtex, ModeFictive} {
		b.Run(string(mode), func(b *testing.B) {
			o := Options{Mode: mode, Seed: 7, SeedSet: true, Key: testKey}
			if err := o.defaults(); err != nil {
				b.Fatal(err)
			}
			avoid := o.newMatcher()
			for _, d := range docs {
				for i, s := range d.Spans {
					if o.audited(s.Kind, d.SpanText(i)) {
						avoid.Add(d.SpanText(i))
					}
				}
			}
			p := &planner{opts: &o, avoid: avoid, isName: func(s string) bool { return o.Resources.IsSurname(s) || o.Resources.IsFirstName(s) }}
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				for _, d := range docs {
					if dp := p.plan(d, d.Name); dp.reason != "" {
						b.Fatal(dp.reason)
					}
				}
			}
		})
	}
}
