package engine

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/surrogator/surrogator/internal/testutil"
)

// TestSharedOutputsGolden holds the public texts and private CAS files of
// runs over the shared GraSCCo letters and INCEpTION export, with a fixed
// seed and key, to the digests in testdata/shared_outputs.golden.json, in
// every mode and both scopes: a change to planning, the generators, the
// codec or re-basing that changes one byte of an output fails here. The
// golden holds SHA-256 digests only (of each file's path and of its
// bytes), never a text or a name from the letters. Regenerate with
// `go test ./surrogator/engine/ -run TestSharedOutputsGolden -update`
// only for a change meant to alter outputs.
func TestSharedOutputsGolden(t *testing.T) {
	inputs := []string{
		testutil.Shared(t, "corpora/grascco-pii"),
		testutil.Shared(t, "corpora/inception-projects/project-deid-test-data-1.zip"),
	}
	key := []byte("a fixed test key, not a secret, 32+ bytes long")
	configs := []struct {
		name  string
		mode  Mode
		scope Scope
	}{
		{"x", ModeX, ScopeDocument},
		{"entity", ModeEntity, ScopeDocument},
		{"gemtex", ModeGemtex, ScopeDocument},
		{"fictive", ModeFictive, ScopeDocument},
		{"gemtex-corpus", ModeGemtex, ScopeCorpus},
		{"fictive-corpus", ModeFictive, ScopeCorpus},
	}
	got := map[string]map[string]string{}
	for _, c := range configs {
		out := t.TempDir()
		res, err := Run(context.Background(), inputs, Options{Mode: c.mode, Scope: c.scope, Seed: 7, SeedSet: true,
			Key: key, Out: out, Workers: 2, Now: fixedNow})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		files := map[string]string{}
		digest := func(root, prefix string, keep func(rel string) bool) {
			err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
				if err != nil || !d.Type().IsRegular() {
					return err
				}
				rel, _ := filepath.Rel(root, p)
				rel = filepath.ToSlash(rel)
				if !keep(rel) {
					return nil
				}
				b, err := os.ReadFile(p)
				if err != nil {
					return err
				}
				name := sha256.Sum256([]byte(prefix + rel))
				sum := sha256.Sum256(b)
				files[hex.EncodeToString(name[:8])] = hex.EncodeToString(sum[:])
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
		}
		digest(res.PublicRoot, "public/", func(rel string) bool { return strings.HasSuffix(rel, ".txt") })
		digest(res.PrivateRoot, "private/", func(rel string) bool { return strings.Contains(rel, "/cas/") })
		if len(files) < 20 {
			t.Fatalf("%s: only %d files digested", c.name, len(files))
		}
		got[c.name] = files
	}
	b, err := json.MarshalIndent(got, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	testutil.Golden(t, filepath.Join("testdata", "shared_outputs.golden.json"), append(b, '\n'))
	if !*testutil.Update {
		// name the configurations that differ (Golden reports only that the bytes do)
		var want map[string]map[string]string
		if raw, err := os.ReadFile(filepath.Join("testdata", "shared_outputs.golden.json")); err == nil && json.Unmarshal(raw, &want) == nil {
			var differ []string
			for name, files := range got {
				n := 0
				for k, v := range files {
					if want[name][k] != v {
						n++
					}
				}
				if n > 0 || len(files) != len(want[name]) {
					differ = append(differ, name)
				}
			}
			sort.Strings(differ)
			if len(differ) > 0 {
				t.Errorf("outputs differ from the golden in: %v", differ)
			}
		}
	}
}
