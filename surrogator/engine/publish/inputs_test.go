package publish

import (
	"encoding/hex"
	"fmt"
	"testing"
)

// TestInputDigests: the digests pass 1 keeps are found by path, the
// first of a file read twice is kept, and nothing is found before pass 1
// is done.
func TestInputDigests(t *testing.T) {
	d := NewInputDigests()
	var s1, s2, s3 [32]byte
	s1[0], s2[0], s3[0] = 1, 2, 3
	d.Add("/a/x.json", s1, 10)
	if _, ok := d.Lookup("/a/x.json"); ok {
		t.Error("found before seal")
	}
	for i := 0; i < 100; i++ {
		d.Add(fmt.Sprintf("/a/%d.json", i), s2, int64(i))
	}
	d.Add("/a/x.json", s3, 11)
	d.Seal()
	d.Add("/a/late.json", s3, 1) // after pass 1: ignored
	if f, ok := d.Lookup("/a/x.json"); !ok || f.SHA256 != hex.EncodeToString(s1[:]) || f.Size != 10 {
		t.Errorf("x.json = %+v, %v; want the first digest", f, ok)
	}
	for i := 0; i < 100; i++ {
		if f, ok := d.Lookup(fmt.Sprintf("/a/%d.json", i)); !ok || f.Size != int64(i) {
			t.Fatalf("%d.json = %+v, %v", i, f, ok)
		}
	}
	for _, p := range []string{"/a/late.json", "/a/X.json", "/a/x.json/", ""} {
		if _, ok := d.Lookup(p); ok {
			t.Errorf("%q found", p)
		}
	}
	if len(d.list) != 101 {
		t.Errorf("%d digests kept, want 101", len(d.list))
	}
}
