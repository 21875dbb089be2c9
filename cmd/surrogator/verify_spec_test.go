package main

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/spf13/pflag"
	"github.com/surrogator/surrogator/internal/testutil"
)

// letters copies three GraSCCo letters into a new folder.
func graSCCoLetters(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "briefe")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, f := range testutil.GrasccoCAS(t)[:3] {
		if err := os.WriteFile(filepath.Join(dir, f.Name), f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// synthPack builds a small geodata pack from a synthetic extract (seed
// decides its places).
func synthPack(t *testing.T, dir, seed string) string {
	t.Helper()
	pbf := filepath.Join(dir, "synth-"+seed+".osm.pbf")
	pack := filepath.Join(dir, "synth-"+seed+".pack")
	if code, _, stderr := run(t, "synth-osm", "--scale", "0.002", "--seed", seed, "-o", pbf); code != exitOK {
		t.Fatalf("synth-osm: exit %d: %s", code, stderr)
	}
	if code, _, stderr := run(t, "osmbuild", pbf, "-o", pack); code != exitOK {
		t.Fatalf("osmbuild: exit %d: %s", code, stderr)
	}
	return pack
}

// toggleFor writes a toggle file for in from its QC proposal with the
// first document kept out.
func toggleFor(t *testing.T, in string) string {
	t.Helper()
	out := t.TempDir()
	if code, _, stderr := run(t, "qc", "--out", out, in); code != exitOK {
		t.Fatalf("qc: exit %d: %s", code, stderr)
	}
	found, _ := filepath.Glob(filepath.Join(out, "private", "private-*", "*", "quality_control", "corpus_documents.csv"))
	if len(found) != 1 {
		t.Fatalf("corpus_documents.csv: %v", found)
	}
	b, err := os.ReadFile(found[0])
	if err != nil {
		t.Fatal(err)
	}
	b = bytes.TrimPrefix(b, []byte("\ufeff"))
	r := csv.NewReader(bytes.NewReader(b))
	if bytes.Contains(b[:bytes.IndexByte(b, '\n')], []byte(";")) {
		r.Comma = ';'
	}
	rows, err := r.ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	col := -1
	for i, h := range rows[0] {
		if h == "part_of_corpus" {
			col = i
		}
	}
	if col < 0 || len(rows) < 3 {
		t.Fatalf("unexpected layout: %d rows, header %v", len(rows), rows[0])
	}
	for i := 1; i < len(rows); i++ {
		rows[i][col] = "1"
	}
	rows[1][col] = "0"
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	w.Comma = r.Comma
	if err := w.WriteAll(rows); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), "corpus_documents.csv")
	if err := os.WriteFile(p, buf.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

// copyDir copies the regular files of src (names matching keep) into a
// new folder.
func copyDir(t *testing.T, src string, keep func(string) bool) string {
	t.Helper()
	dst := filepath.Join(t.TempDir(), filepath.Base(src))
	if err := os.Mkdir(dst, 0o755); err != nil {
		t.Fatal(err)
	}
	ents, err := os.ReadDir(src)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		if !e.Type().IsRegular() || !keep(e.Name()) {
			continue
		}
		b, err := os.ReadFile(filepath.Join(src, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dst, e.Name()), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dst
}

// recordedRun runs `surrogator run args... in` into a new folder and
// returns the private run folder.
func recordedRun(t *testing.T, in string, args ...string) string {
	t.Helper()
	out := filepath.Join(t.TempDir(), "out")
	args = append(append([]string{"run", "--out", out}, args...), in)
	if code, stdout, stderr := run(t, args...); code != exitOK {
		t.Fatalf("%v: exit %d\n%s%s", args, code, stdout, stderr)
	}
	dirs, _ := filepath.Glob(filepath.Join(out, "private", "private-*"))
	if len(dirs) != 1 {
		t.Fatalf("private run folders: %v", dirs)
	}
	return dirs[0]
}

// TestVerifyEveryInput: a run made with each input that changes the output
// is reproduced by `surrogator verify` (exit 0, every file identical), and
// verify names the input when it changed afterwards. Before runspec,
// verify opened packs and pools apart from run and failed for every pack
// run (issue 27).
func TestVerifyEveryInput(t *testing.T) {
	letters := graSCCoLetters(t)
	work := t.TempDir()
	pack := synthPack(t, work, "1")
	sharedPack := filepath.Join(work, "harsdorf.pack")
	if code, _, stderr := run(t, "osmbuild", testutil.Shared(t, "osm/graphhopper__harsdorf.osm.pbf"), "-o", sharedPack); code != exitOK {
		t.Fatalf("osmbuild: exit %d: %s", code, stderr)
	}
	sharedPools := testutil.Shared(t, "pools")
	smallPools := copyDir(t, sharedPools, func(n string) bool { return n == "Krankenhaus.txt" || n == "Krankenkasse.txt" })
	keyFile := filepath.Join(work, "corpus.key")
	if code, _, stderr := run(t, "run", "--seed", "1", "--key-file", keyFile, "--out", filepath.Join(work, "keyout"), letters); code != exitOK {
		t.Fatalf("key: exit %d: %s", code, stderr) // creates the key file
	}
	toggle := toggleFor(t, letters)

	cases := []struct {
		name string
		args []string
		// change edits one input after the run; verify must then name
		// want (a line of its report starts with it).
		change func(t *testing.T)
		want   string
	}{
		{name: "synthetic pack", args: []string{"--geodata", pack},
			change: func(t *testing.T) {
				other := synthPack(t, t.TempDir(), "2")
				b, err := os.ReadFile(other)
				if err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(pack, b, 0o644); err != nil {
					t.Fatal(err)
				}
			}, want: "geodata"},
		{name: "shared pack", args: []string{"--geodata", sharedPack}},
		{name: "shared pools", args: []string{"--pools", sharedPools}},
		{name: "pools changed", args: []string{"--pools", smallPools},
			change: func(t *testing.T) {
				p := filepath.Join(smallPools, "Krankenhaus.txt")
				b, _ := os.ReadFile(p)
				if err := os.WriteFile(p, append(b, []byte("Klinikum Neustadt am Walde\n")...), 0o644); err != nil {
					t.Fatal(err)
				}
			}, want: "pools"},
		{name: "corpus scope with key", args: []string{"--scope", "corpus", "--key-file", keyFile},
			change: func(t *testing.T) {
				if err := os.WriteFile(keyFile, bytes.Repeat([]byte{7}, 32), 0o600); err != nil {
					t.Fatal(err)
				}
			}, want: "key"},
		{name: "replace state", args: []string{"--replace-state", "--geodata", sharedPack}},
		{name: "toggle", args: []string{"--toggle", toggle, "--mode", "gemtex"},
			change: func(t *testing.T) {
				b, _ := os.ReadFile(toggle)
				if err := os.WriteFile(toggle, bytes.Replace(b, []byte(",0,"), []byte(",1,"), 1), 0o600); err != nil {
					t.Fatal(err)
				}
			}, want: "toggle"},
		{name: "date shift range", args: []string{"--date-shift-range", "20:30", "--suspects", "exclude"}},
		{name: "fixed shift, entity", args: []string{"--date-shift", "9", "--mode", "entity", "--max-doc-bytes", "8MiB"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			private := recordedRun(t, letters, append([]string{"--seed", "5"}, tc.args...)...)
			code, stdout, stderr := run(t, "verify", private)
			if code != exitOK || !strings.Contains(stdout, "identical:") {
				t.Fatalf("verify: exit %d\n%s%s", code, stdout, stderr)
			}
			if tc.change == nil {
				return
			}
			tc.change(t)
			code, stdout, stderr = run(t, "verify", private)
			if code == exitOK {
				t.Fatalf("verify after a changed %s: exit 0\n%s", tc.want, stdout)
			}
			named := strings.Contains(stderr, tc.want)
			for _, l := range strings.Split(stdout, "\n") {
				named = named || strings.HasPrefix(l, tc.want+" ") || strings.HasPrefix(l, tc.want+":")
			}
			if !named {
				t.Errorf("verify does not name the changed %s:\n%s%s", tc.want, stdout, stderr)
			}
		})
	}
}

// notOutput are the run flags that do not change a run's output (how it
// runs, where it writes, what it prints). Every other flag must change the
// recorded specification.
var notOutput = map[string]string{
	"workers": "parallel workers: the output does not depend on them",
	"out":     "where the run writes",
	"help":    "help",
	"quiet":   "what is printed",
	"json":    "what is printed",
	"debug":   "what is printed",
	"output":  "hidden alias of --out",
	// accepting a key file others may read is a permission check, not an
	// input of the output (the key's fingerprint is recorded)
	"key-insecure-perms": "a permission check of the key file",
}

// flagValues are non-default values of the run flags that change the
// output; a new flag needs one here (and its place in the Spec).
var flagValues = map[string]string{
	"mode": "gemtex", "toggle": "t.csv", "seed": "7", "scope": "corpus", "key-file": "k.key",
	"date-shift": "0", "date-shift-range": "20:30", "geodata": "x.pack", "replace-state": "true",
	"suspects": "exclude", "resources": "res", "pools": "pools", "embedder": "onnx", "model": "m",
	"phi-type": "webanno.custom.Other", "phi-feature": "label", "annotator": "anna", "typesystem": "ts.xml",
	"max-doc-bytes": "1MiB", "max-zip-bytes": "1GiB", "max-zip-entries": "9",
}

// TestRunFlagsRecorded fails when a run flag is added that the run's
// specification (recorded whole in provenance.json) does not take up:
// every flag not listed in notOutput must change the Spec, and the Spec's
// options must be what the engine records (engine.Options.Recorded).
func TestRunFlagsRecorded(t *testing.T) {
	spec := func(set map[string]string) string {
		var o runOptions
		c := newRunCmdFor(&o)
		for k, v := range set {
			if err := c.Flags().Set(k, v); err != nil {
				t.Fatalf("--%s %s: %v", k, v, err)
			}
		}
		s, err := o.spec(c)
		if err != nil {
			t.Fatalf("%v: %v", set, err)
		}
		b, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	base := spec(nil)
	var names []string
	newRunCmd().Flags().VisitAll(func(f *pflag.Flag) { names = append(names, f.Name) })
	sort.Strings(names)
	for _, n := range names {
		if _, ok := notOutput[n]; ok {
			continue
		}
		v, ok := flagValues[n]
		if !ok {
			t.Errorf("run flag --%s: neither recorded nor listed as not changing the output (add it to the Spec and flagValues, or to notOutput)", n)
			continue
		}
		set := map[string]string{n: v}
		if n == "model" {
			set["embedder"] = "onnx"
		}
		if n == "embedder" {
			set["model"] = "m"
		}
		against := base
		if n == "model" {
			against = spec(map[string]string{"embedder": "onnx", "model": "other"})
		}
		if spec(set) == against {
			t.Errorf("run flag --%s %s does not change the recorded specification", n, v)
		}
	}
}
