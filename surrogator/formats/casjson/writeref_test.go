package casjson

import (
	"bytes"
	"encoding/json"
	"strconv"
	"testing"

	"github.com/surrogator/surrogator/surrogator/cas"
)

// AppendCASReference is AppendCAS as it was before the key cache and the
// size estimate (commit c7d9d5b): every name encoded for every feature
// structure, every container value through json.Compact. The
// differential tests hold AppendCAS to it byte for byte.
func AppendCASReference(b []byte, c *cas.CAS) []byte {
	b = append(b, "{\n  \"%TYPES\" : {"...)
	for i, t := range c.Types {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, "\n    "...)
		b = appendString(b, t.Name)
		b = append(b, " : "...)
		raw := t.Raw
		if raw == nil {
			raw = typeDefJSON(t)
		}
		b = appendCompactReference(b, raw)
	}
	b = append(b, "\n  },\n  \"%FEATURE_STRUCTURES\" : ["...)
	for i, f := range c.FS {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, "\n    {\"%ID\" : "...)
		b = strconv.AppendInt(b, int64(f.ID), 10)
		b = append(b, ", \"%TYPE\" : "...)
		b = appendString(b, f.Type)
		for _, ft := range f.Features {
			b = append(b, ", "...)
			if ft.Ref {
				b = appendRefName(b, ft.Name)
			} else {
				b = appendString(b, ft.Name)
			}
			b = append(b, " : "...)
			b = appendCompactReference(b, ft.Value)
		}
		b = append(b, '}')
	}
	b = append(b, "\n  ],\n  \"%VIEWS\" : {"...)
	for i, v := range c.Views {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, "\n    "...)
		b = appendString(b, v.Name)
		b = append(b, " : {\"%SOFA\" : "...)
		b = strconv.AppendInt(b, int64(v.Sofa), 10)
		b = append(b, ", \"%MEMBERS\" : ["...)
		for j, m := range v.Members {
			if j > 0 {
				b = append(b, ',')
			}
			b = strconv.AppendInt(b, int64(m), 10)
		}
		b = append(b, "]}"...)
	}
	return append(b, "\n  }\n}\n"...)
}

// appendCompactReference is appendCompact without its fast path for
// containers holding no white space.
func appendCompactReference(b []byte, raw []byte) []byte {
	if n := len(raw); n > 0 && raw[0] != '[' && raw[0] != '{' && !isSpace(raw[0]) && !isSpace(raw[n-1]) {
		return append(b, raw...)
	}
	buf := bytes.NewBuffer(b)
	if err := json.Compact(buf, raw); err != nil {
		return append(b, raw...)
	}
	return buf.Bytes()
}

// FuzzAppendCompact: appendCompact (its fast paths and compactPlain) gives
// what json.Compact into the buffer gave, for valid and invalid values.
func FuzzAppendCompact(f *testing.F) {
	for _, s := range []string{`{"%NAME": "a.B", "%SUPER_TYPE": "uima.tcas.Annotation", "f": {"%NAME": "f", "%RANGE": "uima.cas.String"}}`,
		` [1, 2 ,3 ] `, `{ }`, `[ ]`, `{"a" : [ -0.5e+3 , true, false , null, "x\"\u00fc\n ü" ] }`, `[01]`, `[1.]`, `[-]`, `{"a" 1}`,
		`{"a":1,}`, `[1,]`, `"\x"`, "\"a\x01\"", `[1] x`, ` `, ``, `[[[[[[]]]]]]`, `{"a":{"b":{"c":[1e5,2E-3]}}}`, "\t\"x\"\r\n", `tru `, `nul`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		want := appendCompactReference([]byte("pre"), raw)
		if got := appendCompact([]byte("pre"), raw); !bytes.Equal(got, want) {
			t.Fatalf("%q: %q, json.Compact: %q", raw, got, want)
		}
	})
}
