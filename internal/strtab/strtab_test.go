package strtab

import "testing"

func TestTable(t *testing.T) {
	tb := New()
	if tb.Intern("") != 0 || tb.Intern("a") != 1 || tb.Intern("b") != 2 || tb.Intern("a") != 1 {
		t.Fatal("indices")
	}
	if tb.Index("b") != 2 || tb.Index("zz") != 0 || tb.At(1) != "a" || tb.Len() != 3 {
		t.Fatal("lookups")
	}
	tb.Reset()
	if tb.Len() != 1 || tb.Intern("b") != 1 || tb.Strings()[1] != "b" {
		t.Fatal("reset")
	}
}
