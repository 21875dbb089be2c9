package engine

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/surrogator/surrogator/surrogator/audit"
	"github.com/surrogator/surrogator/surrogator/formats"
)

// TestAvoidEveryProject: the run keeps each original once, in its
// project's audit matcher, and the surrogates' collision avoidance checks
// all of them: an original of either project is avoided in both, while
// each project's audit still searches its own originals only.
func TestAvoidEveryProject(t *testing.T) {
	dir := t.TempDir()
	a := writeJSONL(t, filepath.Join(dir, "a"), "letters.jsonl", []jsonlDoc{letter("a1", "Quandtmeyer", false)})
	b := writeJSONL(t, filepath.Join(dir, "b"), "letters.jsonl", []jsonlDoc{letter("b1", "Brennecke", false), letter("b2", "Ostermöller", false)})
	for _, mode := range []Mode{ModeX, ModeFictive} {
		p, err := Prepare(context.Background(), formats.PathSources([]string{a, b}), Options{Mode: mode, Seed: 1, SeedSet: true, Out: t.TempDir(), Workers: 2, Now: fixedNow})
		if err != nil {
			t.Fatal(err)
		}
		if len(p.runs) != 2 {
			t.Fatalf("%s: %d projects", mode, len(p.runs))
		}
		// the Avoid of both scopes (document scope: with a document's
		// name words; corpus scope: without)
		parts := audit.NewMatcher()
		parts.Add("Wendelmuth")
		for _, avoid := range []func(string) bool{p.pl.Avoider(parts), p.pl.Avoider(nil)} {
			for _, o := range []string{"Quandtmeyer", "Brennecke", "OSTERMÖLLERS"} {
				if !avoid("Frau " + o) {
					t.Errorf("%s: %q not avoided", mode, o)
				}
			}
			if avoid("Frau Müller") {
				t.Errorf("%s: a word of no original avoided", mode)
			}
		}
		if !p.pl.Avoider(parts)("Herr Wendelmuth") || p.pl.Avoider(nil)("Herr Wendelmuth") {
			t.Errorf("%s: a document's own name words are avoided in its scope only", mode)
		}
		if p.runs[0].matcher.Contains("Brennecke") || !p.runs[1].matcher.Contains("Brennecke") || p.runs[0].matcher.Len() != 1 || p.runs[1].matcher.Len() != 2 {
			t.Errorf("%s: a project's audit holds another project's originals", mode)
		}
		// the planner avoids the projects' own matchers, not copies: a
		// word added to one afterwards is avoided
		for i, w := range []string{"Zyxwendorf", "Qwertheim"} {
			p.runs[i].matcher.Add(w)
			if !p.pl.Avoider(nil)("Frau " + w) {
				t.Errorf("%s: the planner does not avoid project %d's own matcher", mode, i+1)
			}
		}
		p.Close()
	}
}
