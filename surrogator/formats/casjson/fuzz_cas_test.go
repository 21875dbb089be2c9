package casjson_test

import (
	"bytes"
	"github.com/surrogator/surrogator/internal/testutil"
	"os"
	"path/filepath"
	"testing"

	"github.com/surrogator/surrogator/surrogator/cas"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/formats/casjson"
)

// FuzzReadCAS: decoding never panics; whatever decodes and extracts has
// valid UTF-8 text and every PHI span inside it on rune boundaries, at the
// UTF-16 offsets the CAS gives; it can be written and re-read with the same
// text and spans, and re-based.
func FuzzReadCAS(f *testing.F) {
	if b, err := os.ReadFile(filepath.Join("..", "..", "..", "testdata", "cas", "mini.json")); err == nil {
		f.Add(b)
	}
	f.Add([]byte(`{"%FEATURE_STRUCTURES":[{"%ID":1,"%TYPE":"uima.cas.Sofa","sofaString":"ab"}]}`))
	f.Add([]byte(`{"%FEATURE_STRUCTURES":[{"%ID":1,"%TYPE":"uima.cas.Sofa","sofaID":"_InitialView","sofaString":"a\ud83d\ude00b"},` +
		`{"%ID":2,"%TYPE":"custom.PHI","@sofa":1,"begin":1,"end":3,"kind":"X"}],"%VIEWS":{"_InitialView":{"%SOFA":1,"%MEMBERS":[2]}}}`))
	f.Add([]byte(`{"%FEATURE_STRUCTURES":[{"%ID":1,"%TYPE":"uima.cas.Sofa","sofaString":"ab"},{"%ID":2,"%TYPE":"custom.PHI","begin":"0","end":1}]}`))
	f.Add([]byte(`{"%FEATURE_STRUCTURES":[{"%ID":1,"%TYPE":"uima.cas.Sofa","sofaString":"Dr.Max M. kam. Gut"},` +
		`{"%ID":2,"%TYPE":"custom.PHI","begin":3,"end":9,"kind":"X"},{"%ID":3,"%TYPE":"a.Token","begin":0,"end":6},` +
		`{"%ID":4,"%TYPE":"a.Token","begin":7,"end":9},{"%ID":5,"%TYPE":"a.Token","begin":10,"end":13},{"%ID":6,"%TYPE":"a.Token","begin":13,"end":14},` +
		`{"%ID":7,"%TYPE":"a.Sentence","begin":0,"end":8},{"%ID":8,"%TYPE":"a.Sentence","begin":9,"end":14},{"%ID":9,"%TYPE":"a.Token","begin":15,"end":18},` +
		`{"%ID":10,"%TYPE":"a.Dep","begin":0,"end":1,"@Governor":4,"@list":[3,4,5]}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := casjson.ReadCAS(data)
		if err != nil {
			return
		}
		ex, err := cas.Extract(c, cas.PHIConfig{})
		if err != nil {
			return
		}
		checkExtracted(t, c, ex)
		var b bytes.Buffer
		if err := casjson.WriteCAS(&b, c); err != nil {
			t.Fatal(err)
		}
		c2, err := casjson.ReadCAS(b.Bytes())
		if err != nil {
			t.Fatalf("re-read: %v", err)
		}
		ex2, err := cas.Extract(c2, cas.PHIConfig{})
		if err != nil {
			t.Fatalf("re-extract: %v", err)
		}
		if ex2.Text != ex.Text || len(ex2.Spans) != len(ex.Spans) {
			t.Fatal("round trip changed text or spans")
		}
		// re-basing onto a text with every span replaced keeps every
		// annotation placed
		var edits []document.Edit
		last := -1
		for _, s := range ex.Spans {
			if s.Begin >= last && s.Begin < s.End {
				edits = append(edits, document.Edit{Begin: s.Begin, End: s.End, Text: "X😀"})
				last = s.End
			}
		}
		m, err := document.NewMapping(len(ex.Text), edits)
		if err != nil {
			return // overlapping spans: normalisation's job, not the reader's
		}
		nt := m.ApplyText(ex.Text)
		l, err := ex.Layers.Rebase(ex.Text, nt, m)
		if err != nil {
			t.Fatalf("rebase: %v", err)
		}
		c3 := l.(*cas.Layers).CAS
		if err := cas.CheckAnnotations(c3); err != nil {
			t.Fatalf("rebased CAS: %v", err)
		}
		if err := c3.CheckRefs(); err != nil {
			t.Fatalf("rebased CAS: %v", err)
		}
		// well-formed token and sentence layers stay well-formed
		if cas.CheckSegments(c) == nil {
			if err := cas.CheckSegments(c3); err != nil {
				t.Fatalf("rebased segments: %v", err)
			}
		}
		ex3, err := cas.Extract(c3, cas.PHIConfig{})
		if err != nil {
			t.Fatalf("rebased extract: %v", err)
		}
		checkExtracted(t, c3, ex3)
	})
}

// checkExtracted asserts the reader invariant: valid UTF-8 text, every PHI
// span within it on rune boundaries and equal to the UTF-16 range the CAS
// holds for it.
func checkExtracted(t *testing.T, c *cas.CAS, ex *cas.Extracted) {
	t.Helper()
	d := &document.Document{Text: ex.Text, Spans: ex.Spans}
	if err := d.CheckPlacement(); err != nil {
		t.Fatalf("extracted: %v", err)
	}
	testutil.CheckUTF16Spans(t, c, ex)
}
