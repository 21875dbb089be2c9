package casjson_test

// The reader and writer that surrogator/cas/json.go held until issue 11,
// kept as the oracle of the differential tests and the baseline of the
// benchmarks: encoding/json Decoder.Token.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/surrogator/surrogator/surrogator/cas"
	"github.com/surrogator/surrogator/surrogator/document"
)

// ReadJSON decodes a UIMA JSON CAS (the format INCEpTION exports as "UIMA
// CAS JSON 0.4.0"). Feature order and values are kept.
//
// The decoder is strict where leniency would misplace an annotation: a key
// given twice in one object, bytes that are not UTF-8 or unpaired surrogate
// escapes (which encoding/json would silently turn into U+FFFD), a view
// whose %SOFA names no sofa or whose members do not exist, and a "sofa"
// reference that names no sofa are errors. Offsets are checked by Extract.
// Errors never hold document text.
func legacyRead(data []byte) (*cas.CAS, error) {
	if err := document.CheckJSONUnicode(data); err != nil {
		return nil, fmt.Errorf("cas: json: %w", err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	c := &cas.CAS{}
	byID := map[int]bool{}
	err := readObject(dec, func(key string) error {
		switch key {
		case "%TYPES":
			return readObject(dec, func(name string) error {
				var raw json.RawMessage
				if err := dec.Decode(&raw); err != nil {
					return err
				}
				td, err := cas.ParseTypeDef(name, raw)
				if err != nil {
					return err
				}
				c.Types = append(c.Types, td)
				return nil
			})
		case "%FEATURE_STRUCTURES":
			return readArray(dec, func() error {
				f, err := readFS(dec)
				if err != nil {
					return err
				}
				if byID[f.ID] {
					return fmt.Errorf("duplicate %%ID %d", f.ID)
				}
				byID[f.ID] = true
				c.FS = append(c.FS, f)
				return nil
			})
		case "%VIEWS":
			return readObject(dec, func(name string) error {
				if c.View(name) != nil {
					return fmt.Errorf("%w: view %q given twice", document.ErrPlacement, cas.Clip(name))
				}
				view, err := readView(dec, name)
				if err != nil && !errors.Is(err, document.ErrPlacement) {
					err = fmt.Errorf("%w: %w", document.ErrPlacement, err)
				}
				if err != nil {
					return fmt.Errorf("view %q: %w", cas.Clip(name), err)
				}
				c.Views = append(c.Views, view)
				return nil
			})
		default:
			var skip json.RawMessage
			return dec.Decode(&skip)
		}
	})
	if err != nil {
		return nil, fmt.Errorf("cas: json: %w", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("cas: json: trailing data after CAS object")
	}
	if c.FS == nil {
		return nil, fmt.Errorf("cas: json: no %%FEATURE_STRUCTURES")
	}
	if err := c.CheckRefs(); err != nil {
		return nil, fmt.Errorf("cas: json: %w: %w", document.ErrPlacement, err)
	}
	return c, nil
}

// readView reads {"%SOFA": id, "%MEMBERS": [id, ...]}.
func readView(dec *json.Decoder, name string) (*cas.View, error) {
	view := &cas.View{Name: name}
	hasSofa := false
	err := readObject(dec, func(key string) error {
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return err
		}
		switch key {
		case "%SOFA":
			n, err := cas.StrictInt(raw)
			if err != nil {
				return fmt.Errorf("%%SOFA: %w", err)
			}
			view.Sofa, hasSofa = n, true
		case "%MEMBERS":
			var ms []json.RawMessage
			if err := json.Unmarshal(raw, &ms); err != nil {
				return fmt.Errorf("%%MEMBERS is not an array")
			}
			for i, m := range ms {
				n, err := cas.StrictInt(m)
				if err != nil {
					return fmt.Errorf("%%MEMBERS element %d: %w", i, err)
				}
				view.Members = append(view.Members, n)
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if !hasSofa {
		return nil, fmt.Errorf("no %%SOFA")
	}
	return view, nil
}

func readFS(dec *json.Decoder) (*cas.FS, error) {
	f := &cas.FS{ID: -1}
	err := readObject(dec, func(key string) error {
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return err
		}
		switch key {
		case "%ID":
			n, err := cas.StrictInt(v)
			if err != nil || n < 0 {
				return fmt.Errorf("bad %%ID")
			}
			f.ID = n
		case "%TYPE":
			if err := json.Unmarshal(v, &f.Type); err != nil {
				return fmt.Errorf("bad %%TYPE")
			}
		default:
			ref := false
			if key[0] == '@' {
				ref, key = true, key[1:]
			}
			if _, dup := f.Get(key); dup {
				return fmt.Errorf("%w: feature %q given twice", document.ErrPlacement, cas.Clip(key))
			}
			f.Features = append(f.Features, cas.Feature{Name: key, Ref: ref, Value: v})
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if f.ID < 0 {
		return nil, fmt.Errorf("feature structure without %%ID")
	}
	if f.Type == "" {
		return nil, fmt.Errorf("feature structure %d without %%TYPE", f.ID)
	}
	return f, nil
}

func readObject(dec *json.Decoder, each func(key string) error) error {
	t, err := dec.Token()
	if err != nil {
		return err
	}
	if d, ok := t.(json.Delim); !ok || d != '{' {
		return fmt.Errorf("expected an object, got %s", tokenKind(t))
	}
	seen := map[string]bool{}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return err
		}
		key, ok := t.(string)
		if !ok || key == "" {
			return fmt.Errorf("empty object key")
		}
		if seen[key] {
			return fmt.Errorf("%w: key %q given twice in one object", document.ErrPlacement, cas.Clip(key))
		}
		seen[key] = true
		if err := each(key); err != nil {
			return err
		}
	}
	_, err = dec.Token()
	return err
}

func readArray(dec *json.Decoder, each func() error) error {
	t, err := dec.Token()
	if err != nil {
		return err
	}
	if d, ok := t.(json.Delim); !ok || d != '[' {
		return fmt.Errorf("expected an array, got %s", tokenKind(t))
	}
	for dec.More() {
		if err := each(); err != nil {
			return err
		}
	}
	_, err = dec.Token()
	return err
}

// tokenKind names a JSON token's kind for an error (never its value).
func tokenKind(t json.Token) string {
	switch v := t.(type) {
	case json.Delim:
		return string(v)
	case string:
		return "a string"
	case json.Number, float64:
		return "a number"
	case bool:
		return "a boolean"
	case nil:
		return "null"
	}
	return "an unexpected token"
}

// WriteJSON encodes the CAS as UIMA JSON CAS.
func legacyWrite(w io.Writer, c *cas.CAS) error {
	var b bytes.Buffer
	b.WriteString("{\n  \"%TYPES\" : {")
	for i, t := range c.Types {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString("\n    ")
		writeString(&b, t.Name)
		b.WriteString(" : ")
		raw := t.Raw
		if raw == nil {
			raw = typeDefJSON(t)
		}
		compactInto(&b, raw)
	}
	b.WriteString("\n  },\n  \"%FEATURE_STRUCTURES\" : [")
	for i, f := range c.FS {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString("\n    {\"%ID\" : ")
		b.WriteString(strconv.Itoa(f.ID))
		b.WriteString(", \"%TYPE\" : ")
		writeString(&b, f.Type)
		for _, ft := range f.Features {
			b.WriteString(", ")
			if ft.Ref {
				writeString(&b, "@"+ft.Name)
			} else {
				writeString(&b, ft.Name)
			}
			b.WriteString(" : ")
			compactInto(&b, ft.Value)
		}
		b.WriteByte('}')
	}
	b.WriteString("\n  ],\n  \"%VIEWS\" : {")
	for i, v := range c.Views {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString("\n    ")
		writeString(&b, v.Name)
		b.WriteString(" : {\"%SOFA\" : ")
		b.WriteString(strconv.Itoa(v.Sofa))
		b.WriteString(", \"%MEMBERS\" : [")
		for j, m := range v.Members {
			if j > 0 {
				b.WriteByte(',')
			}
			b.WriteString(strconv.Itoa(m))
		}
		b.WriteString("]}")
	}
	b.WriteString("\n  }\n}\n")
	_, err := w.Write(b.Bytes())
	if err != nil {
		return fmt.Errorf("cas: write json: %w", err)
	}
	return nil
}

func typeDefJSON(t *cas.TypeDef) json.RawMessage {
	var b bytes.Buffer
	b.WriteString(`{"%NAME":`)
	writeString(&b, t.Name)
	if t.Super != "" {
		b.WriteString(`,"%SUPER_TYPE":`)
		writeString(&b, t.Super)
	}
	for _, f := range t.Features {
		b.WriteByte(',')
		writeString(&b, f.Name)
		b.WriteString(`:{"%NAME":`)
		writeString(&b, f.Name)
		b.WriteString(`,"%RANGE":`)
		writeString(&b, f.Range)
		if f.ElementType != "" {
			b.WriteString(`,"%ELEMENT_TYPE":`)
			writeString(&b, f.ElementType)
		}
		if f.MultipleReferencesAllowed {
			b.WriteString(`,"%MULTIPLE_REFERENCES_ALLOWED":true`)
		}
		b.WriteByte('}')
	}
	b.WriteByte('}')
	return b.Bytes()
}

func writeString(b *bytes.Buffer, s string) {
	enc, _ := json.Marshal(s)
	b.Write(enc)
}

func compactInto(b *bytes.Buffer, raw json.RawMessage) {
	if err := json.Compact(b, raw); err != nil {
		b.Write(raw)
	}
}
