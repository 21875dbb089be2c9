package cas

// The code paths as they were at commit c7d9d5b, before the placement
// fast path, the offset slab and the lazy maps: Extract, rebase and their
// helpers, renamed *Reference. The differential tests and fuzz targets
// (reference_diff_test.go) hold the current ones to them byte for byte.

import (
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/surrogator/surrogator/surrogator/document"
)

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
func extractReference(c *CAS, cfg PHIConfig) (*Extracted, error) {
	sofa, err := c.MainSofa()
	if err != nil {
		return nil, err
	}
	text, err := SofaText(sofa)
	if err != nil {
		return nil, err
	}
	p := newPlacement(c)
	ex := &Extracted{Text: text, Layers: &Layers{CAS: c, Sofa: sofa.ID}}
	ex.Layers.of = c
	for i, f := range c.FS {
		if f.Type == TypeDocMeta && ex.DocumentTitle == "" {
			ex.DocumentTitle = f.String("documentTitle")
		}
		pl, isAnn, span, isPHI, err := p.extractStepReference(f, sofa.ID, cfg)
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

// rebase re-bases c, which is l.CAS or a clone of it (the same feature
// structures in the same order).
func (l *Layers) rebaseReference(c *CAS, oldText, newText string, m *document.Mapping) (document.Layers, error) {
	if s := c.ByID(l.Sofa); s == nil || s.Type != TypeSofa {
		return nil, fmt.Errorf("cas: rebase: sofa %d not found", l.Sofa)
	} else if t, err := SofaText(s); err != nil || t != oldText {
		return nil, fmt.Errorf("cas: rebase: the sofa does not hold the text being replaced")
	}
	var todo []placed
	if l.placedStill() {
		// placed by Extract: the clone's feature structures in the same order
		todo = make([]placed, len(l.onSofa))
		for k, a := range l.onSofa {
			todo[k] = placed{fs: c.FS[l.onSofaAt[k]], sofa: l.Sofa, b16: a.b16, e16: a.e16, b: a.b, e: a.e}
		}
	} else {
		p := newPlacement(c)
		for _, f := range c.FS {
			pl, isAnn, err := p.placeReference(f)
			if err != nil {
				return nil, fmt.Errorf("cas: rebase: %w", err)
			}
			if isAnn && pl.sofa == l.Sofa {
				todo = append(todo, pl)
			}
		}
	}
	newIx := document.NewIndex(newText)
	rt := segmentLayersReference(c, todo, newText, m)
	for _, pl := range todo {
		id := pl.fs.ID
		if rt.removed[id] {
			continue
		}
		var nb, ne int
		if p, ok := rt.pos[id]; ok {
			nb, ne = p[0], p[1]
		} else {
			b, e := pl.b, pl.e
			if u, ok := rt.span[id]; ok {
				b, e = u[0], u[1]
			}
			nb, ne = m.Span(b, e)
			if cv, ok := rt.cover[id]; ok {
				nb, ne = min(nb, cv[0]), max(ne, cv[1])
			}
		}
		setIntReference(pl.fs, "begin", newIx.ToUTF16(nb))
		setIntReference(pl.fs, "end", newIx.ToUTF16(ne))
	}
	for _, ex := range rt.extra {
		for _, f := range ex {
			p := rt.pos[f.ID]
			setIntReference(f, "begin", newIx.ToUTF16(p[0]))
			setIntReference(f, "end", newIx.ToUTF16(p[1]))
		}
	}
	applySegmentsReference(c, rt)
	setStringReference(c.ByID(l.Sofa), "sofaString", newText)
	return &Layers{CAS: c, Sofa: l.Sofa}, nil
}

// offset reads begin or end: a JSON integer that fits an int.
func offsetReference(f *FS, name string) (int, bool, error) {
	ft, ok := f.Get(name)
	if !ok {
		return 0, false, nil
	}
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

// sofaOf returns the sofa id an annotation refers to.
func (p *placement) sofaOfReference(f *FS) (int, error) {
	if ft, ok := f.Get("sofa"); ok {
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

// sofaIndex returns the offset index of a sofa's text; ok is false when the
// sofa holds no text (sofaURI or sofaArray).
func (p *placement) sofaIndexReference(id int) (*document.Index, bool, error) {
	if id == p.lastIx {
		return p.ix, p.ix != nil, nil
	}
	if ix, ok := p.index[id]; ok {
		p.lastIx, p.ix = id, ix
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
	p.lastIx, p.ix = id, ix
	return ix, true, nil
}

// place validates one feature structure. ok is false when it is not an
// annotation (no begin and no end, or a sofa).
func (p *placement) placeReference(f *FS) (placed, bool, error) {
	if f.Type == TypeSofa {
		return placed{}, false, nil
	}
	b16, hasB, err := offsetReference(f, "begin")
	if err != nil {
		return placed{}, true, err
	}
	e16, hasE, err := offsetReference(f, "end")
	if err != nil {
		return placed{}, true, err
	}
	if !hasB && !hasE {
		return placed{}, false, nil
	}
	if !hasB || !hasE {
		missing := "begin"
		if hasB {
			missing = "end"
		}
		return placed{}, true, fmt.Errorf("%s: %s missing", where(f), missing)
	}
	if b16 < 0 || e16 < 0 {
		return placed{}, true, fmt.Errorf("%s: negative offset (begin %d, end %d)", where(f), b16, e16)
	}
	if b16 > e16 {
		return placed{}, true, fmt.Errorf("%s: begin %d > end %d", where(f), b16, e16)
	}
	sofa, err := p.sofaOfReference(f)
	if err != nil {
		return placed{}, true, err
	}
	pl := placed{fs: f, sofa: sofa, b16: b16, e16: e16, b: -1, e: -1}
	ix, ok, err := p.sofaIndexReference(sofa)
	if err != nil {
		return placed{}, true, fmt.Errorf("%s: %w", where(f), err)
	}
	if !ok {
		return pl, true, nil
	}
	if e16 > ix.Len16() {
		return placed{}, true, fmt.Errorf("%s: end %d beyond sofa length %d", where(f), e16, ix.Len16())
	}
	if pl.b, err = ix.FromUTF16(b16); err != nil {
		return placed{}, true, fmt.Errorf("%s: begin: %w", where(f), err)
	}
	if pl.e, err = ix.FromUTF16(e16); err != nil {
		return placed{}, true, fmt.Errorf("%s: end: %w", where(f), err)
	}
	return pl, true, nil
}

// extractStep is Extract's check of one feature structure: its placement
// and, when it is of the PHI type, the PHI rules against the main sofa
// (span is then its span). Errors are wrapped in document.ErrPlacement.
func (p *placement) extractStepReference(f *FS, main int, cfg PHIConfig) (pl placed, isAnn bool, span document.Span, isPHI bool, err error) {
	pl, isAnn, err = p.placeReference(f)
	if err != nil {
		return pl, isAnn, span, false, fmt.Errorf("cas: %w: %w", document.ErrPlacement, err)
	}
	if !cfg.Match(f.Type) || f.Type == TypeSofa {
		return pl, isAnn, span, false, nil
	}
	switch {
	case !isAnn:
		return pl, isAnn, span, false, fmt.Errorf("cas: %w: %s: PHI annotation without begin and end", document.ErrPlacement, where(f))
	case pl.sofa != main:
		return pl, isAnn, span, false, fmt.Errorf("cas: %w: %s: PHI annotation on sofa %d, not on the main sofa %d", document.ErrPlacement, where(f), pl.sofa, main)
	}
	lbl, err := label(f, cfg.feature())
	if err != nil {
		return pl, isAnn, span, false, fmt.Errorf("cas: %w: %w", document.ErrPlacement, err)
	}
	return pl, isAnn, document.Span{Label: lbl, Begin: pl.b, End: pl.e, Ref: f.ID}, true, nil
}

// segmentLayers replaces the tokens inside replaced text by tokens of the
// surrogate and merges sentences that a replacement joins, so that after
// re-basing no token holds white space, no two tokens share a range, no
// sentences overlap and every token lies inside one sentence (issue 11).
// todo holds the annotations on the re-based sofa with old byte offsets.
func segmentLayersReference(c *CAS, todo []placed, newText string, m *document.Mapping) *retokenized {
	rt := &retokenized{pos: map[int][2]int{}, removed: map[int]bool{}, redirect: map[int]int{}, extra: map[int][]*FS{},
		span: map[int][2]int{}, cover: map[int][2]int{}}
	edits := m.Edits()
	if len(edits) == 0 {
		return rt
	}
	var tokens, sents, words []placed
	for _, pl := range todo {
		switch n := ShortName(pl.fs.Type); {
		case n == shortToken:
			tokens = append(tokens, pl)
		case n == shortSentence:
			sents = append(sents, pl)
		case describesWord(n):
			words = append(words, pl)
		}
	}
	// annotations that describe an original word (its lemma, stem, part of
	// speech, morphology) go where the word was replaced: their values
	// spell or describe the original, not the surrogate
	for _, w := range words {
		for _, e := range edits {
			if w.b < e.End && e.Begin < w.e || (w.b == w.e && e.Begin <= w.b && w.b < e.End) {
				rt.removed[w.fs.ID] = true
				rt.redirect[w.fs.ID] = -1
				break
			}
		}
	}
	if len(tokens) == 0 && len(sents) == 0 {
		return rt
	}
	byBegin := func(s []placed) {
		sort.SliceStable(s, func(i, j int) bool {
			if s[i].b != s[j].b {
				return s[i].b < s[j].b
			}
			return s[i].e < s[j].e
		})
	}
	byBegin(tokens)
	byBegin(sents)
	regions := regionsOf(edits, tokens)

	nextID := c.NextID()
	for _, r := range regions {
		if len(r.tokens) == 0 {
			continue
		}
		nb, ne := m.Span(r.b, r.e)
		pieces := document.Tokenize(newText[nb:ne])
		if len(pieces) == 0 {
			// the surrogate is blank: no token; references to them go
			for _, t := range r.tokens {
				rt.removed[t.fs.ID] = true
				rt.redirect[t.fs.ID] = -1
			}
			continue
		}
		tpl := r.tokens[0].fs
		var last *FS
		for i, p := range pieces {
			var f *FS
			if i < len(r.tokens) {
				f = r.tokens[i].fs
				stripLinks(f)
			} else {
				f = newTokenLike(tpl, nextID)
				nextID++
				rt.extra[last.ID] = append(rt.extra[last.ID], f)
			}
			rt.pos[f.ID] = [2]int{nb + p[0], nb + p[1]}
			if i < len(r.tokens) {
				last = f
			}
		}
		for _, t := range r.tokens[min(len(pieces), len(r.tokens)):] {
			rt.removed[t.fs.ID] = true
			rt.redirect[t.fs.ID] = last.ID
		}
	}

	// sentences: those overlapping one region become one sentence
	if len(sents) > 0 {
		mergeSentences(rt, regions, sents, m, newText)
	}
	return rt
}

// redirectRefs rewrites references (other than "sofa") to removed
// annotations to the annotation that took their place; a reference to one
// that nothing replaces (-1) is dropped.
func redirectRefsReference(c *CAS, redirect map[int]int) {
	if len(redirect) == 0 {
		return
	}
	for _, f := range c.FS {
		fts := f.Features[:0]
		for _, ft := range f.Features {
			if ft.Ref && ft.Name != "sofa" {
				if n, err := strictInt(ft.Value); err == nil {
					if to, ok := redirect[n]; ok {
						if to < 0 {
							continue
						}
						ft.Value = json.RawMessage(strconv.Itoa(to))
					}
				} else if v, ok := redirectArray(ft.Value, redirect); ok {
					ft.Value = v
				}
			}
			fts = append(fts, ft)
		}
		f.Features = fts
	}
}

// applySegments drops removed annotations and inserts new tokens after
// their template, in the feature structure list and in every view.
func applySegmentsReference(c *CAS, rt *retokenized) {
	if len(rt.removed) == 0 && len(rt.extra) == 0 {
		return
	}
	fs := make([]*FS, 0, len(c.FS))
	for _, f := range c.FS {
		if rt.removed[f.ID] {
			continue
		}
		fs = append(fs, f)
		fs = append(fs, rt.extra[f.ID]...)
	}
	c.FS = fs
	for _, v := range c.Views {
		ms := make([]int, 0, len(v.Members))
		for _, id := range v.Members {
			if rt.removed[id] {
				continue
			}
			ms = append(ms, id)
			for _, f := range rt.extra[id] {
				ms = append(ms, f.ID)
			}
		}
		v.Members = ms
	}
	c.mu.Lock()
	c.byID = nil
	c.mu.Unlock()
	redirectRefsReference(c, rt.redirect)
}

func setIntReference(f *FS, name string, n int) { f.Set(name, false, json.RawMessage(strconv.Itoa(n))) }

func setStringReference(f *FS, name, s string) {
	b, _ := json.Marshal(s)
	f.Set(name, false, b)
}

// referenceLayers re-bases with rebaseReference.
type referenceLayers struct{ *Layers }

func (r referenceLayers) Rebase(oldText, newText string, m *document.Mapping) (document.Layers, error) {
	return r.rebaseReference(r.CAS.Clone(), oldText, newText, m)
}

func (r referenceLayers) RebaseInPlace(oldText, newText string, m *document.Mapping) (document.Layers, error) {
	nl, err := r.rebaseReference(r.CAS, oldText, newText, m)
	r.CAS, r.of, r.onSofa, r.onSofaAt = nil, nil, nil, nil
	return nl, err
}
