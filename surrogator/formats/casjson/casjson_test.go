package casjson

import (
	"errors"
	"strings"
	"testing"

	"github.com/surrogator/surrogator/surrogator/cas"
	"github.com/surrogator/surrogator/surrogator/document"
)

// doc is a CAS JSON document over an invented text ("Herr " 5 UTF-16
// units, an emoji 2, " Meier" 6) with one PHI feature structure (id 2)
// whose body is phi; sofa replaces the sofaString value.
func doc(phi string, sofa ...string) string {
	s := `"Herr 😀 Meier"`
	if len(sofa) > 0 {
		s = sofa[0]
	}
	return `{"%TYPES":{},"%FEATURE_STRUCTURES":[` +
		`{"%ID":1,"%TYPE":"uima.cas.Sofa","sofaNum":1,"sofaID":"_InitialView","mimeType":"text","sofaString":` + s + `},` +
		`{"%ID":2,"%TYPE":"webanno.custom.PHI",` + phi + `}],` +
		`"%VIEWS":{"_InitialView":{"%SOFA":1,"%MEMBERS":[2]}}}`
}

// TestReadStrict: the reader the engine uses refuses every misplaced PHI
// annotation with an error that holds no text (the formats.DocError path
// then excludes the document), and places the others exactly.
func TestReadStrict(t *testing.T) {
	for _, tt := range []struct {
		name, data, want, text string
	}{
		{"placed", doc(`"@sofa":1,"begin":8,"end":13,"kind":"NAME_PATIENT"`), "", "Meier"},
		{"string offset", doc(`"@sofa":1,"begin":"8","end":13,"kind":"X"`), "begin is a string, not an integer", ""},
		{"float offset", doc(`"@sofa":1,"begin":8,"end":13.5,"kind":"X"`), "end is a non-integer number", ""},
		{"missing end", doc(`"@sofa":1,"begin":8,"kind":"X"`), "end missing", ""},
		{"missing both", doc(`"@sofa":1,"kind":"X"`), "PHI annotation without begin and end", ""},
		{"out of int range", doc(`"@sofa":1,"begin":8,"end":1000000000000000000000,"kind":"X"`), "end is out of the integer range", ""},
		{"negative", doc(`"@sofa":1,"begin":-8,"end":13,"kind":"X"`), "negative offset", ""},
		{"beyond sofa", doc(`"@sofa":1,"begin":8,"end":5021,"kind":"X"`), "annotation 2 (PHI): end 5021 beyond sofa length 13", ""},
		{"splits a surrogate pair", doc(`"@sofa":1,"begin":5,"end":6,"kind":"X"`), "splits a surrogate pair", ""},
		{"dangling @sofa", doc(`"@sofa":4,"begin":8,"end":13,"kind":"X"`), "sofa reference 4 names no sofa", ""},
		{"duplicate kind", doc(`"@sofa":1,"begin":8,"end":13,"kind":"NAME_PATIENT","kind":"X"`), `key "kind" given twice`, ""},
		{"duplicate end", doc(`"@sofa":1,"begin":8,"end":9,"end":13,"kind":"X"`), `key "end" given twice`, ""},
		{"invalid UTF-8", doc(`"@sofa":1,"begin":8,"end":13,"kind":"X"`, "\"Herr \xf0\x9f Meier\""), "invalid UTF-8", ""},
		{"unpaired surrogate escape", doc(`"@sofa":1,"begin":8,"end":13,"kind":"X"`, `"Herr \ude00 Meier"`), "unpaired UTF-16 surrogate", ""},
		{"kind not a string", doc(`"@sofa":1,"begin":8,"end":13,"kind":true`), "kind is a boolean, not a string", ""},
		{"kind empty stays a wrong annotation", doc(`"@sofa":1,"begin":8,"end":13,"kind":""`), "", "Meier"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			d, err := Read([]byte(tt.data), cas.PHIConfig{})
			// a Reader sharing the header reads alike
			d2, err2 := NewReader().Read([]byte(tt.data), cas.PHIConfig{})
			if (err == nil) != (err2 == nil) || (err == nil && (d.Text != d2.Text || len(d.Spans) != len(d2.Spans))) {
				t.Fatalf("Reader.Read: %v, Read: %v", err2, err)
			}
			if tt.want != "" {
				if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.HasPrefix(err.Error(), "casjson: ") {
					t.Fatalf("error %v, want %q", err, tt.want)
				}
				if !(errors.Is(err, document.ErrPlacement) || errors.Is(err, document.ErrEncoding)) {
					t.Fatalf("error %q has no category", err)
				}
				for _, secret := range []string{"Herr", "Meier"} {
					if strings.Contains(err.Error(), secret) {
						t.Fatalf("error %q holds document text", err)
					}
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if err := d.CheckPlacement(); err != nil || d.Format != document.FormatCASJSON || len(d.Spans) != 1 || d.SpanText(0) != tt.text {
				t.Fatalf("%v %+v", err, d.Spans)
			}
		})
	}
}
