package cas

import (
	"math/rand"
	"testing"
)

// TestByIDIndex holds ByID (a slice index for dense ids, grown by Add,
// a map otherwise) to a plain map of the last feature structure given
// each id, for dense, sparse, negative and repeated ids, added by Add and
// appended to FS directly.
func TestByIDIndex(t *testing.T) {
	for _, tc := range []struct {
		name string
		ids  func(r *rand.Rand, i int) int
	}{
		{"dense", func(_ *rand.Rand, i int) int { return i + 1 }},
		{"dense shuffled", func(r *rand.Rand, i int) int { return r.Intn(200) }},
		{"sparse", func(r *rand.Rand, _ int) int { return r.Intn(1 << 30) }},
		{"negative", func(r *rand.Rand, _ int) int { return r.Intn(100) - 50 }},
		{"jump", func(_ *rand.Rand, i int) int {
			if i == 150 {
				return 1 << 20
			}
			return i
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := rand.New(rand.NewSource(1))
			c := &CAS{}
			want := map[int]*FS{}
			check := func() {
				t.Helper()
				for id, f := range want {
					if g := c.ByID(id); g != f {
						t.Fatalf("ByID(%d) = %v, want %v", id, g, f)
					}
				}
				for _, id := range []int{-1 << 40, -1, 0, 7, 1 << 21, 1 << 40} {
					if g := c.ByID(id); g != want[id] {
						t.Fatalf("ByID(%d) = %v, want %v", id, g, want[id])
					}
				}
			}
			for i := 0; i < 300; i++ {
				f := &FS{ID: tc.ids(r, i), Type: "t"}
				want[f.ID] = f
				if i%7 == 3 {
					c.FS = append(c.FS, f) // behind the index's back
				} else {
					c.Add(f, nil)
				}
				if i%13 == 0 {
					check()
				}
			}
			check()
		})
	}
}
