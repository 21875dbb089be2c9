package osmbuild

import (
	"bytes"
	"context"
	"errors"
	"math/rand"
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
			checkLabels(t, p, pools)
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

// checkLabels: the pools of a pack read its stored labels, which equal
// what classifying the entries gives; the same pack rewritten without
// labels (as written before they existed) classifies at load, to the same
// classes and the same surrogates.
func checkLabels(t *testing.T, p *geo.Pack, pools *facility.Pools) {
	t.Helper()
	if v, ok := p.LabelVersion(); !ok || v != facility.LabelVersion() {
		t.Fatalf("pack labels version %x (%v), taxonomy %x", v, ok, facility.LabelVersion())
	}
	if pools.LabelSource() != "pack" {
		t.Errorf("labels from %q, want pack", pools.LabelSource())
	}
	i := 0
	for k := geo.PoolKind(0); k < geo.NumPools; k++ {
		for j := 0; j < p.Pool(k).Len(); j++ {
			pe := p.Pool(k).Entry(j)
			want := facility.NewEntry(pe.Name, pe.Category, k)
			got := pools.Entry(i)
			if got.Name != pe.Name || got.Class != want.Class || got.ByName != want.ByName || got.Gender != want.Gender || got.Pool != k {
				t.Fatalf("entry %d: stored %s/%v/%d, classified %s/%v/%d", i, got.Class, got.ByName, got.Gender, want.Class, want.ByName, want.Gender)
			}
			i++
		}
	}
	// an old pack: the same embeddings without the labels section
	e := &geo.Embeddings{Dims: p.EmbeddingInfo().Dims, Type: geo.EmbedInt8, Version: p.EmbeddingInfo().Version,
		Embedder: p.EmbeddingInfo().Embedder, EmbedderVersion: p.EmbeddingInfo().EmbedderVersion, Model: p.EmbedderModel()}
	for k := geo.PoolKind(0); k < geo.NumPools; k++ {
		for j := 0; j < p.Pool(k).Len(); j++ {
			q, sc, _ := p.Pool(k).Int8Vector(j)
			e.Q[k], e.Scale[k] = append(e.Q[k], q), append(e.Scale[k], sc)
		}
	}
	var buf bytes.Buffer
	if _, err := p.WriteWithEmbeddings(&buf, e); err != nil {
		t.Fatal(err)
	}
	old, err := geo.Parse(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := old.LabelVersion(); ok {
		t.Fatal("rewritten pack still has labels")
	}
	classified, err := facility.FromPack(old, nil)
	if err != nil {
		t.Fatal(err)
	}
	if classified.LabelSource() != "classified" {
		t.Errorf("old pack: labels from %q", classified.LabelSource())
	}
	asked := 0
	for i := 0; i < pools.Len(); i++ {
		a, b := pools.Entry(i), classified.Entry(i)
		if a.Name != b.Name || a.Class != b.Class || a.ByName != b.ByName || a.Gender != b.Gender {
			t.Fatalf("entry %d differs between stored and computed labels", i)
		}
		if !a.ByName || asked >= 20 {
			continue
		}
		asked++
		q := facility.Query{Original: a.Name, Rand: rand.New(rand.NewSource(int64(i)))}
		c1, err1 := pools.Choose(context.Background(), q, facility.Options{})
		q.Rand = rand.New(rand.NewSource(int64(i)))
		c2, err2 := classified.Choose(context.Background(), q, facility.Options{})
		if c1 != c2 || (err1 == nil) != (err2 == nil) {
			t.Errorf("entry %d: surrogate %q (%v) with stored labels, %q (%v) classified", i, c1.Name, err1, c2.Name, err2)
		}
	}
}
