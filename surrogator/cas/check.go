package cas

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/surrogator/surrogator/surrogator/document"
)

// StrictInt decodes a JSON integer that fits an int. Errors name the
// value's kind, never the value.
func StrictInt(raw []byte) (int, error) {
	if n, ok := plainInt(raw); ok {
		return n, nil
	}
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

// plainInt decodes the common case of a JSON integer quickly: up to nine
// digits without a sign, white space or leading zero. ok is false for
// anything else, which the callers decode in full.
func plainInt(raw []byte) (n int, ok bool) {
	if len(raw) == 0 || len(raw) > 9 || (raw[0] == '0' && len(raw) > 1) {
		return 0, false
	}
	for _, c := range raw {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}

func strictInt(raw json.RawMessage) (int, error) { return StrictInt(raw) }

// CheckRefs verifies that every view names a sofa and lists existing
// feature structures, and that every "sofa" feature references a sofa.
// Codecs call it after decoding; errors name ids, never text.
func (c *CAS) CheckRefs() error {
	byID := newIDIndex(c.FS)
	isSofa := func(id int) bool {
		s := byID.get(id)
		return s != nil && s.Type == TypeSofa
	}
	if err := CheckViewRefs(c.Views, func(id int) bool { return byID.get(id) != nil }, isSofa); err != nil {
		return err
	}
	for _, f := range c.FS {
		if err := CheckSofaRef(f, isSofa); err != nil {
			return err
		}
	}
	return nil
}

// CheckViewRefs is the views' part of CheckRefs: exists and isSofa tell
// whether an id names a feature structure and a sofa.
func CheckViewRefs(views []*View, exists, isSofa func(id int) bool) error {
	for _, v := range views {
		if !isSofa(v.Sofa) {
			return fmt.Errorf("view %q: %%SOFA %d names no sofa", Clip(v.Name), v.Sofa)
		}
		for _, m := range v.Members {
			if !exists(m) {
				return fmt.Errorf("view %q: member %d is not a feature structure", Clip(v.Name), m)
			}
		}
	}
	return nil
}

// CheckSofaRef is CheckRefs for one feature structure: a "sofa" feature of
// f (a sofa excepted) must be a reference to an id isSofa accepts.
func CheckSofaRef(f *FS, isSofa func(id int) bool) error {
	ft, ok := f.Get("sofa")
	if !ok || f.Type == TypeSofa {
		return nil
	}
	if !ft.Ref {
		return fmt.Errorf("%s: sofa is not a reference", where(f))
	}
	n, err := strictInt(ft.Value)
	if err != nil {
		return fmt.Errorf("%s: sofa reference: %w", where(f), err)
	}
	if !isSofa(n) {
		return fmt.Errorf("%s: sofa reference %d names no sofa", where(f), n)
	}
	return nil
}

// Clip shortens a name (a view, feature or key name) for an error message.
func Clip(s string) string {
	if len(s) > 60 {
		return s[:60] + "…"
	}
	return s
}

// ParseTypeDef parses one entry of "%TYPES": the type's JSON definition,
// kept as Raw, with its super type and features in file order.
func ParseTypeDef(name string, raw json.RawMessage) (*TypeDef, error) {
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
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil, fmt.Errorf("type %q: not an object", name)
	}
	seen := map[string]bool{}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return nil, fmt.Errorf("type %q: %w", name, err)
		}
		key, _ := t.(string)
		if key == "" {
			return nil, fmt.Errorf("type %q: empty object key", name)
		}
		if seen[key] {
			return nil, fmt.Errorf("type %q: %w: key %q given twice in one object", name, document.ErrPlacement, Clip(key))
		}
		seen[key] = true
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, fmt.Errorf("type %q: %w", name, err)
		}
		if len(key) > 0 && key[0] == '%' {
			continue
		}
		var fd struct {
			Range    string `json:"%RANGE"`
			Elem     string `json:"%ELEMENT_TYPE"`
			OldElem  string `json:"%ELEMENT"` // written by early versions of this package
			Multiple bool   `json:"%MULTIPLE_REFERENCES_ALLOWED"`
		}
		if err := json.Unmarshal(v, &fd); err != nil {
			return nil, fmt.Errorf("type %q feature %q: %w", name, key, err)
		}
		if fd.Elem == "" {
			fd.Elem = fd.OldElem
		}
		td.Features = append(td.Features, FeatureDef{Name: key, Range: fd.Range, ElementType: fd.Elem, MultipleReferencesAllowed: fd.Multiple})
	}
	return td, nil
}

// idIndex finds feature structures by id: a slice when ids are dense (as
// they are in exported CASes), else a map.
type idIndex struct {
	dense  []*FS
	sparse map[int]*FS
}

func newIDIndex(fs []*FS) idIndex {
	maxID, minID := 0, 0
	for _, f := range fs {
		maxID, minID = max(maxID, f.ID), min(minID, f.ID)
	}
	if minID >= 0 && maxID < 4*len(fs)+64 {
		d := make([]*FS, maxID+1)
		for _, f := range fs {
			d[f.ID] = f
		}
		return idIndex{dense: d}
	}
	m := make(map[int]*FS, len(fs))
	for _, f := range fs {
		m[f.ID] = f
	}
	return idIndex{sparse: m}
}

func (x idIndex) get(id int) *FS {
	if x.dense != nil {
		if id < 0 || id >= len(x.dense) {
			return nil
		}
		return x.dense[id]
	}
	return x.sparse[id]
}

// set indexes f under id (the last one given an id wins, as in
// newIDIndex): the slice grows while ids stay dense, else the index
// becomes a map.
func (x *idIndex) set(id int, f *FS) {
	switch {
	case x.sparse != nil:
		x.sparse[id] = f
	case id >= 0 && id < len(x.dense):
		x.dense[id] = f
	case id >= 0 && id < 4*len(x.dense)+64:
		x.dense = append(x.dense, make([]*FS, id+1-len(x.dense))...)
		x.dense[id] = f
	default:
		m := make(map[int]*FS, len(x.dense)+1)
		for i, g := range x.dense {
			if g != nil {
				m[i] = g
			}
		}
		m[id] = f
		x.dense, x.sparse = nil, m
	}
}
