package recommend

import (
	"bytes"
	"context"
	"crypto/sha256"
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/surrogator/surrogator/internal/testutil"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/formats"
	"github.com/surrogator/surrogator/surrogator/suspects"
)

// TestAnnotateOutputsGolden holds the bytes annotate writes (read as the
// command reads: formats.Options.KeepOriginal) for the shared GraSCCo
// letters as CAS JSON and as XMI, each as shared and with its PHI
// annotations removed (so that predictions are spliced in), the shared
// INCEpTION export and the project's dev letters as JSON Lines. The
// golden file lists each output's SHA-256 and size and the number of
// predictions, not the bytes: the shared letters stay out of the
// repository. Regenerate with
// `go test ./surrogator/recommend/ -run TestAnnotateOutputsGolden -update`.
func TestAnnotateOutputsGolden(t *testing.T) {
	files := testutil.GrasccoCAS(t)
	zip, ok := testutil.SharedPath(t, testutil.ProjectZip)
	if !ok {
		t.Skip("needs ../shared/" + testutil.ProjectZip)
	}
	bare := bareLetters(t, filepath.Join(t.TempDir(), "letters-bare"), files)
	dir, _ := testutil.SharedPath(t, testutil.Grascco)
	inputs := []struct{ name, path string }{
		{"cas-json", dir},
		{"cas-json-bare", bare},
		{"xmi", xmiLetters(t, files, false)},
		{"xmi-bare", xmiLetters(t, files, true)},
		{"export", zip},
		{"jsonl", filepath.Join(testutil.RepoRoot(t), "testdata", "letters", "dev.jsonl")},
	}
	p := NewPredictor(suspects.New(suspects.Options{}))
	var b strings.Builder
	for _, in := range inputs {
		out, preds := annotateJoined(t, p, in.path, false)
		// the buffers handed back (Release) serve the next documents
		// and give the same bytes
		again, _ := annotateJoined(t, p, in.path, true)
		for n, data := range out {
			if !bytes.Equal(again[n], data) {
				t.Errorf("%s: %s differs when the buffers are released", in.name, n)
			}
		}
		names := make([]string, 0, len(out))
		for n := range out {
			names = append(names, n)
		}
		sort.Strings(names)
		fmt.Fprintf(&b, "%s: %d outputs, %d predictions\n", in.name, len(out), preds)
		for _, n := range names {
			// the project's name is the input's folder: a temporary one
			_, rel, _ := strings.Cut(n, "/")
			fmt.Fprintf(&b, "  %x %8d %s\n", sha256.Sum256(out[n]), len(out[n]), rel)
		}
	}
	testutil.Golden(t, filepath.Join("testdata", "annotate-outputs.golden"), []byte(b.String()))
}

// annotateJoined annotates the documents of input as the command does
// and returns the files it writes by path (lines to append joined).
// With release, each document's outputs are copied and handed back
// (Predictor.Release).
func annotateJoined(t *testing.T, p *Predictor, input string, release bool) (map[string][]byte, int) {
	t.Helper()
	out := map[string][]byte{}
	preds := 0
	opt := formats.Options{KeepOriginal: true}
	projs, err := formats.Scan(context.Background(), formats.PathSources([]string{input}), opt, func(proj *formats.Project, d *document.Document) error {
		a, err := p.Annotate(d, opt.PHI)
		if err != nil {
			return err
		}
		preds += len(a.Predictions)
		for _, o := range a.Outputs {
			k := proj.Name + "/" + o.Rel
			switch {
			case o.Append:
				out[k] = append(out[k], o.Data...)
			case release:
				out[k] = bytes.Clone(o.Data)
			default:
				out[k] = o.Data
			}
		}
		if release {
			p.Release(a)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, pr := range projs {
		if len(pr.Errors) > 0 {
			t.Fatalf("%d inputs unread: %v", len(pr.Errors), pr.Errors[0])
		}
	}
	return out, preds
}
