package contact

import (
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/surrogator/surrogator/surrogator/fictive"
	fac "github.com/surrogator/surrogator/surrogator/fictive/facility"
	"github.com/surrogator/surrogator/surrogator/kinds"
	"github.com/surrogator/surrogator/surrogator/norm"
)

// Host labels and local-part segments that spell a facility of the
// document (issue 24): "uniklinikum-leipzig", "radiologie-westerntor",
// "sanktgeorg", "kjk", "nct-ambulanz" are derived from the surrogate of
// that facility span ("uniklinikum-bonn", "radiologie-marktplatz",
// "klinikum-reichenbach", "kppb", "cccf-ambulanz"), so that the address
// of a letterhead names the institution the letter names. The planner
// records every span's surrogate in the DocState (Planned); facilities
// are planned before the kinds that spell them (kinds.PlanSpelled).
//
// A segment matches a facility when each of its letter tokens is a word
// of the facility's name ("leipzig"), a concatenation of consecutive
// words ("badlausick", "sanktgeorg" for "St. Georg"), an acronym of
// consecutive words ("kjk" for Karl-Jaspers-Klinik, "uksh" for
// Universitätsklinikum Schleswig-Holstein), a prefix of a distinctive word
// ("diako" of Diakonissenkrankenhaus), a generic word ("klinikum",
// "uni"), or a city or person the document's other surrogates rebuild;
// and when at least one token is a distinctive word or acronym, and the
// match is more than a bare town (a generic word of the facility, a
// distinctive word that names no place, or two tokens). Of several
// facilities the one with the most matched words wins (the first in the
// document on a tie).
//
// The surrogate segment keeps the original's generic words where they
// fit the surrogate ("radiologie" for "Radiologische Praxis …"), puts
// the surrogate's distinctive words (ASCII, umlauts as ae/oe/ue, towns
// in their short form) where the original's stood, and an acronym where
// the original had one (the surrogate's capitals, else its initials). A
// segment of distinctive words only becomes the surrogate's name words
// ("klinikum-reichenbach"). A result that still spells a distinctive
// word of the original is not used: the segment is then drawn as before.

// hospitalChains are the names of hospital groups whose domains name the
// group, not the house ("helios-gesundheit.de").
var hospitalChains = wordSet(`helios asklepios sana ameos vivantes srh median mediclin rhoen schoen agaplesion alexianer
romed regiomed artemed contilia kplus`)

// facWord is one word of a facility name: ASCII, lower case.
type facWord struct {
	w     string
	class byte // 'g' generic, 's' stop word, 'j' adjective, 'd' distinctive
	upper bool // written in capitals: an acronym ("NCT", "UKSH")
	town  bool // a surrogate town of the document (surrogate names only)
}

// facLink is a facility span of the document with its surrogate, both in
// the nominative.
type facLink struct {
	span      int
	orig, sub []facWord
}

// facStop are words of facility names that name nothing: function words,
// titles, legal forms.
var facStop = wordSet(`
fuer und der die das des dem den am im an in bei zu zum zur von vom auf ob
dr dres med prof gmbh ggmbh mbh ag kg co ev e v aoer ug se ohg gbr partg mbb gag kdoer
`)

// facAdjectives are adjectives of facility names that distinguish nothing.
var facAdjectives = wordSet(`
deutsche deutschen deutscher deutsches allgemeine allgemeinen allgemeines nationale nationalen nationales
ambulante ambulanten ambulanter ambulantes private privaten privates neue neuen neues zentrale zentralen
kommunale kommunalen kommunales regionale regionalen regionales universitaere universitaeren universitaeres
universitaerer staedtische staedtischen staedtisches
`)

// facClass classifies one word (compact).
func facClass(w string) byte {
	switch {
	case facStop[w]:
		return 's'
	case facAdjectives[w]:
		return 'j'
	case len(w) >= 7 && (strings.HasSuffix(w, "isch") || strings.HasSuffix(w, "ische") || strings.HasSuffix(w, "ischen") ||
		strings.HasSuffix(w, "isches") || strings.HasSuffix(w, "ischer") || strings.HasSuffix(w, "liche") ||
		strings.HasSuffix(w, "lichen") || strings.HasSuffix(w, "liches") || strings.HasSuffix(w, "licher")):
		return 'j'
	case isGeneric(w):
		return 'g'
	}
	for _, h := range facHeads {
		if len(w) > len(h)+2 && strings.HasSuffix(w, h) {
			return 'h'
		}
	}
	return 'd'
}

// facHeads are facility nouns that end compound heads ("Kreisklinikum",
// "Fachkrankenhaus", "Privatklinik", "Hausarztpraxis"): class 'h', the
// surrogate's type word, not a distinctive name.
var facHeads = []string{"klinikum", "kliniken", "klinik", "krankenhaus", "krankenhauses", "zentrum", "praxis", "station",
	"hospital", "spital", "dienst", "apotheke", "labor", "kasse", "verband", "stiftung"}

// facWords cuts a facility name into words.
func facWords(s string) []facWord {
	var out []facWord
	for _, f := range strings.FieldsFunc(s, func(c rune) bool { return !unicode.IsLetter(c) && !unicode.IsDigit(c) }) {
		w := compact(f, false)
		if w == "" {
			continue
		}
		n := utf8.RuneCountInString(f)
		upper := n >= 2 && n <= 6 && strings.ToUpper(f) == f && strings.ToLower(f) != f
		c := facClass(w)
		if upper && c != 's' && c != 'g' {
			c = 'd'
		}
		out = append(out, facWord{w: w, class: c, upper: upper})
	}
	return out
}

// facilities returns the document's facility spans planned so far with
// their surrogates (built once per lexicon).
func (lx *lexicon) facilities() []facLink {
	if lx.facs != nil {
		return lx.facs
	}
	lx.facs = []facLink{}
	ctx := lx.ctx
	if ctx.Doc == nil || ctx.State == nil {
		return lx.facs
	}
	d := ctx.Doc
	towns := lx.surrogateTowns()
	for j, s := range d.Spans {
		if !kinds.RulesOf(s.Kind).Facility || s.Begin < 0 || s.End > len(d.Text) || s.Begin >= s.End {
			continue
		}
		sub, ok := ctx.State.Planned(j)
		orig := strings.TrimSpace(d.Text[s.Begin:s.End])
		sub = strings.TrimSpace(sub)
		if !ok || sub == "" || norm.Fold(sub) == norm.Fold(orig) {
			continue
		}
		from := max(0, s.Begin-40)
		for from < s.Begin && !isRuneStart(d.Text[from]) {
			from++
		}
		art := fac.ArticleWord(d.Text[from:s.Begin])
		orig, sub = fac.Nominative(orig, art), fac.Nominative(sub, art)
		for _, t := range towns {
			if short := shortTown(t); short != t {
				sub = strings.ReplaceAll(sub, t, short)
			}
		}
		sw := facWords(sub)
		for i := range sw {
			for _, t := range towns {
				for _, tw := range strings.Fields(slug(shortTown(t), " ")) {
					if sw[i].w == tw {
						sw[i].town, sw[i].class = true, 'd'
					}
				}
			}
		}
		lx.facs = append(lx.facs, facLink{span: j, orig: facWords(orig), sub: sw})
	}
	return lx.facs
}

// surrogateTowns returns the document's surrogate municipalities (the
// planned LOCATION_CITY spans and the scope's city surrogates), longest
// first.
func (lx *lexicon) surrogateTowns() []string {
	seen := map[string]bool{}
	var out []string
	add := func(s string) {
		s = strings.TrimSpace(s)
		if s != "" && !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	d := lx.ctx.Doc
	for j, s := range d.Spans {
		if s.Kind == kinds.LocationCity {
			if v, ok := lx.ctx.State.Planned(j); ok {
				add(v)
			}
		}
	}
	if lx.ctx.Scope == lx.ctx.DocScope {
		// the document's own city decisions (a corpus scope holds the
		// whole run's: the planned spans suffice there)
		for _, v := range lx.ctx.Scope.Entries(fictive.NSCity) {
			add(v)
		}
	}
	sort.SliceStable(out, func(a, b int) bool { return len(out[a]) > len(out[b]) })
	return out
}

// Match kinds of a segment token.
const (
	mNone     = iota
	mKept     // a generic word the facility does not show: kept
	mGenericF // a generic word (or adjective) of the facility
	mWord     // a distinctive word, or consecutive words, of the facility
	mAcr      // an acronym of the facility
	mFixed    // a city or person of the document: its surrogate
)

type tokMatch struct {
	kind   int
	concat bool   // the token joined several words ("badlausick")
	place  bool   // the token names a place
	fixed  string // mFixed: the replacement
}

// initials returns the acronym letters of a word: its first letter, and
// the first letter of a facility noun it ends with ("universitaetsklinikum"
// → "uk", "gemeinschaftsklinikum" → "gk").
func initials(w string) string {
	if w == "" {
		return ""
	}
	for _, s := range []string{"klinikums", "klinikum", "kliniken", "klinik", "krankenhauses", "krankenhaus", "zentrums", "zentrum", "medizin",
		"hospitals", "hospital", "spital", "hochschule", "praxis"} {
		if len(w) >= len(s)+3 && strings.HasSuffix(w, s) {
			return w[:1] + s[:1]
		}
	}
	return w[:1]
}

// matchToken matches one letter token (compact) against the words of a
// facility name.
func matchToken(t string, ws []facWord) tokMatch {
	for _, w := range ws {
		if w.w == t {
			switch {
			case w.upper && w.class == 'd':
				return tokMatch{kind: mAcr}
			case w.class == 'd' || w.class == 'h':
				return tokMatch{kind: mWord}
			}
			return tokMatch{kind: mGenericF}
		}
	}
	alt := func(w string) []string {
		switch w {
		case "st":
			return []string{"st", "sankt"}
		case "sankt":
			return []string{"sankt", "st"}
		}
		return []string{w}
	}
	for i := range ws {
		// consecutive words joined ("badlausick", "sanktgeorg")
		prefixes := alt(ws[i].w)
		dist := ws[i].class == 'd'
		for j := i + 1; j < len(ws) && j <= i+3; j++ {
			dist = dist || ws[j].class == 'd'
			var next []string
			for _, p := range prefixes {
				for _, a := range alt(ws[j].w) {
					next = append(next, p+a)
				}
			}
			prefixes = next
			for _, p := range prefixes {
				if p == t {
					if dist {
						return tokMatch{kind: mWord, concat: true}
					}
					return tokMatch{kind: mGenericF, concat: true}
				}
			}
		}
	}
	if n := len(t); n >= 2 && n <= 5 && !isGeneric(t) {
		// an acronym of consecutive words (stop words skipped)
		for i := range ws {
			var b strings.Builder
			for j := i; j < len(ws) && b.Len() < n; j++ {
				if ws[j].class == 's' {
					continue
				}
				b.WriteString(initials(ws[j].w))
				if b.String() == t {
					return tokMatch{kind: mAcr}
				}
			}
		}
	}
	for _, w := range ws {
		if len(t) >= 4 && (w.class == 'd' || w.class == 'h') && len(w.w) >= len(t)+3 && strings.HasPrefix(w.w, t) && !isGeneric(t) {
			return tokMatch{kind: mWord}
		}
		if w.class == 'g' && fits(t, w.w) {
			return tokMatch{kind: mGenericF}
		}
	}
	return tokMatch{}
}

// fits reports whether the generic token g suits the word w: a common
// beginning of five letters (or all of g), or both a university word.
func fits(g, w string) bool {
	if g == w || strings.HasPrefix(g, "uni") && strings.HasPrefix(w, "uni") || len(g) >= 5 && strings.HasSuffix(w, g) {
		return true
	}
	n := 0
	for n < len(g) && n < len(w) && g[n] == w[n] {
		n++
	}
	return n >= min(len(g), 5) && n >= 3
}

// facilityLabel returns the surrogate of a host label or local-part
// segment that spells a facility of the document (see above); ok is
// false when it spells none or the facility's surrogate gives no
// segment.
func (lx *lexicon) facilityLabel(seg string, local bool) (string, bool) {
	facs := lx.facilities()
	if len(facs) == 0 || seg == "" {
		return "", false
	}
	toks := tokenize(seg)
	for _, t := range toks {
		if t.kind == '.' && t.text != "-" && t.text != "_" {
			return "", false
		}
	}
	best, bestScore := -1, 0
	var bestM []tokMatch
	for fi, f := range facs {
		ms := make([]tokMatch, len(toks))
		hits, generic, nonPlace := 0, 0, false
		ok := true
		for k, t := range toks {
			if t.kind != 'a' {
				continue
			}
			c := compact(t.text, false)
			m := matchToken(c, f.orig)
			if m.kind == mNone {
				if cp := compact(t.text, true); cp != c {
					m = matchToken(cp, f.orig)
				}
			}
			_, isCity := lx.cityOf(c)
			switch m.kind {
			case mNone:
				switch {
				case isGeneric(c):
					m.kind = mKept
				case isCity:
					ps := wordPart(t.text, lx, tokenOpts{ascii: true})
					if len(ps) != 1 || ps[0].kind != pFixed {
						ok = false
					}
					m = tokMatch{kind: mFixed, fixed: strings.Join(fixedOf(ps), ""), place: true}
				default:
					if ps, found := lx.nameOf(c); found {
						m = tokMatch{kind: mFixed, fixed: styled(t.text, ps)}
					} else {
						ok = false
					}
				}
			case mWord, mAcr:
				hits++
				m.place = isCity
				if !isCity {
					nonPlace = true
				}
			case mGenericF:
				generic++
			}
			ms[k] = m
		}
		if !ok || hits == 0 || !(nonPlace || generic > 0 || hits >= 2) {
			continue
		}
		if score := 10*hits + generic; score > bestScore {
			best, bestScore, bestM = fi, score, ms
		}
	}
	if best < 0 {
		return "", false
	}
	f := facs[best]
	v, ok := renderFacility(toks, bestM, f, local)
	if !ok || norm.Fold(v) == norm.Fold(seg) {
		return "", false
	}
	// never the original's distinctive words
	low := strings.ToLower(v)
	for _, w := range f.orig {
		if w.class == 'd' && len(w.w) >= 4 && strings.Contains(low, w.w) && !hasWord(f.sub, w.w) {
			return "", false
		}
	}
	return v, true
}

func fixedOf(ps []part) []string {
	var out []string
	for _, p := range ps {
		out = append(out, p.fixed)
	}
	return out
}

func hasWord(ws []facWord, w string) bool {
	for _, x := range ws {
		if x.w == w {
			return true
		}
	}
	return false
}

// subAcronym returns the surrogate's acronym: a word in capitals of two to
// five letters, else the initials of its non-stop words when they make
// two to five letters.
func subAcronym(ws []facWord) string {
	for _, w := range ws {
		if w.upper && len(w.w) >= 2 && len(w.w) <= 5 {
			return w.w
		}
	}
	var b strings.Builder
	for _, w := range ws {
		if w.class != 's' {
			b.WriteString(initials(w.w))
		}
	}
	if n := b.Len(); n >= 2 && n <= 5 {
		return b.String()
	}
	return ""
}

// renderFacility writes the segment for the facility's surrogate.
//
// local: an e-mail local part, where a segment of distinctive words gets
// the surrogate's distinctive words only ("kardiologie.stift" →
// "kardiologie.sippersfeld"); a host label gets its type word too.
func renderFacility(toks []token, ms []tokMatch, f facLink, local bool) (string, bool) {
	sep := "-"
	for _, t := range toks {
		if t.kind == '.' {
			sep = t.text
			break
		}
	}
	var dist, gen []string
	for _, w := range f.sub {
		switch w.class {
		case 'd':
			dist = append(dist, w.w)
		case 'g', 'h':
			gen = append(gen, w.w)
		}
	}
	if len(dist) == 0 {
		// a surrogate without a name of its own ("Medizinischer
		// Dienst"): its acronym, when the segment spelled the facility
		// by acronyms and words ("md-bayern" → "md")
		if a := subAcronym(f.sub); a != "" && !local {
			for k, t := range toks {
				if t.kind == 'a' && ms[k].kind == mAcr {
					return applyStyle(t.text, a), true
				}
			}
		}
		return "", false
	}
	if len(dist) > 3 {
		dist = dist[:3]
	}
	// the surrogate's type word, then its distinctive words
	// ("klinikum-reichenbach", "fachkrankenhaus-rosenheim")
	name := dist
	if len(gen) > 0 && !local {
		name = append([]string{gen[0]}, dist...)
	}
	kept, acrOnly, letters := false, true, 0
	chain := false
	for k, t := range toks {
		if t.kind != 'a' {
			continue
		}
		if c := compact(t.text, false); ms[k].kind == mWord && hospitalChains[c] && !hasWord(f.sub, c) {
			chain = true
		}
	}
	for k, t := range toks {
		if t.kind != 'a' {
			continue
		}
		letters++
		switch ms[k].kind {
		case mKept, mGenericF:
			kept = true
		}
		if ms[k].kind != mAcr {
			acrOnly = false
		}
	}
	if acrOnly && letters == 1 {
		a := subAcronym(f.sub)
		if a == "" {
			return strings.Join(name, sep), true
		}
		for _, t := range toks {
			if t.kind == 'a' {
				return applyStyle(t.text, a), true
			}
		}
	}
	if !kept || chain {
		// distinctive words only, or a hospital group's domain
		// ("helios-gesundheit") for a surrogate outside the group: the
		// surrogate's name words, then the
		// cities and persons the segment adds
		out := strings.Join(name, sep)
		for k, t := range toks {
			if ms[k].kind == mFixed && !strings.Contains(out, slug(ms[k].fixed, sep)) && t.kind == 'a' {
				out += sep + strings.ToLower(ms[k].fixed)
			}
		}
		return out, true
	}
	var b strings.Builder
	pendingSep := ""
	inRun := false
	written := ""
	emit := func(s string) {
		b.WriteString(pendingSep)
		b.WriteString(s)
		written += " " + strings.ToLower(s)
		pendingSep = ""
	}
	for k, t := range toks {
		if t.kind != 'a' {
			if t.kind == '.' {
				if b.Len() > 0 {
					pendingSep = t.text
				}
			} else {
				emit(t.text)
				inRun = false
			}
			continue
		}
		m := ms[k]
		switch m.kind {
		case mKept:
			emit(t.text)
			inRun = false
		case mGenericF:
			w := compact(t.text, false)
			good := false
			for _, s := range f.sub {
				if fits(w, s.w) {
					good = true
				}
			}
			if !good && len(gen) > 0 {
				w = gen[0]
			} else {
				w = t.text
			}
			emit(applyStyle(t.text, w))
			inRun = false
		case mWord:
			if inRun {
				pendingSep = "" // the run's further words are the surrogate's
				continue
			}
			j := sep
			if m.concat {
				j = ""
			}
			emit(applyStyle(t.text, strings.Join(dist, j)))
			inRun = true
		case mAcr:
			a := subAcronym(f.sub)
			if a == "" {
				a = strings.Join(dist, sep)
			}
			emit(applyStyle(t.text, a))
			inRun = false
		case mFixed:
			if strings.Contains(written, strings.ToLower(m.fixed)) {
				pendingSep = ""
				continue
			}
			emit(m.fixed)
			inRun = false
		}
	}
	return b.String(), true
}
