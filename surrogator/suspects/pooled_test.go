package suspects

import (
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/surrogator/surrogator/internal/testutil"
)

// TestPooledRunNoStaleBits: a run (and its covered bitset) is reused
// through the detector's pool. A document's suspects must not depend on
// the documents detected before it: every GraSCCo letter, and letters cut
// to lengths around multiples of 64, give what a fresh detector gives,
// after a long letter (whose bits would cover the short one's) and in
// reverse order.
func TestPooledRunNoStaleBits(t *testing.T) {
	var texts []string
	for _, f := range testutil.GrasccoCAS(t) {
		d := testutil.Doc(t, f)
		texts = append(texts, d.Text)
	}
	sort.Slice(texts, func(i, j int) bool { return len(texts[i]) > len(texts[j]) })
	long := strings.Repeat(texts[0], 4)
	var cuts []string
	for _, n := range []int{63, 64, 65, 127, 128, 129, 1000} {
		if n < len(texts[0]) {
			cuts = append(cuts, texts[0][:n])
		}
	}
	all := append(append([]string{long}, texts...), cuts...)
	shared := New(Options{})
	for round := 0; round < 2; round++ {
		for _, text := range all {
			got := shared.Detect(text, nil)
			want := New(Options{}).Detect(text, nil)
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("round %d, text of %d bytes: pooled run kept %d suspects, a fresh one %d", round, len(text), len(got), len(want))
			}
			for i := 1; i < len(got); i++ {
				if got[i].Begin < got[i-1].End {
					t.Fatalf("overlapping suspects %d-%d and %d-%d", got[i-1].Begin, got[i-1].End, got[i].Begin, got[i].End)
				}
			}
			for _, s := range got {
				if s.Begin < 0 || s.End > len(text) || s.Begin >= s.End {
					t.Fatalf("suspect %d-%d outside a text of %d bytes or empty", s.Begin, s.End, len(text))
				}
			}
		}
		for i, j := 0, len(all)-1; i < j; i, j = i+1, j-1 {
			all[i], all[j] = all[j], all[i]
		}
	}
}
