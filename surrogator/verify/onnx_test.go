//go:build cgo

package verify

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/surrogator/surrogator/embed"
	"github.com/surrogator/surrogator/embed/onnx"
	"github.com/surrogator/surrogator/embed/onnx/onnxtest"
	"github.com/surrogator/surrogator/internal/testutil"
	"github.com/surrogator/surrogator/osmbuild"
	"github.com/surrogator/surrogator/surrogator/engine"
	"github.com/surrogator/surrogator/surrogator/provenance"
	"github.com/surrogator/surrogator/surrogator/runspec"
)

// TestVerifyONNX: a run with --embedder onnx (a pack whose facility pools
// were embedded with a tiny model the test writes, run by ONNX Runtime)
// records the model's folder and digest, and verify re-opens the model
// and reproduces every output; with the model changed since, verify
// names the model (and refuses the pack's pools, embedded with the old
// one). Skips without ONNXRUNTIME_LIB, like the embed/onnx tests.
func TestVerifyONNX(t *testing.T) {
	lib := onnxtest.RuntimeLib(t)
	letters, _, _ := inputs(t)
	model := filepath.Join(t.TempDir(), "model")
	if err := os.Mkdir(model, 0o755); err != nil {
		t.Fatal(err)
	}
	onnxtest.NewTinyModel(11, false, true).MustWrite(t, model)
	env := runspec.Env{ONNX: func(dir string) (embed.Embedder, func(), error) {
		e, err := onnx.New(dir, onnx.Options{Library: lib})
		if err != nil {
			return nil, nil, err
		}
		return e, func() { e.Close() }, nil
	}}
	e, closeEmb, err := env.ONNX(model)
	if err != nil {
		t.Fatal(err)
	}
	pack := filepath.Join(t.TempDir(), "helgoland-onnx.pack")
	_, err = osmbuild.Build(context.Background(), testutil.Shared(t, "osm/OSMoGrid__helgoland.pbf"), pack, osmbuild.Options{Embedder: e})
	closeEmb()
	if err != nil {
		t.Fatal(err)
	}

	opts, closeRun, err := runspec.Open(context.Background(), runspec.Spec{Options: provenance.Options{
		Mode: string(engine.ModeFictive), Scope: string(engine.ScopeCorpus), Workers: 2, GeodataFile: pack, ModelDir: model},
		Seed: 8, SeedSet: true}, env)
	if err != nil {
		t.Fatal(err)
	}
	if opts.Pools == nil || opts.Pools.Embedder().Name() != "onnx" {
		t.Fatalf("the run's pools are not the model's: %v", opts.Pools)
	}
	opts.Version = "v-test"
	res, rec := run(t, filepath.Join(t.TempDir(), "out"), []string{letters}, opts)
	closeRun()
	if rec.Options.ModelDir != model || len(rec.Model) != 1 || len(rec.Model[0].Files) != 2 {
		t.Fatalf("model not recorded: dir %q, %+v", rec.Options.ModelDir, rec.Model)
	}

	rep, err := Run(context.Background(), res.PrivateRoot, Config{Version: "v-test", Env: env})
	if err != nil {
		t.Fatal(err)
	}
	if !rep.Reproduced() || len(rep.Diffs) > 0 || len(rep.Recorded.Public) == 0 {
		t.Fatalf("%d public files; differences: %v", len(rep.Recorded.Public), rep.Diffs)
	}

	// without the ONNX opener the recorded run cannot be opened
	if _, err := Run(context.Background(), res.PrivateRoot, Config{Version: "v-test"}); err == nil || !strings.Contains(err.Error(), "ONNX") {
		t.Errorf("verify without an ONNX opener: %v", err)
	}

	// another model in the recorded folder: the pack's pools refuse it,
	// and the error names both embedders
	onnxtest.NewTinyModel(12, false, true).MustWrite(t, model)
	if _, err := Run(context.Background(), res.PrivateRoot, Config{Version: "v-test", Env: env}); err == nil || !strings.Contains(err.Error(), "embedder mismatch") {
		t.Errorf("verify with a changed model: %v", err)
	}
}
