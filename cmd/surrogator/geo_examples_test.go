package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/surrogator/surrogator/internal/testutil"
)

// shellWords splits a command line as a shell would for the examples:
// blanks separate words, double quotes group them.
func shellWords(s string) []string {
	var out []string
	var cur strings.Builder
	quoted, started := false, false
	for _, r := range s {
		switch {
		case r == '"':
			quoted, started = !quoted, true
		case (r == ' ' || r == '\t') && !quoted:
			if started {
				out = append(out, cur.String())
				cur.Reset()
				started = false
			}
		default:
			cur.WriteRune(r)
			started = true
		}
	}
	if started {
		out = append(out, cur.String())
	}
	return out
}

// TestGeoHelpExamplesWork runs every example of `geo` and its subcommands
// (and osmbuild's lines among them) on the shared extracts, in a folder
// of its own: each must exit 0 and print something (issue 29: the
// examples found nothing).
func TestGeoHelpExamplesWork(t *testing.T) {
	shared := filepath.Dir(testutil.Shared(t, "osm/OSMoGrid__helgoland.pbf"))
	dir := t.TempDir()
	var lines []string
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		for _, l := range strings.Split(c.Example, "\n") {
			if l = strings.TrimSpace(l); strings.HasPrefix(l, "surrogator ") {
				lines = append(lines, l)
			}
		}
		for _, s := range c.Commands() {
			walk(s)
		}
	}
	walk(newGeoCmd())
	// the packs the examples name are built first (geoExamples' own lines)
	built := map[string]bool{}
	for _, l := range lines {
		w := shellWords(l)
		if w[1] == "osmbuild" {
			built[w[len(w)-1]] = true
		}
	}
	if !built["helgoland.pack"] || !built["bayreuth.pack"] {
		t.Fatalf("the examples build %v; want helgoland.pack and bayreuth.pack", built)
	}
	sortFirst := func(ls []string) []string {
		var a, b []string
		for _, l := range ls {
			if strings.Contains(l, " osmbuild ") {
				a = append(a, l)
			} else {
				b = append(b, l)
			}
		}
		return append(a, b...)
	}
	for _, l := range sortFirst(lines) {
		args := shellWords(l)[1:]
		for i, a := range args {
			switch {
			case strings.HasPrefix(a, "../shared/osm/"):
				args[i] = filepath.Join(shared, strings.TrimPrefix(a, "../shared/osm/"))
			case strings.HasSuffix(a, ".pack"):
				args[i] = filepath.Join(dir, a)
			}
		}
		code, stdout, stderr := run(t, args...)
		if code != exitOK || strings.TrimSpace(stdout) == "" || strings.Contains(stderr, "only ") {
			t.Errorf("%s: exit %d\n%s%s", l, code, stdout, stderr)
		}
	}
}

// TestGeoLookupAndSample: names by prefix and without regard to case, a
// point just off the coast within the tolerance, samples without repeats
// and only places with postcodes and streets.
func TestGeoLookupAndSample(t *testing.T) {
	dir := t.TempDir()
	pack := func(extract string) string {
		p := filepath.Join(dir, filepath.Base(extract)+".pack")
		if code, _, stderr := run(t, "osmbuild", testutil.Shared(t, "osm/"+extract), "-o", p); code != exitOK {
			t.Fatalf("osmbuild %s: exit %d: %s", extract, code, stderr)
		}
		return p
	}
	helgoland, bayreuth := pack("OSMoGrid__helgoland.pbf"), pack("graphhopper__north-bayreuth.osm.gz")
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"HELGOLAND"}, exitOK, "#1 Helgoland "},
		{[]string{"helgo"}, exitOK, "1 start with it"},
		{[]string{"Helgolant"}, exitError, ""},
		{[]string{"--at", "54.18,7.88"}, exitOK, "Helgoland"},
		{[]string{"--at", "54.18,7.88", "--tolerance", "0"}, exitError, ""},
		{[]string{"--at", "54.30,8.20"}, exitError, ""}, // the open sea
	} {
		code, stdout, stderr := run(t, append([]string{"geo", "lookup", helgoland}, tc.args...)...)
		if code != tc.code || !strings.Contains(stdout, tc.want) {
			t.Errorf("lookup %v: exit %d\n%s%s", tc.args, code, stdout, stderr)
		}
	}
	for seed := 1; seed <= 20; seed++ {
		code, stdout, stderr := run(t, "geo", "sample", bayreuth, "-n", "3", "--seed", string(rune('0'+seed%10)), "--size", "city")
		lines := strings.Split(strings.TrimSpace(stdout), "\n")
		seen := map[string]bool{}
		for _, l := range lines {
			f := strings.Split(l, "\t")
			if len(f) != 4 || seen[f[0]] || f[2] == "postcodes " || f[3] == "streets 0" {
				t.Errorf("seed %d: sample line %q in\n%s", seed, l, stdout)
			}
			seen[f[0]] = true
		}
		if code != exitOK || len(lines) != 3 {
			t.Fatalf("sample: exit %d\n%s%s", code, stdout, stderr)
		}
	}
	if _, err := os.Stat(helgoland); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := run(t, "geo", "sample", helgoland, "-n", "3")
	if code != exitOK || strings.Count(stdout, "\n") != 1 || !strings.Contains(stderr, "only 1 municipalities") {
		t.Errorf("sample of a one-place pack: exit %d\n%s%s", code, stdout, stderr)
	}
}
