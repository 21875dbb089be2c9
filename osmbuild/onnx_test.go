//go:build cgo

package osmbuild

import (
	"context"
	"errors"
	"math"
	"math/rand"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/surrogator/surrogator/embed"
	"github.com/surrogator/surrogator/embed/onnx"
	"github.com/surrogator/surrogator/embed/onnx/onnxtest"
	"github.com/surrogator/surrogator/geo"
	"github.com/surrogator/surrogator/internal/testutil"
	"github.com/surrogator/surrogator/surrogator/fictive/facility"
)

// plainText matches embedding texts that the tiny model's reference
// tokenisation (whitespace words) reads like its WordPiece tokenizer.
var plainText = regexp.MustCompile(`^[\p{L} ]+$`)

// TestPackONNXEmbeddings: osmbuild with an ONNX embedder (a tiny model the
// test writes, run by ONNX Runtime) stores that model's vectors and names
// it in the pack (what `geo info` prints); the stored vectors reproduce
// the test's own float64 computation; a run's pools need that very model
// (none: told to pass --embedder onnx; another embedder: refused) and,
// given it, choose surrogates of the original's class with the model's
// query vectors. Skips without ONNXRUNTIME_LIB.
func TestPackONNXEmbeddings(t *testing.T) {
	lib := onnxtest.RuntimeLib(t)
	if onnxtest.ModelFile != onnx.ModelFile || onnxtest.TokenizerFile != onnx.TokenizerFile {
		t.Fatal("onnxtest file names differ from the backend's")
	}
	m := onnxtest.NewTinyModel(11, false, true)
	dir := t.TempDir()
	m.MustWrite(t, dir)
	e, err := onnx.New(dir, onnx.Options{Library: lib})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	for _, in := range []string{"testdata/fixture.osm.pbf", "shared:osm/OSMoGrid__helgoland.pbf"} {
		t.Run(filepath.Base(in), func(t *testing.T) {
			if rel, ok := strings.CutPrefix(in, "shared:"); ok {
				in = testutil.Shared(t, rel)
			}
			out := filepath.Join(t.TempDir(), "onnx.pack")
			st, err := Build(context.Background(), in, out, Options{Embedder: e})
			if err != nil {
				t.Fatal(err)
			}
			p, err := geo.Open(out)
			if err != nil {
				t.Fatal(err)
			}
			defer p.Close()
			info := p.Info().Embeddings
			if info.Embedder != "onnx" || info.EmbedderVersion != e.Version() || info.Dims != m.Dim() ||
				info.Type != geo.EmbedInt8 || st.Embedder != "onnx "+e.Version() || len(p.EmbedderModel()) != 0 {
				t.Fatalf("embeddings %+v, stats %q, model blob %d bytes", info, st.Embedder, len(p.EmbedderModel()))
			}
			compared := 0
			for k := geo.PoolKind(0); k < geo.NumPools; k++ {
				for i := 0; i < p.Pool(k).Len(); i++ {
					text := facility.EmbedText(p.Pool(k).Entry(i).Name)
					if !plainText.MatchString(text) {
						continue
					}
					got, ok := p.Pool(k).Embedding(i, nil)
					if !ok {
						t.Fatalf("pool %s entry %d has no vector", k, i)
					}
					want := m.Reference(text)
					var dot, n float64
					for j := range want {
						dot += float64(got[j]) * float64(want[j])
						n += float64(got[j]) * float64(got[j])
					}
					if c := dot / math.Sqrt(n); c < 0.995 {
						t.Errorf("pool %s entry %d: stored vector has cosine %.4f with the reference", k, i, c)
					}
					compared++
				}
			}
			if compared == 0 {
				t.Fatal("no vector compared with the reference")
			}
			t.Logf("%d of the pack's vectors reproduce the reference", compared)
			if _, err := facility.FromPack(p, nil); err == nil || !strings.Contains(err.Error(), "--embedder onnx") {
				t.Errorf("pools without the model: %v", err)
			}
			h, err := embed.NewHashed(embed.HashedConfig{}, []string{"anderes Korpus"})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := facility.FromPack(p, h); err == nil || !strings.Contains(err.Error(), "embedder mismatch") {
				t.Errorf("pools with the built-in embedder: %v", err)
			}
			pools, err := facility.FromPack(p, e)
			if err != nil {
				t.Fatal(err)
			}
			if pools.Embedder() != embed.Embedder(e) || pools.LabelSource() != "pack" {
				t.Errorf("pools embedder %s, labels %s", pools.Embedder().Name(), pools.LabelSource())
			}
			chosen := 0
			for i := 0; i < pools.Len() && chosen < 10; i++ {
				en := pools.Entry(i)
				if !en.ByName || pools.Count(en.Class) < 2 {
					continue
				}
				ch, err := pools.Choose(context.Background(), facility.Query{Original: en.Name, Rand: rand.New(rand.NewSource(int64(i)))}, facility.Options{})
				if errors.Is(err, facility.ErrNoCandidate) {
					continue // every other entry of the class shares a proper noun
				}
				if err != nil {
					t.Fatalf("entry %d (%s): %v", i, en.Class, err)
				}
				if ch.Class != en.Class || facility.Classify(ch.Name) != en.Class || facility.Key(ch.Name) == facility.Key(en.Name) {
					t.Errorf("entry %d: class %s → %s (%s)", i, en.Class, ch.Class, facility.Classify(ch.Name))
				}
				chosen++
			}
			if chosen == 0 && pools.Len() >= 50 { // the fixture's few entries share their words
				t.Errorf("no entry of %d had a candidate of its class", pools.Len())
			}
		})
	}
}
