package cas_test

import (
	"errors"
	"path"
	"strings"
	"testing"

	"github.com/surrogator/surrogator/internal/testutil"
	"github.com/surrogator/surrogator/surrogator/cas"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/formats/casjson"
)

// placementSofa is invented text: "Herr " (5 units), an emoji (2 UTF-16
// units), " Meier" (6): 13 UTF-16 code units in all.
const placementSofa = `Herr 😀 Meier`

// casDoc builds a CAS JSON document with the sofa above (id 1), a token
// (id 3) and the given PHI feature structure body (id 2, without braces).
func casDoc(phi string, opts ...string) string {
	sofa := `"` + placementSofa + `"`
	views := `"_InitialView":{"%SOFA":1,"%MEMBERS":[2,3]}`
	token := `{"%ID":3,"%TYPE":"de.tudarmstadt.ukp.dkpro.core.api.segmentation.type.Token","@sofa":1,"begin":0,"end":4}`
	extra := ""
	for i := 0; i+1 < len(opts); i += 2 {
		switch opts[i] {
		case "sofa":
			sofa = opts[i+1]
		case "views":
			views = opts[i+1]
		case "token":
			token = opts[i+1]
		case "extra":
			extra = "," + opts[i+1]
		}
	}
	return `{"%TYPES":{},"%FEATURE_STRUCTURES":[` +
		`{"%ID":1,"%TYPE":"uima.cas.Sofa","sofaNum":1,"sofaID":"_InitialView","mimeType":"text","sofaString":` + sofa + `},` +
		`{"%ID":2,"%TYPE":"webanno.custom.PHI",` + phi + `},` + token + extra +
		`],"%VIEWS":{` + views + `}}`
}

// TestStrictPlacement: every PHI annotation is placed exactly or the CAS is
// refused with an error that names the annotation and holds no text.
func TestStrictPlacement(t *testing.T) {
	second := `{"%ID":9,"%TYPE":"uima.cas.Sofa","sofaNum":2,"sofaID":"other","mimeType":"text","sofaString":"xx"}`
	for _, tt := range []struct {
		name string
		doc  string
		// want is a substring of the error, "" for success.
		want string
		// label and text of the one PHI span on success
		label, text string
	}{
		{"placed", casDoc(`"@sofa":1,"begin":8,"end":13,"kind":"NAME_PATIENT"`), "", "NAME_PATIENT", "Meier"},
		{"emoji kept whole", casDoc(`"@sofa":1,"begin":5,"end":7,"kind":"OTHER"`), "", "OTHER", "😀"},
		{"empty span at end", casDoc(`"@sofa":1,"begin":13,"end":13,"kind":"AGE"`), "", "AGE", ""},
		{"kind null is a wrong annotation", casDoc(`"@sofa":1,"begin":8,"end":13,"kind":null`), "", "", "Meier"},
		{"kind missing is a wrong annotation", casDoc(`"@sofa":1,"begin":8,"end":13`), "", "", "Meier"},
		{"no sofa reference, in the initial view", casDoc(`"begin":8,"end":13,"kind":"X"`), "", "X", "Meier"},
		{"no sofa reference, only sofa, in no view", casDoc(`"begin":8,"end":13,"kind":"X"`, "views", `"_InitialView":{"%SOFA":1,"%MEMBERS":[3]}`), "", "X", "Meier"},
		{"no sofa reference, two sofas, initial view", casDoc(`"begin":8,"end":13,"kind":"X"`, "extra", second,
			"views", `"_InitialView":{"%SOFA":1,"%MEMBERS":[2,3]},"other":{"%SOFA":9,"%MEMBERS":[]}`), "", "X", "Meier"},

		{"string offset", casDoc(`"@sofa":1,"begin":"8","end":13,"kind":"X"`), "annotation 2 (PHI): begin is a string, not an integer", "", ""},
		{"float offset", casDoc(`"@sofa":1,"begin":8,"end":13.0,"kind":"X"`), "annotation 2 (PHI): end is a non-integer number", "", ""},
		{"exponent offset", casDoc(`"@sofa":1,"begin":8e0,"end":13,"kind":"X"`), "begin is a non-integer number", "", ""},
		{"null offset", casDoc(`"@sofa":1,"begin":null,"end":13,"kind":"X"`), "begin is null", "", ""},
		{"boolean offset", casDoc(`"@sofa":1,"begin":true,"end":13,"kind":"X"`), "begin is a boolean", "", ""},
		{"missing begin", casDoc(`"@sofa":1,"end":13,"kind":"X"`), "annotation 2 (PHI): begin missing", "", ""},
		{"missing end", casDoc(`"@sofa":1,"begin":8,"kind":"X"`), "annotation 2 (PHI): end missing", "", ""},
		{"missing both", casDoc(`"@sofa":1,"kind":"X"`), "PHI annotation without begin and end", "", ""},
		{"out of int range", casDoc(`"@sofa":1,"begin":8,"end":99999999999999999999,"kind":"X"`), "end is out of the integer range", "", ""},
		{"negative", casDoc(`"@sofa":1,"begin":-1,"end":13,"kind":"X"`), "negative offset", "", ""},
		{"begin after end", casDoc(`"@sofa":1,"begin":9,"end":8,"kind":"X"`), "begin 9 > end 8", "", ""},
		{"beyond sofa", casDoc(`"@sofa":1,"begin":8,"end":14,"kind":"X"`), "annotation 2 (PHI): end 14 beyond sofa length 13", "", ""},
		{"splits a surrogate pair", casDoc(`"@sofa":1,"begin":6,"end":13,"kind":"X"`), "begin: offset 6 splits a surrogate pair", "", ""},
		{"dangling @sofa", casDoc(`"@sofa":99,"begin":8,"end":13,"kind":"X"`), "sofa reference 99 names no sofa", "", ""},
		{"@sofa names a non-sofa", casDoc(`"@sofa":3,"begin":8,"end":13,"kind":"X"`), "sofa reference 3 names no sofa", "", ""},
		{"@sofa not an id", casDoc(`"@sofa":"1","begin":8,"end":13,"kind":"X"`), "sofa reference: a string, not an integer", "", ""},
		{"sofa not a reference", casDoc(`"sofa":1,"begin":8,"end":13,"kind":"X"`), "sofa is not a reference", "", ""},
		{"PHI on another sofa", casDoc(`"@sofa":9,"begin":0,"end":2,"kind":"X"`, "extra", second,
			"views", `"_InitialView":{"%SOFA":1,"%MEMBERS":[3]},"other":{"%SOFA":9,"%MEMBERS":[2]}`), "not on the main sofa", "", ""},
		{"no sofa reference, two sofas, no view", casDoc(`"begin":8,"end":13,"kind":"X"`, "extra", second,
			"views", `"_InitialView":{"%SOFA":1,"%MEMBERS":[3]}`), "several sofas", "", ""},
		{"dangling view sofa", casDoc(`"@sofa":1,"begin":8,"end":13,"kind":"X"`, "views", `"_InitialView":{"%SOFA":7,"%MEMBERS":[2,3]}`), "%SOFA 7 names no sofa", "", ""},
		{"view without sofa", casDoc(`"@sofa":1,"begin":8,"end":13,"kind":"X"`, "views", `"_InitialView":{"%MEMBERS":[2,3]}`), "no %SOFA", "", ""},
		{"view sofa a string", casDoc(`"@sofa":1,"begin":8,"end":13,"kind":"X"`, "views", `"_InitialView":{"%SOFA":"1","%MEMBERS":[2,3]}`), "%SOFA: a string", "", ""},
		{"dangling view member", casDoc(`"@sofa":1,"begin":8,"end":13,"kind":"X"`, "views", `"_InitialView":{"%SOFA":1,"%MEMBERS":[2,3,44]}`), "member 44", "", ""},
		{"view given twice", casDoc(`"@sofa":1,"begin":8,"end":13,"kind":"X"`, "views", `"_InitialView":{"%SOFA":1,"%MEMBERS":[2,3]},"_InitialView":{"%SOFA":1,"%MEMBERS":[]}`), "given twice", "", ""},
		{"duplicate kind", casDoc(`"@sofa":1,"begin":8,"end":13,"kind":"X","kind":"NAME_PATIENT"`), `key "kind" given twice`, "", ""},
		{"duplicate begin", casDoc(`"@sofa":1,"begin":0,"end":13,"kind":"X","begin":8`), `key "begin" given twice`, "", ""},
		{"@sofa and sofa", casDoc(`"@sofa":1,"sofa":1,"begin":8,"end":13,"kind":"X"`), `feature "sofa" given twice`, "", ""},
		{"duplicate sofaString", casDoc(`"@sofa":1,"begin":8,"end":13,"kind":"X"`, "sofa", `"xx","sofaString":"Herr 😀 Meier"`), `key "sofaString" given twice`, "", ""},
		{"invalid UTF-8 in sofa", casDoc(`"@sofa":1,"begin":8,"end":13,"kind":"X"`, "sofa", "\"Herr \xff Meier\""), "invalid UTF-8 at byte", "", ""},
		{"unpaired surrogate escape in sofa", casDoc(`"@sofa":1,"begin":8,"end":13,"kind":"X"`, "sofa", `"Herr \ud83d Meier"`), "unpaired UTF-16 surrogate", "", ""},
		{"paired surrogate escapes are fine", casDoc(`"@sofa":1,"begin":8,"end":13,"kind":"X"`, "sofa", `"Herr \ud83d\ude00 Meier"`), "", "X", "Meier"},
		{"escaped backslash before u is fine", casDoc(`"@sofa":1,"begin":8,"end":13,"kind":"X"`, "sofa", `"Herr \\ud8 Meier"`), "", "X", "8 Mei"},
		{"kind a number", casDoc(`"@sofa":1,"begin":8,"end":13,"kind":5`), "annotation 2 (PHI): kind is a number, not a string", "", ""},
		{"kind an object", casDoc(`"@sofa":1,"begin":8,"end":13,"kind":{"a":"b"}`), "kind is an object, not a string", "", ""},
		{"kind a reference", casDoc(`"@sofa":1,"begin":8,"end":13,"@kind":3`), "kind is a reference", "", ""},
		{"token with a string offset", casDoc(`"@sofa":1,"begin":8,"end":13,"kind":"X"`, "token",
			`{"%ID":3,"%TYPE":"de.tudarmstadt.ukp.dkpro.core.api.segmentation.type.Token","@sofa":1,"begin":"0","end":4}`), "annotation 3 (Token): begin is a string", "", ""},
		{"token beyond the sofa", casDoc(`"@sofa":1,"begin":8,"end":13,"kind":"X"`, "token",
			`{"%ID":3,"%TYPE":"de.tudarmstadt.ukp.dkpro.core.api.segmentation.type.Token","@sofa":1,"begin":0,"end":40}`), "annotation 3 (Token): end 40 beyond sofa length 13", "", ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			c, err := casjson.ReadCAS([]byte(tt.doc))
			var ex *cas.Extracted
			if err == nil {
				ex, err = cas.Extract(c, cas.PHIConfig{})
			}
			if tt.want != "" {
				if err == nil {
					t.Fatalf("accepted; want error %q", tt.want)
				}
				if !strings.Contains(err.Error(), tt.want) {
					t.Fatalf("error %q; want it to contain %q", err, tt.want)
				}
				if !errors.Is(err, document.ErrPlacement) && !errors.Is(err, document.ErrEncoding) {
					t.Fatalf("error %q has no category", err)
				}
				for _, secret := range []string{"Meier", "Herr", "😀"} {
					if strings.Contains(err.Error(), secret) {
						t.Fatalf("error %q holds document text", err)
					}
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(ex.Spans) != 1 {
				t.Fatalf("%d spans, want 1", len(ex.Spans))
			}
			s := ex.Spans[0]
			if s.Label != tt.label || ex.Text[s.Begin:s.End] != tt.text {
				t.Fatalf("span %q %q, want %q %q", s.Label, ex.Text[s.Begin:s.End], tt.label, tt.text)
			}
		})
	}
}

// TestSharedCorporaPlace: every CAS JSON of the shared corpora (GraSCCo and
// every curated and annotator CAS of the INCEpTION export) is read and
// extracted under the strict rules, with every span placed.
func TestSharedCorporaPlace(t *testing.T) {
	files := testutil.GrasccoCAS(t)
	files = append(files, testutil.ProjectEntries(t, func(e string) bool {
		return path.Ext(e) == ".json" && (strings.HasPrefix(e, "curation/") || strings.HasPrefix(e, "annotation/"))
	})...)
	spans := 0
	for _, f := range files {
		c, err := casjson.ReadCAS(f.Data)
		if err != nil {
			t.Fatalf("%s: %v", f.Entry, err)
		}
		if err := cas.CheckAnnotations(c); err != nil {
			t.Fatalf("%s: %v", f.Entry, err)
		}
		ex, err := cas.Extract(c, cas.PHIConfig{})
		if err != nil {
			t.Fatalf("%s: %v", f.Entry, err)
		}
		for i, s := range ex.Spans {
			if s.Begin < 0 || s.Begin > s.End || s.End > len(ex.Text) {
				t.Fatalf("%s: span %d misplaced", f.Entry, i)
			}
		}
		spans += len(ex.Spans)
	}
	if len(files) < 22+15 || spans == 0 {
		t.Fatalf("%d files, %d spans: the shared corpora were not read", len(files), spans)
	}
	t.Logf("%d CAS files, %d PHI spans placed", len(files), spans)
}
