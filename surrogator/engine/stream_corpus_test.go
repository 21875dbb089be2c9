package engine

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"unicode/utf16"

	"github.com/surrogator/surrogator/internal/testutil"
)

// TestRealShapedCorpusDistinct: the benchmark's replicated letters are
// valid CAS JSON with the seed's offsets (every sofa of the same UTF-16
// length), each copy with originals of its own, and they run as clean as
// the shared letters: nothing quarantined, the same documents released
// and excluded, in x and in fictive mode.
func TestRealShapedCorpusDistinct(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the engine over 28 letters")
	}
	dir := filepath.Join(t.TempDir(), "in")
	realShapedCorpus(t, dir, 28)
	// the copies of the 7 shared letters keep their lengths; without
	// ../shared the letters are synthetic, each of its own length
	_, replicated := testutil.SharedPath(t, "corpora/grascco-pii")
	files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	if len(files) != 28 {
		t.Fatalf("%d letters", len(files))
	}
	sofas := map[string]bool{}
	lengths := map[int]int{} // copy index mod 7 → UTF-16 length
	for i, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var c struct {
			FS []struct {
				Type       string `json:"%TYPE"`
				SofaString string `json:"sofaString"`
			} `json:"%FEATURE_STRUCTURES"`
		}
		if err := json.Unmarshal(data, &c); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		for _, fs := range c.FS {
			if fs.Type != "uima.cas.Sofa" {
				continue
			}
			n := len(utf16.Encode([]rune(fs.SofaString)))
			if l, ok := lengths[i%7]; replicated && ok && l != n {
				t.Fatalf("%s: sofa of %d UTF-16 units, the copy before %d", f, n, l)
			}
			lengths[i%7] = n
			sofas[fs.SofaString] = true
		}
	}
	if len(sofas) != 28 {
		t.Fatalf("%d distinct texts of 28 copies", len(sofas))
	}
	for _, mode := range []Mode{ModeX, ModeFictive} {
		res, err := Run(context.Background(), []string{dir}, Options{Mode: mode, Seed: 1, SeedSet: true, Out: t.TempDir(), Workers: 2, Key: []byte("bench key, not secret")})
		if err != nil {
			t.Fatalf("%s: %v", mode, err)
		}
		var released, quarantined int
		for _, p := range res.Projects {
			released += p.Released
			quarantined += p.Quarantined
		}
		if quarantined != 0 || res.AuditHits != 0 || released != 28 || len(res.Excluded) != 0 {
			t.Errorf("%s: %d released, %d quarantined (%d hits), excluded %s", mode, released, quarantined, res.AuditHits, fmt.Sprint(res.Excluded))
		}
	}
}
