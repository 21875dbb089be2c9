package contact

import (
	"math/rand"
	"strings"
)

// Real German area codes (Vorwahlen without the trunk 0), by length. The
// list is our own selection of well-known codes; it only needs to make a
// surrogate look like a real number of the same shape.
var areaCodes = map[int][]string{
	2: {"30", "40", "69", "89"},
	3: {"201", "202", "203", "208", "209", "211", "212", "214", "221", "228", "231", "234", "241", "251",
		"261", "271", "331", "335", "340", "341", "345", "351", "355", "361", "365", "371", "375", "381",
		"385", "391", "395", "421", "431", "441", "451", "461", "471", "511", "521", "531", "541", "551",
		"561", "611", "621", "631", "641", "651", "661", "681", "711", "721", "731", "751", "761", "781",
		"821", "831", "841", "851", "871", "906", "911", "921", "931", "941", "951", "961", "971", "981", "991"},
	4: {"3421", "3431", "3433", "3435", "3437", "3441", "3443", "3447", "3461", "3464", "3471", "3491",
		"3493", "3494", "3501", "3521", "3581", "3591", "3621", "3628", "3631", "3641", "3643", "3661",
		"3671", "3681", "3691", "3731", "3741", "3771", "3831", "3834", "3841", "3871", "3901", "3921",
		"3931", "3941", "3943", "3946", "4101", "4102", "4121", "4131", "4141", "4161", "4171", "4181",
		"4221", "4231", "4321", "4331", "4351", "4441", "4471", "4621", "4721", "4821", "4841", "4921",
		"4941", "5021", "5121", "5141", "5151", "5171", "5221", "5231", "5251", "5261", "5271", "5321",
		"5331", "5341", "5351", "5361", "5371", "5551", "5561", "5651", "5921", "5931", "6021", "6031",
		"6131", "6151", "6181", "6221", "6232", "6241", "6341", "6421", "6441", "6831", "6841", "6851",
		"7031", "7071", "7121", "7131", "7141", "7151", "7161", "7171", "7221", "7231", "7251", "7321",
		"7361", "7531", "7541", "7621", "7721", "7731", "8031", "8131", "8141", "8151", "8161", "8171",
		"8191", "8221", "8331", "8341", "8421", "8441", "8651", "8671", "8821", "9131", "9141", "9171",
		"9181", "9191", "9221", "9261", "9281", "9321", "9421", "9431", "9441", "9561", "9621", "9721", "9971"},
	5: {"33056", "33203", "33204", "34202", "34204", "34205", "34206", "34291", "34292", "34293",
		"34298", "34341", "34602", "35205", "36601", "38203", "39203"},
}

// German mobile prefixes (without the trunk 0), by length.
var mobilePrefixes = map[int][]string{
	3: {"151", "152", "155", "157", "159", "160", "162", "163", "170", "171", "172", "173", "174",
		"175", "176", "177", "178", "179"},
	4: {"1511", "1512", "1514", "1515", "1516", "1517", "1520", "1521", "1522", "1523", "1525", "1526",
		"1529", "1570", "1573", "1575", "1577", "1578", "1579", "1590"},
}

// servicePrefixes are non-geographic prefixes that are kept as written.
var servicePrefixes = []string{"800", "180", "700", "900", "137", "138"}

func isMobile(area string) bool {
	return len(area) >= 3 && area[0] == '1' && area[1] >= '5' && area[1] <= '7'
}

func isService(area string) bool {
	for _, p := range servicePrefixes {
		if strings.HasPrefix(area, p) {
			return true
		}
	}
	return false
}

// twoDigitCountryCodes are the ITU country codes of two digits (others are
// 1 digit for zones 1 and 7, or 3 digits).
var twoDigitCountryCodes = wordSet("20 27 30 31 32 33 34 36 39 40 41 43 44 45 46 47 48 49 51 52 53 54 55 56 57 58 " +
	"60 61 62 63 64 65 66 81 82 84 86 90 91 92 93 94 95 98")

// wordSet is the set of the space-separated words of s (a constant table).
func wordSet(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}

// phone is the parsed structure of a written phone number. The digits of
// the written form are, in order: prefix (international prefix, country
// code, trunk zeros), national, tail.
type phone struct {
	prefix   string // kept digits before the national number
	country  string // country code ("49" also for national German numbers), "" for local numbers
	national string // national significant number without a kept tail
	areaLen  int    // length of the area code within national (0: none / unknown)
	blockLen int    // length of a separately written first subscriber group ("97" in "0341 97-109"), 0 if none
	tail     string // kept trailing digits (switchboard extension "-0")
}

type digitGroup struct {
	digits     string
	begin, end int // byte offsets in the written form
}

func digitGroups(s string) []digitGroup {
	var out []digitGroup
	for i := 0; i < len(s); {
		if s[i] < '0' || s[i] > '9' {
			i++
			continue
		}
		j := i
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		out = append(out, digitGroup{s[i:j], i, j})
		i = j
	}
	return out
}

// parsePhone splits a written phone number into its parts. It reports
// false when s holds no digits.
func parsePhone(s string) (phone, bool) {
	gs := digitGroups(s)
	if len(gs) == 0 {
		return phone{}, false
	}
	var all strings.Builder
	// starts[k] is the index in all of the first digit of group k.
	starts := make([]int, len(gs))
	for k, g := range gs {
		starts[k] = all.Len()
		all.WriteString(g.digits)
	}
	d := all.String()
	before := strings.TrimRight(s[:gs[0].begin], " \t(")
	var p phone
	pos := 0 // index in d where the national number starts
	switch {
	case strings.HasSuffix(before, "+") || (strings.HasPrefix(d, "00") && len(d) > 6 && d[2] != '0'):
		if !strings.HasSuffix(before, "+") {
			pos = 2
		}
		rest := d[pos:]
		n := 3
		switch {
		case len(rest) > 0 && (rest[0] == '1' || rest[0] == '7'):
			n = 1
		case len(rest) >= 2 && twoDigitCountryCodes[rest[:2]]:
			n = 2
		}
		if n > len(rest) {
			n = len(rest)
		}
		p.country = rest[:n]
		pos += n
		// "(0)" or a stray trunk zero after the country code is kept
		if pos < len(d) && d[pos] == '0' {
			pos++
		}
	case d[0] == '0':
		p.country = "49"
		pos = 1
	}
	p.prefix = d[:pos]
	nat := d[pos:]
	// a switchboard extension "-0" at the end is kept
	last := gs[len(gs)-1]
	if len(gs) >= 3 && last.digits == "0" && strings.HasSuffix(strings.TrimRight(s[:last.begin], " "), "-") &&
		len(nat) > 1 {
		p.tail = "0"
		nat = nat[:len(nat)-1]
	}
	p.national = nat
	if p.country == "" || nat == "" {
		return p, true
	}
	// area code: the digits before a "/" or ")" that closes it ("0 52 81 /
	// 60 93 71", digits written in pairs), else the rest of the digit
	// group holding the national number's first digit, when it is
	// followed by further digits
	if i := strings.IndexAny(s, "/)"); i > gs[0].begin {
		n := 0
		for _, g := range gs {
			if g.begin < i {
				n += len(g.digits)
			}
		}
		if l := n - pos; l >= 2 && l <= 5 && l < len(nat) && len(gs) > 2 && gs[1].begin < i {
			p.areaLen = l
		}
	}
	for k, g := range gs {
		if p.areaLen > 0 {
			break
		}
		if starts[k]+len(g.digits) > pos {
			l := starts[k] + len(g.digits) - pos
			if l >= 2 && l <= 5 && l < len(nat) {
				p.areaLen = l
			}
			break
		}
	}
	// the first subscriber group, when written apart and followed by
	// more digits, is an exchange block shared by related numbers
	if sb := pos + p.areaLen; p.areaLen > 0 {
		for k, g := range gs {
			if starts[k] == sb && len(g.digits) >= 2 && len(g.digits) <= 4 && sb+len(g.digits) < pos+len(nat) {
				p.blockLen = len(g.digits)
			}
		}
	}
	if p.areaLen == 0 && p.country == "49" && len(nat) >= 6 {
		p.areaLen = guessAreaLen(nat)
	}
	if p.areaLen == 0 && p.country != "49" && len(nat) >= 6 {
		p.areaLen = 3
	}
	return p, true
}

// guessAreaLen infers the area-code length of an unseparated German
// national number.
func guessAreaLen(nat string) int {
	if isMobile(nat) || isService(nat) {
		return 3
	}
	for l := 2; l <= 5; l++ {
		for _, c := range areaCodes[l] {
			if strings.HasPrefix(nat, c) {
				return l
			}
		}
	}
	return 4
}

// newArea draws a surrogate area code for the area of p: a real area code
// (or mobile prefix) of the same length, different from the original when
// possible; service prefixes are kept. After many attempts (collisions in
// a small table) any digits of the same length are used.
func newArea(p phone, r *rand.Rand, attempt int) string {
	area := p.national[:p.areaLen]
	switch {
	case area == "":
		return ""
	case attempt > 16:
		return randomDigits(len(area), "123456789", r)
	case p.country != "49":
		return randomDigits(len(area), "123456789", r)
	case isService(area):
		return area
	case isMobile(area) && len(mobilePrefixes[len(area)]) > 0:
		return pickOther(mobilePrefixes[len(area)], area, r)
	case isMobile(p.national):
		// mobile prefix split oddly ("+49 017 …"): keep "15"/"16"/"17"
		return area[:min(2, len(area))] + randomDigits(len(area)-min(2, len(area)), "", r)
	case len(areaCodes[len(area)]) > 0:
		return pickOther(areaCodes[len(area)], area, r)
	}
	return randomDigits(len(area), "23456789", r)
}

func pickOther(list []string, not string, r *rand.Rand) string {
	for i := 0; i < 8; i++ {
		if v := list[r.Intn(len(list))]; v != not {
			return v
		}
	}
	return list[r.Intn(len(list))]
}

// phoneKey is the consistency key of a parsed number: the country and the
// national number, so that "0341/97-109" and "+49 341 97-109" agree.
func phoneKey(p phone) string {
	if p.country == "" {
		return "local:" + p.national
	}
	return "+" + p.country + ":" + p.national
}

// renderPhoneArea is renderPhone for a surrogate national number whose
// area code has areaLen digits where the original's had p.areaLen: the
// area group takes the new code, and every other digit group keeps its
// length ("0761 270-34010" → "07051 583-62871"): German numbers differ in
// length, their groups (exchange, extension) do not.
func renderPhoneArea(w string, p phone, national string, areaLen int) string {
	if areaLen == p.areaLen || p.areaLen == 0 {
		return renderPhone(w, p, national)
	}
	np := len(p.prefix)
	areaEnd := np + p.areaLen
	newArea, sub := national[:areaLen], national[areaLen:]
	d := p.prefix + sub + p.tail // the digits after the area, in order
	if v, ok := renderPairedArea(w, p, newArea, sub+p.tail); ok {
		return v
	}
	var b strings.Builder
	k, di := 0, np // k: original digit position; di: next digit of d after the area
	for i := 0; i < len(w); i++ {
		c := w[i]
		if c < '0' || c > '9' {
			b.WriteByte(c)
			continue
		}
		switch {
		case k < np:
			b.WriteByte(p.prefix[k])
		case k < areaEnd:
			if k == areaEnd-1 {
				b.WriteString(newArea[min(k-np, len(newArea)):])
			} else if k-np < len(newArea) {
				b.WriteByte(newArea[k-np])
			}
		default:
			if di < len(d) {
				b.WriteByte(d[di])
				di++
			}
		}
		k++
	}
	return b.String()
}

// renderPairedArea writes a new area code into a trunk and area written in
// digit pairs ("(0 52 31) 72-14 10"): trunk and code in pairs from the
// right, as written ("(02 11) 48-63 85", "0 37 31 / …"); the subscriber
// digits take the original's positions. ok is false for other forms.
func renderPairedArea(w string, p phone, newArea, rest string) (string, bool) {
	if p.prefix != "0" {
		return "", false
	}
	// the byte range of the trunk and area digits in w
	start, end, k := -1, -1, 0
	for i := 0; i < len(w) && end < 0; i++ {
		if w[i] < '0' || w[i] > '9' {
			continue
		}
		if k == 0 {
			start = i
		}
		k++
		if k == 1+p.areaLen {
			end = i + 1
		}
	}
	if start < 0 || end < 0 || !strings.Contains(w[start:end], " ") {
		return "", false
	}
	digits := "0" + newArea
	var pairs []string
	for len(digits) > 2 {
		pairs = append([]string{digits[len(digits)-2:]}, pairs...)
		digits = digits[:len(digits)-2]
	}
	pairs = append([]string{digits}, pairs...)
	var b strings.Builder
	b.WriteString(w[:start])
	b.WriteString(strings.Join(pairs, " "))
	ri := 0
	for i := end; i < len(w); i++ {
		if c := w[i]; c >= '0' && c <= '9' && ri < len(rest) {
			b.WriteByte(rest[ri])
			ri++
			continue
		}
		b.WriteByte(w[i])
	}
	return b.String(), true
}

// renderPhone writes the digits prefix+national+tail into the digit
// positions of the written form w.
func renderPhone(w string, p phone, national string) string {
	d := p.prefix + national + p.tail
	var b strings.Builder
	b.Grow(len(w))
	k := 0
	for i := 0; i < len(w); i++ {
		c := w[i]
		if c >= '0' && c <= '9' && k < len(d) {
			b.WriteByte(d[k])
			k++
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}
