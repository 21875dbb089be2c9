package dates

import (
	"strings"
	"testing"

	"github.com/surrogator/surrogator/internal/testutil"
	"github.com/surrogator/surrogator/surrogator/cas"
	"github.com/surrogator/surrogator/surrogator/formats/casjson"
)

// TestSharedCorpusDates parses every DATE, DATE_BIRTH and DATE_DEATH span
// of the shared corpora (GraSCCo letters and the curated INCEpTION test
// project) and checks the shift properties on each. Failures list file and
// span index, never the text.
func TestSharedCorpusDates(t *testing.T) {
	for _, tc := range []struct {
		name     string
		files    func(testing.TB) []testutil.CASFile
		minSpans int
	}{
		{"grascco", testutil.GrasccoCAS, 90},
		{"inception", testutil.ProjectCAS, 15},
	} {
		t.Run(tc.name, func(t *testing.T) {
			total := 0
			var failed []string
			for _, f := range tc.files(t) {
				c, err := casjson.ReadCAS(f.Data)
				if err != nil {
					t.Fatalf("%s: %v", f.Name, err)
				}
				ex, err := cas.Extract(c, cas.PHIConfig{})
				if err != nil {
					t.Fatalf("%s: %v", f.Name, err)
				}
				for i, s := range ex.Spans {
					if !strings.HasPrefix(s.Label, "DATE") {
						continue
					}
					total++
					span := ex.Text[s.Begin:s.End]
					e, err := Parse(span)
					if err != nil {
						failed = append(failed, f.Name+"#"+itoa(i))
						continue
					}
					if !e.Repaired && e.Shift(0) != span {
						t.Errorf("%s#%d: Shift(0) is not the identity", f.Name, i)
					}
					for _, n := range []int{-365, -14, 14, 30, 200} {
						out := e.Shift(n)
						if e.Specific() && out == span {
							t.Errorf("%s#%d: Shift(%d) leaves a date more specific than a year unchanged", f.Name, i, n)
						}
						if Shape(out) != Shape(span) {
							t.Errorf("%s#%d: Shift(%d) changes the shape", f.Name, i, n)
						}
						// Full dates move by exactly n days, so every pair
						// keeps its distance.
						if e.Precision() == Day && e.HasYear() {
							r, err := Parse(out)
							if err != nil || dayDiff(e.Time(), r.Time()) != n || out == span {
								t.Errorf("%s#%d: Shift(%d) does not move the date by %d days", f.Name, i, n, n)
							}
						}
					}
				}
			}
			if total < tc.minSpans {
				t.Errorf("only %d date spans found", total)
			}
			if len(failed) > 0 {
				t.Errorf("%d of %d date spans do not parse: %s", len(failed), total, strings.Join(failed, ", "))
			}
			t.Logf("%d date spans parsed", total)
		})
	}
}
