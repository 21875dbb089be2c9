package engine

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/surrogator/surrogator/internal/testutil"
	"github.com/surrogator/surrogator/surrogator/norm"
)

// listNames reads a name list of data/resources: every step-th plain
// entry (no space or hyphen), from offset.
func listNames(t *testing.T, file string, step, offset int) []string {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join(testutil.RepoRoot(t), "data", "resources", file))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	n := 0
	for _, l := range strings.Split(string(raw), "\n") {
		if l = strings.TrimSpace(l); l == "" || strings.HasPrefix(l, "#") || strings.ContainsAny(l, " -\t") {
			continue
		}
		if n%step == offset {
			out = append(out, l)
		}
		n++
	}
	return out
}

// manyPeopleCorpus builds letters naming many people whose first names
// and surnames come from the generator's own lists (every third listed
// surname, first names spread over both lists), so that a surrogate drawn
// per part often is another original part. Each letter names its own
// surnames (perLetter of them), each with firstPerSur first names, as
// patient, doctor, relative or external person, "Vorname Nachname", and
// a third of the surnames once more as "Nachname" after a salutation (a
// surname that is an original on its own is avoided whole; the others
// only by the new rule). Many first names per
// surname make a rebuilt pair likely when a drawn surname is another
// letter's.
func manyPeopleCorpus(t *testing.T, letters, perLetter, firstPerSur int) ([]jsonlDoc, map[string]bool) {
	sur := listNames(t, "surnames.txt", 3, 0)
	fem := listNames(t, "female_first.txt", 1, 0)
	mal := listNames(t, "male_first.txt", 1, 0)
	if letters*perLetter > len(sur) {
		t.Fatalf("only %d surnames", len(sur))
	}
	originals := map[string]bool{} // folded full names
	var docs []jsonlDoc
	q := 0
	for l := 0; l < letters; l++ {
		var text strings.Builder
		var spans []jsonlSpan
		add := func(s, kind string) {
			b := utf8.RuneCountInString(text.String())
			text.WriteString(s)
			spans = append(spans, jsonlSpan{Begin: b, End: b + utf8.RuneCountInString(s), Kind: kind})
		}
		text.WriteString("Anwesend: ")
		for j := 0; j < perLetter; j++ {
			surname := sur[l*perLetter+j]
			for f := 0; f < firstPerSur; f++ {
				q++
				first, sal := fem[q*7%len(fem)], "Frau"
				if q%2 == 1 {
					first, sal = mal[q*7%len(mal)], "Herr"
				}
				if j+f > 0 {
					text.WriteString(", ")
				}
				kind := []string{"NAME_PATIENT", "NAME_DOCTOR", "NAME_RELATIVE", "NAME_EXT"}[q%4]
				add(first+" "+surname, kind)
				originals[norm.FoldName(first+" "+surname)] = true
				if j%3 == 0 && f == 0 {
					text.WriteString(" (" + sal + " ")
					add(surname, kind)
					text.WriteString(")")
				}
			}
		}
		text.WriteString(".")
		docs = append(docs, jsonlDoc{ID: fmt.Sprintf("l%02d", l), Text: text.String(), Spans: spans})
	}
	return docs, originals
}

// TestNoRecomposedOriginalNames: whatever the scope, a name surrogate is
// drawn per part (first name, surname) and must never rebuild another
// person's name of the run, nor be a name word of its own letter: the
// leak audit would quarantine the letter. Letters naming hundreds of
// people from the generator's own lists, many seeds, both scopes: no
// letter is quarantined and no surrogate full name is an original full
// name of the run.
func TestNoRecomposedOriginalNames(t *testing.T) {
	seeds := int64(6)
	if testing.Short() {
		seeds = 2
	}
	for _, c := range []struct {
		scope                Scope
		letters, per, firsts int
	}{
		{ScopeCorpus, 4, 150, 2},
		{ScopeDocument, 4, 150, 2},
		{ScopeDocument, 10, 25, 20},
	} {
		scope := c.scope
		docs, originals := manyPeopleCorpus(t, c.letters, c.per, c.firsts)
		in := writeJSONL(t, filepath.Join(t.TempDir(), "proj"), "letters.jsonl", docs)
		for seed := int64(1); seed <= seeds; seed++ {
			out := t.TempDir()
			res, err := Run(context.Background(), []string{in}, Options{Mode: ModeFictive, Scope: scope, Seed: seed, SeedSet: true, Key: []byte(fmt.Sprint("names-", seed)), Out: out, Workers: 2, Now: fixedNow})
			if errors.Is(err, ErrNothingReleased) {
				t.Errorf("%s seed %d: every letter was quarantined", scope, seed)
				continue
			}
			if err != nil {
				t.Fatalf("%s seed %d: %v", scope, seed, err)
			}
			if n := countQuarantined(res); n != 0 || res.AuditHits != 0 {
				t.Errorf("%s seed %d: %d letters quarantined, %d audit hits", scope, seed, n, res.AuditHits)
			}
			m := readMapping(t, filepath.Join(res.PrivateRoot, "proj", "mapping.json"))
			bad := 0
			for _, dm := range m {
				for kind, sur := range dm.Annotations {
					if !strings.HasPrefix(kind, "NAME_") {
						continue
					}
					for s := range sur {
						if originals[norm.FoldName(s)] {
							bad++
							if bad <= 5 {
								t.Errorf("%s seed %d: the surrogate of a %s is an original name of the run", scope, seed, kind)
							}
						}
					}
				}
			}
			if bad > 5 {
				t.Errorf("%s seed %d: %d surrogates are original names of the run", scope, seed, bad)
			}
			os.RemoveAll(out)
		}
	}
}

// TestNameListsExhausted: a corpus whose originals hold every listed
// surname and first name (what a national corpus would) leaves the name
// generator nothing to draw in corpus scope: parts are composed, no
// letter is quarantined, run.json reports how many parts were composed,
// and the outputs are the same for any worker count.
func TestNameListsExhausted(t *testing.T) {
	if testing.Short() {
		t.Skip("a corpus naming every listed name")
	}
	sur := listNames(t, "surnames.txt", 1, 0)
	fem := listNames(t, "female_first.txt", 1, 0)
	mal := listNames(t, "male_first.txt", 1, 0)
	uni := listNames(t, "unisex_first.txt", 1, 0)
	firsts := append(append(append([]string(nil), fem...), mal...), uni...)
	const letters = 16
	var docs []jsonlDoc
	n := max(len(sur), len(firsts))
	per := (n + letters - 1) / letters
	for l := 0; l < letters; l++ {
		var text strings.Builder
		var spans []jsonlSpan
		text.WriteString("Anwesend: ")
		for i := l * per; i < min(n, (l+1)*per); i++ {
			if i > l*per {
				text.WriteString(", ")
			}
			name := firsts[i%len(firsts)] + " " + sur[i%len(sur)]
			b := utf8.RuneCountInString(text.String())
			text.WriteString(name)
			spans = append(spans, jsonlSpan{Begin: b, End: b + utf8.RuneCountInString(name), Kind: []string{"NAME_PATIENT", "NAME_DOCTOR", "NAME_RELATIVE", "NAME_EXT"}[i%4]})
		}
		text.WriteString(".")
		docs = append(docs, jsonlDoc{ID: fmt.Sprintf("l%02d", l), Text: text.String(), Spans: spans})
	}
	in := writeJSONL(t, filepath.Join(t.TempDir(), "proj"), "letters.jsonl", docs)
	var first map[string]string
	for _, workers := range []int{1, 2} {
		out := t.TempDir()
		res, err := Run(context.Background(), []string{in}, Options{Mode: ModeFictive, Scope: ScopeCorpus, Seed: 5, SeedSet: true, Key: []byte("exhausted"), Out: out, Workers: workers, Now: fixedNow})
		if err != nil {
			t.Fatal(err)
		}
		if q := countQuarantined(res); q != 0 || res.AuditHits != 0 || res.Released() != letters {
			t.Fatalf("workers %d: %d released, %d quarantined, %d audit hits", workers, res.Released(), q, res.AuditHits)
		}
		if res.NameFallbacks == 0 {
			t.Fatalf("workers %d: no composed name reported", workers)
		}
		raw, err := os.ReadFile(filepath.Join(res.PrivateRoot, "run.json"))
		if err != nil {
			t.Fatal(err)
		}
		var rj struct {
			Names struct {
				Composed int `json:"composed_surrogates"`
			} `json:"names"`
		}
		if err := json.Unmarshal(raw, &rj); err != nil || rj.Names.Composed != res.NameFallbacks {
			t.Fatalf("run.json names.composed_surrogates = %d, want %d (%v)", rj.Names.Composed, res.NameFallbacks, err)
		}
		got := map[string]string{}
		for p, s := range publicFiles(t, out) {
			rel, _ := filepath.Rel(res.PublicRoot, p)
			got[rel] = s
		}
		if first == nil {
			first = got
			t.Logf("%d letters, %d names, %d parts composed", letters, n, res.NameFallbacks)
		} else if !maps.Equal(first, got) {
			t.Fatalf("workers %d: the public texts differ from workers 1", workers)
		}
	}
}
