package engine

import (
	"hash/maphash"
	"syscall"
	"testing"

	"github.com/surrogator/surrogator/internal/testutil"
	"github.com/surrogator/surrogator/surrogator/audit"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/engine/plan"
)

// BenchmarkPlan measures planning alone (every replacement of every
// shared GraSCCo letter) in each mode, with the run's avoid matcher over
// all audited originals and its person-name words as Prepare builds them.
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
			seed := maphash.MakeSeed()
			avoid := o.newMatcher(seed)
			names := audit.NewNameWords()
			for _, d := range docs {
				for i, s := range d.Spans {
					if o.audited(s.Kind, d.SpanText(i)) {
						avoid.Add(d.SpanText(i))
						if s.Kind.IsName() && mode == ModeFictive {
							names.Add(d.SpanText(i))
						}
					}
				}
			}
			p := plan.New(seed, names, func(s string) bool { return o.Resources.IsSurname(s) || o.Resources.IsFirstName(s) })
			p.Avoid(avoid)
			p.Start(o.planConfig(), nil)
			cpu0 := cpuTime()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				for _, d := range docs {
					if dp := p.Plan(d, d.Name); dp.Reason != "" {
						b.Fatal(dp.Reason)
					}
				}
			}
			b.StopTimer()
			// per CPU time as well: on a shared machine wall time mostly
			// measures the other processes
			if cpu := cpuTime() - cpu0; cpu > 0 {
				b.ReportMetric(float64(cpu)/float64(b.N), "cpu-ns/op")
			}
		})
	}
}

// cpuTime is the process's user+system CPU time in nanoseconds.
func cpuTime() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
