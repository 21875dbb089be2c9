package taxonomy

import (
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/surrogator/surrogator/data"
	"github.com/surrogator/surrogator/embed"
)

// Declension of a surrogate after the article before its span.
//
// Surrogates (pool entries, templates, register names) are written in the
// nominative without an article: "Katholisches Klinikum Fulda". The text
// before a span is kept byte for byte, so the surrogate itself is declined
// for the case the article shows: "vom Katholischen Klinikum Fulda", "ins
// Städtische Klinikum", "des Klinikums Fulda", "einer Evangelischen
// Klinik". The case comes from the article's readings for the surrogate's
// head gender (the candidates were chosen so that one exists,
// AgreeingGenders); adjectives before the head take the weak endings after
// a definite article or contraction and the mixed ones after an
// indefinite or possessive; a masculine or neuter head takes the genitive
// -s or -es. Without an article nothing changes.

// indefinite articles and possessives (mixed declension of adjectives).
var indefinite = map[string]bool{
	"ein": true, "eine": true, "einen": true, "einem": true, "einer": true, "eines": true,
}

// isIndefinite reports whether an article form declines like "ein".
func isIndefinite(a string) bool {
	if indefinite[a] {
		return true
	}
	for _, stem := range []string{"kein", "unser", "ihr", "sein"} {
		if strings.HasPrefix(a, stem) {
			return true
		}
	}
	return false
}

// adjectiveEndings end the stems of adjectives that occur before the head of
// facility names ("Katholisch-es", "Städtisch-e", "Berufsgenossenschaftlich-e").
//
// "-ig" is left out: "Leipziger", "Braunschweiger" are indeclinable place
// adjectives, not "Leipzig-er".
var adjectiveEndings = []string{"isch", "lich", "al", "är", "ell", "ant", "deutsch"}

// adjectiveWords are adjective stems without such an ending.
var adjectiveWords = map[string]bool{
	"deutsch": true, "frei": true, "neu": true, "alt": true, "privat": true, "allgemein": true, "groß": true,
	"klein": true, "vereinigt": true, "bergisch": true, "heilig": true, "ober": true, "unter": true,
	"freiwillig": true, "mobil": true, "intensiv": true, "palliativ": true, "betreut": true, "offen": true, "blau": true, "rot": true, "weiß": true, "grün": true, "gelb": true, "schwarz": true, "früh": true,
}

// AdjectiveStem reports whether w is an inflected adjective of the kind
// Decline declines ("Katholisches" → "Katholisch", "es").
func AdjectiveStem(w string) (stem, ending string, ok bool) { return adjectiveStem(w) }

// adjectiveStem splits an inflected adjective ("Katholisches" →
// "Katholisch", "es"); ok false for any other word.
func adjectiveStem(w string) (stem, ending string, ok bool) {
	if w == "" || strings.ContainsAny(w, ".-/&") {
		return "", "", false
	}
	for _, e := range []string{"es", "er", "en", "em", "e"} {
		if !strings.HasSuffix(w, e) {
			continue
		}
		s := w[:len(w)-len(e)]
		l := strings.ToLower(s)
		if utf8.RuneCountInString(l) < 3 && !adjectiveWords[l] {
			return "", "", false
		}
		if adjectiveWords[l] {
			return s, e, true
		}
		for _, suf := range adjectiveEndings {
			if strings.HasSuffix(l, suf) {
				return s, e, true
			}
		}
		return "", "", false
	}
	return "", "", false
}

// headIndex returns the index of the head noun among the words of name
// (the first word ending in a known head noun, as HeadGender finds it)
// and its gender; -1 when none.
// laterHead reports whether one of words ends in a known head noun.
func laterHead(words []string) bool {
	for _, w := range words {
		if locatives[strings.ToLower(w)] {
			return false
		}
		if tokenGender(w, false) != NoGender {
			return true
		}
	}
	return false
}

func headIndex(words []string) (int, Gender) {
	spa := -1
	for i, tok := range words {
		if i > 0 && locatives[strings.ToLower(tok)] {
			break // "Physiotherapie am Marktplatz": no head before the place
		}
		core := strings.TrimRight(tok, ",;:)")
		if i == 0 && core == "AG" && len(words) > 1 {
			return i, Neuter // "AG Leipzig": das Amtsgericht (a company's AG comes last)
		}
		if core == "Bad" && i+1 < len(words) && startsUpper(words[i+1]) {
			spa = i + 1
			continue // "Bad Windsheim Fachklinik …": a spa town's name, not a bath
		}
		if i == spa && i+1 < len(words) {
			continue // the spa town itself ("Windsheim" is no "Heim")
		}
		if placeName(core) && laterHead(words[i+1:]) {
			continue // "Sersheim Anwaltskanzlei": the town is no "Heim"
		}
		g, isAcr := acronymGenders[core]
		if !isAcr {
			g = tokenGender(tok, false)
			isAcr = g == NoGender
			if isAcr {
				g = tokenGender(tok, true) // "MVZ" → "Medizinisches Versorgungszentrum"
			}
		}
		if g == NoGender {
			continue
		}
		if isAcr {
			// an abbreviation before a noun of its own is a modifier
			// ("LMU Klinikum", "BG Klinikum", "AWO Seniorenzentrum", "DRK
			// Kreisverband"); an apposition does not count ("DRV Bund",
			// "UKSH Campus Kiel")
			for j := i + 1; j < len(words); j++ {
				if locatives[strings.ToLower(words[j])] || strings.HasSuffix(words[j-1], ",") {
					break // "MVZ Emden, Klinik für …": an apposition
				}
				if _, acr := acronymGenders[strings.TrimRight(words[j], ",;:)")]; acr || appositions[strings.ToLower(words[j])] {
					continue
				}
				if placeName(strings.TrimRight(words[j], ",;:)")) {
					continue // "JVA Hildesheim": the place is no head ("-heim")
				}
				if words[j] == "Bad" && j+1 < len(words) && startsUpper(words[j+1]) {
					j++
					continue // "AWO Bad Segeberg": a spa town's name, not a bath
				}
				if h := tokenGender(words[j], false); h != NoGender {
					return j, h
				}
			}
		}
		return i, g
	}
	return -1, NoGender
}

// startsUpper reports whether w begins with an upper-case letter.
func startsUpper(w string) bool {
	r, _ := utf8.DecodeRuneInString(w)
	return unicode.IsUpper(r)
}

// tokenGender is the gender of the head noun a word ends in (a hyphenated
// compound's last part: "Park-Apotheke"), read as written or, with
// expand, after expanding its abbreviation.
func tokenGender(tok string, expand bool) Gender {
	parts := embed.Fold(tok)
	if expand {
		parts = embed.Fold(Expand(tok))
	}
	for k := len(parts) - 1; k >= 0; k-- {
		if g := wordGender(parts[k]); g != NoGender {
			return g
		}
	}
	return NoGender
}

// appositions are nouns after an abbreviation that do not head the name.
var appositions = map[string]bool{"bund": true, "campus": true}

// acronymGenders are the genders of abbreviations, those of their
// institution's head noun ("das UKE": Universitätsklinikum, "die UKA":
// Uniklinik, "die MHH": Hochschule, "die TK": Krankenkasse, "der MDK":
// Dienst, "das LG": Landgericht). The location package's register test
// checks that every acronym of the register is listed with the gender
// of its institution's name.
var acronymGenders = map[string]Gender{
	"AOK": Feminine, "ASB": Masculine, "AWO": Feminine, "ArbG": Neuter, "BAMF": Neuter, "BAS": Neuter, "BEK": Feminine, "BG": Feminine, "BFH": Masculine, "BGH": Masculine, "BGU": Feminine, "BHT": Feminine, "BIPS": Neuter, "BKK": Feminine, "BNITM": Neuter, "BSG": Neuter, "BVA": Neuter, "BVerwG": Neuter, "BZSt": Neuter, "BayVGH": Masculine, "BfA": Feminine, "BfArM": Neuter, "BfJ": Neuter, "CAU": Feminine, "CCC": Neuter, "CCCF": Neuter, "CCCU": Neuter, "DHM": Neuter, "DHZC": Neuter, "DKFZ": Neuter, "DRK": Neuter, "DRV": Feminine, "DSHS": Feminine, "DZNE": Neuter, "EBA": Neuter, "EUF": Feminine, "FAU": Feminine, "FG": Neuter, "FH": Feminine, "FLI": Neuter, "GKV": Feminine, "HFU": Feminine, "HHU": Feminine, "HKI": Neuter, "HM": Feminine, "HOST": Feminine, "HS": Feminine, "HSRM": Feminine, "HSU": Feminine, "HSZG": Feminine, "HUK": Feminine, "HZI": Neuter, "HZL": Neuter, "HsH": Feminine, "IKK": Feminine, "INTER": Feminine, "IfADo": Neuter, "JGU": Feminine, "JLU": Feminine, "JMU": Feminine, "JVA": Feminine, "KBA": Neuter, "KIT": Neuter, "NLBV": Neuter, "LVR": Masculine, "LWL": Masculine, "VZP": Feminine, "VBL": Feminine, "CNS": Feminine, "CMFEP": Feminine, "BVAEB": Feminine, "NFZ": Masculine, "TH": Feminine, "OTH": Feminine, "HAW": Feminine, "PH": Feminine, "DHBW": Feminine, "LVA": Feminine, "KBS": Feminine, "KJP": Feminine, "KU": Feminine, "KUM": Neuter, "KUVB": Feminine, "KV": Feminine, "KVJS": Masculine, "LAG": Neuter, "LAGeSo": Neuter, "LAGuS": Neuter, "LASV": Neuter, "LBV": Neuter, "LG": Neuter, "LKH": Feminine, "LKK": Feminine, "LMU": Feminine, "LRA": Neuter, "LSG": Neuter, "LSJV": Neuter, "LUH": Feminine, "MD": Masculine, "MDC": Neuter, "MDK": Masculine, "MHB": Feminine, "MHH": Feminine, "MLU": Feminine, "MRI": Neuter, "MVZ": Neuter, "NCT": Neuter, "OLG": Neuter, "OVG": Neuter, "OVGU": Feminine, "PBeaKK": Feminine, "PEI": Neuter, "PIA": Feminine, "PKV": Feminine, "R+V": Feminine, "RKI": Neuter, "RPTU": Feminine, "RUB": Feminine, "RWTH": Feminine, "SDK": Feminine, "SG": Neuter, "SPZ": Neuter, "SVS": Feminine, "StA": Feminine, "GStA": Feminine, "THD": Feminine, "TKK": Feminine, "TLVwA": Neuter, "TU": Feminine, "TUHH": Feminine, "TUM": Feminine, "TZM": Neuter, "UCCH": Neuter, "UCCL": Neuter, "UCCSH": Neuter, "UDE": Feminine, "UFZ": Neuter, "UHZ": Neuter, "UKA": Feminine, "UKBW": Feminine, "UKK": Feminine, "UKMD": Feminine, "UKV": Feminine, "UME": Feminine, "UMG": Feminine, "UMM": Feminine, "UMMD": Feminine, "UMR": Feminine, "UVB": Feminine, "UW/H": Feminine, "UdS": Feminine, "VG": Neuter, "VGH": Masculine, "WHZ": Feminine, "WTZ": Neuter, "ZBFS": Neuter, "ZFP": Neuter, "ZfP": Neuter, "ÖGK": Feminine,
}

// CaseOf returns the grammatical case (0 nominative, 1 accusative, 2
// dative, 3 genitive) an article form has before a head of gender g, and
// ok false when the form has no reading for g (or is no article).
func CaseOf(article string, g Gender) (int, bool) {
	rs, ok := articleReadings[strings.ToLower(article)]
	if !ok || g == NoGender {
		return 0, false
	}
	for _, r := range rs {
		if r.gender == g {
			return r.cas, true
		}
	}
	return 0, false
}

// Decline returns name declined for the article before its span (see
// above); name unchanged when article is empty or has no reading for the
// name's head gender.
func Decline(name, article string) string {
	a := strings.ToLower(article)
	if a == "" {
		return name
	}
	words := strings.Fields(name)
	hi, g := headIndex(words)
	if hi < 0 {
		return name
	}
	cas, ok := CaseOf(a, g)
	if !ok {
		return name
	}
	changed := false
	for i := 0; i < hi; i++ {
		stem, end, ok := adjectiveStem(words[i])
		if !ok {
			continue
		}
		want := adjectiveEnding(cas, g, isIndefinite(a))
		if want != end {
			words[i] = stem + want
			changed = true
		}
	}
	if cas == dat && g == Plural {
		// dative plural -n: "bei den Stadtwerken"
		if w := words[hi]; !strings.HasSuffix(w, "n") && !strings.HasSuffix(w, "s") && !IsAcronym(w) {
			words[hi] = w + "n"
			changed = true
		}
	}
	if cas == gen && (g == Masculine || g == Neuter) {
		if w, ok := genitiveS(words[hi]); ok {
			words[hi] = w
			changed = true
		}
	}
	if !changed {
		return name
	}
	return strings.Join(words, " ")
}

// adjectiveEnding is the ending of an attributive adjective in case cas
// before a head of gender g, after a definite (weak) or an indefinite
// (mixed) article.
func adjectiveEnding(cas int, g Gender, indef bool) string {
	if g == Plural {
		return "en"
	}
	switch cas {
	case nom:
		if indef {
			switch g {
			case Masculine:
				return "er"
			case Neuter:
				return "es"
			}
		}
		return "e"
	case acc:
		switch g {
		case Masculine:
			return "en"
		case Neuter:
			if indef {
				return "es"
			}
		}
		return "e"
	}
	return "en"
}

// genitiveS adds the genitive -s or -es to a head noun written as a word
// ("Klinikum" → "Klinikums", "Krankenhaus" → "Krankenhauses", "Dienst" →
// "Dienstes"); ok false
// for an acronym, a word that already ends in s, or a head glued to other
// words ("Helios-Klinikum" keeps its form: the -s goes to its end too).
func genitiveS(w string) (string, bool) {
	core := strings.TrimRight(w, ",;:)")
	trail := w[len(core):]
	if core == "" || IsAcronym(core) {
		return w, false
	}
	upper := 0
	for _, r := range core {
		if unicode.IsUpper(r) {
			upper++
		}
	}
	if upper >= 2 && !strings.Contains(core, "-") {
		return w, false // a mixed-case acronym ("LAGeSo", "BfArM") takes no -s
	}
	last, _ := utf8.DecodeLastRuneInString(core)
	if !unicode.IsLower(last) {
		return w, false
	}
	l := strings.ToLower(core)
	switch {
	case strings.HasSuffix(l, "haus"), strings.HasSuffix(l, "ß"), strings.HasSuffix(l, "x"), strings.HasSuffix(l, "z"),
		strings.HasSuffix(l, "st"), strings.HasSuffix(l, "sch"):
		return core + "es" + trail, true
	case strings.HasSuffix(l, "s"):
		return w, false
	}
	return core + "s" + trail, true
}

// StripGenitive returns name with the genitive -s or -es of its head noun
// removed ("Herzzentrums Leipzig" → "Herzzentrum Leipzig",
// "Krankenhauses" → "Krankenhaus"); ok false when the name's head shows no
// genitive ending.
func StripGenitive(name string) (string, bool) {
	words := strings.Fields(name)
	for i, w := range words {
		if i > 0 && locatives[strings.ToLower(w)] {
			break // "Beihilfestelle des Landesamts …": the genitive is the owner's
		}
		parts := embed.Fold(w)
		if len(parts) == 0 {
			continue
		}
		last := parts[len(parts)-1]
		if wordGender(last) != NoGender {
			return name, false // the head is in its base form
		}
		core := strings.TrimRight(w, ",;:)")
		for _, cut := range []string{"es", "s"} {
			if !strings.HasSuffix(last, cut) || !strings.HasSuffix(core, cut) {
				continue
			}
			if g := wordGender(strings.TrimSuffix(last, cut)); g == Masculine || g == Neuter {
				words[i] = strings.TrimSuffix(core, cut) + w[len(core):]
				return strings.Join(words, " "), true
			}
		}
	}
	return name, false
}

// Agrees reports whether name, declined as Decline does, agrees with
// article: the article has a reading for the name's head gender, and when
// before has a case of its own (an original's reading) that case is one of
// the surrogate's. A name whose head gender is unknown agrees.
func Agrees(article, original, surrogate string) bool {
	a := strings.ToLower(article)
	rs, ok := articleReadings[a]
	if !ok {
		return true
	}
	og, sg := HeadGender(original), HeadGender(surrogate)
	if slices.ContainsFunc(rs, func(r reading) bool { return r.cas == gen && (r.gender == Masculine || r.gender == Neuter) }) {
		// only "des", "eines" … give a head its -s ("der Five Star
		// Services GmbH" is die GmbH)
		if s, stripped := StripGenitive(original); stripped {
			og = HeadGender(s)
		}
		if s, stripped := StripGenitive(surrogate); stripped {
			sg = HeadGender(s)
		}
	}
	if sg == NoGender {
		return true
	}
	var ocases, scases [gen + 1]bool
	for _, r := range rs {
		if r.gender == og {
			ocases[r.cas] = true
		}
		if r.gender == sg {
			scases[r.cas] = true
		}
	}
	if og != NoGender && ocases == [gen + 1]bool{} {
		og = NoGender // the original does not agree either: any reading will do
	}
	any := false
	for c := range ocases {
		if scases[c] && (ocases[c] || og == NoGender) {
			any = true
		}
	}
	if og == NoGender {
		for c := range scases {
			any = any || scases[c]
		}
	}
	return any
}

// Nominative returns name as it would be written without an article, the
// form surrogates are kept in: the inverse of Decline for the article
// before the span ("Katholischen Klinikum Fulda" after "vom" →
// "Katholisches Klinikum Fulda", "Herzzentrums Leipzig" after "des" →
// "Herzzentrum Leipzig"). Spellings of one facility after different
// articles share one consistency key this way.
func Nominative(name, article string) string {
	a := strings.ToLower(article)
	if a == "" {
		return name
	}
	rs, ok := articleReadings[a]
	if !ok {
		return name
	}
	if slices.ContainsFunc(rs, func(r reading) bool { return r.cas == gen && (r.gender == Masculine || r.gender == Neuter) }) {
		// only "des", "eines" … give a head its -s ("der Nordic-Jagd
		// Handels GmbH" keeps its "Handels")
		if s, ok := StripGenitive(name); ok {
			name = s
		}
	}
	words := strings.Fields(name)
	hi, g := headIndex(words)
	if hi < 0 {
		return name
	}
	changed := false
	if cas, ok := CaseOf(a, g); ok && cas == dat && g == Plural {
		// "Stadtwerken" → "Stadtwerke", "Kliniken" stays
		w := words[hi]
		if base := strings.TrimSuffix(w, "n"); base != w && strings.HasSuffix(base, "e") && pluralWord(base) {
			words[hi] = base
			changed = true
		}
	}
	for i := 0; i < hi; i++ {
		stem, end, ok := adjectiveStem(words[i])
		if !ok {
			continue
		}
		want := adjectiveEnding(nom, g, true) // strong nominative: -er, -es, -e
		if g == Plural {
			want = "e"
		}
		if want != end {
			words[i] = stem + want
			changed = true
		}
	}
	if !changed {
		return name
	}
	return strings.Join(words, " ")
}

// pluralWord reports whether a word ends in a known plural head noun.
func pluralWord(w string) bool {
	parts := embed.Fold(w)
	return len(parts) > 0 && wordGender(parts[len(parts)-1]) == Plural
}

// placeName reports whether w is a German place name (data.Places): after
// an abbreviation a place name is an apposition, whatever noun it ends in
// ("JVA Hildesheim" is die JVA, "AOK Oldenburg" die AOK). A binary search
// of the embedded, read-only list, which is sorted by name: no set or
// cache of its own.
func placeName(w string) bool {
	ps := data.Places()
	i := sort.Search(len(ps), func(i int) bool { return ps[i].Name >= w })
	return i < len(ps) && ps[i].Name == w
}

// prepositionCases are the cases a preposition governs (nominative never).
var prepositionCases = func() map[string][gen + 1]bool {
	dative := [gen + 1]bool{dat: true}
	accusative := [gen + 1]bool{acc: true}
	twoWay := [gen + 1]bool{acc: true, dat: true}
	genitive := [gen + 1]bool{gen: true, dat: true}
	m := map[string][gen + 1]bool{}
	for _, p := range []string{"bei", "mit", "von", "aus", "nach", "seit", "zu", "gegenüber", "ab", "außer", "samt", "nebst", "entsprechend", "gemäß"} {
		m[p] = dative
	}
	for _, p := range []string{"durch", "für", "gegen", "ohne", "um", "bis", "wider"} {
		m[p] = accusative
	}
	for _, p := range []string{"in", "an", "auf", "über", "unter", "vor", "hinter", "neben", "zwischen"} {
		m[p] = twoWay
	}
	for _, p := range []string{"wegen", "trotz", "während", "statt", "anstatt", "innerhalb", "außerhalb", "aufgrund", "mittels", "seitens", "bezüglich", "zugunsten"} {
		m[p] = genitive
	}
	return m
}()

// PrepositionGenders returns the head genders the article ending before
// may agree with given the preposition written before it: "bei den …" is
// a dative, so a plural head ("bei den Stadtwerken", never "bei den
// Betrieb"), "in der …" a feminine dative (never "in der Pflegedienst").
// It is 0 when no preposition precedes the article: the article alone
// decides (AgreeingGenders).
func PrepositionGenders(before string) GenderSet {
	if !ArticleBefore(before) {
		return 0
	}
	f := strings.Fields(before)
	if len(f) < 2 {
		return 0
	}
	cases, ok := prepositionCases[strings.ToLower(f[len(f)-2])]
	if !ok {
		return 0
	}
	var out GenderSet
	for _, r := range articleReadings[strings.ToLower(f[len(f)-1])] {
		if cases[r.cas] {
			out |= r.gender.Set()
		}
	}
	return out
}
