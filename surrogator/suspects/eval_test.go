package suspects

import (
	"fmt"
	"math/rand/v2"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/surrogator/surrogator/internal/testutil"
	"github.com/surrogator/surrogator/surrogator/document"
)

// evalSeed fixes which annotations the evaluation removes.
const evalSeed = 15

// evalShare is the share of the annotations of every kind that the
// evaluation removes (rounded up, at least one per kind).
const evalShare = 0.25

// sharedDocs returns the shared letters: the GraSCCo CAS JSON files and the
// curated documents of the INCEpTION export (skips without ../shared).
func sharedDocs(t testing.TB) []*document.Document {
	t.Helper()
	var out []*document.Document
	for _, f := range append(testutil.GrasccoCAS(t), testutil.ProjectCAS(t)...) {
		out = append(out, testutil.Doc(t, f))
	}
	return out
}

// Evaluation is the outcome of one evaluation run.
type evaluation struct {
	removed, found  map[string]int // by annotated kind
	suspects, true_ int
	fpRules         map[string]int // false suspects of the unmodified letters by rule
	tokens, fp      int
}

func (e *evaluation) recall() float64 {
	var r, f int
	for k := range e.removed {
		r += e.removed[k]
		f += e.found[k]
	}
	return float64(f) / float64(r)
}

// median of sorted values.
func median(v []float64) float64 {
	n := len(v)
	if n%2 == 1 {
		return v[n/2]
	}
	return (v[n/2-1] + v[n/2]) / 2
}

func (e *evaluation) precision() float64 { return float64(e.true_) / float64(e.suspects) }
func (e *evaluation) fpPer1000() float64 { return 1000 * float64(e.fp) / float64(e.tokens) }

// evaluate removes evalShare of the annotations of every kind (fixed seed),
// runs the detector and compares its suspects with the removed spans; it
// also counts the suspects on the unmodified letters (all false).
func evaluate(docs []*document.Document, det *Detector) *evaluation {
	return evaluateSeed(docs, det, evalSeed)
}

func evaluateSeed(docs []*document.Document, det *Detector, seed uint64) *evaluation {
	ev := &evaluation{removed: map[string]int{}, found: map[string]int{}, fpRules: map[string]int{}}
	type ref struct{ doc, span int }
	byKind := map[string][]ref{}
	for i, d := range docs {
		for j, s := range d.Spans {
			byKind[string(s.Kind)] = append(byKind[string(s.Kind)], ref{i, j})
		}
	}
	var ks []string
	for k := range byKind {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	rng := rand.New(rand.NewPCG(seed, 0))
	drop := map[ref]bool{}
	for _, k := range ks {
		refs := byKind[k]
		rng.Shuffle(len(refs), func(i, j int) { refs[i], refs[j] = refs[j], refs[i] })
		n := int(float64(len(refs))*evalShare + 0.999)
		for _, r := range refs[:n] {
			drop[r] = true
		}
	}
	for i, d := range docs {
		var keep, gone []document.Span
		for j, s := range d.Spans {
			if drop[ref{i, j}] {
				gone = append(gone, s)
			} else {
				keep = append(keep, s)
			}
		}
		sus := det.Detect(d.Text, keep)
		for _, g := range gone {
			ev.removed[string(g.Kind)]++
			for _, s := range sus {
				if s.Begin < g.End && g.Begin < s.End {
					ev.found[string(g.Kind)]++
					break
				}
			}
		}
		for _, s := range sus {
			ev.suspects++
			for _, g := range gone {
				if s.Begin < g.End && g.Begin < s.End {
					ev.true_++
					break
				}
			}
		}
		for _, s := range det.Detect(d.Text, d.Spans) {
			ev.fp++
			ev.fpRules[s.Rule+"/"+string(s.Kind)]++
		}
		ev.tokens += len(document.Tokenize(d.Text))
	}
	return ev
}

func (e *evaluation) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%-24s %8s %6s %7s\n", "kind", "removed", "found", "recall")
	var ks []string
	for k := range e.removed {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	for _, k := range ks {
		name := k
		if name == "" {
			name = "(wrong annotation)"
		}
		fmt.Fprintf(&b, "%-24s %8d %6d %6.1f%%\n", name, e.removed[k], e.found[k], 100*float64(e.found[k])/float64(e.removed[k]))
	}
	fmt.Fprintf(&b, "overall recall %.1f%%, precision %.1f%% (%d of %d suspects were removed annotations)\n",
		100*e.recall(), 100*e.precision(), e.true_, e.suspects)
	fmt.Fprintf(&b, "unmodified letters: %d false suspects in %d tokens = %.2f per 1,000 tokens\n", e.fp, e.tokens, e.fpPer1000())
	var rules []string
	for r, n := range e.fpRules {
		rules = append(rules, fmt.Sprintf("%s=%d", r, n))
	}
	sort.Strings(rules)
	fmt.Fprintf(&b, "false suspects by rule/kind: %s\n", strings.Join(rules, " "))
	return b.String()
}

// TestEvalShared is `make eval-suspects`: it prints recall per kind,
// precision and false suspects per 1,000 tokens on the shared letters and
// checks the acceptance figures of issue 15.
func TestEvalShared(t *testing.T) {
	docs := sharedDocs(t)
	ev := evaluate(docs, New(Options{}))
	fmt.Fprint(os.Stdout, ev.String())
	// the same figures over other seeds: how much the fixed draw matters
	const seeds = 30
	var recalls, precisions []float64
	for s := uint64(1); s <= seeds; s++ {
		e := evaluateSeed(docs, New(Options{}), 1000+s)
		recalls, precisions = append(recalls, e.recall()), append(precisions, e.precision())
	}
	sort.Float64s(recalls)
	sort.Float64s(precisions)
	fmt.Fprintf(os.Stdout, "over %d other seeds: overall recall min %.1f%%, median %.1f%%, max %.1f%%; precision min %.1f%%, median %.1f%%, max %.1f%%\n",
		seeds, 100*recalls[0], 100*median(recalls), 100*recalls[seeds-1], 100*precisions[0], 100*median(precisions), 100*precisions[seeds-1])
	// the acceptance must not hang on the draw
	if recalls[0] < 0.9 {
		t.Errorf("overall recall %.3f < 0.90 for one of %d seeds", recalls[0], seeds)
	}
	if precisions[0] < 0.5 {
		t.Errorf("precision %.3f < 0.50 for one of %d seeds", precisions[0], seeds)
	}
	for k, n := range ev.removed {
		if n >= 10 && float64(ev.found[k]) < 0.8*float64(n) {
			t.Errorf("recall for %s %d/%d < 80%%", k, ev.found[k], n)
		}
	}
	if ev.recall() < 0.9 {
		t.Errorf("overall recall %.3f < 0.90", ev.recall())
	}
	if ev.precision() < 0.5 {
		t.Errorf("precision %.3f < 0.50", ev.precision())
	}
	if ev.fpPer1000() > 2 {
		t.Errorf("%.2f false suspects per 1,000 tokens > 2", ev.fpPer1000())
	}
}
