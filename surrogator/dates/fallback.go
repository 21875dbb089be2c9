package dates

import (
	"math/rand"
	"regexp"
	"strings"
	"time"
)

// Shapes, over the token signature, whose digit runs Fallback fills with a
// valid date instead of random digits.
var fallbackShapes = []*regexp.Regexp{
	regexp.MustCompile(`(?P<y>4)-(?P<m>[12])-(?P<d>[12])`),
	regexp.MustCompile(`(?P<d>[12])[./-] ?(?P<m>[12])(?:[./-] ?(?P<y>[24]))?`),
	regexp.MustCompile(`(?P<m>[12]) ?[./-] ?(?P<y>4)`),
}

// Fallback replaces an unparseable date text keeping its shape: digits
// become other digits (a leading zero stays a zero), month and weekday
// words become other month and weekday words in the same style, everything
// else is kept. When digit runs look like d.m.y, d.m., y-m-d or m/yyyy the
// result is a valid date ("31.02.2020" → e.g. "17.09.1988"). The result
// differs from s whenever s has a digit, month or weekday to change. r must
// not be nil; the result depends only on s and r's sequence.
func Fallback(s string, r *rand.Rand) string {
	toks := tokenize(s)
	out := fallbackOnce(toks, r)
	for try := 0; try < 8 && out == s; try++ {
		out = fallbackOnce(toks, r)
	}
	return out
}

func fallbackOnce(toks []token, r *rand.Rand) string {
	sig := signature(toks)
	d, m, y := -1, -1, -1
	for _, re := range fallbackShapes {
		mm := re.FindStringSubmatchIndex(sig)
		if mm == nil {
			continue
		}
		for gi, name := range re.SubexpNames() {
			switch name {
			case "d":
				d = mm[2*gi]
			case "m":
				m = mm[2*gi]
			case "y":
				y = mm[2*gi]
			}
		}
		break
	}
	year := 2000
	vals := map[int]int{}
	if y >= 0 {
		if len(toks[y].text) == 4 {
			year = 1950 + r.Intn(80)
			vals[y] = year
		} else {
			vals[y] = r.Intn(100)
			year = 2000 + vals[y]
		}
	}
	if m >= 0 {
		vals[m] = pick(r, toks[m].text, 12)
		if d >= 0 {
			vals[d] = pick(r, toks[d].text, daysIn(year, time.Month(vals[m])))
		}
	}
	var b strings.Builder
	for i, t := range toks {
		switch {
		case t.sig >= '1' && t.sig <= '9':
			if v, ok := vals[i]; ok {
				writeNum(&b, v, true, len(t.text))
				continue
			}
			for j := 0; j < len(t.text); j++ {
				switch {
				case j == 0 && t.text[0] == '0':
					b.WriteByte('0')
				case j == 0:
					b.WriteByte(byte('1' + r.Intn(9)))
				default:
					b.WriteByte(byte('0' + r.Intn(10)))
				}
			}
		case t.sig == 'M':
			b.WriteString(monthName(time.Month(other(r, t.val-1, 12)+1), t.mst))
		case t.sig == 'W':
			b.WriteString(weekdayName(time.Weekday(other(r, t.val, 7)), t.wst))
		default:
			b.WriteString(t.text)
		}
	}
	return b.String()
}

// pick draws a day or month value (1..max) that fits the written digits:
// one digit → 1–9, a leading zero → 01–09, two digits otherwise → 10–max.
func pick(r *rand.Rand, written string, max int) int {
	lo, hi := 1, min(9, max)
	if len(written) == 2 && written[0] != '0' && max >= 10 {
		lo, hi = 10, max
	}
	if len(written) > 2 {
		lo, hi = 1, max
	}
	return lo + r.Intn(hi-lo+1)
}

// other is a random value in [0, n) different from v.
func other(r *rand.Rand, v, n int) int {
	w := r.Intn(n - 1)
	if w >= v {
		w++
	}
	return w
}
