package osmbuild

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/surrogator/surrogator/embed"
	"github.com/surrogator/surrogator/geo"
	"github.com/surrogator/surrogator/internal/testutil"
	"github.com/surrogator/surrogator/surrogator/fictive/facility"
)

// TestPackEmbeddings: a pack built from the fixture and from the real
// Helgoland extract carries one int8 vector per pool entry and the
// built-in embedder, which the facility pools rebuild and verify; a
// mismatched embedder is refused with a message naming both.
func TestPackEmbeddings(t *testing.T) {
	for _, in := range []string{"testdata/fixture.osm.pbf", "shared:osm/OSMoGrid__helgoland.pbf"} {
		t.Run(filepath.Base(in), func(t *testing.T) {
			if rel, ok := strings.CutPrefix(in, "shared:"); ok {
				in = testutil.Shared(t, rel)
			}
			out := filepath.Join(t.TempDir(), "e.pack")
			st, err := Build(context.Background(), in, out, Options{})
			if err != nil {
				t.Fatal(err)
			}
			p, err := geo.Open(out)
			if err != nil {
				t.Fatal(err)
			}
			defer p.Close()
			info := p.EmbeddingInfo()
			total := 0
			for k := geo.PoolKind(0); k < geo.NumPools; k++ {
				total += p.Pool(k).Len()
			}
			if total == 0 {
				t.Fatal("no pool entries")
			}
			if info.Dims != 128 || info.Type != geo.EmbedInt8 || info.Embedder != "hashed" || st.Embedder != "hashed "+info.EmbedderVersion {
				t.Fatalf("embeddings %+v, stats %q", info, st.Embedder)
			}
			pools, err := facility.FromPack(p, nil)
			if err != nil {
				t.Fatal(err)
			}
			if pools.Len() != total {
				t.Errorf("pools %d entries, pack %d", pools.Len(), total)
			}
			// the stored vector of an entry is the vector the rebuilt
			// embedder computes for its name
			name := p.Pool(geo.PoolHealthcare).Entry(0).Name
			v, _ := p.Pool(geo.PoolHealthcare).Embedding(0, nil)
			q, err := pools.Embedder().Embed(context.Background(), []string{facility.EmbedText(name)})
			if err != nil {
				t.Fatal(err)
			}
			var dot float32
			for i := range v {
				dot += v[i] * q[0][i]
			}
			if dot < 0.99 {
				t.Errorf("stored vector of entry 0 has cosine %.3f with its recomputed vector", dot)
			}
			other, err := embed.NewHashed(embed.HashedConfig{}, []string{"anderes Korpus"})
			if err != nil {
				t.Fatal(err)
			}
			_, err = facility.FromPack(p, other)
			if err == nil || !strings.Contains(err.Error(), "embedder mismatch") || !strings.Contains(err.Error(), info.EmbedderVersion) {
				t.Errorf("mismatched embedder: %v", err)
			}
		})
	}
	out := filepath.Join(t.TempDir(), "n.pack")
	if _, err := Build(context.Background(), "testdata/fixture.osm.pbf", out, Options{NoEmbeddings: true}); err != nil {
		t.Fatal(err)
	}
	p, err := geo.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	if _, err := facility.FromPack(p, nil); !errors.Is(err, facility.ErrNoEmbeddings) {
		t.Errorf("pack without embeddings: %v", err)
	}
}
