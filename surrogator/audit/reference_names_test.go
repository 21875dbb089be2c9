package audit

import (
	"strings"
	"sync"
)

// refNameWords is NameWords as it was before the hash sets: the folded
// words themselves in two string sets. It is the reference NameWords is
// held to (TestNameWordsReference, FuzzNameWordsReference).
type refNameWords struct {
	mu  sync.RWMutex
	all map[string]struct{}
	key map[string]struct{}
}

// newRefNameWords returns an empty set.
func newRefNameWords() *refNameWords {
	return &refNameWords{all: map[string]struct{}{}, key: map[string]struct{}{}}
}

// Add registers the words of one person-name original.
func (n *refNameWords) Add(original string) {
	withTokens(original, func(toks []tok) {
		n.mu.Lock()
		defer n.mu.Unlock()
		key := ""
		comma := strings.IndexByte(original, ',')
		for _, t := range toks {
			if nameStop[t.w] || !refHasLetter(t.w) {
				continue
			}
			if _, ok := n.all[t.w]; !ok {
				n.all[strings.Clone(t.w)] = struct{}{} // t.w may share a buffer of the tokenizer's
			}
			// the surname position: the last word, or the last word
			// before a comma ("Müller, Anna")
			if comma < 0 || t.end <= comma || key == "" {
				key = t.w
			}
		}
		if key != "" {
			if _, ok := n.key[key]; !ok {
				n.key[strings.Clone(key)] = struct{}{}
			}
		}
	})
}

func refHasLetter(w string) bool {
	for _, r := range w {
		if 'a' <= r && r <= 'z' || r > 0x7f {
			return true
		}
	}
	return false
}

// Key reports whether a word of candidate is a key word of an original
// (or its genitive, or the stem of a genitive: the audit matches a
// trailing -s).
func (n *refNameWords) Key(candidate string) bool { return n != nil && n.has(candidate, n.key) }

// Any reports whether a word of candidate is a word of an original (or
// its genitive, or the stem of a genitive).
func (n *refNameWords) Any(candidate string) bool { return n != nil && n.has(candidate, n.all) }

// Len returns the number of key words and of all words.
func (n *refNameWords) Len() (key, all int) {
	n.mu.RLock()
	defer n.mu.RUnlock()
	return len(n.key), len(n.all)
}

func (n *refNameWords) has(candidate string, set map[string]struct{}) bool {
	found := false
	withTokens(candidate, func(toks []tok) {
		n.mu.RLock()
		defer n.mu.RUnlock()
		if len(set) == 0 {
			return
		}
		for _, t := range toks {
			if _, ok := set[t.w]; ok {
				found = true
				return
			}
			if _, ok := set[t.w+"s"]; ok {
				found = true
				return
			}
			if g, ok := strings.CutSuffix(t.w, "s"); ok && g != "" {
				if _, ok := set[g]; ok {
					found = true
					return
				}
			}
		}
	})
	return found
}
