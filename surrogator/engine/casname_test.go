package engine

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/surrogator/surrogator/internal/testutil"
	"golang.org/x/text/unicode/norm"
)

// TestCASNamesDistinctWithoutCase: documents whose names differ only in
// case or Unicode normalisation get private CAS files whose names differ
// without them too. On a case-insensitive file system (macOS, Windows)
// the second would overwrite the first's CAS otherwise.
func TestCASNamesDistinctWithoutCase(t *testing.T) {
	src := filepath.Join(testutil.RepoRoot(t), "testdata", "sample-letters")
	proj := filepath.Join(t.TempDir(), "briefe")
	if err := os.MkdirAll(proj, 0o755); err != nil {
		t.Fatal(err)
	}
	// "Brief-Müller" with ü as one code point and as u + combining diaeresis
	names := []string{"Befund", "befund", "BEFUND", "brief-m\u00fcller", "Brief-Mu\u0308ller"}
	for _, n := range names {
		for _, ext := range []string{".txt", ".ann"} {
			b, err := os.ReadFile(filepath.Join(src, "befund-onkologie"+ext))
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(proj, n+ext), b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	res := runOnce(t, []string{proj}, Options{Mode: ModeFictive, Seed: 1, SeedSet: true, Key: testKey})
	if len(res.Projects) != 1 || res.Projects[0].Released != len(names) {
		t.Fatalf("want %d released documents: %+v", len(names), res.Projects)
	}
	ents, err := os.ReadDir(filepath.Join(res.Projects[0].PrivateDir, "cas"))
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]string{}
	var got []string
	for _, e := range ents {
		got = append(got, e.Name())
		k := strings.ToLower(norm.NFC.String(e.Name())) // as NTFS and APFS file a name
		if prev, ok := seen[k]; ok {
			t.Errorf("CAS files %q and %q are one file on a case-insensitive file system", prev, e.Name())
		}
		seen[k] = e.Name()
	}
	sort.Strings(got)
	if len(got) != len(names) {
		t.Errorf("CAS files %s, want %d", strings.Join(got, " "), len(names))
	}
}
