package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// osmbuild honours SOURCE_DATE_EPOCH (same bytes on every build) and geo
// info prints the input's digest, size and the build time's origin.
func TestOsmbuildSourceDateAndGeoInfo(t *testing.T) {
	in := filepath.Join("..", "..", "osmbuild", "testdata", "fixture.osm.pbf")
	raw, err := os.ReadFile(in)
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(raw)
	dir := t.TempDir()
	build := func(name string) []byte {
		t.Helper()
		out := filepath.Join(dir, name)
		var stdout, stderr bytes.Buffer
		if err := runOsmbuild(context.Background(), in, osmbuildOptions{out: out, workers: 2}, &stdout, &stderr); err != nil {
			t.Fatalf("osmbuild: %v\n%s", err, stderr.String())
		}
		b, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	t.Setenv("SOURCE_DATE_EPOCH", "1700000000")
	a, b := build("a.pack"), build("b.pack")
	if !bytes.Equal(a, b) {
		t.Error("two builds with SOURCE_DATE_EPOCH differ")
	}
	var info bytes.Buffer
	if err := runGeoInfo(filepath.Join(dir, "a.pack"), &info); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		fmt.Sprintf("input: fixture.osm.pbf, %d bytes, sha256 %s\n", len(raw), hex.EncodeToString(sum[:])),
		"built: 2023-11-14T22:13:20Z (from SOURCE_DATE_EPOCH)\n",
		"generator: surrogator osmbuild " + version + "\n",
	} {
		if !strings.Contains(info.String(), want) {
			t.Errorf("geo info lacks %q:\n%s", want, info.String())
		}
	}

	t.Setenv("SOURCE_DATE_EPOCH", "")
	c := build("c.pack")
	info.Reset()
	if err := runGeoInfo(filepath.Join(dir, "c.pack"), &info); err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(a, c) || strings.Contains(info.String(), "built:") {
		t.Errorf("without SOURCE_DATE_EPOCH (and no timestamp in the input) the build time must be omitted:\n%s", info.String())
	}

	t.Setenv("SOURCE_DATE_EPOCH", "yesterday")
	err = runOsmbuild(context.Background(), in, osmbuildOptions{out: filepath.Join(dir, "d.pack")}, &bytes.Buffer{}, &bytes.Buffer{})
	if exitCode(err) != exitUsage {
		t.Errorf("invalid SOURCE_DATE_EPOCH: %v (exit %d)", err, exitCode(err))
	}
}

// geo info shows the pool cleaning per pool and class; osmbuild
// --dropped lists the dropped candidates (0600).
func TestGeoInfoPoolCleaning(t *testing.T) {
	in := filepath.Join("..", "..", "osmbuild", "testdata", "fixture.osm.pbf")
	dir := t.TempDir()
	out, drops := filepath.Join(dir, "f.pack"), filepath.Join(dir, "dropped.tsv")
	var stdout, stderr bytes.Buffer
	if err := runOsmbuild(context.Background(), in, osmbuildOptions{out: out, workers: 2, dropped: drops}, &stdout, &stderr); err != nil {
		t.Fatalf("osmbuild: %v\n%s", err, stderr.String())
	}
	if !strings.Contains(stdout.String(), "pool cleaning dropped: person 2 ") {
		t.Errorf("osmbuild output:\n%s", stdout.String())
	}
	var info bytes.Buffer
	if err := runGeoInfo(out, &info); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"pack format 1.1,",
		"pool healthcare: class, kept, dropped (by reason)\n",
		"  practice-gp                   0      2  person 2\n",
		"  hospital                      1      0\n",
		"pool cleaning dropped: person 2\n",
	} {
		if !strings.Contains(info.String(), want) {
			t.Errorf("geo info lacks %q:\n%s", want, info.String())
		}
	}
	st, err := os.Stat(drops)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(drops)
	if st.Mode().Perm() != 0o600 || !strings.Contains(string(b), "person\thealthcare\tamenity=doctors\tHausarztpraxis Schneider\tpractice-gp\n") {
		t.Errorf("--dropped (%v):\n%s", st.Mode(), b)
	}
}
