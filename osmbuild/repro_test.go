package osmbuild

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/surrogator/surrogator/geo"
	"github.com/surrogator/surrogator/internal/testutil"
	"github.com/surrogator/surrogator/osmbuild/synth"
)

// Issue 16: the same input, options and version give a byte-identical
// pack, whatever the wall clock and the number of workers; the pack
// records the input's digest and size.

func buildBytes(t *testing.T, in string, opts Options) ([]byte, Stats) {
	t.Helper()
	out := filepath.Join(t.TempDir(), "out.pack")
	st, err := Build(context.Background(), in, out, opts)
	if err != nil {
		t.Fatalf("Build(%s): %v", filepath.Base(in), err)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	return b, st
}

func fileDigest(t *testing.T, path string) (string, int64) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:]), int64(len(b))
}

type reproInput struct {
	name, path string
	// fromData: the input carries its own timestamp (the build time does
	// not depend on SourceDate).
	fromData bool
	// plainOnly: build only without SourceDate (real extracts without a
	// timestamp; the SourceDate path is covered by the fixtures).
	plainOnly bool
}

func reproInputs(t *testing.T) []reproInput {
	t.Helper()
	dir := t.TempDir()
	synthPath := filepath.Join(dir, "synthetic.osm.pbf")
	if _, err := synth.GenerateFile(context.Background(), synthPath, synth.Options{Scale: 0.0005, Seed: 3}); err != nil {
		t.Fatal(err)
	}
	// The fixture's XML with a root timestamp attribute.
	x, err := os.ReadFile("testdata/fixture.osm")
	if err != nil {
		t.Fatal(err)
	}
	x = bytes.Replace(x, []byte("<osm "), []byte(`<osm timestamp="2025-03-01T12:00:00Z" `), 1)
	stamped := filepath.Join(dir, "stamped.osm")
	if err := os.WriteFile(stamped, x, 0o644); err != nil {
		t.Fatal(err)
	}
	ins := []reproInput{
		{"synthetic", synthPath, false, false},
		{"fixture.osm.pbf", "testdata/fixture.osm.pbf", false, false},
		{"fixture-unsorted.osm.pbf", "testdata/fixture-unsorted.osm.pbf", false, false},
		{"fixture.osm.gz", "testdata/fixture.osm.gz", false, false},
		{"stamped.osm", stamped, true, false},
	}
	if _, err := os.Stat(filepath.Join(testutil.RepoRoot(t), "..", "shared", "osm")); err != nil {
		t.Logf("../shared/osm absent: only synthetic and fixture inputs")
		return ins
	}
	for _, f := range []string{"OSMoGrid__helgoland.pbf", "osm-admin-lookup__schwachhausen.pbf",
		"graphhopper__lauf-200115.osm.pbf", "graphhopper__north-bayreuth.osm.gz", "graphhopper__harsdorf.osm.pbf",
		"osr__miraustr.osm.pbf", "openrouteservice__heidelberg.test.pbf"} {
		p := testutil.Shared(t, "osm/"+f)
		src, err := openSource(p, 1)
		if err != nil {
			t.Fatal(err)
		}
		_, from := buildTime(src)
		src.Close()
		ins = append(ins, reproInput{f, p, from != "", from == ""})
	}
	return ins
}

func TestReproducibleBuild(t *testing.T) {
	if testing.Short() {
		t.Skip("builds every shared extract twice")
	}
	ins := reproInputs(t)
	epoch := time.Date(2024, 5, 6, 7, 8, 9, 0, time.UTC)
	type result struct {
		plain, dated []byte
	}
	first := make([]result, len(ins))
	for i, in := range ins {
		first[i].plain, _ = buildBytes(t, in.path, Options{Workers: 1, Version: "v-test"})
		if !in.plainOnly {
			first[i].dated, _ = buildBytes(t, in.path, Options{Workers: 2, Version: "v-test", SourceDate: epoch})
		}
	}
	// The old packs stored the wall clock to the second.
	time.Sleep(1100 * time.Millisecond)
	for i, in := range ins {
		t.Run(in.name, func(t *testing.T) {
			plain, st := buildBytes(t, in.path, Options{Workers: 3, Version: "v-test"})
			if !bytes.Equal(plain, first[i].plain) {
				t.Errorf("two builds without SOURCE_DATE_EPOCH differ (%d vs %d bytes)", len(plain), len(first[i].plain))
			}
			var dated []byte
			if !in.plainOnly {
				dated, _ = buildBytes(t, in.path, Options{Workers: 1, Version: "v-test", SourceDate: epoch})
				if !bytes.Equal(dated, first[i].dated) {
					t.Errorf("two builds with SOURCE_DATE_EPOCH differ (%d vs %d bytes)", len(dated), len(first[i].dated))
				}
				if in.fromData != bytes.Equal(plain, dated) {
					t.Errorf("input timestamp %v, but SOURCE_DATE_EPOCH changes the pack: %v", in.fromData, !bytes.Equal(plain, dated))
				}
			}
			p, err := geo.Parse(plain)
			if err != nil {
				t.Fatal(err)
			}
			info := p.Info()
			sum, size := fileDigest(t, in.path)
			if info.InputSHA256 != sum || info.InputSize != size || st.InputSHA256 != sum || st.InputSize != size {
				t.Errorf("pack records input %s/%d (stats %s/%d), file is %s/%d",
					info.InputSHA256, info.InputSize, st.InputSHA256, st.InputSize, sum, size)
			}
			if info.Source != filepath.Base(in.path) || info.Generator != "surrogator osmbuild v-test" {
				t.Errorf("source %q generator %q", info.Source, info.Generator)
			}
			if in.fromData == info.Built.IsZero() {
				t.Errorf("built %v from %q for an input with timestamp=%v", info.Built, info.BuiltFrom, in.fromData)
			}
			if dated != nil {
				dp, err := geo.Parse(dated)
				if err != nil {
					t.Fatal(err)
				}
				di := dp.Info()
				if !in.fromData && (!di.Built.Equal(epoch) || di.BuiltFrom != BuiltFromSourceDate) {
					t.Errorf("with SOURCE_DATE_EPOCH: built %v from %q", di.Built, di.BuiltFrom)
				}
			}
			t.Logf("%s: %d bytes, built %v (%s)", in.name, len(plain), info.Built, info.BuiltFrom)
		})
	}
}

// A different version string is a different generator: the pack changes.
func TestVersionInPack(t *testing.T) {
	a, _ := buildBytes(t, "testdata/fixture.osm.pbf", Options{Version: "v1"})
	b, _ := buildBytes(t, "testdata/fixture.osm.pbf", Options{Version: "v2"})
	if bytes.Equal(a, b) {
		t.Error("packs of two versions are identical")
	}
}

func TestReplicationTimestamp(t *testing.T) {
	tests := []struct {
		name string
		hdr  []byte
		want int64
	}{
		{"none", []byte{0x82, 0x01, 0x03, 'a', 'b', 'c'}, 0},                          // field 16 "abc"
		{"field 32", []byte{0x80, 0x02, 0x80, 0xec, 0xee, 0xe7, 0x05}, 1_560_000_000}, // field 32 varint
		{"after other", []byte{0x82, 0x01, 0x01, 'x', 0x80, 0x02, 0x01}, 1},
		{"truncated", []byte{0x80, 0x02, 0x80}, 0},
		{"garbage", []byte{0xff}, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := replicationTimestamp(tc.hdr); got != tc.want {
				t.Errorf("got %d, want %d", got, tc.want)
			}
		})
	}
}
