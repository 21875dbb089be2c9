package suspects

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/surrogator/surrogator/surrogator/dates"

	"github.com/surrogator/surrogator/surrogator/kinds"
)

// facilityHeadKindPlain is facilityHeadKind trying every head.
func facilityHeadKindPlain(f string) kinds.Kind {
	for _, g := range []string{f, strings.TrimSuffix(f, "s"), strings.TrimSuffix(f, "es")} {
		for _, h := range facilityHeadSuffixes {
			if strings.HasSuffix(g, h.suffix) && (len(g) == len(h.suffix) || !wholeHeads[h.suffix] || g[len(g)-len(h.suffix)-1] == ' ') {
				return h.kind
			}
		}
	}
	return ""
}

// TestIndexedSuffixes: the suffix lookups indexed by last bytes answer
// as the plain loops over their lists, for every lexicon word and every
// listed suffix with prefixes and genitive endings.
func TestIndexedSuffixes(t *testing.T) {
	d := New(Options{})
	words := []string{"", "s", "es", "a", "x y"}
	for k := range d.lex {
		words = append(words, k)
	}
	var lists []string
	lists = append(lists, professionSuffixes...)
	lists = append(lists, moreProfessionSuffixes...)
	lists = append(lists, numberLabelEnds...)
	for _, h := range facilityHeadSuffixes {
		lists = append(lists, h.suffix)
	}
	for _, s := range lists {
		for _, p := range []string{"", "a", "reha ", "kolibakterien", "xx"} {
			for _, e := range []string{"", "s", "es", "n"} {
				words = append(words, p+s+e)
			}
		}
	}
	for _, w := range words {
		if got, want := facilityHeadKind(w), facilityHeadKindPlain(w); got != want {
			t.Errorf("facilityHeadKind(%q) = %q, plain %q", w, got, want)
		}
		if got, want := professionShape(w), hasSuffixLen(w, professionSuffixes, 2); got != want {
			t.Errorf("professionShape(%q) = %v, plain %v", w, got, want)
		}
		if got, want := moreProfessionShape(w), hasSuffixAny(w, moreProfessionSuffixes); got != want {
			t.Errorf("moreProfessionShape(%q) = %v, plain %v", w, got, want)
		}
	}
}

// hasSuffixLen: some suffix of list ends w with more than n bytes before it.
func hasSuffixLen(w string, list []string, n int) bool {
	for _, s := range list {
		if strings.HasSuffix(w, s) && len(w) > len(s)+n {
			return true
		}
	}
	return false
}

// TestWordGuard: a guard never rejects a key of its sets.
func TestWordGuard(t *testing.T) {
	d := New(Options{})
	// the lexicon's folded words and some written ones
	words := map[string]uint64{}
	for k, c := range d.lex {
		words[k] = c
	}
	for _, k := range []string{"Januar", "März", "Über", "Sankt-Martin", "St", "Straße", "e.V."} {
		words[k] = 1
	}
	g := guardOf(words)
	r := &run{d: d}
	for k := range words {
		// a token written k (t.s == k) and one folding to k (t.f == k)
		ts := r.wordToken(k)
		tf := r.wordToken(k)
		tf.f, tf.fh = k, keyHash([]byte(k))
		if !g.may(k) || !g.mayTokS(ts) || !g.mayTok(tf) {
			t.Fatalf("guard rejects %q", k)
		}
	}
	for _, w := range []string{"", "qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq"} {
		if g := guardOf(map[string]bool{w: true}); !g.may(w) {
			t.Fatalf("guard rejects %q", w)
		}
	}
}

// TestLexTable: the lexicon table answers as the lexicon map, for every
// key and for words that are none.
func TestLexTable(t *testing.T) {
	d := New(Options{})
	for k, c := range d.lex {
		if got := d.lexTab.get([]byte(k), keyHash([]byte(k))); got != c {
			t.Fatalf("%q: %b, map %b", k, got, c)
		}
		for _, w := range []string{k + "x", "x" + k, k[:len(k)/2]} {
			if got, want := d.lexTab.get([]byte(w), keyHash([]byte(w))), d.lex[w]; got != want {
				t.Fatalf("%q: %b, map %b", w, got, want)
			}
		}
	}
	if empty := newLexTable(nil); empty.get([]byte("x"), keyHash([]byte("x"))) != 0 {
		t.Fatal("empty table finds x")
	}
}

// TestNumericDate: numericDate answers as dates.Parse (ok and not
// repaired) for strings of its shape (every day and month string of one
// or two digits in eight years; the month ends in every year 1900–2099;
// the full grid of 2.4 million strings agreed once too), and declines
// other shapes.
func TestNumericDate(t *testing.T) {
	var parts []string
	for n := 0; n < 100; n++ {
		parts = append(parts, strconv.Itoa(n))
		if n < 10 {
			parts = append(parts, "0"+strconv.Itoa(n))
		}
	}
	// same asks numericDate and dates.Parse about s and wants one answer
	same := func(s string) {
		ok, fast := numericDate(s)
		if !fast {
			t.Fatalf("%q: not fast", s)
		}
		e, err := dates.Parse(s)
		if want := err == nil && !e.Repaired; ok != want {
			t.Fatalf("%q: %v, dates.Parse %v", s, ok, want)
		}
	}
	check := func(d, m string, y int) { same(d + "." + m + "." + strconv.Itoa(y)) }
	for _, y := range []int{1900, 1996, 1999, 2000, 2001, 2023, 2024, 2099} {
		for _, m := range parts {
			for _, d := range parts {
				check(d, m, y)
			}
		}
	}
	for y := 1900; y <= 2099; y++ {
		for _, m := range []string{"0", "1", "01", "2", "02", "4", "04", "12", "13"} {
			for _, d := range []string{"0", "00", "1", "01", "28", "29", "30", "31", "32"} {
				check(d, m, y)
			}
		}
	}
	// two-digit years: leap and common years with every day and month,
	// every year with the days and months near a bound
	check2 := func(d, m string, y int) { same(d + "." + m + "." + fmt.Sprintf("%02d", y)) }
	for _, y := range []int{0, 1, 4, 19, 20, 23, 24, 96, 99} {
		for _, m := range parts {
			for _, d := range parts {
				check2(d, m, y)
			}
		}
	}
	for y := 0; y < 100; y++ {
		for _, m := range []string{"0", "1", "01", "2", "02", "4", "04", "12", "13"} {
			for _, d := range []string{"0", "00", "1", "01", "28", "29", "30", "31", "32"} {
				check2(d, m, y)
			}
		}
	}
	// "A/B": every pair of one or two digits; "D.M.": every day and month
	for _, a := range parts {
		for _, b := range parts {
			same(a + "/" + b)
			same(a + "." + b + ".")
		}
	}
	// "M/YYYY": every month string with years of every century and
	// leading zeros, every year with a few months
	for _, a := range parts {
		for _, y := range []string{"0000", "0001", "0999", "1000", "1899", "1900", "1963", "2000", "2024", "2099", "2100", "5000", "9999"} {
			same(a + "/" + y)
		}
	}
	for y := 0; y <= 9999; y++ {
		for _, a := range []string{"0", "00", "1", "01", "12", "13"} {
			same(a + "/" + fmt.Sprintf("%04d", y))
		}
	}
	for _, s := range []string{"/1", "1/", "123/1", "1/123", "1/20201", "123/2020", "1/1/20", "a/1", "1/b", "1 /1", "01/2o"} {
		if _, fast := numericDate(s); fast {
			t.Errorf("%q: fast", s)
		}
	}
	for _, s := range []string{"", "1.1.9", "1.1.999", "1.1.1899", "1.1.2100", "123.1.2020", "1.123.2020", "1.1.20201", "a.1.2020",
		"1.1.2o20", ".1.2020", "1..2020", "1.1", "123.1.", "1.123.", "12.03.2021 ", "12-03-2021", "1.1.+202"} {
		if _, fast := numericDate(s); fast {
			t.Errorf("%q: fast", s)
		}
	}
}

// TestTokenGuards: the shared table rejects a hash only where each guard
// of it rejects the hash, for every guard's hash bits; each guard has a bit
// of its own.
func TestTokenGuards(t *testing.T) {
	seen := uint64(0)
	for _, g := range tokenGuardList {
		if g.bit == 0 || g.bit&(g.bit-1) != 0 || seen&g.bit != 0 {
			t.Fatalf("guard bit %#x is not a bit of its own (seen %#x)", g.bit, seen)
		}
		seen |= g.bit
		for h := uint32(0); h < 1<<18; h++ {
			x := h & g.mask
			if g.bits[x/64]&(1<<(x%64)) != 0 && tokenGuards.notGuards(h)&g.bit != 0 {
				t.Fatalf("the table rejects hash %#x a guard (bit %#x) takes", h, g.bit)
			}
		}
	}
	// a detector's own guards have bits of their own in its table
	d := New(Options{})
	own := []*wordGuard{&d.townGuard, &d.instGuard, &d.regionGuard, &d.regGuard, &d.occGuard}
	if len(tokenGuardList)+len(own) > 64 {
		t.Fatalf("%d token guards: the table holds 64", len(tokenGuardList)+len(own))
	}
	for _, g := range own {
		if g.bit == 0 || g.bit&(g.bit-1) != 0 || seen&g.bit != 0 {
			t.Fatalf("detector guard bit %#x is not a bit of its own (seen %#x)", g.bit, seen)
		}
		seen |= g.bit
		for h := uint32(0); h < 1<<18; h++ {
			x := h & g.mask
			if g.bits[x/64]&(1<<(x%64)) != 0 && d.guards.notGuards(h)&g.bit != 0 {
				t.Fatalf("the detector's table rejects hash %#x a guard (bit %#x) takes", h, g.bit)
			}
		}
	}
	for h := uint32(0); h < 1<<12; h++ {
		if d.guards.notGuards(h)|^uint64(1<<len(tokenGuardList)-1) != tokenGuards.notGuards(h)|^uint64(1<<len(tokenGuardList)-1) {
			t.Fatalf("the detector's table changes the shared guards' bits at %#x", h)
		}
	}
	// a token of a listed word passes the table (and its guard)
	r := &run{d: d}
	for _, w := range []string{"Januar", "Station", "Herrn", "von", "Geb.-Nr.", "Leipzig", "Richterin", "Klinikum"} {
		tk := r.wordToken(w)
		for _, g := range append(append([]*wordGuard{}, tokenGuardList...), own...) {
			if tk.gs&g.bit == 0 && g.mayTokS(tk) || tk.gf&g.bit == 0 && g.mayTok(tk) {
				t.Fatalf("%q: the table rejects a token its guard (bit %#x) takes", w, g.bit)
			}
		}
	}
}

// TestGuardHits: the guard bits tokenize sets on every token of the shared
// letters are exactly the guards' own answers (mayTok, mayTokS), and only a
// token with a joiner folds to words with a blank between them.
func TestGuardHits(t *testing.T) {
	d := New(Options{})
	for _, doc := range sharedDocs(t) {
		r := &run{}
		r.reset(d, doc.Text, nil)
		r.tokenize()
		for i := range r.tokens {
			tk := &r.tokens[i]
			// idLabel looks for a blank only in a word with a joiner
			if strings.Contains(tk.f, " ") && !tk.is(shJoined) {
				t.Fatalf("%s token %d: a blank in the folded word of a token without a joiner", doc.Name, i)
			}
			for _, g := range d.guardList {
				if (tk.gf&g.bit != 0) != g.mayTok(tk) || (tk.gs&g.bit != 0) != g.mayTokS(tk) {
					t.Fatalf("%s token %d: guard bit %#x: gf %v gs %v, the guard says %v %v", doc.Name, i, g.bit,
						tk.gf&g.bit != 0, tk.gs&g.bit != 0, g.mayTok(tk), g.mayTokS(tk))
				}
			}
		}
	}
}

// TestWordDate: wordDate answers as dates.Parse (ok and not repaired) for
// strings of its shape (every month alone and with every year; every day
// string of one or two digits of every month in leap, common and century
// years, and days near the month's end in every year 1900–2099), and
// declines other shapes.
func TestWordDate(t *testing.T) {
	same := func(s string) {
		ok, fast := wordDate(s)
		if !fast {
			t.Fatalf("%q: not fast", s)
		}
		e, err := dates.Parse(s)
		if want := err == nil && !e.Repaired; ok != want {
			t.Fatalf("%q: %v, dates.Parse %v", s, ok, want)
		}
	}
	var days []string
	for n := 0; n < 100; n++ {
		days = append(days, strconv.Itoa(n))
		if n < 10 {
			days = append(days, "0"+strconv.Itoa(n))
		}
	}
	for name := range fullMonthNumber {
		same(name)
		for y := 0; y <= 9999; y += 7 {
			same(name + " " + fmt.Sprintf("%04d", y))
		}
		for _, y := range []string{"0000", "0999", "1000", "1900", "2000", "2023", "2024", "2100", "9999"} {
			same(name + " " + y)
			for _, d := range days {
				same(d + ". " + name + " " + y)
			}
		}
		for y := 1900; y <= 2099; y++ {
			for _, d := range []string{"0", "1", "27", "28", "29", "30", "31", "32"} {
				same(d + ". " + name + " " + strconv.Itoa(y))
			}
		}
	}
	for _, s := range []string{"", "Juli.", "juli 2020", "JULI 2020", "Jul 2020", "Juli 20", "Juli 20201", "Juli  2020",
		"Juli 2020 ", "1. Juli", "1.Juli 2020", "123. Juli 2020", "a. Juli 2020", "Juli 2o20", "1. 2. Juli 2020",
		"Anfang Juli 2020", "Mitte Juli"} {
		if _, fast := wordDate(s); fast {
			t.Errorf("%q: fast", s)
		}
	}
}
