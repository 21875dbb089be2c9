package formats

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/surrogator/surrogator/surrogator/cas"
	"github.com/surrogator/surrogator/surrogator/formats/brat"
	"github.com/surrogator/surrogator/surrogator/formats/casjson"
	"github.com/surrogator/surrogator/surrogator/formats/jsonl"
	"github.com/surrogator/surrogator/surrogator/formats/xmi"
	"github.com/surrogator/surrogator/surrogator/kinds"
)

// TestMixedDirectory: one directory with the same letter as CAS JSON, XMI
// (with TypeSystem.xml beside it), BRAT and JSON Lines reads into four
// documents with the same text and spans.
func TestMixedDirectory(t *testing.T) {
	d, err := casjson.Read([]byte(miniCAS), cas.PHIConfig{})
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "mixed")
	os.Mkdir(dir, 0o755)
	write := func(name string, b []byte) {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("a.json", []byte(miniCAS))
	var x bytes.Buffer
	if err := xmi.Write(&x, casjson.CAS(d)); err != nil {
		t.Fatal(err)
	}
	write("b.xmi", x.Bytes())
	var txt, ann bytes.Buffer
	if err := brat.Write(&txt, &ann, d); err != nil {
		t.Fatal(err)
	}
	write("c.txt", txt.Bytes())
	write("c.ann", ann.Bytes())
	var jl bytes.Buffer
	d.Name = "d"
	if err := jsonl.Write(&jl, d); err != nil {
		t.Fatal(err)
	}
	jl.WriteString("{not json}\n")
	write("d.jsonl", jl.Bytes())
	projs, err := Read([]string{dir}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	p := projs[0]
	if len(p.Documents) != 4 {
		t.Fatalf("%d documents, errors %v", len(p.Documents), p.Errors)
	}
	if len(p.Errors) != 1 {
		t.Fatalf("errors %v, want the bad JSON line", p.Errors)
	}
	for _, doc := range p.Documents {
		if doc.Text != d.Text || len(doc.Spans) != 1 || doc.Spans[0].Kind != kinds.NamePatient || doc.SpanText(0) != "Anna Beispiel" {
			t.Errorf("%s (%s): %q %+v", doc.Name, doc.Format, doc.Text, doc.Spans)
		}
	}
}
