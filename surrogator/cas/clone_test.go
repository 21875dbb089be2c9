package cas_test

import (
	"bytes"
	"reflect"
	"testing"

	"github.com/surrogator/surrogator/internal/testutil"
	"github.com/surrogator/surrogator/surrogator/cas"
	"github.com/surrogator/surrogator/surrogator/formats/casjson"
)

// TestCloneSlabs: CAS.Clone, cutting its copies from shared arrays, gives
// what cloning each feature structure gives, on every shared CAS and on
// values that are empty or nil; changing or extending one copy changes
// neither the original nor its neighbours.
func TestCloneSlabs(t *testing.T) {
	var cases []*cas.CAS
	for _, f := range append(testutil.GrasccoCAS(t), testutil.ProjectCAS(t)...) {
		c, err := casjson.ReadCAS(f.Data)
		if err != nil {
			t.Fatal(err)
		}
		cases = append(cases, c)
	}
	cases = append(cases, &cas.CAS{FS: []*cas.FS{
		{ID: 1, Type: "a", Features: []cas.Feature{{Name: "x", Value: []byte{}}, {Name: "y"}, {Name: "z", Ref: true, Value: []byte("2")}}},
		{ID: 2, Type: "b"},
		{ID: 3, Type: "c", Features: []cas.Feature{}},
	}, Views: []*cas.View{{Name: "v", Sofa: 1, Members: []int{2, 3}}}})
	for _, c := range cases {
		orig := casjson.AppendCAS(nil, c)
		n := c.Clone()
		if len(n.FS) != len(c.FS) {
			t.Fatal("feature structure count differs")
		}
		for i, f := range c.FS {
			if want := f.Clone(); !reflect.DeepEqual(n.FS[i], want) {
				t.Fatalf("feature structure %d: %+v, FS.Clone gives %+v", f.ID, n.FS[i], want)
			}
		}
		if !reflect.DeepEqual(n.Views, c.Views) {
			t.Fatal("views differ")
		}
		for _, f := range n.FS {
			for j := range f.Features {
				for k := range f.Features[j].Value {
					f.Features[j].Value[k] = '9'
				}
			}
			f.Features = append(f.Features, cas.Feature{Name: "added", Value: []byte("1")})
		}
		if got := casjson.AppendCAS(nil, c); !bytes.Equal(got, orig) {
			t.Fatal("changing the clone changed the original")
		}
		for i, f := range n.FS {
			if len(f.Features) != len(c.FS[i].Features)+1 || f.Features[len(f.Features)-1].Name != "added" {
				t.Fatalf("feature structure %d: appending to a neighbour overwrote it", f.ID)
			}
			for j, ft := range c.FS[i].Features {
				if f.Features[j].Name != ft.Name || f.Features[j].Ref != ft.Ref || len(f.Features[j].Value) != len(ft.Value) {
					t.Fatalf("feature structure %d: appending to a neighbour overwrote feature %d", f.ID, j)
				}
			}
		}
	}
}
