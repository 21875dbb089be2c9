package xmi

import (
	"errors"
	"strings"
	"testing"

	"github.com/surrogator/surrogator/surrogator/cas"
	"github.com/surrogator/surrogator/surrogator/document"
)

// TestStrictPlacement: with or without a type system, every PHI annotation
// is placed exactly (as read by Read and extracted by cas.Extract, the
// path formats takes) or the document is refused with an error that names
// the annotation and holds no text.
func TestStrictPlacement(t *testing.T) {
	const head = `<xmi:XMI xmlns:xmi="http://www.omg.org/XMI" xmlns:cas="http:///uima/cas.ecore" xmlns:custom="http:///webanno/custom.ecore" xmi:version="2.0">`
	// invented text: "Herr " 5 units, emoji 2, " Meier" 6 = 13 UTF-16 units
	const sofa = `<cas:Sofa xmi:id="1" sofaNum="1" sofaID="_InitialView" mimeType="text" sofaString="Herr &#128512; Meier"/>`
	doc := func(phi string, more ...string) string {
		return head + sofa + `<custom:PHI xmi:id="2" ` + phi + `/>` + strings.Join(more, "") + `</xmi:XMI>`
	}
	second := `<cas:Sofa xmi:id="9" sofaNum="2" sofaID="other" mimeType="text" sofaString="xx"/>`
	for _, tt := range []struct {
		name, xmi string
		// want is a substring of the error with a type system and without
		// one ("" for success); text the one span's text on success.
		wantTS, wantGuess, text string
	}{
		{"placed", doc(`sofa="1" begin="8" end="13" kind="NAME_PATIENT"`), "", "", "Meier"},
		{"emoji whole", doc(`sofa="1" begin="5" end="7" kind="OTHER"`), "", "", "😀"},
		{"string offset", doc(`sofa="1" begin="acht" end="13" kind="X"`), "begin: not an integer", "annotation 2 (PHI): begin is a string, not an integer", ""},
		{"float offset", doc(`sofa="1" begin="8.0" end="13" kind="X"`), "begin: not an integer", "annotation 2 (PHI): begin is a non-integer number", ""},
		{"exponent offset", doc(`sofa="1" begin="8" end="1e1" kind="X"`), "end: not an integer", "end is a non-integer number", ""},
		{"empty offset", doc(`sofa="1" begin="" end="13" kind="X"`), "begin: not an integer", "begin is a string", ""},
		{"missing begin", doc(`sofa="1" end="13" kind="X"`), "annotation 2 (PHI): begin missing", "annotation 2 (PHI): begin missing", ""},
		{"missing both", doc(`sofa="1" kind="X"`), "PHI annotation without begin and end", "PHI annotation without begin and end", ""},
		{"out of int range", doc(`sofa="1" begin="8" end="99999999999999999999" kind="X"`), "end: not an integer", "annotation 2 (PHI): end is out of the integer range", ""},
		{"negative", doc(`sofa="1" begin="-1" end="13" kind="X"`), "negative offset", "negative offset", ""},
		{"beyond sofa", doc(`sofa="1" begin="8" end="14" kind="X"`), "annotation 2 (PHI): end 14 beyond sofa length 13", "end 14 beyond sofa length 13", ""},
		{"splits a surrogate pair", doc(`sofa="1" begin="6" end="13" kind="X"`), "offset 6 splits a surrogate pair", "offset 6 splits a surrogate pair", ""},
		{"dangling sofa", doc(`sofa="99" begin="8" end="13" kind="X"`), "99, which does not exist", "99, which does not exist", ""},
		{"sofa names an annotation", doc(`sofa="3" begin="8" end="13" kind="X"`, `<custom:PHI xmi:id="3" sofa="1" begin="0" end="4" kind="X"/>`),
			"does not name a cas:Sofa", "does not name a cas:Sofa", ""},
		{"sofa two ids", doc(`sofa="1 1" begin="8" end="13" kind="X"`), "want one xmi:id", "want one xmi:id", ""},
		{"PHI in another view", doc(`sofa="9" begin="0" end="2" kind="X"`, second), "not on the main sofa", "not on the main sofa", ""},
		{"duplicate kind", doc(`sofa="1" begin="8" end="13" kind="X" kind="NAME_PATIENT"`), "attribute kind repeated", "attribute kind repeated", ""},
		{"duplicate begin", doc(`sofa="1" begin="0" end="13" kind="X" begin="8"`), "attribute begin repeated", "attribute begin repeated", ""},
		{"duplicate xmi:id", doc(`xmi:id="5" sofa="1" begin="8" end="13" kind="X"`), "xmi:id repeated", "xmi:id repeated", ""},
		{"kind attribute and child", head + sofa + `<custom:PHI xmi:id="2" sofa="1" begin="8" end="13" kind="X"><kind>Y</kind></custom:PHI></xmi:XMI>`,
			"given as attribute and child element", "given as attribute and child element", ""},
		{"invalid UTF-8 in sofa", strings.Replace(doc(`sofa="1" begin="8" end="13" kind="X"`), "Herr", "He\xffr", 1), "invalid UTF-8", "invalid UTF-8", ""},
		{"control character in sofa", strings.Replace(doc(`sofa="1" begin="8" end="13" kind="X"`), "Herr", "He\x01r", 1), "illegal character code U+0001", "illegal character code U+0001", ""},
		{"control character reference in sofa", strings.Replace(doc(`sofa="1" begin="8" end="13" kind="X"`), "Herr", "He&#1;r", 1), "illegal character code U+0001", "illegal character code U+0001", ""},
		{"surrogate reference in sofa", strings.Replace(doc(`sofa="1" begin="8" end="13" kind="X"`), "&#128512;", "&#xD83D;&#xDE00;", 1),
			"character reference to a UTF-16 surrogate", "character reference to a UTF-16 surrogate", ""},
		{"decimal surrogate reference in sofa", strings.Replace(doc(`sofa="1" begin="8" end="13" kind="X"`), "&#128512;", "&#55357;x", 1),
			"character reference to a UTF-16 surrogate", "character reference to a UTF-16 surrogate", ""},
		{"token beyond the sofa", doc(`sofa="1" begin="8" end="13" kind="X"`, `<cas:AnnotationBase xmi:id="4"/><custom:Token xmi:id="3" sofa="1" begin="0" end="40"/>`),
			"annotation 3 (Token): end 40 beyond sofa length 13", "annotation 3 (Token): end 40 beyond sofa length 13", ""},
	} {
		for _, withTS := range []bool{true, false} {
			want := tt.wantGuess
			var types []*cas.TypeDef
			if withTS {
				want, types = tt.wantTS, fixtureTypes(t)
			}
			name := tt.name + map[bool]string{true: "/ts", false: "/guessed"}[withTS]
			t.Run(name, func(t *testing.T) {
				c, err := Read([]byte(tt.xmi), types)
				var ex *cas.Extracted
				if err == nil {
					ex, err = cas.Extract(c, cas.PHIConfig{})
				}
				if want != "" {
					if err == nil {
						t.Fatalf("accepted; want error %q", want)
					}
					if !strings.Contains(err.Error(), want) {
						t.Fatalf("error %q; want it to contain %q", err, want)
					}
					// XML's own character errors are syntax errors
					if !strings.Contains(want, "illegal character") && !(errors.Is(err, document.ErrPlacement) || errors.Is(err, document.ErrEncoding)) {
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
				if len(ex.Spans) != 1 || ex.Text[ex.Spans[0].Begin:ex.Spans[0].End] != tt.text {
					t.Fatalf("spans %+v, want one covering %q", ex.Spans, tt.text)
				}
			})
		}
	}
}
