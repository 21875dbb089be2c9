package audit

import (
	"slices"
	"strings"
	"unicode/utf8"
)

// refMatcher is the Matcher as it was before the compact tables: every
// original kept as its folded word list, indexed by its first word. It is
// the reference the compact Matcher is held to (differential tests and
// FuzzMatcherReference): same indices from Add, same hits in the same
// order.
type refMatcher struct {
	idx             map[string][]refEntry
	n               int
	auditCityStates bool
}

type refEntry struct {
	toks []string
	id   int
}

func newRefMatcher() *refMatcher { return &refMatcher{idx: map[string][]refEntry{}} }

func (m *refMatcher) Add(original string) int {
	id := -1
	withTokens(original, func(toks []tok) { id = m.add(toks) })
	return id
}

func (m *refMatcher) add(toks []tok) int {
	n := 0
	for _, t := range toks {
		n += utf8.RuneCountInString(t.w)
	}
	if n < MinLen {
		return -1
	}
	if !m.auditCityStates && isCityStateTokens(toks) {
		return -1
	}
	for _, e := range m.idx[toks[0].w] {
		if slices.EqualFunc(e.toks, toks, func(w string, t tok) bool { return w == t.w }) {
			return e.id
		}
	}
	words := make([]string, len(toks))
	for i, t := range toks {
		words[i] = strings.Clone(t.w)
	}
	id := m.n
	m.n++
	m.idx[words[0]] = append(m.idx[words[0]], refEntry{toks: words, id: id})
	return id
}

func (m *refMatcher) Find(text string) []Hit {
	var hits []Hit
	if m.n == 0 {
		return nil
	}
	withTokens(text, func(toks []tok) {
		m.scanTokens(toks, func(h Hit) bool {
			hits = append(hits, h)
			return true
		})
	})
	return hits
}

func (m *refMatcher) Contains(text string) bool { return len(m.Find(text)) > 0 }

func (m *refMatcher) scanTokens(toks []tok, hit func(Hit) bool) {
	for i, t := range toks {
		for _, e := range m.idx[t.w] {
			if m.matches(toks, i, e) && !hit(Hit{Original: e.id, Begin: t.begin, End: toks[i+len(e.toks)-1].end}) {
				return
			}
		}
		if g, ok := strings.CutSuffix(t.w, "s"); ok && g != "" {
			for _, e := range m.idx[g] {
				if len(e.toks) == 1 && !hit(Hit{Original: e.id, Begin: t.begin, End: t.end}) {
					return
				}
			}
		}
	}
}

func (m *refMatcher) matches(toks []tok, i int, e refEntry) bool {
	if i+len(e.toks) > len(toks) {
		return false
	}
	last := len(e.toks) - 1
	for j := 1; j <= last; j++ {
		w := toks[i+j].w
		if w != e.toks[j] && (j != last || w != e.toks[j]+"s") {
			return false
		}
	}
	return true
}
