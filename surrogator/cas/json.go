package cas

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
)

// ReadJSON decodes a UIMA JSON CAS (the format INCEpTION exports as "UIMA
// CAS JSON 0.4.0"). Feature order and values are kept.
func ReadJSON(data []byte) (*CAS, error) {
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
				var v struct {
					Sofa    *int  `json:"%SOFA"`
					Members []int `json:"%MEMBERS"`
				}
				if err := dec.Decode(&v); err != nil {
					return fmt.Errorf("view %q: %w", name, err)
				}
				view := &View{Name: name, Members: v.Members}
				if v.Sofa != nil {
					view.Sofa = *v.Sofa
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
	return c, nil
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
			n, err := strconv.Atoi(string(v))
			if err != nil {
				return fmt.Errorf("bad %%ID %s", truncate(v))
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

func truncate(b []byte) string {
	if len(b) > 20 {
		return string(b[:20]) + "…"
	}
	return string(b)
}

func readObject(dec *json.Decoder, each func(key string) error) error {
	t, err := dec.Token()
	if err != nil {
		return err
	}
	if d, ok := t.(json.Delim); !ok || d != '{' {
		return fmt.Errorf("expected object, got %v", t)
	}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return err
		}
		key, ok := t.(string)
		if !ok || key == "" {
			return fmt.Errorf("bad object key %v", t)
		}
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
		return fmt.Errorf("expected array, got %v", t)
	}
	for dec.More() {
		if err := each(); err != nil {
			return err
		}
	}
	_, err = dec.Token()
	return err
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
