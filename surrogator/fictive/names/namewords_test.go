package names

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/surrogator/surrogator/data"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/fictive"
)

// runLetterExcluding is runLetter with fictive.Context.NameWord set.
func runLetterExcluding(d *document.Document, scope, docScope *fictive.Scope, res *data.Resources, nameWord func(string) bool) ([]string, error) {
	st := &fictive.DocState{}
	out := make([]string, len(d.Spans))
	for i, s := range d.Spans {
		g, err := testGenerators.Lookup(s.Kind)
		if err != nil {
			return nil, err
		}
		ctx := &fictive.Context{Kind: s.Kind, Doc: d, Span: i, Scope: scope, DocScope: docScope, State: st, Res: res, NameWord: nameWord}
		v, err := g(ctx.Original(), ctx)
		if err != nil {
			return nil, fmt.Errorf("span %d %s: %w", i, s.Kind, err)
		}
		out[i] = v
	}
	return out, nil
}

// lowerWords splits s into lower-case words of letters.
func lowerWords(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) })
}

// wordSet returns a NameWord that rejects a candidate holding one of set.
func wordSet(set map[string]bool) func(string) bool {
	return func(c string) bool {
		for _, w := range lowerWords(c) {
			if set[w] {
				return true
			}
		}
		return false
	}
}

// TestNameWordNothingExcluded: a NameWord that excludes nothing draws what
// no NameWord draws, in document and corpus scope (the check adds no draw
// of its own).
func TestNameWordNothingExcluded(t *testing.T) {
	res := testResources(t)
	none := func(string) bool { return false }
	for _, l := range letters {
		d, _ := buildLetter(t, l.text)
		for _, corpus := range []bool{false, true} {
			mk := func() (*fictive.Scope, *fictive.Scope) {
				doc := fictive.NewScope([]byte("doc-" + l.name))
				if corpus {
					return fictive.NewScope([]byte("corpus")), doc
				}
				return doc, doc
			}
			s1, d1 := mk()
			a, err := runLetterExcluding(d, s1, d1, res, nil)
			if err != nil {
				t.Fatal(err)
			}
			s2, d2 := mk()
			b, err := runLetterExcluding(d, s2, d2, res, none)
			if err != nil {
				t.Fatal(err)
			}
			for i := range a {
				if a[i] != b[i] {
					t.Errorf("%s corpus=%v span %d: %q without NameWord, %q with one excluding nothing", l.name, corpus, i, a[i], b[i])
				}
			}
		}
	}
}

// nameSurrogateWords returns the words of the name surrogates of d that
// were drawn: not kept words (salutations, particles), not initials.
func nameSurrogateWords(d *document.Document, out []string) []string {
	var ws []string
	for i, s := range d.Spans {
		if !s.Kind.IsName() {
			continue
		}
		kept := map[string]bool{}
		for _, w := range lowerWords(d.SpanText(i)) {
			kept[w] = true // words copied from the original (particles, "Graf")
		}
		for _, w := range lowerWords(out[i]) {
			if len([]rune(w)) < 3 || keptWords[w] || keptWords[w+"."] || kept[w] {
				continue
			}
			ws = append(ws, w)
		}
	}
	return ws
}

// TestNameWordKeptOut: the parts NameWord rejects are never drawn (every
// other listed name here), in document and corpus scope.
func TestNameWordKeptOut(t *testing.T) {
	res := testResources(t)
	set := map[string]bool{}
	for _, list := range [][]string{res.Surnames, res.FemaleFirst, res.MaleFirst, res.UnisexFirst} {
		for i, n := range list {
			if i%2 == 0 {
				for _, w := range lowerWords(n) {
					set[w] = true
				}
			}
		}
	}
	for _, l := range letters {
		d, _ := buildLetter(t, l.text)
		for k := 0; k < 8; k++ {
			corpus := k%2 == 1
			doc := fictive.NewScope([]byte("doc-" + strconv.Itoa(k)))
			scope := doc
			if corpus {
				scope = fictive.NewScope([]byte("corpus-" + strconv.Itoa(k)))
			}
			out, err := runLetterExcluding(d, scope, doc, res, wordSet(set))
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range nameSurrogateWords(d, out) {
				stem := strings.TrimSuffix(w, "s")
				if set[w] || set[stem] && stem != w && (res.IsSurname(stem) || res.IsFirstName(stem)) {
					t.Errorf("%s %d: drew the excluded name %q", l.name, k, w)
				}
			}
			if n := scope.Count(NSFallback); n != 0 {
				t.Errorf("%s %d: %d composed surrogates, with half of every list left", l.name, k, n)
			}
		}
	}
}

// TestNameWordExhausted: when NameWord rejects every listed name (a corpus
// whose originals hold the whole lists), the parts are composed — never a
// listed name, one surrogate per original, the same for the same key —
// and recorded in NSFallback.
func TestNameWordExhausted(t *testing.T) {
	res := testResources(t)
	listed := func(c string) bool {
		for _, w := range strings.FieldsFunc(c, func(r rune) bool { return !unicode.IsLetter(r) }) {
			if res.IsSurname(w) || res.IsFirstName(w) {
				return true
			}
		}
		return false
	}
	for _, l := range letters {
		d, _ := buildLetter(t, l.text)
		run := func() ([]string, *fictive.Scope) {
			scope := fictive.NewScope([]byte("corpus-" + l.name))
			out, err := runLetterExcluding(d, scope, fictive.NewScope([]byte("doc")), res, listed)
			if err != nil {
				t.Fatal(err)
			}
			return out, scope
		}
		out, scope := run()
		again, _ := run()
		if testing.Verbose() {
			t.Logf("%s: %q", l.name, out)
		}
		for i := range out {
			if out[i] != again[i] {
				t.Errorf("%s span %d: %q, then %q", l.name, i, out[i], again[i])
			}
		}
		for _, w := range nameSurrogateWords(d, out) {
			if listed(w) && !listed(d.Text) {
				t.Errorf("%s: drew the listed name %q", l.name, w)
			}
		}
		surnames := scope.Entries(fictive.NSSurname)
		seen := map[string]string{}
		for k, v := range surnames {
			if o, ok := seen[strings.ToLower(v)]; ok {
				t.Errorf("%s: %q and %q share the surrogate %q", l.name, o, k, v)
			}
			seen[strings.ToLower(v)] = k
		}
		if scope.Count(NSFallback) == 0 && len(nameSurrogateWords(d, out)) > 0 {
			t.Errorf("%s: no composed surrogate recorded", l.name)
		}
	}
}

// TestComposeShapes: composed parts are single capitalised words built
// from listed names (first names: two names; surnames: a name and an
// ending).
func TestComposeShapes(t *testing.T) {
	res := testResources(t)
	d, _ := buildLetter(t, "Patientin [[Pf0|Beate Albers]] und Herr [[Pm0|Jonas Koch]], Frau [[P|ALBERS]], [[Pg|Kochs]] Hund.")
	all := func(string) bool { return true } // nothing listed is usable
	scope := fictive.NewScope([]byte("compose"))
	// all rejects every compound too: Memo gives up with "" for the
	// parts; the generator returns no original (the engine then falls
	// back for a blank surrogate) and does not hang or panic
	if out, err := runLetterExcluding(d, scope, scope, res, all); err == nil {
		for i := range out {
			if strings.Contains(out[i], "Albers") || strings.Contains(out[i], "Koch") {
				t.Errorf("span %d: %q keeps the original", i, out[i])
			}
		}
	}
	excl := func(c string) bool { return res.IsSurname(c) || res.IsFirstName(c) }
	scope = fictive.NewScope([]byte("compose"))
	out, err := runLetterExcluding(d, scope, scope, res, excl)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range strings.Fields(out[0] + " " + out[1]) {
		if r := []rune(w); !unicode.IsUpper(r[0]) || strings.ContainsAny(w, "- ") {
			t.Errorf("composed %q: not one capitalised word", w)
		}
	}
	if got := strings.Fields(out[2]); len(got) != 1 || got[0] != strings.ToUpper(strings.Fields(out[0])[1]) {
		t.Errorf("ALBERS → %q, Beate Albers → %q: the variants disagree", out[2], out[0])
	}
	if k := strings.Fields(out[1])[1]; out[3] != k+"s" && out[3] != k+"'" {
		t.Errorf("Kochs → %q, Jonas Koch → %q: the genitive does not follow", out[3], out[1])
	}
}

// TestDocumentFilterKeepsOneLettersNames: in document scope, without any
// NameWord, the document filter alone keeps the letter's own name words
// out of its surrogates, so two people of one letter never swap into each
// other's names ("Anna Müller" → "Peter Schmidt" beside an original
// "Peter Schmidt"). The letter names 400 people from the lists the
// generator draws from; every part keeps a surrogate.
func TestDocumentFilterKeepsOneLettersNames(t *testing.T) {
	res := data.Default() // the full lists: the pinned ones hold about 200 names each
	var b strings.Builder
	orig := map[string]bool{}
	words := map[string]bool{}
	for i := 0; i < 400; i++ {
		first, flag := res.FemaleFirst[i*7%len(res.FemaleFirst)], "Pf0"
		if i%2 == 1 {
			first, flag = res.MaleFirst[i*7%len(res.MaleFirst)], "Pm0"
		}
		last := res.Surnames[i*11%len(res.Surnames)]
		if strings.ContainsAny(first+last, " -'") {
			continue
		}
		fmt.Fprintf(&b, "[[%s|%s %s]], ", flag, first, last)
		orig[strings.ToLower(first+" "+last)] = true
		words[strings.ToLower(first)], words[strings.ToLower(last)] = true, true
	}
	d, _ := buildLetter(t, "Anwesend: "+b.String()+"sonst niemand.")
	for k := 0; k < 5; k++ {
		sc := fictive.NewScope([]byte("doc-" + strconv.Itoa(k)))
		out, err := runLetterExcluding(d, sc, sc, res, nil)
		if err != nil {
			t.Fatal(err)
		}
		for i, s := range out {
			if len(strings.Fields(s)) != 2 {
				t.Errorf("%d: span %d lost a part: %q", k, i, s)
			}
			if orig[strings.ToLower(s)] {
				t.Errorf("%d: span %d became another person of the letter", k, i)
			}
			for _, w := range lowerWords(s) {
				if words[w] {
					t.Errorf("%d: span %d holds a name word of the letter", k, i)
				}
			}
		}
	}
}
