package cas_test

import (
	"testing"

	"github.com/surrogator/surrogator/internal/testutil"
	"github.com/surrogator/surrogator/surrogator/cas"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/formats/casjson"
)

// BenchmarkExtract: cas.Extract of the first shared GraSCCo letter (the
// decoding is outside the loop: Extract does not change the CAS).
func BenchmarkExtract(b *testing.B) {
	f := testutil.GrasccoCAS(b)[0]
	c, err := casjson.ReadCAS(f.Data)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(f.Data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := cas.Extract(c, cas.PHIConfig{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRebaseInPlace: ApplyInPlace (as the engine's pass 2 does) of
// one surrogate per span of the first shared GraSCCo letter; decoding is
// outside the timer.
func BenchmarkRebaseInPlace(b *testing.B) {
	f := testutil.GrasccoCAS(b)[0]
	b.SetBytes(int64(len(f.Data)))
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		d, err := casjson.Read(f.Data, cas.PHIConfig{})
		if err != nil {
			b.Fatal(err)
		}
		edits := make([]document.Edit, 0, len(d.Spans))
		for _, s := range d.Spans {
			edits = append(edits, document.Edit{Begin: s.Begin, End: s.End, Text: "Quastenbichler"})
		}
		b.StartTimer()
		if _, err := d.ApplyInPlace(edits); err != nil {
			b.Fatal(err)
		}
	}
}
