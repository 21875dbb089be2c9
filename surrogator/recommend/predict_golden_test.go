package recommend

import (
	"crypto/sha256"
	"fmt"
	"strings"
	"testing"

	"github.com/surrogator/surrogator/internal/testutil"
	"github.com/surrogator/surrogator/surrogator/suspects"
)

// TestPredictGolden pins the pre-annotator's predictions on every shared
// letter (with its annotations and with none) and on every dev letter
// (with none) to a golden file (go test -run TestPredictGolden -update),
// so that a change made for speed alone is seen to keep every finding.
// The file holds no text of the letters: a document is named by a digest
// of its name and text, a prediction by its offsets, kind, rule and score.
func TestPredictGolden(t *testing.T) {
	p := NewPredictor(suspects.New(suspects.Options{}))
	var b strings.Builder
	docs := append(sharedLetters(t), projectLetters(t, "dev")...)
	for i, d := range docs {
		h := sha256.Sum256([]byte(d.Name + "\x00" + d.Text))
		fmt.Fprintf(&b, "doc %x\n", h[:6])
		modes := []string{"bare", "annotated"}
		if i >= len(docs)-len(projectLetters(t, "dev")) {
			modes = modes[:1]
		}
		for _, mode := range modes {
			spans := d.Spans
			if mode == "bare" {
				spans = nil
			}
			for _, q := range p.Predict(d.Text, spans) {
				fmt.Fprintf(&b, "  %s %d-%d %s %s %.3f\n", mode, q.Begin, q.End, q.Kind, q.Rule, q.Score)
			}
		}
	}
	testutil.Golden(t, "testdata/predict.golden", []byte(b.String()))
}
