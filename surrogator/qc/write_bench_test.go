package qc

import (
	"fmt"
	"testing"
)

// BenchmarkWriteQC writes every QC file of a spooled report shaped like
// the review's corpus (2,000 letters, 100 suspects each, one AGE each,
// every letter flagged for its DATE_BIRTH count): what qc and run wait
// for after the last letter is read.
func BenchmarkWriteQC(b *testing.B) {
	var docs []*Doc
	for i := range 2000 {
		d := &Doc{Document: fmt.Sprintf("d%07d", i), Readable: true, PartOfCorpus: true,
			Counts: map[string]int{"NAME_PATIENT": 1, "AGE": 1}, Distinct: map[string][]string{"NAME_PATIENT": {"Max Mustermann"}, "AGE": {"47"}},
			Flags: []Flag{{Kind: FlagDateBirthCount, Span: -1, Label: "DATE_BIRTH", Detail: "0 DATE_BIRTH annotations"}}}
		for k := range 100 {
			d.Suspects = append(d.Suspects, Suspect{Begin: 40 + 30*k, End: 48 + 30*k, Kind: "NAME", Rule: "title-surname", Text: "Schneider"})
		}
		docs = append(docs, d)
	}
	sp, err := NewSpool(b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	defer sp.Close()
	var refs []Ref
	for _, d := range docs {
		r, err := sp.Put(d)
		if err != nil {
			b.Fatal(err)
		}
		refs = append(refs, r)
	}
	p, err := AssembleSpooled("p", "", sp, refs, nil)
	if err != nil {
		b.Fatal(err)
	}
	dir := b.TempDir()
	b.ReportAllocs()
	for b.Loop() {
		if err := p.Write(dir); err != nil {
			b.Fatal(err)
		}
	}
}
