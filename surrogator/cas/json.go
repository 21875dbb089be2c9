package cas

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"

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
func ReadJSON(data []byte) (*CAS, error) {
	if err := document.CheckJSONUnicode(data); err != nil {
		return nil, fmt.Errorf("cas: json: %w", err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	c := &CAS{byID: map[int]*FS{}}
	err := readObject(dec, func(key string) error {
		switch key {
		case "%TYPES":
			return readObject(dec, func(name string) error {
				var raw json.RawMessage
				if err := dec.Decode(&raw); err != nil {
					return err
				}
				td, err := parseTypeDef(name, raw)
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
				if _, dup := c.byID[f.ID]; dup {
					return fmt.Errorf("duplicate %%ID %d", f.ID)
				}
				c.byID[f.ID] = f
				c.FS = append(c.FS, f)
				return nil
			})
		case "%VIEWS":
			return readObject(dec, func(name string) error {
				if c.View(name) != nil {
					return fmt.Errorf("%w: view %q given twice", document.ErrPlacement, clip(name))
				}
				view, err := readView(dec, name)
				if err != nil && !errors.Is(err, document.ErrPlacement) {
					err = fmt.Errorf("%w: %w", document.ErrPlacement, err)
				}
				if err != nil {
					return fmt.Errorf("view %q: %w", clip(name), err)
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
	if err := c.checkRefs(); err != nil {
		return nil, fmt.Errorf("cas: json: %w: %w", document.ErrPlacement, err)
	}
	return c, nil
}

// readView reads {"%SOFA": id, "%MEMBERS": [id, ...]}.
func readView(dec *json.Decoder, name string) (*View, error) {
	view := &View{Name: name}
	hasSofa := false
	err := readObject(dec, func(key string) error {
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return err
		}
		switch key {
		case "%SOFA":
			n, err := strictInt(raw)
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
				n, err := strictInt(m)
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

// strictInt decodes a JSON integer that fits an int.
func strictInt(raw json.RawMessage) (int, error) {
	v := string(bytes.TrimSpace(raw))
	if !isJSONInteger(v) {
		return 0, fmt.Errorf("%s, not an integer", jsonKind(v))
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return 0, fmt.Errorf("integer out of range")
	}
	return n, nil
}

// checkRefs verifies that every view names a sofa and lists existing
// feature structures, and that every "sofa" feature references a sofa.
func (c *CAS) checkRefs() error {
	for _, v := range c.Views {
		if s := c.byID[v.Sofa]; s == nil || s.Type != TypeSofa {
			return fmt.Errorf("view %q: %%SOFA %d names no sofa", clip(v.Name), v.Sofa)
		}
		for _, m := range v.Members {
			if c.byID[m] == nil {
				return fmt.Errorf("view %q: member %d is not a feature structure", clip(v.Name), m)
			}
		}
	}
	for _, f := range c.FS {
		ft, ok := f.Get("sofa")
		if !ok || f.Type == TypeSofa {
			continue
		}
		if !ft.Ref {
			return fmt.Errorf("%s: sofa is not a reference", where(f))
		}
		n, err := strictInt(ft.Value)
		if err != nil {
			return fmt.Errorf("%s: sofa reference: %w", where(f), err)
		}
		if s := c.byID[n]; s == nil || s.Type != TypeSofa {
			return fmt.Errorf("%s: sofa reference %d names no sofa", where(f), n)
		}
	}
	return nil
}

func clip(s string) string {
	if len(s) > 60 {
		return s[:60] + "…"
	}
	return s
}

func parseTypeDef(name string, raw json.RawMessage) (*TypeDef, error) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		return nil, fmt.Errorf("type %q: %w", name, err)
	}
	td := &TypeDef{Name: name, Raw: raw}
	if s, ok := m["%SUPER_TYPE"]; ok {
		_ = json.Unmarshal(s, &td.Super)
	}
	// keep feature order as in the file
	dec := json.NewDecoder(bytes.NewReader(raw))
	err := readObject(dec, func(key string) error {
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return err
		}
		if len(key) > 0 && key[0] == '%' {
			return nil
		}
		var fd struct {
			Range    string `json:"%RANGE"`
			Elem     string `json:"%ELEMENT_TYPE"`
			OldElem  string `json:"%ELEMENT"` // written by early versions of this package
			Multiple bool   `json:"%MULTIPLE_REFERENCES_ALLOWED"`
		}
		if err := json.Unmarshal(v, &fd); err != nil {
			return fmt.Errorf("type %q feature %q: %w", name, key, err)
		}
		if fd.Elem == "" {
			fd.Elem = fd.OldElem
		}
		td.Features = append(td.Features, FeatureDef{Name: key, Range: fd.Range, ElementType: fd.Elem, MultipleReferencesAllowed: fd.Multiple})
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("type %q: %w", name, err)
	}
	return td, nil
}

func readFS(dec *json.Decoder) (*FS, error) {
	f := &FS{ID: -1}
	err := readObject(dec, func(key string) error {
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return err
		}
		switch key {
		case "%ID":
			n, err := strictInt(v)
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
				return fmt.Errorf("%w: feature %q given twice", document.ErrPlacement, clip(key))
			}
			f.Features = append(f.Features, Feature{Name: key, Ref: ref, Value: v})
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
			return fmt.Errorf("%w: key %q given twice in one object", document.ErrPlacement, clip(key))
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
func WriteJSON(w io.Writer, c *CAS) error {
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

func typeDefJSON(t *TypeDef) json.RawMessage {
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
