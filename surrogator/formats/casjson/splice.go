package casjson

import (
	"errors"
	"fmt"
	"slices"
	"strconv"

	"github.com/surrogator/surrogator/surrogator/cas"
	"github.com/surrogator/surrogator/surrogator/document"
)

// Original is the Layers of a document read by ReadOriginal: the input
// bytes and where new annotations go in them, for a writer that only adds
// feature structures (surrogator annotate). AppendAdded writes the input
// with them added, without decoding and encoding the CAS: the result
// decodes to the CAS that adding them to the decoded input and writing it
// with AppendCAS gives (TestAppendAddedEquivalent).
type Original struct {
	data  []byte
	types []*cas.TypeDef // shared with the Reader's cache: read-only
	lay   layout
	// maxID is the largest %ID, sofa the main sofa's id, phiType the type
	// of the first PHI annotation ("" when none)
	maxID   int
	sofa    int
	phiType string
}

// errOriginalRebase: an Original is the input as read, for adding to it.
var errOriginalRebase = errors.New("casjson: a document read with ReadOriginal cannot be re-based (read it with Read)")

// Rebase implements document.Layers; an Original cannot be re-based.
func (o *Original) Rebase(_, _ string, _ *document.Mapping) (document.Layers, error) {
	return nil, errOriginalRebase
}

// Types returns the document's type definitions (read-only: they may be
// shared with other documents).
func (o *Original) Types() []*cas.TypeDef { return o.types }

// Sofa returns the id of the main sofa (the document's text).
func (o *Original) Sofa() int { return o.sofa }

// NextID returns an id that no feature structure has (the largest + 1,
// as cas.CAS.NextID).
func (o *Original) NextID() int { return o.maxID + 1 }

// PHIType returns the type of the first PHI annotation in document order,
// or "".
func (o *Original) PHIType() string { return o.phiType }

// ReadOriginal is ReadPHI (the same documents accepted and refused, with
// the same name, text and spans) with Layers set to an *Original that
// holds data, which the caller must not change while it is used.
func (rd *Reader) ReadOriginal(data []byte, cfg cas.PHIConfig) (*document.Document, error) {
	lay := newLayout()
	d, l, types, err := rd.readPHIAt(data, cfg, false, lay)
	if err != nil {
		return nil, err
	}
	for i, v := range l.views {
		lay.views[i].sofa = v.Sofa
	}
	d.Layers = &Original{data: data, types: types, lay: *lay, maxID: l.maxID, sofa: l.mainID, phiType: l.phiType}
	return d, nil
}

// layout records where a document's sections are (offsets into its data).
type layout struct {
	// typesAt is the "%TYPES" value's range ({-1, -1}: none)
	typesAt [2]int
	// fsClose is the offset of the ']' closing "%FEATURE_STRUCTURES"
	fsClose int
	views   []viewAt
	// pending is the "%MEMBERS" of the view being read
	pending viewAt
}

// viewAt is where a view's members end.
type viewAt struct {
	// close is the offset of the '}' closing the view; membersClose of
	// the ']' closing its "%MEMBERS" (-1: none), which hold n ids; sofa
	// is its %SOFA
	close, membersClose, n, sofa int
}

func newLayout() *layout {
	return &layout{typesAt: [2]int{-1, -1}, fsClose: -1, pending: viewAt{membersClose: -1}}
}

// at returns the offset of the next token.
func (l *layout) at(dec tokenizer) int {
	s := dec.(*scanner)
	s.PeekKind()
	return s.pos
}

// types records the start of the "%TYPES" value and returns the function
// that records its end once it is read.
func (l *layout) types(dec tokenizer) func() {
	start := l.at(dec)
	return func() { l.typesAt = [2]int{start, dec.(*scanner).pos} }
}

// members records the end of the current view's "%MEMBERS" (n ids).
func (l *layout) members(dec tokenizer, n int) {
	l.pending.membersClose, l.pending.n = l.at(dec), n
}

// view records the end of the view just read.
func (l *layout) view(dec tokenizer) {
	v := l.pending
	v.close = dec.(*scanner).pos - 1
	l.views = append(l.views, v)
	l.pending = viewAt{membersClose: -1}
}

// AppendAdded appends to dst the document o was read from with these
// changes, each an insertion into the input: defs declared (a type the
// input declares gets the features of its def that it lacks, appended to
// its definition; another is added after the input's types), fss added
// after the input's feature structures (in order, with their ids), and
// their ids added to the members of the first view of the main sofa (when
// there is one).
func (o *Original) AppendAdded(dst []byte, defs []*cas.TypeDef, fss []*cas.FS) ([]byte, error) {
	type ins struct {
		at   int
		text []byte
	}
	var all []ins
	// the types
	if len(defs) > 0 {
		var entries []byte
		ts := o.lay.typesAt
		for _, def := range defs {
			old := o.typeDef(def.Name)
			if old == nil {
				if len(entries) > 0 || (ts[0] >= 0 && !emptyObject(o.data[ts[0]:ts[1]])) {
					entries = append(entries, ',')
				}
				entries = appendString(entries, def.Name)
				entries = append(entries, ':')
				entries = append(entries, typeDefJSON(def)...)
				continue
			}
			var feats []byte
			for _, fd := range def.Features {
				if hasFeature(old, fd.Name) {
					continue
				}
				feats = append(feats, ',')
				feats = appendFeatureDef(feats, fd)
			}
			if len(feats) == 0 {
				continue
			}
			end, err := o.typeClose(def.Name)
			if err != nil {
				return nil, err
			}
			all = append(all, ins{end, feats})
		}
		if len(entries) > 0 {
			if ts[0] < 0 {
				// no "%TYPES": one at the start of the CAS object
				all = append(all, ins{o.objectStart(), append(append([]byte(`"%TYPES":{`), entries...), "},"...)})
			} else {
				all = append(all, ins{ts[1] - 1, entries})
			}
		}
	}
	// the feature structures and the view's members
	if len(fss) > 0 {
		var b []byte
		kc := keyCaches.Get().(*keyCache)
		for _, f := range fss {
			b = append(b, ",\n    {\"%ID\" : "...)
			b = strconv.AppendInt(b, int64(f.ID), 10)
			b = kc.appendFS(b, f)
			b = append(b, '}')
		}
		kc.release()
		all = append(all, ins{o.lay.fsClose, b})
		if v := o.mainView(); v != nil {
			var m []byte
			if v.membersClose < 0 {
				m = append(m, `,"%MEMBERS":[`...)
			}
			for i, f := range fss {
				if i > 0 || v.n > 0 {
					m = append(m, ',')
				}
				m = strconv.AppendInt(m, int64(f.ID), 10)
			}
			if v.membersClose < 0 {
				all = append(all, ins{v.close, append(m, ']')})
			} else {
				all = append(all, ins{v.membersClose, m})
			}
		}
	}
	// the insertions in input order (their offsets differ: each section
	// holds one)
	for i := 1; i < len(all); i++ {
		for j := i; j > 0 && all[j].at < all[j-1].at; j-- {
			all[j], all[j-1] = all[j-1], all[j]
		}
	}
	n := len(o.data)
	for _, in := range all {
		n += len(in.text)
	}
	dst = slices.Grow(dst, n)
	last := 0
	for _, in := range all {
		dst = append(dst, o.data[last:in.at]...)
		dst = append(dst, in.text...)
		last = in.at
	}
	return append(dst, o.data[last:]...), nil
}

// mainView returns the layout of the first view of the main sofa, or nil.
func (o *Original) mainView() *viewAt {
	for i := range o.lay.views {
		if o.lay.views[i].sofa == o.sofa {
			return &o.lay.views[i]
		}
	}
	return nil
}

// typeDef returns the input's definition of the named type, or nil.
func (o *Original) typeDef(name string) *cas.TypeDef {
	for _, t := range o.types {
		if t.Name == name {
			return t
		}
	}
	return nil
}

func hasFeature(t *cas.TypeDef, name string) bool {
	for _, f := range t.Features {
		if f.Name == name {
			return true
		}
	}
	return false
}

// typeClose returns the offset of the '}' closing the named type's
// definition in "%TYPES" (the input was read: it is valid).
func (o *Original) typeClose(name string) (int, error) {
	ts := o.lay.typesAt
	if ts[0] < 0 {
		return 0, fmt.Errorf("casjson: internal error: no %%TYPES")
	}
	s := &scanner{data: o.data[:ts[1]], pos: ts[0]}
	r := &reader{data: s.data, names: map[string]string{}, dec: s}
	at := -1
	err := r.object(false, func(key string) error {
		_, end, err := s.ReadValue()
		if err == nil && key == name {
			at = end - 1
		}
		return err
	})
	if err != nil || at < 0 || o.data[at] != '}' {
		return 0, fmt.Errorf("casjson: internal error: type definition not found")
	}
	return at, nil
}

// objectStart returns the offset after the '{' opening the CAS object.
func (o *Original) objectStart() int {
	s := &scanner{data: o.data}
	s.PeekKind()
	return s.pos + 1
}

func emptyObject(raw []byte) bool {
	for _, c := range raw[1 : len(raw)-1] {
		if !isSpace(c) {
			return false
		}
	}
	return true
}

// appendFeatureDef appends a feature definition's member of a type
// definition, as typeDefJSON writes it.
func appendFeatureDef(b []byte, f cas.FeatureDef) []byte {
	b = appendString(b, f.Name)
	b = append(b, `:{"%NAME":`...)
	b = appendString(b, f.Name)
	b = append(b, `,"%RANGE":`...)
	b = appendString(b, f.Range)
	if f.ElementType != "" {
		b = append(b, `,"%ELEMENT_TYPE":`...)
		b = appendString(b, f.ElementType)
	}
	if f.MultipleReferencesAllowed {
		b = append(b, `,"%MULTIPLE_REFERENCES_ALLOWED":true`...)
	}
	return append(b, '}')
}
