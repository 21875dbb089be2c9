package audit

import (
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"github.com/surrogator/surrogator/surrogator/kinds"
)

// Audited reports whether originals of kind k are searched for. Kept
// kinds are exempt: besides dates, ages, professions and titles, the
// LOCATION_COUNTRY and LOCATION_STATE spans, which the state policy keeps
// by default (SPEC §6).
func Audited(k kinds.Kind) bool {
	switch k {
	case kinds.Date, kinds.DateBirth, kinds.DateDeath, kinds.Age, kinds.Profession, kinds.NameTitle, "",
		kinds.LocationCountry, kinds.LocationState:
		return false
	}
	return true
}

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
	isCityState := k == kinds.LocationCity && cityState != nil && cityState(text)
	if replaceState {
		if k == kinds.LocationState || isCityState {
			return true
		}
		return Audited(k)
	}
	if isCityState {
		return false
	}
	return Audited(k)
}

// MinLen is the fewest letters and digits an original must have to be
// searched for (an initial "M." is not: it would match every lone "m").
const MinLen = 2

// Matcher finds originals in text.
type Matcher struct {
	// first token → originals starting with it (as token lists)
	idx map[string][]entry
	n   int
	// auditCityStates: Add registers city-state names too (--replace-state).
	auditCityStates bool
}

type entry struct {
	toks []string
	id   int
}

// Hit is one original found in a text.
type Hit struct {
	// Original is the index of the original as added.
	Original int
	// Begin and End are byte offsets of the match in the text.
	Begin, End int
}

// NewMatcher returns an empty matcher.
func NewMatcher() *Matcher { return &Matcher{idx: map[string][]entry{}} }

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

// add is Add of an original split into toks (a pooled list: it keeps
// copies of the words only).
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
	// an original registered before keeps its index: a corpus repeats
	// its names, and the matcher is kept for the whole run
	for _, e := range m.idx[toks[0].w] {
		if slices.EqualFunc(e.toks, toks, func(w string, t tok) bool { return w == t.w }) {
			return e.id
		}
	}
	words := make([]string, len(toks))
	for i, t := range toks {
		words[i] = strings.Clone(t.w) // never a window into a document's text
	}
	id := m.n
	m.n++
	m.idx[words[0]] = append(m.idx[words[0]], entry{toks: words, id: id})
	return id
}

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

// tokens splits s into words of letters, digits and combining marks,
// normalised so that the written variants of one name match: lower case,
// Unicode NFC (a decomposed ü is ü), ß and ẞ as ss (QUASTENGROSS is
// Quastengroß), and invisible format characters (soft hyphen, zero-width
// space and joiners, U+FEFF) dropped without breaking the word. Offsets
// are those of s.
func tokens(s string) []tok {
	tz := tokenizer{toks: make([]tok, 0, len(s)/8)}
	return tz.run(s)
}

// tokenizer holds the buffers of tokens: scan, FindAll and ContainsAny
// split every text they are given (a public letter, each candidate
// surrogate) and take one from a pool, so that the token list does not
// grow anew for every text.
type tokenizer struct {
	toks    []tok
	w       []byte // a word that is not a plain slice of s
	wMax    int    // the longest w of the text split last (w is reset for every word)
	lower   []byte // the lower case of plain words with capitals, one after the other
	lowered []lowSpan
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
	tz := tokenizers.Get().(*tokenizer)
	fn(tz.run(s))
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
	tz.wMax = 0
	if cap(tz.toks) > maxPooledToks || cap(tz.w) > maxPooledBytes || cap(tz.lower) > maxPooledBytes {
		return false
	}
	tz.toks, tz.w, tz.lower, tz.lowered = tz.toks[:0], tz.w[:0], tz.lower[:0], tz.lowered[:0]
	return true
}

// run is tokens(s) in tz's buffers; the result is tz.toks.
func (tz *tokenizer) run(s string) []tok {
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

// fold normalises one word (see tokens).
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
	withTokens(text, func(toks []tok) { m.scanTokens(toks, hit) })
}

// FindAll returns every occurrence in text of an original registered in
// any of ms (nil ones are skipped), in the order of ms; the text is
// split into words once.
func FindAll(text string, ms ...*Matcher) []Hit {
	if !anyOriginal(ms) {
		return nil
	}
	var hits []Hit
	withTokens(text, func(toks []tok) {
		for _, m := range ms {
			if m == nil || m.n == 0 {
				continue
			}
			m.scanTokens(toks, func(h Hit) bool {
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
	withTokens(text, func(toks []tok) {
		for _, m := range ms {
			if m == nil || m.n == 0 {
				continue
			}
			m.scanTokens(toks, func(Hit) bool {
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

func (m *Matcher) scanTokens(toks []tok, hit func(Hit) bool) {
	for i, t := range toks {
		for _, e := range m.idx[t.w] {
			if m.matches(toks, i, e) && !hit(Hit{Original: e.id, Begin: t.begin, End: toks[i+len(e.toks)-1].end}) {
				return
			}
		}
		// a one-word original in the genitive (Quastenmeyers, Leipzigs)
		if g, ok := strings.CutSuffix(t.w, "s"); ok && g != "" {
			for _, e := range m.idx[g] {
				if len(e.toks) == 1 && !hit(Hit{Original: e.id, Begin: t.begin, End: t.end}) {
					return
				}
			}
		}
	}
}

// matches reports whether the original e starts at toks[i]; its last word
// may carry a genitive -s.
func (m *Matcher) matches(toks []tok, i int, e entry) bool {
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
