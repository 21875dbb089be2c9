package brat

import (
	"bytes"
	"reflect"
	"strings"
	"testing"
)

// FuzzRead checks that Read never panics; that whatever it accepts has
// valid UTF-8 text with every span inside it on rune boundaries, and every
// text-bound annotation's text column equal to the text at its offsets;
// and that it is written back so that reading it again gives the same text
// and spans.
func FuzzRead(f *testing.F) {
	f.Add([]byte(fixtureText), []byte(fixtureAnn))
	f.Add([]byte("a😀b"), []byte("T1\tX 1 2\t😀\nT2\tY 0 3;0 1\ta😀b a\n"))
	f.Add([]byte("abc"), []byte("T1\tX 2 1\tx\n"))
	f.Add([]byte("a\nb\tc"), []byte("T1\tX 0 5\ta b c\nT2\tX 0 1;4 5\ta c\n"))
	f.Add([]byte("abc"), []byte("T1\tX 0 2\tac\n"))
	f.Fuzz(func(t *testing.T, text, ann []byte) {
		d, err := Read(text, ann)
		if err != nil {
			return
		}
		if err := d.CheckPlacement(); err != nil {
			t.Fatalf("accepted: %v", err)
		}
		checkColumns(t, d.Text, string(ann), d.Layers.(*Layers))
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

// checkColumns re-reads every T line of ann on its own and asserts that
// its text column is the text at the fragments read (joined by a space;
// line breaks and tabs read as spaces).
func checkColumns(t *testing.T, text, ann string, lay *Layers) {
	t.Helper()
	cols := map[string]string{}
	for _, line := range strings.Split(ann, "\n") {
		line = strings.TrimRight(line, "\r")
		if fields := strings.SplitN(line, "\t", 3); len(fields) == 3 && strings.HasPrefix(line, "T") {
			cols[fields[0]] = fields[2]
		}
	}
	space := strings.NewReplacer("\n", " ", "\r", " ", "\t", " ", "\u2028", " ", "\u2029", " ", "\u0085", " ")
	for _, ln := range lay.Lines {
		if !ln.TextBound {
			continue
		}
		col, ok := cols[ln.ID]
		if !ok {
			t.Fatalf("%s accepted without a text column", ln.ID)
		}
		var parts []string
		for _, f := range ln.Frags {
			parts = append(parts, text[f[0]:f[1]])
		}
		if space.Replace(col) != space.Replace(strings.Join(parts, " ")) {
			t.Fatalf("%s accepted with a text column that does not match its offsets", ln.ID)
		}
	}
}
