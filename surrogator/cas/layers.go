package cas

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/surrogator/surrogator/surrogator/document"
)

// PHIConfig names the PHI layer: the annotation type and its label feature.
// The zero value selects any type whose short name is "PHI" (e.g.
// webanno.custom.PHI, custom.PHI) with the feature "kind".
type PHIConfig struct {
	// Type is a full type name, or a short name matched after the last dot.
	Type string
	// Feature is the label feature (default "kind").
	Feature string
}

func (p PHIConfig) feature() string {
	if p.Feature == "" {
		return "kind"
	}
	return p.Feature
}

// Match reports whether typ is the PHI type: the full name, a short name
// (after the last dot), or a dotted suffix on a name boundary.
func (p PHIConfig) Match(typ string) bool {
	want := p.Type
	if want == "" {
		want = "PHI"
	}
	if typ == want {
		return true
	}
	if !strings.Contains(want, ".") {
		return ShortName(typ) == want
	}
	// a dotted suffix on a name boundary: custom.PHI names webanno.custom.PHI
	return strings.HasSuffix(typ, "."+want)
}

// Layers adapts a CAS to document.Layers. Sofa is the id of the sofa whose
// text the document holds.
type Layers struct {
	CAS  *CAS
	Sofa int

	// onSofa caches, for Rebase, the placement Extract computed of the
	// annotations on Sofa (valid while CAS is the one it was computed
	// for and its offsets are not changed: SetLabel changes labels
	// only), and onSofaAt their indexes in CAS.FS. RebaseInPlace takes
	// onSofa over as its work list: one copy less of a placement that
	// takes 48 bytes an annotation (165 MB for a 21 MB letter's token
	// layer).
	onSofa   []placed
	onSofaAt []int
	of       *CAS
	// sofaRaw is the main sofa's "sofaString" value Extract decoded into
	// text: while the sofa still holds that very slice, rebase need not
	// decode it again to check it
	sofaRaw []byte
	text    string
}

// Extracted is what ToDocument reads from a CAS.
type Extracted struct {
	Text   string
	Spans  []document.Span
	Layers *Layers
	// DocumentTitle is DocumentMetaData.documentTitle when present.
	DocumentTitle string
}

// Extract reads the main sofa text and the PHI spans of a CAS, converting
// UTF-16 offsets to byte offsets. Every PHI annotation is placed exactly or
// the CAS is refused: a PHI annotation must have begin and end as JSON
// integers with 0 <= begin <= end <= the sofa's length in UTF-16 code units,
// neither splitting a surrogate pair, and must lie on the main sofa (its
// "sofa" reference, else the view listing it, else the only sofa); its label
// feature must be a string when present (empty or unknown labels are wrong
// annotations, reported by QC). Every other annotation (any feature
// structure with begin or end) is held to the same offset rules on its own
// sofa, so that re-basing never leaves a stale offset behind. Errors name
// the annotation by id and never hold document text.
func Extract(c *CAS, cfg PHIConfig) (*Extracted, error) {
	sofa, err := c.MainSofa()
	if err != nil {
		return nil, err
	}
	text, err := SofaText(sofa)
	if err != nil {
		return nil, err
	}
	p := newPlacement(c)
	p.setSofaText(sofa.ID, sofa, text)
	ex := &Extracted{Text: text, Layers: &Layers{CAS: c, Sofa: sofa.ID}}
	ex.Layers.of = c
	if ft, ok := sofa.Get("sofaString"); ok {
		ex.Layers.sofaRaw, ex.Layers.text = ft.Value, text
	}
	// nearly every feature structure of a letter is an annotation on it
	ex.Layers.onSofa = make([]placed, 0, len(c.FS))
	ex.Layers.onSofaAt = make([]int, 0, len(c.FS))
	var pl placed
	var span document.Span
	for i, f := range c.FS {
		if f.Type == TypeDocMeta && ex.DocumentTitle == "" {
			ex.DocumentTitle = f.String("documentTitle")
		}
		isAnn, isPHI, err := p.extractStep(f, sofa.ID, cfg, &pl, &span)
		if err != nil {
			return nil, err
		}
		if isAnn && pl.sofa == sofa.ID {
			ex.Layers.onSofa = append(ex.Layers.onSofa, placed{fs: f, sofa: sofa.ID, b16: pl.b16, e16: pl.e16, b: pl.b, e: pl.e})
			ex.Layers.onSofaAt = append(ex.Layers.onSofaAt, i)
		}
		if isPHI {
			ex.Spans = append(ex.Spans, span)
		}
	}
	return ex, nil
}

// Rebase implements document.Layers: it returns a copy of the CAS whose sofa
// holds newText and whose annotations on that sofa are mapped through m.
// Tokens overlapping a replacement are replaced by tokens of the surrogate
// (document.Tokenize) and sentences that a replacement joins are merged
// into one, so that no token holds white space or shares a range and every
// token lies inside one sentence (see CheckSegments).
func (l *Layers) Rebase(oldText, newText string, m *document.Mapping) (document.Layers, error) {
	return l.rebase(l.CAS.Clone(), oldText, newText, m)
}

// RebaseInPlace is Rebase without the copy: the CAS of l becomes the
// re-based one (also when it fails part way), and l must not be used
// afterwards. It implements document.InPlaceLayers.
func (l *Layers) RebaseInPlace(oldText, newText string, m *document.Mapping) (document.Layers, error) {
	nl, err := l.rebase(l.CAS, oldText, newText, m)
	l.CAS, l.of, l.onSofa, l.onSofaAt, l.sofaRaw, l.text = nil, nil, nil, nil, nil, "" // the CAS is nl's now; the old text goes
	return nl, err
}

// rebase re-bases c, which is l.CAS or a clone of it (the same feature
// structures in the same order).
func (l *Layers) rebase(c *CAS, oldText, newText string, m *document.Mapping) (document.Layers, error) {
	sofa := c.ByID(l.Sofa)
	if sofa == nil || sofa.Type != TypeSofa {
		return nil, fmt.Errorf("cas: rebase: sofa %d not found", l.Sofa)
	} else if t, err := l.sofaText(sofa); err != nil || t != oldText {
		return nil, fmt.Errorf("cas: rebase: the sofa does not hold the text being replaced")
	}
	var todo []placed
	switch {
	case l.placedStill() && c == l.CAS:
		// placed by Extract, re-based in place (RebaseInPlace, after
		// which l is not used): the placement is the work list
		todo = l.onSofa
		l.onSofa, l.onSofaAt = nil, nil
	case l.placedStill():
		// placed by Extract: the clone's feature structures in the same order
		todo = make([]placed, len(l.onSofa))
		for k, a := range l.onSofa {
			a.fs = c.FS[l.onSofaAt[k]]
			todo[k] = a
		}
	default:
		p := newPlacement(c)
		for _, f := range c.FS {
			pl, isAnn, err := p.place(f)
			if err != nil {
				return nil, fmt.Errorf("cas: rebase: %w", err)
			}
			if isAnn && pl.sofa == l.Sofa {
				todo = append(todo, pl)
			}
		}
	}
	newIx := document.NewIndex(newText)
	rt := segmentLayers(c, todo, newText, m)
	slab := newIntSlab(2*len(todo), newIx.Len16())
	cur := newIx.Cursor()
	// the maps are keyed by id: with distinct ids an annotation is looked
	// up only in those that can hold its kind
	kinds := rt.kinds
	if kinds != nil && !distinctIDs(todo) {
		kinds = nil
	}
	for k, pl := range todo {
		id := pl.fs.ID
		kind := kindOther
		if kinds != nil {
			kind = kinds[k]
		}
		all := kinds == nil
		if (all || kind != kindOther) && rt.removed[id] {
			continue
		}
		var p [2]int
		ok := false
		if all || kind == kindToken {
			p, ok = rt.pos[id]
		}
		nb, ne := p[0], p[1]
		if !ok {
			b, e := pl.b, pl.e
			sent := all || kind == kindSentence
			if sent {
				if u, ok := rt.span[id]; ok {
					b, e = u[0], u[1]
				}
			}
			nb, ne = m.Span(b, e)
			if sent {
				if cv, ok := rt.cover[id]; ok {
					nb, ne = min(nb, cv[0]), max(ne, cv[1])
				}
			}
		}
		pl.fs.Set("begin", false, slab.value(cur.ToUTF16(nb)))
		pl.fs.Set("end", false, slab.value(cur.ToUTF16(ne)))
	}
	for _, ex := range rt.extra {
		for _, f := range ex {
			p := rt.pos[f.ID]
			f.Set("begin", false, slab.value(cur.ToUTF16(p[0])))
			f.Set("end", false, slab.value(cur.ToUTF16(p[1])))
		}
	}
	if applySegments(c, rt) {
		// the feature structures changed: the sofa is the one with its id
		// that ByID, re-indexing them, would now give (the last one)
		// without building the index
		sofa = nil
		for _, f := range c.FS {
			if f.ID == l.Sofa {
				sofa = f
			}
		}
	}
	sofa.SetString("sofaString", newText)
	return &Layers{CAS: c, Sofa: l.Sofa}, nil
}

// distinctIDs reports whether the annotations of todo have distinct ids
// (as every CAS a reader returns has); false also when an id is too big
// to check cheaply.
func distinctIDs(todo []placed) bool {
	hi := 0
	for _, pl := range todo {
		if pl.fs.ID < 0 || pl.fs.ID >= 1<<22 {
			return false
		}
		hi = max(hi, pl.fs.ID)
	}
	seen := make([]uint64, hi/64+1)
	for _, pl := range todo {
		w, bit := pl.fs.ID/64, uint64(1)<<(pl.fs.ID%64)
		if seen[w]&bit != 0 {
			return false
		}
		seen[w] |= bit
	}
	return true
}

// intSlab holds the JSON encodings of re-based offsets: one allocation
// for a document's some 3,000 begin and end values instead of two each
// (strconv.Itoa and the conversion to json.RawMessage). Each value is cut
// off with its capacity limited, so that appending to one copies.
type intSlab struct{ b []byte }

// newIntSlab makes room for n values of at most max (and the headroom
// value keeps).
func newIntSlab(n, max int) *intSlab {
	digits := len(strconv.Itoa(max))
	return &intSlab{b: make([]byte, 0, n*digits+20)}
}

// value returns the JSON encoding of v (as strconv.Itoa gives it).
func (s *intSlab) value(v int) json.RawMessage {
	if cap(s.b)-len(s.b) < 20 {
		s.b = make([]byte, 0, 1024)
	}
	i := len(s.b)
	s.b = strconv.AppendInt(s.b, int64(v), 10)
	return s.b[i:len(s.b):len(s.b)]
}

// sofaText is SofaText(sofa), without decoding when sofa holds the very
// value Extract decoded (values are not changed in place: they alias the
// data read, which the caller must not change).
func (l *Layers) sofaText(sofa *FS) (string, error) {
	if ft, ok := sofa.Get("sofaString"); ok && len(ft.Value) > 0 && len(ft.Value) == len(l.sofaRaw) && &ft.Value[0] == &l.sofaRaw[0] {
		return l.text, nil
	}
	return SofaText(sofa)
}

// placedStill reports whether Extract's placement still describes CAS:
// the same CAS, every placed annotation still at its index.
func (l *Layers) placedStill() bool {
	if l.of == nil || l.of != l.CAS {
		return false
	}
	if len(l.onSofaAt) != len(l.onSofa) {
		return false
	}
	for k, a := range l.onSofa {
		if i := l.onSofaAt[k]; i >= len(l.CAS.FS) || l.CAS.FS[i] != a.fs {
			return false
		}
	}
	return true
}

// SetLabel sets the PHI label feature of the annotation with id ref.
func (l *Layers) SetLabel(ref int, cfg PHIConfig, label string) {
	if f := l.CAS.ByID(ref); f != nil && cfg.Match(f.Type) {
		f.SetString(cfg.feature(), label)
	}
}

// DefaultPHIType is the PHI type used when a CAS is synthesised.
const DefaultPHIType = "webanno.custom.PHI"

// FromText synthesises a minimal CAS (sofa, DocumentMetaData and one PHI
// annotation per span) for a document read from a source without a CAS
// (BRAT, JSON Lines). Span offsets are byte offsets into text. It returns
// the Layers and the PHI feature structure id of each span.
func FromText(text, title string, spans []document.Span) (*Layers, []int) {
	ix := document.NewIndex(text)
	c := &CAS{}
	c.Types = []*TypeDef{
		{Name: DefaultPHIType, Super: TypeAnnotation, Features: []FeatureDef{{Name: "kind", Range: "uima.cas.String"}}},
		{Name: TypeDocMeta, Super: TypeAnnotation, Features: []FeatureDef{
			{Name: "documentTitle", Range: "uima.cas.String"},
			{Name: "documentId", Range: "uima.cas.String"},
		}},
	}
	view := &View{Name: InitialView, Sofa: 1}
	c.Views = []*View{view}
	sofa := &FS{ID: 1, Type: TypeSofa}
	sofa.SetInt("sofaNum", 1)
	sofa.SetString("sofaID", InitialView)
	sofa.SetString("mimeType", "text")
	sofa.SetString("sofaString", text)
	c.Add(sofa, nil)
	meta := &FS{ID: 2, Type: TypeDocMeta}
	meta.Set("sofa", true, json.RawMessage("1"))
	meta.SetInt("begin", 0)
	meta.SetInt("end", ix.Len16())
	meta.SetString("documentTitle", title)
	c.Add(meta, view)
	ids := make([]int, len(spans))
	for i, s := range spans {
		f := &FS{ID: 3 + i, Type: DefaultPHIType}
		f.Set("sofa", true, json.RawMessage("1"))
		f.SetInt("begin", ix.ToUTF16(s.Begin))
		f.SetInt("end", ix.ToUTF16(s.End))
		label := s.Label
		if label == "" {
			label = string(s.Kind)
		}
		f.SetString("kind", label)
		c.Add(f, view)
		ids[i] = f.ID
	}
	return &Layers{CAS: c, Sofa: 1}, ids
}
