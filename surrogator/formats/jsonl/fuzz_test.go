package jsonl

import (
	"bytes"
	"encoding/json"
	"io"
	"reflect"
	"strings"
	"testing"

	"github.com/surrogator/surrogator/surrogator/document"
)

// FuzzRead checks that the reader never panics or loops, always reaches
// io.EOF; that every document it returns has valid UTF-8 text with every
// span inside it on rune boundaries, at the code point offsets the line
// gives and equal to the span's own "text" where given; and that it is
// written back so that reading it again gives the same text and spans.
func FuzzRead(f *testing.F) {
	f.Add([]byte(fixture))
	f.Add([]byte(`{"id":"a","text":"😀x","spans":[{"begin":0,"end":1,"kind":"AGE","x":[1,{"y":null}]}]}` + "\n\n{}\n"))
	f.Add([]byte("{\"text\":\"a\"}\r\n{\"text\":\"b\",\"spans\":[{\"begin\":2,\"end\":1}]}"))
	f.Add([]byte(`{"text":"\ud83d\ude00 ab","spans":[{"begin":2,"end":4,"text":"ab","kind":"X"},{"begin":0,"end":1,"text":null}]}`))
	f.Add([]byte(`{"text":"x\ud83d","spans":[{"begin":0,"end":1,"kind":"X","kind":"Y"}]}`))
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
			checkPlaced(t, data, r.Line(), d)
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

// checkPlaced asserts the reader invariant for the document read from line
// no of data, decoding the line again on its own.
func checkPlaced(t *testing.T, data []byte, no int, d *document.Document) {
	t.Helper()
	if err := d.CheckPlacement(); err != nil {
		t.Fatalf("accepted: %v", err)
	}
	lines := bytes.Split(data, []byte("\n"))
	var obj map[string]any // keys matched exactly, unlike a struct
	dec := json.NewDecoder(bytes.NewReader(bytes.TrimPrefix(lines[no-1], []byte("\xef\xbb\xbf"))))
	dec.UseNumber()
	if err := dec.Decode(&obj); err != nil {
		t.Fatalf("accepted line %d does not decode: %v", no, err)
	}
	list, _ := obj["spans"].([]any)
	if len(list) != len(d.Spans) {
		t.Fatalf("%d spans read, line has %d", len(d.Spans), len(list))
	}
	runes := []rune(d.Text)
	for i, s := range d.Spans {
		span := list[i].(map[string]any)
		b, _ := span["begin"].(json.Number).Int64()
		e, _ := span["end"].(json.Number).Int64()
		if got := string(runes[b:e]); got != d.Text[s.Begin:s.End] {
			t.Fatalf("span %d: bytes [%d,%d) are not code points [%d,%d)", i, s.Begin, s.End, b, e)
		}
		if txt, ok := span["text"].(string); ok && txt != d.Text[s.Begin:s.End] {
			t.Fatalf("span %d accepted with a text that does not match its offsets", i)
		}
	}
}

// FuzzFastFields: a line reads to the same document, or fails with the
// same error, on the fast path (fast.go) and on encoding/json's Decoder.
func FuzzFastFields(f *testing.F) {
	f.Add([]byte(`{"id":"a","text":"Herr Meier","spans":[{"begin":5,"end":10,"kind":"NAME_PATIENT","x":[1,{"y":"\"]"}]}],"meta":{"k":null}}`))
	f.Add([]byte(` {"text":"ü\u00fc\n","id":7, "spans" : [ {"begin":0,"end":1,"kind":null,"text":"ü"} ] } `))
	f.Add([]byte(`{"text":"a","text":"b"}`))
	f.Add([]byte(`{"te\u0078t":"a","spans":[{"begin":0,"end":1},1]}`))
	f.Add([]byte(`[1,2]`))
	f.Fuzz(func(t *testing.T, line []byte) {
		a, errA := parseLineWith(line, true)
		b, errB := parseLineWith(line, false)
		if (errA == nil) != (errB == nil) || errA != nil && errA.Error() != errB.Error() {
			t.Fatalf("errors differ: fast %v, decoder %v", errA, errB)
		}
		if errA != nil {
			return
		}
		if a.Text != b.Text || a.Name != b.Name || !reflect.DeepEqual(a.Spans, b.Spans) || !reflect.DeepEqual(a.Layers, b.Layers) {
			t.Fatalf("documents differ:\n%+v\n%+v", a, b)
		}
	})
}
