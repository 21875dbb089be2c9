package suspects

import (
	"math/bits"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/surrogator/surrogator/surrogator/kinds"
)

// A rule tests most tokens of a text against a word set it keeps as a map;
// nearly every token is in none of them, and a map lookup hashes the whole
// key. A wordGuard answers "certainly not in the set" from the key's
// length, first and last byte and (for a token) the fold hash tokenize
// computed once, so the map is asked only for the few tokens that may be
// listed. Guards are derived from their sets, never written by hand, so a
// word added to a set is never filtered out; an eager detector (tests)
// skips them, and FuzzDetect holds the two to the same answers.

// wordGuard records the byte lengths, first and last bytes and hashes of
// a set's keys.
type wordGuard struct {
	lens  uint64    // bit n: a key of n bytes; bit 63: a key of 63 bytes or more
	first [4]uint64 // bit c: a key starting with byte c
	last  [4]uint64 // bit c: a key ending in byte c
	// bits has the bit keyHash(x)&mask set for every key k, x = k and
	// x = its fold (foldAppend, as tokenize folds): a token t with
	// t.f == k or t.s == k has the bit t.fh&mask set
	bits []uint64
	mask uint32
	// bit is the guard's bit in tokenGuards or a detector's guards (0:
	// in no table)
	bit uint64
}

// guardOf returns the guard of the keys of sets.
func guardOf[V any](sets ...map[string]V) wordGuard {
	n := 0
	for _, m := range sets {
		n += len(m)
	}
	size := uint32(1024) // bits: at least 16 a key
	for int(size) < 16*n {
		size <<= 1
	}
	g := wordGuard{bits: make([]uint64, size/64), mask: size - 1}
	for _, m := range sets {
		for k := range m {
			g.lens |= 1 << min(len(k), 63)
			if k != "" {
				g.first[k[0]>>6] |= 1 << (k[0] & 63)
				c := k[len(k)-1]
				g.last[c>>6] |= 1 << (c & 63)
			}
			for _, h := range [2]uint32{keyHash([]byte(k)), keyHash(foldAppend(nil, k))} {
				h &= g.mask
				g.bits[h/64] |= 1 << (h % 64)
			}
		}
	}
	return g
}

// may: s may be a key of the guarded sets (false only when it is none).
func (g *wordGuard) may(s string) bool {
	if g.lens&(1<<min(len(s), 63)) == 0 {
		return false
	}
	if s == "" {
		return true
	}
	c := s[len(s)-1]
	return g.first[s[0]>>6]&(1<<(s[0]&63)) != 0 && g.last[c>>6]&(1<<(c&63)) != 0
}

// mayTok: t.f may be a key of the guarded sets (of folded words), tested
// with t's hash too.
func (g *wordGuard) mayTok(t *token) bool {
	h := t.fh & g.mask
	return g.may(t.f) && g.bits[h/64]&(1<<(h%64)) != 0
}

// mayTokS: t.s may be a key of the guarded sets (of words as written).
func (g *wordGuard) mayTokS(t *token) bool {
	h := t.fh & g.mask
	return g.may(t.s) && g.bits[h/64]&(1<<(h%64)) != 0
}

// mayS is g.mayTokS(t), answered from the bit tokenize set (guardHits;
// every bit set for an eager detector, which asks every set). A guard in
// no table says "may".
func (r *run) mayS(g *wordGuard, t *token) bool { return t.gs&g.bit != 0 || g.bit == 0 }

// mayF is g.mayTok(t), answered like mayS.
func (r *run) mayF(g *wordGuard, t *token) bool { return t.gf&g.bit != 0 || g.bit == 0 }

// guardHits sets t.gf and t.gs (t.s, t.f and t.fh set): the guards of
// the detector's table (tokenGuardList before New has built it) that the
// table does not rule out from t's hash are asked in full, once a token.
func (d *Detector) guardHits(t *token) {
	if d.eager {
		t.gf, t.gs = ^uint64(0), ^uint64(0)
		return
	}
	list := d.guardList
	if list == nil {
		list = tokenGuardList
	}
	t.gf, t.gs = 0, 0
	for m := ^d.guards.notGuards(t.fh); m != 0; m &= m - 1 {
		k := bits.TrailingZeros64(m)
		if k >= len(list) {
			break
		}
		g := list[k]
		// the table holds a guard of at most its size exactly (its bits
		// repeated); a larger guard's bits are folded together there
		if h := t.fh & g.mask; g.mask >= tokenGuardSize && g.bits[h/64]&(1<<(h%64)) == 0 {
			continue
		}
		if g.may(t.f) {
			t.gf |= g.bit
		}
		if g.may(t.s) {
			t.gs |= g.bit
		}
	}
}

// mayIn is g.may(s), except for an eager detector (tests), which asks
// every set.
func (r *run) mayIn(g *wordGuard, s string) bool { return r.d.eager || g.may(s) }

// suffixesOf returns the suffixes of the set that may end s (those ending in its
// last byte), in list order: a loop over of(s) finds the same first match
// as a loop over the whole list. An eager detector gets the whole list.
func (r *run) suffixesOf(ss *suffixSet, list []string, s string) []string {
	if r.d.eager {
		return list
	}
	if s == "" {
		return nil
	}
	return ss.byLast[s[len(s)-1]]
}

// guards of the word sets rules test most tokens against
var (
	monthHolidayGuard     = guardOf(monthNames, holidayWords)
	semesterGuard         = guardOf(semesterWords)
	particleGuard         = guardOf(particleWords)
	foreignRegionGuard    = guardOf(foreignRegions)
	townWordGuard         = guardOf(townWords)
	districtGuard         = guardOf(districtWords)
	loginGuard            = guardOf(loginLabels)
	wardGuard             = guardOf(wardWords)
	idLabelGuard          = guardOf(idLabels)
	notIDGuard            = guardOf(notIDLabels)
	streetPrepGuard       = guardOf(streetPrepStarts)
	userLabelGuard        = guardOf(userLabels)
	workVerbGuard         = guardOf(workVerbs)
	townPrepGuard         = guardOf(townPreps)
	placePrepGuard        = guardOf(placePrepositions)
	pagerGuard            = guardOf(pagerLabels)
	letterheadGuard       = guardOf(letterheadPhoneLabels)
	partWordGuard         = guardOf(partWords)
	firstAbbrevGuard      = guardOf(firstAbbrevs)
	professionStatusGuard = guardOf(professionStatus)
	strongIDGuard         = guardOf(strongIDLabels)
	notProfessionGuard    = guardOf(notProfession, notOccupations)
	professionWordGuard   = guardOf(professionWords)
	birthNameCueGuard     = guardOf(birthNameCues, birthNameCuesDot)
	kinNounGuard          = guardOf(kinNouns)
	workFinalGuard        = guardOf(workFinalVerbs)
	clergyGuard           = guardOf(clergyRoles)
	// stateAdjective is a plain function (no eager path): its guard is
	// asked always
	stateAdjectiveGuard = guardOf(stateAdjectiveStems)
)

// A token is asked against some twenty guards, each a table of its own.
// tokenGuards answers for all of them at once from the token's hash:
// tokenize looks it up once a token (token.notGuards), and mayTok then
// rejects a token from one bit test. Every slot has the bit of each guard
// whose hash bits may have a key there, so the table rejects only what
// the guard itself would reject (its bits repeated when the guard is
// smaller, folded together when it is larger).
const tokenGuardBits = 12

type guardTable [tokenGuardSize]uint64

const tokenGuardSize = 1 << tokenGuardBits

var tokenGuards = guardTableOf(tokenGuardList...)

// tokenGuardList are the guards mayTok and mayTokS ask of most tokens.
var tokenGuardList = []*wordGuard{&monthHolidayGuard, &semesterGuard, &particleGuard, &foreignRegionGuard,
	&townWordGuard, &districtGuard, &loginGuard, &wardGuard, &idLabelGuard, &notIDGuard, &streetPrepGuard,
	&userLabelGuard, &workVerbGuard, &townPrepGuard, &placePrepGuard, &pagerGuard, &firstAbbrevGuard,
	&professionStatusGuard, &strongIDGuard, &notProfessionGuard, &professionWordGuard, &birthNameCueGuard, &kinNounGuard, &workFinalGuard, &clergyGuard,
	&courtGuard, &employerGuard, &kinListGuard, &landscapeGuard, &orgs2GuardS, &orgs2GuardF, &partWordGuard}

// guardTableOf gives each guard its bit (at most 64 guards) and returns
// their table.
func guardTableOf(gs ...*wordGuard) *guardTable {
	var tab guardTable
	tab.add(0, gs...)
	return &tab
}

// withDetectorGuards returns a copy of tokenGuards with the guards of a
// detector's own sets (built in New) added after tokenGuardList's: bits of
// their own, set in the detector's guards only.
func withDetectorGuards(gs ...*wordGuard) *guardTable {
	tab := *tokenGuards
	tab.add(len(tokenGuardList), gs...)
	return &tab
}

// add gives the guards the bits from first on and sets them in tab
// (TestTokenGuards: at most 64 in all).
func (tab *guardTable) add(first int, gs ...*wordGuard) {
	const size = uint32(len(tab))
	for k, g := range gs {
		g.bit = 1 << uint(first+k)
		n := g.mask + 1
		for h := uint32(0); h < max(n, size); h++ {
			if g.bits[(h&g.mask)/64]&(1<<((h&g.mask)%64)) != 0 {
				tab[h%size] |= g.bit
			}
		}
	}
}

// notGuards returns the bits of the guards of tab a token of hash fh is
// certainly in none of (a nil table, as a Detector under construction
// tokenizes with: none).
func (tab *guardTable) notGuards(fh uint32) uint64 {
	if tab == nil {
		return 0
	}
	return ^tab[fh%uint32(len(tab))]
}

var (
	numberLabelSet          = newSuffixSet(numberLabelEnds)
	sectionWordSet          = newSuffixSet(sectionWords)
	professionSuffixSet     = newSuffixSet(professionSuffixes)
	moreProfessionSuffixSet = newSuffixSet(moreProfessionSuffixes)
)

// lastInWords is the largest strings.LastIndex(r.text, w) of the words ws
// (-1 if none occurs), each w made of letters only. Every letter of a text
// lies in one token, so an occurrence of w lies in one token: the tokens
// are searched from the end, and only the last token holding one is read.
func (r *run) lastInWords(ws ...string) int {
	last := -1
	if r.d.eager {
		for _, w := range ws {
			last = max(last, strings.LastIndex(r.text, w))
		}
		return last
	}
	for k := len(r.tokens) - 1; k >= 0; k-- {
		t := &r.tokens[k]
		for _, w := range ws {
			// (the first byte tested first: most tokens hold none)
			if len(t.s) >= len(w) && strings.IndexByte(t.s, w[0]) >= 0 {
				last = max(last, strings.LastIndex(t.s, w))
			}
		}
		if last >= 0 {
			return t.b + last
		}
	}
	return -1
}

// startsUpper: s starts with an upper-case letter (\p{Lu}).
func startsUpper(s string) bool {
	if s == "" {
		return false
	}
	if c := s[0]; c < utf8.RuneSelf {
		return c >= 'A' && c <= 'Z'
	}
	c, _ := utf8.DecodeRuneInString(s)
	return unicode.Is(unicode.Lu, c)
}

// spaceThen: cond holds and the text at e is a blank and a byte in
// [lo, hi], the start an anchored expression needs after a token ("12 U",
// "0761 27"). An eager detector asks only cond.
func (r *run) spaceThen(cond bool, e int, lo, hi byte) bool {
	if !cond || r.d.eager {
		return cond
	}
	return e+1 < len(r.text) && r.text[e] == ' ' && r.text[e+1] >= lo && r.text[e+1] <= hi
}

// instEntries is r.d.inst[f] through its guard.
func (r *run) instEntries(f string) []instEntry {
	if !r.mayIn(&r.d.instGuard, f) {
		return nil
	}
	return r.d.inst[f]
}

// letterheadLabel is letterheadPhoneLabels[s] through its guard.
func (r *run) letterheadLabel(s string) (kinds.Kind, bool) {
	if !r.mayIn(&letterheadGuard, s) {
		return "", false
	}
	k, ok := letterheadPhoneLabels[s]
	return k, ok
}

// numericDate answers validDate for a date written "D.M.YYYY",
// "D.M.YY" or "D.M." (day and month of one or two digits, a year
// 1900–2099 or of two digits) or "A/B" or "M/YYYY" (slashDate), the most
// common shapes in
// a letter, without dates.Parse: a calendar date is valid, any other is
// not (dates.Parse repairs "31.02.2020"). fast is false for every other
// string. TestNumericDate holds it to dates.Parse on the whole shape.
func numericDate(s string) (ok, fast bool) {
	num := func(s string) (int, bool) {
		n := 0
		for i := 0; i < len(s); i++ {
			if s[i] < '0' || s[i] > '9' {
				return 0, false
			}
			n = 10*n + int(s[i]-'0')
		}
		return n, true
	}
	if i := strings.IndexByte(s, '/'); i >= 0 {
		return slashDate(s, i, num)
	}
	i := strings.IndexByte(s, '.')
	if i < 1 || i > 2 {
		return false, false
	}
	j := strings.IndexByte(s[i+1:], '.') + i + 1
	if j-i-1 >= 1 && j-i-1 <= 2 && j == len(s)-1 {
		// "D.M.": a day of the month in a leap year (dates.Parse reads
		// a date without a year in 2000)
		d, ok1 := num(s[:i])
		m, ok2 := num(s[i+1 : j])
		if !ok1 || !ok2 {
			return false, false
		}
		return m >= 1 && m <= 12 && d >= 1 && d <= [13]int{0, 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31}[m], true
	}
	if j-i-1 < 1 || j-i-1 > 2 || len(s)-j-1 != 4 && len(s)-j-1 != 2 {
		return false, false
	}
	d, ok1 := num(s[:i])
	m, ok2 := num(s[i+1 : j])
	y, ok3 := num(s[j+1:])
	if !ok1 || !ok2 || !ok3 || len(s)-j-1 == 4 && (y < 1900 || y > 2099) {
		return false, false
	}
	// a year of two digits: a leap year every fourth (dates.Parse reads
	// "00" as 2000)
	if m < 1 || m > 12 || d < 1 {
		return false, true
	}
	days := [13]int{0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31}[m]
	if m == 2 && y%4 == 0 && (y%100 != 0 || y%400 == 0) {
		days = 29
	}
	return d <= days, true
}

// fullMonthNumber maps a month's full German name to its number.
var fullMonthNumber = map[string]int{"Januar": 1, "Februar": 2, "März": 3, "April": 4, "Mai": 5, "Juni": 6, "Juli": 7,
	"August": 8, "September": 9, "Oktober": 10, "November": 11, "Dezember": 12}

// wordDate answers validDate for a date written "Monat", "Monat JJJJ" or
// "T. Monat JJJJ" (a full month name, one blank between the words, a day
// of one or two digits, a year of four) without dates.Parse: a month
// alone or with a year not written with a leading zero is valid, a day
// must be a day of that month. fast is false for every other string.
// TestWordDate holds it to dates.Parse on the whole shape.
func wordDate(s string) (ok, fast bool) {
	day, hasDay := 0, false
	if i := strings.Index(s, ". "); i == 1 || i == 2 {
		hasDay = true
		for k := 0; k < i; k++ {
			if !isDigit(s[k]) {
				return false, false
			}
			day = 10*day + int(s[k]-'0')
		}
		s = s[i+2:]
	}
	name, year, hasYear := strings.Cut(s, " ")
	m := fullMonthNumber[name]
	if m == 0 || hasYear && len(year) != 4 || hasDay && !hasYear {
		return false, false
	}
	y := 0
	for k := 0; k < len(year); k++ {
		if !isDigit(year[k]) {
			return false, false
		}
		y = 10*y + int(year[k]-'0')
	}
	if !hasYear {
		return true, true
	}
	if year[0] == '0' {
		return false, true
	}
	if !hasDay {
		return true, true
	}
	return day >= 1 && day <= time.Date(y, time.Month(m)+1, 0, 0, 0, 0, 0, time.UTC).Day(), true
}

// slashDate is numericDate for "A/B" (i the slash), A and B of one or two
// digits: valid as month and two-digit year ("03/19") or as day and month
// of any year ("29/2"); and for "M/YYYY", valid for a month and a year
// not written with a leading zero; fast is false for every other string.
func slashDate(s string, i int, num func(string) (int, bool)) (ok, fast bool) {
	if i >= 1 && i <= 2 && len(s)-i-1 == 4 {
		m, ok1 := num(s[:i])
		_, ok2 := num(s[i+1:])
		if !ok1 || !ok2 {
			return false, false
		}
		return m >= 1 && m <= 12 && s[i+1] != '0', true
	}
	if i < 1 || i > 2 || len(s)-i-1 < 1 || len(s)-i-1 > 2 {
		return false, false
	}
	a, ok1 := num(s[:i])
	b, ok2 := num(s[i+1:])
	if !ok1 || !ok2 {
		return false, false
	}
	if a >= 1 && a <= 12 && len(s)-i-1 == 2 {
		return true, true
	}
	return b >= 1 && b <= 12 && a >= 1 && a <= [13]int{0, 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31}[b], true
}
