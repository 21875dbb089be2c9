package engine

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/surrogator/surrogator/internal/testutil"
)

var firstNames = strings.Fields("Anna Peter Maria Klaus Ursula Thomas Monika Michael Sabine Andreas")

// TestSurrogatesAvoidTheLettersNames: in either scope no surrogate of a
// fictive run holds a name word of its own letter. The letter names every
// fifth surname of the generator's own list (about 1,000, a fifth of what
// it draws from), each with a first name, as patient, doctor, relative or
// external person; without the avoidance about one draw in five would be
// a name word of the letter. The letter must be released with no
// surrogate one of its names, for several seeds. Two mechanisms hold the
// rule in document scope (the name generator's document filter, the
// planner's Avoid with the letter's name words): the test fails with both
// removed. Corpus scope has neither (a surrogate there may not depend on
// the letter that draws it): the run's name words (audit.NameWords,
// fictive.Context.NameWord) hold it; before them the letter was
// quarantined with about 200 audit hits.
func TestSurrogatesAvoidTheLettersNames(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join(testutil.RepoRoot(t), "data", "resources", "surnames.txt"))
	if err != nil {
		t.Fatal(err)
	}
	var surnames []string
	for i, l := range strings.Split(string(raw), "\n") {
		if l = strings.TrimSpace(l); i%5 == 0 && l != "" && !strings.HasPrefix(l, "#") && !strings.ContainsAny(l, " -") {
			surnames = append(surnames, l)
		}
	}
	if len(surnames) < 500 {
		t.Fatalf("only %d surnames", len(surnames))
	}
	var text strings.Builder
	var spans []jsonlSpan
	text.WriteString("Anwesend: ")
	for i, s := range surnames {
		if i > 0 {
			text.WriteString(", ")
		}
		// a whole name per span: the run's originals hold "Anna Müller",
		// only the letter's name words hold "Müller" alone
		b := utf8.RuneCountInString(text.String())
		name := firstNames[i%len(firstNames)] + " " + s
		text.WriteString(name)
		kind := []string{"NAME_PATIENT", "NAME_DOCTOR", "NAME_RELATIVE", "NAME_EXT"}[i%4]
		spans = append(spans, jsonlSpan{Begin: b, End: b + utf8.RuneCountInString(name), Kind: kind})
	}
	text.WriteString(".")
	in := writeJSONL(t, filepath.Join(t.TempDir(), "proj"), "letters.jsonl", []jsonlDoc{{ID: "a", Text: text.String(), Spans: spans}})
	names := map[string]bool{}
	for _, s := range surnames {
		names[s] = true
	}
	for _, s := range firstNames {
		names[s] = true
	}
	for k := int64(0); k < 6; k++ {
		seed, scope := k/2+1, []Scope{ScopeDocument, ScopeCorpus}[k%2]
		out := t.TempDir()
		res, err := Run(context.Background(), []string{in}, Options{Mode: ModeFictive, Scope: scope, Seed: seed, SeedSet: true, Out: out, Workers: 1, Now: fixedNow})
		if err != nil {
			t.Fatalf("%s seed %d: %v", scope, seed, err)
		}
		if res.Released() != 1 {
			t.Fatalf("%s seed %d: the letter was not released: %+v", scope, seed, res.Excluded)
		}
		files := publicFiles(t, out)
		for _, pub := range files {
			for _, w := range strings.FieldsFunc(pub, func(r rune) bool { return r == ' ' || r == ',' || r == '.' || r == ':' }) {
				if names[w] {
					t.Errorf("%s seed %d: a surrogate is %q, a name of the letter", scope, seed, w)
				}
			}
		}
		os.RemoveAll(out)
	}
}
