package cas

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/surrogator/surrogator/surrogator/document"
)

// placed is one annotation whose offsets were validated against its sofa.
type placed struct {
	fs *FS
	// sofa is the id of the annotation's sofa.
	sofa int
	// b16 and e16 are the UTF-16 offsets; b and e the byte offsets into
	// the sofa text (-1 when the sofa has no text, e.g. a sofaURI).
	b16, e16 int
	b, e     int
}

// placement validates every annotation of a CAS. An annotation is a
// feature structure with a begin or an end feature (the sofa itself
// excepted). Both must then be JSON integers, 0 <= begin <= end <= the
// length of the sofa text in UTF-16 code units, neither splitting a
// surrogate pair; the sofa is named by a "sofa" reference to a cas:Sofa, or
// else by the view(s) listing the annotation, or else is the only sofa.
// Errors name the annotation by id and never hold text.
type placement struct {
	// sofas holds the sofa feature structures by id: the only ones a
	// reference or a view resolves to.
	sofas map[int]*FS
	views []*View
	// viewOf maps an FS id to the sofa ids of the views listing it; built
	// when an annotation without a sofa reference first needs it.
	viewOf map[int][]int
	index  map[int]*document.Index
	// last is the sofa most recently added: the only sofa when nSofa is 1.
	last, nSofa int
	// ix is the index of sofa lastIx (-1: none), the last one looked up
	lastIx int
	ix     *document.Index
	// cur converts offsets on ix: the annotations of a layer mostly
	// follow each other through the text
	cur document.Cursor
	// the last PHIConfig.Match asked and its answer (see match)
	matchCfg  PHIConfig
	matchType string
	matchOK   bool
	matchSet  bool
}

func newPlacement(c *CAS) *placement {
	p := &placement{sofas: map[int]*FS{}, index: map[int]*document.Index{}, views: c.Views, lastIx: -1}
	for _, f := range c.FS {
		if f.Type == TypeSofa {
			p.addSofa(f)
		}
	}
	return p
}

// addSofa adds a sofa feature structure (ids are unique: the readers
// refuse a duplicate %ID).
func (p *placement) addSofa(f *FS) {
	p.sofas[f.ID] = f
	p.last = f.ID
	p.nSofa++
}

// viewsOf returns the sofa ids of the views listing id.
func (p *placement) viewsOf(id int) []int {
	if p.viewOf == nil {
		p.viewOf = map[int][]int{}
		for _, v := range p.views {
			for _, m := range v.Members {
				if s := p.viewOf[m]; len(s) == 0 || s[len(s)-1] != v.Sofa {
					p.viewOf[m] = append(s, v.Sofa)
				}
			}
		}
	}
	return p.viewOf[id]
}

// where names an annotation in errors: its id and short type name.
func where(f *FS) string {
	return fmt.Sprintf("annotation %d (%s)", f.ID, ShortName(f.Type))
}

// offsetAt reads begin or end, the feature at index i of f (-1: absent):
// a JSON integer that fits an int.
func offsetAt(f *FS, name string, i int) (int, bool, error) {
	if i < 0 {
		return 0, false, nil
	}
	ft := f.Features[i]
	if ft.Ref {
		return 0, true, fmt.Errorf("%s: %s is a reference, not an integer", where(f), name)
	}
	if n, ok := plainInt(ft.Value); ok {
		return n, true, nil
	}
	v := strings.TrimSpace(string(ft.Value))
	if !isJSONInteger(v) {
		kind := jsonKind(v)
		if kind == "a number" {
			kind = "a non-integer number"
		}
		return 0, true, fmt.Errorf("%s: %s is %s, not an integer", where(f), name, kind)
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return 0, true, fmt.Errorf("%s: %s is out of the integer range", where(f), name)
	}
	return n, true, nil
}

// isJSONInteger reports whether v is a JSON number without fraction or
// exponent.
func isJSONInteger(v string) bool {
	s := strings.TrimPrefix(v, "-")
	if s == "" || (len(s) > 1 && s[0] == '0') {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// jsonKind names the kind of a JSON value for an error message (never the
// value itself).
func jsonKind(v string) string {
	switch {
	case v == "":
		return "empty"
	case v == "null":
		return "null"
	case v == "true" || v == "false":
		return "a boolean"
	case v[0] == '"':
		return "a string"
	case v[0] == '[':
		return "an array"
	case v[0] == '{':
		return "an object"
	case v[0] == '-' || (v[0] >= '0' && v[0] <= '9'):
		return "a number"
	}
	return "not a JSON value"
}

// sofaOf returns the sofa id an annotation refers to; si is the index of
// its "sofa" feature (-1: none).
func (p *placement) sofaOf(f *FS, si int) (int, error) {
	if si >= 0 {
		ft := f.Features[si]
		if !ft.Ref {
			return 0, fmt.Errorf("%s: sofa is not a reference", where(f))
		}
		id, ok := plainInt(ft.Value)
		if !ok {
			v := strings.TrimSpace(string(ft.Value))
			n, err := strconv.Atoi(v)
			if err != nil || !isJSONInteger(v) {
				return 0, fmt.Errorf("%s: sofa reference is %s, not an id", where(f), jsonKind(v))
			}
			id = n
		}
		if id != p.lastIx && p.sofas[id] == nil {
			return 0, fmt.Errorf("%s: sofa reference %d names no sofa", where(f), id)
		}
		return id, nil
	}
	switch vs := p.viewsOf(f.ID); {
	case len(vs) == 1:
		return vs[0], nil
	case len(vs) > 1:
		return 0, fmt.Errorf("%s: no sofa reference and listed in views of %d sofas", where(f), len(vs))
	case p.nSofa == 1:
		return p.last, nil
	}
	return 0, fmt.Errorf("%s: no sofa reference, in no view, and the CAS has several sofas", where(f))
}

// setSofaText gives the placement the text of sofa id, decoded already by
// the caller from that sofa feature structure (SofaText), so that it is
// not decoded again.
func (p *placement) setSofaText(id int, s *FS, text string) {
	if p.sofas[id] != s {
		return
	}
	p.setSofaIndex(id, s, document.NewIndex(text))
}

// setSofaIndex is setSofaText with the text's index made by the caller.
func (p *placement) setSofaIndex(id int, s *FS, ix *document.Index) {
	if p.sofas[id] != s {
		return
	}
	p.index[id] = ix
	p.lastIx, p.ix, p.cur = id, ix, ix.Cursor()
}

// sofaIndex returns the offset index of a sofa's text; ok is false when the
// sofa holds no text (sofaURI or sofaArray).
func (p *placement) sofaIndex(id int) (*document.Index, bool, error) {
	if id == p.lastIx {
		return p.ix, p.ix != nil, nil
	}
	if ix, ok := p.index[id]; ok {
		p.lastIx, p.ix = id, ix
		if ix != nil {
			p.cur = ix.Cursor()
		}
		return ix, ix != nil, nil
	}
	s := p.sofas[id]
	if _, has := s.Get("sofaString"); !has {
		p.index[id] = nil
		p.lastIx, p.ix = id, nil
		return nil, false, nil
	}
	text, err := SofaText(s)
	if err != nil {
		return nil, false, err
	}
	ix := document.NewIndex(text)
	p.index[id] = ix
	p.lastIx, p.ix, p.cur = id, ix, ix.Cursor()
	return ix, true, nil
}

// place validates one feature structure. ok is false when it is not an
// annotation (no begin and no end, or a sofa).
func (p *placement) place(f *FS) (placed, bool, error) {
	var pl placed
	ok, err := p.placeInto(f, &pl)
	return pl, ok, err
}

// placeInto is place with the placement written to *pl (zero when f is
// not an annotation or has an error): Extract, placing every feature
// structure of a letter, spares copying it back through two calls.
func (p *placement) placeInto(f *FS, pl *placed) (bool, error) {
	*pl = placed{}
	if f.Type == TypeSofa {
		return false, nil
	}
	// one pass finds the features Get would find (the first of a name)
	bi, ei, si := -1, -1, -1
	for i := range f.Features {
		switch f.Features[i].Name {
		case "begin":
			if bi < 0 {
				bi = i
			}
		case "end":
			if ei < 0 {
				ei = i
			}
		case "sofa":
			if si < 0 {
				si = i
			}
		}
	}
	b16, hasB, err := offsetAt(f, "begin", bi)
	if err != nil {
		return true, err
	}
	e16, hasE, err := offsetAt(f, "end", ei)
	if err != nil {
		return true, err
	}
	if !hasB && !hasE {
		return false, nil
	}
	if !hasB || !hasE {
		missing := "begin"
		if hasB {
			missing = "end"
		}
		return true, fmt.Errorf("%s: %s missing", where(f), missing)
	}
	if b16 < 0 || e16 < 0 {
		return true, fmt.Errorf("%s: negative offset (begin %d, end %d)", where(f), b16, e16)
	}
	if b16 > e16 {
		return true, fmt.Errorf("%s: begin %d > end %d", where(f), b16, e16)
	}
	sofa, err := p.sofaOf(f, si)
	if err != nil {
		return true, err
	}
	*pl = placed{fs: f, sofa: sofa, b16: b16, e16: e16, b: -1, e: -1}
	ix, ok, err := p.sofaIndex(sofa)
	if err != nil {
		*pl = placed{}
		return true, fmt.Errorf("%s: %w", where(f), err)
	}
	if !ok {
		return true, nil
	}
	if e16 > ix.Len16() {
		*pl = placed{}
		return true, fmt.Errorf("%s: end %d beyond sofa length %d", where(f), e16, ix.Len16())
	}
	// p.cur is on ix, the index of sofaIndex's last answer
	if pl.b, err = p.cur.FromUTF16(b16); err != nil {
		*pl = placed{}
		return true, fmt.Errorf("%s: begin: %w", where(f), err)
	}
	if pl.e, err = p.cur.FromUTF16(e16); err != nil {
		*pl = placed{}
		return true, fmt.Errorf("%s: end: %w", where(f), err)
	}
	return true, nil
}

// extractStep is Extract's check of one feature structure: its placement
// (into *pl) and, when it is of the PHI type, the PHI rules against the
// main sofa (*span is then its span). Errors are wrapped in
// document.ErrPlacement.
func (p *placement) extractStep(f *FS, main int, cfg PHIConfig, pl *placed, span *document.Span) (isAnn, isPHI bool, err error) {
	isAnn, err = p.placeInto(f, pl)
	if err != nil {
		return isAnn, false, fmt.Errorf("cas: %w: %w", document.ErrPlacement, err)
	}
	if !p.match(cfg, f.Type) || f.Type == TypeSofa {
		return isAnn, false, nil
	}
	switch {
	case !isAnn:
		return isAnn, false, fmt.Errorf("cas: %w: %s: PHI annotation without begin and end", document.ErrPlacement, where(f))
	case pl.sofa != main:
		return isAnn, false, fmt.Errorf("cas: %w: %s: PHI annotation on sofa %d, not on the main sofa %d", document.ErrPlacement, where(f), pl.sofa, main)
	}
	lbl, err := label(f, cfg.feature())
	if err != nil {
		return isAnn, false, fmt.Errorf("cas: %w: %w", document.ErrPlacement, err)
	}
	*span = document.Span{Label: lbl, Begin: pl.b, End: pl.e, Ref: f.ID}
	return isAnn, true, nil
}

// match is cfg.Match(typ), remembered for the last type asked: feature
// structures of one type mostly follow each other.
func (p *placement) match(cfg PHIConfig, typ string) bool {
	if !p.matchSet || p.matchType != typ || p.matchCfg != cfg {
		p.matchCfg, p.matchType, p.matchOK, p.matchSet = cfg, typ, cfg.Match(typ), true
	}
	return p.matchOK
}

// Placer checks feature structures one at a time exactly as Extract does,
// for a reader that does not build the CAS (casjson's PHI-only reader):
// sofas are added as they are read, the views once they are known.
type Placer struct{ p *placement }

// NewPlacer returns a Placer without sofas or views.
func NewPlacer() *Placer {
	return &Placer{p: &placement{sofas: map[int]*FS{}, index: map[int]*document.Index{}, lastIx: -1}}
}

// AddSofa adds a sofa feature structure; it must hold its "sofaString"
// feature when it has one.
func (x *Placer) AddSofa(f *FS) { x.p.addSofa(f) }

// AddSofaText adds a sofa feature structure whose text the caller has
// decoded itself (a scanner that read the sofaString): offsets on it are
// checked against text, and f need not hold its "sofaString" feature. ix
// is text's offset index when the caller has made it (nil: made here).
func (x *Placer) AddSofaText(f *FS, text string, ix *document.Index) {
	x.p.addSofa(f)
	if ix == nil {
		ix = document.NewIndex(text)
	}
	x.p.setSofaIndex(f.ID, f, ix)
}

// Sofa returns the sofa added with id, or nil.
func (x *Placer) Sofa(id int) *FS { return x.p.sofas[id] }

// SetViews sets the views; an annotation without a "sofa" reference needs
// them (and all sofas) to be placed.
func (x *Placer) SetViews(views []*View) { x.p.views, x.p.viewOf = views, nil }

// Check is Extract's check of f: its placement (on the sofa its "sofa"
// reference names, else by the views) and, when f is of the PHI type
// (cfg), the PHI rules against the main sofa main; isPHI tells that span
// is f's span. f needs only the features Extract reads: begin, end, sofa
// and the label feature. Errors wrap document.ErrPlacement.
func (x *Placer) Check(f *FS, main int, cfg PHIConfig) (span document.Span, isPHI bool, err error) {
	var pl placed
	_, isPHI, err = x.p.extractStep(f, main, cfg, &pl, &span)
	return span, isPHI, err
}

// CheckAnnotations validates the placement of every annotation of c (see
// Extract for the rules). Readers call it so that a CAS they return can be
// extracted and re-based without surprises.
func CheckAnnotations(c *CAS) error {
	p := newPlacement(c)
	for _, f := range c.FS {
		if _, _, err := p.place(f); err != nil {
			return fmt.Errorf("cas: %w: %w", document.ErrPlacement, err)
		}
	}
	return nil
}

// label reads the PHI label feature: absent or null is "" (a wrong
// annotation for QC); any other non-string value is an error.
func label(f *FS, feature string) (string, error) {
	ft, ok := f.Get(feature)
	if !ok {
		return "", nil
	}
	v := strings.TrimSpace(string(ft.Value))
	if ft.Ref {
		return "", fmt.Errorf("%s: %s is a reference, not a string", where(f), feature)
	}
	if v == "null" {
		return "", nil
	}
	var s string
	if v == "" || v[0] != '"' || json.Unmarshal(ft.Value, &s) != nil {
		return "", fmt.Errorf("%s: %s is %s, not a string", where(f), feature, jsonKind(v))
	}
	return s, nil
}
