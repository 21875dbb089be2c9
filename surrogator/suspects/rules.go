package suspects

import (
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/surrogator/surrogator/data"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/kinds"
)

// ---- person names ----

func (t *token) initial() bool {
	return t.dot && t.runes == 1 && t.is(shUpper)
}

func (r *run) names() {
	d := r.d
	toks := r.tokens
	for i := 0; i < len(toks); i++ {
		t := &toks[i]
		next := i + 1
		// salutation (+ title) + name: strong
		if t.cls&cSalut != 0 || t.dot && t.cls&cSalutDot != 0 {
			if next >= len(toks) || !r.near(t, &toks[next], true) {
				continue
			}
			if toks[next].cls&cRole != 0 {
				continue
			}
			// "Frau Richterin Lindemann": the occupation is no name
			if r.occOf(&toks[next]) != 0 && next+1 < len(toks) && r.near(&toks[next], &toks[next+1], false) {
				next++
			}
			k := kinds.NamePatient
			if te := r.title(next); te > 0 {
				r.add(toks[next].b, te, kinds.NameTitle, "salutation+title", prioName)
				for next < len(toks) && toks[next].b < te {
					next++
				}
				k = kinds.NameDoctor
				if next >= len(toks) || !r.near(&toks[next-1], &toks[next], false) {
					continue
				}
			}
			run := r.nameRunInit(next, 3, true)
			if len(run) == 0 && toks[next].initial() {
				run = []int{next} // "Frau M."
			}
			if len(run) > 0 {
				r.emitNames(run, k, "salutation", prioName)
				i = run[len(run)-1]
			}
			continue
		}
		// title + name: strong
		if te := r.title(i); te > 0 {
			j := i
			for j < len(toks) && toks[j].b < te {
				j++
			}
			if j < len(toks) && r.near(&toks[j-1], &toks[j], false) {
				run := r.nameRunInit(j, 3, true)
				if len(run) > 0 {
					r.add(t.b, te, kinds.NameTitle, "title", prioName)
					r.emitNames(run, kinds.NameDoctor, "title", prioName)
					i = run[len(run)-1]
					// "Drs. Seiler und Wantzer"
					if (t.f == "drs" || t.f == "dres") && i+2 < len(toks) &&
						(toks[i+1].s == "und" || toks[i+1].s == "u") && toks[i+2].nameShaped() && !toks[i+2].medical() {
						r.emitNames([]int{i + 2}, kinds.NameDoctor, "title", prioName)
						i += 2
					}
					continue
				}
			}
		}
		// role noun + name
		var k kinds.Kind
		role := false
		if t.cls&cRole != 0 {
			k, role = d.roles[t.f]
		} else if t.dot && t.cls&cRoleDot != 0 {
			k, role = d.roleDot[t.f]
		}
		// "Zuweiser: Dr. Ingrid Faßbender": the title rule reads a title
		// after the role (at the next token)
		if role && t.is(shUpper) && !(next < len(toks) && r.title(next) > 0) {
			// a role noun before an initial names a person even when
			// the word after it is an eponym ("Patientin M. Boeck")
			if next < len(toks) && toks[next].initial() && r.near(t, &toks[next], false) {
				if run := r.nameRunInit(next, 3, true); len(run) > 0 {
					r.emitNames(run, k, "role", prioName)
					i = run[len(run)-1]
					continue
				}
			}
			if next < len(toks) && r.near(t, &toks[next], false) {
				run := r.nameRun(next, 3, false)
				if len(run) > 0 {
					first := &toks[run[0]]
					if (k == kinds.NameDoctor && first.cls&cAmbiguous == 0 && !specialityWord(first)) || first.isFirst() || first.isSurname() {
						r.emitNames(run, k, "role", prioName)
						i = run[len(run)-1]
						continue
					}
				}
			}
		}
		if !t.nameShaped() || t.medical() {
			continue
		}
		// Nachname, Vorname
		if next < len(toks) && t.isSurname() {
			n := &toks[next]
			if gap := r.text[t.e:n.b]; strings.TrimSpace(gap) == "," && !strings.ContainsAny(gap, "\n\r") &&
				n.nameShaped() && n.isFirst() && !n.medical() && !strings.HasPrefix(strings.TrimLeftFunc(r.text[n.e:], unicode.IsSpace), "et al") {
				r.add(t.b, n.e, kinds.NamePatient, "surname,first", prioWeak)
				i = next
				continue
			}
		}
		// first name + surname
		if t.isFirst() && t.cls&cAmbiguous == 0 && !t.is(shAllUpper) {
			run := r.nameRun(i, 3, false)
			if len(run) >= 2 {
				if len(run) == 3 && !toks[run[2]].isSurname() && !toks[run[1]].isFirst() {
					run = run[:2]
				}
				r.emitNames(run, kinds.NamePatient, "first+surname", prioWeak)
				i = run[len(run)-1]
				continue
			}
		}
	}
	r.signatures()
	r.reportedOn()
	r.bornAfter()
	// initial + surname ("M. Boeck", "H. BLASENSTEIN"); a lone initial
	// as the subject of a verb ("M. wird vorgestellt")
	for i := 0; i+1 < len(toks); i++ {
		t, n := &toks[i], &toks[i+1]
		if t.initial() && initialVerbs[n.s] && r.near(t, n, false) && (i == 0 || !toks[i-1].initial()) {
			r.add(t.b, t.e+1, kinds.NamePatient, "initial+verb", prioWeak)
			continue
		}
		if t.initial() && r.near(t, n, false) && n.nameShaped() && !n.medical() && (n.isSurname() || n.is(shAllUpper)) {
			b := t.b
			if i > 0 && toks[i-1].initial() && r.near(&toks[i-1], t, false) {
				b = toks[i-1].b
			}
			r.add(b, n.e, kinds.NamePatient, "initial+surname", prioWeak)
		}
	}
}

// signatures: a line of two or three name-shaped words under a closing
// ("Mit freundlichen Grüßen", "Ihr") or above a role line ("Stationsarzt").
func (r *run) signatures() {
	toks := r.tokens
	// lines of tokens: [b, e) token ranges, pb the previous line's start
	pb := -1
	for b := 0; b < len(toks); {
		e := b + 1
		for e < len(toks) && !toks[e].nl {
			e++
		}
		if n := e - b; n >= 2 && n <= 3 && r.signatureLine(b, e, pb) {
			idx := [3]int{b, b + 1, b + 2}
			r.emitNames(idx[:n], kinds.NameDoctor, "signature", prioName)
		}
		pb, b = b, e
	}
}

func (r *run) signatureLine(b, e, pb int) bool {
	toks := r.tokens
	for j := b; j < e; j++ {
		t := &toks[j]
		if !t.nameShaped() && !r.tokAnnotated(t) || t.medical() {
			return false
		}
	}
	if !r.near(&toks[b], &toks[b+1], false) {
		return false
	}
	// above a doctor's role line
	if e < len(toks) {
		if t := &toks[e]; t.cls&cRole != 0 && r.d.roles[t.f] == kinds.NameDoctor {
			return true
		}
	}
	// under a closing
	if pb >= 0 {
		switch toks[b-1].f {
		case "gruessen", "gruesse", "gruss", "ihr", "ihre":
			return true
		}
	}
	return false
}

// reportedOn: "(wir) berichten über [unsere Patientin] Vorname Nachname".
func (r *run) reportedOn() {
	toks := r.tokens
	for i := 0; i+2 < len(toks); i++ {
		if toks[i+1].s != "über" || !strings.HasPrefix(toks[i].f, "bericht") {
			continue
		}
		j := i + 2
		for j < len(toks) && !toks[j].is(shUpper) && j < i+5 {
			j++ // unsere gemeinsame
		}
		if j < len(toks) && toks[j].cls&cRole != 0 {
			j++
		}
		if j >= len(toks) {
			continue
		}
		run := r.nameRun(j, 3, false)
		if len(run) >= 2 {
			r.emitNames(run, kinds.NamePatient, "reported-on", prioWeak)
		}
	}
}

// bornAfter: the words (initials included) directly before ", geb." or
// ", geboren" on their line name the patient, eponyms included
// ("Betr.: Asger Baastrup, geb. 5.7.54").
func (r *run) bornAfter() {
	toks := r.tokens
	for i := 1; i < len(toks); i++ {
		t := &toks[i]
		if !(t.s == "geb" && t.dot || t.s == "geboren") || t.nl || strings.TrimSpace(r.text[toks[i-1].e:t.b]) != "," {
			continue
		}
		// the run of name words ending at i-1
		b := i
		for b > 0 && i-b < 3 {
			p := &toks[b-1]
			if !p.nameShaped() && !p.initial() || b < i && (toks[b].nl || !r.near(p, &toks[b], false) || p.medical()) {
				break
			}
			b--
		}
		// an eponym alone ("Morbus Crohn, geb. …") is no name
		if b == i || toks[b].initial() && b == i-1 || b == i-1 && toks[b].medical() {
			continue
		}
		var idx [3]int
		n := 0
		for j := b; j < i; j++ {
			idx[n] = j
			n++
		}
		r.emitNames(idx[:n], kinds.NamePatient, "born", prioWeak)
	}
}

// near: b follows a on the same line separated by blanks (a's dot
// allowed); lineOK allows one line break (an address block).
func (r *run) near(a, b *token, lineOK bool) bool {
	gap := r.text[a.e:b.b]
	if r.d.eager {
		return nearGap(gap, lineOK)
	}
	// blanks and line breaks in ASCII; anything else the full test
	if gap != "" && gap[0] == '.' {
		gap = gap[1:]
	}
	if len(gap) > 4 {
		return false
	}
	nls := 0
	for i := 0; i < len(gap); i++ {
		switch gap[i] {
		case ' ', '\t', '\v', '\f':
		case '\n':
			nls++
			fallthrough
		case '\r':
			if !lineOK {
				return false
			}
		default:
			if gap[i] >= utf8.RuneSelf {
				return nearGap(gap, lineOK)
			}
			return false // an ASCII character that is no space
		}
	}
	return nls <= 1
}

// nearGap is near's test of the text between two tokens.
func nearGap(gap string, lineOK bool) bool {
	gap = strings.TrimPrefix(gap, ".")
	if len(gap) > 4 || strings.TrimSpace(gap) != "" {
		return false
	}
	if strings.Count(gap, "\n") > 1 || (!lineOK && strings.ContainsAny(gap, "\n\r")) {
		return false
	}
	return true
}

// nameRunInit is nameRun that also accepts initials ("H. Blasenstein").
func (r *run) nameRunInit(i, max int, strong bool) []int {
	var out []int
	for j := i; j < len(r.tokens) && len(out) < max; j++ {
		t := &r.tokens[j]
		if j > i && (t.nl || !r.near(&r.tokens[j-1], t, false)) {
			break
		}
		if t.initial() {
			out = append(out, j)
			continue
		}
		if !t.nameShaped() && !r.tokAnnotated(t) {
			break
		}
		if !strong && t.medical() {
			break
		}
		out = append(out, j)
	}
	// a run of initials alone is no name
	for _, j := range out {
		if !r.tokens[j].initial() {
			return out
		}
	}
	return nil
}

// initialVerbs are finite verbs after which a lone initial is a person
// ("M. wird vorgestellt", "K. klagt über").
var initialVerbs = fieldSet(`wird wurde ist war hat hatte habe sei kam kommt zeigte zeigt klagt klagte berichtet
	berichtete erhielt erhält befand befindet lebt lebte wohnt wohnte gibt gab stellte stellt wünscht wünschte möchte
	konnte kann soll sollte leidet litt bemerkte äußerte verneint verneinte nimmt nahm arbeitet arbeitete stürzte erlitt`)

// fieldSet is the set of the whitespace-separated words of s, as written.
func fieldSet(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}

// ---- places ----

var placePrepositions = map[string]bool{"in": true, "aus": true, "nach": true, "bei": true, "von": true, "vom": true, "zu": true, "wohnhaft": true}

func (r *run) cities() {
	d := r.d
	for i := range r.tokens {
		t := &r.tokens[i]
		if !t.nameShaped() && !(t.is(shAllUpper) && t.runes >= 4) {
			continue
		}
		known := t.cls&cKnownCity != 0
		if !known && t.nameShaped() && !t.medical() && t.cls&(cFirst|cSurname|cState) == 0 {
			if k, ok := regionalName(d, t.f); ok {
				r.add(t.b, t.e, k, "regional", prioPlace)
				continue
			}
		}
		if !known && d.places == nil {
			continue
		}
		ctx := false
		if i > 0 {
			p := &r.tokens[i-1]
			ctx = (placePrepositions[p.s] || isZip(p.s)) && r.near(p, t, false)
		}
		weak := t.cls&cAmbiguous != 0 || t.medical() || t.isFirst()
		if known && (!weak || ctx) {
			r.add(t.b, t.e, kinds.LocationCity, "gazetteer", prioPlace)
			continue
		}
		if !known && ctx && !t.medical() {
			if _, ok := d.places.Lookup(t.s); ok {
				r.add(t.b, t.e, kinds.LocationCity, "geodata", prioPlace)
			}
		}
	}
}

// regionalName: the adjective of a gazetteer town ("Dresdner",
// "Leipziger", "Göttinger") or a compass part of a state or town
// ("Ostsachsen", "Nordhessen", "Oberbayern"), from the folded word f.
func regionalName(d *Detector, f string) (kinds.Kind, bool) {
	city := func(key []byte) bool { c := d.lookup(key); return c&cKnownCity != 0 && c&cAmbiguous == 0 }
	var buf [64]byte
	if n := len(f); n > 5 && n < len(buf)-2 && strings.HasSuffix(f, "er") && !strings.Contains(f, " ") {
		if city(append(buf[:0], f[:n-2]...)) || city(append(append(buf[:0], f[:n-2]...), "en"...)) ||
			city(append(append(buf[:0], f[:n-3]...), "en"...)) {
			return kinds.LocationCity, true
		}
	}
	// every compass part starts with one of these bytes
	if f == "" || strings.IndexByte("owsmnu", f[0]) < 0 {
		return "", false
	}
	for _, p := range compassParts {
		if rest, ok := strings.CutPrefix(f, p); ok && len(rest) >= 4 {
			var c uint64
			if len(rest) <= len(buf) {
				c = d.lookup(append(buf[:0], rest...))
			} else {
				c = d.lex[rest]
			}
			if c&cState != 0 || c&cKnownCity != 0 && c&cAmbiguous == 0 {
				return kinds.LocationState, true
			}
		}
	}
	return "", false
}

var compassParts = []string{"ost", "west", "nord", "sued", "mittel", "ober", "nieder", "unter"}

func isZip(s string) bool {
	if len(s) != 5 {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// tokensOf returns the tokens [lo, hi) of the text within [b, e); ok is
// false when a token crosses b or e (the text's tokens then differ from
// those of text[b:e] alone).
func (r *run) tokensOf(b, e int) (lo, hi int, ok bool) {
	toks := r.tokens
	lo = sort.Search(len(toks), func(i int) bool { return toks[i].e > b })
	hi = lo
	for hi < len(toks) && toks[hi].b < e {
		hi++
	}
	if lo < hi && (toks[lo].b < b || toks[hi-1].e > e) {
		return 0, 0, false
	}
	return lo, hi, true
}

// ---- repeats of annotated strings ----

// repeats flags unannotated occurrences of annotated strings (and of the
// words of annotated names) at word boundaries. The needles are indexed by
// their first word part, and the text is read once: at every start of a
// word part the part is looked up.
func (r *run) repeats(spans []document.Span) {
	rp := &r.rep
	rp.needles, rp.odd, rp.groups = rp.needles[:0], rp.odd[:0], rp.groups[:0]
	if rp.seen == nil {
		rp.seen, rp.byFirst, rp.byString = map[needle]bool{}, map[string]int{}, map[string]int{}
	}
	clear(rp.seen)
	clear(rp.byFirst)
	clear(rp.byString)
	addNeedle := func(n string, k kinds.Kind) {
		nd := needle{s: n, k: k, next: -1}
		if utf8.RuneCountInString(n) < 3 {
			return
		}
		// seen before: the map does not grow (one look-up)
		l := len(rp.seen)
		rp.seen[needle{s: n, k: k}] = true
		if len(rp.seen) == l {
			return
		}
		if c, _ := utf8.DecodeRuneInString(n); !isWordRune(c) {
			rp.needles = append(rp.needles, nd)
			rp.odd = append(rp.odd, len(rp.needles)-1)
			return
		}
		// the group of the needles of a first word, with their lengths
		fp := firstPart(n)
		g, ok := rp.byFirst[fp]
		if !ok {
			g = len(rp.groups)
			rp.byFirst[fp] = g
			rp.groups = append(rp.groups, nil)
		}
		if i, found := slices.BinarySearch(rp.groups[g], len(n)); !found {
			rp.groups[g] = slices.Insert(rp.groups[g], i, len(n))
		}
		nd.group = g
		rp.needles = append(rp.needles, nd)
		id := len(rp.needles) - 1
		// chain the needles of one string (one per kind) in the order
		// they came
		head, ok := rp.byString[n]
		if !ok {
			rp.byString[n] = id
			return
		}
		for rp.needles[head].next >= 0 {
			head = rp.needles[head].next
		}
		rp.needles[head].next = id
	}
	for _, s := range spans {
		if s.Kind == "" || !kinds.RulesOf(s.Kind).SuspectRepeats {
			continue
		}
		if s.End <= s.Begin || s.End > len(r.text) {
			continue
		}
		raw := r.text[s.Begin:s.End]
		txt := strings.TrimSpace(raw)
		addNeedle(txt, s.Kind)
		if s.Kind.IsName() {
			// the text's own tokens when the name's text starts and ends
			// with them (as its tokenization would find them)
			tb := s.Begin + len(raw) - len(strings.TrimLeftFunc(raw, unicode.IsSpace))
			if lo, hi, ok := r.tokensOf(tb, tb+len(txt)); ok && !r.d.eager {
				for _, t := range r.tokens[lo:hi] {
					if t.runes >= 3 && t.nameShaped() && !t.medical() {
						addNeedle(t.s, s.Kind)
					}
				}
				continue
			}
			if r.sub == nil {
				r.sub = &run{}
			}
			sub := r.sub
			sub.d, sub.text = r.d, txt
			sub.tokenize()
			for _, t := range sub.tokens {
				if t.runes >= 3 && t.nameShaped() && !t.medical() {
					addNeedle(t.s, s.Kind)
				}
			}
		}
	}
	needles, byFirst, byString, groups := rp.needles, rp.byFirst, rp.byString, rp.groups
	if len(needles) == 0 {
		return
	}
	text := r.text
	var firstBytes [4]uint64
	minFirst, maxFirst := len(text), 0
	for fp := range byFirst {
		firstBytes[fp[0]>>6] |= 1 << (fp[0] & 63)
		minFirst, maxFirst = min(minFirst, len(fp)), max(maxFirst, len(fp))
	}
	// try adds the needles of group g found at p, in the order they came:
	// a look-up of the text at p per length of the group's needles, so
	// that a first word many annotated names share (a letter of thousands
	// of patients called Anna) costs the distinct lengths, not the names
	matched := rp.matched[:0]
	try := func(p int, g int) {
		matched = matched[:0]
		for _, n := range groups[g] {
			if p+n > len(text) {
				break
			}
			id, ok := byString[text[p:p+n]]
			for ; ok && id >= 0; id = needles[id].next {
				if needles[id].group == g {
					matched = append(matched, id)
				}
			}
		}
		slices.Sort(matched)
		for _, id := range matched {
			n := needles[id]
			if e := p + len(n.s); e == len(text) || !isWordRuneAt(text, e) {
				r.add(p, e, n.k, "repeat", prioRepeat)
			}
		}
	}
	defer func() { rp.matched = matched[:0] }()
	for i := range r.tokens {
		t := &r.tokens[i]
		// the word parts of the token: its start and every start after
		// an inner joiner
		for p := t.b; p >= 0 && p < t.e; {
			q := t.e
			if t.is(shJoined) {
				if q = nextPart(text, p, t.e); q < 0 {
					q = t.e
				} else {
					_, n := utf8.DecodeLastRuneInString(text[:q])
					q -= n
				}
			}
			// a cheap test before the map: the part's first byte and
			// length
			if n := q - p; n >= minFirst && n <= maxFirst && firstBytes[text[p]>>6]&(1<<(text[p]&63)) != 0 {
				if id, ok := byFirst[text[p:q]]; ok {
					try(p, id)
				}
			}
			if q >= t.e {
				break
			}
			p = nextPart(text, p, t.e)
		}
	}
	// needles that start with punctuation: a plain search
	for _, id := range rp.odd {
		n := needles[id]
		for off := 0; ; {
			i := strings.Index(text[off:], n.s)
			if i < 0 {
				break
			}
			b, e := off+i, off+i+len(n.s)
			off = e
			if b > 0 {
				if c, _ := utf8.DecodeLastRuneInString(text[:b]); isWordRune(c) {
					continue
				}
			}
			if e < len(text) && isWordRuneAt(text, e) {
				continue
			}
			r.add(b, e, n.k, "repeat", prioRepeat)
		}
	}
}

// needle is an annotated string the repeat rule looks for; next chains
// the needles of the same string (one per kind), group is the index of
// its first word's group.
type needle struct {
	s     string
	k     kinds.Kind
	next  int
	group int
}

// repeatState holds the repeat rule's tables, reused across texts.
type repeatState struct {
	needles  []needle
	odd      []int // needles not starting with a word rune
	seen     map[needle]bool
	byFirst  map[string]int // first word → its group
	byString map[string]int // needle string → its first needle
	// groups holds per first word the distinct byte lengths of its
	// needles, ascending
	groups  [][]int
	matched []int // try's matches, reused
}

// firstPart is the leading run of word runes of s.
func firstPart(s string) string {
	for i, c := range s {
		if !isWordRune(c) {
			return s[:i]
		}
	}
	return s
}

func isWordRuneAt(s string, i int) bool {
	if c := s[i]; c < utf8.RuneSelf {
		return asciiClass[c] != 0
	}
	c, _ := utf8.DecodeRuneInString(s[i:])
	return isWordRune(c)
}

// foldIs reports whether data.Fold(s) has class c.
func (d *Detector) foldIs(s string, c uint64) bool {
	var buf [64]byte
	return d.lookup(foldFast(buf[:0], s))&c != 0
}

// foldFast appends data.Fold(s) to buf: foldAppend, which folds ASCII and
// German letters without allocating and calls data.Fold for any other
// rune, except for an s with a dot (data.Fold reads "St." as "Sankt",
// foldAppend only "St"). TestFoldFast holds it to data.Fold.
func foldFast(buf []byte, s string) []byte {
	if strings.IndexByte(s, '.') >= 0 {
		return append(buf, data.Fold(s)...)
	}
	return foldAppend(buf, s)
}
