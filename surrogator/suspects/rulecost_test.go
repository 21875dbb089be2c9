package suspects

import (
	"bufio"
	"cmp"
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/surrogator/surrogator/internal/testutil"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/kinds"
	"golang.org/x/sys/unix"
)

// devDocs returns the project's dev letters (testdata/letters/dev.jsonl:
// text and spans, the spans' offsets in runes turned into bytes).
func devDocs(t testing.TB) []*document.Document {
	t.Helper()
	f, err := os.Open(filepath.Join(testutil.RepoRoot(t), "testdata", "letters", "dev.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<24)
	var out []*document.Document
	for sc.Scan() {
		var l struct {
			ID    string `json:"id"`
			Text  string `json:"text"`
			Spans []struct {
				Begin int    `json:"begin"`
				End   int    `json:"end"`
				Kind  string `json:"kind"`
			} `json:"spans"`
		}
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			t.Fatal(err)
		}
		off := make([]int, 0, len(l.Text)+1) // rune index → byte offset
		for i := range l.Text {
			off = append(off, i)
		}
		off = append(off, len(l.Text))
		d := &document.Document{Name: l.ID, Text: l.Text}
		for _, s := range l.Spans {
			if s.Begin < 0 || s.End >= len(off) || s.Begin > s.End {
				t.Fatalf("%s: span %d-%d outside the text", l.ID, s.Begin, s.End)
			}
			d.Spans = append(d.Spans, document.Span{Begin: off[s.Begin], End: off[s.End], Kind: kinds.Kind(s.Kind), Label: s.Kind, Ref: -1})
		}
		out = append(out, d)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(out) == 0 {
		t.Fatal("no dev letters")
	}
	return out
}

// TestDetectRulesInOrder: running detectRules one by one, as
// BenchmarkRuleCost times them, finds what Detect finds (on the dev
// letters without their annotations).
func TestDetectRulesInOrder(t *testing.T) {
	d := New(Options{})
	for _, doc := range devDocs(t)[:20] {
		r := &run{}
		r.reset(d, doc.Text, nil)
		r.tokenize()
		for _, rl := range detectRules {
			rl.run(r)
		}
		r.repeats(nil)
		got, want := r.result(), d.Detect(doc.Text, nil)
		if !slices.Equal(got, want) {
			t.Fatalf("%s: %d suspects rule by rule, Detect %d", doc.Name, len(got), len(want))
		}
	}
}

// BenchmarkRuleCost: the CPU share of tokenize, every rule of
// detectRules, the repeat rule and result over the dev letters (as a
// pre-annotator sees them: no annotations), in CPU time of the thread
// per KB of text, the shares printed with -v.
func BenchmarkRuleCost(b *testing.B) {
	docs := devDocs(b)
	d := New(Options{})
	names := []string{"tokenize"}
	for _, rl := range detectRules {
		names = append(names, rl.name)
	}
	names = append(names, "repeats", "result")
	cost := make([]time.Duration, len(names))
	n := 0
	r := &run{}
	// the thread's CPU time: wall time on a shared machine mostly
	// measures the other processes
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	now := func() time.Duration {
		var ts unix.Timespec
		if err := unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &ts); err != nil {
			b.Fatal(err)
		}
		return time.Duration(ts.Nano())
	}
	for b.Loop() {
		for _, doc := range docs {
			n += len(doc.Text)
			t0 := now()
			r.reset(d, doc.Text, nil)
			r.tokenize()
			t1 := now()
			cost[0] += t1 - t0
			for k, rl := range detectRules {
				rl.run(r)
				t2 := now()
				cost[k+1] += t2 - t1
				t1 = t2
			}
			r.repeats(nil)
			t2 := now()
			cost[len(cost)-2] += t2 - t1
			r.result()
			cost[len(cost)-1] += now() - t2
			r.reset(nil, "", nil)
		}
	}
	idx := make([]int, len(names))
	for i := range idx {
		idx[i] = i
	}
	slices.SortFunc(idx, func(a, c int) int { return cmp.Compare(cost[c], cost[a]) })
	var total time.Duration
	for _, c := range cost {
		total += c
	}
	for _, i := range idx {
		b.ReportMetric(float64(cost[i].Nanoseconds())*1e3/float64(n), names[i]+"-ns/KB")
		if testing.Verbose() {
			b.Logf("%-20s %5.1f%%", names[i], 100*float64(cost[i])/float64(total))
		}
	}
	b.ReportMetric(float64(n)/1e6/total.Seconds(), "MB/CPU-s")
}
