package brat

import (
	"bytes"
	"reflect"
	"testing"
)

// FuzzRead checks that Read never panics and that whatever it accepts is
// written back so that reading it again gives the same text and spans.
func FuzzRead(f *testing.F) {
	f.Add([]byte(fixtureText), []byte(fixtureAnn))
	f.Add([]byte("a😀b"), []byte("T1\tX 1 2\t😀\nT2\tY 0 3;0 1\ta😀b a\n"))
	f.Add([]byte("abc"), []byte("T1\tX 2 1\tx\n"))
	f.Fuzz(func(t *testing.T, text, ann []byte) {
		d, err := Read(text, ann)
		if err != nil {
			return
		}
		var txt, out bytes.Buffer
		if err := Write(&txt, &out, d); err != nil {
			return // e.g. a type the writer refuses; must not panic
		}
		back, err := Read(txt.Bytes(), out.Bytes())
		if err != nil {
			t.Fatalf("reading written files: %v\n%q", err, out.String())
		}
		if back.Text != d.Text || !reflect.DeepEqual(back.Spans, d.Spans) {
			t.Fatalf("round trip differs:\n%+v\n%+v", d.Spans, back.Spans)
		}
		var txt2, out2 bytes.Buffer
		if err := Write(&txt2, &out2, back); err != nil {
			t.Fatal(err)
		}
		if out2.String() != out.String() {
			t.Fatalf("second write differs")
		}
	})
}
