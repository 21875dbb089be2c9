package jsonl

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/surrogator/surrogator/internal/testutil"
	"github.com/surrogator/surrogator/surrogator/cas"
	"github.com/surrogator/surrogator/surrogator/document"
)

// fixture: unknown fields at both levels, a numeric id, a missing id, emoji
// and combining marks before spans, a blank line, CRLF, a BOM, a bad line.
const fixture = "\ufeff" + `{"meta":{"src":"x"},"id":"doc-1","text":"Frau 😀 Müller\nam 1.2.2020","spans":[{"begin":7,"end":13,"kind":"NAME_PATIENT","text":"Müller","score":0.9},{"kind":"DATE","begin":17,"end":25}],"lang":"de"}` + "\r\n" +
	"\n" +
	`{"id":7,"text":"e\u0301 Anna","spans":[{"begin":3,"end":7,"kind":null}]}` + "\n" +
	`{"text":"Geheimname","spans":[{"begin":0,"end":99,"kind":"X"}]}` + "\n" +
	`{"text":"ohne Spans"}`

func TestReader(t *testing.T) {
	r := NewReader(strings.NewReader(fixture))
	d1, err := r.Next()
	if err != nil {
		t.Fatal(err)
	}
	if d1.Name != "doc-1" || d1.Format != document.FormatJSONL || len(d1.Spans) != 2 {
		t.Fatalf("doc 1: %+v", d1)
	}
	for i, want := range []struct{ label, text string }{{"NAME_PATIENT", "Müller"}, {"DATE", "1.2.2020"}} {
		s := d1.Spans[i]
		if s.Label != want.label || d1.Text[s.Begin:s.End] != want.text || s.Ref != i {
			t.Errorf("span %d = %+v %q", i, s, d1.Text[s.Begin:s.End])
		}
	}
	d2, err := r.Next()
	if err != nil {
		t.Fatal(err)
	}
	if d2.Name != "7" || d2.Text[d2.Spans[0].Begin:d2.Spans[0].End] != "Anna" || d2.Spans[0].Label != "" {
		t.Fatalf("doc 2: %+v", d2)
	}
	if _, err := r.Next(); err == nil || !strings.Contains(err.Error(), "jsonl: line 4: span 0: end 99 beyond the text of 10 code points") {
		t.Fatalf("bad line: %v", err)
	}
	d4, err := r.Next()
	if err != nil {
		t.Fatalf("reader did not continue after a bad line: %v", err)
	}
	if d4.Name != "line-5" || d4.Text != "ohne Spans" || len(d4.Spans) != 0 {
		t.Fatalf("doc 4: %+v", d4)
	}
	if _, err := r.Next(); err != io.EOF {
		t.Fatalf("end: %v", err)
	}
	if _, err := r.Next(); err != io.EOF {
		t.Fatalf("after end: %v", err)
	}

	// writing keeps key order and unknown fields
	var b bytes.Buffer
	for _, d := range []*document.Document{d1, d2, d4} {
		if err := Write(&b, d); err != nil {
			t.Fatal(err)
		}
	}
	want := `{"meta":{"src":"x"},"id":"doc-1","text":"Frau 😀 Müller\nam 1.2.2020","spans":[{"begin":7,"end":13,"kind":"NAME_PATIENT","text":"Müller","score":0.9},{"kind":"DATE","begin":17,"end":25}],"lang":"de"}` + "\n" +
		`{"id":7,"text":"e` + "\u0301" + ` Anna","spans":[{"begin":3,"end":7,"kind":""}]}` + "\n" +
		`{"text":"ohne Spans","id":"line-5","spans":[]}` + "\n"
	if b.String() != want {
		t.Errorf("written:\n%s\nwant:\n%s", b.String(), want)
	}
}

func TestReaderErrors(t *testing.T) {
	tests := []struct{ name, line, want string }{
		{"not json", `Geheimname`, "bad JSON"},
		{"array", `["Geheimname"]`, "not a JSON object"},
		{"truncated", `{"text":"Geheimname"`, "bad JSON"},
		{"trailing", `{"text":"Geheimname"} {}`, "data after the JSON object"},
		{"no text", `{"id":"a"}`, "no text"},
		{"text number", `{"text":5}`, "text is not a string"},
		{"text null", `{"text":null}`, "text is not a string"},
		{"bad id", `{"id":["Geheimname"],"text":"x"}`, "id is neither"},
		{"duplicate key", `{"text":"Geheimname","text":"x"}`, "given twice"},
		{"spans object", `{"text":"Geheimname","spans":{}}`, "spans is not an array"},
		{"span not object", `{"text":"Geheimname","spans":[1]}`, "span 0: not a JSON object"},
		{"begin float", `{"text":"Geheimname","spans":[{"begin":1.5,"end":2}]}`, "begin is not an integer"},
		{"begin string", `{"text":"Geheimname","spans":[{"begin":"1","end":2}]}`, "begin is not an integer"},
		{"no end", `{"text":"Geheimname","spans":[{"begin":1}]}`, "begin or end missing"},
		{"begin > end", `{"text":"Geheimname","spans":[{"begin":3,"end":2}]}`, "begin 3 > end 2"},
		{"negative", `{"text":"Geheimname","spans":[{"begin":-1,"end":2}]}`, "negative"},
		{"beyond", `{"text":"Geheim😀","spans":[{"begin":0,"end":8}]}`, "end 8 beyond the text of 7 code points"},
		{"kind number", `{"text":"Geheimname","spans":[{"begin":0,"end":2,"kind":3}]}`, "kind is not a string"},
		// strict placement (issue 9)
		{"begin exponent", `{"text":"Geheimname","spans":[{"begin":1e0,"end":2}]}`, "span 0: begin is not an integer"},
		{"end null", `{"text":"Geheimname","spans":[{"begin":0,"end":null}]}`, "span 0: end is not an integer"},
		{"end bool", `{"text":"Geheimname","spans":[{"begin":0,"end":true}]}`, "span 0: end is not an integer"},
		{"no begin", `{"text":"Geheimname","spans":[{"end":1}]}`, "begin or end missing"},
		{"out of int range", `{"text":"Geheimname","spans":[{"begin":0,"end":99999999999999999999}]}`, "span 0: end is out of the integer range"},
		{"negative end", `{"text":"Geheimname","spans":[{"begin":0,"end":-2}]}`, "negative"},
		{"beyond by UTF-16 units", `{"text":"Geheim😀","spans":[{"begin":6,"end":8}]}`, "end 8 beyond"},
		{"second span bad", `{"text":"Geheimname","spans":[{"begin":0,"end":2},{"begin":0,"end":"2"}]}`, "span 1: end is not an integer"},
		{"duplicate kind", `{"text":"Geheimname","spans":[{"begin":0,"end":2,"kind":"X","kind":"NAME_PATIENT"}]}`, `span 0: key "kind" given twice`},
		{"duplicate begin", `{"text":"Geheimname","spans":[{"begin":0,"end":2,"begin":1}]}`, `span 0: key "begin" given twice`},
		{"duplicate spans", `{"text":"Geheimname","spans":[],"spans":[{"begin":0,"end":2}]}`, `key "spans" given twice`},
		{"kind object", `{"text":"Geheimname","spans":[{"begin":0,"end":2,"kind":{"a":1}}]}`, "kind is not a string"},
		{"invalid UTF-8 in text", "{\"text\":\"Geheim\xffname\"}", "invalid UTF-8 at byte 15"},
		{"invalid UTF-8 elsewhere", "{\"text\":\"Geheimname\",\"x\":\"\xc3\"}", "invalid UTF-8"},
		{"unpaired surrogate escape", `{"text":"Geheim\ud83dname"}`, "unpaired UTF-16 surrogate escape"},
		{"span text mismatch", `{"text":"Geheimname","spans":[{"begin":0,"end":6,"text":"Geheix"}]}`, "span 0: its text does not match the text at [0,6)"},
		{"span text mismatch, UTF-16 offsets", `{"text":"😀 Geheimname","spans":[{"begin":3,"end":9,"text":"Geheim"}]}`, "span 0: its text does not match"},
		{"span text not a string", `{"text":"Geheimname","spans":[{"begin":0,"end":6,"text":5}]}`, "span 0: text is not a string"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := NewReader(strings.NewReader("{\"text\":\"ok\"}\n" + tt.line + "\n{\"text\":\"after\"}\n"))
			if _, err := r.Next(); err != nil {
				t.Fatal(err)
			}
			_, err := r.Next()
			if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.HasPrefix(err.Error(), "jsonl: line 2: ") {
				t.Fatalf("error %v, want line 2 and %q", err, tt.want)
			}
			if strings.Contains(err.Error(), "Geheim") {
				t.Errorf("error %q leaks text", err)
			}
			strict := strings.Contains(tt.want, "span") || strings.Contains(tt.want, "begin") || strings.Contains(tt.want, "UTF") ||
				strings.Contains(tt.want, "surrogate") || strings.Contains(tt.want, "twice") || strings.Contains(tt.want, "negative") || strings.Contains(tt.want, "beyond")
			if strict && !(errors.Is(err, document.ErrPlacement) || errors.Is(err, document.ErrEncoding)) {
				t.Errorf("error %q has no category", err)
			}
			d, err := r.Next()
			if err != nil || d.Text != "after" {
				t.Fatalf("next line: %v %+v", err, d)
			}
		})
	}
}

// TestReaderPlaced: offsets in code points, a span's own text checked when
// given (null or absent: not checked), paired surrogate escapes decoded.
func TestReaderPlaced(t *testing.T) {
	for _, tt := range []struct{ name, line, want string }{
		{"emoji before", `{"text":"😀 Geheimname","spans":[{"begin":2,"end":8,"text":"Geheim"}]}`, "Geheim"},
		{"escaped pair", `{"text":"\ud83d\ude00 Geheimname","spans":[{"begin":2,"end":8}]}`, "Geheim"},
		{"text null", `{"text":"Geheimname","spans":[{"begin":0,"end":6,"text":null}]}`, "Geheim"},
		{"empty span at end", `{"text":"Geheimname","spans":[{"begin":10,"end":10,"text":""}]}`, ""},
		{"minus zero", `{"text":"Geheimname","spans":[{"begin":-0,"end":6}]}`, "Geheim"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			d, err := NewReader(strings.NewReader(tt.line)).Next()
			if err != nil {
				t.Fatal(err)
			}
			if err := d.CheckPlacement(); err != nil || len(d.Spans) != 1 || d.Text[d.Spans[0].Begin:d.Spans[0].End] != tt.want {
				t.Fatalf("%v %+v", err, d.Spans)
			}
		})
	}
}

func TestReaderIOError(t *testing.T) {
	boom := errors.New("boom")
	r := NewReader(io.MultiReader(strings.NewReader("{\"text\":\"a\"}\n"), iotest.ErrReader(boom)))
	if _, err := r.Next(); err != nil {
		t.Fatal(err)
	}
	if _, err := r.Next(); !errors.Is(err, boom) {
		t.Fatalf("error %v, want boom", err)
	}
	if _, err := r.Next(); !errors.Is(err, boom) {
		t.Fatalf("sticky error %v", err)
	}
}

func TestLongLine(t *testing.T) {
	defer func(n int) { maxLine = n }(maxLine)
	maxLine = 100
	long := `{"text":"` + strings.Repeat("a", 200*1024) + `"}`
	r := NewReader(strings.NewReader(long + "\n{\"text\":\"b\"}\n"))
	if _, err := r.Next(); err == nil || !strings.Contains(err.Error(), "line 1: longer than") {
		t.Fatalf("long line: %v", err)
	}
	if d, err := r.Next(); err != nil || d.Text != "b" {
		t.Fatalf("after long line: %v", err)
	}
}

func TestWriteErrors(t *testing.T) {
	d := &document.Document{Text: "ä", Spans: []document.Span{{Label: "A", Begin: 1, End: 2}}}
	if err := Write(io.Discard, d); err == nil || !strings.Contains(err.Error(), "not a range") {
		t.Fatalf("error %v", err)
	}
	d = &document.Document{Text: "a", Spans: []document.Span{{Label: "A", Begin: 0, End: 5}}}
	if err := Write(io.Discard, d); err == nil {
		t.Fatal("span outside text accepted")
	}
}

func sharedDocs(t *testing.T) map[string]*cas.Extracted { return testutil.SharedExtracted(t) }

// TestRoundTripSharedCorpora writes all shared documents into one stream
// and reads them back.
func TestRoundTripSharedCorpora(t *testing.T) {
	docs := sharedDocs(t)
	var names []string
	var b bytes.Buffer
	for name, ex := range docs {
		names = append(names, name)
		if err := Write(&b, &document.Document{Name: name, Text: ex.Text, Spans: ex.Spans}); err != nil {
			t.Fatal(err)
		}
	}
	if n := bytes.Count(b.Bytes(), []byte("\n")); n != len(docs) {
		t.Fatalf("%d lines for %d documents", n, len(docs))
	}
	r := NewReader(&b)
	for _, name := range names {
		d, err := r.Next()
		if err != nil {
			t.Fatal(err)
		}
		ex := docs[name]
		if d.Name != name || d.Text != ex.Text || len(d.Spans) != len(ex.Spans) {
			t.Fatalf("%s: name, text or span count differs", name)
		}
		for i, s := range ex.Spans {
			g := d.Spans[i]
			if g.Label != s.Label || g.Begin != s.Begin || g.End != s.End || g.Ref != i {
				t.Errorf("%s: span %d = %+v, want %+v", name, i, g, s)
			}
		}
	}
	if _, err := r.Next(); err != io.EOF {
		t.Fatalf("end: %v", err)
	}
}

var alphabets = []string{"a", "Z", "ß", "😀", "e\u0301", "字", "👩\u200d⚕️", " ", "\u0308", "\U0001F1E9\U0001F1EA", "\"", "\\", "\n"}

func TestReplacementRoundTrip(t *testing.T) {
	rnd := rand.New(rand.NewSource(4))
	docs := sharedDocs(t)
	r := NewReader(strings.NewReader(fixture))
	fx, err := r.Next()
	if err != nil {
		t.Fatal(err)
	}
	all := map[string]*document.Document{"fixture": fx}
	for name, ex := range docs {
		all[name] = &document.Document{Name: name, Text: ex.Text, Spans: ex.Spans}
	}
	for name, d := range all {
		t.Run(name, func(t *testing.T) {
			d.Normalize()
			var edits []document.Edit
			for _, s := range d.Spans {
				var sb strings.Builder
				for n := 1 + rnd.Intn(6); n > 0; n-- {
					sb.WriteString(alphabets[rnd.Intn(len(alphabets))])
				}
				edits = append(edits, document.Edit{Begin: s.Begin, End: s.End, Text: sb.String()})
			}
			nd, err := d.Apply(edits)
			if err != nil {
				t.Fatal(err)
			}
			var b bytes.Buffer
			if err := Write(&b, nd); err != nil {
				t.Fatal(err)
			}
			written := b.String()
			back, err := NewReader(&b).Next()
			if err != nil {
				t.Fatal(err)
			}
			if back.Text != nd.Text || len(back.Spans) != len(edits) {
				t.Fatal("text or span count differs")
			}
			for i, s := range back.Spans {
				if got := back.Text[s.Begin:s.End]; got != edits[i].Text {
					t.Errorf("span %d covers %q, want %q", i, got, edits[i].Text)
				}
			}
			if name == "fixture" {
				// the span's "text" field follows the replacement
				if !strings.Contains(written, `"text":`+jsonString(edits[0].Text)+`,"score":0.9`) {
					t.Errorf("span text field not regenerated:\n%s", written)
				}
			}
		})
	}
}

func jsonString(s string) string {
	var b bytes.Buffer
	writeString(&b, s)
	return b.String()
}

// TestReaderMax: a line of more than max bytes (without its "\n"; a CR
// counts) is refused with ErrLineTooLong whatever the read sizes, and the
// lines around it are read.
func TestReaderMax(t *testing.T) {
	tests := []struct {
		in   string
		docs []string // texts read
		long []int    // lines refused as too long
	}{
		{"{\"text\":\"a\"}\n{\"text\":\"ab\"}\n{\"text\":\"b\"}\n", []string{"a", "b"}, []int{2}},
		{"{\"text\":\"a\"}\r\n{\"text\":\"b\"}", []string{"b"}, []int{1}},
		{"{\"text\":\"a\"}\n\n{\"text\":\"abc\"}", []string{"a"}, []int{3}},
		{"", nil, nil},
	}
	for _, tt := range tests {
		for name, wrap := range map[string]func(io.Reader) io.Reader{
			"whole": func(r io.Reader) io.Reader { return r }, "one byte": iotest.OneByteReader, "half": iotest.HalfReader,
		} {
			r := NewReaderMax(wrap(strings.NewReader(tt.in)), 12)
			var docs []string
			var long []int
			for {
				d, err := r.Next()
				if err == io.EOF {
					break
				}
				if errors.Is(err, ErrLineTooLong) {
					long = append(long, r.Line())
					continue
				}
				if err != nil {
					t.Fatalf("%q (%s): %v", tt.in, name, err)
				}
				docs = append(docs, d.Text)
			}
			if fmt.Sprint(docs) != fmt.Sprint(tt.docs) || fmt.Sprint(long) != fmt.Sprint(tt.long) {
				t.Errorf("%q (%s): docs %q, too long %v; want %q, %v", tt.in, name, docs, long, tt.docs, tt.long)
			}
		}
	}
}
