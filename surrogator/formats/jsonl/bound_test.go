package jsonl

import (
	"runtime"
	"strings"
	"testing"
)

// TestSpanSlabBounded: a span whose string field holds a million braces
// costs the reader about what the line costs, not room for three fields
// per brace (the room made at once is bounded).
func TestSpanSlabBounded(t *testing.T) {
	line := []byte(`{"id":"a","text":"Herr Abc","spans":[{"begin":5,"end":8,"kind":"NAME_PATIENT","note":"` +
		strings.Repeat("{", 1<<20) + `"}]}`)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	d, err := parseLine(line)
	runtime.ReadMemStats(&after)
	if err != nil || len(d.Spans) != 1 {
		t.Fatalf("%v %+v", err, d)
	}
	if n := after.TotalAlloc - before.TotalAlloc; n > 16<<20 {
		t.Errorf("a line of %d bytes allocated %d bytes", len(line), n)
	}
}
