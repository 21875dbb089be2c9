package suspects

import (
	"crypto/sha256"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/surrogator/surrogator/internal/testutil"
)

// TestSharedGolden pins the suspects of every shared letter, found with
// its annotations and without any (every rule then sees every PII), to a
// golden file (go test -run TestSharedGolden -update). The file holds no
// text of the letters: a document is named by a digest of its name and
// text, a suspect by its offsets, kind and rule.
func TestSharedGolden(t *testing.T) {
	det := New(Options{Places: fakePlaces{"Quastenbrück": true}})
	var b strings.Builder
	for _, d := range sharedDocs(t) {
		fmt.Fprintf(&b, "doc %s\n", digest(d.Name+"\x00"+d.Text))
		for _, mode := range []string{"annotated", "bare"} {
			spans := d.Spans
			if mode == "bare" {
				spans = nil
			}
			for _, s := range det.Detect(d.Text, spans) {
				fmt.Fprintf(&b, "  %s %d-%d %s %s\n", mode, s.Begin, s.End, s.Kind, s.Rule)
			}
		}
	}
	testutil.Golden(t, "testdata/shared_suspects.golden", []byte(b.String()))
}

func digest(s string) string {
	h := sha256.Sum256([]byte(s))
	return fmt.Sprintf("%x", h[:6])
}

// TestDetectConcurrent: one detector used from several goroutines at once
// (as qc does) finds on every shared letter what it finds alone; run
// with -race it also checks that the pooled buffers are not shared.
func TestDetectConcurrent(t *testing.T) {
	det := New(Options{})
	docs := sharedDocs(t)
	want := make([][]Suspect, len(docs))
	for i, d := range docs {
		want[i] = det.DetectDocument(d)
	}
	var wg sync.WaitGroup
	errs := make(chan string, 4*len(docs))
	for w := 0; w < 4; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range docs {
				i := (k + w*5) % len(docs) // each worker in another order
				if got := det.DetectDocument(docs[i]); !reflect.DeepEqual(got, want[i]) {
					errs <- fmt.Sprintf("document %d: %d suspects, alone %d", i, len(got), len(want[i]))
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}
