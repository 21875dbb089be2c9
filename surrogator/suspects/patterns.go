package suspects

import (
	"math/big"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/surrogator/surrogator/data"
	"github.com/surrogator/surrogator/surrogator/dates"
	"github.com/surrogator/surrogator/surrogator/kinds"
)

// ---- patterns ----

const month = `(?:Januar|Jänner|Februar|Feber|März|Maerz|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember|Jan|Feb|Mär|Mrz|Apr|Jun|Jul|Aug|Sept|Sep|Okt|Nov|Dez)`

var (
	reEmail = regexp.MustCompile(`[\p{L}0-9._%+-]+@[\p{L}0-9-]+(?:\.[\p{L}0-9-]+)*\.[A-Za-z]{2,}`)
	reURL   = regexp.MustCompile(`(?i)(?:https?://|www\.)[^\s<>"'()\[\]]+|\b[\p{L}0-9-]+(?:\.[\p{L}0-9-]+)*\.(?:de|com|org|net|eu|info|at|ch|fr|it|nl|pl|be|lu|dk|cz|uk|io|example)\b(?:/[^\s<>"'()]*)?`)
	// reURLAt is reURL at a word start (a domain may start with an
	// umlaut, which \b does not take for a word character)
	reURLAt = regexp.MustCompile(`^(?i:(?:https?://|www\.)[^\s<>"'()\[\]]+|[\p{L}0-9-]+(?:\.[\p{L}0-9-]+)*\.(?:de|com|org|net|eu|info|at|ch|fr|it|nl|pl|be|lu|dk|cz|uk|io|example)\b(?:/[^\s<>"'()]*)?)`)
	// reEmailAt is reEmail at the start of the local part
	reEmailAt = regexp.MustCompile(`^[\p{L}0-9._%+-]+@[\p{L}0-9-]+(?:\.[\p{L}0-9-]+)*\.[A-Za-z]{2,}`)
	reIBAN    = regexp.MustCompile(`\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?\b`)
	reBIC     = regexp.MustCompile(`\b(?:BIC|SWIFT)\b\s*:?\s*([A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?)\b`)
	// phone or fax after a label
	rePhoneLabel = regexp.MustCompile(`(?i)\b(Tel(?:efon)?|Fon|Phone|Mobil(?:funk)?|Handy|Telefax|Fax|Durchwahl|Rufnummer)\b\.?(?:\s*-?\s*Nr\.?)?\s*:?\s*(\+?\(?\d[\d ()/.\-–]{4,}\d)`)
	// phone shape without a label: +49…, (0…) or 0…/…
	rePhone     = regexp.MustCompile(`(?:\+\d{2,3} ?(?:\(0\))? ?\d{2,5}|\(0\d{2,5}\)|\b0\d{2,5} ?[/\-–])[ ]?\d[\d ]{2,}\d(?: ?[-–] ?\d{1,5})?`)
	reAge       = regexp.MustCompile(`\b(\d{1,3}) ?-? ?(?:jährige[nmrs]?|jährig|jähr\.|[jJ]\.(?: alt)?|Jahre alt|Jahren alt|LJ\b|Lj\.)|(?:im Alter von|Alter:?|Lebensalter:?) (\d{1,3})\b|\b(\d{1,3})\. ?Lebensjahr`)
	reID        = regexp.MustCompile(`\b(?i:(?:Fall|Pat(?:ienten)?\.?|Patienten|Versicherten|Versicherungs|Kranken(?:versicherten|kassen)?|Auftrags|Befund|Labor|Akten|Kunden|Rechnungs|Mitglieds|Spender|Empfänger|Proben|Studien|Aufnahme|Kassen|Identifikations|Personal|Ausweis|Steuer|Sozialversicherungs|Einsende|Auftrag|Vorgangs|Archiv|Episoden)[-. ]?(?:Nr|Nummer|ID|Kennung|Kennz|Kennzeichen)|Aktenzeichen|Az|PID|MRN|ID|Identifikationsnummer)\b\.?\s*:?\s*([A-Za-z0-9][A-Za-z0-9./\-]*\d[A-Za-z0-9./\-]*)`)
	reZip       = regexp.MustCompile(`(?:^|[^\p{L}\d.,/\-])(\d{5})[ \t]+(\p{Lu}[\p{L}\-]*(?:[ \t](?:a\. ?d\.|an der|am|im|in|ob der|bei)[ \t]\p{Lu}\p{L}*|[ \t]?\([^)\n]{1,20}\))?)`)
	reStreet    = regexp.MustCompile(`(?:\b(?:\p{Lu}\p{L}*-)*\p{Lu}\p{L}*(?:straße|strasse|str\.|weg|gasse|allee|platz|ring|damm|steig|pfad|chaussee|promenade|ufer|graben|markt|winkel|stieg|twiete)|\b(?:\p{Lu}\p{L}*-)+(?:Straße|Strasse|Str\.|Weg|Gasse|Allee|Platz|Ring|Damm|Ufer|Chaussee|Markt)|\b\p{Lu}\p{L}*(?:e|er|es|en) (?:Straße|Strasse|Str\.|Weg|Allee|Platz|Gasse|Ring|Damm|Ufer|Chaussee|Markt|Steig|Pfad|Promenade|Graben))[ \t]*\d{1,4}(?: ?[a-zA-Z]\b)?(?: ?[-–/] ?\d{1,4}[a-zA-Z]?)?\b`)
	reFacility  = regexp.MustCompile(`\b(Universitätsklinikum|Universitätsklinik|Uniklinikum|Uniklinik|Klinikum|Klinik|Kliniken|Krankenhaus|Kreiskrankenhaus|Kreisklinik|Kreisklinikum|Bezirkskrankenhaus|Fachklinik|Rehaklinik|Reha-Klinik|Praxis|Gemeinschaftspraxis|Hausarztpraxis|Arztpraxis|Praxisgemeinschaft|MVZ|Pflegeheim|Altenheim|Seniorenheim|Seniorenzentrum|Hospiz|Sanatorium|Hospital|Universität|Hochschule)[ ]+((?:(?:Dr\.|Dres\.|Prof\.) ?(?:med\. ?)?)?\p{Lu}[\p{L}.\-]*(?: \p{Lu}[\p{L}.\-]*){0,3})`)
	reFacility2 = regexp.MustCompile(`\b((?:\p{Lu}[\p{L}]*-)+)(?i:Klinik|Klinikum|Kliniken|Krankenhaus|Hospital|Universität|Stift)\b(?: \p{Lu}[\p{L}]+)?|\bSt\.[ -]?\p{Lu}\p{L}+[ -](?:Krankenhaus|Hospital|Klinik|Klinikum|Stift)\b`)
	// dates
	reDateDot   = regexp.MustCompile(`\b\d{1,2}\.\d{1,2}\.(?:\d{4}|\d{2}| \d{4})?`)
	reDateSlash = regexp.MustCompile(`\b\d{1,2}/\d{1,2}/(?:\d{4}|\d{2})\b|\b\d{1,2}-\d{1,2}-\d{4}\b|\b\d{4}[-/]\d{2}[-/]\d{2}\b`)
	reMonthYear = regexp.MustCompile(`\b\d{2}-\d{2}/\d{2}(?:\d{2})?\b|\b\d{1,2}/(?:\d{4}|\d{2})\b|\b\d{1,2}\.(?:19|20)\d{2}\b`)
	reDateWord  = regexp.MustCompile(`\b(?:(?:Anfang|Mitte|Ende) )?(\d{1,2}\. ?)?` + month + `\.?( ?(?:19|20)\d{2}\b)?`)
	reDateMisc  = regexp.MustCompile(`\b(?:Q[1-4] ?/? ?\d{4}|[1-4]\. ?Quartal \d{4}|KW ?\d{1,2} ?/ ?\d{4}|\d{1,2}\. ?KW \d{4}|(?:Weihnachten|Heiligabend|Ostern|Pfingsten|Silvester|Neujahr|Karfreitag|Ostermontag|Pfingstmontag|Himmelfahrt|Frühjahr|Frühling|Sommer|Herbst|Winter) \d{4}|(?:WS|SS|WiSe|SoSe|Wintersemester|Sommersemester) ?(?:\d{4}/\d{2}(?:\d{2})?|\d{2}/\d{2}|\d{4}|\d{2}))\b`)
)

// dateMiscWords start a reDateMisc match before a number: holidays,
// seasons and semesters ("Weihnachten 2021", "Herbst 2019", "WS 2019/20").
var dateMiscWords = fieldSet(`Weihnachten Heiligabend Ostern Pfingsten Silvester Neujahr Karfreitag Ostermontag Pfingstmontag
	Himmelfahrt Frühjahr Frühling Sommer Herbst Winter WS SS WiSe SoSe Wintersemester Sommersemester`)

// units after a number that make it a quantity, not a date or year.
var units = wordSet(`ml mg g µg mcg ug ie i.e. e mmol µmol kg m cm mm l dl gy stück x mal kcal u ng pg µl % € euro
	patienten fälle mmhg kbq mbq mosm µg/kg mg/kg ng/ml mg/dl min h std stunden sek tabl tbl hub cgy ms hz`)

func (r *run) nextWord(e int) string {
	rest := strings.TrimLeft(r.text[e:], " \t")
	i := strings.IndexFunc(rest, func(c rune) bool { return unicode.IsSpace(c) || c == ',' || c == ')' || c == ';' })
	if i >= 0 {
		rest = rest[:i]
	}
	return strings.TrimRight(rest, ".:")
}

func (r *run) prevRune(b int) rune {
	if b == 0 {
		return ' '
	}
	c, _ := utf8.DecodeLastRuneInString(r.text[:b])
	return c
}

func (r *run) nextRune(e int) rune {
	if e >= len(r.text) {
		return ' '
	}
	c, _ := utf8.DecodeRuneInString(r.text[e:])
	return c
}

// quantity: a number followed by a unit or a decimal part.
func (r *run) quantity(e int) bool {
	c := r.nextRune(e)
	if (c == ',' || c == '.') && e+1 < len(r.text) && r.text[e+1] >= '0' && r.text[e+1] <= '9' {
		return true
	}
	w := r.nextWord(e)
	if strings.HasPrefix(w, "%") {
		return true
	}
	var buf [32]byte
	if f, ok := foldASCII(buf[:0], w); ok {
		return units[string(f)]
	}
	return units[data.Fold(w)]
}

// foldASCII appends data.Fold(s) to buf for a word of printable ASCII
// bytes other than the blank, hyphen, slash and underscore (most words
// after a number); ok is false for any other s, which data.Fold must fold.
// TestFoldASCII holds it to data.Fold.
func foldASCII(buf []byte, s string) (f []byte, ok bool) {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c <= ' ' || c >= utf8.RuneSelf || c == '-' || c == '/' || c == '_' {
			return buf, false
		}
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		buf = append(buf, c)
	}
	if f := buf; string(f) == "st" || string(f) == "st." {
		return append(f[:0], "sankt"...), true
	}
	return buf, true
}

// dateEndsAt reports whether a date found so far ends at e: one of ends,
// or a match of dateLater that is a valid date (as it would have been
// found had add kept it).
func (r *run) dateEndsAt(ends []int, e int) bool {
	if slices.Contains(ends, e) {
		return true
	}
	for _, d := range r.dateLater {
		if d[1] == e && r.validDate(r.text[d[0]:d[1]]) {
			return true
		}
	}
	return false
}

func (r *run) validDate(s string) bool {
	if ok, fast := numericDate(s); fast && !r.d.eager {
		return ok
	}
	if ok, fast := wordDate(s); fast && !r.d.eager {
		return ok
	}
	if !r.d.eager && oddDigitRun(s) {
		return false // "0341 97-12345" after a phone label
	}
	if ok, seen := r.validDates[s]; seen {
		return ok // a letter repeats its dates
	}
	e, err := dates.Parse(s)
	ok := err == nil && !e.Repaired
	if r.validDates == nil {
		r.validDates = map[string]bool{}
	}
	r.validDates[s] = ok
	return ok
}

// oddDigitRun: s holds a run of ASCII digits of a length no date field
// has (3, 5, 6, 7, 9 or more; a field is 1, 2 or 4 digits, or 8 for
// "yyyymmdd"), so that dates.Parse, whose patterns admit only those, fails
// on it (TestOddDigitRun).
func oddDigitRun(s string) bool {
	for i := 0; i < len(s); {
		if !isDigit(s[i]) {
			i++
			continue
		}
		j := i + 1
		for j < len(s) && isDigit(s[j]) {
			j++
		}
		if n := j - i; n != 1 && n != 2 && n != 4 && n != 8 {
			return true
		}
		i = j
	}
	return false
}

// ---- where the pattern rules run ----

// Pattern rules. Each rule's regular expression runs only on short
// stretches of its line around the tokens that can carry a match (its
// trigger tokens, found in one pass over the tokens by triggers): Go's
// regexp engine is slow on Unicode classes over long lines, and most
// tokens of a letter start no PII pattern.
const (
	ruleEmail = iota
	ruleURL
	ruleIBAN
	ruleBIC
	rulePhoneLabel
	rulePhone
	ruleID
	ruleAge
	ruleZip
	ruleStreet
	ruleFacility
	ruleFacility2
	ruleWard
	ruleOrg
	ruleBuilding
	ruleInstitute
	ruleProfession
	ruleDateDot
	ruleDateSlash
	ruleMonthYear
	ruleDateWord
	ruleDateMisc
	numRules
)

// patternRule is a rule's expression and the reach of its matches around
// a trigger token. An anchored rule's matches start at a word start
// (\b) of the tokens from back tokens before the trigger to the trigger:
// its expression is tried, anchored, at those starts only. Any other rule
// searches the stretch of the line from back tokens before the trigger
// (the gap before it included) to fwd tokens after it; line: the whole
// line. A match reaches at most fwd tokens past the trigger.
type patternRule struct {
	re       *regexp.Regexp
	anchored bool
	// match, when set, stands for the anchored expression (the end of
	// its match at the start of s, or -1)
	match     func(s string) int
	back, fwd int
	line      bool
	// pre, when set, is a test of the text from a word start that every
	// match of an anchored rule starting there passes (TestPreFilters):
	// the expression is not run where it fails
	pre func(s string) bool
}

var patternRules = [numRules]patternRule{
	ruleEmail:      {re: reEmail, line: true},
	ruleURL:        {re: reURL, anchored: true, match: matchURL, back: 8, fwd: -1},
	ruleIBAN:       {re: reIBAN, fwd: 10},
	ruleBIC:        {re: reBIC, anchored: true, fwd: 3},
	rulePhoneLabel: {re: rePhoneLabel, anchored: true, fwd: 14},
	rulePhone:      {re: rePhone, back: 1, fwd: 10},
	ruleID:         {re: reID, anchored: true, back: 1, fwd: 10, pre: mayIDLabel},
	ruleAge:        {re: reAge, anchored: true, back: 2, fwd: 3},
	ruleZip:        {re: reZip, fwd: 8},
	ruleStreet:     {re: reStreet, anchored: true, match: matchStreet, back: 2, fwd: 4},
	ruleFacility:   {re: reFacility, anchored: true, fwd: 8},
	ruleFacility2:  {re: reFacility2, anchored: true, back: 1, fwd: 2, pre: mayFacility2},
	ruleWard:       {re: reWard, anchored: true, back: 1, fwd: 2},
	ruleOrg:        {re: reOrg, anchored: true, back: 6, fwd: 2, pre: mayOrg},
	ruleBuilding:   {re: reBuilding, anchored: true, back: 1, fwd: 2},
	ruleInstitute:  {re: reInstitute, anchored: true, fwd: 16},
	ruleProfession: {re: reProfession, anchored: true, fwd: 9},
	ruleDateDot:    {re: reDateDot, anchored: true, match: matchDateDot, fwd: 3},
	ruleDateSlash:  {re: reDateSlash, anchored: true, match: matchDateSlash, fwd: 3},
	ruleMonthYear:  {re: reMonthYear, anchored: true, match: matchMonthYear, fwd: 3},
	ruleDateWord:   {re: reDateWord, anchored: true, back: 2, fwd: 3},
	ruleDateMisc:   {re: reDateMisc, anchored: true, back: 1, fwd: 3},
}

// runOfLetters returns the end of the run of letters (and of the bytes of
// extra) in s from i.
func runOfLetters(s string, i int, extra string) int {
	for i < len(s) {
		c := rune(s[i])
		n := 1
		if c >= utf8.RuneSelf {
			c, n = utf8.DecodeRuneInString(s[i:])
		} else if strings.IndexByte(extra, s[i]) >= 0 {
			i++
			continue
		}
		if !unicode.IsLetter(c) {
			break
		}
		i += n
	}
	return i
}

// upperAt: s[i:] starts with an upper-case letter.
func upperAt(s string, i int) bool {
	if i >= len(s) {
		return false
	}
	c, _ := utf8.DecodeRuneInString(s[i:])
	return unicode.IsUpper(c)
}

// orgEnds are the words and endings reOrg's first alternative ends its
// first word with, orgLegal the starts of its legal forms.
var (
	orgEnds  = []string{"betrieb", "betriebe", "betrieben", "werk", "werke", "werken", "gesellschaft", "verband", "verein", "versicherung", "schlachthof", "schlachhof", "brauerei", "bäckerei", "metzgerei", "spedition", "stadtwerke", "verkehrsbetriebe", "Schlachthof", "Schlachhof", "Brauerei", "Bäckerei", "Metzgerei", "Spedition", "Stadtwerke"}
	orgLegal = []string{"GmbH", "gGmbH", "AG", "e.", "KG", "mbH", "OHG", "GbR"}
)

// mayOrg: a match of reOrg may start at s: a capitalised word ending as
// an organisation before a blank and a capital, or one to three
// capitalised words, each before a blank, then a legal form.
func mayOrg(s string) bool {
	_, n := utf8.DecodeRuneInString(s)
	q := runOfLetters(s, n, "-&")
	if q >= len(s) || s[q] != ' ' {
		return false
	}
	if strings.IndexByte(s[:q], '&') < 0 && upperAt(s, q+1) && hasSuffixAny(s[:q], orgEnds) {
		return true
	}
	for k := 1; ; k++ {
		pos := q + 1
		if hasPrefixAny(s[pos:], orgLegal) {
			return true
		}
		if k == 3 || !upperAt(s, pos) {
			return false
		}
		_, n := utf8.DecodeRuneInString(s[pos:])
		if q = runOfLetters(s, pos+n, "-&"); q >= len(s) || s[q] != ' ' {
			return false
		}
	}
}

// idLabelStarts are the words reID's labels start with, in lower case.
var idLabelStarts = []string{"fall", "pat", "versicherten", "versicherungs", "kranken", "auftrag", "befund", "labor",
	"akten", "kunden", "rechnungs", "mitglieds", "spender", "empfänger", "proben", "studien", "aufnahme", "kassen",
	"identifikations", "personal", "ausweis", "steuer", "sozialversicherungs", "einsende", "vorgangs", "archiv",
	"episoden", "az", "pid", "mrn", "id"}

// mayIDLabel: a match of reID may start at s: s starts with the start of
// a label, in any case (a string with a non-ASCII byte early on may
// always: (?i) folds "K" with the Kelvin sign).
func mayIDLabel(s string) bool {
	var buf [24]byte
	n := min(len(s), len(buf))
	for i := 0; i < n; i++ {
		c := s[i]
		if c >= utf8.RuneSelf {
			return true
		}
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		buf[i] = c
	}
	return hasPrefixAny(string(buf[:n]), idLabelStarts)
}

// mayFacility2: a match of reFacility2 may start at s: "St." or a
// capitalised word before a hyphen.
func mayFacility2(s string) bool {
	if strings.HasPrefix(s, "St.") {
		return true
	}
	_, n := utf8.DecodeRuneInString(s)
	q := runOfLetters(s, n, "")
	return q < len(s) && s[q] == '-'
}

// anchoredFirst holds the first runes of the anchored rules' matches.
var anchoredFirst = func() (out [numRules]*firstRunes) {
	for i, pr := range patternRules {
		if pr.anchored {
			out[i] = firstRunesOf(pr.re)
		}
	}
	return
}()

// anchoredRes holds the anchored rules' expressions with a leading "^".
var anchoredRes = func() (out [numRules]*regexp.Regexp) {
	for i, pr := range patternRules {
		if pr.anchored {
			out[i] = regexp.MustCompile(`^(?:` + pr.re.String() + `)`)
		}
	}
	return
}()

var (
	streetSuffixes = []string{"strasse", "str", "weg", "gasse", "allee", "platz", "ring", "damm", "steig", "pfad", "chaussee",
		"promenade", "ufer", "graben", "markt", "winkel", "stieg", "twiete"}
	orgSuffixes = []string{"betrieb", "betriebe", "betrieben", "werk", "werke", "werken", "gesellschaft", "verband", "verein",
		"versicherung", "schlachthof", "schlachhof", "brauerei", "baeckerei", "metzgerei", "spedition"}
	idLabelEnds = []string{"nr", "nummer", "id", "kennung", "kennz", "kennzeichen", "aktenzeichen", "az", "pid", "mrn"}
	monthStarts = []string{"Jan", "Jän", "Feb", "Mär", "Maer", "Mrz", "Apr", "Mai", "Jun", "Jul", "Aug", "Sep", "Okt", "Nov", "Dez"}
)

// phoneLabels, facilityWords and facilityHeads are the trigger words of
// rePhoneLabel, reFacility and reFacility2 (lexicon classes).
const (
	phoneLabels   = `Tel Telefon Fon Phone Mobil Mobilfunk Handy Telefax Fax Durchwahl Rufnummer`
	facilityWords = `Universitätsklinikum Universitätsklinik Uniklinikum Uniklinik Klinikum Klinik Kliniken Krankenhaus
	Kreiskrankenhaus Kreisklinik Kreisklinikum Bezirkskrankenhaus Fachklinik Rehaklinik Reha-Klinik Praxis
	Gemeinschaftspraxis Hausarztpraxis Arztpraxis Praxisgemeinschaft MVZ Pflegeheim Altenheim Seniorenheim
	Seniorenzentrum Hospiz Sanatorium Hospital Universität Hochschule`
	facilityHeads = `Klinik Klinikum Kliniken Krankenhaus Hospital Universität Stift`
)

// suffixSet answers hasSuffixAny(s, list) trying only the suffixes that
// end in s's last byte (no other can match): triggers tests the street,
// organisation and ID-label endings for most tokens of a letter. It is
// built once from a list without empty suffixes and never changed.
type suffixSet struct{ byLast [256][]string }

func newSuffixSet(list []string) *suffixSet {
	ss := &suffixSet{}
	for _, x := range list {
		ss.byLast[x[len(x)-1]] = append(ss.byLast[x[len(x)-1]], x)
	}
	return ss
}

func (ss *suffixSet) has(s string) bool {
	if s == "" {
		return false
	}
	for _, x := range ss.byLast[s[len(s)-1]] {
		if strings.HasSuffix(s, x) {
			return true
		}
	}
	return false
}

var (
	streetSuffixSet = newSuffixSet(streetSuffixes)
	orgSuffixSet    = newSuffixSet(orgSuffixes)
	idLabelSet      = newSuffixSet(idLabelEnds)
)

// hasSuffix is hasSuffixAny(s, list) through set (list's suffixSet),
// except for an eager detector (tests), which runs the plain scan.
func (r *run) hasSuffix(s string, set *suffixSet, list []string) bool {
	if r.d.eager {
		return hasSuffixAny(s, list)
	}
	return set.has(s)
}

// isIDLabel is idLabel(f) through idLabelSet (whose last bytes are the
// ones idLabel switches on), except for an eager detector.
func (r *run) isIDLabel(f string) bool {
	if r.d.eager {
		return idLabel(f)
	}
	return idLabelSet.has(f)
}

// tokenMonthStart is monthStart(t.s): a token without a joiner has no
// part after one, so only its start can match, and monthStart reads at
// most four bytes there (an eager detector runs the whole scan).
func (r *run) tokenMonthStart(t *token) bool {
	if r.d.eager || t.is(shJoined) {
		return monthStart(t.s)
	}
	return monthStart(t.s[:min(len(t.s), 4)])
}

func hasSuffixAny(s string, suffixes []string) bool {
	for _, x := range suffixes {
		if strings.HasSuffix(s, x) {
			return true
		}
	}
	return false
}

func hasPrefixAny(s string, prefixes []string) bool {
	for _, x := range prefixes {
		if strings.HasPrefix(s, x) {
			return true
		}
	}
	return false
}

// ageWord: a folded word of reAge ("jaehrige", "j", "lj", "jahre",
// "alter", "lebensjahr").
func ageWord(w string) bool {
	switch w {
	case "j", "lj", "jahre", "jahren", "alter", "lebensalter":
		return true
	}
	return strings.HasPrefix(w, "jaehr") || strings.HasPrefix(w, "lebensjahr")
}

// ageToken: the token or one of its parts, without leading digits
// ("84jaehrige"), is an age word.
func ageToken(f string) bool {
	for f != "" {
		w := f
		if i := strings.IndexByte(f, ' '); i >= 0 {
			w, f = f[:i], f[i+1:]
		} else {
			f = ""
		}
		d := 0 // strings.TrimLeft(w, "0123456789") without its cutset
		for d < len(w) && w[d] >= '0' && w[d] <= '9' {
			d++
		}
		if ageWord(w[d:]) {
			return true
		}
	}
	return false
}

// idLabel: a folded word that can end a label of reID ("fall nr",
// "versichertennummer", "pid").
func idLabel(f string) bool {
	switch f[len(f)-1] {
	case 'r', 'd', 'g', 'z', 'n':
		return hasSuffixAny(f, idLabelEnds)
	}
	return false
}

// monthStart: s or a part of it after a joiner starts like a month name
// (monthStarts).
func monthStart(s string) bool {
	for i := 0; i+3 <= len(s); i++ {
		if i == 0 || s[i-1] == '-' || s[i-1] == '\'' || s[i-1] == 0x99 && i >= 3 && s[i-3:i] == "’" {
			var ok bool
			switch w := s[i:]; w[0] {
			case 'J':
				ok = w[1] == 'a' && w[2] == 'n' || w[1] == 'u' && (w[2] == 'n' || w[2] == 'l') || strings.HasPrefix(w, "Jän")
			case 'F':
				ok = w[1] == 'e' && w[2] == 'b'
			case 'M':
				ok = w[1] == 'a' && (w[2] == 'i' || strings.HasPrefix(w, "Maer")) || w[1] == 'r' && w[2] == 'z' || strings.HasPrefix(w, "Mär")
			case 'A':
				ok = w[1] == 'p' && w[2] == 'r' || w[1] == 'u' && w[2] == 'g'
			case 'S':
				ok = w[1] == 'e' && w[2] == 'p'
			case 'O':
				ok = w[1] == 'k' && w[2] == 't'
			case 'N':
				ok = w[1] == 'o' && w[2] == 'v'
			case 'D':
				ok = w[1] == 'e' && w[2] == 'z'
			}
			if ok {
				return true
			}
		}
	}
	return false
}

// ibanShape: two capital letters and two digits at a word start of s.
func ibanShape(s string) bool {
	for j := 0; j+3 < len(s); j++ {
		if (j == 0 || !isASCIIWord(s[j-1])) && s[j] >= 'A' && s[j] <= 'Z' && s[j+1] >= 'A' && s[j+1] <= 'Z' &&
			isDigit(s[j+2]) && isDigit(s[j+3]) {
			return true
		}
	}
	return false
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func isASCIIWord(c byte) bool { return c < utf8.RuneSelf && (asciiClass[c] != 0 || c == '_') }

// digitNear: a token with a digit lies on token k's line from before
// tokens before it to after tokens after it.
func (r *run) digitNear(k, before, after int) bool {
	ln := &r.lines[r.tokens[k].line]
	if !ln.digit {
		return false
	}
	// tokens [lo, hi) hold a digit when more tokens before hi than
	// before lo do (digitsBefore)
	lo, hi := max(k-before, ln.first), min(k+after+1, ln.last)
	return lo < hi && r.digitsBefore[hi] > r.digitsBefore[lo]
}

// triggers finds the trigger tokens of every pattern rule.
func (r *run) triggers() {
	toks, text := r.tokens, r.text
	byteAt := func(i int) byte {
		if i < len(text) {
			return text[i]
		}
		return 0
	}
	lastLine := int32(-1)              // last line triggered for the e-mail rule
	curLine, curAt := int32(-1), false // the line of the last token and whether it holds "@"
	for k := range toks {
		t := &toks[k]
		trig := func(rule int) { r.trig[rule] = append(r.trig[rule], k) }
		if t.line != curLine {
			curLine, curAt = t.line, r.lines[t.line].at
		}
		if curAt && lastLine != t.line {
			trig(ruleEmail)
			lastLine = t.line
		}
		s, f := t.s, t.f
		if t.is(shDigits) {
			n := len(s)
			after, after2 := byteAt(t.e), byteAt(t.e+1)
			if (n <= 2 || n == 4) && (after == '.' || after == '/' || after == '-') && isDigit(after2) {
				trig(ruleDateDot)
				trig(ruleDateSlash)
				trig(ruleMonthYear)
			}
			if n == 5 {
				trig(ruleZip)
			}
			if s[0] == '0' && n >= 3 && n <= 6 || n >= 2 && t.b > 0 && text[t.b-1] == '+' {
				trig(rulePhone)
			}
			continue
		}
		if t.is(shHasDigit) {
			if ibanShape(s) {
				trig(ruleIBAN)
			}
			if s[0] == 'Q' && len(s) >= 2 && s[1] >= '1' && s[1] <= '4' || strings.HasPrefix(s, "KW") {
				trig(ruleDateMisc)
			}
			if ageToken(f) {
				trig(ruleAge)
			}
			if r.digitNear(k, 0, 4) && r.isIDLabel(f) {
				trig(ruleID)
			}
			if strings.HasPrefix(s, "Stat") {
				trig(ruleWard)
			}
			if t.is(shUpper) && r.hasSuffix(strings.TrimRight(f, "0123456789"), streetSuffixSet, streetSuffixes) {
				trig(ruleStreet)
			}
			if r.tokenMonthStart(t) {
				trig(ruleDateWord)
			}
			continue
		}
		c := t.cls | t.any
		if c&cPhoneLabel != 0 && r.digitNear(k, 0, 3) {
			trig(rulePhoneLabel)
		}
		if c&cFacility != 0 {
			trig(ruleFacility)
		}
		if c&cFacility2 != 0 {
			trig(ruleFacility2)
		}
		if t.cls&cURL != 0 || t.cls&cTLD != 0 && t.b > 0 && text[t.b-1] == '.' {
			trig(ruleURL)
		}
		if s == "BIC" || s == "SWIFT" {
			trig(ruleBIC)
		}
		if r.digitNear(k, 0, 4) && r.isIDLabel(f) {
			trig(ruleID)
		}
		if r.digitNear(k, 2, 2) && ageToken(f) {
			trig(ruleAge)
		}
		nextUpper := k+1 < len(toks) && toks[k+1].is(shUpper)
		nextDigit := k+1 < len(toks) && isDigit(toks[k+1].s[0])
		switch s {
		case "Haus", "Garten", "Park", "Museum", "Friedhof", "Schloss", "Stadion", "Zoo", "Tiergarten":
			trig(ruleBuilding)
		case "Institut", "Lehrstuhl", "Akademie", "Stiftung", "Forschungsinstitut":
			if k+1 < len(toks) && toks[k+1].s == "für" {
				trig(ruleInstitute)
			}
		case "arbeitet", "arbeitete", "Beruf":
			trig(ruleProfession)
		case "tätig", "beschäftigt":
			if k+1 < len(toks) && toks[k+1].s == "als" {
				trig(ruleProfession)
			}
		case "von":
			if k+1 < len(toks) && toks[k+1].s == "Beruf" {
				trig(ruleProfession)
			}
		case "ist", "war":
			if nextUpper || k+2 < len(toks) && toks[k+2].is(shUpper) {
				trig(ruleProfession)
			}
		case "Nord", "Süd", "Ost", "West":
			if k > 0 && toks[k-1].is(shDigits) {
				trig(ruleWard)
			}
		case "Quartal":
			trig(ruleDateMisc)
		case "V":
			if k > 0 && toks[k-1].s == "e" {
				trig(ruleOrg)
			}
		}
		switch s { // legal forms
		case "GmbH", "gGmbH", "AG", "KG", "mbH", "OHG", "GbR":
			trig(ruleOrg)
		}
		if !t.is(shUpper) {
			continue
		}
		if strings.HasPrefix(s, "Stat") {
			trig(ruleWard)
		}
		switch {
		case s[0] == 'Q' && len(s) >= 2 && s[1] >= '1' && s[1] <= '4' || strings.HasPrefix(s, "KW"):
			trig(ruleDateMisc)
		case nextDigit && dateMiscWords[s]:
			trig(ruleDateMisc)
		}
		if nextUpper && (r.hasSuffix(f, orgSuffixSet, orgSuffixes) || f == "stadtwerke") {
			trig(ruleOrg)
		}
		if nextDigit && r.hasSuffix(f, streetSuffixSet, streetSuffixes) {
			trig(ruleStreet)
		}
		if r.tokenMonthStart(t) {
			trig(ruleDateWord)
		}
	}
}

// findAll returns the matches (FindAllStringSubmatchIndex, offsets into
// the text) of a rule's expression around its trigger tokens.
func (r *run) findAll(rule int) [][]int {
	r.matches = r.matches[:0]
	trig := r.trig[rule]
	if len(trig) == 0 {
		return nil
	}
	pr := &patternRules[rule]
	if rule == ruleEmail {
		r.findEmails(trig)
		return r.matches
	}
	if pr.anchored {
		r.findAnchored(rule, pr, trig)
		return r.matches
	}
	segs := r.segs[:0]
	for _, k := range trig {
		ln := &r.lines[r.tokens[k].line]
		b, e := ln.b, ln.e
		if !pr.line {
			if lo := k - pr.back; lo > ln.first {
				b = r.tokens[lo-1].e
			}
			if hi := k + pr.fwd; hi < ln.last-1 {
				e = r.tokens[hi+1].b
			}
		}
		if n := len(segs); n > 0 && b <= segs[n-1][1] {
			segs[n-1][1] = max(segs[n-1][1], e)
			continue
		}
		segs = append(segs, [2]int{b, e})
	}
	r.segs = segs
	for _, sg := range segs {
		seg := r.text[sg[0]:sg[1]]
		if sc := scanRes[rule]; sc.first != nil && !r.d.eager && utf8.ValidString(seg) {
			r.scanSegment(sc, seg, sg[0])
			continue
		}
		for _, m := range pr.re.FindAllStringSubmatchIndex(seg, -1) {
			r.addMatch(m, sg[0])
		}
	}
	return r.matches
}

// segmentScan runs an unanchored rule's expression over a segment as
// FindAllStringSubmatchIndex does, but tries it only at the positions
// where a match can start (first; pre): at the segment's start anchored
// (at), elsewhere anchored behind the rune before the position (behind:
// "^(?s:.)(?:re)", so that \b sees that rune, and "^" in re holds only at
// the segment's start, as in a search of the segment).
type segmentScan struct {
	at, behind *regexp.Regexp
	first      *firstRunes
	// pre, when set, is a further test of the text from a position that
	// every match starting there passes
	pre func(s string) bool
}

// scanRes holds the segment scans of the unanchored rules whose
// expression cannot match the empty string (others search in full).
var scanRes = func() (out [numRules]segmentScan) {
	pre := map[int]func(string) bool{
		// a zip code: its five digits at the start ("^") or after the
		// one rune before them
		ruleZip: func(s string) bool {
			if isDigit(s[0]) {
				return true
			}
			_, n := utf8.DecodeRuneInString(s)
			return n < len(s) && isDigit(s[n])
		},
		// two capital letters and two digits
		ruleIBAN: func(s string) bool {
			return len(s) >= 4 && s[1] >= 'A' && s[1] <= 'Z' && isDigit(s[2]) && isDigit(s[3])
		},
	}
	for i, pr := range patternRules {
		if pr.anchored || i == ruleEmail {
			continue
		}
		f := firstRunesOf(pr.re)
		if f.all {
			continue
		}
		out[i] = segmentScan{
			at:     regexp.MustCompile(`^(?:` + pr.re.String() + `)`),
			behind: regexp.MustCompile(`^(?s:.)(?:` + pr.re.String() + `)`),
			first:  f, pre: pre[i],
		}
	}
	return
}()

// scanSegment adds the matches of sc's expression in seg (valid UTF-8,
// at off in the text).
func (r *run) scanSegment(sc segmentScan, seg string, off int) {
	for pos := 0; pos < len(seg); {
		var m []int
		p := pos
		for ; p < len(seg); p += runeLen(seg[p:]) {
			if !sc.first.may(seg[p:]) || sc.pre != nil && !sc.pre(seg[p:]) {
				continue
			}
			if p == 0 {
				m = sc.at.FindStringSubmatchIndex(seg)
				if m != nil {
					r.addMatch(m, off)
				}
			} else {
				_, w := utf8.DecodeLastRuneInString(seg[:p])
				m = sc.behind.FindStringSubmatchIndex(seg[p-w:])
				if m != nil {
					r.addMatch(m, off+p-w)
					m[0] = off + p // without the rune before
				}
			}
			if m != nil {
				break
			}
		}
		if m == nil {
			return
		}
		pos = m[1] - off // a match is never empty
	}
}

// runeLen is the length of the first rune of s (not empty).
func runeLen(s string) int {
	if s[0] < utf8.RuneSelf {
		return 1
	}
	_, n := utf8.DecodeRuneInString(s)
	return n
}

// findAnchored tries an anchored rule at the word starts (token starts
// and starts after an inner hyphen or apostrophe) before its trigger
// tokens, in text order, as a search from the line's start would find
// them: a match's start is the leftmost, and the next search starts where
// a match ends.
func (r *run) findAnchored(rule int, pr *patternRule, trig []int) {
	re, first := anchoredRes[rule], anchoredFirst[rule]
	text := r.text
	next, done := 0, 0 // next token to try; end of the last match
	for _, k := range trig {
		ln := &r.lines[r.tokens[k].line]
		e := ln.e
		if hi := k + pr.fwd; pr.fwd >= 0 && hi < ln.last-1 {
			e = r.tokens[hi+1].b
		}
		for j := max(k-pr.back, ln.first, next); j <= k; j++ {
			next = j + 1
			t := &r.tokens[j]
			for p := t.b; p < t.e; {
				// \b: Go's word characters are ASCII; a matcher takes any
				// word start
				if p >= done && (p == 0 || !isASCIIWord(text[p-1])) && (pr.match != nil || isASCIIWord(text[p])) {
					var m []int
					if pr.match != nil {
						if n := pr.match(text[p:e]); n >= 0 {
							m = []int{0, n}
						}
					} else if r.d.eager || first.may(text[p:e]) && (pr.pre == nil || pr.pre(text[p:e])) {
						m = re.FindStringSubmatchIndex(text[p:e])
					}
					if m != nil {
						done = p + m[1]
						r.addMatch(m, p)
					}
				}
				if !t.is(shJoined) {
					break
				}
				if p = nextPart(text, p, t.e); p < 0 {
					break
				}
			}
		}
	}
}

// findEmails finds the e-mail addresses of the lines of trig: at every
// "@", reEmail from the start of the run of local-part characters before
// it (where a search from the line's start finds it).
func (r *run) findEmails(trig []int) {
	text := r.text
	for _, k := range trig {
		ln := &r.lines[r.tokens[k].line]
		done := ln.b
		for a := ln.b; a < ln.e; a++ {
			i := strings.IndexByte(text[a:ln.e], '@')
			if i < 0 {
				break
			}
			a += i
			b := a
			for b > done {
				c, n := utf8.DecodeLastRuneInString(text[:b])
				if !unicode.IsLetter(c) && !(c >= '0' && c <= '9') && !strings.ContainsRune("._%+-", c) {
					break
				}
				b -= n
			}
			if b == a {
				continue
			}
			if m := reEmailAt.FindStringIndex(text[b:ln.e]); m != nil {
				done = b + m[1]
				r.addMatch(m, b)
				a = done - 1
			}
		}
	}
}

// mayURL: a match of reURLAt may start at s: s starts with "http" or
// "www." in any case, or its run of letters, ASCII digits, hyphens and
// dots holds a dot (a domain's).
func mayURL(s string) bool {
	if len(s) >= 4 && (strings.EqualFold(s[:4], "http") || strings.EqualFold(s[:4], "www.")) {
		return true
	}
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '.':
			return true
		case c < utf8.RuneSelf:
			if asciiClass[c] == 0 && c != '-' {
				return false
			}
			i++
		default:
			r, n := utf8.DecodeRuneInString(s[i:])
			if !unicode.IsLetter(r) {
				return false
			}
			i += n
		}
	}
	return false
}

// matchURL is reURLAt's match end at the start of s, or -1.
func matchURL(s string) int {
	if !mayURL(s) {
		return -1 // most words: the expression would read the rest of the line
	}
	if m := reURLAt.FindStringIndex(s); m != nil {
		return m[1]
	}
	return -1
}

// nextPart returns the start of the word part after the next joiner
// (hyphen or apostrophe) in text[p:e], or -1.
func nextPart(text string, p, e int) int {
	for i := p; i < e; i++ {
		switch c := text[i]; {
		case c == '-' || c == '\'':
			return i + 1
		case c == 0xE2 && strings.HasPrefix(text[i:e], "’"):
			return i + len("’")
		}
	}
	return -1
}

func (r *run) addMatch(m []int, off int) {
	for j := range m {
		if m[j] >= 0 {
			m[j] += off
		}
	}
	r.matches = append(r.matches, m)
}

func (r *run) patterns() {
	t := r.text
	for _, m := range r.findAll(ruleEmail) {
		r.add(m[0], m[1], kinds.ContactEmail, "email", prioExact+1)
	}
	for _, m := range r.findAll(ruleURL) {
		b, e := m[0], m[1]
		for e > b && strings.ContainsRune(".,;:!?", rune(t[e-1])) {
			e--
		}
		if r.prevRune(b) == '@' || r.nextRune(e) == '@' || !strings.ContainsAny(t[b:e], "abcdefghijklmnopqrstuvwxyz") {
			continue
		}
		r.add(b, e, kinds.ContactURL, "url", prioExact)
	}
	for _, m := range r.findAll(ruleIBAN) {
		if ibanValid(t[m[0]:m[1]]) {
			r.add(m[0], m[1], kinds.ID, "iban", prioExact)
		}
	}
	for _, m := range r.findAll(ruleBIC) {
		r.add(m[2], m[3], kinds.ID, "bic", prioExact)
	}
	for _, m := range r.findAll(rulePhoneLabel) {
		if digits(t[m[4]:m[5]]) < 5 || r.dropped(m[4], m[5]) || r.validDate(strings.TrimSpace(t[m[4]:m[5]])) {
			continue
		}
		k := kinds.ContactPhone
		if strings.Contains(strings.ToLower(t[m[2]:m[3]]), "fax") {
			k = kinds.ContactFax
		}
		r.add(m[4], m[5], k, "phone-label", prioExact)
	}
	for _, m := range r.findAll(rulePhone) {
		if digits(t[m[0]:m[1]]) < 7 || r.quantity(m[1]) {
			continue
		}
		k := kinds.ContactPhone
		if strings.Contains(strings.ToLower(t[max(0, m[0]-16):m[0]]), "fax") {
			k = kinds.ContactFax
		}
		r.add(m[0], m[1], k, "phone", prioExact-1)
	}
	for _, m := range r.findAll(ruleID) {
		r.add(m[2], m[3], kinds.ID, "id-label", prioExact)
	}
	for _, m := range r.findAll(ruleAge) {
		for g := 1; g <= 3; g++ {
			if m[2*g] >= 0 && !r.ageOfOther(m[2*g], m[1]) {
				r.add(m[2*g], m[2*g+1], kinds.Age, "age", prioDate)
			}
		}
	}
	for _, m := range r.findAll(ruleZip) {
		place := t[m[4]:m[5]]
		if r.quantity(m[3]) {
			continue
		}
		pt := r.wordToken(strings.FieldsFunc(place, func(c rune) bool { return c == ' ' || c == '\t' || c == '(' })[0])
		_, known := r.d.res.MunicipalityByName(pt.s)
		if !known && (!pt.nameShaped() || pt.medical()) {
			continue
		}
		r.add(m[2], m[3], kinds.LocationZip, "zip", prioPlace+1)
		r.add(m[4], m[5], kinds.LocationCity, "zip+place", prioPlace+1)
	}
	for _, m := range r.findAll(ruleStreet) {
		first := strings.Fields(t[m[0]:m[1]])[0]
		if r.d.foldIs(first, cCommon) {
			continue
		}
		r.add(m[0], m[1], kinds.LocationStreet, "street", prioPlace+1)
	}
	for _, m := range r.findAll(ruleFacility) {
		// keep the name words that are not common words
		words := strings.Split(t[m[4]:m[5]], " ")
		e := m[4]
		n := 0
		for _, w := range words {
			if _, title := r.d.res.TitleRank(w); !title {
				if tw := r.wordToken(strings.TrimRight(w, ".")); !tw.nameShaped() || tw.medical() {
					break
				}
			}
			e += len(w) + 1
			if _, title := r.d.res.TitleRank(w); !title && w != "med." {
				n++
			}
		}
		if n == 0 {
			continue
		}
		k := kinds.LocationHospital
		if kw := t[m[2]:m[3]]; kw == "Universität" || kw == "Hochschule" {
			k = kinds.LocationOrganization
		}
		e--
		if w := words[len(words)-1]; e == m[5] && strings.HasSuffix(w, ".") && utf8.RuneCountInString(w) > 5 {
			e-- // sentence end
		}
		r.add(m[0], e, k, "facility", prioExact)
	}
	for _, m := range r.findAll(ruleFacility2) {
		if m[2] >= 0 {
			pre := strings.Split(strings.TrimSuffix(t[m[2]:m[3]], "-"), "-")
			if f := data.Fold(pre[0]); r.d.lex[f]&cCommon != 0 || genericPrefix[f] {
				continue
			}
		}
		r.add(m[0], m[1], kinds.LocationHospital, "facility", prioExact)
	}
	for _, m := range r.findAll(ruleWard) {
		g := 1
		if m[2] < 0 {
			g = 2
		}
		r.add(m[2*g], m[2*g+1], kinds.ID, "ward", prioExact)
	}
	for _, m := range r.findAll(ruleOrg) {
		words := strings.Fields(t[m[0]:m[1]])
		if r.d.foldIs(words[0], cCommon) || !strings.Contains(t[m[0]:m[1]], " ") && !r.wordToken(strings.TrimRight(words[len(words)-1], ".")).nameShaped() {
			continue
		}
		if last := words[len(words)-1]; !orgForm[last] && (r.d.foldIs(last, cCommon) || r.wordToken(last).medical()) {
			continue
		}
		r.add(m[0], m[1], kinds.LocationOrganization, "organization", prioPlace)
	}
	for _, m := range r.findAll(ruleBuilding) {
		// "Haus der …" names a house; a common adjective ("Kleines
		// Haus") does not
		if first := strings.Fields(t[m[0]:m[1]])[0]; first != "Haus" && r.d.foldIs(first, cCommon) {
			continue
		}
		r.add(m[0], m[1], kinds.LocationOther, "building", prioPlace)
	}
	for _, m := range r.findAll(ruleInstitute) {
		// the subject's capitalised words up to a common or medical one
		seg := t[m[0]:m[1]]
		e, off := m[0], 0
		for i, w := range strings.Fields(seg) {
			off = strings.Index(seg[off:], w) + off + len(w)
			w = strings.TrimRight(w, ",")
			if i >= 3 && upperFirst(w) {
				if tw := r.wordToken(w); tw.cls&(cCommon|cTitleStart|cTitleWord|cKnownCity) != 0 || tw.medical() {
					break
				}
			}
			if i != 1 && upperFirst(w) {
				e = m[0] + off - (len(seg[:off]) - len(strings.TrimRight(seg[:off], ",")))
			}
		}
		r.add(m[0], e, kinds.LocationOrganization, "institute", prioPlace)
	}
	for _, m := range r.findAll(ruleProfession) {
		w := t[m[2]:m[3]]
		if r.d.foldIs(w, cRole|cCommon) || r.wordToken(w).medical() {
			continue
		}
		if !professionShape(w) || r.occupationOfOtherAt(m[2]) || notOccupations[data.Fold(w)] || notProfession[strings.ToLower(w)] {
			continue
		}
		r.add(m[2], m[3], kinds.Profession, "profession", prioWeak)
	}
	// dates
	dateEnds := r.dateEnds[:0] // ends of the dates found: a range's second date follows one
	r.dateLater = r.dateLater[:0]
	for _, rule := range []int{ruleDateDot, ruleDateSlash, ruleMonthYear, ruleDateMisc} {
		for _, m := range r.findAll(rule) {
			b, e := m[0], m[1]
			if p := r.prevRune(b); p == '.' || p == '/' && !r.marksSlash(b-1) || p == ',' || p == '-' && rule != ruleDateDot && !r.dateEndsAt(dateEnds, b-1) || unicode.IsDigit(p) {
				continue
			}
			if c := r.nextRune(e); unicode.IsDigit(c) || c == '/' || (rule != ruleDateDot && rule != ruleDateMisc && (c == '.' || c == ',') && e+1 < len(t) && unicode.IsDigit(rune(t[e+1]))) {
				continue
			}
			if r.quantity(e) || r.sectionNumber(b) || strings.IndexByte(t[b:e], '/') > 0 && r.scoreBefore(b) {
				continue
			}
			if r.dropped(b, e) {
				// not a suspect whether valid or not: parse it only if a
				// range's second date follows it
				r.dateLater = append(r.dateLater, [2]int{b, e})
				continue
			}
			if !r.validDate(t[b:e]) {
				continue
			}
			r.add(b, e, kinds.Date, "date", prioDate)
			dateEnds = append(dateEnds, e)
		}
	}
	r.dateEnds = dateEnds
	for _, m := range r.findAll(ruleDateWord) {
		// "seit Januar.": a full month name before a full stop
		if m[2] < 0 && m[4] < 0 && strings.HasSuffix(t[m[0]:m[1]], ".") && fullMonths[lastField(t[m[0]:m[1]-1])] {
			m[1]--
		}
		if m[2] < 0 && m[4] < 0 && !r.monthContext(m[0], m[1]) { // a month alone
			continue
		}
		if m[4] < 0 && unicode.IsLetter(r.nextRune(m[1])) { // "Mais"
			continue
		}
		if r.dropped(m[0], m[1]) || !r.validDate(t[m[0]:m[1]]) {
			continue
		}
		r.add(m[0], m[1], kinds.Date, "date", prioDate)
	}
	// years: a token of four digits from 1900 to 2099 (what
	// \b(?:19|20)\d{2}\b matches)
	for i := range r.tokens {
		tk := &r.tokens[i]
		if !tk.is(shDigits) || len(tk.s) != 4 || !(tk.s[:2] == "19" || tk.s[:2] == "20") ||
			tk.b > 0 && t[tk.b-1] == '_' || tk.e < len(t) && t[tk.e] == '_' {
			continue
		}
		b, e := tk.b, tk.e
		p := r.prevRune(b)
		if p == '.' || p == ',' || p == '/' || p == ':' || p == '§' || p == '-' || unicode.IsDigit(p) || unicode.IsLetter(p) {
			continue
		}
		if c := r.nextRune(e); c == '/' || c == '-' && !strings.HasPrefix(t[e:], "-laufend") || unicode.IsLetter(c) {
			continue
		}
		if r.quantity(e) || r.sectionNumber(b) {
			continue
		}
		r.add(b, e, kinds.Date, "year", prioDate-1)
	}
}

var (
	reWard     = regexp.MustCompile(`\b(?:Station|Stat\.) ?(\d{1,3}[A-Za-z]?|[A-Z]{1,3}\d{1,3}[A-Za-z]?)\b|\b(\d{1,2} (?:Nord|Süd|Ost|West))\b`)
	reOrg      = regexp.MustCompile(`\b(?:Schlachthof|Schlachhof|Brauerei|Bäckerei|Metzgerei|Spedition|Stadtwerke|\p{Lu}[\p{L}-]*(?:betrieb|betriebe|betrieben|werk|werke|werken|gesellschaft|verband|verein|versicherung|schlachthof|schlachhof|brauerei|bäckerei|metzgerei|spedition|stadtwerke|verkehrsbetriebe)) \p{Lu}[\p{L}-]+|(?:\b\p{Lu}[\p{L}&-]* ){1,3}(?:GmbH|gGmbH|AG|e\. ?V\.|KG|mbH|OHG|GbR)`)
	reBuilding = regexp.MustCompile(`\b\p{Lu}\p{L}*(?:es|e|er) (?:Haus|Garten|Park|Museum|Friedhof|Schloss|Stadion|Zoo|Tiergarten)\b|\bHaus (?:der|des) \p{Lu}\p{L}+`)
	// an institute or chair and its subject ("Institut für Medizinische
	// Informatik, Statistik und Epidemiologie")
	reInstitute = regexp.MustCompile(`\b(?:Institut|Lehrstuhl|Akademie|Stiftung|Forschungsinstitut) für \p{Lu}\p{L}+(?:(?:,| und| für| der)? \p{Lu}[\p{L}-]+){0,6}`)
	// a profession after "als", "ist", "war", "Beruf:"
	reProfession = regexp.MustCompile(`\b(?:arbeitet(?:e)?(?: [\p{L}\d]+){0,6} als|tätig als|beschäftigt als|Beruf:?|von Beruf|(?:ist|war) (?:gelernte[rn]? |ausgebildete[rn]? )?) ?(\p{Lu}\p{L}+)`)
)

// orgForm: legal forms that end an organisation's name.
var orgForm = map[string]bool{"GmbH": true, "gGmbH": true, "AG": true, "e.V.": true, "e. V.": true, "KG": true, "mbH": true, "OHG": true, "GbR": true}

// professionSuffixes are the endings professionShape tries.
var professionSuffixes = []string{"erin", "istin", "eurin", "lerin", "ner", "ler", "ger", "rer", "ter", "ker", "ber", "ist", "eur", "ant", "antin", "ent", "entin", "meister", "meisterin", "frau", "mann", "kraft", "in"}

// professionShape: a German occupational noun ending ("Floristin",
// "Metzger", "Busfahrerin", "Ingenieur").
func professionShape(w string) bool {
	if w == "" {
		return false
	}
	for _, suf := range professionSuffixSet.byLast[w[len(w)-1]] {
		if strings.HasSuffix(w, suf) && len(w) > len(suf)+2 {
			return true
		}
	}
	return false
}

// lastField returns the last blank-separated word of s.
func lastField(s string) string { return s[strings.LastIndexByte(s, ' ')+1:] }

// fullMonths are the month names written out.
var fullMonths = fieldSet(`Januar Jänner Februar März Maerz April Mai Juni Juli August September Oktober November Dezember`)

// monthContext: a full month name alone is a date after "im", "seit",
// "Anfang", "Mitte", "Ende", "bis", "ab" ("Wiedervorstellung im September").
func (r *run) monthContext(b, e int) bool {
	w := r.text[b:e]
	if strings.HasSuffix(w, ".") || utf8.RuneCountInString(w) < 4 && w != "Mai" {
		return false
	}
	if strings.HasPrefix(w, "Anfang ") || strings.HasPrefix(w, "Mitte ") || strings.HasPrefix(w, "Ende ") {
		return true
	}
	before := strings.Fields(r.text[max(0, b-8):b])
	if len(before) == 0 {
		return false
	}
	switch before[len(before)-1] {
	case "im", "Im", "seit", "Seit", "bis", "ab", "Ab", "Anfang", "Mitte", "Ende":
		return true
	}
	return false
}

// genericPrefix: words before "-Klinik" that name a kind of clinic.
var genericPrefix = wordSet(`Uni Reha Tages Akut Fach Kinder Frauen Augen HNO Haut Zahn Poli Spezial Privat Kur Psychiatrie Schmerz Tumor`)

// sectionNumber: a number after "§", "Abs.", "Nr.", "Art." or a code
// ("ISO 9001", "DIN 5008") is no date.
func (r *run) sectionNumber(b int) bool {
	before := strings.TrimRight(r.text[max(0, b-8):b], " \t")
	return r.hasSuffix(before, sectionWordSet, sectionWords)
}

// sectionWords are the words sectionNumber looks for before a number.
var sectionWords = []string{"§", "Abs.", "Abs", "Nr.", "Nr", "Art.", "ISO", "DIN", "EN", "Version", "Kap.", "S.", "Seite",
	"NRS", "VAS", "NAS", "UICC", "TNM", "GCS", "ECOG", "ASA", "WHO", "ICD", "ICD-10", "Stadium", "Grad", "Score"}

func digits(s string) int {
	n := 0
	for _, c := range s {
		if c >= '0' && c <= '9' {
			n++
		}
	}
	return n
}

// ibanValid checks an IBAN's length and ISO 13616 mod-97 checksum.
func ibanValid(s string) bool {
	s = strings.ReplaceAll(s, " ", "")
	if len(s) < 15 || len(s) > 34 {
		return false
	}
	s = s[4:] + s[:4]
	var b strings.Builder
	for _, c := range s {
		switch {
		case c >= '0' && c <= '9':
			b.WriteRune(c)
		case c >= 'A' && c <= 'Z':
			b.WriteString(itoa(int(c-'A') + 10))
		default:
			return false
		}
	}
	n, ok := new(big.Int).SetString(b.String(), 10)
	return ok && new(big.Int).Mod(n, big.NewInt(97)).Int64() == 1
}

func itoa(n int) string { return string(rune('0'+n/10)) + string(rune('0'+n%10)) }
