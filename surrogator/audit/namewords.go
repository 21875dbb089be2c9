package audit

import (
	"hash/maphash"
	"strings"
	"sync"
)

// NameWords holds the words of a run's person-name originals, folded as
// the audit folds them, for the name generator to keep out of the parts it
// draws. A name surrogate is drawn part by part (first name, surname); a
// part that is an original name word can rebuild another person's name of
// the run ("Anna Müller" → "Peter Schmidt" when "Peter Schmidt" is an
// original), and the audit then quarantines the letter.
//
// Two sets are kept:
//   - key words: one word of every original, the surname position (the
//     last identifying word, or in "Nachname, Vorname" the word before
//     the comma). A surrogate whose drawn parts are never key words cannot
//     contain an original name as a whole word sequence: every original
//     holds its key word, which only a drawn part could supply.
//   - all words: every identifying word (not a salutation, title or
//     particle). The audit also searches each letter for its own name
//     words; a corpus-scope surrogate may not depend on the letter it is
//     drawn in, so there every name word of the run is kept out.
//
// Both sets hold 64-bit hashes of the folded words (seeded per set), not
// the words: a run keeps them to its end, one or more words for every
// person-name original. A collision can only report a word present that
// is not, so the generator draws another part: the safe side.
//
// It is safe for concurrent use once filled (Add, then only Key and Any).
type NameWords struct {
	mu   sync.RWMutex
	seed maphash.Seed
	all  map[uint64]struct{}
	key  map[uint64]struct{}
}

// NewNameWords returns an empty set.
func NewNameWords() *NameWords {
	return &NameWords{seed: maphash.MakeSeed(), all: map[uint64]struct{}{}, key: map[uint64]struct{}{}}
}

// Add registers the words of one person-name original.
func (n *NameWords) Add(original string) {
	withTokens(original, func(toks []tok) {
		n.mu.Lock()
		defer n.mu.Unlock()
		key, haveKey := uint64(0), false
		comma := strings.IndexByte(original, ',')
		for i, t := range toks {
			if stopAt(toks, i) || !hasLetter(t.w) {
				continue
			}
			h := maphash.String(n.seed, t.w)
			n.all[h] = struct{}{}
			// the surname position: the last word, or the last word
			// before a comma ("Müller, Anna")
			if comma < 0 || t.end <= comma || !haveKey {
				key, haveKey = h, true
			}
		}
		if haveKey {
			n.key[key] = struct{}{}
		}
	})
}

func hasLetter(w string) bool {
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
func (n *NameWords) Key(candidate string) bool { return n != nil && n.has(candidate, n.key) }

// Any reports whether a word of candidate is a word of an original (or
// its genitive, or the stem of a genitive).
func (n *NameWords) Any(candidate string) bool { return n != nil && n.has(candidate, n.all) }

// Len returns the number of key words and of all words.
func (n *NameWords) Len() (key, all int) {
	n.mu.RLock()
	defer n.mu.RUnlock()
	return len(n.key), len(n.all)
}

func (n *NameWords) has(candidate string, set map[uint64]struct{}) bool {
	found := false
	withTokenizer(candidate, func(tz *tokenizer) {
		n.mu.RLock()
		defer n.mu.RUnlock()
		if len(set) == 0 {
			return
		}
		var gen maphash.Hash // the word with a genitive -s
		gen.SetSeed(n.seed)
		for i, h := range tz.hashes(n.seed) {
			if _, ok := set[h.w]; ok {
				found = true
				return
			}
			gen.Reset()
			gen.WriteString(tz.toks[i].w)
			gen.WriteByte('s')
			if _, ok := set[gen.Sum64()]; ok {
				found = true
				return
			}
			if h.gen {
				if _, ok := set[h.stem]; ok {
					found = true
					return
				}
			}
		}
	})
	return found
}
