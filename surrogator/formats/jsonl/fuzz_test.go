package jsonl

import (
	"bytes"
	"io"
	"reflect"
	"strings"
	"testing"
)

// FuzzRead checks that the reader never panics or loops, always reaches
// io.EOF, and that every document it returns is written back so that
// reading it again gives the same text and spans.
func FuzzRead(f *testing.F) {
	f.Add([]byte(fixture))
	f.Add([]byte(`{"id":"a","text":"😀x","spans":[{"begin":0,"end":1,"kind":"AGE","x":[1,{"y":null}]}]}` + "\n\n{}\n"))
	f.Add([]byte("{\"text\":\"a\"}\r\n{\"text\":\"b\",\"spans\":[{\"begin\":2,\"end\":1}]}"))
	f.Fuzz(func(t *testing.T, data []byte) {
		r := NewReader(bytes.NewReader(data))
		lines := bytes.Count(data, []byte("\n")) + 1
		for calls := 0; ; calls++ {
			if calls > lines+1 {
				t.Fatalf("more than %d results for %d lines", calls, lines)
			}
			d, err := r.Next()
			if err == io.EOF {
				return
			}
			if err != nil {
				if !strings.HasPrefix(err.Error(), "jsonl: line ") {
					t.Fatalf("error without line: %v", err)
				}
				continue
			}
			var b bytes.Buffer
			if err := Write(&b, d); err != nil {
				t.Fatalf("write: %v", err)
			}
			if bytes.Count(b.Bytes(), []byte("\n")) != 1 {
				t.Fatalf("written document is not one line: %q", b.String())
			}
			first := b.String()
			back, err := NewReader(&b).Next()
			if err != nil {
				t.Fatalf("reading written line: %v\n%s", err, first)
			}
			if back.Text != d.Text || back.Name != d.Name || !reflect.DeepEqual(back.Spans, d.Spans) {
				t.Fatalf("round trip differs:\n%+v\n%+v", d, back)
			}
			var again bytes.Buffer
			if err := Write(&again, back); err != nil || again.String() != first {
				t.Fatalf("second write differs (%v)", err)
			}
		}
	})
}
