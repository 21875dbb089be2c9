package casjson_test

import (
	"testing"

	"github.com/surrogator/surrogator/internal/testutil"
	"github.com/surrogator/surrogator/surrogator/cas"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/formats/casjson"
)

// BenchmarkAppendCAS: AppendCAS of the first shared GraSCCo letter as read
// ("read") and after re-basing one surrogate per span in place, as the
// engine writes it ("rebased").
func BenchmarkAppendCAS(b *testing.B) {
	f := testutil.GrasccoCAS(b)[0]
	c, err := casjson.ReadCAS(f.Data)
	if err != nil {
		b.Fatal(err)
	}
	d, err := casjson.Read(f.Data, cas.PHIConfig{})
	if err != nil {
		b.Fatal(err)
	}
	edits := make([]document.Edit, 0, len(d.Spans))
	for _, s := range d.Spans {
		edits = append(edits, document.Edit{Begin: s.Begin, End: s.End, Text: "Quastenbichler"})
	}
	nd, err := d.ApplyInPlace(edits)
	if err != nil {
		b.Fatal(err)
	}
	for _, k := range []struct {
		name string
		c    *cas.CAS
	}{{"read", c}, {"rebased", casjson.CAS(nd)}} {
		b.Run(k.name, func(b *testing.B) {
			b.SetBytes(int64(len(f.Data)))
			b.ReportAllocs()
			for b.Loop() {
				_ = casjson.AppendCAS(nil, k.c)
			}
		})
	}
}
