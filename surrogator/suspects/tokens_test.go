package suspects

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
	"testing"
	"unicode"

	"github.com/surrogator/surrogator/data"
)

// TestFoldAppend: the tokenizer's allocation-free fold equals data.Fold
// on every token of the shared letters and on hand-picked words (umlauts,
// ß and ẞ, accents, combining marks, "St" for Sankt, joiners).
func TestFoldAppend(t *testing.T) {
	words := []string{"Müller", "MÜLLER", "Straße", "STRAẞE", "Großmann-Öztürk", "José", "Zoë", "Mu\u0308ller", "St",
		"St-Marien", "Sankt", "O'Brien", "D’Angelo", "Ärztekammer", "Łódź", "İstanbul", "ǅemal", "Ǆ", "x²", "Anna-st-Berg",
		"Dr", "HbA1c", "١٢٣", "Ωmega", "ﬁnal"}
	det := New(Options{})
	r := &run{d: det}
	for _, d := range sharedDocs(t) {
		r.text = d.Text
		r.tokenize()
		for _, tk := range r.tokens {
			words = append(words, tk.s)
		}
	}
	for _, w := range words {
		if got, want := string(foldAppend([]byte("prefix "), w)), "prefix "+data.Fold(w); got != want {
			t.Errorf("fold %q: %q, want %q", w, got, want)
		}
	}
}

// TestTokenShapes: the bits the tokenizer sets agree with their plain
// definitions on every token of the shared letters.
func TestTokenShapes(t *testing.T) {
	det := New(Options{})
	r := &run{d: det}
	n := 0
	for _, d := range sharedDocs(t) {
		r.text = d.Text
		r.tokenize()
		for _, tk := range r.tokens {
			n++
			if tk.f != data.Fold(tk.s) {
				t.Fatalf("token %d: fold differs", n)
			}
			upper := unicode.IsUpper([]rune(tk.s)[0])
			digits := strings.Trim(tk.s, "0123456789") == ""
			if tk.is(shUpper) != upper || tk.is(shDigits) != digits || int(tk.runes) != len([]rune(tk.s)) ||
				tk.is(shAllUpper) != allUpper(tk.s) {
				t.Fatalf("token %d: shape bits %b wrong", n, tk.shape)
			}
			want := det.lex[tk.f]
			if lower := tk.s[0] >= 'a' && tk.s[0] <= 'z'; lower && len(tk.f) > det.maxLower && !tk.is(shJoined) {
				// not looked up: it must have no class read in lower case
				want &= lowerClasses
			}
			if !tk.is(shDigits) && tk.cls != want {
				t.Fatalf("token %d: classes %b, want %b", n, tk.cls, want)
			}
		}
	}
	if n < 1000 {
		t.Fatalf("only %d tokens", n)
	}
}

// TestDetectAllocations: Detect's allocations do not grow with the text:
// a letter without PII repeated a hundred times costs no more allocations
// than once (plus the folded keys' one string).
func TestDetectAllocations(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts under -race are not the program's")
	}
	det := New(Options{})
	para := "die beschwerden haben sich unter der therapie deutlich gebessert, eine weitere kontrolle ist nicht erforderlich.\n"
	one := det.Detect(para, nil) // warm the pool
	if len(one) != 0 {
		t.Fatalf("want no suspects in the sample, got %v", one)
	}
	long := strings.Repeat(para, 100)
	a1 := testing.AllocsPerRun(20, func() { det.Detect(para, nil) })
	a100 := testing.AllocsPerRun(20, func() { det.Detect(long, nil) })
	// growing the pooled buffers once is amortised over the runs
	if a100 > a1+2 {
		t.Errorf("%.0f allocations for 100 paragraphs, %.0f for one: allocations grow with the text", a100, a1)
	}
}

// TestTitleGroups: the title expressions grouped by first word find what
// one expression over all titles (longest first) finds, at every token of
// the shared letters and at the titles themselves, upper-cased and
// without blanks.
func TestTitleGroups(t *testing.T) {
	res := data.Default()
	var alts []string
	titles := []string{}
	for _, ti := range res.Titles {
		titles = append(titles, ti.Text)
	}
	sort.Slice(titles, func(i, j int) bool { return len(titles[i]) > len(titles[j]) })
	for _, ti := range titles {
		q := regexp.QuoteMeta(ti)
		q = strings.ReplaceAll(q, " ", `[ \t]*`)
		q = strings.ReplaceAll(q, `\.`, `\.[ \t]?`)
		alts = append(alts, q)
	}
	all := regexp.MustCompile(`^(?i:(?:` + strings.Join(alts, "|") + `))`)
	det := New(Options{Resources: res})
	texts := []string{}
	for _, d := range sharedDocs(t) {
		texts = append(texts, d.Text)
	}
	for _, ti := range titles {
		texts = append(texts, ti+" Quast", strings.ToUpper(ti)+" Quast", strings.ReplaceAll(ti, " ", "")+" Quast")
	}
	n := 0
	for _, text := range texts {
		r := &run{d: det, text: text}
		r.tokenize()
		for i := range r.tokens {
			tk := &r.tokens[i]
			var want, got []int
			if tk.cls&cTitleStart != 0 {
				want = all.FindStringIndex(text[tk.b:min(len(text), tk.b+64)])
				if re := det.titleRes[tk.f]; re != nil {
					got = re.FindStringIndex(text[tk.b:min(len(text), tk.b+64)])
				}
				n++
			}
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Fatalf("title at %q: grouped %v, all %v", text[tk.b:min(len(text), tk.b+20)], got, want)
			}
		}
	}
	if n < 100 {
		t.Fatalf("only %d title starts tried", n)
	}
}
