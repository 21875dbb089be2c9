package document

import (
	"math/rand"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/surrogator/surrogator/surrogator/kinds"
)

func TestIndexRoundTrip(t *testing.T) {
	texts := []string{"", "abc", "Bärbel Müller", "a😀b", "e\u0301x😀😀y", "\ufeffKlinik"}
	for _, s := range texts {
		ix := NewIndex(s)
		for b := 0; b <= len(s); b++ {
			if !utf8.RuneStart(byteAt(s, b)) {
				continue
			}
			u := ix.ToUTF16(b)
			got, err := ix.FromUTF16(u)
			if err != nil || got != b {
				t.Errorf("%q: byte %d -> u16 %d -> %d (%v)", s, b, u, got, err)
			}
			c := ix.ToCodePoint(b)
			got, err = ix.FromCodePoint(c)
			if err != nil || got != b {
				t.Errorf("%q: byte %d -> cp %d -> %d (%v)", s, b, c, got, err)
			}
		}
	}
	ix := NewIndex("a😀b")
	if ix.Len16() != 4 || ix.LenCP() != 3 {
		t.Fatalf("len16=%d lencp=%d", ix.Len16(), ix.LenCP())
	}
	if _, err := ix.FromUTF16(2); err == nil {
		t.Error("offset inside surrogate pair accepted")
	}
	if _, err := ix.FromUTF16(5); err == nil {
		t.Error("offset past end accepted")
	}
}

func byteAt(s string, i int) byte {
	if i >= len(s) {
		return 0
	}
	return s[i]
}

func TestApply(t *testing.T) {
	text := "Herr Beate Albers wohnt in Leipzig."
	d := &Document{Text: text, Spans: []Span{
		{Kind: kinds.NamePatient, Begin: 5, End: 17},
		{Kind: kinds.LocationCity, Begin: 27, End: 34},
	}}
	nd, err := d.Apply([]Edit{{Begin: 27, End: 34, Text: "Zwickau 😀"}, {Begin: 5, End: 17, Text: "X"}})
	if err != nil {
		t.Fatal(err)
	}
	if nd.Text != "Herr X wohnt in Zwickau 😀." {
		t.Fatalf("text %q", nd.Text)
	}
	if nd.SpanText(0) != "X" || nd.SpanText(1) != "Zwickau 😀" {
		t.Fatalf("spans %q %q", nd.SpanText(0), nd.SpanText(1))
	}
	if d.Text != text {
		t.Fatal("original modified")
	}
	if _, err := d.Apply([]Edit{{Begin: 0, End: 6}, {Begin: 5, End: 8}}); err == nil {
		t.Fatal("overlapping edits accepted")
	}
	if _, err := d.Apply([]Edit{{Begin: 3, End: 3, Text: "x"}}); err == nil {
		t.Fatal("insertion accepted")
	}
}

// TestMappingProperties checks the rebase rules on random edits: an
// annotation equal to an edit covers its replacement; annotations disjoint
// from all edits cover the same text as before.
func TestMappingProperties(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	alphabet := []string{"a", "ß", "😀", "e\u0301", "字", " "}
	for iter := 0; iter < 500; iter++ {
		var sb strings.Builder
		for i := 0; i < 30; i++ {
			sb.WriteString(alphabet[r.Intn(len(alphabet))])
		}
		text := sb.String()
		var bounds []int
		for i := range text {
			bounds = append(bounds, i)
		}
		bounds = append(bounds, len(text))
		// choose disjoint edits
		var edits []Edit
		pos := 0
		for pos < len(bounds)-1 {
			a := pos + r.Intn(4)
			b := a + 1 + r.Intn(3)
			if b >= len(bounds) {
				break
			}
			var rep strings.Builder
			for k := r.Intn(4); k > 0; k-- {
				rep.WriteString(alphabet[r.Intn(len(alphabet))])
			}
			edits = append(edits, Edit{Begin: bounds[a], End: bounds[b], Text: rep.String()})
			pos = b + 1
		}
		m, err := NewMapping(len(text), edits)
		if err != nil {
			t.Fatal(err)
		}
		nt := m.ApplyText(text)
		for _, e := range edits {
			b, en := m.Span(e.Begin, e.End)
			if nt[b:en] != e.Text {
				t.Fatalf("edit span maps to %q, want %q", nt[b:en], e.Text)
			}
		}
		// disjoint annotations keep text
		for k := 0; k+1 < len(bounds); k++ {
			b, e := bounds[k], bounds[k+1]
			touched := false
			for _, ed := range edits {
				if b < ed.End && e > ed.Begin {
					touched = true
				}
			}
			if touched {
				continue
			}
			nb, ne := m.Span(b, e)
			if nt[nb:ne] != text[b:e] {
				t.Fatalf("untouched %q became %q", text[b:e], nt[nb:ne])
			}
		}
	}
}

func TestNormalize(t *testing.T) {
	tests := []struct {
		name      string
		spans     []Span
		wantKinds []kinds.Kind
		wantRange [][2]int
		problems  []ProblemKind
	}{
		{"alias", []Span{{Label: "NAME_USER", Begin: 0, End: 3}}, []kinds.Kind{kinds.NameUsername}, [][2]int{{0, 3}}, nil},
		{"wrong", []Span{{Label: "", Begin: 0, End: 3}, {Label: "NONE", Begin: 4, End: 5}},
			[]kinds.Kind{"", ""}, [][2]int{{0, 3}, {4, 5}}, []ProblemKind{ProblemWrongAnnotation, ProblemWrongAnnotation}},
		{"nested", []Span{{Label: "NAME_PATIENT", Begin: 2, End: 4}, {Label: "LOCATION_HOSPITAL", Begin: 0, End: 10}},
			[]kinds.Kind{kinds.LocationHospital}, [][2]int{{0, 10}}, []ProblemKind{ProblemNested}},
		{"partial", []Span{{Label: "DATE", Begin: 0, End: 5}, {Label: "NAME_PATIENT", Begin: 3, End: 8}},
			[]kinds.Kind{kinds.NamePatient}, [][2]int{{0, 8}}, []ProblemKind{ProblemPartialOverlap}},
		{"dup", []Span{{Label: "DATE", Begin: 0, End: 5}, {Label: "DATE_BIRTH", Begin: 0, End: 5}},
			[]kinds.Kind{kinds.DateBirth}, [][2]int{{0, 5}}, []ProblemKind{ProblemDuplicate}},
		{"empty", []Span{{Label: "DATE", Begin: 2, End: 2}}, nil, nil, []ProblemKind{ProblemEmptySpan}},
		{"adjacent", []Span{{Label: "DATE", Begin: 0, End: 2}, {Label: "AGE", Begin: 2, End: 4}},
			[]kinds.Kind{kinds.Date, kinds.Age}, [][2]int{{0, 2}, {2, 4}}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := &Document{Text: strings.Repeat("x", 20), Spans: tt.spans}
			d.Normalize()
			if len(d.Spans) != len(tt.wantKinds) {
				t.Fatalf("got %d spans %+v", len(d.Spans), d.Spans)
			}
			for i, s := range d.Spans {
				if s.Kind != tt.wantKinds[i] || s.Begin != tt.wantRange[i][0] || s.End != tt.wantRange[i][1] {
					t.Errorf("span %d = %+v", i, s)
				}
			}
			if len(d.Problems) != len(tt.problems) {
				t.Fatalf("problems %+v", d.Problems)
			}
			for i, p := range d.Problems {
				if p.Kind != tt.problems[i] {
					t.Errorf("problem %d = %v", i, p.Kind)
				}
			}
		})
	}
}
