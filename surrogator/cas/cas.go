package cas

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"unicode/utf16"
	"unicode/utf8"
)

// Well-known UIMA type names.
const (
	TypeSofa       = "uima.cas.Sofa"
	TypeAnnotation = "uima.tcas.Annotation"
	TypeDocMeta    = "de.tudarmstadt.ukp.dkpro.core.api.metadata.type.DocumentMetaData"
	InitialView    = "_InitialView"
)

// CAS is a set of feature structures with their type system and views.
type CAS struct {
	Types []*TypeDef
	FS    []*FS
	Views []*View
	mu    sync.Mutex // guards byID (built lazily for hand-made CASes)
	// byID indexes FS (a slice for dense ids: 8 bytes per feature
	// structure where a map took ≈ 40, 140 MB for the 3.4 million of a
	// 21 MB letter's token layer); it was built when FS had byIDN
	// elements.
	byID  *idIndex
	byIDN int
}

// TypeDef is one type of the type system.
type TypeDef struct {
	Name     string
	Super    string
	Features []FeatureDef
	// Raw is the type's JSON definition as read, written back unchanged
	// when present.
	Raw json.RawMessage
}

// FeatureDef describes one feature of a type.
type FeatureDef struct {
	Name                      string
	Range                     string
	ElementType               string
	MultipleReferencesAllowed bool
}

// FS is one feature structure.
type FS struct {
	ID       int
	Type     string
	Features []Feature
}

// Feature is one feature value of a feature structure.
type Feature struct {
	Name string
	// Ref marks a value that holds feature structure id(s) (JSON "@name").
	Ref bool
	// Value is the JSON encoding of the value.
	Value json.RawMessage
}

// View is a CAS view: its sofa and member feature structures.
type View struct {
	Name    string
	Sofa    int
	Members []int
}

// ShortName returns the part of a type name after its last dot.
func ShortName(typ string) string {
	if i := strings.LastIndexByte(typ, '.'); i >= 0 {
		return typ[i+1:]
	}
	return typ
}

// Get returns the named feature.
func (f *FS) Get(name string) (Feature, bool) {
	for _, ft := range f.Features {
		if ft.Name == name {
			return ft, true
		}
	}
	return Feature{}, false
}

// String returns a string feature's value ("" when absent or not a string).
func (f *FS) String(name string) string {
	ft, ok := f.Get(name)
	if !ok {
		return ""
	}
	var s string
	if json.Unmarshal(ft.Value, &s) != nil {
		return ""
	}
	return s
}

// Int returns an integer feature's value.
func (f *FS) Int(name string) (int, bool) {
	ft, ok := f.Get(name)
	if !ok || ft.Ref {
		return 0, false
	}
	n, err := strconv.Atoi(strings.TrimSpace(string(ft.Value)))
	if err != nil {
		return 0, false
	}
	return n, true
}

// RefID returns the id held by a single-valued reference feature.
func (f *FS) RefID(name string) (int, bool) {
	ft, ok := f.Get(name)
	if !ok || !ft.Ref {
		return 0, false
	}
	n, err := strconv.Atoi(strings.TrimSpace(string(ft.Value)))
	return n, err == nil
}

// Set sets (or adds) a feature value.
func (f *FS) Set(name string, ref bool, v json.RawMessage) {
	for i := range f.Features {
		if f.Features[i].Name == name {
			f.Features[i].Value = v
			f.Features[i].Ref = ref
			return
		}
	}
	f.Features = append(f.Features, Feature{Name: name, Ref: ref, Value: v})
}

// SetInt sets an integer feature.
func (f *FS) SetInt(name string, n int) { f.Set(name, false, json.RawMessage(strconv.Itoa(n))) }

// SetString sets a string feature (encoded as json.Marshal encodes it,
// without its reflection and buffer copies: a sofa is some 100 KB).
func (f *FS) SetString(name, s string) {
	f.Set(name, false, AppendJSONString(make([]byte, 0, len(s)+2), s))
}

// Clone returns a deep copy of f.
func (f *FS) Clone() *FS {
	n := &FS{ID: f.ID, Type: f.Type, Features: make([]Feature, len(f.Features))}
	for i, ft := range f.Features {
		ft.Value = append(json.RawMessage(nil), ft.Value...)
		n.Features[i] = ft
	}
	return n
}

// ByID returns the feature structure with the given id. It is safe for
// concurrent use as long as the CAS is not modified meanwhile.
func (c *CAS) ByID(id int) *FS {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.byID == nil || c.byIDN != len(c.FS) {
		c.reindex()
	}
	return c.byID.get(id)
}

func (c *CAS) reindex() {
	x := newIDIndex(c.FS)
	c.byID, c.byIDN = &x, len(c.FS)
}

// Type returns the type definition with the given name, or nil.
func (c *CAS) Type(name string) *TypeDef {
	for _, t := range c.Types {
		if t.Name == name {
			return t
		}
	}
	return nil
}

// NextID returns an id not yet used.
func (c *CAS) NextID() int {
	max := 0
	for _, f := range c.FS {
		if f.ID > max {
			max = f.ID
		}
	}
	return max + 1
}

// Add appends a feature structure to the CAS and, when view is non-nil, to
// the view's members.
func (c *CAS) Add(f *FS, view *View) {
	c.FS = append(c.FS, f)
	c.mu.Lock()
	if c.byID != nil && c.byIDN == len(c.FS)-1 {
		c.byID.set(f.ID, f)
		c.byIDN++
	}
	c.mu.Unlock()
	if view != nil {
		view.Members = append(view.Members, f.ID)
	}
}

// View returns the view with the given name, or nil.
func (c *CAS) View(name string) *View {
	for _, v := range c.Views {
		if v.Name == name {
			return v
		}
	}
	return nil
}

// MainSofa returns the sofa of the initial view (or the only sofa).
func (c *CAS) MainSofa() (*FS, error) {
	if v := c.View(InitialView); v != nil {
		if s := c.ByID(v.Sofa); s != nil && s.Type == TypeSofa {
			return s, nil
		}
	}
	var found *FS
	for _, f := range c.FS {
		if f.Type == TypeSofa {
			if found != nil {
				return nil, fmt.Errorf("cas: several sofas and no %s view", InitialView)
			}
			found = f
		}
	}
	if found == nil {
		return nil, fmt.Errorf("cas: no sofa")
	}
	return found, nil
}

// SofaText returns the sofa string of s.
func SofaText(s *FS) (string, error) {
	ft, ok := s.Get("sofaString")
	if !ok {
		return "", fmt.Errorf("cas: sofa %d has no sofaString", s.ID)
	}
	text, ok := jsonString(ft.Value)
	if !ok {
		return "", fmt.Errorf("cas: sofa %d: sofaString is not a string", s.ID)
	}
	return text, nil
}

// DecodeJSONString decodes the JSON string raw (with its quotes) into
// what json.Unmarshal makes of it, in one pass over the common case (see
// jsonString); ok is false where json.Unmarshal fails or raw is not a
// string.
func DecodeJSONString(raw []byte) (s string, ok bool) { return jsonString(raw) }

// jsonString decodes a JSON string as json.Unmarshal does. A valid UTF-8
// string whose escapes are the common ones (\n, \", \uXXXX with paired
// surrogates, …), as sofas are, is decoded here; anything else (raw
// control characters, bad escapes, lone surrogates, invalid UTF-8) goes
// to encoding/json, which decides.
func jsonString(raw []byte) (string, bool) {
	if s, ok := unquoteFast(raw); ok {
		return s, true
	}
	var text string
	if err := json.Unmarshal(raw, &text); err != nil {
		return "", false
	}
	return text, true
}

func unquoteFast(raw []byte) (string, bool) {
	if len(raw) < 2 || raw[0] != '"' || raw[len(raw)-1] != '"' {
		return "", false
	}
	body := raw[1 : len(raw)-1]
	esc := bytes.IndexByte(body, '\\')
	if esc < 0 {
		for _, c := range body {
			if c < 0x20 || c == '"' {
				return "", false
			}
		}
		if !utf8.Valid(body) {
			return "", false
		}
		return string(body), true
	}
	// the runs between escapes (a letter's lines) are checked and copied
	// whole into a Builder, whose String does not copy again
	var out strings.Builder
	out.Grow(len(body))
	for i := 0; i < len(body); {
		j := bytes.IndexByte(body[i:], '\\')
		if j < 0 {
			j = len(body)
		} else {
			j += i
		}
		for _, c := range body[i:j] {
			if c < 0x20 || c == '"' {
				return "", false
			}
		}
		out.Write(body[i:j])
		if i = j; i == len(body) {
			break
		}
		if i+1 >= len(body) {
			return "", false
		}
		switch body[i+1] {
		case '"', '\\', '/':
			out.WriteByte(body[i+1])
		case 'b':
			out.WriteByte('\b')
		case 'f':
			out.WriteByte('\f')
		case 'n':
			out.WriteByte('\n')
		case 'r':
			out.WriteByte('\r')
		case 't':
			out.WriteByte('\t')
		case 'u':
			r, ok := hex4(body[i+2:])
			if !ok {
				return "", false
			}
			i += 6
			if utf16.IsSurrogate(r) {
				// a pair, or encoding/json's replacement rules decide
				if i+1 >= len(body) || body[i] != '\\' || body[i+1] != 'u' {
					return "", false
				}
				r2, ok := hex4(body[i+2:])
				if !ok {
					return "", false
				}
				if r = utf16.DecodeRune(r, r2); r == utf8.RuneError {
					return "", false
				}
				i += 6
			}
			out.WriteRune(r)
			continue
		default:
			return "", false
		}
		i += 2
	}
	if !utf8.ValidString(out.String()) {
		return "", false
	}
	return out.String(), true
}

// hex4 reads four hex digits.
func hex4(b []byte) (rune, bool) {
	if len(b) < 4 {
		return 0, false
	}
	var r rune
	for _, c := range b[:4] {
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c && c <= 'f':
			c -= 'a' - 10
		case 'A' <= c && c <= 'F':
			c -= 'A' - 10
		default:
			return 0, false
		}
		r = r<<4 | rune(c)
	}
	return r, true
}

// IsAnnotationOn reports whether f is an annotation (has integer begin and
// end features) on the sofa with the given id. An annotation without a sofa
// reference counts as being on sofa when onlySofa is true.
func IsAnnotationOn(f *FS, sofa int, onlySofa bool) bool {
	if _, ok := f.Int("begin"); !ok {
		return false
	}
	if _, ok := f.Int("end"); !ok {
		return false
	}
	if id, ok := f.RefID("sofa"); ok {
		return id == sofa
	}
	return onlySofa
}

// Clone returns a deep copy of the CAS. The copies of the feature
// structures, of their feature lists and of their values are cut from
// three arrays (a letter has some 1,600 feature structures and 6,000
// values), each list and value with its capacity limited, so that a later
// Set or append copies as it does on FS.Clone's.
func (c *CAS) Clone() *CAS {
	n := &CAS{Types: c.Types}
	n.FS = make([]*FS, len(c.FS))
	nf, nv := 0, 0
	for _, f := range c.FS {
		nf += len(f.Features)
		for _, ft := range f.Features {
			nv += len(ft.Value)
		}
	}
	fss := make([]FS, len(c.FS))
	feats := make([]Feature, nf)
	vals := make([]byte, nv)
	for i, f := range c.FS {
		g := &fss[i]
		g.ID, g.Type = f.ID, f.Type
		k := len(f.Features)
		g.Features, feats = feats[:k:k], feats[k:]
		for j, ft := range f.Features {
			if k := len(ft.Value); k > 0 {
				ft.Value, vals = vals[:k:k], vals[k:]
				copy(ft.Value, f.Features[j].Value)
			} else {
				ft.Value = nil // as append(nil, empty...) gives
			}
			g.Features[j] = ft
		}
		n.FS[i] = g
	}
	n.Views = make([]*View, len(c.Views))
	for i, v := range c.Views {
		n.Views[i] = &View{Name: v.Name, Sofa: v.Sofa, Members: append([]int(nil), v.Members...)}
	}
	return n
}

// CountSofas returns how many sofa feature structures the CAS holds.
func (c *CAS) CountSofas() int {
	n := 0
	for _, f := range c.FS {
		if f.Type == TypeSofa {
			n++
		}
	}
	return n
}
