package engine

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
)

// commonSurnames are frequent German surnames: a letter naming all of
// them leaves the name generator few draws that are no name word of the
// letter.
var commonSurnames = strings.Fields(`Müller Schmidt Schneider Fischer Weber Meyer Wagner Becker Schulz Hoffmann
	Schäfer Koch Bauer Richter Klein Wolf Schröder Neumann Schwarz Zimmermann Braun Krüger Hofmann Hartmann Lange
	Schmitt Werner Schmitz Krause Meier Lehmann Schmid Schulze Maier Köhler Herrmann König Walter Mayer Huber Kaiser
	Fuchs Peters Lang Scholz Möller Weiß Jung Hahn Schubert Vogel Friedrich Keller Günther Frank Berger Winkler Roth
	Beck Lorenz Baumann Franke Albrecht Schuster Simon Ludwig Böhm Winter Kraus Martin Schumacher Krämer Vogt Stein
	Jäger Otto Sommer Groß Seidel Heinrich Brandt Haas Schreiber Graf Schulte Dietrich Ziegler Kuhn Kühn Pohl Engel
	Horn Busch Bergmann Thomas Voigt Sauer Arnold Wolff Pfeiffer`)

var firstNames = strings.Fields("Anna Peter Maria Klaus Ursula Thomas Monika Michael Sabine Andreas")

// TestSurrogatesAvoidTheLettersNames: no surrogate of a fictive run holds
// a name word of its own letter, so that a letter naming a hundred common
// surnames is still released with every name replaced by one the letter
// does not hold, for several seeds. Three mechanisms hold this rule (the
// planner's Avoid with the run's originals and the letter's name words,
// the name generator's exclusions, the leak audit's quarantine): removing
// Avoid alone does not fail it, removing what they together ensure does.
func TestSurrogatesAvoidTheLettersNames(t *testing.T) {
	var text strings.Builder
	var spans []jsonlSpan
	text.WriteString("Anwesend: ")
	for i, s := range commonSurnames {
		if i > 0 {
			text.WriteString(", ")
		}
		// a whole name per span: the run's originals hold "Anna Müller",
		// only the letter's name words hold "Müller" alone
		b := utf8.RuneCountInString(text.String())
		name := firstNames[i%len(firstNames)] + " " + s
		text.WriteString(name)
		spans = append(spans, jsonlSpan{Begin: b, End: b + utf8.RuneCountInString(name), Kind: "NAME_OTHER"})
	}
	text.WriteString(".")
	in := writeJSONL(t, filepath.Join(t.TempDir(), "proj"), "letters.jsonl", []jsonlDoc{{ID: "a", Text: text.String(), Spans: spans}})
	names := map[string]bool{}
	for _, s := range commonSurnames {
		names[s] = true
	}
	for _, s := range firstNames {
		names[s] = true
	}
	for seed := int64(1); seed <= 5; seed++ {
		out := t.TempDir()
		res, err := Run(context.Background(), []string{in}, Options{Mode: ModeFictive, Seed: seed, SeedSet: true, Out: out, Workers: 1, Now: fixedNow})
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if res.Released() != 1 {
			t.Fatalf("seed %d: the letter was not released: %+v", seed, res.Excluded)
		}
		files := publicFiles(t, out)
		for _, pub := range files {
			for _, w := range strings.FieldsFunc(pub, func(r rune) bool { return r == ' ' || r == ',' || r == '.' || r == ':' }) {
				if names[w] {
					t.Errorf("seed %d: a surrogate is %q, a name of the letter", seed, w)
				}
			}
		}
		os.RemoveAll(out)
	}
}
