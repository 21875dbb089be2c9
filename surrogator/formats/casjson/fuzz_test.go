package casjson

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/surrogator/surrogator/surrogator/cas"
	"github.com/surrogator/surrogator/surrogator/document"
)

// FuzzRead: Read never panics; a document it returns has valid UTF-8 text
// with every span inside it on rune boundaries; it is written and read
// again with the same text and spans; replacing every span keeps every
// span and annotation placed.
func FuzzRead(f *testing.F) {
	if b, err := os.ReadFile(filepath.Join("..", "..", "..", "testdata", "cas", "mini.json")); err == nil {
		f.Add(b)
	}
	f.Add([]byte(doc(`"@sofa":1,"begin":8,"end":13,"kind":"NAME_PATIENT"`)))
	f.Add([]byte(doc(`"@sofa":1,"begin":5,"end":7,"kind":"X"`, `"Herr \ud83d\ude00 Meier"`)))
	f.Add([]byte(doc(`"@sofa":1,"begin":"8","end":13,"kind":"X","kind":"Y"`)))
	f.Fuzz(func(t *testing.T, data []byte) {
		d, err := Read(data, cas.PHIConfig{})
		if err != nil {
			return
		}
		if err := d.CheckPlacement(); err != nil {
			t.Fatalf("accepted: %v", err)
		}
		out, err := Marshal(d)
		if err != nil {
			t.Fatal(err)
		}
		back, err := Read(out, cas.PHIConfig{})
		if err != nil {
			t.Fatalf("re-read: %v", err)
		}
		if back.Text != d.Text || len(back.Spans) != len(d.Spans) {
			t.Fatal("round trip changed text or spans")
		}
		for i := range d.Spans {
			if back.Spans[i].Begin != d.Spans[i].Begin || back.Spans[i].End != d.Spans[i].End {
				t.Fatalf("round trip moved span %d", i)
			}
		}
		var edits []document.Edit
		last := 0
		for _, s := range d.Spans {
			if s.Begin >= last && s.Begin < s.End {
				edits = append(edits, document.Edit{Begin: s.Begin, End: s.End, Text: "Ä😀"})
				last = s.End
			}
		}
		nd, err := d.Apply(edits)
		if err != nil {
			t.Fatalf("apply: %v", err)
		}
		if err := nd.CheckPlacement(); err != nil {
			t.Fatalf("after replacement: %v", err)
		}
		out2, err := Marshal(nd)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := Read(bytes.Clone(out2), cas.PHIConfig{}); err != nil {
			t.Fatalf("replaced document does not read: %v", err)
		}
	})
}
