package data

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// index holds the lookup tables built by finish.
type index struct {
	firstGender map[string]Gender // folded first name → gender (Unknown for unisex or conflicting)
	surnames    map[string]bool
	muniByName  map[string]int
	muniLoose   map[string]int // placeKeyLoose → index (larger population wins)
	muniShort   map[string]int // placeKeyShort → index (larger population wins)
	muniByCode  map[string]int
	muniByState map[string][]int
	titleRank   map[string]int
}

// Fold normalises s for case- and umlaut-insensitive comparison: lower
// case, ä→ae, ö→oe, ü→ue, ß→ss, other diacritics removed, hyphens, slashes
// and runs of whitespace turned into single spaces, and "St."/"St" as a
// word unified with "Sankt".
func Fold(s string) string {
	if !norm.NFC.IsNormalString(s) {
		s = norm.NFC.String(s)
	}
	var b strings.Builder
	b.Grow(len(s) + 4)
	pendingSpace := false
	put := func(str string) {
		if pendingSpace && b.Len() > 0 {
			b.WriteByte(' ')
		}
		pendingSpace = false
		b.WriteString(str)
	}
	for _, c := range s {
		c = unicode.ToLower(c)
		switch {
		case c == 'ä':
			put("ae")
		case c == 'ö':
			put("oe")
		case c == 'ü':
			put("ue")
		case c == 'ß' || c == 'ẞ':
			put("ss")
		case unicode.IsSpace(c) || c == '-' || c == '‐' || c == '‑' || c == '–' || c == '/' || c == '_':
			pendingSpace = true
		case c < utf8.RuneSelf:
			put(string(c))
		default:
			var base strings.Builder
			for _, r := range norm.NFD.String(string(c)) {
				if !unicode.Is(unicode.Mn, r) {
					base.WriteRune(r)
				}
			}
			put(base.String())
		}
	}
	out := b.String()
	if strings.Contains(out, "st") {
		f := strings.Split(out, " ")
		for i, w := range f {
			if w == "st." || w == "st" {
				f[i] = "sankt"
			}
		}
		out = strings.Join(f, " ")
	}
	return out
}

func buildIndex(r *Resources) *index {
	x := &index{
		firstGender: map[string]Gender{},
		surnames:    make(map[string]bool, len(r.Surnames)),
		muniByName:  map[string]int{},
		muniLoose:   map[string]int{},
		muniShort:   map[string]int{},
		muniByCode:  map[string]int{},
		muniByState: map[string][]int{},
		titleRank:   map[string]int{},
	}
	// a name listed with two different genders (unisex counts as one) is Unknown
	addFirst := func(names []string, g Gender) {
		for _, n := range names {
			k, gk := Fold(n), g
			if prev, ok := x.firstGender[k]; ok && prev != g {
				gk = Unknown
			}
			x.firstGender[k] = gk
		}
	}
	addFirst(r.UnisexFirst, Unknown)
	addFirst(r.FemaleFirst, Female)
	addFirst(r.MaleFirst, Male)
	for _, s := range r.Surnames {
		x.surnames[Fold(s)] = true
	}
	for i, m := range r.Municipalities {
		k := Fold(m.Name)
		if _, ok := x.muniByName[k]; !ok {
			x.muniByName[k] = i
		}
		for _, alt := range []struct {
			m map[string]int
			k string
		}{{x.muniLoose, placeKeyLoose(m.Name)}, {x.muniShort, placeKeyShort(m.Name)}} {
			if alt.k == "" {
				continue
			}
			if j, ok := alt.m[alt.k]; !ok || r.Municipalities[j].Population < m.Population {
				alt.m[alt.k] = i
			}
		}
		for _, p := range m.Postcodes {
			if _, ok := x.muniByCode[p]; !ok {
				x.muniByCode[p] = i
			}
		}
		s := Fold(m.State)
		x.muniByState[s] = append(x.muniByState[s], i)
	}
	for _, t := range r.Titles {
		k := titleKey(t.Text)
		if _, ok := x.titleRank[k]; !ok {
			x.titleRank[k] = t.Rank
		}
	}
	return x
}

// ix returns the index, building a fresh one for a Resources that was
// assembled by hand rather than by Default or Load.
func (r *Resources) ix() *index {
	if r.idx != nil {
		return r.idx
	}
	return buildIndex(r)
}

// GenderOfFirstName returns the gender of a first name from the lists
// (case- and umlaut-insensitive). For a compound name ("Anna-Lena",
// "Hans Peter") the whole name is tried first, then its first part.
// Unisex, conflicting and unknown names give Unknown.
func (r *Resources) GenderOfFirstName(name string) Gender {
	x := r.ix()
	k := Fold(name)
	if g, ok := x.firstGender[k]; ok {
		return g
	}
	if i := strings.IndexByte(k, ' '); i > 0 {
		if g, ok := x.firstGender[k[:i]]; ok {
			return g
		}
	}
	return Unknown
}

// IsFirstName reports whether s (or, for compounds, every part of it) is a
// listed first name of any gender.
func (r *Resources) IsFirstName(s string) bool {
	x := r.ix()
	k := Fold(s)
	if k == "" {
		return false
	}
	if _, ok := x.firstGender[k]; ok {
		return true
	}
	parts := strings.Fields(k)
	if len(parts) < 2 {
		return false
	}
	for _, p := range parts {
		if _, ok := x.firstGender[p]; !ok {
			return false
		}
	}
	return true
}

// IsListedWord reports whether the single word w (no space or hyphen) is
// a listed first name or surname: IsFirstName(w) || IsSurname(w) with one
// folding.
func (r *Resources) IsListedWord(w string) bool {
	x := r.ix()
	k := Fold(w)
	if k == "" {
		return false
	}
	_, first := x.firstGender[k]
	return first || x.surnames[k]
}

// IsSurname reports whether s is a listed surname; a double name
// ("Müller-Lüdenscheidt") counts when each part is listed.
func (r *Resources) IsSurname(s string) bool {
	x := r.ix()
	k := Fold(s)
	if k == "" {
		return false
	}
	if x.surnames[k] {
		return true
	}
	if !strings.ContainsAny(s, "-‐‑") {
		return false
	}
	for _, p := range strings.FieldsFunc(s, func(c rune) bool { return c == '-' || c == '‐' || c == '‑' }) {
		if !x.surnames[Fold(p)] {
			return false
		}
	}
	return true
}

// stateAliases maps common abbreviations to full state names.
var stateAliases = map[string]string{
	"bw": "Baden-Württemberg", "by": "Bayern", "be": "Berlin", "bb": "Brandenburg",
	"hb": "Bremen", "hh": "Hamburg", "he": "Hessen", "mv": "Mecklenburg-Vorpommern",
	"ni": "Niedersachsen", "nds": "Niedersachsen", "nw": "Nordrhein-Westfalen", "nrw": "Nordrhein-Westfalen",
	"rp": "Rheinland-Pfalz", "rlp": "Rheinland-Pfalz", "sl": "Saarland", "sn": "Sachsen",
	"st": "Sachsen-Anhalt", "lsa": "Sachsen-Anhalt", "sh": "Schleswig-Holstein", "th": "Thüringen",
	"freistaat bayern": "Bayern", "freistaat sachsen": "Sachsen", "freistaat thueringen": "Thüringen",
	"freie hansestadt bremen": "Bremen", "freie und hansestadt hamburg": "Hamburg",
}

// MunicipalitiesInState returns the indices (into Municipalities) of the
// municipalities in state, given by full name (case/umlaut-insensitive) or
// common abbreviation ("BY", "NRW"). The result is a fresh slice.
func (r *Resources) MunicipalitiesInState(state string) []int {
	x := r.ix()
	k := Fold(state)
	if full, ok := stateAliases[k]; ok {
		k = Fold(full)
	}
	return slices.Clone(x.muniByState[k])
}

// MunicipalityByName finds a municipality by name, case- and
// umlaut-insensitively ("Muenchen", "MÜNCHEN" → München). When several
// share a name, the first listed wins. Without an exact match, spelling
// variants of qualifiers are tried ("Frankfurt/Oder", "Halle a. d. Saale",
// "Neustadt a.d. Aisch"), then the bare name without qualifier or title
// ("Frankfurt", "Freiburg i. Br.", "Wittenberg"), where the municipality
// with the larger population wins.
func (r *Resources) MunicipalityByName(name string) (int, bool) {
	x := r.ix()
	if i, ok := x.muniByName[Fold(name)]; ok {
		return i, true
	}
	if k := placeKeyLoose(name); k != "" {
		if i, ok := x.muniLoose[k]; ok {
			return i, true
		}
	}
	if k := placeKeyShort(name); k != "" {
		if i, ok := x.muniShort[k]; ok {
			return i, true
		}
	}
	return 0, false
}

// placeFillers are words dropped by placeKeyLoose.
var placeFillers = map[string]bool{
	"am": true, "an": true, "der": true, "dem": true, "den": true, "im": true, "in": true,
	"ob": true, "bei": true, "vor": true, "auf": true, "a": true, "i": true, "d": true,
	"b": true, "v": true, "o": true, "h": true,
}

// placeKeyLoose folds a place name and drops punctuation and the small
// words of qualifiers: "Frankfurt (Oder)" and "Frankfurt/Oder" →
// "frankfurt oder"; "Halle a. d. Saale" → "halle saale".
func placeKeyLoose(s string) string {
	f := strings.FieldsFunc(Fold(s), func(c rune) bool { return c == ' ' || c == '.' || c == '(' || c == ')' || c == ',' })
	out := f[:0]
	for _, w := range f {
		if !placeFillers[w] {
			out = append(out, w)
		}
	}
	return strings.Join(out, " ")
}

// placeTitles are honorific prefixes of German town names.
var placeTitles = map[string]bool{
	"lutherstadt": true, "hansestadt": true, "ostseebad": true, "nordseebad": true,
	"heilbad": true, "kurort": true, "universitaetsstadt": true, "stadt": true,
}

// placeKeyShort reduces a place name to its bare name: the part before a
// slash or parenthesis and before a qualifier ("am Main", "an der Ruhr",
// "i. Br."), without honorific prefixes ("Lutherstadt"). It returns "" if
// nothing is left.
func placeKeyShort(s string) string {
	if i := strings.IndexAny(s, "/("); i >= 0 {
		s = s[:i]
	}
	words := strings.Fields(Fold(s))
	for len(words) > 1 && placeTitles[words[0]] {
		words = words[1:]
	}
	for i, w := range words {
		if i > 0 && (placeFillers[strings.TrimSuffix(w, ".")] || (len(w) >= 2 && w[1] == '.')) {
			words = words[:i]
			break
		}
	}
	return strings.Join(words, " ")
}

// MunicipalityByPostcode finds the municipality owning a postcode. A
// "D-" or "D " prefix and surrounding spaces are ignored.
func (r *Resources) MunicipalityByPostcode(code string) (int, bool) {
	c := strings.TrimSpace(code)
	c = strings.TrimPrefix(strings.TrimPrefix(c, "D-"), "D ")
	c = strings.TrimSpace(c)
	i, ok := r.ix().muniByCode[c]
	return i, ok
}

// titleKey normalises a title for lookup: case, spaces, dots and hyphens
// are ignored ("PD Dr.med" = "PD Dr. med.", "Dr. rer-nat." = "Dr. rer. nat.").
func titleKey(s string) string {
	return strings.Map(func(c rune) rune {
		if unicode.IsSpace(c) || c == '.' || c == '-' {
			return -1
		}
		return unicode.ToLower(c)
	}, s)
}

// TitleRank returns the rank of a listed title, ignoring case, spaces,
// dots and hyphens.
func (r *Resources) TitleRank(title string) (int, bool) {
	rank, ok := r.ix().titleRank[titleKey(title)]
	return rank, ok
}

// TitlesOfRank returns the titles with the given rank, in file order.
func (r *Resources) TitlesOfRank(rank int) []string {
	var out []string
	for _, t := range r.Titles {
		if t.Rank == rank {
			out = append(out, t.Text)
		}
	}
	return out
}
