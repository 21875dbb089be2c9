package casjson_test

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/surrogator/surrogator/internal/testutil"
	"github.com/surrogator/surrogator/surrogator/cas"
	"github.com/surrogator/surrogator/surrogator/formats/casjson"
)

// sameAsGeneral reads data with the shapes (shape.go) and without them,
// as ReadCAS and as ReadPHI with each PHI layer, and fails unless both
// ways return the same: the same CAS (every id, type, feature name,
// reference mark and value byte) or the same document, or the same error
// message.
func sameAsGeneral(t testing.TB, rd *casjson.Reader, data []byte) {
	t.Helper()
	c, err := rd.ReadCAS(data)
	g, errG := casjson.ReadCASGeneral(rd, data)
	if fmt.Sprint(err) != fmt.Sprint(errG) {
		t.Fatalf("ReadCAS: error %v, without shapes %v", err, errG)
	}
	if err == nil {
		if d := sameCAS(c, g); d != "" {
			t.Fatalf("ReadCAS: decodes otherwise than without shapes: %s", d)
		}
	}
	for _, cfg := range phiConfigs {
		d, err := rd.ReadPHI(data, cfg)
		dg, errG := casjson.ReadPHIGeneral(rd, data, cfg)
		if fmt.Sprint(err) != fmt.Sprint(errG) {
			t.Fatalf("ReadPHI %+v: error %v, without shapes %v", cfg, err, errG)
		}
		if err == nil && !reflect.DeepEqual(d, dg) {
			t.Fatalf("ReadPHI %+v: reads otherwise than without shapes", cfg)
		}
	}
}

// shapeDoc is a letter in the GraSCCo layout (spaces after ':' and ',')
// over "Herr Anna Meier kam heute." whose feature structures are the
// sofa, three tokens of one shape, objs (raw, comma-separated) and two
// more tokens of the shape, all members of the initial view.
func shapeDoc(objs string) string {
	tok := func(id, b, e int) string {
		return fmt.Sprintf(`{"%%ID": %d, "%%TYPE": "a.Token", "begin": %d, "end": %d, "@sofa": 1}`, id, b, e)
	}
	fs := []string{`{"%ID": 1, "%TYPE": "uima.cas.Sofa", "sofaID": "_InitialView", "sofaString": "Herr Anna Meier kam heute."}`,
		tok(2, 0, 4), tok(3, 5, 9), tok(10, 10, 15)}
	if objs != "" {
		fs = append(fs, objs)
	}
	fs = append(fs, tok(11, 16, 19), tok(12, 20, 25))
	return `{"%TYPES": {}, "%FEATURE_STRUCTURES": [` + strings.Join(fs, ", ") +
		`], "%VIEWS": {"_InitialView": {"%SOFA": 1, "%MEMBERS": [2, 3, 10, 11, 12]}}}`
}

// shapeBreakers are feature structures that equal the shape of
// shapeDoc's tokens but in one place, each read the full way (or, for
// the first ones, by the shape), with what the full way reads of them.
var shapeBreakers = []struct{ name, obj string }{
	{"the shape, other numbers", `{"%ID": 20, "%TYPE": "a.Token", "begin": 5, "end": 9, "@sofa": 1}`},
	{"the shape, %ID 0", `{"%ID": 0, "%TYPE": "a.Token", "begin": 0, "end": 0, "@sofa": 1}`},
	{"the shape, nine-digit %ID", `{"%ID": 999999999, "%TYPE": "a.Token", "begin": 5, "end": 9, "@sofa": 1}`},
	{"the shape, misplaced", `{"%ID": 20, "%TYPE": "a.Token", "begin": 5, "end": 99, "@sofa": 1}`},
	{"the shape, sofa reference to a token", `{"%ID": 20, "%TYPE": "a.Token", "begin": 5, "end": 9, "@sofa": 2}`},
	{"the shape, sofa reference to a missing id", `{"%ID": 20, "%TYPE": "a.Token", "begin": 5, "end": 9, "@sofa": 77}`},
	{"the shape, duplicate %ID", `{"%ID": 3, "%TYPE": "a.Token", "begin": 5, "end": 9, "@sofa": 1}`},
	{"the shape, two of them", `{"%ID": 20, "%TYPE": "a.Token", "begin": 5, "end": 9, "@sofa": 1}, {"%ID": 21, "%TYPE": "a.Token", "begin": 5, "end": 9, "@sofa": 1}`},
	{"ten-digit %ID", `{"%ID": 1234567890, "%TYPE": "a.Token", "begin": 5, "end": 9, "@sofa": 1}`},
	{"%ID beyond int64", `{"%ID": 123456789012345678901234567890, "%TYPE": "a.Token", "begin": 5, "end": 9, "@sofa": 1}`},
	{"ten-digit end", `{"%ID": 20, "%TYPE": "a.Token", "begin": 5, "end": 1234567890, "@sofa": 1}`},
	{"one key byte", `{"%ID": 20, "%TYPE": "a.Token", "begiN": 5, "end": 9, "@sofa": 1}`},
	{"a key one byte longer", `{"%ID": 20, "%TYPE": "a.Token", "begin": 5, "ends": 9, "@sofa": 1}`},
	{"a key without '@'", `{"%ID": 20, "%TYPE": "a.Token", "begin": 5, "end": 9, "sofa": 1}`},
	{"an escaped key", `{"%ID": 20, "%TYPE": "a.Token", "\u0062egin": 5, "end": 9, "@sofa": 1}`},
	{"an escaped type", `{"%ID": 20, "%TYPE": "a.Tok\u0065n", "begin": 5, "end": 9, "@sofa": 1}`},
	{"another type", `{"%ID": 20, "%TYPE": "a.Tokens", "begin": 5, "end": 9, "@sofa": 1}`},
	{"the PHI type", `{"%ID": 20, "%TYPE": "webanno.custom.PHI", "begin": 5, "end": 9, "@sofa": 1}`},
	{"the sofa type", `{"%ID": 20, "%TYPE": "uima.cas.Sofa", "begin": 5, "end": 9, "@sofa": 1}`},
	{"the metadata type", `{"%ID": 20, "%TYPE": "de.tudarmstadt.ukp.dkpro.core.api.metadata.type.DocumentMetaData", "begin": 5, "end": 9, "@sofa": 1}`},
	{"%ID with a leading zero", `{"%ID": 020, "%TYPE": "a.Token", "begin": 5, "end": 9, "@sofa": 1}`},
	{"begin with a leading zero", `{"%ID": 20, "%TYPE": "a.Token", "begin": 05, "end": 9, "@sofa": 1}`},
	{"begin 00", `{"%ID": 20, "%TYPE": "a.Token", "begin": 00, "end": 9, "@sofa": 1}`},
	{"negative %ID", `{"%ID": -20, "%TYPE": "a.Token", "begin": 5, "end": 9, "@sofa": 1}`},
	{"negative begin", `{"%ID": 20, "%TYPE": "a.Token", "begin": -5, "end": 9, "@sofa": 1}`},
	{"minus zero", `{"%ID": 20, "%TYPE": "a.Token", "begin": -0, "end": 9, "@sofa": 1}`},
	{"a fraction", `{"%ID": 20, "%TYPE": "a.Token", "begin": 5.0, "end": 9, "@sofa": 1}`},
	{"an exponent", `{"%ID": 20, "%TYPE": "a.Token", "begin": 5, "end": 9e0, "@sofa": 1}`},
	{"an exponent on the %ID", `{"%ID": 2e1, "%TYPE": "a.Token", "begin": 5, "end": 9, "@sofa": 1}`},
	{"a bad number", `{"%ID": 20, "%TYPE": "a.Token", "begin": 5., "end": 9, "@sofa": 1}`},
	{"a string for a number", `{"%ID": 20, "%TYPE": "a.Token", "begin": "5", "end": 9, "@sofa": 1}`},
	{"a string for the %ID", `{"%ID": "20", "%TYPE": "a.Token", "begin": 5, "end": 9, "@sofa": 1}`},
	{"an array for a number", `{"%ID": 20, "%TYPE": "a.Token", "begin": [5], "end": 9, "@sofa": 1}`},
	{"an object for a number", `{"%ID": 20, "%TYPE": "a.Token", "begin": {"b": 5}, "end": 9, "@sofa": 1}`},
	{"null for a number", `{"%ID": 20, "%TYPE": "a.Token", "begin": null, "end": 9, "@sofa": 1}`},
	{"true for a number", `{"%ID": 20, "%TYPE": "a.Token", "begin": true, "end": 9, "@sofa": 1}`},
	{"no space after ':'", `{"%ID": 20, "%TYPE": "a.Token", "begin":5, "end": 9, "@sofa": 1}`},
	{"a space before ','", `{"%ID": 20, "%TYPE": "a.Token", "begin": 5 , "end": 9, "@sofa": 1}`},
	{"a tab for a space", "{\"%ID\": 20, \"%TYPE\": \"a.Token\", \"begin\":\t5, \"end\": 9, \"@sofa\": 1}"},
	{"a key given twice", `{"%ID": 20, "%TYPE": "a.Token", "begin": 5, "begin": 9, "@sofa": 1}`},
	{"%ID given twice", `{"%ID": 20, "%ID": 21, "begin": 5, "end": 9, "@sofa": 1}`},
	{"sofa and @sofa", `{"%ID": 20, "%TYPE": "a.Token", "begin": 5, "sofa": 1, "@sofa": 1}`},
	{"no %ID", `{"%Id": 20, "%TYPE": "a.Token", "begin": 5, "end": 9, "@sofa": 1}`},
	{"a member more", `{"%ID": 20, "%TYPE": "a.Token", "begin": 5, "end": 9, "@sofa": 1, "x": 1}`},
	{"a member less", `{"%ID": 20, "%TYPE": "a.Token", "begin": 5, "end": 9}`},
	{"nested deeper", `{"%ID": 20, "%TYPE": "a.Token", "begin": 5, "end": 9, "@sofa": 1, "x": [[{"y": [1]}]]}`},
	{"a control byte in a key", "{\"%ID\": 20, \"%TYPE\": \"a.Token\", \"beg\x01n\": 5, \"end\": 9, \"@sofa\": 1}"},
	{"invalid UTF-8 in a key", "{\"%ID\": 20, \"%TYPE\": \"a.Token\", \"beg\xffn\": 5, \"end\": 9, \"@sofa\": 1}"},
	{"invalid UTF-8 in the type", "{\"%ID\": 20, \"%TYPE\": \"a.T\xc3ken\", \"begin\": 5, \"end\": 9, \"@sofa\": 1}"},
	{"a lone surrogate escape", `{"%ID": 20, "%TYPE": "a.Token\ud800", "begin": 5, "end": 9, "@sofa": 1}`},
	{"an unterminated string", `{"%ID": 20, "%TYPE": "a.Token, "begin": 5, "end": 9, "@sofa": 1}`},
	{"no '}'", `{"%ID": 20, "%TYPE": "a.Token", "begin": 5, "end": 9, "@sofa": 1`},
	{"a ',' before '}'", `{"%ID": 20, "%TYPE": "a.Token", "begin": 5, "end": 9, "@sofa": 1,}`},
	{"bytes after '}'", `{"%ID": 20, "%TYPE": "a.Token", "begin": 5, "end": 9, "@sofa": 1}x`},
	{"a digit after '}'", `{"%ID": 20, "%TYPE": "a.Token", "begin": 5, "end": 9, "@sofa": 1}7`},
	{"an array, not an object", `["%ID", 20, "%TYPE", "a.Token", "begin", 5, "end", 9, "@sofa", 1]`},
	{"a number, not an object", `20`},
}

// TestShapesBreak: a feature structure that breaks the shape of the ones
// before it in any one place is read as the full way reads it (accepted
// or refused with the same error) by ReadCAS and ReadPHI, and ReadPHI
// still agrees with Read; the tokens around it are read from the shape.
func TestShapesBreak(t *testing.T) {
	rd := casjson.NewReader()
	base := []byte(shapeDoc(""))
	if ch, ph, n := casjson.ShapeHits(base, cas.PHIConfig{}); ch != 4 || ph != 4 || n != 6 {
		t.Fatalf("shapes matched %d (ReadCAS) and %d (ReadPHI) of %d feature structures, want 4 and 4 of 6", ch, ph, n)
	}
	for _, tt := range shapeBreakers {
		t.Run(tt.name, func(t *testing.T) {
			data := []byte(shapeDoc(tt.obj))
			sameAsGeneral(t, rd, data)
			for _, cfg := range phiConfigs {
				samePHI(t, rd, data, cfg)
			}
			// truncated within the object
			i := strings.Index(string(data), tt.obj)
			sameAsGeneral(t, rd, data[:i+len(tt.obj)/2])
		})
	}
}

// TestShapesShared: on every shared CAS (GraSCCo letters, the INCEpTION
// project's documents) ReadCAS and ReadPHI read exactly what they read
// without shapes, and on the letters most feature structures are taken
// from a shape.
func TestShapesShared(t *testing.T) {
	rd := casjson.NewReader()
	for name, data := range sharedFiles(t) {
		t.Run(name, func(t *testing.T) {
			sameAsGeneral(t, rd, data)
		})
	}
	for _, f := range testutil.GrasccoCAS(t) {
		ch, ph, n := casjson.ShapeHits(f.Data, cas.PHIConfig{})
		t.Logf("%s: shapes matched %d (ReadCAS) and %d (ReadPHI) of %d", f.Name, ch, ph, n)
		if ch < n*8/10 || ph < n*8/10 {
			t.Errorf("%s: shapes matched %d (ReadCAS) and %d (ReadPHI) of %d feature structures", f.Name, ch, ph, n)
		}
	}
}

// FuzzShapes: for any input, ReadCAS and ReadPHI read with the shapes
// and plain integer lists exactly what they read without (the same CAS or
// document, or the same error), and ReadPHI agrees with Read. The seeds
// make shapes fire and then break them (shapeBreakers), and list view
// members plainly or not (viewMemberCases); the fuzzer mutates both the
// shape and the objects after it.
//
//	go test -run '^$' -fuzz FuzzShapes -parallel 1 -fuzztime 3m ./surrogator/formats/casjson/
func FuzzShapes(f *testing.F) {
	f.Add([]byte(shapeDoc("")))
	for _, tt := range shapeBreakers {
		f.Add([]byte(shapeDoc(tt.obj)))
	}
	for _, m := range viewMemberCases {
		f.Add(viewDoc(m))
	}
	// compact tokens with more features, a PHI annotation between them
	f.Add([]byte(`{"%FEATURE_STRUCTURES":[{"%ID":1,"%TYPE":"uima.cas.Sofa","sofaString":"Herr Anna Meier kam."},` +
		`{"%ID":2,"%TYPE":"a.Token","order":0,"@sofa":1,"begin":0,"end":4,"pos":"NN","@list":[1,2]},` +
		`{"%ID":3,"%TYPE":"a.Token","order":0,"@sofa":1,"begin":5,"end":9,"pos":"NN","@list":[1,2]},` +
		`{"%ID":4,"%TYPE":"webanno.custom.PHI","@sofa":1,"begin":5,"end":15,"kind":"NAME"},` +
		`{"%ID":5,"%TYPE":"a.Token","order":0,"@sofa":1,"begin":10,"end":15,"pos":"NN","@list":[1,2]},` +
		`{"%ID":6,"%TYPE":"a.Token","order":10,"@sofa":1,"begin":16,"end":19,"pos":"NN","@list":[1,3]}],` +
		`"%VIEWS":{"_InitialView":{"%SOFA":1,"%MEMBERS":[2,3,4,5,6]}}}`))
	rd := casjson.NewReader()
	f.Fuzz(func(t *testing.T, data []byte) {
		sameAsGeneral(t, rd, data)
		for _, cfg := range phiConfigs[:2] {
			samePHI(t, rd, data, cfg)
		}
	})
}
