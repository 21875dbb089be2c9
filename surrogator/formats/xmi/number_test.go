package xmi

import "testing"

// TestNumberLen: the number in JSON's grammar at the start of b, or -1.
func TestNumberLen(t *testing.T) {
	for _, c := range []struct {
		in   string
		want int
	}{
		{"0", 1}, {"-12", 3}, {"12,", 2}, {"1.5e-3}", 6}, {"0.0", 3}, {"01", 1},
		{"", -1}, {"-", -1}, {"1.", -1}, {"1e", -1}, {".5", -1}, {"+1", -1}, {"x", -1},
	} {
		if got := NumberLen([]byte(c.in)); got != c.want {
			t.Errorf("NumberLen(%q) = %d, want %d", c.in, got, c.want)
		}
	}
}
