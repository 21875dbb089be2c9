package contact

import (
	"math/rand"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode"

	unorm "golang.org/x/text/unicode/norm"

	"github.com/surrogator/surrogator/surrogator/dates"
	"github.com/surrogator/surrogator/surrogator/fictive"
	"github.com/surrogator/surrogator/surrogator/kinds"
	"github.com/surrogator/surrogator/surrogator/norm"
)

// Structured German identifiers keep their structure, their check digits
// and their agreement with the document's other surrogates (issue 25):
//
//   - court file numbers ("4 XVII 233/21", "12 F 345/20", "S 12 KR 345/19"):
//     the register (Roman numerals or letters) is kept as written, so it
//     stays a real register; department and serial become other numbers of
//     the same length; the year moves with the document's date shift;
//   - Rentenversicherungsnummer ("12 150380 M 01 3"): a plausible area
//     number, the surrogate birth date (ddmmyy) and the initial of the
//     surrogate surname of its person, a serial of the same sex (00–49 male,
//     50–99 female) and the DRV check digit;
//   - Krankenversichertennummer ("A123456780"): a letter, eight digits and
//     the check digit of §290 SGB V (the GKV algorithm);
//   - LANR (seven digits with the KBV check digit, the specialty group of
//     the last two kept), BSNR (the KV region of the first two kept) and IK
//     (class and region kept, serial, check digit), by a label in or before
//     the span, or for an unlabelled nine-digit number by a valid check digit.
//
// The person of a pension insurance number is the one whose birth date
// (a DATE_BIRTH span of the document) it spells, and whose surname (a name
// span already surrogated in the scope) starts with its letter; without
// one, the number still gets the shifted date it spells and a consistent
// letter.

// NSIDInitial keys the surrogate letter of a pension insurance number whose
// person is unknown: original letter → letter.
const NSIDInitial = "id-initial"

// idKind is a recognised structured identifier.
type idKind int

const (
	idNone idKind = iota
	idCourt
	idRVNR
	idKVNR
	idLANR
	idBSNR
	idIK
)

var (
	rvnrRE = regexp.MustCompile(`^[0-9]{8}[A-Z][0-9]{3}$`)
	kvnrRE = regexp.MustCompile(`^[A-Z][0-9]{9}$`)
	nineRE = regexp.MustCompile(`^[0-9]{9}$`)
	// a court (or public prosecutor's) file number: an optional court
	// letter, then department and register pairs ("232 Ds 611 Js"), the
	// serial and the year
	courtRE = regexp.MustCompile(`^(?:[A-Z]{1,2}\s+)?(?:[0-9]{1,3}\s+(?:[IVXLC]+|[A-Z][A-Za-z]{0,3})(?:\s+[A-Za-z]{1,3})?\s+)+[0-9]{1,6}\s*/\s*(?:[0-9]{2}|[0-9]{4})(?:\s+[A-Z]{1,3})?\)?$`)
)

// labels before or in an ID span that say what it is (lower case).
var idLabels = []struct {
	word string
	kind idKind
}{
	{"lanr", idLANR}, {"arztnummer", idLANR}, {"arzt-nr", idLANR}, {"arztnr", idLANR},
	{"bsnr", idBSNR}, {"betriebsstätten", idBSNR}, {"betriebsstätte", idBSNR},
	{"institutionskennzeichen", idIK}, {"ik-nr", idIK}, {"ik-nummer", idIK}, {"ik", idIK},
}

// labelBefore returns the kind named by the last label in the words
// right before the span (up to 40 bytes, same line) or in its own kept
// prefix.
func labelBefore(ctx *fictive.Context, prefix string) idKind {
	text := prefix
	if ctx.Doc != nil && ctx.Span >= 0 && ctx.Span < len(ctx.Doc.Spans) {
		b := ctx.Doc.Spans[ctx.Span].Begin
		from := max(0, b-40)
		for from < b && from > 0 && !isRuneStart(ctx.Doc.Text[from]) {
			from++
		}
		before := ctx.Doc.Text[from:b]
		if i := strings.LastIndexByte(before, '\n'); i >= 0 {
			before = before[i+1:]
		}
		text = before + " " + prefix
	}
	words := strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !unicode.IsLetter(r) && r != '-'
	})
	for i := len(words) - 1; i >= 0; i-- {
		w := strings.Trim(words[i], "-")
		for _, l := range idLabels {
			if w == l.word || strings.HasPrefix(w, l.word) && len(l.word) > 4 {
				return l.kind
			}
		}
	}
	return idNone
}

func isRuneStart(b byte) bool { return b&0xc0 != 0x80 }

// compactAlnum is s without its non-alphanumeric characters.
func compactAlnum(s string) string {
	var b strings.Builder
	for _, c := range s {
		if c < 128 && (unicode.IsLetter(c) || unicode.IsDigit(c)) {
			b.WriteRune(c)
		}
	}
	return b.String()
}

// classify recognises the structured ID written as core (after a kept
// label prefix).
func classify(ctx *fictive.Context, prefix, core string) idKind {
	if courtRE.MatchString(core) {
		return idCourt
	}
	c := compactAlnum(core)
	if len(c) != len(strings.Join(strings.Fields(core), "")) {
		return idNone // other characters than blanks between the groups
	}
	switch {
	case rvnrRE.MatchString(c) && validDDMM(c[2:4], c[4:6]):
		return idRVNR
	case kvnrRE.MatchString(c):
		return idKVNR
	case nineRE.MatchString(c):
		switch k := labelBefore(ctx, prefix); k {
		case idLANR, idBSNR, idIK:
			return k
		}
		switch {
		case lanrCheck(c[:6]) == c[6]-'0':
			return idLANR
		case ikCheck(c) == c[8]-'0':
			return idIK
		}
	}
	return idNone
}

func validDDMM(dd, mm string) bool {
	d, _ := strconv.Atoi(dd)
	m, _ := strconv.Atoi(mm)
	return d >= 1 && d <= 31 && m >= 1 && m <= 12
}

// structuredID returns the surrogate of a structured ID, or false when
// original is none.
func structuredID(original string, ctx *fictive.Context) (string, bool) {
	n := idPrefix(original)
	prefix, core := original[:n], original[n:]
	lead := len(core) - len(strings.TrimLeft(core, " :.-#"))
	prefix, core = prefix+core[:lead], core[lead:]
	k := classify(ctx, prefix, core)
	if k == idNone {
		return "", false
	}
	key := norm.Fold(original)
	v := ctx.Scope.Memo(NSID, key, func(r *rand.Rand) string {
		var out string
		switch k {
		case idCourt:
			out = courtNumber(core, ctx, r)
		default:
			c := compactAlnum(core)
			var nc string
			switch k {
			case idRVNR:
				nc = rvnr(c, ctx, r)
			case idKVNR:
				nc = kvnr(r)
			case idLANR:
				nc = lanr(c, r)
			case idBSNR:
				nc = c[:2] + randomDigits(7, "", r)
			case idIK:
				nc = ik(c, r)
			}
			out = fillAlnum(core, nc)
		}
		if v := prefix + out; norm.Fold(v) != key {
			return v
		}
		return ""
	})
	return v, true
}

// fillAlnum writes the characters of compact into the alphanumeric
// positions of written (spacing kept).
func fillAlnum(written, compact string) string {
	var b strings.Builder
	k := 0
	for _, c := range written {
		if c < 128 && (unicode.IsLetter(c) || unicode.IsDigit(c)) && k < len(compact) {
			b.WriteByte(compact[k])
			k++
			continue
		}
		b.WriteRune(c)
	}
	return b.String()
}

// digitsNoLead draws n random digits, the first not 0.
func digitsNoLead(n int, r *rand.Rand) string {
	return randomDigits(n, "123456789", r)
}

// courtNumber renders a court file number: registers and court letters
// as written, each department a small number of its length, the serial
// redrawn in its length, the year moved by the document's shift.
func courtNumber(core string, ctx *fictive.Context, r *rand.Rand) string {
	slash := strings.LastIndexByte(core, '/')
	head, tail := core[:slash], core[slash:]
	var b strings.Builder
	last := strings.LastIndexFunc(head, func(c rune) bool { return !unicode.IsDigit(c) }) + 1 // the serial
	for i := 0; i < len(head); {
		c := head[i]
		if c < '0' || c > '9' {
			b.WriteByte(c)
			i++
			continue
		}
		j := i
		for j < len(head) && head[j] >= '0' && head[j] <= '9' {
			j++
		}
		// never the written number again (a kept serial reads as a leak)
		v := head[i:j]
		for try := 0; try < 8 && v == head[i:j]; try++ {
			if i == last {
				v = digitsNoLead(j-i, r)
			} else {
				v = department(j-i, r)
			}
		}
		b.WriteString(v)
		i = j
	}
	return b.String() + shiftYears(tail, ctx)
}

// department draws a court department number of n digits, small as most
// are (1–9, 10–49, 100–299).
func department(n int, r *rand.Rand) string {
	switch n {
	case 1:
		return strconv.Itoa(1 + r.Intn(9))
	case 2:
		return strconv.Itoa(10 + r.Intn(40))
	case 3:
		return strconv.Itoa(100 + r.Intn(200))
	}
	return digitsNoLead(n, r)
}

// shiftYears moves the year written in s after a slash ("/21", "/2021")
// by the document's date shift (the year of its July 1st), keeping its
// digits; the rest of s is kept.
func shiftYears(s string, ctx *fictive.Context) string {
	m := slashYear.FindStringSubmatchIndex(s)
	if m == nil {
		return s
	}
	year := s[m[2]:m[3]]
	y, _ := strconv.Atoi(year)
	full := y
	if len(year) == 2 {
		full = 1900 + y
		if y < 50 {
			full = 2000 + y
		}
	}
	if ctx.State != nil && ctx.State.DateShift != 0 {
		full = time.Date(full, 7, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, ctx.State.DateShift).Year()
	}
	ys := strconv.Itoa(full)
	if len(year) == 2 {
		ys = ys[len(ys)-2:]
	}
	return s[:m[2]] + ys + s[m[3]:]
}

// slashYear finds a year after a slash at the end of an ID ("/21",
// "/2021", a closing parenthesis or a trailing register letter allowed:
// "52 XIV 310/20 L").
var slashYear = regexp.MustCompile(`/\s*((?:19|20)[0-9]{2}|[0-9]{2})(?:\s+[A-Z]{1,3})?\)?$`)

// rvAreas are area numbers (Bereichsnummern) of the German pension
// insurance carriers.
var rvAreas = strings.Fields("02 03 04 08 09 10 11 12 13 14 15 16 17 18 19 20 21 23 24 25 26 28 29 38 39 40 " +
	"42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63 64 65 66 67 68 69 70 71 72 73 74 75 76 77 78 79 80 81 82 89")

// rvnr draws a pension insurance number for the compact original c
// (AA ddmmyy L SS P): the person's surrogate birth date and initial, a
// serial of the same sex, the DRV check digit.
func rvnr(c string, ctx *fictive.Context, r *rand.Rand) string {
	birth, letter := rvnrPerson(ctx, c)
	serial, _ := strconv.Atoi(c[9:11])
	lo := 0
	if serial >= 50 {
		lo = 50
	}
	body := rvAreas[r.Intn(len(rvAreas))] + birth.Format("020106") + string(letter) + strconv.Itoa(lo/10+r.Intn(5)) + strconv.Itoa(r.Intn(10))
	return body + strconv.Itoa(RVNRCheck(body))
}

// RVNRCheck is the check digit of the first eleven characters of a
// Rentenversicherungsnummer (the DRV algorithm): the letter is written as
// its two-digit place in the alphabet, the twelve digits are weighted 2 1
// 2 5 7 1 2 1 2 1 2 1, the digit sums of the products are added, modulo 10.
func RVNRCheck(body string) int {
	if len(body) < 11 {
		return -1
	}
	l := int(body[8]-'A') + 1
	ds := body[:8] + string(rune('0'+l/10)) + string(rune('0'+l%10)) + body[9:11]
	w := [12]int{2, 1, 2, 5, 7, 1, 2, 1, 2, 1, 2, 1}
	sum := 0
	for i := 0; i < 12; i++ {
		p := int(ds[i]-'0') * w[i]
		sum += p/10 + p%10
	}
	return sum % 10
}

// ValidRVNR reports whether s (blanks allowed) is a well-formed
// Rentenversicherungsnummer with a valid date and check digit.
func ValidRVNR(s string) bool {
	c := compactAlnum(s)
	return rvnrRE.MatchString(c) && validDDMM(c[2:4], c[4:6]) && RVNRCheck(c) == int(c[11]-'0')
}

// rvnrPerson finds the surrogate birth date and surname initial of the
// person a pension insurance number c belongs to.
func rvnrPerson(ctx *fictive.Context, c string) (time.Time, byte) {
	dd, _ := strconv.Atoi(c[2:4])
	mm, _ := strconv.Atoi(c[4:6])
	yy, _ := strconv.Atoi(c[6:8])
	shift := 0
	if ctx.State != nil {
		shift = ctx.State.DateShift
	}
	birth, found := time.Time{}, false
	if d := ctx.Doc; d != nil {
		for i, s := range d.Spans {
			if s.Kind != kinds.DateBirth {
				continue
			}
			var e *dates.Expr
			if ctx.State != nil {
				e = ctx.State.Dates[i]
			}
			if e == nil {
				e, _ = dates.Parse(d.SpanText(i))
			}
			if e == nil || e.Precision() != dates.Day || !e.HasYear() {
				continue
			}
			t := e.Time()
			if t.Day() == dd && int(t.Month()) == mm && t.Year()%100 == yy {
				move := 0
				if ctx.State != nil {
					move = ctx.State.DateMoves[i]
				}
				birth, found = t.AddDate(0, 0, move+shift), true
				break
			}
		}
	}
	if !found {
		y := 1900 + yy
		if dd > daysInMonth(y, mm) {
			dd = daysInMonth(y, mm)
		}
		birth = time.Date(y, time.Month(mm), dd, 0, 0, 0, 0, time.UTC).AddDate(0, 0, shift)
	}
	return birth, rvnrInitial(ctx, c[8])
}

func daysInMonth(y, m int) int {
	return time.Date(y, time.Month(m)+1, 0, 0, 0, 0, 0, time.UTC).Day()
}

// personKinds are the name kinds searched for a pension insurance
// number's person, the patient first.
var personKinds = []kinds.Kind{kinds.NamePatient, kinds.NameRelative, kinds.NameExt, kinds.NameDoctor}

// rvnrInitial is the initial of the surrogate surname of the document's
// person whose surname starts with letter, or a consistent other letter.
func rvnrInitial(ctx *fictive.Context, letter byte) byte {
	if d := ctx.Doc; d != nil {
		for _, k := range personKinds {
			for i, s := range d.Spans {
				if s.Kind != k {
					continue
				}
				for _, w := range strings.FieldsFunc(d.SpanText(i), func(r rune) bool { return !unicode.IsLetter(r) && r != '-' }) {
					for _, part := range append([]string{w}, strings.Split(w, "-")...) {
						if part == "" || asciiInitial(part) != letter {
							continue
						}
						if v, ok := ctx.Scope.Peek(fictive.NSSurname, norm.FoldName(part)); ok && asciiInitial(v) != 0 {
							return asciiInitial(v)
						}
					}
				}
			}
		}
	}
	v := ctx.Scope.Memo(NSIDInitial, string(letter), func(r *rand.Rand) string {
		return string(rune('A' + r.Intn(26)))
	})
	if len(v) == 1 && v[0] >= 'A' && v[0] <= 'Z' {
		return v[0]
	}
	return 'A' + byte(len(v)%26)
}

// asciiInitial is the upper-case ASCII letter a name starts with, its
// accents removed (Ä → A, Ç → C, Ł → L), 0 when it starts with none.
func asciiInitial(s string) byte {
	for _, c := range s {
		switch c = unicode.ToUpper(c); c {
		case 'Ł':
			return 'L'
		case 'Ø':
			return 'O'
		case 'Đ':
			return 'D'
		}
		if d := []rune(unorm.NFD.String(string(c))); len(d) > 0 && d[0] >= 'A' && d[0] <= 'Z' {
			return byte(d[0])
		}
		return 0
	}
	return 0
}

// AsciiInitial is asciiInitial for tests of other packages.
func AsciiInitial(s string) byte { return asciiInitial(s) }

// kvnr draws a Krankenversichertennummer: a letter, eight digits and the
// check digit.
func kvnr(r *rand.Rand) string {
	body := string(rune('A'+r.Intn(26))) + digitsNoLead(8, r)
	return body + strconv.Itoa(KVNRCheck(body))
}

// KVNRCheck is the check digit of a Krankenversichertennummer's first nine
// characters (§290 SGB V): the letter as its two-digit place in the
// alphabet, then the eight digits, weighted 1 2 1 2 …, the digit sums of
// the products added, modulo 10.
func KVNRCheck(body string) int {
	if len(body) < 9 {
		return -1
	}
	l := int(body[0]-'A') + 1
	ds := string(rune('0'+l/10)) + string(rune('0'+l%10)) + body[1:9]
	sum := 0
	for i := 0; i < 10; i++ {
		p := int(ds[i]-'0') * (1 + i%2)
		sum += p/10 + p%10
	}
	return sum % 10
}

// ValidKVNR reports whether s is a Krankenversichertennummer with a valid
// check digit.
func ValidKVNR(s string) bool {
	c := compactAlnum(s)
	return kvnrRE.MatchString(c) && KVNRCheck(c) == int(c[9]-'0')
}

// lanrCheck is the KBV check digit of a LANR's first six digits: weighted
// 4 9 4 9 4 9, the difference of the sum's last digit to 10 (0 for 0).
func lanrCheck(six string) byte {
	sum := 0
	for i := 0; i < 6; i++ {
		w := 4
		if i%2 == 1 {
			w = 9
		}
		sum += int(six[i]-'0') * w
	}
	return byte((10 - sum%10) % 10)
}

// ValidLANR reports whether s is a nine-digit LANR with a valid check
// digit.
func ValidLANR(s string) bool {
	c := compactAlnum(s)
	return nineRE.MatchString(c) && lanrCheck(c[:6]) == c[6]-'0'
}

// lanr draws a LANR: six digits, the check digit, the original's
// specialty group (the last two digits).
func lanr(c string, r *rand.Rand) string {
	six := digitsNoLead(6, r)
	return six + string(rune('0'+lanrCheck(six))) + c[7:9]
}

// ikCheck is the check digit of a nine-digit IK: digits 3 to 8 weighted
// 2 1 2 1 2 1, the digit sums of the products added, modulo 10.
func ikCheck(c string) byte {
	sum := 0
	for i := 2; i < 8; i++ {
		p := int(c[i]-'0') * (2 - i%2)
		sum += p/10 + p%10
	}
	return byte(sum % 10)
}

// ValidIK reports whether s is a nine-digit IK with a valid check digit.
func ValidIK(s string) bool {
	c := compactAlnum(s)
	return nineRE.MatchString(c) && ikCheck(c) == c[8]-'0'
}

// ik draws an IK: the original's class and region, a serial, the check
// digit.
func ik(c string, r *rand.Rand) string {
	body := c[:4] + randomDigits(4, "", r) + "0"
	return body[:8] + string(rune('0'+ikCheck(body)))
}

// genericID draws the surrogate of an ID without a known structure
// (Fallnummer, Aktenzeichen of an authority, study ID): the kept label of
// n bytes, a leading register of one to four capitals before a separator
// ("SB 44-118/23", "LA-2291-7734"), and a year after a slash or a
// four-digit year group (moved by the document's shift) stay; letters and
// digits are drawn in their class, a digit run keeping whether it starts
// with 0 ("7012344" never becomes "0500087"). plain draws every letter
// and digit (a retry when the kept parts leave the ID as it was).
func genericID(original string, n int, ctx *fictive.Context, r *rand.Rand, plain bool) string {
	if plain {
		return original[:n] + randomLike(original[n:], r)
	}
	if n == 0 {
		if m := registerPrefix.FindStringSubmatchIndex(original); m != nil {
			n = m[3]
		}
	}
	rest := original[n:]
	tail := ""
	if m := slashYear.FindStringIndex(rest); m != nil {
		rest, tail = rest[:m[0]], shiftYears(rest[m[0]:], ctx)
	}
	var b strings.Builder
	rs := []rune(rest)
	for i := 0; i < len(rs); i++ {
		c := rs[i]
		if unicode.IsLetter(c) && (i == 0 || !unicode.IsLetter(rs[i-1])) {
			// a ward's compass word ("Station 3 Süd"): another one
			j := i
			for j < len(rs) && unicode.IsLetter(rs[j]) {
				j++
			}
			if alt, ok := otherCompass(string(rs[i:j]), r); ok {
				b.WriteString(alt)
				i = j - 1
				continue
			}
		}
		if c < '0' || c > '9' {
			b.WriteRune(randomOf(c, r))
			continue
		}
		j := i
		for j < len(rs) && rs[j] >= '0' && rs[j] <= '9' {
			j++
		}
		run := string(rs[i:j])
		if y, err := strconv.Atoi(run); err == nil && len(run) == 4 && y >= 1950 && y <= 2049 &&
			(i == 0 || !unicode.IsLetter(rs[i-1])) && (j == len(rs) || !unicode.IsLetter(rs[j])) {
			b.WriteString(shiftYears("/"+run, ctx)[1:]) // a year
		} else if run[0] == '0' {
			b.WriteString("0" + randomDigits(len(run)-1, "", r))
		} else {
			b.WriteString(digitsNoLead(len(run), r))
		}
		i = j - 1
	}
	return original[:n] + b.String() + tail
}

// registerPrefix is a leading register of one to four capitals before a
// separator and a digit ("SB 44-…", "LA-2291…", "K 12").
var registerPrefix = regexp.MustCompile(`^([A-Z]{1,4}[- /])[0-9]`)

// compassWords name the parts of a hospital ("Station 3 Süd", "Haus
// Nord"), by length, so that a ward keeps its shape.
var compassWords = [][]string{{"Süd", "Ost"}, {"Nord", "West"}, {"Nordost", "Südwest", "Nordwest"}}

// otherCompass returns another compass word of the same length, in the
// case of w, when w is one.
func otherCompass(w string, r *rand.Rand) (string, bool) {
	for _, g := range compassWords {
		for _, c := range g {
			if strings.EqualFold(c, w) {
				alt := g[r.Intn(len(g))]
				for strings.EqualFold(alt, w) {
					alt = g[r.Intn(len(g))]
				}
				return applyStyle(w, alt), true
			}
		}
	}
	return "", false
}
