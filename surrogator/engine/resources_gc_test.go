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
	collected := make(chan struct{}, 1)
	func() {
		res, err := data.Load(t.TempDir()) // a fresh copy of the embedded set
		if err != nil {
			t.Fatal(err)
		}
		runtime.AddCleanup(res, func(c chan struct{}) { c <- struct{}{} }, collected)
		dir := filepath.Join(testutil.RepoRoot(t), "testdata", "sample-letters")
		for _, scope := range []Scope{ScopeDocument, ScopeCorpus} {
			r := runOnce(t, []string{dir}, Options{Mode: ModeFictive, Scope: scope, Seed: 1, SeedSet: true, Key: testKey, Resources: res})
			if r.Projects[0].Released == 0 {
				t.Fatal("nothing released: the generators did not run")
			}
		}
	}()
	for range 50 {
		runtime.GC()
		select {
		case <-collected:
			return
		case <-time.After(20 * time.Millisecond):
		}
	}
	t.Fatal("the run's resources are still reachable after it ended")
}
