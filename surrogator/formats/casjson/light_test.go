package casjson_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/surrogator/surrogator/internal/testutil"
	"github.com/surrogator/surrogator/surrogator/cas"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/formats/casjson"
)

// phiConfigs are the PHI layers the differential tests read with: the
// default; the token layer as "PHI" (every token is then checked by the
// PHI rules after the views); a label feature that is an offset.
var phiConfigs = []cas.PHIConfig{
	{},
	{Type: "Token"},
	{Type: "custom.PHI", Feature: "begin"},
}

// samePHI reads data with Read and ReadPHI (with rd's shared header
// cache, and without) and fails unless both return the same Name, Format,
// Text and Spans (ReadPHI without Layers) or both fail with the same
// error (kind and message). It returns Read's error with rd.
func samePHI(t testing.TB, rd *casjson.Reader, data []byte, cfg cas.PHIConfig) error {
	t.Helper()
	var first error
	for k, r := range []*casjson.Reader{rd, nil} {
		// with and without the header cache, Read's syntax errors in the
		// header may differ in their message (not in their kind)
		want, errW := r.Read(data, cfg)
		if k == 0 {
			first = errW
		}
		got, errG := r.ReadPHI(data, cfg)
		if (errW == nil) != (errG == nil) || errClass(errW) != errClass(errG) {
			t.Fatalf("cfg %+v: Read error %v, ReadPHI error %v", cfg, errW, errG)
		}
		if errW != nil {
			if errW.Error() != errG.Error() {
				t.Fatalf("cfg %+v: Read error %q, ReadPHI error %q", cfg, errW, errG)
			}
			continue
		}
		if got.Layers != nil {
			t.Fatalf("ReadPHI returned layers")
		}
		if got.Name != want.Name || got.Format != want.Format || got.Text != want.Text {
			t.Fatalf("cfg %+v: ReadPHI name/format/text differ from Read", cfg)
		}
		if !reflect.DeepEqual(got.Spans, want.Spans) {
			t.Fatalf("cfg %+v: ReadPHI spans differ from Read (%d vs %d)", cfg, len(got.Spans), len(want.Spans))
		}
	}
	return first
}

// rawCAS is a CAS JSON document split into its sections, to build
// variants of real letters.
type rawCAS struct {
	Types json.RawMessage   `json:"%TYPES"`
	FS    []json.RawMessage `json:"%FEATURE_STRUCTURES"`
	Views json.RawMessage   `json:"%VIEWS"`
}

func (c rawCAS) bytes() []byte {
	var b bytes.Buffer
	b.WriteString(`{"%TYPES":`)
	b.Write(c.Types)
	b.WriteString(`,"%FEATURE_STRUCTURES":[`)
	for i, f := range c.FS {
		if i > 0 {
			b.WriteByte(',')
		}
		b.Write(f)
	}
	b.WriteString(`]`)
	if c.Views != nil {
		b.WriteString(`,"%VIEWS":`)
		b.Write(c.Views)
	}
	b.WriteString("}")
	return b.Bytes()
}

var (
	sofaRefRe = regexp.MustCompile(`,\s*"@sofa"\s*:\s*[0-9]+`)
	membersRe = regexp.MustCompile(`"%MEMBERS"\s*:\s*\[`)
	endRe     = regexp.MustCompile(`"end"\s*:\s*[0-9]+`)
	orderRe   = regexp.MustCompile(`"order"\s*:\s*[0-9]+`)
)

// variants returns named variants of a letter that take ReadPHI's other
// paths: the sofa read last (every reference is to a sofa not yet read),
// annotations without "sofa" references (placed by the view, or as on the
// only sofa), a second sofa, and misplaced, unreferenced or malformed
// token annotations (which Read refuses).
func variants(t testing.TB, data []byte) map[string][]byte {
	t.Helper()
	var c rawCAS
	if err := json.Unmarshal(data, &c); err != nil {
		t.Fatalf("variant base: %v", err)
	}
	out := map[string][]byte{}
	add := func(name string, edit func(c *rawCAS)) {
		d := rawCAS{Types: c.Types, Views: c.Views, FS: append([]json.RawMessage(nil), c.FS...)}
		edit(&d)
		out[name] = d.bytes()
	}
	// the index of the first token (an FS with "order")
	tok := -1
	for i, f := range c.FS {
		if orderRe.Match(f) {
			tok = i
			break
		}
	}
	if tok < 0 {
		tok = len(c.FS) - 1
	}
	edit := func(i int, f func([]byte) []byte) func(*rawCAS) {
		return func(d *rawCAS) { d.FS[i] = f(bytes.Clone(d.FS[i])) }
	}
	add("sofa-last", func(d *rawCAS) {
		for i, j := 0, len(d.FS)-1; i < j; i, j = i+1, j-1 {
			d.FS[i], d.FS[j] = d.FS[j], d.FS[i]
		}
	})
	noRefs := func(d *rawCAS) {
		for i := range d.FS {
			d.FS[i] = sofaRefRe.ReplaceAll(d.FS[i], nil)
		}
	}
	add("no-sofa-refs", noRefs)
	add("no-sofa-refs-no-views", func(d *rawCAS) { noRefs(d); d.Views = nil })
	add("second-sofa", func(d *rawCAS) {
		d.FS = append(d.FS, json.RawMessage(`{"%ID":999999,"%TYPE":"uima.cas.Sofa","sofaID":"x","sofaString":"ab"}`))
	})
	add("second-sofa-no-refs-no-views", func(d *rawCAS) {
		noRefs(d)
		d.Views = nil
		d.FS = append(d.FS, json.RawMessage(`{"%ID":999999,"%TYPE":"uima.cas.Sofa","sofaID":"x","sofaString":"ab"}`))
	})
	add("token-end-beyond-sofa", edit(tok, func(f []byte) []byte { return endRe.ReplaceAll(f, []byte(`"end":99999999`)) }))
	add("token-end-string", edit(tok, func(f []byte) []byte { return endRe.ReplaceAll(f, []byte(`"end":"5"`)) }))
	add("token-sofa-ref-missing", edit(tok, func(f []byte) []byte {
		return sofaRefRe.ReplaceAll(f, []byte(`,"@sofa":424242`))
	}))
	add("token-sofa-not-ref", edit(tok, func(f []byte) []byte { return sofaRefRe.ReplaceAll(f, []byte(`,"sofa":1`)) }))
	add("token-duplicate-key", edit(tok, func(f []byte) []byte {
		return bytes.Replace(f, []byte(`{`), []byte(`{"order":7,`), 1)
	}))
	add("token-bad-escape", edit(tok, func(f []byte) []byte {
		return bytes.Replace(f, []byte(`{`), []byte(`{"skipped":"a\uZZ12",`), 1)
	}))
	add("token-invalid-utf8", edit(tok, func(f []byte) []byte {
		return bytes.Replace(f, []byte(`{`), []byte("{\"skipped\":[\"a\xff\"],"), 1)
	}))
	add("member-missing", func(d *rawCAS) {
		d.Views = membersRe.ReplaceAll(bytes.Clone(d.Views), []byte(`"%MEMBERS":[424242,`))
	})
	return out
}

// projectZipCAS returns every CAS JSON entry of the shared INCEpTION
// export (the annotators' and the curated ones).
func projectZipCAS(t testing.TB) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	entries := testutil.ProjectEntries(t, func(e string) bool {
		return strings.HasSuffix(e, ".json") && !strings.HasSuffix(e, "exportedproject.json")
	})
	for i, f := range entries {
		out[fmt.Sprintf("zip-entry-%d", i)] = f.Data // entry names may name a patient
	}
	return out
}

// TestReadPHIShared: on every shared CAS JSON (GraSCCo, the curated and
// the annotators' CASes of the INCEpTION export) and on variants of the
// GraSCCo letters that take every path of ReadPHI, ReadPHI and Read agree
// for three PHI layers; the unchanged letters are all read, the broken
// variants all refused.
func TestReadPHIShared(t *testing.T) {
	rd := casjson.NewReader()
	files := sharedFiles(t)
	for k, v := range projectZipCAS(t) {
		files[k] = v
	}
	for name, data := range files {
		for _, cfg := range phiConfigs {
			if err := samePHI(t, rd, data, cfg); err != nil && cfg.Feature == "" && strings.HasPrefix(name, "grascco") {
				t.Errorf("%s: %v", name, err)
			}
		}
	}
	mustFail := []string{"second-sofa-no-refs-no-views", "token-end-beyond-sofa", "token-end-string", "token-sofa-ref-missing", "token-sofa-not-ref",
		"token-duplicate-key", "token-bad-escape", "token-invalid-utf8", "member-missing"}
	for i, f := range testutil.GrasccoCAS(t) {
		for vname, data := range variants(t, f.Data) {
			for _, cfg := range phiConfigs {
				err := samePHI(t, rd, data, cfg)
				if cfg == (cas.PHIConfig{}) && slicesContains(mustFail, vname) != (err != nil) {
					t.Errorf("letter %d, %s: error %v", i, vname, err)
				}
			}
		}
	}
}

func slicesContains(s []string, v string) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

// adversarial are hand-made documents over an invented text that Read
// refuses (or, for the last ones, accepts) and ReadPHI must treat alike.
// Each names its expected error kind.
var adversarial = []struct {
	name, data, class string
}{
	{"token end beyond the sofa",
		phiDoc(`{"%ID":3,"%TYPE":"a.Token","@sofa":1,"begin":0,"end":14}`), "placement"},
	{"token end beyond the sofa, sofa read last",
		`{"%FEATURE_STRUCTURES":[{"%ID":3,"%TYPE":"a.Token","@sofa":1,"begin":0,"end":14},` +
			`{"%ID":1,"%TYPE":"uima.cas.Sofa","sofaString":"Herr 😀 Meier"}]}`, "placement"},
	{"token splits a surrogate pair",
		phiDoc(`{"%ID":3,"%TYPE":"a.Token","@sofa":1,"begin":6,"end":7}`), "placement"},
	{"token sofa reference to a missing id",
		phiDoc(`{"%ID":3,"%TYPE":"a.Token","@sofa":77,"begin":0,"end":4}`), "placement"},
	{"token sofa reference to a token",
		phiDoc(`{"%ID":3,"%TYPE":"a.Token","@sofa":2,"begin":0,"end":4}`), "placement"},
	{"view member missing",
		strings.Replace(phiDoc(`{"%ID":3,"%TYPE":"a.Token","@sofa":1,"begin":0,"end":4}`), `"%MEMBERS":[2]`, `"%MEMBERS":[2,55]`, 1), "placement"},
	{"duplicate key inside a token",
		phiDoc(`{"%ID":3,"%TYPE":"a.Token","order":1,"@sofa":1,"begin":0,"order":2,"end":4}`), "placement"},
	{"sofa and @sofa inside a token",
		phiDoc(`{"%ID":3,"%TYPE":"a.Token","sofa":1,"@sofa":1,"begin":0,"end":4}`), "placement"},
	{"invalid UTF-8 inside a skipped value",
		phiDoc("{\"%ID\":3,\"%TYPE\":\"a.Token\",\"pos\":{\"x\":[\"\xc3\"]},\"@sofa\":1,\"begin\":0,\"end\":4}"), "encoding"},
	{"bad \\u escape in a skipped string",
		phiDoc(`{"%ID":3,"%TYPE":"a.Token","lemma":"x\u12G4","@sofa":1,"begin":0,"end":4}`), "other"},
	{"lone surrogate escape in a skipped string",
		phiDoc(`{"%ID":3,"%TYPE":"a.Token","lemma":"x\ud800","@sofa":1,"begin":0,"end":4}`), "encoding"},
	{"syntax error after a misplaced token",
		strings.TrimSuffix(phiDoc(`{"%ID":3,"%TYPE":"a.Token","@sofa":1,"begin":0,"end":99}`), "}") + ",}", "other"},
	{"duplicate id",
		phiDoc(`{"%ID":2,"%TYPE":"a.Token","@sofa":1,"begin":0,"end":4}`), "other"},
	{"no sofa text before a misplaced token",
		strings.Replace(phiDoc(`{"%ID":3,"%TYPE":"a.Token","@sofa":1,"begin":0,"end":99}`), `"sofaString"`, `"sofaText"`, 1), "other"},
	{"main sofa text not a string, token read before the views",
		`{"%FEATURE_STRUCTURES":[{"%ID":1,"%TYPE":"uima.cas.Sofa","sofaString":7},{"%ID":3,"%TYPE":"a.Token","@sofa":1,"begin":0,"end":4}],` +
			`"%VIEWS":{"_InitialView":{"%SOFA":1,"%MEMBERS":[3]}}}`, "other"},
	{"second sofa's text not a string, token on it",
		`{"%FEATURE_STRUCTURES":[{"%ID":1,"%TYPE":"uima.cas.Sofa","sofaString":"Herr 😀 Meier"},{"%ID":5,"%TYPE":"uima.cas.Sofa","sofaString":7},` +
			`{"%ID":3,"%TYPE":"a.Token","@sofa":5,"begin":0,"end":4}],"%VIEWS":{"_InitialView":{"%SOFA":1,"%MEMBERS":[]}}}`, "placement"},
	{"second sofa without text, token on it beyond the main sofa",
		`{"%FEATURE_STRUCTURES":[{"%ID":1,"%TYPE":"uima.cas.Sofa","sofaString":"Herr 😀 Meier"},{"%ID":5,"%TYPE":"uima.cas.Sofa","sofaURI":"x"},` +
			`{"%ID":3,"%TYPE":"a.Token","@sofa":5,"begin":0,"end":400}],"%VIEWS":{"_InitialView":{"%SOFA":1,"%MEMBERS":[]}}}`, "ok"},
	{"misplaced token after a misplaced PHI",
		`{"%FEATURE_STRUCTURES":[{"%ID":1,"%TYPE":"uima.cas.Sofa","sofaString":"Herr 😀 Meier"},` +
			`{"%ID":2,"%TYPE":"webanno.custom.PHI","begin":0,"end":40,"kind":"X"},{"%ID":3,"%TYPE":"a.Token","@sofa":1,"begin":0,"end":14}]}`, "placement"},
	{"PHI label not a string",
		`{"%FEATURE_STRUCTURES":[{"%ID":1,"%TYPE":"uima.cas.Sofa","sofaString":"Herr 😀 Meier"},` +
			`{"%ID":2,"%TYPE":"webanno.custom.PHI","@sofa":1,"begin":0,"end":4,"kind":7}]}`, "placement"},
	{"token placed by its view on a second sofa",
		`{"%FEATURE_STRUCTURES":[{"%ID":1,"%TYPE":"uima.cas.Sofa","sofaString":"Herr 😀 Meier"},{"%ID":5,"%TYPE":"uima.cas.Sofa","sofaString":"ab"},` +
			`{"%ID":2,"%TYPE":"webanno.custom.PHI","@sofa":1,"begin":0,"end":4,"kind":"X"},{"%ID":3,"%TYPE":"a.Token","begin":0,"end":4}],` +
			`"%VIEWS":{"_InitialView":{"%SOFA":1,"%MEMBERS":[2]},"v2":{"%SOFA":5,"%MEMBERS":[3]}}}`, "placement"},
	{"two sofas and no view",
		`{"%FEATURE_STRUCTURES":[{"%ID":1,"%TYPE":"uima.cas.Sofa","sofaString":"Herr 😀 Meier"},{"%ID":5,"%TYPE":"uima.cas.Sofa","sofaString":"ab"}]}`, "other"},
	{"accepted: sofa read last, token placed by the view",
		`{"%FEATURE_STRUCTURES":[{"%ID":3,"%TYPE":"a.Token","begin":5,"end":7},{"%ID":2,"%TYPE":"webanno.custom.PHI","@sofa":1,"begin":8,"end":13,"kind":"X"},` +
			`{"%ID":4,"%TYPE":"de.tudarmstadt.ukp.dkpro.core.api.metadata.type.DocumentMetaData","documentTitle":null},` +
			`{"%ID":6,"%TYPE":"de.tudarmstadt.ukp.dkpro.core.api.metadata.type.DocumentMetaData","documentTitle":"brief.txt"},` +
			`{"%ID":1,"%TYPE":"uima.cas.Sofa","sofaString":"Herr 😀 Meier"}],"%VIEWS":{"_InitialView":{"%SOFA":1,"%MEMBERS":[3,2]}}}`, "ok"},
	// the shapes ReadPHI's fast path leaves to the full one
	{"escaped key (begin)",
		phiDoc(`{"%ID":3,"%TYPE":"a.Token","@sofa":1,"\u0062egin":0,"end":4}`), "ok"},
	{"escaped key given twice",
		phiDoc(`{"%ID":3,"%TYPE":"a.Token","@sofa":1,"begin":0,"\u0062egin":1,"end":4}`), "placement"},
	{"escaped type",
		phiDoc(`{"%ID":3,"%TYPE":"a.Tok\u0065n","@sofa":1,"begin":0,"end":4}`), "ok"},
	{"escaped type of a sofa",
		`{"%FEATURE_STRUCTURES":[{"%ID":1,"%TYPE":"uima.cas.Sof\u0061","sofaString":"Herr 😀 Meier"},` +
			`{"%ID":3,"%TYPE":"a.Token","@sofa":1,"begin":0,"end":14}]}`, "placement"},
	{"%ID with a leading zero",
		phiDoc(`{"%ID":03,"%TYPE":"a.Token","@sofa":1,"begin":0,"end":4}`), "other"},
	{"%ID negative",
		phiDoc(`{"%ID":-3,"%TYPE":"a.Token","@sofa":1,"begin":0,"end":4}`), "other"},
	{"%ID big",
		phiDoc(`{"%ID":12345678901,"%TYPE":"a.Token","@sofa":1,"begin":0,"end":4}`), "ok"},
	{"%ID as a string",
		phiDoc(`{"%ID":"3","%TYPE":"a.Token","@sofa":1,"begin":0,"end":4}`), "other"},
	{"%ID given twice",
		phiDoc(`{"%ID":3,"%ID":4,"%TYPE":"a.Token","@sofa":1,"begin":0,"end":4}`), "placement"},
	{"%TYPE given twice",
		phiDoc(`{"%ID":3,"%TYPE":"a.Token","%TYPE":"a.Token","@sofa":1,"begin":0,"end":4}`), "placement"},
	{"%TYPE not a string",
		phiDoc(`{"%ID":3,"%TYPE":7,"@sofa":1,"begin":0,"end":4}`), "other"},
	{"%TYPE empty",
		phiDoc(`{"%ID":3,"%TYPE":"","@sofa":1,"begin":0,"end":4}`), "other"},
	{"no %TYPE",
		phiDoc(`{"%ID":3,"@sofa":1,"begin":0,"end":4}`), "other"},
	{"empty feature structure",
		phiDoc(`{}`), "other"},
	{"other % key",
		phiDoc(`{"%ID":3,"%TYPE":"a.Token","%X":1,"@sofa":1,"begin":0,"end":4}`), "ok"},
	{"empty key",
		phiDoc(`{"%ID":3,"%TYPE":"a.Token","":1,"@sofa":1,"begin":0,"end":4}`), "other"},
	{"@begin reference",
		phiDoc(`{"%ID":3,"%TYPE":"a.Token","@sofa":1,"@begin":0,"end":4}`), "placement"},
	{"begin with white space and an exponent",
		phiDoc(`{"%ID":3,"%TYPE":"a.Token","@sofa":1,"begin": 0 ,"end":4e0}`), "placement"},
	{"17 features",
		phiDoc(`{"%ID":3,"%TYPE":"a.Token","a":1,"b":1,"c":1,"d":1,"e":1,"f":1,"g":1,"h":1,"i":1,"j":1,"k":1,"l":1,"m":1,"n":1,"o":1,"@sofa":1,"begin":0,"end":4}`), "ok"},
	{"nested values with brackets and quotes in strings",
		phiDoc(`{"%ID":3,"%TYPE":"a.Token","x":{"a":["]}\"",{"b":"{["}],"c":null},"@sofa":1,"begin":0,"end":4}`), "ok"},
	{"nested too deeply",
		phiDoc(`{"%ID":3,"%TYPE":"a.Token","x":` + strings.Repeat("[", 10001) + strings.Repeat("]", 10001) + `,"@sofa":1,"begin":0,"end":4}`), "other"},
	{"the same type, then a prefix of it",
		phiDoc(`{"%ID":3,"%TYPE":"a.Token","@sofa":1,"begin":0,"end":4},{"%ID":4,"%TYPE":"a.Tok","@sofa":1,"begin":0,"end":14}`), "placement"},
	{"the same type, then the PHI type",
		phiDoc(`{"%ID":3,"%TYPE":"a.Token","@sofa":1,"begin":0,"end":4},{"%ID":4,"%TYPE":"a.Token","@sofa":1,"begin":0,"end":4},` +
			`{"%ID":5,"%TYPE":"webanno.custom.PHI","@sofa":1,"begin":0,"end":4,"kind":"X"}`), "ok"},
	{"truncated inside a token",
		phiDoc(`{"%ID":3,"%TYPE":"a.Token","@sofa":1,"begin":0,"end":4}`)[:len(phiDoc(``))+20], "other"},
	{"accepted: the document of the package tests",
		casjson.DocJSON(`"@sofa":1,"begin":8,"end":13,"kind":"NAME_PATIENT"`), "ok"},
}

// phiDoc is casjson.DocJSON (sofa 1 "Herr 😀 Meier", PHI 2 over "Meier")
// with one more feature structure.
func phiDoc(extra string) string {
	d := casjson.DocJSON(`"@sofa":1,"begin":8,"end":13,"kind":"NAME_PATIENT"`)
	return strings.Replace(d, `}],"%VIEWS"`, `},`+extra+`],"%VIEWS"`, 1)
}

// TestReadPHIAdversarial: the light reader refuses what Read refuses, with
// the same error kind and message (which holds no document text), and
// reads what Read reads.
func TestReadPHIAdversarial(t *testing.T) {
	rd := casjson.NewReader()
	for _, tt := range adversarial {
		t.Run(tt.name, func(t *testing.T) {
			for _, cfg := range phiConfigs {
				err := samePHI(t, rd, []byte(tt.data), cfg)
				if cfg == (cas.PHIConfig{}) && errClass(err) != tt.class {
					t.Fatalf("error %v (%s), want %s", err, errClass(err), tt.class)
				}
				if err != nil && (strings.Contains(err.Error(), "Meier") || strings.Contains(err.Error(), "Herr")) {
					t.Fatalf("error holds document text: %v", err)
				}
			}
		})
	}
}

// FuzzReadPHIDifferential: for any input, ReadPHI accepts exactly what
// Read accepts, with the same error kind and message, and returns the same
// name, text and spans. Seeds: the package's test documents, the
// adversarial cases, and the shared GraSCCo letters (when ../shared is
// present) cut to their first feature structures, also as variants.
//
//	go test -fuzz FuzzReadPHIDifferential -parallel 1 -fuzztime 5m ./surrogator/formats/casjson/
func FuzzReadPHIDifferential(f *testing.F) {
	if b, err := os.ReadFile(filepath.Join("..", "..", "..", "testdata", "cas", "mini.json")); err == nil {
		f.Add(b)
	}
	for _, tt := range adversarial {
		f.Add([]byte(tt.data))
	}
	if _, err := os.Stat(filepath.Join(testutil.RepoRoot(f), "..", "shared", testutil.Grascco)); err == nil {
		// whole letters (TestReadPHIShared reads them) would make every
		// new input the fuzzer minimises ~100 KB: minutes each
		for _, l := range testutil.GrasccoCAS(f) {
			var c rawCAS
			if err := json.Unmarshal(l.Data, &c); err != nil {
				f.Fatal(err)
			}
			// small: no type system, the sofa and the next 30 feature
			// structures (the metadata, the first tokens and PHI)
			small := rawCAS{Types: json.RawMessage(`{}`), FS: c.FS[:min(31, len(c.FS))]}
			var members []int
			sofa := 0
			for _, fs := range small.FS {
				var h struct {
					ID   int    `json:"%ID"`
					Type string `json:"%TYPE"`
				}
				if err := json.Unmarshal(fs, &h); err != nil {
					f.Fatal(err)
				}
				if h.Type == cas.TypeSofa {
					sofa = h.ID
				} else {
					members = append(members, h.ID)
				}
			}
			m, _ := json.Marshal(members)
			small.Views = json.RawMessage(fmt.Sprintf(`{"_InitialView":{"%%SOFA":%d,"%%MEMBERS":%s}}`, sofa, m))
			f.Add(small.bytes())
			for name, v := range variants(f, small.bytes()) {
				if name != "second-sofa" {
					f.Add(v)
				}
			}
		}
	}
	rd := casjson.NewReader()
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, cfg := range phiConfigs[:2] {
			samePHI(t, rd, data, cfg)
		}
	})
}

// TestReadPHIConcurrent: one Reader shared by goroutines (as formats
// shares it between its decoding workers) gives every goroutine Read's
// result; run with -race it also shows that ReadPHI shares no state but
// the header cache.
func TestReadPHIConcurrent(t *testing.T) {
	var files [][]byte
	for _, f := range testutil.GrasccoCAS(t) {
		files = append(files, f.Data)
	}
	want := make([]*document.Document, len(files))
	for i, d := range files {
		var err error
		if want[i], err = casjson.NewReader().Read(d, cas.PHIConfig{}); err != nil {
			t.Fatal(err)
		}
	}
	rd := casjson.NewReader()
	errs := make(chan error, 4)
	for g := 0; g < 4; g++ {
		go func() {
			for k := 0; k < 3; k++ {
				for i := range files {
					got, err := rd.ReadPHI(files[(i+g)%len(files)], cas.PHIConfig{})
					w := want[(i+g)%len(files)]
					if err != nil || got.Text != w.Text || !reflect.DeepEqual(got.Spans, w.Spans) || got.Name != w.Name {
						errs <- fmt.Errorf("goroutine %d: letter %d read otherwise (%v)", g, (i+g)%len(files), err)
						return
					}
				}
			}
			errs <- nil
		}()
	}
	for g := 0; g < 4; g++ {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}
