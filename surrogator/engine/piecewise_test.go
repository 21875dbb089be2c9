package engine

import (
	"context"
	"math/rand"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/surrogator/surrogator/internal/synthletters"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/formats/casjson"
	"github.com/surrogator/surrogator/surrogator/provenance"
)

// casPiece is the size of the pieces publish.Project.Write encodes a
// private CAS in (its casPiece).
const casPiece = 4 << 20

// TestLargeCASWrittenInPieces: a private CAS larger than casPiece is
// encoded and written in pieces (publish.Project.Write); the file is the one encoding
// of its CAS (read back and encoded whole, it gives the same bytes), and
// the digests recorded on the way are those of the files on disk.
func TestLargeCASWrittenInPieces(t *testing.T) {
	r := rand.New(rand.NewSource(3))
	var text strings.Builder
	var spans []document.Span
	for text.Len() < 400_000 {
		s, sp := synthletters.Letter(r)
		for _, x := range sp {
			x.Begin += text.Len()
			x.End += text.Len()
			spans = append(spans, x)
		}
		text.WriteString(s)
	}
	dir := filepath.Join(t.TempDir(), "proj")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(filepath.Join(dir, "large.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := casjson.WriteCAS(f, synthletters.CAS(text.String(), "large.txt", spans)); err != nil {
		t.Fatal(err)
	}
	f.Close()
	for _, mode := range []Mode{ModeX, ModeFictive} {
		res, err := Run(context.Background(), []string{dir}, Options{Mode: mode, Seed: 1, SeedSet: true, Out: t.TempDir(), Workers: 2, Now: fixedNow})
		if err != nil {
			t.Fatal(err)
		}
		files, _ := filepath.Glob(filepath.Join(res.PrivateRoot, "*", "cas", "*.json"))
		if len(files) != 1 {
			t.Fatalf("%s: private CAS files %v, want one", mode, files)
		}
		got, err := os.ReadFile(files[0])
		if err != nil {
			t.Fatal(err)
		}
		if len(got) <= casPiece {
			t.Fatalf("%s: the CAS has %d bytes, not more than one piece (%d)", mode, len(got), casPiece)
		}
		c, err := casjson.ReadCAS(got)
		if err != nil {
			t.Fatalf("%s: the CAS written does not read back: %v", mode, err)
		}
		if whole := casjson.AppendCAS(nil, c); string(whole) != string(got) {
			t.Fatalf("%s: the CAS written in pieces (%d bytes) is not its encoding (%d bytes)", mode, len(got), len(whole))
		}
		rec, err := provenance.Read(filepath.Join(res.PrivateRoot, provenance.FileName))
		if err != nil {
			t.Fatal(err)
		}
		priv := treeDigests(t, res.PrivateRoot)
		if !reflect.DeepEqual(rec.Private, priv) {
			t.Errorf("%s: private digests recorded %v, on disk %v", mode, rec.Private, priv)
		}
	}
}
