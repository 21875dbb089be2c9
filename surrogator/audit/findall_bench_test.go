package audit

import (
	"strings"
	"testing"
)

// BenchmarkFindAll: the leak audit of one published letter (about 10 KB)
// against a run's originals and the letter's name words.
func BenchmarkFindAll(b *testing.B) {
	text := strings.Repeat("Herr Dr. med. Anton Berger, geb. 01.02.1950, wohnhaft Lindenstraße 12 in Musterstadt, wurde am 3.4.2020 aufgenommen. ", 85)
	run, parts := NewMatcher(), NewMatcher()
	for _, o := range []string{"Quastenbichler", "Ermentrud Quastenbichler", "Leipzig", "Müllerstraße 12", "Flensburg", "0461 12345"} {
		run.Add(o)
	}
	for _, o := range []string{"Quastenbichler", "Ermentrud"} {
		parts.Add(o)
	}
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		if FindAll(text, run, parts) != nil {
			b.Fatal("a leak in the surrogate text")
		}
	}
}
