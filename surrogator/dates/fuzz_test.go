package dates

import (
	"math/rand"
	"strconv"
	"strings"
	"testing"
)

var fuzzSeeds = []string{
	"4.4.1997", "04.04.97", "21/3/2017", "2017-03-21", "19.3.", "05/2025", "2002", "21. Juli 2022",
	"21. Jul. 2022", "Jänner 2020", "Feber 2020", "März", "Weihnachten 2023", "Mitte 03/2019", "Sept. 2019",
	"3. Quartal 2020", "Q3/2020", "1997-04", "Mo, 4.4.97", "20050512", "21.03.2017, 14:30 Uhr",
	"21.-24.03.2017", "KW 12/2020", "31.02.2020", "01-12/64", "12/12/66 - 23/12/66", "5. März2063",
}

// FuzzParse: Parse never panics, its errors never contain the text, and
// every parsed expression renders itself (Shift(0)), keeps its shape when
// shifted and has an idempotent QuarterStart; for full dates with a year,
// shifting and shifting back through the re-parsed text returns the date.
// Fallback never panics and keeps the shape.
func FuzzParse(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s, 17)
	}
	f.Fuzz(func(t *testing.T, s string, n int) {
		n %= 4000
		if len(s) > maxLen-100 {
			return // a shifted text may outgrow maxLen
		}
		fb := Fallback(s, rand.New(rand.NewSource(int64(n))))
		if Shape(fb) != Shape(s) {
			t.Fatalf("Fallback(%q) = %q: shape changed", s, fb)
		}
		e, err := Parse(s)
		if err != nil {
			if msg := err.Error(); len(s) >= 4 && strings.Contains(msg, s) &&
				!strings.Contains("dates: unparseable date ("+strconv.Itoa(len([]rune(s)))+" chars)", s) {
				t.Fatalf("error %q contains the text", msg)
			}
			return
		}
		orig := e.Shift(0)
		if !e.Repaired && orig != s {
			t.Fatalf("%q: Shift(0) = %q", s, orig)
		}
		out := e.Shift(n)
		if Shape(out) != Shape(orig) {
			t.Fatalf("%q: Shift(%d) = %q changes the shape", s, n, out)
		}
		if start, end, ok := e.Range(); ok && dayDiff(start, end) >= 28 {
			// 3.-2.1. (Dec 3 – Jan 2) may not fit its format once moved
			return
		}
		qs := e.QuarterStart()
		if Shape(qs) != Shape(orig) {
			t.Fatalf("%q: QuarterStart = %q changes the shape", s, qs)
		}
		eq, err := Parse(qs)
		if err != nil {
			t.Fatalf("%q: QuarterStart = %q does not parse", s, qs)
		}
		if again := eq.QuarterStart(); again != qs {
			t.Fatalf("%q: QuarterStart = %q, then %q", s, qs, again)
		}
		if e.Precision() != Day || !e.HasYear() {
			return
		}
		r, err := Parse(out)
		if err != nil {
			t.Fatalf("%q: Shift(%d) = %q does not parse", s, n, out)
		}
		for _, p := range e.parts {
			lo, hi, _ := p.bounds()
			if d := p.anchor.AddDate(0, 0, n); d.Before(lo) || d.After(hi) {
				return // clamped
			}
		}
		want := e.Time().AddDate(0, 0, n)
		if !r.Time().Equal(want) {
			t.Fatalf("%q: Shift(%d) = %q re-parses to %v, want %v", s, n, out, r.Time(), want)
		}
		back := r.Shift(-n)
		if b, err := Parse(back); err != nil || !b.Time().Equal(e.Time()) || Shape(back) != Shape(orig) {
			t.Fatalf("%q: Shift(%d) = %q, back = %q", s, n, out, back)
		}
	})
}

func BenchmarkParseShift(b *testing.B) {
	for _, s := range []string{"04.04.1997", "21. Juli 2022", "Mo, 4.4.97", "21.03.-24.03.2017", "Weihnachten 2023"} {
		b.Run(s, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				e, err := Parse(s)
				if err != nil {
					b.Fatal(err)
				}
				_ = e.Shift(123)
			}
		})
	}
}
