package testutil

import (
	"testing"
	"unicode/utf16"

	"github.com/surrogator/surrogator/surrogator/cas"
)

// CheckUTF16Spans fails t unless every span extracted from c lies at
// exactly the UTF-16 offsets that its feature structure gives (the fuzz
// targets' placement invariant for CAS JSON and XMI).
func CheckUTF16Spans(t testing.TB, c *cas.CAS, ex *cas.Extracted) {
	t.Helper()
	for i, s := range ex.Spans {
		f := c.ByID(s.Ref)
		if f == nil {
			t.Fatalf("span %d: no feature structure %d", i, s.Ref)
		}
		b16, _ := f.Int("begin")
		e16, _ := f.Int("end")
		if units(ex.Text[:s.Begin]) != b16 || units(ex.Text[:s.End]) != e16 {
			t.Fatalf("span %d: byte range [%d,%d) is not UTF-16 [%d,%d)", i, s.Begin, s.End, b16, e16)
		}
	}
}

// units counts the UTF-16 code units of s.
func units(s string) int {
	n := 0
	for _, r := range s {
		n += utf16.RuneLen(r)
	}
	return n
}
