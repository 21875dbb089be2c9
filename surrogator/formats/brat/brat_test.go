package brat

import (
	"bytes"
	"errors"
	"io"
	"math/rand"
	"reflect"
	"strings"
	"testing"

	"github.com/surrogator/surrogator/internal/testutil"
	"github.com/surrogator/surrogator/surrogator/cas"
	"github.com/surrogator/surrogator/surrogator/document"
)

const fixtureText = "Frau Müller 😀 kam am\n1.2.2020 aus Köln."

// fixtureAnn has a discontinuous span, CRLF line ends, a blank line and
// every other kind of line.
const fixtureAnn = "T1\tNAME_PATIENT 5 11\tMüller\r\n" +
	"T2\tDATE 21 29\t1.2.2020\n" +
	"\n" +
	"T5\tLOCATION_CITY 34 35;36 38\tK ln\n" +
	"#1\tAnnotatorNotes T1\tchecked\n" +
	"A1\tNegated T2\n" +
	"R1\tRel Arg1:T1 Arg2:T5\n" +
	"E1\tEv:T2\n" +
	"N1\tReference T5 geo:1\tKöln\n" +
	"*\tAlias T1 T2\n"

func TestRead(t *testing.T) {
	d, err := Read([]byte(fixtureText), []byte(fixtureAnn))
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		label, text string
		ref         int
	}{
		{"NAME_PATIENT", "Müller", 1},
		{"DATE", "1.2.2020", 2},
		{"LOCATION_CITY", "K", 5},
		{"LOCATION_CITY", "ln", 5},
	}
	if len(d.Spans) != len(want) {
		t.Fatalf("spans %+v", d.Spans)
	}
	for i, w := range want {
		s := d.Spans[i]
		if s.Label != w.label || d.Text[s.Begin:s.End] != w.text || s.Ref != w.ref {
			t.Errorf("span %d = %+v (%q), want %+v", i, s, d.Text[s.Begin:s.End], w)
		}
	}
	if d.Format != document.FormatBRAT {
		t.Errorf("format %q", d.Format)
	}
	var txt, ann bytes.Buffer
	if err := Write(&txt, &ann, d); err != nil {
		t.Fatal(err)
	}
	if txt.String() != fixtureText {
		t.Errorf("text %q", txt.String())
	}
	wantAnn := strings.ReplaceAll(strings.Replace(fixtureAnn, "\n\n", "\n", 1), "\r", "")
	if ann.String() != wantAnn {
		t.Errorf("ann:\n%s\nwant:\n%s", ann.String(), wantAnn)
	}
}

func TestReadErrors(t *testing.T) {
	text := "Geheimname ist 😀 hier"
	tests := []struct{ name, text, ann, want string }{
		{"beyond text", text, "T1\tNAME 3 99\tx\n", "offset 99 beyond the text of 21 code points"},
		{"begin > end", text, "T1\tNAME 5 3\tx\n", "begin 5 > end 3"},
		{"negative", text, "T1\tNAME -1 3\tx\n", "negative"},
		{"not a number", text, "T1\tNAME a 3\tx\n", "not a number"},
		{"one offset", text, "T1\tNAME 3\tx\n", "not \"begin end\""},
		{"empty fragment", text, "T1\tNAME 1 2;\tx\n", "fragment 2"},
		{"no offsets", text, "T1\tNAME\n", "no type and offsets"},
		{"no tab", text, "T1 NAME 1 2\n", "T<number>"},
		{"bad id", text, "Tx\tNAME 1 2\tx\n", "T<number>"},
		{"duplicate", text, "T1\tNAME 1 2\te\nT1\tDATE 3 4\te\n", "T1 already defined on line 1"},
		// strict placement (issue 9): offsets are plain non-negative
		// integers within the text, and the text column matches
		{"plus sign", text, "T1\tNAME +0 3\tGeh\n", "offset is not a number"},
		{"float offset", text, "T1\tNAME 0 3.0\tGeh\n", "offset is not a number"},
		{"quoted offset", text, "T1\tNAME \"0\" 3\tGeh\n", "offset is not a number"},
		{"out of int range", text, "T1\tNAME 0 99999999999999999999\tGeh\n", "fragment 1: offset out of the integer range"},
		{"negative end", text, "T1\tNAME 0 -3\tGeh\n", "fragment 1: negative offset"},
		{"missing end", text, "T1\tNAME 0\tGeh\n", "not \"begin end\""},
		{"end beyond text", text, "T1\tNAME 0 22\tGeh\n", "offset 22 beyond the text of 21 code points"},
		{"text mismatch", text, "T1\tNAME 0 3\tGex\n", "T1: the text column does not match the text at the offsets"},
		{"text mismatch, byte offsets", text, "T1\tNAME 18 22\thier\n", "beyond the text"},
		{"text mismatch, UTF-16 offsets", text, "T1\tNAME 18 22;0 1\thier G\n", "beyond the text"},
		{"text mismatch after the emoji", text, "T1\tNAME 17 20\thier\n", "does not match"},
		{"text mismatch, discontinuous", text, "T1\tNAME 0 3;15 16\tGeh x\n", "T1: the text column does not match"},
		{"text mismatch, fragments joined without space", text, "T1\tNAME 0 3;15 16\tGeh😀\n", "does not match"},
		{"no text column", text, "T1\tNAME 0 3\n", "T1: no text column"},
		{"second line mismatch", text, "T1\tNAME 0 3\tGeh\nT2\tNAME 17 21\tHier\n", "ann line 2: T2: the text column does not match"},
		{"unknown line", text, "Geheimname\n", "unknown annotation kind"},
		{"bad text utf-8", "Geheim\xff", "", "text is not valid UTF-8 (byte offset 6)"},
		{"bad ann utf-8", text, "T1\tNAME 1 2\t\xff\n", "ann is not valid UTF-8"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Read([]byte(tt.text), []byte(tt.ann))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error %v, want %q", err, tt.want)
			}
			if tt.name != "unknown line" && !(errors.Is(err, document.ErrPlacement) || errors.Is(err, document.ErrEncoding)) {
				t.Errorf("error %q has no category", err)
			}
			if !strings.HasPrefix(err.Error(), "brat: ") || strings.Contains(err.Error(), "Geheim") {
				t.Errorf("error %q: no prefix or leaks text", err)
			}
		})
	}
}

// TestReadTextColumn: the text column is compared exactly, with only the
// characters a column cannot hold (line breaks, tabs) read as spaces, and
// discontinuous fragments joined by one space.
func TestReadTextColumn(t *testing.T) {
	text := "Geheim\nname ist 😀\thier"
	for _, tt := range []struct{ name, ann string }{
		{"plain", "T1\tNAME 0 6\tGeheim\n"},
		{"emoji", "T1\tX 16 17\t😀\n"},
		{"line break as space", "T1\tNAME 0 11\tGeheim name\n"},
		{"tab as space", "T1\tNAME 16 22\t😀 hier\n"},
		{"tab kept", "T1\tNAME 16 22\t😀\thier\n"},
		{"discontinuous", "T1\tNAME 0 2;18 22\tGe hier\n"},
		{"empty span", "T1\tNAME 3 3\t\n"},
		{"CRLF", "T1\tNAME 0 6\tGeheim\r\nT2\tNAME 18 22\thier\r\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			d, err := Read([]byte(text), []byte(tt.ann))
			if err != nil {
				t.Fatal(err)
			}
			if err := d.CheckPlacement(); err != nil || len(d.Spans) == 0 {
				t.Fatalf("%v %+v", err, d.Spans)
			}
		})
	}
}

func TestWriteErrors(t *testing.T) {
	tests := []struct {
		name string
		d    *document.Document
		want string
	}{
		{"space in label", &document.Document{Text: "abc", Spans: []document.Span{{Label: "A B", Begin: 0, End: 1}}}, "white space"},
		{"outside", &document.Document{Text: "abc", Spans: []document.Span{{Label: "A", Begin: 0, End: 9}}}, "not a range"},
		{"inside rune", &document.Document{Text: "ä", Spans: []document.Span{{Label: "A", Begin: 1, End: 2}}}, "not a range"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := Write(io.Discard, io.Discard, tt.d)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error %v, want %q", err, tt.want)
			}
		})
	}
}

func sharedDocs(t *testing.T) map[string]*cas.Extracted { return testutil.SharedExtracted(t) }

func TestRoundTripSharedCorpora(t *testing.T) {
	for name, ex := range sharedDocs(t) {
		t.Run(name, func(t *testing.T) {
			d := &document.Document{Text: ex.Text, Spans: ex.Spans}
			var txt, ann bytes.Buffer
			if err := Write(&txt, &ann, d); err != nil {
				t.Fatal(err)
			}
			back, err := Read(txt.Bytes(), ann.Bytes())
			if err != nil {
				t.Fatal(err)
			}
			if back.Text != d.Text {
				t.Fatal("text differs")
			}
			if len(back.Spans) != len(d.Spans) {
				t.Fatalf("%d spans, want %d", len(back.Spans), len(d.Spans))
			}
			for i, s := range d.Spans {
				g := back.Spans[i]
				label := s.Label
				if label == "" {
					label = "NONE"
				}
				if g.Label != label || g.Begin != s.Begin || g.End != s.End || g.Ref != i+1 {
					t.Errorf("span %d = %+v, want %+v", i, g, s)
				}
			}
			// writing the re-read document reproduces the files
			var txt2, ann2 bytes.Buffer
			if err := Write(&txt2, &ann2, back); err != nil {
				t.Fatal(err)
			}
			if ann2.String() != ann.String() || txt2.String() != txt.String() {
				t.Error("second write differs")
			}
		})
	}
}

var alphabets = []string{"a", "Z", "ß", "😀", "e\u0301", "字", "👩\u200d⚕️", " ", "\u0308", "\U0001F1E9\U0001F1EA"}

func randomText(r *rand.Rand) string {
	var sb strings.Builder
	for n := 1 + r.Intn(6); n > 0; n-- {
		sb.WriteString(alphabets[r.Intn(len(alphabets))])
	}
	return sb.String()
}

// replaceAll replaces every (normalised) span of d by random text and
// returns the new document and the replacement per span index.
func replaceAll(t *testing.T, r *rand.Rand, d *document.Document) (*document.Document, []string) {
	t.Helper()
	d.Normalize()
	var edits []document.Edit
	var reps []string
	for _, s := range d.Spans {
		e := document.Edit{Begin: s.Begin, End: s.End, Text: randomText(r)}
		edits = append(edits, e)
		reps = append(reps, e.Text)
	}
	nd, err := d.Apply(edits)
	if err != nil {
		t.Fatal(err)
	}
	return nd, reps
}

func TestReplacementRoundTrip(t *testing.T) {
	r := rand.New(rand.NewSource(3))
	docs := sharedDocs(t)
	// the fixture: discontinuous span and other lines
	fx, err := Read([]byte(fixtureText), []byte(fixtureAnn))
	if err != nil {
		t.Fatal(err)
	}
	for name, ex := range docs {
		t.Run(name, func(t *testing.T) {
			// through BRAT first, so that the document carries BRAT layers
			var txt, ann bytes.Buffer
			if err := Write(&txt, &ann, &document.Document{Text: ex.Text, Spans: ex.Spans}); err != nil {
				t.Fatal(err)
			}
			d, err := Read(txt.Bytes(), ann.Bytes())
			if err != nil {
				t.Fatal(err)
			}
			checkReplacement(t, r, d)
		})
	}
	t.Run("fixture", func(t *testing.T) { checkReplacement(t, r, fx) })
}

func checkReplacement(t *testing.T, r *rand.Rand, d *document.Document) {
	t.Helper()
	orig := *d
	nd, reps := replaceAll(t, r, d)
	var txt, ann bytes.Buffer
	if err := Write(&txt, &ann, nd); err != nil {
		t.Fatal(err)
	}
	back, err := Read(txt.Bytes(), ann.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if back.Text != nd.Text {
		t.Fatal("text differs")
	}
	// every T annotation that equalled a normalised span covers its
	// replacement; the others cover what the mapping says
	for i, s := range nd.Spans {
		found := false
		for _, g := range back.Spans {
			if g.Ref == s.Ref && g.Begin == s.Begin && g.End == s.End {
				found = true
				if back.Text[g.Begin:g.End] != reps[i] {
					t.Errorf("span T%d covers %q, want %q", g.Ref, back.Text[g.Begin:g.End], reps[i])
				}
			}
		}
		if !found && len(orig.Spans) > 0 {
			// a merged span (partial overlap): its T annotation lies inside
			for _, g := range back.Spans {
				if g.Ref == s.Ref && (g.Begin < s.Begin || g.End > s.End) {
					t.Errorf("T%d [%d,%d) leaves its merged span [%d,%d)", g.Ref, g.Begin, g.End, s.Begin, s.End)
				}
			}
		}
	}
	// non-T lines survive unchanged
	var rawIn, rawOut []string
	for _, l := range orig.Layers.(*Layers).Lines {
		if !l.TextBound {
			rawIn = append(rawIn, l.Raw)
		}
	}
	for _, l := range back.Layers.(*Layers).Lines {
		if !l.TextBound {
			rawOut = append(rawOut, l.Raw)
		}
	}
	if !reflect.DeepEqual(rawIn, rawOut) {
		t.Errorf("other lines %q, want %q", rawOut, rawIn)
	}
}

func TestSetLabelAndExtraSpans(t *testing.T) {
	d, err := Read([]byte(fixtureText), []byte(fixtureAnn))
	if err != nil {
		t.Fatal(err)
	}
	d.Layers.(*Layers).SetLabel(2, "DATE_BIRTH")
	d.Spans = append(d.Spans, document.Span{Kind: "LOCATION_CITY", Begin: strings.Index(fixtureText, "Köln"), End: strings.Index(fixtureText, "Köln") + len("Köln"), Ref: -1})
	var txt, ann bytes.Buffer
	if err := Write(&txt, &ann, d); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(ann.String(), "T2\tDATE_BIRTH 21 29\t1.2.2020\n") {
		t.Errorf("label not set:\n%s", ann.String())
	}
	if !strings.HasSuffix(ann.String(), "T6\tLOCATION_CITY 34 38\tKöln\n") {
		t.Errorf("extra span not appended as T6:\n%s", ann.String())
	}
}
