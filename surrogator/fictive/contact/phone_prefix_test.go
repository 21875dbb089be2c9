package contact

import (
	"fmt"
	"strings"
	"testing"

	"github.com/surrogator/surrogator/surrogator/fictive"
	"github.com/surrogator/surrogator/surrogator/kinds"
)

// digitsOf returns the digits of s.
func digitsOf(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return r
		}
		return -1
	}, s)
}

func commonPrefix(a, b string) int {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return n
}

// TestPhonePrefixesShared (issue 25): the numbers of one institution
// (area code, exchange, consecutive extensions, phone and fax, written in
// one layout) keep sharing their prefixes after surrogation, every digit
// group but the area code's keeps its length and gains no leading 0,
// consecutive extensions stay consecutive modulo 10, and no two numbers
// share a surrogate; over 20 scope keys.
func TestPhonePrefixesShared(t *testing.T) {
	numbers := []string{"0761 270-34010", "0761 270-34011", "0761/270-34099", "0761 270-0", "+49 761 270-34012",
		"0761 2703401", "0761 271-12345", "0341 97-12345", "0341 97-12346", "(0341) 97 109", "9-324500", "9-324501"}
	for seed := range 20 {
		sc := fictive.NewScope([]byte(fmt.Sprintf("prefix-%d", seed)))
		out := make([]string, len(numbers))
		for i, n := range numbers {
			k := kinds.ContactPhone
			if i%2 == 1 {
				k = kinds.ContactFax
			}
			v, err := Phone(n, newCtx(k, n, sc, testRes))
			if err != nil {
				t.Fatal(err)
			}
			if !phoneShapeOK(n, v) {
				t.Errorf("seed %d: %q → %q changes a digit group", seed, n, v)
			}
			out[i] = v
		}
		seen := map[string]string{}
		for i := range numbers {
			pi, _ := parsePhone(numbers[i])
			si, _ := parsePhone(out[i])
			if o, ok := seen[digitsOf(out[i])]; ok && digitsOf(o) != digitsOf(numbers[i]) && pi.country == "49" {
				t.Errorf("seed %d: %q and %q share %q", seed, o, numbers[i], out[i])
			}
			seen[digitsOf(out[i])] = numbers[i]
			for j := range numbers {
				pj, _ := parsePhone(numbers[j])
				sj, _ := parsePhone(out[j])
				if pi.country != pj.country || pi.national[:pi.areaLen] != pj.national[:pj.areaLen] {
					continue
				}
				// one area: the same surrogate area, the same shared prefix
				// of the subscriber part
				ai, aj := len(si.national)-(len(pi.national)-pi.areaLen), len(sj.national)-(len(pj.national)-pj.areaLen)
				if si.national[:ai] != sj.national[:aj] {
					t.Errorf("seed %d: %q, %q: area codes %q, %q", seed, out[i], out[j], si.national[:ai], sj.national[:aj])
					continue
				}
				oi, oj := pi.national[pi.areaLen:], pj.national[pj.areaLen:]
				ni, nj := si.national[ai:], sj.national[aj:]
				// the shared prefix of numbers written alike (one
				// institution's layout: "270-34010", "270-34011")
				gi, gj := groupStarts(numbers[i], pi), groupStarts(numbers[j], pj)
				alike := len(gi) == len(gj)
				for k := range gi {
					alike = alike && gj[k]
				}
				if alike && commonPrefix(oi, oj) != commonPrefix(ni, nj) {
					t.Errorf("seed %d: %q, %q share %d digits, surrogates %q, %q share %d", seed, numbers[i], numbers[j],
						commonPrefix(oi, oj), out[i], out[j], commonPrefix(ni, nj))
				}
				for k := range gi {
					if k < len(ni) && ni[k] == '0' && oi[k] != '0' {
						t.Errorf("seed %d: %q → %q: a digit group gains a leading 0", seed, numbers[i], out[i])
					}
				}
				if alike && len(oi) == len(oj) && commonPrefix(oi, oj) == len(oi)-1 {
					di, dj := int(oi[len(oi)-1]-'0'), int(oj[len(oj)-1]-'0')
					ei, ej := int(ni[len(ni)-1]-'0'), int(nj[len(nj)-1]-'0')
					if (dj-di+10)%10 != (ej-ei+10)%10 {
						t.Errorf("seed %d: %q, %q → %q, %q: extensions no longer consecutive", seed, numbers[i], numbers[j], out[i], out[j])
					}
				}
			}
		}
	}
}
