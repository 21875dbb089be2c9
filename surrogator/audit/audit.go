package audit

import (
	"cmp"
	"hash/maphash"
	"math/bits"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"github.com/surrogator/surrogator/surrogator/kinds"
)

// Audited reports whether originals of kind k are searched for
// (kinds.Rules.Audited). Kept kinds are exempt: besides dates, ages,
// professions and titles, the LOCATION_COUNTRY and LOCATION_STATE spans,
// which the state policy keeps by default (SPEC §6).
func Audited(k kinds.Kind) bool { return kinds.RulesOf(k).Audited }

// cityStateName lists the lower-case token forms of the city-states'
// names that Add exempts while the matcher keeps city-states (the default
// state policy).
var cityStateName = map[string]bool{
	"berlin": true, "berlins": true, "berliner": true, "land berlin": true,
	"hamburg": true, "hamburgs": true, "hamburger": true, "freie und hansestadt hamburg": true,
	"bremen": true, "bremens": true, "bremer": true, "freie hansestadt bremen": true,
}

// AuditedSpan is Audited for one span under the run's state policy. By
// default LOCATION_STATE/COUNTRY are kept, and so is a LOCATION_CITY that
// names a city-state as a city (cityState reports it, e.g.
// location.CityStateOf): all exempt. With replaceState the state and the
// city-state are replaced, so their originals are searched for (countries
// stay kept). Callers building the matcher from spans use it.
func AuditedSpan(k kinds.Kind, text string, replaceState bool, cityState func(string) bool) bool {
	r := kinds.RulesOf(k)
	if r.KeptByStatePolicy(text, false, cityState) {
		// a place the default policy keeps: searched for only when this
		// run replaces it
		return !r.KeptByStatePolicy(text, replaceState, cityState)
	}
	return r.Audited
}

// MinLen is the fewest letters and digits an original must have to be
// searched for (an initial "M." is not: it would match every lone "m").
const MinLen = 2

// Matcher finds originals in text.
//
// It keeps no original, only hashes (see table.go): a run holds one
// matcher per project for the whole run, and it must not grow by a copy
// of every original's words. An original is its folded word sequence;
// seq maps the sequence's hash to the original's index, and first maps
// the hash of a first word to the word counts of the originals starting
// with it, so that a scan hashes each word of the text and looks a
// sequence up only where an original may start.
type Matcher struct {
	seed maphash.Seed
	// first: the upper 32 bits of a word's hash → bit L-1 for each word
	// count L < 32 of the originals starting with the word (bit 31: 32 or
	// more). Half a hash is enough: a collision only costs look-ups in seq.
	first table[uint32]
	seq   table[uint64] // sequence hash → index of the original
	// long lists the word counts ≥ 32 of the originals (ascending): an
	// original that long is rare, so it only costs a flag bit in first
	long []int
	n    int
	// auditCityStates: Add registers city-state names too (--replace-state).
	auditCityStates bool
}

// Hit is one original found in a text.
type Hit struct {
	// Original is the index of the original as added.
	Original int
	// Begin and End are byte offsets of the match in the text.
	Begin, End int
}

// NewMatcher returns an empty matcher.
func NewMatcher() *Matcher { return NewMatcherWithSeed(maphash.MakeSeed()) }

// NewMatcherWithSeed returns an empty matcher that hashes words with seed
// (a zero seed: one of its own). FindAll and ContainsAny hash a text's
// words once for all the matchers of one seed (a run's project matchers
// and its letters' name words), not once for each.
func NewMatcherWithSeed(seed maphash.Seed) *Matcher {
	if seed == (maphash.Seed{}) {
		seed = maphash.MakeSeed()
	}
	return &Matcher{seed: seed}
}

// Add registers an original and returns its index, or -1 when it is too
// short, has no word characters, or is only the name of a city-state
// (Berlin, Hamburg, Bremen, also genitive or adjective): a city-state is
// state-level and kept by the state policy (SPEC §6), like the
// LOCATION_STATE spans Audited exempts, and its districts' surrogates
// ("Berlin-Spandau") must be allowed to carry its name.
func (m *Matcher) Add(original string) int {
	id := -1
	withTokens(original, func(toks []tok) { id = m.add(toks) })
	return id
}

// add is Add of an original split into toks (a pooled list: nothing of it
// is kept but hashes).
func (m *Matcher) add(toks []tok) int {
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
	h0 := m.word(toks[0].w)
	h := h0
	for _, t := range toks[1:] {
		h = seqStep(h, m.word(t.w))
	}
	// the word count is recorded before the dedupe: should two sequences
	// share a hash, the second is still looked up where it may start, and
	// found (as the first): a collision only adds hits
	l := len(toks)
	m.first.or(firstKey(h0), lenBit(l))
	if l >= 32 {
		if i, found := slices.BinarySearch(m.long, l); !found {
			m.long = slices.Insert(m.long, i, l)
		}
	}
	// an original registered before keeps its index: a corpus repeats
	// its names, and the matcher is kept for the whole run
	v, added := m.seq.put(seqKey(h, l), uint32(m.n))
	if !added {
		return int(v)
	}
	m.n++
	return int(v)
}

// lenBit is first's bit for originals of l words.
func lenBit(l int) uint32 { return 1 << (min(l, 32) - 1) }

// firstKey is the key in first of a word hashing to h.
func firstKey(h uint64) uint32 { return uint32(h >> 32) }

// word is the hash of a folded word under m's seed.
func (m *Matcher) word(w string) uint64 { return maphash.String(m.seed, w) }

// isCityStateTokens is isCityStateName of the tokens' words.
func isCityStateTokens(toks []tok) bool {
	if len(toks) == 1 {
		return cityStateName[toks[0].w]
	}
	words := make([]string, len(toks))
	for i, t := range toks {
		words[i] = t.w
	}
	return isCityStateName(words)
}

// isCityStateName reports whether words are a name of cityStateName; a single
// word is looked up as it is, without joining.
func isCityStateName(words []string) bool {
	if len(words) == 1 {
		return cityStateName[words[0]]
	}
	return cityStateName[strings.Join(words, " ")]
}

// AuditCityStates makes Add register the city-states' names (Berlin,
// Hamburg, Bremen) like any other original: under --replace-state they are
// replaced, so finding one in a public text is a leak.
func (m *Matcher) AuditCityStates() { m.auditCityStates = true }

// Len is the number of originals registered.
func (m *Matcher) Len() int { return m.n }

type tok struct {
	w          string
	begin, end int
}

// tokenizer holds the buffers of run: scan, FindAll and ContainsAny
// split every text they are given (a public letter, each candidate
// surrogate) and take one from a pool, so that the token list does not
// grow anew for every text.
type tokenizer struct {
	toks    []tok
	w       []byte // a word that is not a plain slice of s
	wMax    int    // the longest w of the text split last (w is reset for every word)
	lower   []byte // the lower case of plain words with capitals, one after the other
	lowered []lowSpan
	// hs holds the hashes of toks' words under seed once hashed is set
	// (see hashes); run resets it
	hs     []wordHash
	seed   maphash.Seed
	hashed bool
}

// wordHash is a token's word hash, and when the word ends in an s (and is
// more than that s) the hash of its stem without it, for the genitives.
type wordHash struct {
	w, stem uint64
	gen     bool
}

// hashes returns the word hashes of tz.toks under seed, hashing them only
// when the last call was for another seed.
func (tz *tokenizer) hashes(seed maphash.Seed) []wordHash {
	if tz.hashed && tz.seed == seed {
		return tz.hs
	}
	hs := tz.hs[:0]
	for _, t := range tz.toks {
		h := wordHash{w: maphash.String(seed, t.w)}
		if g, ok := strings.CutSuffix(t.w, "s"); ok && g != "" {
			h.stem, h.gen = maphash.String(seed, g), true
		}
		hs = append(hs, h)
	}
	tz.hs, tz.seed, tz.hashed = hs, seed, true
	return hs
}

// lowSpan is a capitalised plain word's token and its bytes in lower.
type lowSpan struct{ tok, from, to int }

var tokenizers = sync.Pool{New: func() any { return new(tokenizer) }}

// maxPooledToks and maxPooledBytes bound what a pooled tokenizer keeps:
// after a text with a huge word or very many tokens, a fresh one is
// cheaper than carrying the buffers (and clearing them) on.
const (
	maxPooledToks  = 1 << 16
	maxPooledBytes = 64 << 10
)

// withTokens calls fn with the tokens of s from a pooled tokenizer; fn
// must not keep the slice (the words are strings of their own and may be
// kept). The tokenizer goes back to the pool holding nothing of s.
func withTokens(s string, fn func([]tok)) {
	withTokenizer(s, func(tz *tokenizer) { fn(tz.toks) })
}

// withTokenizer is withTokens handing fn the tokenizer (its tokens and
// their hashes).
func withTokenizer(s string, fn func(*tokenizer)) {
	tz := tokenizers.Get().(*tokenizer)
	tz.run(s)
	fn(tz)
	if tz.release() {
		tokenizers.Put(tz)
	}
}

// release clears what the last run left in tz's buffers and reports
// whether tz may be pooled. Only the bytes that run wrote are cleared
// (every earlier run cleared its own): w up to the longest word it held,
// lower (which only grows within a run) up to its length.
func (tz *tokenizer) release() bool {
	clear(tz.toks)
	clear(tz.w[:tz.wMax])
	clear(tz.lower)
	clear(tz.hs)
	tz.wMax, tz.hashed = 0, false
	if cap(tz.toks) > maxPooledToks || cap(tz.hs) > maxPooledToks || cap(tz.w) > maxPooledBytes || cap(tz.lower) > maxPooledBytes {
		return false
	}
	tz.toks, tz.w, tz.lower, tz.lowered, tz.hs = tz.toks[:0], tz.w[:0], tz.lower[:0], tz.lowered[:0], tz.hs[:0]
	return true
}

// run splits s into words of letters, digits and combining marks,
// normalised so that the written variants of one name match: lower case,
// Unicode NFC (a decomposed ü is ü), ß and ẞ as ss (QUASTENGROSS is
// Quastengroß), and invisible format characters (soft hyphen, zero-width
// space and joiners, U+FEFF) dropped without breaking the word. Offsets
// are those of s. The result is tz.toks, in tz's buffers.
func (tz *tokenizer) run(s string) []tok {
	tz.hashed = false
	out := tz.toks[:0]
	w := tz.w[:0]
	lower := tz.lower[:0]
	lowered := tz.lowered[:0]
	wMax := tz.wMax
	start, end := -1, -1
	plain := true // the word so far is s[start:end]: ASCII letters and digits only
	upper := false
	flush := func() {
		if start < 0 {
			return
		}
		var word string
		switch {
		case plain && !upper:
			word = s[start:end] // ASCII: already lower case, NFC, no ß
		case plain:
			from := len(lower)
			for k := start; k < end; k++ {
				c := s[k]
				if 'A' <= c && c <= 'Z' {
					c += 'a' - 'A'
				}
				lower = append(lower, c)
			}
			lowered = append(lowered, lowSpan{len(out), from, len(lower)})
		default:
			word = foldWord(w)
			wMax = max(wMax, len(w))
		}
		out = append(out, tok{w: word, begin: start, end: end})
		start = -1
	}
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if asciiWord[c] {
				if start < 0 {
					start, plain, upper = i, true, false
				} else if !plain {
					w = append(w, c)
				}
				upper = upper || c <= 'Z' && c >= 'A'
				end = i + 1
			} else {
				flush()
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r):
			if start < 0 {
				start, plain, w = i, false, w[:0]
			} else if plain {
				plain, w = false, append(w[:0], s[start:end]...)
			}
			w = utf8.AppendRune(w, r)
			end = i + n
		case unicode.Is(unicode.Cf, r):
			// invisible: neither a word character nor a break
			if start >= 0 && plain {
				plain, w = false, append(w[:0], s[start:end]...)
			}
		default:
			flush()
		}
		i += n
	}
	flush()
	if len(lowered) > 0 {
		all := string(lower) // one allocation for every capitalised plain word
		for _, l := range lowered {
			out[l.tok].w = all[l.from:l.to]
		}
	}
	tz.toks, tz.w, tz.wMax, tz.lower, tz.lowered = out, w, wMax, lower, lowered
	return out
}

// asciiWord marks the ASCII letters and digits.
var asciiWord = func() (t [utf8.RuneSelf]bool) {
	for c := '0'; c <= '9'; c++ {
		t[c] = true
	}
	for c := 'a'; c <= 'z'; c++ {
		t[c], t[c-'a'+'A'] = true, true
	}
	return t
}()

// foldWord is fold(string(w)) with one allocation for a word of Latin-1
// runes (German text: umlauts, ß, accented letters), which needs neither
// the NFC check nor a second pass: every rune below U+0100 lowers to one
// below U+0100 (unicode.ToLower, as strings.ToLower maps it), none of them
// is a combining mark and no two of them compose, so such a word is NFC
// already. Any other rune takes fold.
func foldWord(w []byte) string {
	n := len(w)
	for i := 0; i < len(w); i++ {
		switch c := w[i]; {
		case c < utf8.RuneSelf:
		case c == 0xc3 && i+1 < len(w) && w[i+1] == 0x9f: // ß → ss
			n++
			i++
		case (c == 0xc2 || c == 0xc3) && i+1 < len(w) && w[i+1]&0xc0 == 0x80:
			i++
		default:
			return fold(string(w))
		}
	}
	out := make([]byte, 0, n)
	for i := 0; i < len(w); i++ {
		c := w[i]
		if c < utf8.RuneSelf {
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			out = append(out, c)
			continue
		}
		r := rune(c&0x1f)<<6 | rune(w[i+1]&0x3f)
		i++
		if r == 'ß' {
			out = append(out, 's', 's')
			continue
		}
		out = utf8.AppendRune(out, unicode.ToLower(r))
	}
	return string(out)
}

// fold normalises one word (see tokenizer.run).
func fold(w string) string {
	w = strings.ToLower(w)
	if !norm.NFC.IsNormalString(w) {
		w = norm.NFC.String(w)
	}
	if strings.ContainsAny(w, "ßẞ") {
		w = strings.ReplaceAll(strings.ReplaceAll(w, "ß", "ss"), "ẞ", "ss")
	}
	return w
}

// Find returns every occurrence of a registered original in text.
func (m *Matcher) Find(text string) []Hit {
	var hits []Hit
	m.scan(text, func(h Hit) bool {
		hits = append(hits, h)
		return true
	})
	return hits
}

// Contains reports whether text contains any registered original.
func (m *Matcher) Contains(text string) bool {
	found := false
	m.scan(text, func(Hit) bool {
		found = true
		return false
	})
	return found
}

// scan calls hit for each occurrence until it returns false.
func (m *Matcher) scan(text string, hit func(Hit) bool) {
	if m == nil || m.n == 0 {
		return
	}
	withTokenizer(text, func(tz *tokenizer) { m.scanTokens(tz, hit) })
}

// FindAll returns every occurrence in text of an original registered in
// any of ms (nil ones are skipped), in the order of ms; the text is
// split into words once.
func FindAll(text string, ms ...*Matcher) []Hit {
	if !anyOriginal(ms) {
		return nil
	}
	var hits []Hit
	withTokenizer(text, func(tz *tokenizer) {
		for _, m := range ms {
			if m == nil || m.n == 0 {
				continue
			}
			m.scanTokens(tz, func(h Hit) bool {
				hits = append(hits, h)
				return true
			})
		}
	})
	return hits
}

// anyOriginal reports whether one of ms has an original registered.
func anyOriginal(ms []*Matcher) bool {
	for _, m := range ms {
		if m != nil && m.n > 0 {
			return true
		}
	}
	return false
}

// ContainsAny reports whether text contains an original registered in
// any of ms (nil ones are skipped), splitting the text into words once.
func ContainsAny(text string, ms ...*Matcher) bool {
	if !anyOriginal(ms) {
		return false
	}
	found := false
	withTokenizer(text, func(tz *tokenizer) {
		for _, m := range ms {
			if m == nil || m.n == 0 {
				continue
			}
			m.scanTokens(tz, func(Hit) bool {
				found = true
				return false
			})
			if found {
				return
			}
		}
	})
	return found
}

// scanTokens calls hit for every original that starts at a token, token
// by token; at one token the originals whose first word it is come in
// the order they were added (of any word count, the last word as written
// or as its genitive), then the one-word original the token is the
// genitive of (Quastenmeyers, Leipzigs). It reports false when hit
// stopped it.
func (m *Matcher) scanTokens(tz *tokenizer, hit func(Hit) bool) bool {
	toks, hs := tz.toks, tz.hashes(m.seed)
	var buf [8]cand
	for i, t := range toks {
		if mask, ok := m.first.get(firstKey(hs[i].w)); ok {
			cands := m.startingAt(hs, i, mask, buf[:0])
			if len(cands) > 1 {
				slices.SortFunc(cands, func(a, b cand) int { return cmp.Compare(a.id, b.id) })
			}
			for _, c := range cands {
				if !hit(Hit{Original: int(c.id), Begin: t.begin, End: toks[c.last].end}) {
					return false
				}
			}
		}
		if hs[i].gen {
			if id, ok := m.seq.get(seqKey(hs[i].stem, 1)); ok && !hit(Hit{Original: int(id), Begin: t.begin, End: t.end}) {
				return false
			}
		}
	}
	return true
}

// cand is an original found at a token: its index and its last token.
type cand struct {
	id   uint32
	last int
}

// startingAt appends the originals that start at token i (hs: the
// tokens' word hashes, mask: the word counts first holds for token i's
// word) with their last word as written or with a genitive -s (from two
// words on; a one-word original's genitive is scanTokens' own look-up).
func (m *Matcher) startingAt(hs []wordHash, i int, mask uint32, out []cand) []cand {
	maxL := len(hs) - i
	if mask&(1<<31) == 0 {
		maxL = min(maxL, bits.Len32(mask))
	} else if len(m.long) > 0 {
		maxL = min(maxL, m.long[len(m.long)-1])
	}
	prefix := hs[i].w // hash of the words i … i+l-2
	for l := 1; l <= maxL; l++ {
		if l > 2 {
			prefix = seqStep(prefix, hs[i+l-2].w)
		}
		if !m.hasLen(mask, l) {
			continue
		}
		last := i + l - 1
		if l == 1 {
			if id, ok := m.seq.get(seqKey(prefix, 1)); ok {
				out = append(out, cand{id, last})
			}
			continue
		}
		if id, ok := m.seq.get(seqKey(seqStep(prefix, hs[last].w), l)); ok {
			out = append(out, cand{id, last})
		}
		if hs[last].gen {
			if id, ok := m.seq.get(seqKey(seqStep(prefix, hs[last].stem), l)); ok {
				out = append(out, cand{id, last})
			}
		}
	}
	return out
}

// hasLen reports whether mask (first's value for a word) holds originals
// of l words.
func (m *Matcher) hasLen(mask uint32, l int) bool {
	if l < 32 {
		return mask&(1<<(l-1)) != 0
	}
	if mask&(1<<31) == 0 {
		return false
	}
	_, found := slices.BinarySearch(m.long, l)
	return found
}

// Outside returns the hits that do not lie wholly inside one of kept, the
// byte ranges [begin, end) of text a document publishes as written by
// rule: a PROFESSION, an AGE ≤ 89, a LOCATION_STATE or a title kept by the
// state and title policies. Such a text is the letter's own, classified by
// its annotator as not identifying, and published unchanged on purpose;
// that it also spells an original of the project ("Richter" the profession
// and Dr. Richter of another letter, "Landkreis Rosenheim" and the city
// Rosenheim) is no leak. A hit reaching past a kept range still counts.
// hits is filtered in place.
func Outside(hits []Hit, kept [][2]int) []Hit {
	if len(kept) == 0 {
		return hits
	}
	return slices.DeleteFunc(hits, func(h Hit) bool {
		return slices.ContainsFunc(kept, func(r [2]int) bool { return r[0] <= h.Begin && h.End <= r[1] })
	})
}
