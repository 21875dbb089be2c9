package recommend

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/surrogator/surrogator/internal/letters"
	"github.com/surrogator/surrogator/internal/testutil"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/kinds"
	"github.com/surrogator/surrogator/surrogator/suspects"
)

// groupEval counts, per group, the true spans found and the predictions
// that hit (a hit overlaps a true span of the same group).
type groupEval struct {
	truth, found map[string]int
	pred, hit    map[string]int
	ruleN        map[string]int
	ruleHit      map[string]int
	missed       map[string][]string // group -> missed span texts (test output only)
	false        []string            // predictions that hit no true span (test output only)
}

func newGroupEval() *groupEval {
	return &groupEval{truth: map[string]int{}, found: map[string]int{}, pred: map[string]int{}, hit: map[string]int{},
		ruleN: map[string]int{}, ruleHit: map[string]int{}, missed: map[string][]string{}}
}

func (g *groupEval) add(d *document.Document, preds []Prediction) {
	for _, s := range d.Spans {
		if !countedKind(s.Kind) {
			continue
		}
		grp := Group(s.Kind)
		g.truth[grp]++
		ok := false
		for _, p := range preds {
			if p.Begin < s.End && s.Begin < p.End && Group(p.Kind) == grp {
				ok = true
				break
			}
		}
		if ok {
			g.found[grp]++
		} else {
			b, e := max(0, s.Begin-25), min(len(d.Text), s.End+15)
			for b > 0 && !utf8.RuneStart(d.Text[b]) {
				b--
			}
			for e < len(d.Text) && !utf8.RuneStart(d.Text[e]) {
				e++
			}
			g.missed[grp] = append(g.missed[grp], string(s.Kind)+": "+d.Text[s.Begin:s.End]+"   «"+d.Text[b:s.Begin]+"[["+d.Text[s.Begin:s.End]+"]]"+d.Text[s.End:e]+"»")
		}
	}
	for _, p := range preds {
		grp := Group(p.Kind)
		g.pred[grp]++
		g.ruleN[p.Rule]++
		hit := false
		for _, s := range d.Spans {
			if p.Begin < s.End && s.Begin < p.End && (Group(s.Kind) == grp || s.Kind == kinds.Other) {
				g.hit[grp]++
				g.ruleHit[p.Rule]++
				hit = true
				break
			}
		}
		if !hit {
			g.false = append(g.false, string(p.Kind)+"/"+p.Rule+": "+d.Text[p.Begin:p.End])
		}
	}
}

// countedKind: the groups the issue scores (name, date, age, location,
// id, contact, profession); OTHER (free text such as "der letzte Alpwirt
// im Stubaital") and wrong annotations (no kind) are not PII spans a
// pattern can find and are left out of recall. A prediction inside an
// OTHER span is no false positive.
func countedKind(k kinds.Kind) bool { return k != "" && k != kinds.Other }

func sum(m map[string]int) int {
	n := 0
	for _, v := range m {
		n += v
	}
	return n
}

func (g *groupEval) recall() float64    { return float64(sum(g.found)) / float64(max(1, sum(g.truth))) }
func (g *groupEval) precision() float64 { return float64(sum(g.hit)) / float64(max(1, sum(g.pred))) }

func (g *groupEval) table() string {
	var b strings.Builder
	groups := map[string]bool{}
	for k := range g.truth {
		groups[k] = true
	}
	for k := range g.pred {
		groups[k] = true
	}
	var gs []string
	for k := range groups {
		gs = append(gs, k)
	}
	sort.Strings(gs)
	fmt.Fprintf(&b, "%-11s %6s %6s %7s %6s %6s %9s\n", "group", "true", "found", "recall", "pred", "hit", "precision")
	for _, k := range gs {
		fmt.Fprintf(&b, "%-11s %6d %6d %6.1f%% %6d %6d %8.1f%%\n", k, g.truth[k], g.found[k],
			100*float64(g.found[k])/float64(max(1, g.truth[k])), g.pred[k], g.hit[k], 100*float64(g.hit[k])/float64(max(1, g.pred[k])))
	}
	fmt.Fprintf(&b, "%-11s %6d %6d %6.1f%% %6d %6d %8.1f%%\n", "all", sum(g.truth), sum(g.found), 100*g.recall(), sum(g.pred), sum(g.hit), 100*g.precision())
	return b.String()
}

// sharedLetters returns the shared GraSCCo letters and the curated
// documents of the shared INCEpTION export.
func sharedLetters(t testing.TB) []*document.Document {
	t.Helper()
	if _, ok := testutil.SharedPath(t, testutil.Grascco); !ok {
		t.Skip("needs ../shared/" + testutil.Grascco)
	}
	var out []*document.Document
	for _, f := range append(testutil.GrasccoCAS(t), testutil.ProjectCAS(t)...) {
		out = append(out, testutil.Doc(t, f))
	}
	return out
}

// projectLetters loads one set of the project's realistic letters
// (testdata/letters-src/<set>).
func projectLetters(t testing.TB, set string) []*document.Document {
	t.Helper()
	dir := filepath.Join(testutil.RepoRoot(t), "testdata", "letters-src", set)
	if ents, _ := filepath.Glob(filepath.Join(dir, "*.md")); len(ents) == 0 {
		return nil
	}
	ls, err := letters.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []*document.Document
	for _, l := range ls {
		out = append(out, l.Document())
	}
	return out
}

func evalDocs(docs []*document.Document, p *Predictor) *groupEval {
	g := newGroupEval()
	for _, d := range docs {
		g.add(d, p.Predict(d.Text, nil))
	}
	return g
}

// TestEvalPreannotate prints recall and precision per group of the
// pre-annotator on letters with every annotation removed (make
// eval-preannotate) and holds them to the bar.
func TestEvalPreannotate(t *testing.T) {
	p := NewPredictor(suspects.New(suspects.Options{}))
	// floors: the bar (recall 95 %, precision 90 %) where it is
	// met, the figure measured when this was written where it is not yet
	// (the held-out letters: see the closing note of issue 28); a change
	// that loses recall or precision fails here.
	type evalSet struct {
		name                  string
		docs                  []*document.Document
		heldOut               bool
		minRecall, minPrecise float64
	}
	var sets []evalSet
	// SURROGATOR_EVAL_LETTERS=DIR measures one folder of letters in the
	// dev markup alone (new letters before any tuning on them, or dev
	// while tuning; "shared": the shared letters alone) and does not load
	// the held-out set.
	switch dir := os.Getenv("SURROGATOR_EVAL_LETTERS"); dir {
	case "":
		// measured with issue 28's detector rules: shared 98.8 % / 99.2 %,
		// dev 98.4 % / 98.3 %, held-out 94.6 % / 97.3 % on the first 14
		// held-out letters (measured once); with the second, blind batch
		// (h2-*, 28 letters in all) 93.7 % / 97.6 %; after the shape rules
		// tuned on d70–d79 (measured once): dev (60) 98.2 % / 98.2 %,
		// held-out 93.9 % / 97.6 %; after the generalising rules of branch
		// deta (ID, profession, age, contact, date; measured once): dev
		// (104, with the 28 blind letters d96–d127 whose names and places
		// were not tuned on) 96.8 % / 98.1 %, held-out 94.7 % / 97.8 %;
		// after the generalisation round of branch detb alone (register,
		// echoes, towns after names, marks …; measured once): dev (96)
		// 98.3 % / 98.2 %, held-out 95.4 % / 97.8 %; both merged (measured once):
		// dev (104) 98.9 % / 98.6 %, held-out 96.2 % / 97.9 %
		sets = []evalSet{{"shared letters (GraSCCo + INCEpTION export, annotations removed)", sharedLetters(t), false, 0.98, 0.98},
			{"project letters, dev set (tuned on)", projectLetters(t, "dev"), false, 0.98, 0.98},
			{"project letters, held-out set (never tuned on)", projectLetters(t, "heldout"), true, 0.96, 0.97}}
	case "shared":
		sets = []evalSet{{"shared letters (GraSCCo + INCEpTION export, annotations removed)", sharedLetters(t), false, 0, 0}}
	default:
		ls, err := letters.Load(dir)
		if err != nil {
			t.Fatal(err)
		}
		var docs []*document.Document
		for _, l := range ls {
			docs = append(docs, l.Document())
		}
		sets = []evalSet{{dir, docs, false, 0, 0}}
	}
	for _, s := range sets {
		if len(s.docs) == 0 {
			t.Logf("%s: no documents", s.name)
			continue
		}
		g := evalDocs(s.docs, p)
		t.Logf("%s: %d documents\n%s", s.name, len(s.docs), g.table())
		if g.recall() < s.minRecall || g.precision() < s.minPrecise {
			t.Errorf("%s: recall %.1f%% (floor %.0f%%), precision %.1f%% (floor %.0f%%)", s.name,
				100*g.recall(), 100*s.minRecall, 100*g.precision(), 100*s.minPrecise)
		}
		// the held-out set's misses are never printed: nobody tunes on it
		if os.Getenv("SURROGATOR_EVAL_MISSED") != "" && !s.heldOut {
			for grp, m := range g.missed {
				t.Logf("missed %s: %q", grp, m)
			}
			for _, f := range g.false {
				t.Logf("false: %q", f)
			}
			var rules []string
			for r := range g.ruleN {
				rules = append(rules, r)
			}
			sort.Strings(rules)
			for _, r := range rules {
				t.Logf("rule %-24s %4d predictions, %5.1f%% hit", r, g.ruleN[r], 100*float64(g.ruleHit[r])/float64(g.ruleN[r]))
			}
		}
	}
}
