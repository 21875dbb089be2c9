package contact

import (
	"math/rand"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// partKind says how one piece of a user name, e-mail address or URL is
// rendered.
type partKind int

const (
	pKeep     partKind = iota // written as is (separators, TLD, scheme, extensions, query keys)
	pFixed                    // replaced by a surrogate found in the scope (name, city, organisation)
	pGeneric                  // generic word: kept, or a pseudo-word when the result must change more
	pWord                     // pseudo-word (or random letters) of the same length and case
	pDigits                   // random digits of the same count
	pExtra                    // one random digit appended when the result must change more
	pOctet                    // an IPv4 octet: a random number of the same digit count, at most 255
	pInitials                 // initials of somebody not in the text ("kl"): letters by German initial frequency
)

type part struct {
	kind  partKind
	text  string // the original text of the part
	fixed string // the replacement of a pFixed part
	name  bool   // the part spelled a person name
	// pool holds plausible words for a pWord or pGeneric part of an
	// e-mail address or host (drawn instead of a pseudo-word).
	pool []string
}

// plan is a written value cut into parts; rendering it with an rng gives a
// surrogate of the same structure.
type plan []part

// render writes the plan. level 0 keeps generic words; level ≥ 1 replaces
// them too; level ≥ 2 also writes the pExtra digits. Used to escape
// collisions and results equal to the original.
func (p plan) render(r *rand.Rand, level int) string {
	var b strings.Builder
	for _, pt := range p {
		switch pt.kind {
		case pKeep:
			b.WriteString(pt.text)
		case pFixed:
			b.WriteString(pt.fixed)
		case pGeneric:
			switch {
			case level == 0:
				b.WriteString(pt.text)
			case len(pt.pool) > 0:
				b.WriteString(applyStyle(pt.text, pt.pool[r.Intn(len(pt.pool))]))
			default:
				b.WriteString(pseudoLike(pt.text, r))
			}
		case pWord:
			if len(pt.pool) > 0 {
				b.WriteString(applyStyle(pt.text, pt.pool[r.Intn(len(pt.pool))]))
			} else {
				b.WriteString(pseudoLike(pt.text, r))
			}
		case pDigits:
			b.WriteString(randomDigits(utf8.RuneCountInString(pt.text), "", r))
		case pInitials:
			b.WriteString(initialsLike(pt.text, r))
		case pOctet:
			switch len(pt.text) {
			case 1:
				b.WriteString(strconv.Itoa(r.Intn(10)))
			case 2:
				b.WriteString(strconv.Itoa(10 + r.Intn(90)))
			default:
				b.WriteString(strconv.Itoa(100 + r.Intn(156)))
			}
		case pExtra:
			if level >= 2 {
				b.WriteString(randomDigits(1, "", r))
			}
		}
	}
	return b.String()
}

func (p plan) hasName() bool {
	for _, pt := range p {
		if pt.name {
			return true
		}
	}
	return false
}

var percentEnc = regexp.MustCompile(`%[0-9A-Fa-f]{2}`)

// tokenOpts tune planTokens for the context of the text.
type tokenOpts struct {
	ascii bool // output must be ASCII (e-mail): generic words with umlauts are transliterated
	sep   string
	// plausible: other words become plausible words (names of the
	// resources), not pseudo-words — e-mail local parts and hosts.
	plausible bool
}

// planTokens cuts s into letter runs, digit runs and other characters and
// decides for each: person names and cities surrogated in the scope are
// rebuilt from their surrogate (ASCII, same case style), generic words are
// kept, other words become pseudo-words, digits random digits, other
// characters and percent escapes are kept.
func planTokens(s string, lx *lexicon, o tokenOpts) plan {
	var out plan
	for len(s) > 0 {
		loc := percentEnc.FindStringIndex(s)
		chunk := s
		if loc != nil {
			chunk = s[:loc[0]]
		}
		out = append(out, planChunk(chunk, lx, o)...)
		if loc == nil {
			break
		}
		out = append(out, part{kind: pKeep, text: s[loc[0]:loc[1]]})
		s = s[loc[1]:]
	}
	markInitials(out, lx)
	markNicknames(out, lx)
	return out
}

// markNicknames turns a short form of a first name next to a spelled name
// ("tobi.albers", "chris-meier") into the same short form of that first
// name's surrogate: its beginning as long as the original's, or, for a
// pet name ending in -i, the surrogate's first syllable and -i ("tobi" of
// Tobias → "andi" of Andreas).
func markNicknames(p plan, lx *lexicon) {
	if !p.hasName() {
		return
	}
	keys := make([]string, 0, len(lx.first))
	for k := range lx.first {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for i, pt := range p {
		c := compact(pt.text, false)
		if pt.kind != pWord || len(c) < 3 || len(c) != len(pt.text) {
			continue
		}
		near := func(j int) bool { return j >= 0 && j < len(p) && p[j].name }
		if !near(i-2) && !near(i+2) && !near(i-1) && !near(i+1) {
			continue
		}
		pet := strings.HasSuffix(c, "i") && len(c) >= 3 && len(c) <= 6
		for _, k := range keys {
			sub := compact(lx.first[k].surrogate, false)
			if len(k) <= len(c) || sub == "" {
				continue
			}
			var v string
			switch {
			case pet && strings.HasPrefix(k, c[:len(c)-1]):
				v = firstSyllable(sub) + "i"
			case strings.HasPrefix(k, c):
				v = sub[:min(len(c), len(sub))]
			default:
				continue
			}
			p[i] = part{kind: pFixed, text: pt.text, fixed: applyStyle(pt.text, v), name: true}
			break
		}
	}
}

// firstSyllable is the beginning of a name up to its first vowel group and
// the consonants after it but the last of several ("andreas" → "and",
// "sebastian" → "seb", "christian" → "chris").
func firstSyllable(s string) string {
	i := 0
	for i < len(s) && !strings.ContainsRune("aeiouy", rune(s[i])) {
		i++
	}
	for i < len(s) && strings.ContainsRune("aeiouy", rune(s[i])) {
		i++
	}
	j := i
	for j < len(s) && !strings.ContainsRune("aeiouy", rune(s[j])) {
		j++
	}
	switch {
	case j-i >= 2: // "andreas" → "and", "christian" → "chris"
		i = j - 1
	case j > i:
		i = j
	}
	return s[:i]
}

func planChunk(s string, lx *lexicon, o tokenOpts) plan {
	toks := tokenize(s)
	var out plan
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		switch t.kind {
		case '9':
			out = append(out, part{kind: pDigits, text: t.text})
			continue
		case '.':
			out = append(out, part{kind: pKeep, text: t.text})
			continue
		}
		// multi-token names: "meier-schulz", "von.der.leyen"
		if n, pt, ok := windowName(toks[i:], lx); ok {
			out = append(out, pt)
			i += n - 1
			continue
		}
		out = append(out, wordPart(t.text, lx, o)...)
	}
	return out
}

// windowName matches 3 or 2 letter tokens joined by one-character
// separators against the scope's surnames and first names.
func windowName(toks []token, lx *lexicon) (int, part, bool) {
	for _, w := range []int{5, 3} { // tokens including separators
		if len(toks) < w {
			continue
		}
		var c strings.Builder
		ok := true
		for k := 0; k < w; k++ {
			t := toks[k]
			if k%2 == 0 && t.kind != 'a' || k%2 == 1 && (t.kind != '.' || len(t.text) != 1) {
				ok = false
				break
			}
			if k%2 == 0 {
				c.WriteString(compact(t.text, false))
			}
		}
		if !ok {
			continue
		}
		h, found := lx.sur[c.String()]
		if !found {
			h, found = lx.first[c.String()]
		}
		if !found {
			continue
		}
		var text strings.Builder
		for k := 0; k < w; k++ {
			text.WriteString(toks[k].text)
		}
		sep := toks[1].text
		v := slug(h.surrogate, sep)
		if h.plain {
			v = slug(plainTranslit(h.surrogate), sep)
		}
		// each word in the style of the original word at its position
		words := strings.Split(v, sep)
		for k := range words {
			words[k] = applyStyle(toks[min(2*k, w-1)].text, words[k])
		}
		return w, part{kind: pFixed, text: text.String(), fixed: strings.Join(words, sep), name: true}, true
	}
	return 0, part{}, false
}

// wordPart plans one letter token.
func wordPart(tok string, lx *lexicon, o tokenOpts) []part {
	c := compact(tok, false)
	if ps, ok := lx.nameOf(c); ok {
		return []part{{kind: pFixed, text: tok, fixed: styled(tok, ps), name: true}}
	}
	if cp := compact(tok, true); cp != c {
		if ps, ok := lx.nameOf(cp); ok {
			return []part{{kind: pFixed, text: tok, fixed: styled(tok, ps), name: true}}
		}
	}
	if city, ok := lx.cityOf(c); ok {
		return []part{{kind: pFixed, text: tok, fixed: applyStyle(tok, slug(city, "-"))}}
	}
	if isGeneric(tok) {
		if o.ascii && translit(tok) != tok {
			return []part{{kind: pFixed, text: tok, fixed: translit(tok)}}
		}
		if o.plausible {
			return []part{{kind: pGeneric, text: tok, pool: lx.plausible(len(c))}}
		}
		return []part{{kind: pGeneric, text: tok}}
	}
	// compounds of a generic word and a city or name: "uniklinikumleipzig"
	if translit(tok) == tok && len(tok) >= 6 {
		for i := 3; i <= len(tok)-3; i++ {
			a, b := tok[:i], tok[i:]
			if isGeneric(a) {
				if v, ok := lx.cityOf(compact(b, false)); ok {
					return []part{{kind: pGeneric, text: a}, {kind: pFixed, text: b, fixed: applyStyle(b, slug(v, ""))}}
				}
				if ps, ok := lx.nameOf(compact(b, false)); ok {
					return []part{{kind: pGeneric, text: a}, {kind: pFixed, text: b, fixed: styled(b, ps), name: true}}
				}
			}
			if isGeneric(b) {
				if v, ok := lx.cityOf(compact(a, false)); ok {
					return []part{{kind: pFixed, text: a, fixed: applyStyle(a, slug(v, ""))}, {kind: pGeneric, text: b}}
				}
				if ps, ok := lx.nameOf(compact(a, false)); ok {
					return []part{{kind: pFixed, text: a, fixed: styled(a, ps), name: true}, {kind: pGeneric, text: b}}
				}
			}
		}
	}
	if o.plausible && len(c) >= 2 && len(c) <= 4 && len(c) == len(tok) && !strings.ContainsAny(c, "aeiouy") {
		// an acronym ("sbb", "hdf", "vvph"): letters as initials are
		// drawn, not a word
		return []part{{kind: pInitials, text: tok}}
	}
	if o.plausible && translit(tok) == tok && len(tok) >= 12 {
		// a long compound ending in a generic word ("muehlenkreiskliniken"):
		// a plausible word before the kept generic one, not a pseudo-word
		for i := 4; i <= len(tok)-5; i++ {
			if a, b := tok[:i], tok[i:]; isGeneric(b) {
				if pool := lx.plausible(len(a)); len(pool) > 0 {
					return []part{{kind: pWord, text: a, pool: pool}, {kind: pGeneric, text: b}}
				}
			}
		}
	}
	if o.plausible {
		if pool := lx.plausible(len(c)); len(pool) > 0 {
			return []part{{kind: pWord, text: tok, pool: pool}}
		}
	}
	return []part{{kind: pWord, text: tok}}
}

// markInitials turns single letters next to a spelled name ("s.peter",
// "peter.s") into the surrogate initial.
func markInitials(p plan, lx *lexicon) {
	if !p.hasName() {
		return
	}
	for i, pt := range p {
		if pt.kind != pWord || utf8.RuneCountInString(pt.text) != 1 {
			continue
		}
		near := func(j int) bool { return j >= 0 && j < len(p) && p[j].name }
		if near(i-2) || near(i+2) || near(i-1) || near(i+1) {
			p[i] = part{kind: pFixed, text: pt.text, fixed: applyStyle(pt.text, lx.initialFor(pt.text)), name: true}
		}
	}
}
