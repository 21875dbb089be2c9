package suspects

import (
	"reflect"
	"testing"

	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/kinds"
)

// TestDroppedShortcut: on the shared letters, with their annotations, with
// none and with every other span only, the rules that skip the tests of
// candidates add drops (and the triggers' suffix sets and month starts)
// find what they find running every test in full (eager); the
// annotated ranges of date rules include a range whose first date is
// annotated and whose second is not.
func TestDroppedShortcut(t *testing.T) {
	det := New(Options{})
	eager := New(Options{})
	eager.eager = true
	check := func(name, text string, spans []document.Span) {
		t.Helper()
		if got, want := det.Detect(text, spans), eager.Detect(text, spans); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: with dropped %v, without %v", name, got, want)
		}
	}
	for _, d := range sharedDocs(t) {
		check(d.Name, d.Text, d.Spans)
		check(d.Name+" bare", d.Text, nil)
		var half []document.Span
		for i, s := range d.Spans {
			if i%2 == 0 {
				half = append(half, s)
			}
		}
		check(d.Name+" half", d.Text, half)
	}
	text := "Aufenthalt vom 21.03.-24.03.2017, erneut 3/2019-5/2019; Tel. 0461 12.03.2019; Fax 040 123456; im März 2020."
	for b := 0; b < len(text); b += 3 {
		for _, n := range []int{2, 6, 11} {
			if b+n <= len(text) {
				check(text[b:b+n], text, []document.Span{{Kind: kinds.Date, Begin: b, End: b + n}})
			}
		}
	}
}
