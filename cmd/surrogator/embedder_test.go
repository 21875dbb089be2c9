package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/surrogator/surrogator/internal/testutil"
)

// TestPoolsAndEmbedderFlags: osmbuild stores the built-in embedder with
// the pool vectors (geo info shows it); a run uses the pack's pools, or
// --pools when the pack has none; --embedder onnx in a binary without the
// onnx tag is a usage error that says how to build one.
func TestPoolsAndEmbedderFlags(t *testing.T) {
	in := filepath.Join("..", "..", "osmbuild", "testdata", "fixture.osm.pbf")
	dir := t.TempDir()
	withEmb, noEmb := filepath.Join(dir, "e.pack"), filepath.Join(dir, "n.pack")
	var stdout, stderr bytes.Buffer
	if err := runOsmbuild(context.Background(), in, osmbuildOptions{out: withEmb}, &stdout, &stderr); err != nil {
		t.Fatalf("osmbuild: %v\n%s", err, stderr.String())
	}
	if !strings.Contains(stdout.String(), "pool embeddings: hashed v1-") {
		t.Errorf("osmbuild output:\n%s", stdout.String())
	}
	if err := runOsmbuild(context.Background(), in, osmbuildOptions{out: noEmb, noEmbed: true}, &bytes.Buffer{}, &bytes.Buffer{}); err != nil {
		t.Fatal(err)
	}
	code, out, errs := run(t, "geo", "info", withEmb)
	if code != 0 || !strings.Contains(out, "embedder: hashed v1-") || !strings.Contains(out, "128 dims") {
		t.Errorf("geo info (%d):\n%s%s", code, out, errs)
	}
	if _, out, _ := run(t, "geo", "info", noEmb); !strings.Contains(out, "embeddings: none") {
		t.Errorf("geo info without embeddings:\n%s", out)
	}
	code, _, errs = run(t, "run", "--seed", "1", "--geodata", withEmb, "-o", filepath.Join(dir, "o1"), samples(t))
	if code != 0 {
		t.Fatalf("run with the pack: exit %d\n%s", code, errs)
	}
	if rj := runJSON(t, filepath.Join(dir, "o1")); !strings.Contains(rj, `"facility_embedder": "hashed v1-`) || !strings.Contains(rj, `"facility_pools": "pack`) {
		t.Errorf("run.json does not record the pack's pools")
	}
	code, _, errs = run(t, "run", "--geodata", withEmb, "--embedder", "onnx", "--model", dir, "-o", filepath.Join(dir, "o2"), samples(t))
	if code != exitUsage || !strings.Contains(errs, "-tags onnx") {
		t.Errorf("--embedder onnx without the tag: exit %d\n%s", code, errs)
	}
	code, _, errs = run(t, "run", "--model", dir, "-o", filepath.Join(dir, "o3"), samples(t))
	if code != exitUsage || !strings.Contains(errs, "--model needs --embedder onnx") {
		t.Errorf("--model alone: exit %d\n%s", code, errs)
	}
	pools := testutil.Shared(t, "pools")
	key := filepath.Join(dir, "k.key")
	code, _, errs = run(t, "run", "--seed", "1", "--key-file", key, "--geodata", noEmb, "--pools", pools, "-o", filepath.Join(dir, "o4"), samples(t))
	if code != 0 {
		t.Fatalf("run with --pools: exit %d\n%s", code, errs)
	}
	if rj := runJSON(t, filepath.Join(dir, "o4")); !strings.Contains(rj, `"facility_pools": "`+pools) {
		t.Errorf("run.json does not record --pools")
	}
	// the same run without pools (templates) differs in the facility names
	code, _, errs = run(t, "run", "--seed", "1", "--key-file", key, "--geodata", noEmb, "-o", filepath.Join(dir, "o5"), samples(t))
	if code != 0 {
		t.Fatalf("run without pools: exit %d\n%s", code, errs)
	}
	if publicTexts(t, filepath.Join(dir, "o4")) == publicTexts(t, filepath.Join(dir, "o5")) {
		t.Error("--pools changed no surrogate")
	}
}

func publicTexts(t *testing.T, out string) string {
	t.Helper()
	m, err := filepath.Glob(filepath.Join(out, "public", "public-*", "*", "*.txt"))
	if err != nil || len(m) == 0 {
		t.Fatalf("public texts: %v %v", m, err)
	}
	var b strings.Builder
	for _, f := range m {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		b.Write(raw)
	}
	return b.String()
}

func runJSON(t *testing.T, out string) string {
	t.Helper()
	m, err := filepath.Glob(filepath.Join(out, "private", "private-*", "run.json"))
	if err != nil || len(m) != 1 {
		t.Fatalf("run.json: %v %v", m, err)
	}
	b, err := os.ReadFile(m[0])
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
