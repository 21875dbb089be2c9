package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

func TestParseByteSize(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want int64
		ok   bool
	}{
		{"1024", 1024, true}, {"64MiB", 64 << 20, true}, {"64 mb", 64 << 20, true}, {"64M", 64 << 20, true},
		{"1.5GiB", 3 << 29, true}, {"2k", 2048, true}, {"7B", 7, true},
		{"", 0, false}, {"0", 0, false}, {"-1", 0, false}, {"12 parsecs", 0, false}, {"MiB", 0, false}, {"1e3", 0, false},
	} {
		got, err := parseByteSize(tt.in)
		if (err == nil) != tt.ok || got != tt.want {
			t.Errorf("%q: %d %v, want %d ok=%v", tt.in, got, err, tt.want, tt.ok)
		}
	}
	var b byteSize
	if err := b.Set("64MiB"); err != nil || b.String() != "64 MiB" {
		t.Errorf("flag value %v %v", b.String(), err)
	}
}

// TestFlagsConsistent: every verb spells its output --out (-o), the old
// --output is a hidden alias, and every byte-count flag takes units.
func TestFlagsConsistent(t *testing.T) {
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		c.Flags().VisitAll(func(f *pflag.Flag) {
			switch {
			case f.Name == "output" && !f.Hidden:
				t.Errorf("%s: visible --output (spell it --out)", c.CommandPath())
			case f.Name == "out" && f.Shorthand != "o":
				t.Errorf("%s: --out without -o", c.CommandPath())
			case f.Name == "o":
				t.Errorf("%s: a flag named o", c.CommandPath())
			case strings.HasPrefix(f.Name, "max-") && (strings.HasSuffix(f.Name, "-bytes") || strings.HasSuffix(f.Name, "-upload")):
				if f.Value.Type() != "size" {
					t.Errorf("%s --%s: type %s, want size", c.CommandPath(), f.Name, f.Value.Type())
				} else if err := f.Value.Set("64MiB"); err != nil {
					t.Errorf("%s --%s 64MiB: %v", c.CommandPath(), f.Name, err)
				} else if err := f.Value.Set("1048576"); err != nil || f.Value.String() != "1 MiB" && f.Value.String() != "1048576" {
					t.Errorf("%s --%s 1048576: %v %q", c.CommandPath(), f.Name, err, f.Value.String())
				}
			}
		})
		for _, s := range c.Commands() {
			walk(s)
		}
	}
	walk(newRootCmd())

	// the old spelling still works
	out := filepath.Join(t.TempDir(), "x.osm.pbf")
	if code, _, stderr := run(t, "synth-osm", "--scale", "0.0005", "--output", out); code != exitOK {
		t.Fatalf("synth-osm --output: exit %d: %s", code, stderr)
	}
	if _, err := os.Stat(out); err != nil {
		t.Fatal(err)
	}
}
