package formats

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/surrogator/surrogator/internal/testutil"
	"github.com/surrogator/surrogator/surrogator/cas"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/formats/casjson"
	"github.com/surrogator/surrogator/surrogator/formats/inception"
	"github.com/surrogator/surrogator/surrogator/formats/zipread"
	"github.com/surrogator/surrogator/surrogator/kinds"
	"golang.org/x/text/encoding/charmap"
)

const projectZip = "corpora/inception-projects/project-deid-test-data-1.zip"

func TestInceptionProject(t *testing.T) {
	p := testutil.Shared(t, projectZip)
	projs, err := Read([]string{p}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(projs) != 1 {
		t.Fatalf("%d projects", len(projs))
	}
	pr := projs[0]
	if pr.Name != "project-deid-test-data-1" || len(pr.Errors) != 0 {
		t.Fatalf("name %q errors %v", pr.Name, pr.Errors)
	}
	if len(pr.Documents) != 15 {
		t.Fatalf("%d documents, want 15", len(pr.Documents))
	}
	wrong := map[string]bool{}
	names := map[string]bool{}
	for _, d := range pr.Documents {
		names[d.Name] = true
		if d.Annotator != inception.CurationUser || !strings.HasPrefix(d.Source, "curation/") {
			t.Errorf("%s read from %s (%s)", d.Name, d.Source, d.Annotator)
		}
		if d.State != "CURATION_FINISHED" {
			t.Errorf("%s state %q", d.Name, d.State)
		}
		if d.HasWrong() {
			wrong[d.Name] = true
		}
	}
	for _, n := range []string{"minister_angehörige.txt", "zwei_idenditäten.txt", "alpenwirt.txt"} {
		if !names[n] {
			t.Errorf("missing document %q", n)
		}
	}
	if len(wrong) != 2 || !wrong["busfahrerin.txt"] || !wrong["gesetzesnennung.txt"] {
		t.Errorf("wrong annotations in %v", wrong)
	}
	// per-kind counts of one document
	for _, d := range pr.Documents {
		if d.Name == "rechnung.txt" {
			c := d.Count()
			if c[kinds.ID] != 2 || c[kinds.LocationOrganization] != 3 || c[kinds.LocationStreet] != 2 || c[kinds.LocationCity] != 2 || c[kinds.LocationZip] != 2 {
				t.Errorf("rechnung counts %v", c)
			}
		}
	}
}

// rawSpans reads the PHI annotations of a CAS JSON independently of the
// package: offsets are sliced from the UTF-16 encoding of the sofa.
func rawSpans(t *testing.T, data []byte) []string {
	var doc struct {
		FS []map[string]any `json:"%FEATURE_STRUCTURES"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	var sofa []uint16
	for _, f := range doc.FS {
		if f["%TYPE"] == "uima.cas.Sofa" {
			sofa = utf16.Encode([]rune(f["sofaString"].(string)))
		}
	}
	var out []string
	for _, f := range doc.FS {
		if typ, _ := f["%TYPE"].(string); strings.HasSuffix(typ, ".PHI") {
			b, e := int(f["begin"].(float64)), int(f["end"].(float64))
			out = append(out, string(utf16.Decode(sofa[b:e])))
		}
	}
	return out
}

func sharedCASFiles(t *testing.T) map[string][]byte {
	out := map[string][]byte{}
	dir := testutil.Shared(t, "corpora/grascco-pii")
	files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		out[filepath.Base(f)] = b
	}
	zr, err := zip.OpenReader(testutil.Shared(t, projectZip))
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	for _, f := range zr.File {
		if strings.HasSuffix(f.Name, ".json") && (strings.HasPrefix(f.Name, "curation/") || strings.HasPrefix(f.Name, "annotation/")) {
			rc, _ := f.Open()
			var b bytes.Buffer
			b.ReadFrom(rc)
			rc.Close()
			out[f.Name] = b.Bytes()
		}
	}
	if len(out) < 7 {
		t.Fatalf("only %d CAS files", len(out))
	}
	return out
}

// TestSpanTextsMatchUTF16 asserts, for every PHI span of every shared CAS,
// that the text taken with the converted byte offsets equals the text taken
// with the original UTF-16 offsets.
func TestSpanTextsMatchUTF16(t *testing.T) {
	n := 0
	for name, data := range sharedCASFiles(t) {
		want := rawSpans(t, data)
		d, err := casjson.Read(data, cas.PHIConfig{})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if len(d.Spans) != len(want) {
			t.Fatalf("%s: %d spans, want %d", name, len(d.Spans), len(want))
		}
		for i := range d.Spans {
			if got := d.SpanText(i); got != want[i] {
				t.Errorf("%s span %d differs", name, i)
			}
			n++
		}
	}
	t.Logf("%d spans checked", n)
}

// TestCASJSONRoundTrip: read → write → read gives the same text and the
// same annotations (every feature structure) on all shared corpora.
func TestCASJSONRoundTrip(t *testing.T) {
	for name, data := range sharedCASFiles(t) {
		c1, err := casjson.ReadCAS(data)
		if err != nil {
			t.Fatal(err)
		}
		d, err := casjson.Read(data, cas.PHIConfig{})
		if err != nil {
			t.Fatal(err)
		}
		out, err := casjson.Marshal(d)
		if err != nil {
			t.Fatal(err)
		}
		c2, err := casjson.ReadCAS(out)
		if err != nil {
			t.Fatalf("%s: re-read: %v", name, err)
		}
		assertSameCAS(t, name, c1, c2)
		d2, _ := casjson.Read(out, cas.PHIConfig{})
		if d2.Text != d.Text || len(d2.Spans) != len(d.Spans) {
			t.Fatalf("%s: text/spans differ after round trip", name)
		}
	}
}

func assertSameCAS(t *testing.T, name string, a, b *cas.CAS) {
	t.Helper()
	if len(a.FS) != len(b.FS) || len(a.Types) != len(b.Types) || len(a.Views) != len(b.Views) {
		t.Fatalf("%s: sizes differ", name)
	}
	for i := range a.FS {
		fa, fb := a.FS[i], b.FS[i]
		if fa.ID != fb.ID || fa.Type != fb.Type || len(fa.Features) != len(fb.Features) {
			t.Fatalf("%s: FS %d differs", name, fa.ID)
		}
		for j := range fa.Features {
			x, y := fa.Features[j], fb.Features[j]
			var cx, cy bytes.Buffer
			json.Compact(&cx, x.Value)
			json.Compact(&cy, y.Value)
			if x.Name != y.Name || x.Ref != y.Ref || cx.String() != cy.String() {
				t.Fatalf("%s: FS %d feature %s differs", name, fa.ID, x.Name)
			}
		}
	}
}

// TestReplacementRoundTrip replaces every span with strings of other
// lengths in several alphabets and checks every annotation after writing
// and reading the CAS back.
func TestReplacementRoundTrip(t *testing.T) {
	reps := []string{"X", "Ä😀ß", "e\u0301\u0301", "漢字テスト", "", "a longer replacement text 👩‍⚕️"}
	for name, data := range sharedCASFiles(t) {
		d, err := casjson.Read(data, cas.PHIConfig{})
		if err != nil {
			t.Fatal(err)
		}
		d.Normalize()
		// token texts outside spans must survive
		before, ranges := annotationTexts(t, d)
		var edits []document.Edit
		for i, s := range d.Spans {
			edits = append(edits, document.Edit{Begin: s.Begin, End: s.End, Text: reps[i%len(reps)]})
		}
		nd, err := d.Apply(edits)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		out, err := casjson.Marshal(nd)
		if err != nil {
			t.Fatal(err)
		}
		rd, err := casjson.Read(out, cas.PHIConfig{})
		if err != nil {
			t.Fatalf("%s: re-read: %v", name, err)
		}
		rd.Normalize()
		if rd.Text != nd.Text {
			t.Fatalf("%s: text differs", name)
		}
		for i, s := range nd.Spans {
			if nd.Text[s.Begin:s.End] != edits[i].Text {
				t.Fatalf("%s: span %d does not cover its replacement", name, i)
			}
		}
		// every PHI annotation of the re-read CAS covers a replacement
		want := map[string]bool{}
		for _, e := range edits {
			want[e.Text] = true
		}
		for i := range rd.Spans {
			if !want[rd.SpanText(i)] {
				t.Fatalf("%s: re-read span %d covers unexpected text", name, i)
			}
		}
		after, _ := annotationTexts(t, rd)
		for id, txt := range before {
			if overlapsSpan(d, ranges[id]) {
				continue
			}
			if after[id] != txt {
				t.Fatalf("%s: annotation %d outside spans changed text", name, id)
			}
		}
	}
}

// annotationTexts maps annotation id → covered text for non-PHI annotations.
func annotationTexts(t *testing.T, d *document.Document) (map[int]string, map[int][2]int) {
	l := d.Layers.(*cas.Layers)
	sofa, _ := l.CAS.MainSofa()
	text, _ := cas.SofaText(sofa)
	ix := document.NewIndex(text)
	out := map[int]string{}
	ranges := map[int][2]int{}
	for _, f := range l.CAS.FS {
		if !cas.IsAnnotationOn(f, sofa.ID, true) || strings.HasSuffix(f.Type, "PHI") {
			continue
		}
		b16, _ := f.Int("begin")
		e16, _ := f.Int("end")
		b, err1 := ix.FromUTF16(b16)
		e, err2 := ix.FromUTF16(e16)
		if err1 != nil || err2 != nil {
			t.Fatalf("annotation %d offsets invalid", f.ID)
		}
		out[f.ID] = text[b:e]
		ranges[f.ID] = [2]int{b, e}
	}
	return out, ranges
}

func overlapsSpan(d *document.Document, r [2]int) bool {
	for _, s := range d.Spans {
		if r[0] < s.End && r[1] > s.Begin {
			return true
		}
		// annotations ending at or starting at a span boundary with zero
		// length are fine either way
		if r[0] == r[1] && (r[0] == s.Begin || r[0] == s.End) {
			return true
		}
	}
	return false
}

func makeZip(t *testing.T, entries map[string]string, cp437 map[string]bool) []byte {
	var b bytes.Buffer
	w := zip.NewWriter(&b)
	for name, body := range entries {
		h := &zip.FileHeader{Name: name, Method: zip.Deflate}
		if cp437[name] {
			enc, err := charmap.CodePage437.NewEncoder().String(name)
			if err != nil {
				t.Fatal(err)
			}
			h.Name = enc
			h.NonUTF8 = true
		}
		f, err := w.CreateHeader(h)
		if err != nil {
			t.Fatal(err)
		}
		f.Write([]byte(body))
	}
	w.Close()
	return b.Bytes()
}

const miniCAS = `{"%TYPES":{},"%FEATURE_STRUCTURES":[{"%ID":1,"%TYPE":"uima.cas.Sofa","sofaNum":1,"sofaID":"_InitialView","mimeType":"text","sofaString":"Frau Anna Beispiel"},{"%ID":2,"%TYPE":"webanno.custom.PHI","@sofa":1,"begin":5,"end":18,"kind":"NAME_PATIENT"}],"%VIEWS":{"_InitialView":{"%SOFA":1,"%MEMBERS":[2]}}}`

func TestZipDefensive(t *testing.T) {
	bad := map[string]string{
		"invalid json":   `{"%FEATURE_STRUCTURES":[`,
		"missing sofa":   `{"%FEATURE_STRUCTURES":[{"%ID":2,"%TYPE":"webanno.custom.PHI","begin":0,"end":1,"kind":"DATE"}],"%VIEWS":{}}`,
		"duplicate id":   `{"%FEATURE_STRUCTURES":[{"%ID":1,"%TYPE":"uima.cas.Sofa","sofaString":"ab"},{"%ID":1,"%TYPE":"x.PHI","begin":0,"end":1}]}`,
		"outside text":   `{"%FEATURE_STRUCTURES":[{"%ID":1,"%TYPE":"uima.cas.Sofa","sofaString":"ab"},{"%ID":2,"%TYPE":"x.PHI","@sofa":1,"begin":0,"end":9,"kind":"DATE"}]}`,
		"begin past end": `{"%FEATURE_STRUCTURES":[{"%ID":1,"%TYPE":"uima.cas.Sofa","sofaString":"abc"},{"%ID":2,"%TYPE":"x.PHI","@sofa":1,"begin":2,"end":1,"kind":"DATE"}]}`,
		"split pair":     `{"%FEATURE_STRUCTURES":[{"%ID":1,"%TYPE":"uima.cas.Sofa","sofaString":"a😀"},{"%ID":2,"%TYPE":"x.PHI","@sofa":1,"begin":0,"end":2,"kind":"DATE"}]}`,
	}
	entries := map[string]string{"curation/good.txt/CURATION_USER.json": miniCAS, "../evil.txt": "x"}
	for name, body := range bad {
		entries["curation/"+name+".txt/CURATION_USER.json"] = body
	}
	entries["curation/minister_angehörige.txt/CURATION_USER.json"] = miniCAS
	data := makeZip(t, entries, map[string]bool{"curation/minister_angehörige.txt/CURATION_USER.json": true})
	p := ReadZip("proj.zip", data, Options{})
	if len(p.Documents) != 2 {
		t.Fatalf("read %d documents, want 2 (good + CP437): errors %v", len(p.Documents), p.Errors)
	}
	got := map[string]bool{}
	for _, d := range p.Documents {
		got[d.Name] = true
	}
	if !got["minister_angehörige.txt"] || !got["good.txt"] {
		t.Fatalf("documents %v", got)
	}
	errDocs := map[string]string{}
	for _, e := range p.Errors {
		errDocs[e.Document] = e.Error()
		if strings.Contains(e.Error(), "Anna") || strings.Contains(e.Error(), "Beispiel") {
			t.Errorf("error leaks text: %v", e)
		}
	}
	for name := range bad {
		msg, ok := errDocs[name+".txt"]
		if !ok {
			t.Errorf("no error for %q", name)
			continue
		}
		if !strings.Contains(msg, "proj.zip") {
			t.Errorf("error does not name the file: %s", msg)
		}
	}
	if _, ok := errDocs["../evil.txt"]; !ok {
		t.Errorf("zip-slip entry not reported: %v", errDocs)
	}
}

func TestZipBombAndTruncated(t *testing.T) {
	big := strings.Repeat("A", 1<<20)
	data := makeZip(t, map[string]string{"curation/a.txt/CURATION_USER.json": big, "curation/b.txt/CURATION_USER.json": miniCAS}, nil)
	p := ReadZip("bomb.zip", data, Options{MaxDocBytes: 64 << 10})
	if len(p.Documents) != 1 || len(p.Errors) != 1 || !errors.Is(p.Errors[0].Err, zipread.ErrTooLarge) {
		t.Fatalf("docs %d errors %v", len(p.Documents), p.Errors)
	}
	p = ReadZip("total.zip", data, Options{MaxZipBytes: 1024})
	if len(p.Errors) == 0 {
		t.Fatal("total limit not enforced")
	}
	p = ReadZip("trunc.zip", data[:len(data)/2], Options{})
	if len(p.Documents) != 0 || len(p.Errors) != 1 {
		t.Fatalf("truncated zip: docs %d errors %v", len(p.Documents), p.Errors)
	}
}

func TestSeveralAnnotators(t *testing.T) {
	data := makeZip(t, map[string]string{
		"annotation/a.txt/INITIAL_CAS.json": miniCAS,
		"annotation/a.txt/alice.json":       miniCAS,
		"annotation/a.txt/bob.json":         miniCAS,
		"annotation/b.txt/alice.json":       miniCAS,
		"source/c.txt":                      "unannotated",
	}, nil)
	p := ReadZip("p.zip", data, Options{})
	if len(p.Documents) != 1 || p.Documents[0].Name != "b.txt" || p.Documents[0].Annotator != "alice" {
		t.Fatalf("docs %+v", p.Documents)
	}
	if len(p.Errors) != 2 {
		t.Fatalf("errors %v", p.Errors)
	}
	p = ReadZip("p.zip", data, Options{Annotator: "bob"})
	if len(p.Documents) != 1 || p.Documents[0].Name != "a.txt" || p.Documents[0].Annotator != "bob" {
		t.Fatalf("with --annotator: docs %+v errors %v", p.Documents, p.Errors)
	}
}

func TestLooseFilesProjectName(t *testing.T) {
	dir := t.TempDir()
	sub := filepath.Join(dir, "letters")
	os.Mkdir(sub, 0o755)
	os.WriteFile(filepath.Join(sub, "one.json"), []byte(miniCAS), 0o644)
	os.WriteFile(filepath.Join(sub, "broken.json"), []byte("{"), 0o644)
	projs, err := Read([]string{filepath.Join(sub, "one.json")}, Options{})
	if err != nil || len(projs) != 1 || projs[0].Name != "letters" || len(projs[0].Documents) != 1 {
		t.Fatalf("single file: %v %+v", err, projs)
	}
	projs, err = Read([]string{sub}, Options{})
	if err != nil || len(projs) != 1 || len(projs[0].Documents) != 1 || len(projs[0].Errors) != 1 {
		t.Fatalf("dir: %v %+v", err, projs[0])
	}
	if d := projs[0].Documents[0]; d.Spans[0].Kind != kinds.NamePatient || d.SpanText(0) != "Anna Beispiel" {
		t.Fatalf("span %+v", d.Spans)
	}
	if _, err := Read([]string{filepath.Join(dir, "missing")}, Options{}); err == nil {
		t.Fatal("missing path accepted")
	}
}
