package cas_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/surrogator/surrogator/internal/testutil"
	"github.com/surrogator/surrogator/surrogator/cas"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/formats/casjson"
)

// TestRebaseCachedPlacement: Rebase over the placement Extract cached
// writes the same CAS, byte for byte, as Rebase placing every annotation
// again, and as RebaseInPlace (ApplyInPlace, no copy), on every shared
// GraSCCo letter, with surrogates shorter, longer and with more words than
// their originals.
func TestRebaseCachedPlacement(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(testutil.Shared(t, "corpora/grascco-pii"), "*.json"))
	if len(files) == 0 {
		t.Skip("no shared letters")
	}
	surrogates := []string{"X", "Quastenbichler-Wunderhorn", "Anna Maria von der Heide"}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, sur := range surrogates {
			var out [3][]byte
			for k := range out {
				d, err := casjson.Read(data, cas.PHIConfig{})
				if err != nil {
					t.Fatal(err)
				}
				l := d.Layers.(*cas.Layers)
				if k == 1 {
					cas.ForgetPlacement(l)
				}
				if cas.PlacementCached(l) != (k != 1) {
					t.Fatalf("placement cached: %v", cas.PlacementCached(l))
				}
				var edits []document.Edit
				for _, s := range d.Spans {
					edits = append(edits, document.Edit{Begin: s.Begin, End: s.End, Text: sur})
				}
				apply := d.Apply
				if k == 2 {
					apply = d.ApplyInPlace
				}
				nd, err := apply(edits)
				if err != nil {
					t.Fatal(err)
				}
				if k == 2 && (d.Layers != nil || l.CAS != nil || nd.Layers.(*cas.Layers).CAS == nil) {
					t.Fatal("ApplyInPlace: the original still holds the CAS, or the result has none")
				}
				if out[k], err = casjson.Marshal(nd); err != nil {
					t.Fatal(err)
				}
			}
			if !bytes.Equal(out[0], out[1]) {
				t.Errorf("%s with %q: the cached placement rebases differently", filepath.Base(f), sur)
			}
			if !bytes.Equal(out[0], out[2]) {
				t.Errorf("%s with %q: RebaseInPlace rebases differently", filepath.Base(f), sur)
			}
			if !strings.Contains(string(out[0]), sur) {
				t.Errorf("%s: surrogate missing", filepath.Base(f))
			}
		}
	}
}

// BenchmarkRebase applies one surrogate per span of a shared GraSCCo
// letter, with Extract's placement (cached) and placing every annotation
// again (placed).
func BenchmarkRebase(b *testing.B) {
	files, _ := filepath.Glob(filepath.Join(testutil.Shared(b, "corpora/grascco-pii"), "*.json"))
	if len(files) == 0 {
		b.Skip("no shared letters")
	}
	data, err := os.ReadFile(files[0])
	if err != nil {
		b.Fatal(err)
	}
	for _, cached := range []bool{true, false} {
		name := map[bool]string{true: "cached", false: "placed"}[cached]
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				b.StopTimer()
				d, err := casjson.Read(data, cas.PHIConfig{})
				if err != nil {
					b.Fatal(err)
				}
				if !cached {
					cas.ForgetPlacement(d.Layers.(*cas.Layers))
				}
				var edits []document.Edit
				for _, s := range d.Spans {
					edits = append(edits, document.Edit{Begin: s.Begin, End: s.End, Text: "Quastenbichler"})
				}
				b.StartTimer()
				if _, err := d.Apply(edits); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
