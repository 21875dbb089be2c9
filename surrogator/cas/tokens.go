package cas

import (
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"github.com/surrogator/surrogator/surrogator/document"
)

// Segmentation layers whose annotations are re-made inside a replacement.
const (
	shortToken    = "Token"
	shortSentence = "Sentence"
)

// region is a stretch of the old text that a replacement rewrites: one or
// more adjacent edits together with the tokens that overlap them.
type region struct {
	b, e   int      // old byte offsets
	tokens []placed // old tokens overlapping the region, by begin
}

// retokenized is the outcome of segmentLayers for Rebase.
type retokenized struct {
	// pos holds the new byte offsets of the tokens re-made here (reused
	// and new ones); Rebase converts them instead of mapping.
	pos map[int][2]int
	// removed holds the ids of tokens and sentences dropped; redirect maps
	// each to the annotation that takes its place for references.
	removed  map[int]bool
	redirect map[int]int
	// extra maps a template token id to the new tokens inserted after it.
	extra map[int][]*FS
	// span gives the old byte range to map for a merged sentence.
	span map[int][2]int
	// cover gives, per kept sentence id, the new byte range its new tokens
	// need (the sentence is widened to it after mapping).
	cover map[int][2]int
	// kinds holds the kind of each annotation of todo (nil when no edit:
	// then every map is empty). Only tokens are keys of pos, only
	// sentences of span and cover, and only tokens, sentences and word
	// annotations of removed, which spares the look-ups for the others
	// when ids are distinct (see rebase).
	kinds []uint8
}

// segmentLayers replaces the tokens inside replaced text by tokens of the
// surrogate and merges sentences that a replacement joins, so that after
// re-basing no token holds white space, no two tokens share a range, no
// sentences overlap and every token lies inside one sentence (issue 11).
// todo holds the annotations on the re-based sofa with old byte offsets.
func segmentLayers(c *CAS, todo []placed, newText string, m *document.Mapping) *retokenized {
	rt := &retokenized{pos: map[int][2]int{}, removed: map[int]bool{}, redirect: map[int]int{}, extra: map[int][]*FS{},
		span: map[int][2]int{}, cover: map[int][2]int{}}
	edits := m.Edits()
	if len(edits) == 0 {
		return rt
	}
	// sorted into the layers by kind, counted first so that one array
	// holds them (a letter has some 1,500 tokens)
	rt.kinds = make([]uint8, len(todo))
	var count [kindWord + 1]int
	prevType, prevKind := "", kindOther
	for k, pl := range todo {
		if k == 0 || pl.fs.Type != prevType {
			prevType, prevKind = pl.fs.Type, kindOf(ShortName(pl.fs.Type))
		}
		rt.kinds[k] = prevKind
		count[prevKind]++
	}
	nt, ns, nw := count[kindToken], count[kindSentence], count[kindWord]
	buf := make([]placed, nt+ns+nw)
	tokens, sents, words := buf[:0:nt], buf[nt:nt:nt+ns], buf[nt+ns:nt+ns:nt+ns+nw]
	for k, pl := range todo {
		switch rt.kinds[k] {
		case kindToken:
			tokens = append(tokens, pl)
		case kindSentence:
			sents = append(sents, pl)
		case kindWord:
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

// regionsOf joins every edit with the tokens overlapping it; regions that
// overlap (a token reaching over two edits) are merged.
func regionsOf(edits []document.Edit, tokens []placed) []region {
	maxLen := 0
	for _, t := range tokens {
		maxLen = max(maxLen, t.e-t.b)
	}
	var out []region
	for _, e := range edits {
		r := region{b: e.Begin, e: e.End}
		// tokens with begin < e.End, scanned back while they may reach e.Begin
		j := sort.Search(len(tokens), func(i int) bool { return tokens[i].b >= e.End })
		k := j
		for k > 0 && tokens[k-1].b+maxLen > e.Begin {
			k--
		}
		for _, t := range tokens[k:j] {
			if t.e > e.Begin || (t.b >= e.Begin && t.e <= e.End) {
				r.tokens = append(r.tokens, t)
				r.b, r.e = min(r.b, t.b), max(r.e, t.e)
			}
		}
		if n := len(out); n > 0 && r.b < out[n-1].e {
			prev := &out[n-1]
			prev.e = max(prev.e, r.e)
			prev.b = min(prev.b, r.b)
			for _, t := range r.tokens {
				if !containsFS(prev.tokens, t.fs) {
					prev.tokens = append(prev.tokens, t)
				}
			}
			continue
		}
		out = append(out, r)
	}
	return out
}

func containsFS(ps []placed, f *FS) bool {
	for _, p := range ps {
		if p.fs == f {
			return true
		}
	}
	return false
}

// mergeSentences merges the sentences overlapping a region into the first
// of them (the others are removed) and records the new range its new
// tokens need.
func mergeSentences(rt *retokenized, regions []region, sents []placed, m *document.Mapping, newText string) {
	maxLen := 0
	for _, s := range sents {
		maxLen = max(maxLen, s.e-s.b)
	}
	// union-find over sentence indexes
	parent := make([]int, len(sents))
	for i := range parent {
		parent[i] = i
	}
	var find func(int) int
	find = func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	regionSent := make([]int, len(regions)) // a sentence index per region, or -1
	for ri, r := range regions {
		regionSent[ri] = -1
		j := sort.Search(len(sents), func(i int) bool { return sents[i].b >= r.e })
		k := j
		for k > 0 && sents[k-1].b+maxLen > r.b {
			k--
		}
		// a sentence overlaps the region; an empty sentence counts when inside
		for i := k; i < j; i++ {
			s := sents[i]
			if s.e > r.b || (s.b >= r.b && s.e <= r.e) {
				if regionSent[ri] < 0 {
					regionSent[ri] = i
				} else if a, b := find(regionSent[ri]), find(i); a != b {
					parent[max(a, b)] = min(a, b) // the earliest sentence is the root
				}
			}
		}
		// a region that ends exactly where a sentence begins does not touch it
	}
	merged := map[int][2]int{}
	for i, s := range sents {
		root := find(i)
		if root == i {
			continue
		}
		rt.removed[s.fs.ID] = true
		rt.redirect[s.fs.ID] = sents[root].fs.ID
		u, ok := merged[root]
		if !ok {
			u = [2]int{sents[root].b, sents[root].e}
		}
		merged[root] = [2]int{min(u[0], s.b), max(u[1], s.e)}
	}
	for root, u := range merged {
		rt.span[sents[root].fs.ID] = u
	}
	for ri, r := range regions {
		if regionSent[ri] < 0 || len(r.tokens) == 0 {
			continue
		}
		id := sents[find(regionSent[ri])].fs.ID
		nb, ne := m.Span(r.b, r.e)
		// the new tokens lie inside [nb, ne) without its edge white space
		w := newText[nb:ne]
		nb += len(w) - len(strings.TrimLeftFunc(w, unicode.IsSpace))
		ne -= len(w) - len(strings.TrimRightFunc(w, unicode.IsSpace))
		if ne < nb {
			ne = nb
		}
		c, ok := rt.cover[id]
		if !ok {
			c = [2]int{nb, ne}
		}
		rt.cover[id] = [2]int{min(c[0], nb), max(c[1], ne)}
	}
}

// Kinds of annotation for segmentLayers: the layers it re-makes (tokens,
// sentences) or drops where a word was replaced (kindWord: describesWord).
const (
	kindOther uint8 = iota
	kindToken
	kindSentence
	kindWord
)

// kindOf returns the kind of annotations of a type (short name).
func kindOf(short string) uint8 {
	switch {
	case short == shortToken:
		return kindToken
	case short == shortSentence:
		return kindSentence
	case describesWord(short):
		return kindWord
	}
	return kindOther
}

// describesWord reports whether annotations of a type (short name)
// describe one word of the text: DKPro Core's Lemma, Stem, POS (and its
// POS_* subtypes) and MorphologicalFeatures.
func describesWord(short string) bool {
	switch short {
	case "Lemma", "Stem", "POS", "MorphologicalFeatures":
		return true
	}
	return strings.HasPrefix(short, "POS_")
}

// stripLinks drops a re-made token's references to other annotations of
// the original word (part of speech, lemma, stem, morphology): they
// describe the original, not the surrogate. The sofa reference stays.
func stripLinks(f *FS) {
	fs := f.Features[:0]
	for _, ft := range f.Features {
		if ft.Ref && ft.Name != "sofa" {
			continue
		}
		fs = append(fs, ft)
	}
	f.Features = fs
}

// newTokenLike returns a token of tpl's type with tpl's non-reference
// features (and its sofa reference); offsets are set by the caller.
func newTokenLike(tpl *FS, id int) *FS {
	f := tpl.Clone()
	f.ID = id
	stripLinks(f)
	return f
}

// redirectRefs rewrites references (other than "sofa") to removed
// annotations to the annotation that took their place; a reference to one
// that nothing replaces (-1) is dropped.
func redirectRefs(c *CAS, redirect map[int]int) {
	if len(redirect) == 0 {
		return
	}
	// features are written back only from the first one that changes:
	// most feature structures refer to nothing removed
	for _, f := range c.FS {
		w, changed := 0, false
		for _, ft := range f.Features {
			if ft.Ref && ft.Name != "sofa" {
				if n, err := strictInt(ft.Value); err == nil {
					if to, ok := redirect[n]; ok {
						changed = true
						if to < 0 {
							continue
						}
						ft.Value = json.RawMessage(strconv.Itoa(to))
					}
				} else if v, ok := redirectArray(ft.Value, redirect); ok {
					ft.Value = v
					changed = true
				}
			}
			if changed {
				f.Features[w] = ft
			}
			w++
		}
		if w != len(f.Features) {
			f.Features = f.Features[:w]
		}
	}
}

// redirectArray rewrites an array of ids; ok is false when nothing changed.
func redirectArray(raw json.RawMessage, redirect map[int]int) (json.RawMessage, bool) {
	var ids []json.RawMessage
	if json.Unmarshal(raw, &ids) != nil {
		return nil, false
	}
	out, changed := make([]json.RawMessage, 0, len(ids)), false
	for _, id := range ids {
		if n, err := strictInt(id); err == nil {
			if to, ok := redirect[n]; ok {
				changed = true
				if to < 0 {
					continue
				}
				id = json.RawMessage(strconv.Itoa(to))
			}
		}
		out = append(out, id)
	}
	if !changed {
		return nil, false
	}
	b, err := json.Marshal(out)
	return b, err == nil
}

// applySegments drops removed annotations and inserts new tokens after
// their template, in the feature structure list and in every view. It
// reports whether it changed anything.
func applySegments(c *CAS, rt *retokenized) bool {
	if len(rt.removed) == 0 && len(rt.extra) == 0 {
		return false
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
	redirectRefs(c, rt.redirect)
	return true
}

// CheckSegments verifies the token and sentence layers on the main sofa:
// no token is empty or holds white space, no two tokens overlap, no two
// sentences overlap and, when the CAS has sentences, every token lies
// inside one. Errors name annotations by id, never text.
func CheckSegments(c *CAS) error {
	sofa, err := c.MainSofa()
	if err != nil {
		return err
	}
	text, err := SofaText(sofa)
	if err != nil {
		return err
	}
	p := newPlacement(c)
	var tokens, sents []placed
	for _, f := range c.FS {
		pl, isAnn, err := p.place(f)
		if err != nil {
			return fmt.Errorf("cas: %w", err)
		}
		if !isAnn || pl.sofa != sofa.ID {
			continue
		}
		switch ShortName(f.Type) {
		case shortToken:
			if pl.e <= pl.b || strings.IndexFunc(text[pl.b:pl.e], unicode.IsSpace) >= 0 {
				return fmt.Errorf("cas: %s is empty or holds white space", where(f))
			}
			tokens = append(tokens, pl)
		case shortSentence:
			sents = append(sents, pl)
		}
	}
	for _, s := range [][]placed{tokens, sents} {
		sort.SliceStable(s, func(i, j int) bool { return s[i].b < s[j].b || (s[i].b == s[j].b && s[i].e < s[j].e) })
		for i := 1; i < len(s); i++ {
			if s[i].b < s[i-1].e || (s[i].b == s[i-1].b && s[i].e == s[i-1].e) {
				return fmt.Errorf("cas: %s overlaps %s", where(s[i].fs), where(s[i-1].fs))
			}
		}
	}
	if len(sents) == 0 {
		return nil
	}
	k := 0
	for _, t := range tokens {
		for k < len(sents) && sents[k].e < t.e {
			k++
		}
		if k == len(sents) || t.b < sents[k].b {
			return fmt.Errorf("cas: %s lies in no sentence", where(t.fs))
		}
	}
	return nil
}
