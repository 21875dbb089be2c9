package location

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/surrogator/surrogator/data"
	"github.com/surrogator/surrogator/internal/testutil"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/fictive"
	"github.com/surrogator/surrogator/surrogator/kinds"
)

// readProject reads the curated documents of the shared INCEpTION export.
func readProject(t *testing.T) map[string]*document.Document {
	t.Helper()
	docs := map[string]*document.Document{}
	for _, f := range testutil.ProjectCAS(t) {
		docs[f.Name] = testutil.Doc(t, f)
	}
	return docs
}

// runCorpus replaces the location spans of contact.txt, rechnung.txt and
// rotes_haus.txt with ONE corpus scope and checks SPEC §6 on them.
func runCorpus(t *testing.T, res *data.Resources) []byte {
	docs := readProject(t)
	g := NewEmbedded(res)
	proj := project{}
	for _, d := range docs {
		proj.add(d)
	}
	scope := fictive.NewScope([]byte("corpus key"))
	scope.Avoid = proj.avoid
	var b strings.Builder
	leipzig := map[string]bool{}
	zip04103 := map[string]bool{}
	n := 0
	for _, name := range []string{"contact.txt", "rechnung.txt", "rotes_haus.txt"} {
		d := docs[name]
		if d == nil {
			t.Fatalf("%s missing from the project", name)
		}
		text, rs := runDoc(t, res, scope, d, proj.avoid)
		checkDoc(t, g, d, rs)
		for _, r := range rs {
			n++
			switch {
			case r.kind == kinds.LocationCity && r.orig == "Leipzig":
				leipzig[r.sur] = true
			case r.kind == kinds.LocationZip && r.orig == "04103":
				zip04103[r.sur] = true
			}
		}
		// Only location spans are replaced here, so check the leak audit
		// on the replaced spans.
		for _, r := range rs {
			if l := proj.leaks(r.sur); len(l) > 0 {
				t.Errorf("%s: %s surrogate %q holds originals %q", name, r.kind, r.sur, l)
			}
		}
		fmt.Fprintf(&b, "=== %s\n%s\n", name, text)
		for _, r := range rs {
			fmt.Fprintf(&b, "  %-21s %q → %q\n", r.kind, r.orig, r.sur)
		}
	}
	if n < 15 {
		t.Errorf("only %d location spans in the three documents", n)
	}
	if len(leipzig) != 1 {
		t.Fatalf("Leipzig has %d surrogates across the corpus: %v", len(leipzig), leipzig)
	}
	var city string
	for c := range leipzig {
		city = c
	}
	if v, ok := scope.Peek(fictive.NSCity, "leipzig"); !ok || v != city {
		t.Errorf("NSCity[leipzig] = %q, %v; the text has %q", v, ok, city)
	}
	id, ok := g.Lookup(city)
	if !ok {
		t.Fatalf("Leipzig's surrogate %q is not in the gazetteer", city)
	}
	if st := g.Place(id).State; st != "Sachsen" {
		t.Errorf("Leipzig → %s in %s", city, st)
	}
	if len(zip04103) != 1 {
		t.Errorf("04103 has surrogates %v", zip04103)
	}
	for z := range zip04103 {
		// Always one of the surrogate's own postcodes (SPEC §6), even when
		// it has fewer than the corpus writes for Leipzig (then shared).
		if !slices.Contains(g.Postcodes(id), z) {
			t.Errorf("04103 → %s, not a postcode of %s (%v)", z, city, g.Postcodes(id))
		}
	}
	return []byte(b.String())
}

// TestCorpusFixture pins the output over the shared documents. The golden
// holds only a SHA-256 of it: texts from ../shared are not copied into the
// repository (see ../shared/README.md).
func TestCorpusFixture(t *testing.T) {
	sum := sha256.Sum256(runCorpus(t, fixture(t)))
	testutil.Golden(t, "testdata/corpus_fixture.sha256", []byte(hex.EncodeToString(sum[:])+"\n"))
}

func TestCorpusDefault(t *testing.T) {
	if n := len(data.Default().Municipalities); n < minDefaultMunicipalities {
		t.Skipf("the embedded gazetteer has %d municipalities (< %d): data lists not complete yet", n, minDefaultMunicipalities)
	}
	runCorpus(t, data.Default())
}
