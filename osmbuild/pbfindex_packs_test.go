package osmbuild

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/surrogator/surrogator/internal/testutil"
	"github.com/surrogator/surrogator/osmbuild/synth"
)

// packDigestsGolden holds the SHA-256 of packs built (Workers 2, Version
// "v-pbf", no embeddings) from the fixtures, a synthetic PBF and every
// shared PBF extract. The digests were recorded with the decoder that
// preceded osmbuild/pbf (fastpbf.go and pbfindex.go with their own field
// numbers, synth/pbf.go with its own encoder): moving the wire format into
// one package changed no pack byte. A deliberate change of the pack's
// content (geo format, collector, assembly, pools) changes these digests
// too: check that the change is intended, then run
// go test ./osmbuild -run PacksUnchanged -update.
const packDigestsGolden = "testdata/pbf-packs.golden"

func TestPacksUnchanged(t *testing.T) {
	if testing.Short() {
		t.Skip("builds every shared PBF extract")
	}
	dir := t.TempDir()
	synthPath := filepath.Join(dir, "synthetic.osm.pbf")
	if _, err := synth.GenerateFile(context.Background(), synthPath, synth.Options{Scale: 0.001, Seed: 7, Workers: 2}); err != nil {
		t.Fatal(err)
	}
	ins := [][2]string{
		{"fixture.osm.pbf", "testdata/fixture.osm.pbf"},
		{"fixture-unsorted.osm.pbf", "testdata/fixture-unsorted.osm.pbf"},
		{"synthetic-0.001-7.osm.pbf", synthPath},
	}
	shared := filepath.Join(testutil.RepoRoot(t), "..", "shared", "osm")
	if v := os.Getenv("SURROGATOR_SHARED"); v != "" {
		shared = filepath.Join(v, "osm")
	}
	if _, err := os.Stat(shared); err != nil {
		if *testutil.Update {
			t.Fatal("-update needs ../shared/osm")
		}
		t.Logf("../shared/osm absent: only fixture and synthetic packs compared")
	} else {
		for _, f := range []string{"OSMoGrid__helgoland.pbf", "osm-admin-lookup__schwachhausen.pbf",
			"graphhopper__lauf-200115.osm.pbf", "graphhopper__harsdorf.osm.pbf", "osr__miraustr.osm.pbf",
			"openrouteservice__heidelberg.test.pbf"} {
			ins = append(ins, [2]string{f, testutil.Shared(t, "osm/"+f)})
		}
	}
	got := map[string]string{}
	for _, in := range ins {
		b, _ := buildBytes(t, in[1], Options{Workers: 2, Version: "v-pbf", NoEmbeddings: true})
		s := sha256.Sum256(b)
		got[in[0]] = hex.EncodeToString(s[:])
	}
	if *testutil.Update {
		var buf bytes.Buffer
		buf.WriteString("# pack SHA-256 per input: see packDigestsGolden in pbfindex_packs_test.go\n")
		for _, k := range slices.Sorted(maps.Keys(got)) {
			fmt.Fprintf(&buf, "%s %s\n", got[k], k)
		}
		if err := os.WriteFile(packDigestsGolden, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want := readDigests(t, packDigestsGolden)
	for _, in := range ins {
		w, ok := want[in[0]]
		if !ok {
			t.Errorf("%s: no recorded digest in %s", in[0], packDigestsGolden)
			continue
		}
		if got[in[0]] != w {
			t.Errorf("%s: pack sha256 %s, recorded %s", in[0], got[in[0]], w)
		}
	}
}

func readDigests(t *testing.T, path string) map[string]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("%s: %v (run with -update)", path, err)
	}
	defer f.Close()
	m := map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		sum, name, ok := strings.Cut(line, " ")
		if !ok {
			t.Fatalf("%s: bad line %q", path, line)
		}
		m[name] = sum
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return m
}
