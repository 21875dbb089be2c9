package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/surrogator/surrogator/internal/testutil"
)

// TestQuietAndJSON: --quiet prints nothing on success; --json prints one
// JSON object on stdout (and nothing else there), for run and qc, without
// document names.
func TestQuietAndJSON(t *testing.T) {
	in := copySamples(t, 1)
	for _, verb := range []string{"run", "qc"} {
		out := filepath.Join(t.TempDir(), "out")
		code, stdout, stderr := run(t, verb, "--quiet", "--seed", "1", "--out", out, in)
		if verb == "qc" {
			code, stdout, stderr = run(t, verb, "--quiet", "--out", out, in)
		}
		if code != exitOK || stdout != "" || stderr != "" {
			t.Errorf("%s --quiet: exit %d, stdout %q, stderr %q", verb, code, stdout, stderr)
		}
		args := []string{verb, "--json", "--out", out, in}
		if verb == "run" {
			args = append(args, "--seed", "1")
		}
		code, stdout, stderr = run(t, args...)
		var v map[string]any
		dec := json.NewDecoder(strings.NewReader(stdout))
		if err := dec.Decode(&v); err != nil || dec.More() || code != exitOK {
			t.Fatalf("%s --json: exit %d, %v\n%s%s", verb, code, err, stdout, stderr)
		}
		if v["run"] == "" || v["private"] == "" || len(v["projects"].([]any)) != 1 {
			t.Errorf("%s --json: %v", verb, v)
		}
		if verb == "run" && (v["status"] != "complete" || v["not_released"] == nil) {
			t.Errorf("run --json: %v", v)
		}
		for _, name := range []string{"befund-onkologie", "entlassbrief"} {
			if strings.Contains(stdout, name) {
				t.Errorf("%s --json names a document: %s", verb, stdout)
			}
		}
	}
}

// TestCommandReferenceCurrent: docs/cli is what `make docs` writes from
// the commands' help (run it after changing a command).
func TestCommandReferenceCurrent(t *testing.T) {
	dir := t.TempDir()
	if code, _, stderr := run(t, "gen-docs", "--out", dir); code != exitOK {
		t.Fatalf("gen-docs: exit %d: %s", code, stderr)
	}
	committed := filepath.Join(testutil.RepoRoot(t), "docs", "cli")
	want, _ := filepath.Glob(filepath.Join(dir, "*.md"))
	have, _ := filepath.Glob(filepath.Join(committed, "*.md"))
	if len(want) != len(have) {
		t.Errorf("docs/cli holds %d files, gen-docs writes %d: run make docs", len(have), len(want))
	}
	for _, p := range want {
		a, _ := os.ReadFile(p)
		b, err := os.ReadFile(filepath.Join(committed, filepath.Base(p)))
		if err != nil || string(a) != string(b) {
			t.Errorf("docs/cli/%s is stale: run make docs", filepath.Base(p))
		}
	}
	mandir := t.TempDir()
	if code, _, stderr := run(t, "gen-docs", "--man", "--out", mandir); code != exitOK {
		t.Fatalf("gen-docs --man: exit %d: %s", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(mandir, "surrogator-run.1")); err != nil {
		t.Error(err)
	}
}
