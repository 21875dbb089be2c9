package casjson_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"testing"

	"github.com/surrogator/surrogator/internal/testutil"
	"github.com/surrogator/surrogator/surrogator/cas"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/formats/casjson"
)

const goldenDigests = "testdata/shared_digests.json"

// sharedFiles returns every shared CAS JSON file (GraSCCo and the curated
// INCEpTION export) keyed by a digest of its name (document names may be
// PII and stay out of golden files).
func sharedFiles(t testing.TB) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	key := func(corpus, name string) string {
		sum := sha256.Sum256([]byte(name))
		return corpus + "/" + hex.EncodeToString(sum[:8])
	}
	for _, f := range testutil.GrasccoCAS(t) {
		out[key("grascco", f.Name)] = f.Data
	}
	for _, f := range testutil.ProjectCAS(t) {
		out[key("project", f.Entry)] = f.Data
	}
	return out
}

// sameCAS reports where two decoded CASes differ ("" when equal).
func sameCAS(a, b *cas.CAS) string {
	if len(a.Types) != len(b.Types) {
		return "type count"
	}
	for i := range a.Types {
		ta, tb := a.Types[i], b.Types[i]
		if ta.Name != tb.Name || ta.Super != tb.Super || !bytes.Equal(ta.Raw, tb.Raw) || !reflect.DeepEqual(ta.Features, tb.Features) {
			return "type " + ta.Name
		}
	}
	if len(a.FS) != len(b.FS) {
		return "feature structure count"
	}
	for i := range a.FS {
		fa, fb := a.FS[i], b.FS[i]
		if fa.ID != fb.ID || fa.Type != fb.Type || len(fa.Features) != len(fb.Features) {
			return "feature structure header"
		}
		for k := range fa.Features {
			x, y := fa.Features[k], fb.Features[k]
			if x.Name != y.Name || x.Ref != y.Ref || !bytes.Equal(x.Value, y.Value) {
				return "feature " + x.Name
			}
		}
	}
	if !reflect.DeepEqual(a.Views, b.Views) {
		return "views"
	}
	return ""
}

// TestCodecMatchesLegacy: on every shared CAS the jsontext reader decodes
// exactly what the encoding/json reader did, the append writer writes the
// same bytes as the old writer, and those bytes match the golden digests
// (-update rewrites them).
func TestCodecMatchesLegacy(t *testing.T) {
	files := sharedFiles(t)
	digests := map[string]string{}
	for name, data := range files {
		old, err := legacyRead(data)
		if err != nil {
			t.Fatalf("%s: legacy: %v", name, err)
		}
		c, err := casjson.ReadCAS(data)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if d := sameCAS(old, c); d != "" {
			t.Fatalf("%s: decoded CAS differs: %s", name, d)
		}
		var want bytes.Buffer
		if err := legacyWrite(&want, old); err != nil {
			t.Fatal(err)
		}
		got := casjson.AppendCAS(nil, c)
		if !bytes.Equal(got, want.Bytes()) {
			t.Fatalf("%s: written bytes differ from the old writer", name)
		}
		sum := sha256.Sum256(got)
		digests[name] = hex.EncodeToString(sum[:])
	}
	if len(digests) != 22 {
		t.Fatalf("%d shared CASes, want 22", len(digests))
	}
	if *testutil.Update {
		b, _ := json.MarshalIndent(digests, "", "  ")
		if err := os.WriteFile(goldenDigests, append(b, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	b, err := os.ReadFile(goldenDigests)
	if err != nil {
		t.Fatalf("%v (run with -update)", err)
	}
	var want map[string]string
	if err := json.Unmarshal(b, &want); err != nil {
		t.Fatal(err)
	}
	names := make([]string, 0, len(digests))
	for n := range digests {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		if want[n] != digests[n] {
			t.Errorf("%s: output digest %s, golden %s", n, digests[n], want[n])
		}
	}
	if len(want) != len(digests) {
		t.Errorf("golden has %d entries, want %d", len(want), len(digests))
	}
}

// errClass is the category of a reader error the callers act on.
func errClass(err error) string {
	switch {
	case err == nil:
		return "ok"
	case errors.Is(err, document.ErrEncoding):
		return "encoding"
	case errors.Is(err, document.ErrPlacement):
		return "placement"
	}
	return "other"
}

// FuzzCodecDifferential: for any input, the jsontext reader accepts
// exactly what the encoding/json reader accepted, with the same error
// category, the same decoded CAS and the same written bytes.
func FuzzCodecDifferential(f *testing.F) {
	if b, err := os.ReadFile(filepath.Join("..", "..", "..", "testdata", "cas", "mini.json")); err == nil {
		f.Add(b)
	}
	f.Add([]byte(casjson.DocJSON(`"@sofa":1,"begin":8,"end":13,"kind":"NAME_PATIENT"`)))
	f.Add([]byte(casjson.DocJSON(`"@sofa":1,"begin":8,"end":13,"kind":"X","kind":"Y"`)))
	f.Add([]byte(casjson.DocJSON(`"@sofa":1,"sofa":1,"begin":8,"end":13,"kind":"X"`)))
	f.Add([]byte(casjson.DocJSON(`"@sofa":1,"begin":8,"end":13,"kind":"X"`, `"Herr \ud83d Meier"`)))
	f.Add([]byte(`{"%TYPES":{"a.B":{"%NAME":"a.B","%SUPER_TYPE":"uima.tcas.Annotation","f":{"%RANGE":"uima.cas.String"}}},` +
		`"%FEATURE_STRUCTURES":[{"%ID":1,"%TYPE":"uima.cas.Sofa","sofaString":"a<b>&\u2028"},{"%ID":2,"%TYPE":"a.B","arr":[1, 2,  3],"@refs":[ 1 ]}],` +
		`"%VIEWS":{"_InitialView":{"%SOFA":1,"%MEMBERS":[2],"x":null}},"other":1} `))
	// documents whose repeated shapes fire and then break, and view member
	// lists (shape_test.go): the legacy reader, which has no shapes, is
	// the independent judge of those paths too
	f.Add([]byte(shapeDoc("")))
	for _, tt := range shapeBreakers {
		f.Add([]byte(shapeDoc(tt.obj)))
	}
	for _, m := range viewMemberCases {
		f.Add(viewDoc(m))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		old, errOld := legacyRead(data)
		c, errNew := casjson.ReadCAS(data)
		if (errOld == nil) != (errNew == nil) {
			t.Fatalf("legacy error %v, new error %v", errOld, errNew)
		}
		// the jsontext tokenizer (measured in BenchmarkCodec) and the
		// shared header cache agree
		c2, errJT := casjson.ReadCASJSONText(nil, data)
		if (errJT == nil) != (errNew == nil) || (errNew != nil && errClass(errJT) != errClass(errNew)) {
			t.Fatalf("jsontext error %v, scanner error %v", errJT, errNew)
		}
		c3, errRd := casjson.NewReader().ReadCAS(data)
		if (errRd == nil) != (errNew == nil) {
			t.Fatalf("reader error %v, scanner error %v", errRd, errNew)
		}
		if errNew == nil {
			if d := sameCAS(c, c2); d != "" {
				t.Fatalf("jsontext decodes otherwise: %s", d)
			}
			if d := sameCAS(c, c3); d != "" {
				t.Fatalf("reader decodes otherwise: %s", d)
			}
		}
		if errOld != nil {
			if a, b := errClass(errOld), errClass(errNew); a != b {
				t.Fatalf("error category %s, legacy %s (%v / %v)", b, a, errNew, errOld)
			}
			return
		}
		if d := sameCAS(old, c); d != "" {
			t.Fatalf("decoded CAS differs: %s", d)
		}
		var want bytes.Buffer
		if err := legacyWrite(&want, old); err != nil {
			t.Fatal(err)
		}
		if got := casjson.AppendCAS(nil, c); !bytes.Equal(got, want.Bytes()) {
			t.Fatalf("written bytes differ:\n%s\n%s", got, want.Bytes())
		}
	})
}

// FuzzAppendString: the append writer quotes every string as
// encoding/json does (HTML escapes, U+2028/9, invalid UTF-8).
func FuzzAppendString(f *testing.F) {
	for _, s := range []string{"", "a\"b\\c", "<&>", "\u2028\u2029", "\x00\x1f\b\f\t\n\r", "\xff", "Müller 😀"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want, _ := json.Marshal(s)
		c := &cas.CAS{Views: []*cas.View{{Name: s, Sofa: 1}}}
		got := casjson.AppendCAS(nil, c)
		if !bytes.Contains(got, append(append([]byte("\n    "), want...), " : "...)) {
			t.Fatalf("%q not encoded as %s: %s", s, want, got)
		}
	})
}

// TestReadEncoding: every input the encoding check refuses is refused as
// an encoding error, although ReadCAS runs the check only after the
// tokenizer failed.
func TestReadEncoding(t *testing.T) {
	phi := `"@sofa":1,"begin":0,"end":1,"kind":"X"`
	for _, sofa := range []string{
		"\"a\xffb\"", "\"a\xed\xa0\x80b\"", "\"\xf0\x9f\"",
		`"a\ud83d b"`, `"a\ude00b"`, `"a\ud83d\u0041"`, `"a\ud83d\ud83d"`, `"\udbff"`,
	} {
		data := []byte(casjson.DocJSON(phi, sofa))
		if document.CheckJSONUnicode(data) == nil {
			t.Fatalf("%q: the encoding check accepts it", sofa)
		}
		_, err := casjson.ReadCAS(data)
		if !errors.Is(err, document.ErrEncoding) {
			t.Errorf("%q: error %v, want an encoding error", sofa, err)
		}
	}
	// an encoding error in a skipped key's value too
	data := []byte(`{"x":"\ud800","%FEATURE_STRUCTURES":[{"%ID":1,"%TYPE":"uima.cas.Sofa","sofaString":"a"}]}`)
	if _, err := casjson.ReadCAS(data); !errors.Is(err, document.ErrEncoding) {
		t.Errorf("skipped value: error %v, want an encoding error", err)
	}
}
