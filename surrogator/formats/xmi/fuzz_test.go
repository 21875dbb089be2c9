package xmi

import (
	"bytes"
	"github.com/surrogator/surrogator/internal/testutil"
	"strings"
	"testing"

	"github.com/surrogator/surrogator/surrogator/cas"
	"github.com/surrogator/surrogator/surrogator/document"
)

// FuzzRead checks that Read never panics; that whatever it accepts has
// every annotation placed (cas.CheckAnnotations) and, when the PHI spans
// extract, valid UTF-8 text with every span inside it on rune boundaries at
// the UTF-16 offsets the XMI gives; and that it can be written and read
// again, with a stable second write.
func FuzzRead(f *testing.F) {
	f.Add([]byte(fixtureXMI), false)
	f.Add([]byte(fixtureXMI), true)
	f.Add([]byte(fixtureOneView), true)
	f.Add([]byte(`<xmi:XMI xmlns:xmi="http://www.omg.org/XMI" xmlns:cas="http:///uima/cas.ecore"><cas:Sofa xmi:id="1" sofaNum="1" sofaID="_InitialView" sofaString="a"/></xmi:XMI>`), false)
	f.Add([]byte(`<xmi:XMI xmlns:xmi="http://www.omg.org/XMI" xmlns:cas="http:///uima/cas.ecore" xmlns:custom="http:///webanno/custom.ecore">`+
		`<cas:Sofa xmi:id="1" sofaNum="1" sofaID="_InitialView" sofaString="a&#128512;b"/><custom:PHI xmi:id="2" sofa="1" begin="1" end="3" kind="X"/></xmi:XMI>`), false)
	ts, err := ReadTypeSystem(strings.NewReader(fixtureTS))
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte, withTS bool) {
		var types []*cas.TypeDef
		if withTS {
			types = ts
		}
		c, err := Read(data, types)
		if err != nil {
			return
		}
		if err := cas.CheckAnnotations(c); err != nil {
			t.Fatalf("read accepted a misplaced annotation: %v", err)
		}
		if ex, err := cas.Extract(c, cas.PHIConfig{}); err == nil {
			checkExtracted(t, c, ex)
		}
		var first bytes.Buffer
		if err := Write(&first, c); err != nil {
			return // e.g. names XML cannot carry; must not panic
		}
		back, err := Read(first.Bytes(), c.Types)
		if err != nil {
			t.Fatalf("reading written XMI: %v\n%s", err, first.Bytes())
		}
		var second bytes.Buffer
		if err := Write(&second, back); err != nil {
			t.Fatalf("second write: %v", err)
		}
		if !bytes.Equal(first.Bytes(), second.Bytes()) {
			t.Fatalf("second write differs:\n%s\n---\n%s", first.Bytes(), second.Bytes())
		}
	})
}

// checkExtracted asserts the reader invariant for extracted PHI spans.
func checkExtracted(t *testing.T, c *cas.CAS, ex *cas.Extracted) {
	t.Helper()
	if err := (&document.Document{Text: ex.Text, Spans: ex.Spans}).CheckPlacement(); err != nil {
		t.Fatalf("extracted: %v", err)
	}
	testutil.CheckUTF16Spans(t, c, ex)
}
