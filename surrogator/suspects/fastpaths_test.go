package suspects

import (
	"math/rand/v2"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/surrogator/surrogator/data"
	"github.com/surrogator/surrogator/surrogator/dates"
)

// TestFirstRunes: the first runes read off an expression's program.
func TestFirstRunes(t *testing.T) {
	for _, tc := range []struct {
		re       string
		may, not []string
	}{
		{`\bFall|Pat\.?`, []string{"Fall", "P"}, []string{"fall", "x", " Fall"}},
		{`(?i:fall)`, []string{"Fall", "FALL", "fall"}, []string{"all"}},
		{`\p{Lu}\p{L}*`, []string{"Ärztin", "M", "Ωmega"}, []string{"ärztin", "1", "-"}},
		{`(\d{1,3})?x`, []string{"1x", "x"}, []string{"y"}},
		{`a*`, []string{"", "b", "a"}, nil},       // matches the empty string
		{`^|[^\p{L}]\d`, []string{"a", "1"}, nil}, // "^" may match alone
		{`(?:St\.)? ?\p{Lu}`, []string{" A", "S", "Ä"}, []string{"s", "."}},
		{`.`, []string{"a", "\u00e4", "\uffff"}, []string{"\n"}},
	} {
		f := firstRunesOf(regexp.MustCompile(tc.re))
		for _, s := range tc.may {
			if !f.may(s) {
				t.Errorf("%s: a match may start at %q", tc.re, s)
			}
		}
		for _, s := range tc.not {
			if f.may(s) {
				t.Errorf("%s: no match starts at %q", tc.re, s)
			}
		}
	}
}

// TestFirstRunesAnchored: at every rune start of the shared and dev
// letters where an anchored pattern rule's expression matches, its first
// runes allow the match (the filter never drops one).
func TestFirstRunesAnchored(t *testing.T) {
	docs := append(sharedDocs(t), devDocs(t)...)
	for rule, pr := range patternRules {
		if !pr.anchored {
			continue
		}
		re, first := anchoredRes[rule], anchoredFirst[rule]
		n := 0
		for _, d := range docs {
			for p := range d.Text {
				s := d.Text[p:min(len(d.Text), p+200)]
				if re.MatchString(s) {
					n++
					if pr.pre != nil && !pr.pre(s) {
						t.Fatalf("rule %d: %s: a match at byte %d, but pre says none", rule, d.Name, p)
					}
					if !first.may(s) {
						t.Fatalf("rule %d: %s: a match at byte %d, but its first rune is not allowed", rule, d.Name, p)
					}
				}
			}
		}
		if n == 0 && rule != ruleBIC {
			t.Errorf("rule %d: no match in the letters: the test tests nothing", rule)
		}
	}
}

// TestScanSegment: scanSegment finds in every line of the shared and dev
// letters (and in stretches of them) what FindAllStringSubmatchIndex
// finds, for every unanchored rule it serves.
func TestScanSegment(t *testing.T) {
	docs := append(sharedDocs(t), devDocs(t)...)
	r := &run{d: &Detector{}}
	n := 0
	for rule, sc := range scanRes {
		if sc.first == nil {
			continue
		}
		for _, d := range docs {
			for _, line := range strings.Split(d.Text, "\n") {
				for _, seg := range []string{line, line[len(line)/3:], line[:2*len(line)/3]} {
					if !utf8.ValidString(seg) {
						continue
					}
					want := patternRules[rule].re.FindAllStringSubmatchIndex(seg, -1)
					r.matches = r.matches[:0]
					r.scanSegment(sc, seg, 0)
					if len(want) == 0 && len(r.matches) == 0 {
						continue
					}
					n++
					if !reflect.DeepEqual(r.matches, want) {
						t.Fatalf("rule %d, %s: scanSegment %v, FindAll %v", rule, d.Name, r.matches, want)
					}
				}
			}
		}
	}
	if n == 0 {
		t.Fatal("no matches: the test tests nothing")
	}
}

// TestFoldFast: foldFast is data.Fold, on random strings of letters
// (umlauts and ß in both cases, an accented and a decomposed letter),
// separators, dots and "st", and on every blank-separated word and
// hyphen part of the dev letters.
func TestFoldFast(t *testing.T) {
	texts := []string{"", "St", "st", "St.", "ST. Georg", "Sankt-St", "ẞ", "Straße", "Ärztin", "a\u0308b", "é", "x\u00a0y", "a–b", " -a- "}
	for _, d := range devDocs(t) {
		for _, w := range strings.Fields(d.Text) {
			texts = append(texts, w)
			texts = append(texts, strings.Split(w, "-")...)
		}
	}
	rng := rand.New(rand.NewPCG(3, 4))
	alphabet := []string{"a", "A", "s", "S", "t", "T", "ä", "Ä", "ö", "Ü", "ß", "ẞ", "é", "\u0308", "-", "/", "_", " ", "\t", ".", "0", "–", "\u00a0"}
	for range 50000 {
		var b strings.Builder
		for k := rng.IntN(9); k > 0; k-- {
			b.WriteString(alphabet[rng.IntN(len(alphabet))])
		}
		texts = append(texts, b.String())
	}
	for _, s := range texts {
		if got, want := string(foldFast(nil, s)), data.Fold(s); got != want {
			t.Fatalf("foldFast(%q) = %q, data.Fold %q", s, got, want)
		}
	}
}

// TestOddDigitRun: dates.Parse fails on every string with a digit run of
// a length no date field has, on random strings of digits, separators,
// month names and date words and on the phone numbers of the letters.
func TestOddDigitRun(t *testing.T) {
	pieces := []string{"1", "2", "12", "123", "2020", "12345", "202001011", "20200101", "0", "007", ".", "/", "-", " ", "–",
		"März", "Mai", "bis", "KW", "Q", "Quartal", "WS", "Uhr", ":", "(", ")", "am", "Ostern", "II", "Jan."}
	cases := []string{"0341 97-12345", "12.3.123", "1.2.12345", "KW 123", "WS 2019/202", "Q3/20201"}
	rng := rand.New(rand.NewPCG(5, 6))
	for range 100000 {
		var b strings.Builder
		for k := 1 + rng.IntN(6); k > 0; k-- {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		cases = append(cases, b.String())
	}
	odd, parsed := 0, 0
	for _, s := range cases {
		e, err := dates.Parse(s)
		if err == nil {
			parsed++
		}
		if !oddDigitRun(s) {
			continue
		}
		odd++
		if err == nil {
			t.Fatalf("dates.Parse(%q) = %v, but it holds a digit run no date field has", s, e)
		}
	}
	if odd < 1000 || parsed < 1000 {
		t.Fatalf("%d strings with an odd digit run, %d dates: the sample tests little", odd, parsed)
	}
}

// TestPreFilters: an anchored rule's pre test passes wherever its
// expression matches, on random strings of the words, labels, legal
// forms, numbers and separators its expression reads.
func TestPreFilters(t *testing.T) {
	pieces := map[int][]string{
		ruleOrg: {"Stadt", "werke", "Stadtwerke", "Bäckerei", "Müller", "müller", "betrieb", "Verkehrsbetriebe", "Verein",
			"verein", " ", " ", " ", "-", "&", "GmbH", "gGmbH", "AG", "e.V.", "e. V.", "KG", "mbH", "OHG", "GbR", "Ärzte",
			"Ö", "x", "1", ".", "Co", "Kreis"},
		ruleFacility2: {"St.", "St. Anna ", "Klinik", "klinikum", "Krankenhaus", "Stift", "Hospital", "Universität",
			"Reha-", "Kinder-", "Müller", "-", " ", "Ärzte", "x", "."},
		ruleID: {"Fall", "fall", "FALL", "Pat", "Patienten", "Versicherten", "Versicherungs", "Kranken", "kassen", "Auftrags",
			"Akten", "zeichen", "Az", "AZ", "PID", "MRN", "ID", "Id", "Identifikations", "nummer", "Nr", "NR", "Nummer",
			"Kennung", "Kennz", "-", ".", ":", " ", " ", "12345", "A-7", "x", "Empfänger", "\u212aranken", "Ärzte"},
	}
	rng := rand.New(rand.NewPCG(9, 10))
	for rule, pr := range patternRules {
		if pr.pre == nil {
			continue
		}
		ps := pieces[rule]
		if ps == nil {
			t.Fatalf("rule %d: no pieces to test its pre test with", rule)
		}
		hits := 0
		for range 200000 {
			var b strings.Builder
			for k := 1 + rng.IntN(7); k > 0; k-- {
				b.WriteString(ps[rng.IntN(len(ps))])
			}
			s := b.String()
			if anchoredRes[rule].MatchString(s) {
				hits++
				if !pr.pre(s) {
					t.Fatalf("rule %d: %q matches, but pre says no match starts there", rule, s)
				}
			}
		}
		if hits < 300 {
			t.Errorf("rule %d: only %d matches in the sample: it tests little", rule, hits)
		}
	}
}

// TestMayURL: mayURL passes wherever reURLAt matches, at every rune start
// of the shared and dev letters and on random strings of domain pieces.
func TestMayURL(t *testing.T) {
	var cases []string
	for _, d := range append(sharedDocs(t), devDocs(t)...) {
		for p := range d.Text {
			cases = append(cases, d.Text[p:min(len(d.Text), p+120)])
		}
	}
	pieces := []string{"www", "WWW", "http", "HTTPS", "://", "ſ", ".", ".", "de", "com", "Uni", "klinikum-", "ä", "x", "1",
		"-", "/", " ", "@", "(", "example", "info", "\u212a"}
	rng := rand.New(rand.NewPCG(11, 12))
	for range 200000 {
		var b strings.Builder
		for k := 1 + rng.IntN(8); k > 0; k-- {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		cases = append(cases, b.String())
	}
	hits := 0
	for i, s := range cases {
		if reURLAt.MatchString(s) {
			hits++
			if !mayURL(s) {
				t.Fatalf("reURLAt matches case %d, but mayURL says no", i)
			}
		}
	}
	if hits < 1000 {
		t.Fatalf("only %d matches: the test tests little", hits)
	}
}
