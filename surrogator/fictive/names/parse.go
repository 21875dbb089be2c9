package names

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/surrogator/surrogator/data"
	"github.com/surrogator/surrogator/surrogator/norm"
)

// hyphens lists the characters treated as a hyphen (as norm.Fold does).
const hyphens = "-‐‑‒–—―−"

// separators split a span into chunks; they are copied to the output.
const separators = ",;:()[]{}/&\"„“”«»‚‘+!?<>|*"

// chunk kinds
type chunkKind int

const (
	ckSep  chunkKind = iota // separator text, kept
	ckKeep                  // kept word: salutation, role noun, title, particle, connector, marker
	ckName                  // a name unit, replaced part-wise
)

// keep kinds of ckKeep chunks
type keepKind int

const (
	kwNone keepKind = iota
	kwSalutation
	kwRole
	kwTitle
	kwParticle
	kwConnector // "und": starts a new person
	kwMarker    // "geb.": the next unit is a (birth) surname
	kwSuffix    // "jun.", "sen."
)

// role of a name unit
type role int

const (
	roleNone role = iota
	roleFirst
	roleSurname
)

// part kinds
type partKind int

const (
	pWord    partKind = iota
	pInitial          // "H.", "H", "H.P."
	pAbbrev           // "Chr.", "Th."
)

type part struct {
	text string
	kind partKind
	// hyph is the hyphen text that follows the part ("" after the last).
	hyph string
}

type chunk struct {
	text   string
	kind   chunkKind
	keep   keepKind
	gender data.Gender // for salutations and role nouns
	parts  []part
	role   role
	// forced marks a surname role that follows from a particle or marker.
	forced bool
	// keyOf and keyVal hold key's last result and the text it folded
	// (the role rules ask for a chunk's key again and again; classify may
	// still change the text)
	keyOf, keyVal string
}

// person is one person mentioned in a span: indices into parsed.chunks.
type person struct {
	chunks     []int
	commaOrder bool
	// salutation: a salutation or title stands in or right before the
	// person (then a lone word is a surname).
	salutation bool
	// roleNoun: a role noun stands in or right before the person (then a
	// lone listed first name is a first name: "Tochter Lea").
	roleNoun bool
	// gender and its source
	gender   data.Gender
	genderBy string // "salutation", "list", "doc", "suffix", ""
	// ctxGender is the gender from salutations/role nouns only.
	ctxGender data.Gender
}

type parsed struct {
	chunks  []chunk
	persons []person
}

// particles are surname particles kept as written.
var particles = map[string]bool{
	"von": true, "vom": true, "zu": true, "zum": true, "zur": true, "van": true, "de": true, "der": true,
	"den": true, "di": true, "da": true, "del": true, "della": true, "du": true, "la": true, "le": true,
	"ten": true, "ter": true, "op": true, "dos": true, "das": true, "v.": true, "v": true, "d'": true,
	"v.d.": true, "v.d": true, "v.d.l.": true,
	"af": true, "al": true, "el": true, "bin": true, "ibn": true, "y": true,
}

// articleAbbrevs are abbreviated articles after a particle ("v. d.",
// "v. d. L.").
var articleAbbrevs = map[string]bool{"d.": true, "d": true, "l.": true, "dem": true, "den": true, "der": true}

// afterParticle reports whether the word chunk before cs[i] is a particle.
func afterParticle(cs []chunk, i int) bool {
	for j := i - 1; j >= 0; j-- {
		if cs[j].kind == ckSep {
			if strings.ContainsAny(cs[j].text, ",;/&") {
				return false
			}
			continue
		}
		return cs[j].kind == ckKeep && cs[j].keep == kwParticle
	}
	return false
}

// nobility are titles of nobility kept when a particle follows ("Graf von
// Hohenfels"); without a particle they are surnames ("Steffi Graf").
var nobility = map[string]bool{
	"graf": true, "gräfin": true, "freiherr": true, "freifrau": true, "freiin": true, "baron": true,
	"baronin": true, "fürst": true, "fürstin": true, "prinz": true, "prinzessin": true, "herzog": true,
	"herzogin": true, "ritter": true, "edler": true, "edle": true,
}

var connectors = map[string]bool{"und": true, "u.": true, "sowie": true, "oder": true, "bzw.": true, "and": true}

var markers = map[string]bool{
	"geb.": true, "geb": true, "geborene": true, "geborener": true, "verh.": true, "verw.": true,
	"gen.": true, "genannt": true, "alias": true, "vulgo": true,
}

var suffixes = map[string]bool{
	"jun.": true, "jr.": true, "sen.": true, "sr.": true, "jun": true, "sen": true, "ii": true, "iii": true,
}

func isSepRune(c rune) bool {
	return unicode.IsSpace(c) || strings.ContainsRune(separators, c)
}

// lex splits s into separator and word chunks. A chunk made only of
// hyphens or dots is a separator.
func lex(s string) []chunk {
	var out []chunk
	i := 0
	for i < len(s) {
		c, n := utf8.DecodeRuneInString(s[i:])
		j := i + n
		sep := isSepRune(c)
		for j < len(s) {
			c2, n2 := utf8.DecodeRuneInString(s[j:])
			if isSepRune(c2) != sep {
				break
			}
			j += n2
		}
		t := s[i:j]
		if !sep && strings.Trim(t, hyphens+".'’") == "" {
			sep = true
		}
		if sep && len(out) > 0 && out[len(out)-1].kind == ckSep {
			out[len(out)-1].text += t
		} else if sep {
			out = append(out, chunk{text: t, kind: ckSep})
		} else {
			out = append(out, chunk{text: t, kind: ckName})
		}
		i = j
	}
	return out
}

func letterCount(s string) int {
	n := 0
	for _, c := range s {
		if unicode.IsLetter(c) {
			n++
		}
	}
	return n
}

// splitParts splits a name chunk at hyphens.
func splitParts(t string) []part {
	var ps []part
	cur := strings.Builder{}
	hy := strings.Builder{}
	flush := func() {
		if cur.Len() > 0 || hy.Len() > 0 {
			ps = append(ps, part{text: cur.String(), hyph: hy.String()})
		}
		cur.Reset()
		hy.Reset()
	}
	for _, c := range t {
		if strings.ContainsRune(hyphens, c) {
			hy.WriteRune(c)
			continue
		}
		if hy.Len() > 0 {
			flush()
		}
		cur.WriteRune(c)
	}
	flush()
	for i := range ps {
		ps[i].kind = partKindOf(ps[i].text)
	}
	return ps
}

func partKindOf(t string) partKind {
	rs := []rune(t)
	if len(rs) == 1 && unicode.IsLetter(rs[0]) {
		return pInitial
	}
	// "H.", "H.P.", "H.P"
	ok := len(rs) >= 2
	for i, c := range rs {
		if i%2 == 0 && !unicode.IsLetter(c) || i%2 == 1 && c != '.' {
			ok = false
			break
		}
	}
	if ok {
		return pInitial
	}
	if n := letterCount(t); n >= 2 && n <= 3 && strings.HasSuffix(t, ".") && unicode.IsUpper(rs[0]) &&
		strings.Count(t, ".") == 1 {
		return pAbbrev
	}
	if len(rs) > 0 && unicode.IsUpper(rs[0]) && knownAbbrev(t) { // "Wilh.", "Friedr."
		return pAbbrev
	}
	return pWord
}

// initialsOnly reports whether every part of c is an initial.
func (c *chunk) initialsOnly() bool {
	if len(c.parts) == 0 {
		return false
	}
	for _, p := range c.parts {
		if p.kind != pInitial && p.text != "" {
			return false
		}
	}
	return true
}

// key returns the chunk folded without a genitive apostrophe: the key
// under which role and gender evidence is kept.
func (c *chunk) key() string {
	if c.keyVal == "" || c.keyOf != c.text {
		c.keyOf, c.keyVal = c.text, norm.FoldName(strings.TrimRight(c.text, "'’"))
	}
	return c.keyVal
}

// context is what the text right before a span tells about the first person
// of the span.
type context struct {
	gender     data.Gender
	hasGender  bool
	salutation bool
	roleNoun   bool
}

// beforeContext scans back from the span start over up to six chunks:
// titles are skipped; a salutation or role noun gives the gender (and a
// salutation or title marks the next word as a surname); anything else
// stops the scan.
func (lx *lexicon) beforeContext(text string, begin int) context {
	var cx context
	lo := begin - 80
	if lo < 0 {
		lo = 0
	}
	for lo < begin && !utf8.RuneStart(text[lo]) {
		lo++
	}
	before := text[lo:begin]
	if r, _ := utf8.DecodeLastRuneInString(before); before != "" && (unicode.IsLetter(r) || unicode.IsDigit(r)) {
		return cx // the span starts inside a word
	}
	words := strings.Fields(before)
	if first, _ := utf8.DecodeRuneInString(before); lo > 0 && len(words) > 0 && !unicode.IsSpace(first) {
		words = words[1:] // the first word may be cut
	}
	for k := len(words) - 1; k >= 0 && k >= len(words)-6; k-- {
		raw := words[k]
		w := strings.Trim(raw, separators)
		if w == "" {
			continue
		}
		if strings.ContainsAny(strings.TrimLeft(raw, separators), separators) {
			return cx // "Betr.:", "Grüßen," end the context
		}
		if lx.isTitle(w) {
			cx.salutation = true
			if !cx.hasGender && feminineTitle(w) {
				cx.gender, cx.hasGender = data.Female, true // "Dr.in"
			}
			continue
		}
		if g, ok := lx.salutation(w); ok {
			cx.salutation = true
			if !cx.hasGender && g != data.Unknown {
				cx.gender, cx.hasGender = g, true
			}
			return cx
		}
		if g, ok := lx.roleNoun(w); ok {
			cx.roleNoun = true
			if !cx.hasGender && g != data.Unknown {
				cx.gender, cx.hasGender = g, true
			}
			continue
		}
		return cx
	}
	return cx
}

// afterGender reads the gender of a role noun that follows a name span
// after a comma and is followed by its own complement ("Mirjam Schätzle,
// Fachärztin für Psychiatrie", "…, Oberärztin der Klinik", "…,
// Assistenzarzt" at the end of a line). A role noun followed by a title or
// another capitalised word names the next person ("…, Oberarzt Dr. Kunz")
// and tells nothing.
func (lx *lexicon) afterGender(text string, end int) (data.Gender, bool) {
	if end < 0 || end >= len(text) {
		return data.Unknown, false
	}
	rest := text[end:]
	if len(rest) > 80 {
		rest = rest[:80]
		for len(rest) > 0 && !utf8.ValidString(rest) {
			rest = rest[:len(rest)-1]
		}
	}
	if !strings.HasPrefix(rest, ",") {
		return data.Unknown, false
	}
	line, _, _ := strings.Cut(rest[1:], "\n")
	words := strings.Fields(line)
	if len(words) == 0 {
		return data.Unknown, false
	}
	w := strings.TrimRight(words[0], ",;.")
	g, ok := lx.roleNoun(w)
	if !ok || g == data.Unknown || lx.res.IsFirstName(w) {
		return data.Unknown, false
	}
	if len(words) > 1 && w == words[0] {
		switch strings.ToLower(words[1]) {
		case "für", "der", "des", "im", "in", "am", "an", "und", "(fa)", "i.", "bzw.":
		default:
			return data.Unknown, false
		}
	}
	return g, true
}

// evidence is what a document tells about a name word.
type evidence struct {
	// roles maps a folded word to its role; strong evidence (comma order,
	// salutation + lone word, particles) overrides weak evidence (position
	// in "first last" mentions), and within one strength the first mention
	// wins.
	roles map[string]roleEv
	// gender maps a folded first name to the gender a salutation or role
	// noun gave it somewhere in the document.
	gender map[string]data.Gender
}

type roleEv struct {
	r      role
	strong bool
}

// parse analyses a span. ev may be nil (then only the lists decide);
// scopeRole may be nil.
func (lx *lexicon) parse(s string, cx context, ev *evidence, scopeRole func(string) role) *parsed {
	p := &parsed{chunks: lex(s)}
	lx.classify(p)
	lx.segment(p)
	for i := range p.persons {
		lx.assignRoles(p, &p.persons[i], i == 0, cx, ev, scopeRole)
		lx.assignGender(p, &p.persons[i], i == 0, cx, ev)
	}
	return p
}

// classify marks kept words. Salutations and role nouns count only before
// the first name unit of a person and when a name unit follows (so that a
// surname such as "Mann" or "Vater" is not kept).
func (lx *lexicon) classify(p *parsed) {
	cs := p.chunks
	nextName := func(i int) bool {
		for j := i + 1; j < len(cs); j++ {
			if cs[j].kind == ckSep {
				if strings.ContainsAny(cs[j].text, ",;/&") {
					return false
				}
				continue
			}
			lw := strings.ToLower(cs[j].text)
			if connectors[lw] {
				return false
			}
			if lx.isTitle(cs[j].text) {
				continue
			}
			return true
		}
		return false
	}
	nextConnector := func(i int) bool {
		for j := i + 1; j < len(cs); j++ {
			if cs[j].kind != ckSep {
				return connectors[strings.ToLower(cs[j].text)]
			}
		}
		return false
	}
	seenName := false
	for i := 0; i < len(cs); i++ {
		c := &cs[i]
		if c.kind == ckSep {
			if strings.ContainsAny(c.text, ",;/&") {
				seenName = false
			}
			continue
		}
		lw := strings.ToLower(c.text)
		switch {
		case connectors[lw] && i > 0:
			c.kind, c.keep = ckKeep, kwConnector
			seenName = false
		case markers[lw]:
			c.kind, c.keep = ckKeep, kwMarker
		case suffixes[lw] && seenName:
			c.kind, c.keep = ckKeep, kwSuffix
		case lx.isTitle(c.text):
			c.kind, c.keep = ckKeep, kwTitle
		case !seenName && lx.isSalutation(c.text) && (nextName(i) || nextConnector(i)):
			// "Frau Albers"; "Herr und Frau Albers"
			g, _ := lx.salutation(c.text)
			c.kind, c.keep, c.gender = ckKeep, kwSalutation, g
		case !seenName && nextName(i) && lx.isRole(c.text):
			g, _ := lx.roleNoun(c.text)
			c.kind, c.keep, c.gender = ckKeep, kwRole, g
		case nobility[lw] && i+2 < len(cs) && particles[strings.ToLower(cs[i+2].text)]:
			c.kind, c.keep = ckKeep, kwParticle
		case prepositions[lw] && lx.isPreposition(cs, i):
			// "Tochter von Hans Müller": a preposition between persons
			c.kind, c.keep = ckKeep, kwConnector
			seenName = false
		case afterParticle(cs, i) && (c.text == lw || c.text == "D.") && nextName(i) && articleAbbrevs[lw]:
			// "v. d. Heydt", "v. D. Brelie": the abbreviated article
			// of "von der" is a particle, not an initial
			c.kind, c.keep = ckKeep, kwParticle
		case particles[lw] && nextName(i) && (c.text == lw || letterCount(lw) > 1 && (isUpperWord(c.text) || !seenName) || lw == "von") &&
			!lx.vietnameseMiddle(cs, i):
			// a one-letter particle only in lower case: "v. Bülow", but
			// "V. Meier" is an initial
			c.kind, c.keep = ckKeep, kwParticle
		case strings.Contains(c.text, ".") && lx.splitGluedTitle(&cs, i):
			// "Dr.Albers": the title part is kept, the rest is re-read
			c = &cs[i]
			c.kind, c.keep = ckKeep, kwTitle
		default:
			c.kind = ckName
			// A dot after a long word is punctuation, not an abbreviation.
			if strings.HasSuffix(c.text, ".") && letterCount(c.text) >= 4 && partKindOf(c.text) == pWord &&
				!strings.Contains(strings.TrimSuffix(c.text, "."), ".") {
				c.text = strings.TrimSuffix(c.text, ".")
				cs = append(cs[:i+1], append([]chunk{{text: ".", kind: ckSep}}, cs[i+1:]...)...)
				c = &cs[i]
			}
			c.parts = splitParts(c.text)
			seenName = true
		}
	}
	p.chunks = cs
}

// vietnameseMiddle reports a capitalised "Van" before a Vietnamese given
// name ("Van Minh Nguyen", "NGUYEN, Van Minh"): the middle name, not the
// Dutch particle.
func (lx *lexicon) vietnameseMiddle(cs []chunk, i int) bool {
	if cs[i].text == strings.ToLower(cs[i].text) || strings.ToLower(cs[i].text) != "van" {
		return false
	}
	for j := i + 1; j < len(cs); j++ {
		if cs[j].kind == ckSep {
			continue
		}
		return lx.nameOrigin(cs[j].text, roleFirst) == "vi"
	}
	return false
}

// splitGluedTitle splits a chunk such as "Dr.Albers" or "Prof.Dr.Meier"
// into the longest title prefix ending in a dot and the rest, inserted as
// the next chunk. It reports whether it split.
func (lx *lexicon) splitGluedTitle(cs *[]chunk, i int) bool {
	t := (*cs)[i].text
	for k := len(t) - 1; k > 0; k-- {
		if t[k-1] != '.' {
			continue
		}
		head, rest := t[:k], t[k:]
		if letterCount(rest) < 2 || !lx.isTitle(head) || lx.isTitle(rest) {
			continue
		}
		(*cs)[i].text = head
		tail := chunk{text: rest, kind: ckName}
		*cs = append((*cs)[:i+1], append([]chunk{tail}, (*cs)[i+1:]...)...)
		return true
	}
	return false
}

// prepositions are particles that may also be prepositions.
var prepositions = map[string]bool{"von": true, "vom": true, "zu": true, "zum": true, "zur": true}

// isPreposition reports whether the particle-like word cs[i] is rather a
// preposition: it follows a role noun ("Tochter von") or precedes a word
// the lists know only as a first name ("von Hans Müller").
func (lx *lexicon) isPreposition(cs []chunk, i int) bool {
	for j := i - 1; j >= 0; j-- {
		if cs[j].kind == ckSep {
			continue
		}
		if cs[j].kind == ckKeep && cs[j].keep == kwRole {
			return true
		}
		break
	}
	for j := i + 1; j < len(cs); j++ {
		if cs[j].kind == ckSep {
			continue
		}
		w := strings.TrimRight(cs[j].text, "'’")
		return !particles[strings.ToLower(w)] && lx.listRole(w) == roleFirst
	}
	return false
}

func (lx *lexicon) isSalutation(w string) bool { _, ok := lx.salutation(w); return ok }
func (lx *lexicon) isRole(w string) bool       { _, ok := lx.roleNoun(w); return ok }

func isUpperWord(s string) bool {
	n := 0
	for _, c := range s {
		if unicode.IsLetter(c) {
			if c == 'ß' {
				continue // no capital in common use: "WEIßBACH" is all capitals
			}
			if !unicode.IsUpper(c) {
				return false
			}
			n++
		}
	}
	return n > 0
}

// segment groups chunks into persons: connectors ("und") and ";", "/", "&"
// separate persons; one comma with names on both sides is "Nachname,
// Vorname" order, several commas separate persons.
func (lx *lexicon) segment(p *parsed) {
	var groups [][]int
	var cur []int
	for i, c := range p.chunks {
		if c.kind == ckKeep && c.keep == kwConnector || c.kind == ckSep && strings.ContainsAny(c.text, ";/&") {
			if len(cur) > 0 {
				groups = append(groups, cur)
			}
			cur = nil
			continue
		}
		cur = append(cur, i)
	}
	if len(cur) > 0 {
		groups = append(groups, cur)
	}
	for _, g := range groups {
		// split at commas
		var segs [][]int
		var s []int
		for _, i := range g {
			s = append(s, i)
			if p.chunks[i].kind == ckSep && strings.Contains(p.chunks[i].text, ",") {
				segs = append(segs, s)
				s = nil
			}
		}
		segs = append(segs, s)
		// merge segments without a name unit into the previous one
		var merged [][]int
		for _, s := range segs {
			if len(merged) > 0 && (!p.hasName(s) && !p.hasKeep(s, kwRole, kwSalutation) ||
				p.startsWith(s, kwMarker) || p.startsWith(s, kwSuffix)) {
				merged[len(merged)-1] = append(merged[len(merged)-1], s...)
				continue
			}
			merged = append(merged, s)
		}
		if len(merged) == 2 && lx.commaOrder(p, merged[0], merged[1]) {
			ps := person{chunks: append(append([]int{}, merged[0]...), merged[1]...), commaOrder: true}
			p.persons = append(p.persons, ps)
			continue
		}
		for _, s := range merged {
			p.persons = append(p.persons, person{chunks: s})
		}
	}
}

// commaOrder reports whether "left, right" reads as "Nachname, Vorname":
// one or two surname words on the left (the first not a first name when
// there are two), one to three first names or initials on the right, and
// no salutation, role noun, particle or marker on the right.
func (lx *lexicon) commaOrder(p *parsed, left, right []int) bool {
	var lw, rw []*chunk
	for _, i := range left {
		if c := &p.chunks[i]; c.kind == ckName {
			lw = append(lw, c)
		}
	}
	for _, i := range right {
		c := &p.chunks[i]
		switch {
		case c.kind == ckName:
			rw = append(rw, c)
		case c.kind == ckKeep && c.keep != kwTitle && c.keep != kwSuffix:
			return false
		}
	}
	if len(lw) == 0 || len(lw) > 2 || len(rw) == 0 || len(rw) > 3 {
		return false
	}
	if len(lw) == 2 && !lw[0].initialsOnly() && lx.listRoleOf(lw[0]) == roleFirst {
		return false // "Sabine Müller, Hans Meier"
	}
	return !lw[0].initialsOnly()
}

func (p *parsed) hasName(idx []int) bool {
	for _, i := range idx {
		if p.chunks[i].kind == ckName {
			return true
		}
	}
	return false
}

func (p *parsed) hasKeep(idx []int, ks ...keepKind) bool {
	for _, i := range idx {
		c := p.chunks[i]
		if c.kind != ckKeep {
			continue
		}
		for _, k := range ks {
			if c.keep == k {
				return true
			}
		}
	}
	return false
}

func (p *parsed) startsWith(idx []int, k keepKind) bool {
	for _, i := range idx {
		c := p.chunks[i]
		if c.kind == ckSep {
			continue
		}
		return c.kind == ckKeep && c.keep == k
	}
	return false
}

// keys returns the folded word and, for a possible genitive "-s", the
// folded stem: the keys under which evidence about the word is looked up.
func (c *chunk) keys() []string {
	k := c.key()
	if strings.HasSuffix(k, "s") && utf8.RuneCountInString(k) > 3 {
		return []string{k, strings.TrimSuffix(k, "s")}
	}
	return []string{k}
}

// listRoleOf is listRole of the word or, when the lists do not know it,
// of its stem without a genitive "-s" ("Annas").
func (lx *lexicon) listRoleOf(c *chunk) role {
	ks := c.keys()
	if r := lx.listRole(ks[0]); r != roleNone || lx.res.IsFirstName(ks[0]) || lx.res.IsSurname(ks[0]) {
		return r
	}
	if len(ks) > 1 {
		return lx.listRole(ks[1])
	}
	return roleNone
}

// listRole is what the lists alone say about a word: roleFirst for a
// first name that is no surname, roleSurname for a surname that is no first
// name, else roleNone.
func (lx *lexicon) listRole(w string) role {
	f, s := lx.res.IsFirstName(w), lx.res.IsSurname(w)
	switch {
	case f && !s:
		return roleFirst
	case s && !f:
		return roleSurname
	}
	return roleNone
}

func (lx *lexicon) assignRoles(p *parsed, ps *person, firstPerson bool, cx context, ev *evidence, scopeRole func(string) role) {
	if firstPerson && cx.salutation {
		ps.salutation = true
	}
	if firstPerson && cx.roleNoun {
		ps.roleNoun = true
	}
	var units []int // name chunks
	forced := false
	commaSeen := false
	var beforeComma []bool
	for k, i := range ps.chunks {
		c := &p.chunks[i]
		switch c.kind {
		case ckSep:
			if strings.Contains(c.text, ",") {
				commaSeen = true
				forced = false // "von Albers, Beate"
			}
		case ckKeep:
			switch c.keep {
			case kwSalutation, kwTitle:
				ps.salutation = true
			case kwRole:
				ps.roleNoun = true
			case kwParticle:
				forced = true
			case kwMarker:
				forced = true
				// "Meier geb. Schulze": the unit before the marker is the
				// current surname.
				for kk := k - 1; kk >= 0; kk-- {
					pc := &p.chunks[ps.chunks[kk]]
					if pc.kind == ckName {
						pc.role, pc.forced = roleSurname, true
						break
					}
				}
			}
		case ckName:
			if forced {
				c.role, c.forced = roleSurname, true
			}
			units = append(units, i)
			beforeComma = append(beforeComma, !commaSeen)
		}
	}
	if ps.commaOrder {
		for k, i := range units {
			c := &p.chunks[i]
			if c.role != roleNone {
				continue
			}
			if beforeComma[k] {
				c.role = roleSurname
			} else {
				c.role = roleFirst
			}
		}
		return
	}
	var words []int // unassigned, not initials-only
	anyForced := false
	for _, i := range units {
		c := &p.chunks[i]
		if c.forced {
			anyForced = true
			continue
		}
		if c.initialsOnly() {
			c.role = roleFirst
			continue
		}
		words = append(words, i)
	}
	// evidence: the document's (strong or weak), then the scope's (weak)
	evidenceOf := func(i int) (role, bool) {
		for _, k := range p.chunks[i].keys() {
			if ev != nil {
				if e, ok := ev.roles[k]; ok {
					return e.r, e.strong
				}
			}
			if scopeRole != nil {
				if r := scopeRole(k); r != roleNone {
					return r, false
				}
			}
		}
		return roleNone, false
	}
	evRole := func(i int) role { r, _ := evidenceOf(i); return r }
	switch {
	case anyForced:
		for _, i := range words {
			p.chunks[i].role = roleFirst
		}
	case len(words) == 0:
		// only initials: after a salutation a lone initial is a surname
		if len(units) == 1 && ps.salutation {
			p.chunks[units[0]].role = roleSurname
		}
	case len(words) == 1:
		i := words[0]
		c := &p.chunks[i]
		r, strong := evidenceOf(i)
		switch {
		case len(units) > 1 && units[len(units)-1] == i:
			c.role = roleSurname // "H. Meier"
		case len(units) > 1:
			// "Sabine M." (first name, surname initial) or "Meier H."
			c.role = roleSurname
			if r == roleFirst || r == roleNone && lx.listRoleOf(c) == roleFirst {
				c.role = roleFirst
				for _, u := range units {
					if u != i && p.chunks[u].initialsOnly() && u > i {
						p.chunks[u].role = roleSurname
					}
				}
			}
		case strong:
			c.role = r
		case ps.salutation:
			// "Frau Albers"; only a listed first name that is no surname
			// stays a first name ("Frau Beate")
			c.role = roleSurname
			if lx.listRoleOf(c) == roleFirst {
				c.role = roleFirst
			}
		case r != roleNone:
			c.role = evRole(i)
		case lx.listRoleOf(c) == roleFirst:
			c.role = roleFirst
		case ps.roleNoun && (lx.res.IsFirstName(c.keys()[0]) || len(c.keys()) > 1 && lx.res.IsFirstName(c.keys()[1])):
			c.role = roleFirst // "Sohn Lukas"
		default:
			c.role = roleSurname
		}
	default:
		last := words[len(words)-1]
		for _, i := range words {
			p.chunks[i].role = roleFirst
		}
		p.chunks[last].role = roleSurname
		if len(words) == 2 {
			a, b := words[0], words[1]
			ra, rb := evRole(a), evRole(b)
			la, lb := lx.listRole(p.chunks[a].key()), lx.listRole(p.chunks[b].key())
			switch {
			case ra == roleSurname && rb == roleFirst:
				// "Tornbjerg Asger" after "Asger Tornbjerg": reversed order
				// without a comma (the lists alone are too weak for this)
				p.chunks[a].role, p.chunks[b].role = roleSurname, roleFirst
			case (ra == roleSurname || ra == roleNone && la == roleSurname) &&
				(rb == roleSurname || rb == roleNone && lb == roleSurname):
				// "Meier Schulze": two surnames without a hyphen
				p.chunks[a].role = roleSurname
			}
		}
	}
}

// firstNameChunk returns the index of the person's first first-name word
// unit, or -1.
func (p *parsed) firstNameChunk(ps *person) int {
	for _, i := range ps.chunks {
		c := &p.chunks[i]
		if c.kind == ckName && c.role == roleFirst && !c.initialsOnly() {
			return i
		}
	}
	return -1
}

func (lx *lexicon) assignGender(p *parsed, ps *person, firstPerson bool, cx context, ev *evidence) {
	for _, i := range ps.chunks {
		c := p.chunks[i]
		if c.kind == ckKeep && (c.keep == kwSalutation || c.keep == kwRole) && c.gender != data.Unknown {
			ps.gender, ps.genderBy, ps.ctxGender = c.gender, "salutation", c.gender
			return
		}
	}
	for _, i := range ps.chunks {
		c := p.chunks[i]
		if c.kind == ckKeep && c.keep == kwTitle && feminineTitle(c.text) {
			ps.gender, ps.genderBy, ps.ctxGender = data.Female, "salutation", data.Female
			return
		}
	}
	if firstPerson && cx.hasGender {
		ps.gender, ps.genderBy, ps.ctxGender = cx.gender, "salutation", cx.gender
		return
	}
	fi := p.firstNameChunk(ps)
	if fi < 0 {
		return
	}
	name := strings.TrimRight(p.chunks[fi].text, "'’")
	if !lx.res.IsFirstName(name) && (strings.HasSuffix(name, "s") || strings.HasSuffix(name, "S")) {
		if stem := name[:len(name)-1]; lx.res.IsFirstName(stem) {
			name = stem // genitive "Annas"
		}
	}
	if g := lx.res.GenderOfFirstName(name); g != data.Unknown {
		ps.gender, ps.genderBy = g, "list"
		return
	}
	if ev != nil {
		if g, ok := ev.gender[p.chunks[fi].key()]; ok {
			ps.gender, ps.genderBy = g, "doc"
			return
		}
	}
	if lx.res.IsFirstName(name) {
		return // listed as unisex: the ending says nothing
	}
	if g := suffixGender(p.chunks[fi].parts[0].text); g != data.Unknown {
		ps.gender, ps.genderBy = g, "suffix"
	}
}

// suffixGender guesses the gender of an unlisted first name from its
// ending: -a, -ine, -ette, -elle, -ie and most -e endings are female; -o,
// -us, -er, -rt, -rd, -old, -olf, -mund, -rich, -win, -fried, -helm, -an,
// -ic … are male.
func suffixGender(name string) data.Gender {
	n := strings.ToLower(strings.TrimRight(name, ".'’"))
	if utf8.RuneCountInString(n) < 3 {
		return data.Unknown
	}
	for _, x := range []string{"uwe", "ove", "ole", "ure"} {
		if strings.HasSuffix(n, x) {
			return data.Male
		}
	}
	for _, x := range []string{"ine", "ette", "elle", "ie", "a", "e", "id", "ey"} {
		if strings.HasSuffix(n, x) {
			return data.Female
		}
	}
	for _, x := range []string{"o", "us", "er", "rt", "rd", "old", "olf", "ulf", "mund", "rich", "win", "wig", "fried",
		"helm", "mar", "an", "im", "ik", "ic", "ed"} {
		if strings.HasSuffix(n, x) {
			return data.Male
		}
	}
	return data.Unknown
}
