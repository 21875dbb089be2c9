//go:build cgo

package onnx

import (
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/surrogator/surrogator/embed/onnx/onnxtest"
)

var probeTexts = []string{
	"Klinik Lindenau",
	"Uni Klinik Lindenau Station Nord",
	"Praxis Kramp",
	"Reha Zentrum am Kurpark",
	"Apotheke am Markt",
	"Amtsgericht Wettersfeld",
	"Bäckerei Pfiffig",
	"unbekanntes Wort", // unknown words → unk
	"",                 // specials only
	"klinik klinik klinik klinik klinik klinik klinik klinik klinik klinik klinik klinik klinik klinik klinik klinik klinik klinik", // truncated
}

// TestTinyModelEndToEnd: ONNX Runtime runs a model the test wrote itself,
// and the pooled vectors equal the test's own float64 computation, for a
// BERT-style model (WordPiece, token_type_ids) and an XLM-R-style one
// (Unigram/Metaspace, no token_type_ids), with batches that pad.
func TestTinyModelEndToEnd(t *testing.T) {
	lib := onnxtest.RuntimeLib(t)
	for _, tc := range []struct {
		name                string
		unigram, tokenTypes bool
		batch               int
	}{
		{"bert", false, true, 3},
		{"xlmr", true, false, 4},
		{"bert-batch1", false, true, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := onnxtest.NewTinyModel(42, tc.unigram, tc.tokenTypes)
			dir := t.TempDir()
			m.MustWrite(t, dir)
			e, err := New(dir, Options{Library: lib, BatchSize: tc.batch})
			if err != nil {
				t.Fatal(err)
			}
			defer e.Close()
			if e.Name() != "onnx" || e.Dim() != m.Dim() || e.Version() == "" {
				t.Fatalf("name %q dim %d version %q", e.Name(), e.Dim(), e.Version())
			}
			got, err := e.Embed(context.Background(), probeTexts)
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(probeTexts) {
				t.Fatalf("%d vectors for %d texts", len(got), len(probeTexts))
			}
			for i, text := range probeTexts {
				want := m.Reference(text)
				for k := range want {
					if math.Abs(float64(got[i][k]-want[k])) > 2e-5 {
						t.Fatalf("text %d component %d: %v, want %v", i, k, got[i][k], want[k])
					}
				}
			}
		})
	}
}

func TestVersionFollowsFiles(t *testing.T) {
	lib := onnxtest.RuntimeLib(t)
	versions := map[string]bool{}
	for seed := uint64(1); seed <= 2; seed++ {
		dir := t.TempDir()
		onnxtest.NewTinyModel(seed, false, true).MustWrite(t, dir)
		e, err := New(dir, Options{Library: lib})
		if err != nil {
			t.Fatal(err)
		}
		versions[e.Version()] = true
		e.Close()
		if _, err := e.Embed(context.Background(), []string{"klinik"}); err == nil {
			t.Error("embedding after Close: no error")
		}
	}
	if len(versions) != 2 {
		t.Error("two different models share a version")
	}
}

func TestNewErrors(t *testing.T) {
	lib := onnxtest.RuntimeLib(t)
	good := t.TempDir()
	onnxtest.NewTinyModel(3, false, true).MustWrite(t, good)
	noTok := t.TempDir()
	onnxtest.NewTinyModel(3, false, true).MustWrite(t, noTok)
	os.Remove(filepath.Join(noTok, TokenizerFile))
	noModel := t.TempDir()
	onnxtest.NewTinyModel(3, false, true).MustWrite(t, noModel)
	os.Remove(filepath.Join(noModel, ModelFile))
	broken := t.TempDir()
	onnxtest.NewTinyModel(3, false, true).MustWrite(t, broken)
	os.WriteFile(filepath.Join(broken, ModelFile), []byte("not a model"), 0o644)
	extra := t.TempDir()
	m := onnxtest.NewTinyModel(3, false, true)
	m.Extra = "position_ids"
	m.MustWrite(t, extra)
	for name, dir := range map[string]string{"no tokenizer": noTok, "no model": noModel, "broken model": broken, "position_ids input": extra} {
		if e, err := New(dir, Options{Library: lib}); err == nil {
			e.Close()
			t.Errorf("%s: no error", name)
		}
	}
	cctx, cancel := context.WithCancel(context.Background())
	cancel()
	e, err := New(good, Options{Library: lib})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	if _, err := e.Embed(cctx, []string{"klinik"}); err == nil {
		t.Error("cancelled context: no error")
	}
}

// BenchmarkTinyModelEmbed: names/s through tokenizer, ONNX Runtime (tiny
// model, one thread) and pooling; measures the backend's overhead, not a
// real transformer.
func BenchmarkTinyModelEmbed(b *testing.B) {
	lib := onnxtest.RuntimeLib(b)
	for _, batch := range []int{1, 32} {
		b.Run(fmt.Sprintf("batch=%d", batch), func(b *testing.B) {
			dir := b.TempDir()
			onnxtest.NewTinyModel(7, false, true).MustWrite(b, dir)
			e, err := New(dir, Options{Library: lib, BatchSize: batch})
			if err != nil {
				b.Fatal(err)
			}
			defer e.Close()
			texts := make([]string, 256)
			for i := range texts {
				texts[i] = probeTexts[i%len(probeTexts)]
			}
			b.ResetTimer()
			n := 0
			for b.Loop() {
				if _, err := e.Embed(context.Background(), texts); err != nil {
					b.Fatal(err)
				}
				n += len(texts)
			}
			b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "names/s")
		})
	}
}
