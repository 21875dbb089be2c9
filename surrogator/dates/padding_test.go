package dates

import (
	"reflect"
	"testing"
)

// withPaddingCopy is WithPadding as it was: always a copy with the
// ambiguous fields set.
func withPaddingCopy(e *Expr, pad bool) *Expr {
	c := e.clone()
	for i := range c.toks {
		if c.toks[i].amb {
			c.toks[i].pad = pad
		}
	}
	return c
}

// checkWithPadding: WithPadding equals the copy, and a call leaves e as
// it was.
func checkWithPadding(t *testing.T, s string) {
	t.Helper()
	e, err := Parse(s)
	if err != nil {
		return
	}
	before := e.clone()
	for _, pad := range []bool{false, true} {
		got, want := e.WithPadding(pad), withPaddingCopy(e, pad)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%q pad %v: %+v, want %+v", s, pad, got, want)
		}
		if g, w := got.Shift(400), want.Shift(400); g != w {
			t.Fatalf("%q pad %v: Shift %q, want %q", s, pad, g, w)
		}
	}
	if !reflect.DeepEqual(e, before) {
		t.Fatalf("%q: WithPadding changed the expression", s)
	}
}

// TestWithPaddingShares: a date whose fields show their padding comes back
// itself, one with an ambiguous field as a changed copy; both equal the
// copy WithPadding used to make.
func TestWithPaddingShares(t *testing.T) {
	for _, s := range append(fuzzSeeds, "11/28", "11.12.2020", "01.12.2020", "1.12.2020", "12.10.", "10/2020") {
		checkWithPadding(t, s)
	}
	e, _ := Parse("04.04.1997")
	if e.WithPadding(true) != e || e.WithPadding(false) != e {
		t.Error("a date that shows its padding is copied")
	}
	a, _ := Parse("11.12.2020")
	if a.WithPadding(false) == a {
		t.Error("an ambiguous date is not copied")
	}
}

// FuzzWithPadding holds WithPadding to the copy for any parsed text.
func FuzzWithPadding(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > maxLen-100 {
			return
		}
		checkWithPadding(t, s)
	})
}
