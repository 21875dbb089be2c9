package recommend

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// TestCopyRun holds copyRun to the byte loop over jsonStops for every
// start offset of random strings rich in stops (quotes, backslashes,
// control bytes, bytes ≥ 0x80 and their neighbours): the same stop, the
// run copied.
func TestCopyRun(t *testing.T) {
	naive := func(s []byte, i int) int {
		for i < len(s) && !jsonStops[s[i]] {
			i++
		}
		return i
	}
	alphabet := []byte{'a', 'Z', ' ', '!', '#', '"', '\\', ']', '[', 0, 0x1f, 0x20, 0x7f, 0x80, 0xa0, 0xc3, 0xdf, 0xff, '\n', 0x01}
	rng := rand.New(rand.NewPCG(1, 28))
	for n := 0; n < 2000; n++ {
		s := make([]byte, rng.IntN(40))
		for k := range s {
			if rng.IntN(4) == 0 {
				s[k] = alphabet[rng.IntN(len(alphabet))]
			} else {
				s[k] = byte(rng.IntN(256))
			}
		}
		for i := 0; i <= len(s); i++ {
			d := make([]byte, 3+len(s))
			got, j := copyRun(d, 3, s, i)
			if want := naive(s, i); got != want || j-3 != got-i || !bytes.Equal(d[3:j], s[i:got]) {
				t.Fatalf("copyRun(%q, %d) = %d, %d (%q), want %d", s, i, got, j, d[3:j], want)
			}
		}
	}
	for _, tc := range []struct {
		s    string
		i, n int
	}{
		{`abcdefghijklmnop"`, 0, 16},
		{`abcdefgh\"`, 0, 8},
		{"abc\x1fdefghij", 0, 3},
		{"ääääää\"", 0, 12},
		{"", 0, 0},
		{"abcdefghijklmnopqrstuvwxyz", 3, 26},
	} {
		if got, _ := copyRun(make([]byte, len(tc.s)), 0, []byte(tc.s), tc.i); got != tc.n {
			t.Errorf("copyRun(%q, %d) = %d, want %d", tc.s, tc.i, got, tc.n)
		}
	}
}

// TestKnownTypeSystemIdentity: a request whose type system the cache
// holds hands the cache's own raw to get, which finds the entry by
// identity; a copy of the same bytes still finds it by comparison.
func TestKnownTypeSystemIdentity(t *testing.T) {
	var c typeCache
	ts := `"<?xml version=\"1.0\" encoding=\"UTF-8\"?><typeSystemDescription xmlns=\"http://uima.apache.org/resourceSpecifier\"><types/></typeSystemDescription>"`
	e, err := c.get([]byte(ts))
	if err != nil {
		t.Fatal(err)
	}
	body := []byte(`{"metadata":{"layer":"L","feature":"f"},"document":{"xmi":"<x/>"},"typeSystem":` + ts + `}`)
	req, err := decodeRequest(body, c.raws, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !sameBytes(req.typeSystem, e.raw) {
		t.Fatal("the known type system is not the cache's raw")
	}
	for _, raw := range [][]byte{req.typeSystem, []byte(ts)} {
		if got, err := c.get(raw); err != nil || got != e {
			t.Fatalf("get: %p, %v; want the cached entry", got, err)
		}
	}
	if sameBytes([]byte(ts), e.raw) || sameBytes(nil, nil) {
		t.Fatal("sameBytes of distinct or empty slices")
	}
}
