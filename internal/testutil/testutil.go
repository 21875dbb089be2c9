package testutil

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"
)

// Update rewrites golden files instead of comparing against them
// (go test ./... -update).
var Update = flag.Bool("update", false, "rewrite golden files")

// RepoRoot returns the directory holding go.mod.
func RepoRoot(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("testutil: go.mod not found")
		}
		dir = parent
	}
}

// Shared returns the path of rel inside ../shared (beside the repository
// root), or skips the test when it is absent. SURROGATOR_SHARED overrides
// the location.
func Shared(t testing.TB, rel string) string {
	t.Helper()
	p, ok := SharedPath(t, rel)
	if !ok {
		t.Skipf("needs ../shared/%s (absent)", rel)
	}
	return p
}

// SharedPath is Shared for a caller that has something else to do when
// rel is absent (a benchmark falling back to synthetic data): it returns
// the path and whether it exists.
func SharedPath(t testing.TB, rel string) (string, bool) {
	t.Helper()
	base := os.Getenv("SURROGATOR_SHARED")
	if base == "" {
		base = filepath.Join(RepoRoot(t), "..", "shared")
	}
	p := filepath.Join(base, rel)
	_, err := os.Stat(p)
	return p, err == nil
}

// Golden compares got with testdata file path (relative to the package
// directory), rewriting it when -update is set.
func Golden(t testing.TB, path string, got []byte) {
	t.Helper()
	if *Update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("golden %s: %v (run with -update)", path, err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("output differs from golden %s (run with -update to accept)\n--- got (first 2000 bytes):\n%s", path, head(got, 2000))
	}
}

func head(b []byte, n int) []byte {
	if len(b) > n {
		return b[:n]
	}
	return b
}
