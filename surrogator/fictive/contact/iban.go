package contact

import (
	"math/rand"
	"strconv"
	"strings"

	"github.com/surrogator/surrogator/surrogator/fictive"
	"github.com/surrogator/surrogator/surrogator/kinds"
)

// ibanLengths are the IBAN lengths of the countries a German clinic is
// likely to see; other countries are accepted when the check digits are
// valid and the length is plausible.
var ibanLengths = map[string]int{
	"DE": 22, "AT": 20, "CH": 21, "LI": 21, "LU": 20, "NL": 18, "BE": 16, "FR": 27, "IT": 27,
	"ES": 24, "PL": 28, "CZ": 24, "DK": 18, "GB": 22, "IE": 22, "SE": 24, "NO": 15, "FI": 18,
}

// compactIBAN removes the spaces of a written IBAN and upper-cases it.
func compactIBAN(s string) string {
	return strings.ToUpper(strings.ReplaceAll(s, " ", ""))
}

// ibanMod97 returns the ISO 7064 mod-97 remainder of an IBAN (country and
// check digits moved to the end, letters as 10..35).
func ibanMod97(iban string) int {
	if len(iban) < 4 {
		return -1
	}
	re := iban[4:] + iban[:4]
	rem := 0
	for _, c := range re {
		switch {
		case c >= '0' && c <= '9':
			rem = (rem*10 + int(c-'0')) % 97
		case c >= 'A' && c <= 'Z':
			rem = (rem*100 + int(c-'A') + 10) % 97
		default:
			return -1
		}
	}
	return rem
}

// ValidIBAN reports whether s (spaces allowed) is a syntactically valid
// IBAN with correct mod-97 check digits and, for known countries, the
// right length.
func ValidIBAN(s string) bool {
	c := compactIBAN(s)
	if len(c) < 15 || len(c) > 34 || !isUpperAlpha(c[:2]) || !isDigits(c[2:4]) {
		return false
	}
	if n, ok := ibanLengths[c[:2]]; ok && n != len(c) {
		return false
	}
	return ibanMod97(c) == 1
}

// withCheckDigits returns country + check digits + bban.
func withCheckDigits(country, bban string) string {
	m := ibanMod97(country + "00" + bban)
	return country + twoDigits(98-m) + bban
}

func twoDigits(n int) string {
	if n < 10 {
		return "0" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

// ibanWritten reports whether s is written like an IBAN: single spaces
// anywhere (usually groups of four), and the compact form is a German IBAN
// shape (DE + 20 digits, check digits not required) or a valid IBAN of
// another country.
func ibanWritten(s string) bool {
	if s == "" || strings.TrimSpace(s) != s || strings.Contains(s, "  ") {
		return false
	}
	c := compactIBAN(s)
	if len(c) == 22 && c[:2] == "DE" && isDigits(c[2:]) {
		return true
	}
	return ValidIBAN(c)
}

// splitLabel separates a leading "IBAN"/"BIC" label ("IBAN: ", "BIC ")
// from the value.
func splitLabel(s string) (label, value string) {
	for _, l := range []string{"IBAN", "BIC", "SWIFT"} {
		if len(s) > len(l) && strings.EqualFold(s[:len(l)], l) {
			i := len(l)
			for i < len(s) && (s[i] == ':' || s[i] == ' ' || s[i] == '-') {
				i++
			}
			if i > len(l) && i < len(s) {
				return s[:i], s[i:]
			}
		}
	}
	return "", s
}

// German bank groups (4th BLZ digit) with typical institute suffixes
// (BLZ digits 5-8), weighted towards savings and cooperative banks.
var bankGroups = []struct {
	digit    byte
	suffixes []string
	weight   int
}{
	{'5', []string{"0000", "0500", "0198", "5592", "0101", "1000", "0060"}, 5}, // Sparkassen
	{'6', []string{"0000", "0100", "0600", "1000", "0090", "2000"}, 3},         // Genossenschaftsbanken
	{'9', []string{"0000", "0100", "0200", "0500", "0110"}, 3},                 // Volks- und Raiffeisenbanken
	{'7', []string{"0000", "0024", "0060", "0050", "0070"}, 2},                 // Deutsche Bank
	{'4', []string{"0000", "0044", "0041", "0040"}, 2},                         // Commerzbank
	{'2', []string{"0000", "0030", "0015", "0020"}, 1},                         // HypoVereinsbank, Kreditbanken
	{'1', []string{"0010", "0050", "0020", "0100"}, 1},                         // Postbank
}

// randomBLZ returns a plausible 8-digit Bankleitzahl: clearing area 1-8,
// two place digits, a bank-group digit and a typical institute suffix
// (sometimes randomised in its last three digits).
func randomBLZ(r *rand.Rand) string {
	return blzLike("", r)
}

// blzLike returns a plausible Bankleitzahl in the clearing area (first
// digit, the region: 8 Saxony, Thuringia and Saxony-Anhalt, 7 Bavaria …)
// and bank group (fourth digit: 5 savings banks, 6/9 cooperative banks …)
// of the original BLZ orig, so that an IBAN stays in the letter's region
// and kind of bank (both kept, like the state); the place digits and the
// institute suffix are drawn. An orig that is no BLZ gives a random one.
func blzLike(orig string, r *rand.Rand) string {
	if len(orig) == 8 && isDigits(orig) && orig[0] >= '1' && orig[0] <= '8' {
		for _, g := range bankGroups {
			if g.digit == orig[3] {
				suffix := g.suffixes[r.Intn(len(g.suffixes))]
				if r.Intn(3) == 0 {
					suffix = suffix[:1] + randomDigits(3, "", r)
				}
				return orig[:1] + randomDigits(2, "", r) + string(g.digit) + suffix
			}
		}
	}
	total := 0
	for _, g := range bankGroups {
		total += g.weight
	}
	k := r.Intn(total)
	gi := 0
	for i, g := range bankGroups {
		if k < g.weight {
			gi = i
			break
		}
		k -= g.weight
	}
	g := bankGroups[gi]
	suffix := g.suffixes[r.Intn(len(g.suffixes))]
	if r.Intn(3) == 0 {
		suffix = suffix[:1] + randomDigits(3, "", r)
	}
	return randomDigits(1, "12345678", r) + randomDigits(2, "", r) + string(g.digit) + suffix
}

// newGermanIBAN returns a valid German IBAN with a plausible BLZ and a
// random 10-digit account number.
func newGermanIBAN(r *rand.Rand) string {
	return withCheckDigits("DE", randomBLZ(r)+randomDigits(10, "", r))
}

// newIBANLike returns a valid IBAN of the country of the compact IBAN c with
// the same length and letter/digit structure of its BBAN.
func newIBANLike(c string, r *rand.Rand) string {
	if c[:2] == "DE" && len(c) == 22 {
		return withCheckDigits("DE", blzLike(c[4:12], r)+randomDigits(10, "", r))
	}
	if c[:2] == "DE" {
		return newGermanIBAN(r)
	}
	return withCheckDigits(c[:2], randomLike(c[4:], r))
}

// renderLike writes the compact value v with the spacing and letter case of
// the written original w (same number of non-space characters).
func renderLike(w, v string) string {
	var b strings.Builder
	vi := 0
	for _, c := range w {
		if c == ' ' {
			b.WriteRune(c)
			continue
		}
		if vi >= len(v) {
			return v
		}
		d := rune(v[vi])
		if c >= 'a' && c <= 'z' {
			d = rune(strings.ToLower(string(d))[0])
		}
		b.WriteRune(d)
		vi++
	}
	if vi != len(v) {
		return v
	}
	return b.String()
}

// isoCountries are the country codes accepted in BICs.
var isoCountries = map[string]bool{
	"DE": true, "AT": true, "CH": true, "LI": true, "LU": true, "NL": true, "BE": true, "FR": true,
	"IT": true, "ES": true, "PL": true, "CZ": true, "DK": true, "GB": true, "IE": true, "SE": true,
	"NO": true, "FI": true, "US": true, "PT": true, "GR": true, "HU": true, "SK": true, "SI": true,
	"HR": true, "RO": true, "BG": true, "TR": true, "RU": true, "UA": true,
}

// isBIC reports whether s is a BIC: 4 letters (bank), an ISO country code,
// 2 alphanumerics (location) and optionally 3 alphanumerics (branch), all
// upper case.
func isBIC(s string) bool {
	if len(s) != 8 && len(s) != 11 {
		return false
	}
	if !isUpperAlpha(s[:4]) || !isoCountries[s[4:6]] {
		return false
	}
	for _, c := range s[6:] {
		if !(c >= 'A' && c <= 'Z') && !(c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// newBICLike returns a well-formed BIC of the same length and country as
// the BIC orig. Location and branch keep each position's letter/digit
// class; the location's second character is never 0 or 1 (test and passive
// BICs) and a primary-office branch "XXX" is kept.
func newBICLike(orig string, r *rand.Rand) string {
	var b strings.Builder
	b.WriteString(randomLike(orig[:4], r))
	b.WriteString(orig[4:6])
	for i := 6; i < 8; i++ {
		c := rune(orig[i])
		switch {
		case i == 7 && c >= '0' && c <= '9':
			b.WriteByte("23456789"[r.Intn(8)])
		default:
			b.WriteRune(randomOf(c, r))
		}
	}
	if len(orig) == 11 {
		if orig[8:] == "XXX" {
			b.WriteString("XXX")
		} else {
			br := randomLike(orig[8:], r)
			if br[0] == 'X' {
				br = "Y" + br[1:]
			}
			b.WriteString(br)
		}
	}
	return b.String()
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

func isUpperAlpha(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if c < 'A' || c > 'Z' {
			return false
		}
	}
	return true
}

// isGermanBankCode reports whether the first eight characters of a BIC are
// one of the real German bank codes the generator draws.
func isGermanBankCode(bic string) bool {
	if len(bic) < 8 {
		return false
	}
	for _, l := range germanBICs {
		for _, v := range l {
			if v == bic[:8] {
				return true
			}
		}
	}
	return false
}

// germanBICs are the bank and location codes (first eight characters) of
// real German BICs by bank group (the fourth BLZ digit): savings banks,
// cooperative banks, Deutsche Bank, Commerzbank, HypoVereinsbank and
// Postbank; "" holds other banks (ING, Apotheker- und Ärztebank, Bank für
// Sozialwirtschaft, Landesbanken). Public bank codes, not PII.
var germanBICs = map[byte][]string{
	'5': {"HASPDEHH", "COLSDE33", "SSKMDEMM", "WELADEDD", "NOLADE2H", "BELADEBE", "HELADEFF", "BYLADEMM", "SOLADEST", "DUSSDEDD",
		"SSKNDE77", "ESSEDE5F", "SOLADES1", "WELADED1", "HELADEF1", "NOLADE21", "BYLADEM1", "MALADE51"},
	'6': {"GENODEFF", "FFVBDEFF", "BEVODEBB", "VBMHDE5F", "GENODEF1", "GENODED1", "GENODEM1", "GENODES1"},
	'9': {"GENODEFF", "FFVBDEFF", "BEVODEBB", "VBMHDE5F", "GENODEF1", "GENODED1", "GENODEM1", "GENODES1"},
	'7': {"DEUTDEFF", "DEUTDEDB", "DEUTDEDD", "DEUTDEMM", "DEUTDEHH"},
	'4': {"COBADEFF", "COBADEHH", "COBADEBB", "DRESDEFF"},
	'2': {"HYVEDEMM", "HYVEDEHH"},
	'1': {"PBNKDEFF"},
	0:   {"INGDDEFF", "DAAEDEDD", "BFSWDE33", "SOLADEST", "HELADEFF", "BYLADEMM", "DEUTDEFF", "COBADEFF", "GENODEFF", "HYVEDEMM", "PBNKDEFF"},
}

// germanBIC returns a real German bank code for a German BIC: one of the
// bank group of the document's IBAN (group 0: none), of the original's
// shape (letters and digits) and other than the original's, else any of
// that shape, else a drawn one (newBICLike); the branch part keeps its
// form ("XXX" kept, else three characters drawn, never starting with X).
// Location codes ending in 1 are real: passive participants (most savings
// and cooperative banks).
func germanBIC(orig string, group byte, r *rand.Rand) string {
	pick := func(lists ...[]string) string {
		var c []string
		for _, l := range lists {
			for _, v := range l {
				if v != orig[:8] && shapeOf(v) == shapeOf(orig[:8]) {
					c = append(c, v)
				}
			}
		}
		if len(c) == 0 {
			return ""
		}
		return c[r.Intn(len(c))]
	}
	v := pick(germanBICs[group])
	if v == "" {
		v = pick(germanBICs[0], germanBICs['5'], germanBICs['6'], germanBICs['7'], germanBICs['4'])
	}
	if v == "" {
		return newBICLike(orig, r)
	}
	if len(orig) == 11 {
		if orig[8:] == "XXX" {
			return v + "XXX"
		}
		br := randomLike(orig[8:], r)
		if br[0] == 'X' {
			br = "Y" + br[1:]
		}
		return v + br
	}
	return v
}

// ibanGroupOf returns the bank group digit (fourth BLZ digit) of the first
// German IBAN of the document, which its surrogate keeps (blzLike); 0
// without one.
func ibanGroupOf(ctx *fictive.Context) byte {
	if ctx.Doc == nil {
		return 0
	}
	for j, s := range ctx.Doc.Spans {
		if s.Kind != kinds.ID || s.Begin < 0 || s.End > len(ctx.Doc.Text) || s.Begin >= s.End {
			continue
		}
		_, v := splitLabel(ctx.Doc.SpanText(j))
		if !ibanWritten(v) {
			continue
		}
		if c := compactIBAN(v); len(c) == 22 && c[:2] == "DE" {
			return c[7]
		}
	}
	return 0
}
