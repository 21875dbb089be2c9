package engine

import (
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"github.com/surrogator/surrogator/data"
	"github.com/surrogator/surrogator/internal/testutil"
)

// TestRunKeepsNoResources: after a fictive run its resource set (names,
// gazetteer) can be collected: no process-wide cache keyed by resources
// holds it or what the generators built from it (issue 11). A web app
// that runs with a new --resources folder per upload would otherwise keep
// every one.
func TestRunKeepsNoResources(t *testing.T) {
	// the set and the arrays of its lists: a cache keyed by a list
	// (&res.Streets[0]) keeps the array without the set
	collected := make(chan string, 8)
	watched := 0
	func() {
		res, err := data.Load(t.TempDir()) // a fresh copy of the embedded set
		if err != nil {
			t.Fatal(err)
		}
		watch := func(what string, p *string) {
			runtime.AddCleanup(p, func(w string) { collected <- w }, what)
			watched++
		}
		runtime.AddCleanup(res, func(w string) { collected <- w }, "the set")
		watched++
		watch("its streets", &res.Streets[0])
		watch("its surnames", &res.Surnames[0])
		watch("its female first names", &res.FemaleFirst[0])
		dir := filepath.Join(testutil.RepoRoot(t), "testdata", "sample-letters")
		for _, scope := range []Scope{ScopeDocument, ScopeCorpus} {
			r := runOnce(t, []string{dir}, Options{Mode: ModeFictive, Scope: scope, Seed: 1, SeedSet: true, Key: testKey, Resources: res})
			if r.Projects[0].Released == 0 {
				t.Fatal("nothing released: the generators did not run")
			}
		}
	}()
	got := map[string]bool{}
	for range 50 {
		runtime.GC()
		select {
		case w := <-collected:
			got[w] = true
			if len(got) == watched {
				return
			}
		case <-time.After(20 * time.Millisecond):
		}
	}
	t.Fatalf("of the run's resources only %v were collected after it ended, of %d watched", got, watched)
}
