package engine

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/surrogator/surrogator/internal/testutil"
)

// crossLetterWords are the dev letters that fictive mode still
// quarantines although they are annotated completely: their own text
// spells, as an ordinary word, a one-word original of another letter of
// the project, which the leak audit searches for in every letter (SPEC
// §5), in a position audit.OtherDocuments cannot tell from a name or
// place without a lexicon of ordinary words. Another letter's word after
// an article, before a year, lower-case in prose, a short code without an
// ID label and an area code are no longer quarantined ("die Sommer", "im
// Sommer 2023", "auf einem Hof", "in der Lage", tumour grade "G3", "412
// ng/l", "04105 17 84-0": d13, d33, d50, d51, d56, d75, d101, d102, d107,
// d110, d111, d112, d115, d142, d145 before). Any other exclusion fails
// the test.
var crossLetterWords = map[string]string{
	"d58-onkologie-wiesbaden":              `"NCT-Nr." (trial registry) vs the tumour centre NCT of d05`,
	"d104-sozialdienst-neubrandenburg":     `"; Essen auf Rädern" (meals on wheels, at a clause start) vs the city Essen of d81`,
	"d152-wittenberg-geriatrie-entlassung": `"; Essen auf Rädern" (meals on wheels, at a clause start) vs the city Essen of d81`,
	"d154-offenburg-psychiatrie-betreuung": `"Herr Richter Maier-Hottinger" (the judge's title) vs the surname Richter of d27 and d31`,
	"d08-mkg-ukj":                          `"Mund-, Kiefer- und Gesichtschirurgie" (the jaw) vs the surname Kiefer of d162`,
}

// maxUnexplainedPerMille bounds the other exclusions, per 1,000 letter
// runs: each run draws a new key. With 112 dev letters (672 letter runs)
// 0 to 22 per 1,000 remain, varying with the key: a surrogate that spells
// an original (a street "Dorfstraße 8–10" vs "Dorfstraße 8" of d115; in
// corpus scope the facility surrogate "St.-Josef-Krankenhaus" of d100,
// whose patient is Heinrich-Josef; d18, d32 now and then), another
// letter's initials in name position ("Dr. med.
// M. H. Strauß" vs the patient "M.-H." of d54 — a real name position, kept
// quarantined on purpose). Each is logged; the causes are open under
// issue 24.
const maxUnexplainedPerMille = 40

// TestDevLettersNotQuarantined: fictive mode, in either scope and for
// several seeds, publishes every dev letter but the known cross-letter
// word collisions: no leak-audit quarantine caused by a generator (a drawn
// name part that is a name word of the letter or of the run, a nobility
// title, a foreign city spelling a name) or by an annotation gap, and no
// "unsafe" exclusion (generator and engine disagreeing on a city-state).
func TestDevLettersNotQuarantined(t *testing.T) {
	in := filepath.Join(testutil.RepoRoot(t), "testdata", "letters", "dev.jsonl")
	if _, err := os.Stat(in); err != nil {
		t.Skip("needs testdata/letters/dev.jsonl")
	}
	seeds := []int64{1, 11, 42}
	if testing.Short() {
		seeds = seeds[:1]
	}
	runs, unexplained := 0, 0
	for _, seed := range seeds {
		for _, scope := range []Scope{ScopeDocument, ScopeCorpus} {
			res, err := Run(context.Background(), []string{in}, Options{Mode: ModeFictive, Scope: scope, Seed: seed, SeedSet: true, Out: t.TempDir(), Workers: 2, Now: fixedNow})
			if err != nil {
				t.Fatalf("%s seed %d: %v", scope, seed, err)
			}
			if res.Released() < 60 {
				t.Errorf("%s seed %d: only %d letters released", scope, seed, res.Released())
			}
			runs += res.Released() + len(res.Excluded)
			for _, e := range res.Excluded {
				if _, known := crossLetterWords[e.Document]; known && strings.Contains(e.Reason, "quarantined") {
					continue
				}
				if !strings.Contains(e.Reason, "quarantined") {
					t.Errorf("%s seed %d: %s excluded: %s: %s", scope, seed, e.Document, e.Reason, e.Detail)
					continue
				}
				unexplained++
				t.Logf("%s seed %d: %s excluded: %s: %s", scope, seed, e.Document, e.Reason, e.Detail)
			}
		}
	}
	if unexplained*1000 > maxUnexplainedPerMille*runs {
		t.Errorf("%d of %d letter runs quarantined for an unexplained cause, want ≤ %d per 1,000", unexplained, runs, maxUnexplainedPerMille)
	}
}
