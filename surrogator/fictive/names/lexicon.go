package names

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/surrogator/surrogator/data"
)

// lexicon is what the generators derive once from a *data.Resources:
// surrogate pools by gender and first letter, the letter frequency classes
// and folded lookup tables for salutations, role nouns and title words.
type lexicon struct {
	res *data.Resources
	// first-name pools: single-word names whose list gender is
	// unambiguous, by gender and by folded first letter.
	first map[data.Gender]map[byte][]string
	// allFirst holds every single-word first name of a gender.
	allFirst map[data.Gender][]string
	surnames map[byte][]string
	allSur   []string
	// classOf gives the frequency class of a letter A–Z; classes lists
	// the letters of each class.
	classOf map[byte]int
	classes [][]byte
	salut   map[string]data.Gender // lower-cased text as written
	role    map[string]data.Gender
	// titleKeys holds the titleKey of every listed title and of each of
	// its words; noDot those keys that are written without a dot.
	titleKeys map[string]bool
	noDot     map[string]bool
	titles    []titleEntry
	// pools holds the weighted surrogate pools by origin ("de", "tr", …)
	// and by origin family ("fam:mena", …); firstOrigin and surOrigin map
	// the folded listed names to their origin; afterParticle holds the
	// surnames that follow a particle in the lists ("Bülow" of "von
	// Bülow") by the origin of the particle name (origin.go).
	pools                  map[string]*originPools
	firstOrigin, surOrigin map[string]string
	afterParticle          map[string][]string
	// compound holds the listed hyphenated first names ("Karl-Heinz") by
	// origin and gender.
	compound map[string]map[data.Gender][]string
}

type titleEntry struct {
	text  string
	key   string
	rank  int
	field string
	// pre and fem are prenominal(text) and feminineTitle(text), set when
	// the lexicon is built: titlePool reads them for every title on every
	// draw.
	pre, fem bool
}

// lexiconKey keys the lexicon among the values derived from a resource
// set (data.Resources.Derived): it is built once per resource set and
// lives as long as that set.
type lexiconKey struct{}

func lexiconOf(r *data.Resources) *lexicon {
	return r.Derived(lexiconKey{}, func() any { return buildLexicon(r) }).(*lexicon)
}

// singleWord reports whether s is one word of letters (no space, hyphen,
// dot or apostrophe), so that it can stand in for one name part.
func singleWord(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if !unicode.IsLetter(c) {
			return false
		}
	}
	return true
}

// firstLetter returns the folded first letter of s (A–Z, umlauts and other
// diacritics folded to their base letter), or 0.
func firstLetter(s string) byte {
	for _, c := range s {
		f := data.Fold(string(c))
		if f == "" {
			return 0
		}
		b := f[0]
		if b >= 'a' && b <= 'z' {
			return b - 'a' + 'A'
		}
		return 0
	}
	return 0
}

func buildLexicon(r *data.Resources) *lexicon {
	lx := &lexicon{
		res:       r,
		first:     map[data.Gender]map[byte][]string{},
		allFirst:  map[data.Gender][]string{},
		surnames:  map[byte][]string{},
		salut:     map[string]data.Gender{},
		role:      map[string]data.Gender{},
		titleKeys: map[string]bool{},
		noDot:     map[string]bool{},
	}
	for k, g := range r.Salutations {
		lx.salut[strings.ToLower(k)] = g
	}
	for k, g := range r.RoleNouns {
		lx.role[strings.ToLower(k)] = g
	}
	lx.buildTitles(r)
	for _, g := range []data.Gender{data.Female, data.Male, data.Unknown} {
		lx.first[g] = map[byte][]string{}
	}
	for _, list := range [][]string{r.FemaleFirst, r.MaleFirst, r.UnisexFirst} {
		for _, n := range list {
			if !singleWord(n) {
				continue
			}
			l := firstLetter(n)
			if l == 0 {
				continue
			}
			g := r.GenderOfFirstName(n)
			if lx.has(g, n) {
				continue
			}
			lx.first[g][l] = append(lx.first[g][l], n)
			lx.allFirst[g] = append(lx.allFirst[g], n)
		}
	}
	seenSur := map[string]bool{}
	for _, n := range r.Surnames {
		// A surname that is also a listed first name is not used as a
		// surname surrogate: the two namespaces then never produce the
		// same word for two different originals.
		if !singleWord(n) || seenSur[n] || r.IsFirstName(n) {
			continue
		}
		l := firstLetter(n)
		if l == 0 {
			continue
		}
		seenSur[n] = true
		lx.surnames[l] = append(lx.surnames[l], n)
		lx.allSur = append(lx.allSur, n)
	}
	lx.buildClasses()
	// Surrogates never look like a kept word ("Herr", "Graf", "Dr").
	for g, byLetter := range lx.first {
		for l, ns := range byLetter {
			lx.first[g][l] = lx.dropReserved(ns)
		}
		lx.allFirst[g] = lx.dropReserved(lx.allFirst[g])
	}
	for l, ns := range lx.surnames {
		lx.surnames[l] = lx.dropReserved(ns)
	}
	lx.allSur = lx.dropReserved(lx.allSur)
	lx.buildOrigins(r)
	return lx
}

// reserved reports whether w is a word the generators keep (salutation,
// role noun, title, particle, connector, marker, nobility title), so it
// must not be produced as a name.
func (lx *lexicon) reserved(w string) bool {
	lw := strings.ToLower(w)
	if _, ok := lx.salut[lw]; ok {
		return true
	}
	if _, ok := lx.role[lw]; ok {
		return true
	}
	k := titleKey(w)
	return lx.titleKeys[k] || particles[lw] || connectors[lw] || markers[lw] || nobility[lw] || suffixes[lw]
}

func (lx *lexicon) dropReserved(ns []string) []string {
	out := ns[:0:0]
	for _, n := range ns {
		if !lx.reserved(n) {
			out = append(out, n)
		}
	}
	return out
}

func (lx *lexicon) has(g data.Gender, n string) bool {
	for _, x := range lx.first[g][firstLetter(n)] {
		if x == n {
			return true
		}
	}
	return false
}

// germanInitialClasses are the frequency classes of German name
// initials (surnames and first names, most frequent first: S, B, K, M, H
// … then the rare O, V, I and the very rare Y, Q, X), after the initial
// distribution of German surnames and of the first names of the birth
// cohorts 1930–2010; the letter mapping permutes letters only inside a
// class (Eder et al. 2019: frequent initials map to frequent, rare to
// rare), so no C, I, O or U ever becomes a Q, X or Y (issue 25).
var germanInitialClasses = []string{"SBKMH", "WGRFL", "PADET", "NZJCU", "OVI", "YQX"}

func (lx *lexicon) buildClasses() {
	lx.classOf = map[byte]int{}
	for i, cl := range germanInitialClasses {
		lx.classes = append(lx.classes, []byte(cl))
		for j := 0; j < len(cl); j++ {
			lx.classOf[cl[j]] = i
		}
	}
}

// builtinTitleWords are title words recognised even when the resource
// list lacks them (keys as produced by titleKey).
var builtinTitleWords = []string{
	"dr", "drs", "dres", "prof", "pd", "privdoz", "univprof", "doz", "apl", "med", "dent", "vet", "rer",
	"nat", "phil", "habil", "hc", "eh", "mult", "dipl", "diplmed", "phd", "mudr", "mddr", "drmed", "drin",
	"profin", "univ", "sc", "hum", "medic", "jur", "pol", "ing", "drrernat", "drmeddent", "profdr", "dring",
}

// builtinNoDot are title keys that are written without a dot.
var builtinNoDot = []string{"pd", "phd", "mba", "prof", "dr", "drs", "dres", "mudr", "mddr", "msc", "bsc"}

func (lx *lexicon) buildTitles(r *data.Resources) {
	for _, w := range builtinTitleWords {
		lx.titleKeys[w] = true
	}
	for _, w := range builtinNoDot {
		lx.titleKeys[w] = true
		lx.noDot[w] = true
	}
	for _, t := range r.Titles {
		k := titleKey(t.Text)
		if k == "" {
			continue
		}
		lx.titles = append(lx.titles, titleEntry{text: t.Text, key: k, rank: t.Rank, field: titleField(k),
			pre: prenominal(t.Text), fem: feminineTitle(t.Text)})
		if !strings.Contains(t.Text, " ") {
			lx.titleKeys[k] = true
			if !strings.Contains(t.Text, ".") && len(k) > 1 {
				lx.noDot[k] = true
			}
		}
		for _, w := range strings.Fields(t.Text) {
			wk := titleKey(w)
			if len([]rune(wk)) < 2 {
				continue
			}
			if !strings.Contains(w, ".") && (r.IsFirstName(w) || r.IsSurname(w)) {
				continue
			}
			lx.titleKeys[wk] = true
			if !strings.Contains(w, ".") {
				lx.noDot[wk] = true
			}
		}
	}
}

// titleKey normalises a title: case, spaces, dots and hyphens are ignored
// ("PD Dr.med" = "PD Dr. med.").
func titleKey(s string) string {
	if k, ok := titleKeyASCII(s); ok {
		return k
	}
	return strings.Map(func(c rune) rune {
		if unicode.IsSpace(c) || c == '.' || strings.ContainsRune(hyphens, c) {
			return -1
		}
		return unicode.ToLower(c)
	}, s)
}

// titleKeyASCII is titleKey of an ASCII s (ok false otherwise) without
// a rune-by-rune mapping: the ASCII blanks, dots and hyphen-minus are
// dropped, capitals lowered (every other hyphen is non-ASCII).
func titleKeyASCII(s string) (string, bool) {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return "", false
		}
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == ' ', c >= '\t' && c <= '\r', c == '.', c == '-':
		case 'A' <= c && c <= 'Z':
			b = append(b, c+'a'-'A')
		default:
			b = append(b, c)
		}
	}
	return string(b), true
}

// titleField classifies a title key as medical ("med": human, dental,
// veterinary medicine, the Czech/Slovak MUDr./MDDr., the GDR Dipl.-Med. and
// Dipl.-Stom.) or "other" (natural sciences, humanities, engineering, …).
func titleField(key string) string {
	for _, m := range []string{"med", "mudr", "mddr", "stom", "dent", "vet"} {
		if strings.Contains(key, m) {
			return "med"
		}
	}
	return "other"
}

// isTitle reports whether the chunk w is a title or a run of title words
// glued together ("Dr.med.", "Priv.-Doz.").
func (lx *lexicon) isTitle(w string) bool {
	k := titleKey(w)
	if k == "" {
		return false
	}
	if lx.titleKeys[k] && (strings.Contains(w, ".") || lx.noDot[k]) {
		return true
	}
	if !strings.Contains(w, ".") {
		return false
	}
	// "Dr.med.", "Dr.rer.nat.": every dot-terminated piece is a title word.
	parts := strings.SplitAfter(w, ".")
	n := 0
	for _, p := range parts {
		if p == "" {
			continue
		}
		pk := titleKey(p)
		if pk == "" {
			continue
		}
		if !lx.titleKeys[pk] {
			return false
		}
		n++
	}
	return n > 0
}

// salutation returns the gender signalled by a salutation chunk.
func (lx *lexicon) salutation(w string) (data.Gender, bool) {
	g, ok := lx.salut[strings.ToLower(w)]
	if !ok && strings.HasSuffix(w, ".") {
		g, ok = lx.salut[strings.ToLower(strings.TrimSuffix(w, "."))]
	}
	return g, ok
}

// roleNoun returns the gender signalled by a role noun chunk (from the
// list, or a feminine "-in" derivation such as "Internistin").
func (lx *lexicon) roleNoun(w string) (data.Gender, bool) {
	lw := strings.ToLower(w)
	if g, ok := lx.role[lw]; ok {
		return g, true
	}
	if g, ok := lx.role[strings.TrimSuffix(lw, ".")]; ok && strings.HasSuffix(lw, ".") {
		return g, true
	}
	if g, ok := roleAbbrevs[lw]; ok {
		return g, true
	}
	if feminineRoleNoun(w) && !lx.res.IsFirstName(w) { // "Christin", "Kerstin" are names
		return data.Female, true
	}
	return data.Unknown, false
}

// roleAbbrevs are abbreviated hospital roles: the umlaut forms are
// feminine (OÄ = Oberärztin); OA, CA, FA are used for both and say nothing;
// "Sr." and "Schw." are a nursing sister (Schwester), "Pfl." a nurse.
var roleAbbrevs = map[string]data.Gender{
	"oä": data.Female, "cä": data.Female, "fä": data.Female, "aä": data.Female,
	"oa": data.Unknown, "ca": data.Unknown, "fa": data.Unknown, "aa": data.Unknown,
	"oä.": data.Female, "oa.": data.Unknown, "loa": data.Unknown, "loä": data.Female,
	"sr.": data.Female, "schw.": data.Female, "pfl.": data.Unknown, "ltd.": data.Unknown,
	// groups: kept, no gender
	"familie": data.Unknown, "fam.": data.Unknown, "eheleute": data.Unknown, "ehepaar": data.Unknown,
	"geschwister": data.Unknown, "eltern": data.Unknown,
}

// feminineSuffixes are endings of feminine "-in" role nouns (Ärztin,
// Kollegin, Betreuerin, Internistin, Freundin).
var feminineSuffixes = []string{"erin", "ärin", "arin", "orin", "ntin", "stin", "ztin", "mtin", "gin", "ndin", "ädin", "ichin"}

// notRoleNouns are words with a feminine-looking ending that are not
// persons (drugs, lab values, places).
var notRoleNouns = map[string]bool{
	"heparin": true, "aspirin": true, "glycerin": true, "nitroglycerin": true, "warfarin": true,
	"dentin": true, "gentamicin": true, "vancomycin": true, "ciprofloxacin": true, "erythromycin": true,
	"clindamycin": true, "rifampicin": true, "tetracyclin": true, "doxycyclin": true, "amoxicillin": true,
	"penicillin": true, "ampicillin": true, "insulin": true, "berlin": true, "termin": true, "medizin": true,
	"quarantin": true, "östrogin": true,
}

func feminineRoleNoun(w string) bool {
	r := []rune(w)
	if len(r) < 6 || !unicode.IsUpper(r[0]) {
		return false
	}
	lw := strings.ToLower(w)
	if notRoleNouns[lw] || strings.HasSuffix(lw, "cin") || strings.HasSuffix(lw, "lin") {
		return false
	}
	for _, s := range feminineSuffixes {
		if strings.HasSuffix(lw, s) {
			return true
		}
	}
	return false
}
