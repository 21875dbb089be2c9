package dates

import (
	"strings"
	"testing"

	"github.com/surrogator/surrogator/internal/testutil"
	"github.com/surrogator/surrogator/surrogator/cas"
)

// TestINCEpTIONProjectDates parses every date span of the curated INCEpTION
// test project (read from the zip in place). Failures list document and
// span index only.
func TestINCEpTIONProjectDates(t *testing.T) {
	total := 0
	var failed []string
	for _, f := range testutil.ProjectCAS(t) {
		data := f.Data
		c, err := cas.ReadJSON(data)
		if err != nil {
			t.Fatalf("%s: %v", f.Entry, err)
		}
		ex, err := cas.Extract(c, cas.PHIConfig{})
		if err != nil {
			t.Fatalf("%s: %v", f.Entry, err)
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
			if out := e.Shift(30); shape(out) != shape(span) || out == span {
				t.Errorf("%s#%d: Shift(30) keeps the value or changes the shape", f.Name, i)
			}
		}
	}
	if total == 0 {
		t.Fatal("no date spans found")
	}
	if len(failed) > 0 {
		t.Errorf("%d of %d date spans do not parse: %s", len(failed), total, strings.Join(failed, ", "))
	}
	t.Logf("%d date spans parsed", total)
}
