package jsonl

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/surrogator/surrogator/surrogator/cas"
	"github.com/surrogator/surrogator/surrogator/document"
)

// The fast path of parseLine: a line that json.Valid accepts (one pass of
// encoding/json's scanner) is split into fields and span objects by a
// scanner that trusts the JSON to be valid, instead of encoding/json's
// Decoder token by token (most of the cost of reading a line). Lines that
// are not valid JSON take the Decoder path, which names the error.
// FuzzFastFields holds the two paths to the same fields and errors.

// fastObject returns the fields of the valid JSON object at b[i:] (i at
// its '{') and the offset after it, or the error object returns. The
// fields are appended to *slab (the objects of one array share it) and
// returned with their capacity cut, so that an append to them copies.
// The values alias b: the caller copies those it keeps (keep).
func fastObject(b []byte, i int, slab *[]Field) ([]Field, int, error) {
	if b[i] != '{' {
		return nil, 0, errors.New("not a JSON object")
	}
	i = skipSpace(b, i+1)
	if b[i] == '}' {
		return nil, i + 1, nil
	}
	start := len(*slab)
	for {
		ke := skipString(b, i)
		key, err := fieldKey(b[i:ke])
		if err != nil {
			return nil, 0, err
		}
		for _, f := range (*slab)[start:] {
			if f.Key == key {
				return nil, 0, document.Categorize(fmt.Errorf("key %q given twice", clip(key)), document.ErrPlacement)
			}
		}
		i = skipSpace(b, ke)
		i = skipSpace(b, i+1) // ':'
		ve := skipValue(b, i)
		*slab = append(*slab, Field{Key: key, Value: json.RawMessage(b[i:ve:ve])})
		i = skipSpace(b, ve)
		if b[i] == '}' {
			end := len(*slab)
			return (*slab)[start:end:end], i + 1, nil
		}
		i = skipSpace(b, i+1) // ','
	}
}

// fieldKey decodes a key (with its quotes) of valid JSON.
func fieldKey(raw []byte) (string, error) {
	if bytes.IndexByte(raw, '\\') < 0 {
		// the keys of every line and span, without a copy each
		switch k := raw[1 : len(raw)-1]; string(k) {
		case "begin":
			return "begin", nil
		case "end":
			return "end", nil
		case "kind":
			return "kind", nil
		case "id":
			return "id", nil
		case "text":
			return "text", nil
		case "spans":
			return "spans", nil
		default:
			return string(k), nil
		}
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return "", err
	}
	return s, nil
}

func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// skipString returns the offset after the valid JSON string at b[i].
func skipString(b []byte, i int) int {
	j := i + 1
	for {
		k := bytes.IndexByte(b[j:], '"')
		j += k
		n := 0
		for p := j - 1; p > i && b[p] == '\\'; p-- {
			n++
		}
		if n%2 == 0 {
			return j + 1
		}
		j++
	}
}

// skipValue returns the offset after the valid JSON value at b[i].
func skipValue(b []byte, i int) int {
	switch b[i] {
	case '"':
		return skipString(b, i)
	case '{', '[':
		depth := 0
		for j := i; ; j++ {
			switch b[j] {
			case '"':
				j = skipString(b, j) - 1
			case '{', '[':
				depth++
			case '}', ']':
				if depth--; depth == 0 {
					return j + 1
				}
			}
		}
	}
	j := i
	for j < len(b) {
		switch b[j] {
		case ',', ']', '}', ' ', '\t', '\n', '\r':
			return j
		}
		j++
	}
	return j
}

// fastLine reads the fields of a line json.Valid accepts.
func fastLine(line []byte) ([]Field, error) {
	i := skipSpace(line, 0)
	var slab []Field
	fields, _, err := fastObject(line, i, &slab)
	return fields, err
}

// maxSlabSpans bounds the spans fastSpans makes room for at once.
const maxSlabSpans = 4096

// fastSpans calls span with each element's fields of the valid JSON
// array raw, or returns the error parseSpans returns for it.
func fastSpans(raw []byte, span func(i int, fields []Field) error) error {
	if raw[0] != '[' {
		return errors.New("spans is not an array")
	}
	i := skipSpace(raw, 1)
	if raw[i] == ']' {
		return nil
	}
	// room for three fields (begin, end, kind) of every object up to a
	// bound (a brace may stand in a string: the count is no promise),
	// beyond which the slab grows as the fields come
	slab := make([]Field, 0, 3*min(bytes.Count(raw, []byte{'{'}), maxSlabSpans))
	for n := 0; ; n++ {
		fields, e, err := fastObject(raw, i, &slab)
		if err != nil {
			return fmt.Errorf("span %d: %w", n, err)
		}
		if err := span(n, fields); err != nil {
			return err
		}
		i = skipSpace(raw, e)
		if raw[i] == ']' {
			return nil
		}
		i = skipSpace(raw, i+1)
	}
}

// keep copies the values of fields that are kept (not nil) out of the
// line they may alias (fastObject).
func keep(fields []Field) {
	for i := range fields {
		if fields[i].Value != nil {
			fields[i].Value = bytes.Clone(fields[i].Value)
		}
	}
}

// appendString writes s as encoding/json's Encoder with HTML escaping off
// (cas.AppendJSONStringNoHTML).
func appendString(b []byte, s string) []byte { return cas.AppendJSONStringNoHTML(b, s) }
