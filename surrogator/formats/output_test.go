package formats

import (
	"math/rand"
	"path/filepath"
	"testing"
	"time"

	"github.com/surrogator/surrogator/surrogator/output"
)

// TestRecognisesOutputLayout: the walker's idea of surrogator output
// follows the output package — its marker and every run folder it names,
// for many run keys.
func TestRecognisesOutputLayout(t *testing.T) {
	if OutMarker != output.Marker {
		t.Fatalf("OutMarker %q, output.Marker %q", OutMarker, output.Marker)
	}
	rng := rand.New(rand.NewSource(1))
	out := t.TempDir()
	now := time.Date(2026, 11, 23, 18, 4, 5, 0, time.UTC)
	for i := 0; i < 200; i++ {
		l := output.Layout{Out: out, Run: output.RunKey(now.Add(time.Duration(i)*time.Hour), rng)}
		for _, dir := range []string{l.PublicRoot(), l.PublicPartialRoot(), l.PrivateRoot()} {
			if !IsOutputDir(dir) {
				t.Fatalf("%s not recognised as output", filepath.Base(dir))
			}
		}
	}
	for _, dir := range []string{"public", "private", "public-2026", "private-20261123-180405", "letters", "public-20261123-180405-ABCD"} {
		if IsOutputDir(filepath.Join(t.TempDir(), dir)) {
			t.Errorf("%s taken for output", dir)
		}
	}
}
