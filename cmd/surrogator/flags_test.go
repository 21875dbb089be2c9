package main

import "testing"

func TestParseByteSize(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want int64
		ok   bool
	}{
		{"1024", 1024, true}, {"64MiB", 64 << 20, true}, {"64 mb", 64 << 20, true}, {"64M", 64 << 20, true},
		{"1.5GiB", 3 << 29, true}, {"2k", 2048, true}, {"7B", 7, true},
		{"", 0, false}, {"0", 0, false}, {"-1", 0, false}, {"12 parsecs", 0, false}, {"MiB", 0, false}, {"1e3", 0, false},
	} {
		got, err := parseByteSize(tt.in)
		if (err == nil) != tt.ok || got != tt.want {
			t.Errorf("%q: %d %v, want %d ok=%v", tt.in, got, err, tt.want, tt.ok)
		}
	}
	var b byteSize
	if err := b.Set("64MiB"); err != nil || b.String() != "64 MiB" {
		t.Errorf("flag value %v %v", b.String(), err)
	}
}
