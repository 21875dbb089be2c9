package main

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/surrogator/surrogator/internal/gctune"
	"github.com/surrogator/surrogator/internal/testutil"
	"github.com/surrogator/surrogator/surrogator/engine"
	"github.com/surrogator/surrogator/surrogator/formats"
)

// run executes a command line as main does (stderr and stdout captured,
// not a terminal) and returns the exit code.
func run(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	return runCtx(t, context.Background(), args...)
}

func runCtx(t *testing.T, ctx context.Context, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := execute(ctx, args, &out, &errb)
	return code, out.String(), errb.String()
}

// samples is the repository's fictitious sample letters (BRAT).
func samples(t *testing.T) string {
	return filepath.Join(testutil.RepoRoot(t), "testdata", "sample-letters")
}

// copySamples copies the sample letters n times into subfolders of a new
// folder (every copy a document of its own: names are relative paths).
func copySamples(t *testing.T, n int) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "letters")
	src := samples(t)
	entries, err := os.ReadDir(src)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < n; i++ {
		sub := filepath.Join(dir, fmt.Sprintf("batch%04d", i))
		if err := os.MkdirAll(sub, 0o755); err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			b, err := os.ReadFile(filepath.Join(src, e.Name()))
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(sub, e.Name()), b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	return dir
}

// writeFiles makes a folder holding the given files.
func writeFiles(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "input")
	for name, content := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func emptyZip(t *testing.T) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "empty.zip")
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := zip.NewWriter(f).Close(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	return p
}

// unreadableLetters is a folder of CAS JSON documents none of which can be
// read (broken JSON).
func unreadableLetters(t *testing.T) string {
	return writeFiles(t, map[string]string{
		"a.json": `{"%TYPES": {`,
		"b.json": `{"%FEATURE_STRUCTURES": [}`,
	})
}

// partlyUnreadable is the sample letters plus one broken CAS JSON file.
func partlyUnreadable(t *testing.T) string {
	dir := copySamples(t, 1)
	if err := os.WriteFile(filepath.Join(dir, "broken.json"), []byte(`{"%TYPES": {`), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// noAdminOSM is an OSM XML extract with a node and a way but no admin
// area.
func noAdminOSM(t *testing.T) string {
	return filepath.Join(writeFiles(t, map[string]string{"tiny.osm": `<?xml version="1.0" encoding="UTF-8"?>
<osm version="0.6" generator="test">
  <node id="1" lat="54.18" lon="7.88"><tag k="amenity" v="bench"/></node>
  <node id="2" lat="54.19" lon="7.89"/>
  <way id="10"><nd ref="1"/><nd ref="2"/><tag k="highway" v="footway"/></way>
</osm>
`}), "tiny.osm")
}

// TestExitCodes runs every exit code of SPEC §8 through the command line.
func TestExitCodes(t *testing.T) {
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	fixture := filepath.Join(testutil.RepoRoot(t), "osmbuild", "testdata", "fixture.osm")
	tests := []struct {
		name string
		ctx  context.Context
		args []string
		want int
		// stderr must contain this
		msg string
	}{
		{name: "version", args: []string{"version"}, want: exitOK},
		{name: "help", args: []string{"--help"}, want: exitOK},
		{name: "help verb", args: []string{"help", "run"}, want: exitOK},
		{name: "help group verb", args: []string{"help", "geo", "info"}, want: exitOK},
		{name: "help unknown topic", args: []string{"help", "bogus"}, want: exitUsage, msg: "unknown help topic"},
		{name: "no arguments", args: nil, want: exitUsage, msg: "no command given"},
		{name: "unknown verb", args: []string{"bogus"}, want: exitUsage, msg: `unknown command "bogus"`},
		{name: "unknown verb with suggestion", args: []string{"rnu"}, want: exitUsage, msg: "did you mean run"},
		{name: "unknown root flag", args: []string{"--bogus"}, want: exitUsage, msg: "unknown flag"},
		{name: "unknown flag", args: []string{"run", "--bogus", samples(t)}, want: exitUsage, msg: "unknown flag"},
		{name: "unknown shorthand flag", args: []string{"qc", "-z", samples(t)}, want: exitUsage, msg: "unknown shorthand flag"},
		{name: "bad flag value", args: []string{"run", "--seed", "abc", samples(t)}, want: exitUsage, msg: "invalid argument"},
		{name: "flag without value", args: []string{"run", samples(t), "--mode"}, want: exitUsage, msg: "needs an argument"},
		{name: "missing args", args: []string{"run"}, want: exitUsage},
		{name: "extra args", args: []string{"version", "x"}, want: exitUsage},
		{name: "group without verb", args: []string{"geo"}, want: exitUsage, msg: "no command given"},
		{name: "group with unknown verb", args: []string{"geo", "bogus"}, want: exitUsage, msg: `unknown command "bogus"`},
		{name: "bad mode", args: []string{"run", "--mode", "nope", samples(t)}, want: exitUsage},
		{name: "bad scope", args: []string{"run", "--scope", "world", samples(t)}, want: exitUsage},
		{name: "audit without originals", args: []string{"audit", t.TempDir()}, want: exitUsage},
		{name: "audit of a folder without the projects' folders", args: []string{"audit", "--input", samples(t), t.TempDir()}, want: exitError, msg: "audit checked no file"},
		{name: "osmbuild without -o", args: []string{"osmbuild", fixture}, want: exitUsage},
		{name: "missing input", args: []string{"inspect", filepath.Join(t.TempDir(), "none")}, want: exitError},
		{name: "inspect empty folder", args: []string{"inspect", t.TempDir()}, want: exitError, msg: "no documents found in"},
		{name: "qc empty folder", args: []string{"qc", "--out", t.TempDir(), t.TempDir()}, want: exitError, msg: "no documents found in"},
		{name: "inspect empty zip", args: []string{"inspect", emptyZip(t)}, want: exitError, msg: "no documents found in"},
		{name: "inspect folder holding an empty zip", args: []string{"inspect", filepath.Dir(emptyZip(t))}, want: exitError, msg: "no readable documents"},
		{name: "qc empty zip", args: []string{"qc", "--out", t.TempDir(), emptyZip(t)}, want: exitError, msg: "no documents found in"},
		{name: "run empty folder", args: []string{"run", "--out", t.TempDir(), t.TempDir()}, want: exitError, msg: "no documents found in"},
		{name: "run all unreadable", args: []string{"run", "--seed", "1", "--out", t.TempDir(), unreadableLetters(t)}, want: exitError, msg: "run.json"},
		{name: "qc all unreadable", args: []string{"qc", "--out", t.TempDir(), unreadableLetters(t)}, want: exitError, msg: "no readable document"},
		{name: "run partly unreadable", args: []string{"run", "--seed", "1", "--out", t.TempDir(), partlyUnreadable(t)}, want: exitPartial, msg: "excluded: "},
		{name: "qc partly unreadable", args: []string{"qc", "--out", t.TempDir(), partlyUnreadable(t)}, want: exitPartial, msg: "1 document(s) unreadable"},
		{name: "osmbuild no admin areas", args: []string{"osmbuild", noAdminOSM(t), "-o", filepath.Join(t.TempDir(), "x.pack")}, want: exitError, msg: "no admin areas"},
		{name: "osmbuild no admin areas allowed", args: []string{"osmbuild", "--allow-empty", noAdminOSM(t), "-o", filepath.Join(t.TempDir(), "x.pack")}, want: exitOK},
		{name: "osmbuild fixture", args: []string{"osmbuild", fixture, "-o", filepath.Join(t.TempDir(), "x.pack")}, want: exitOK},
		{name: "run interrupted", ctx: cancelled, args: []string{"run", "--seed", "1", "--out", t.TempDir(), samples(t)}, want: exitInterrupted, msg: "interrupted: nothing was published"},
		{name: "qc interrupted", ctx: cancelled, args: []string{"qc", "--out", t.TempDir(), samples(t)}, want: exitInterrupted, msg: "interrupted"},
		{name: "osmbuild interrupted", ctx: cancelled, args: []string{"osmbuild", fixture, "-o", filepath.Join(t.TempDir(), "x.pack")}, want: exitInterrupted, msg: "was not written"},
		{name: "demo run", args: []string{"run", "--seed", "1", "--out", t.TempDir(), samples(t)}, want: exitOK},
		{name: "qc", args: []string{"qc", "--out", t.TempDir(), samples(t)}, want: exitOK},
		{name: "inspect", args: []string{"inspect", samples(t)}, want: exitOK},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx := tt.ctx
			if ctx == nil {
				ctx = context.Background()
			}
			got, _, stderr := runCtx(t, ctx, tt.args...)
			if got != tt.want {
				t.Fatalf("exit %d, want %d; stderr:\n%s", got, tt.want, stderr)
			}
			if !strings.Contains(stderr, tt.msg) {
				t.Fatalf("stderr lacks %q:\n%s", tt.msg, stderr)
			}
		})
	}
}

// TestNoArgumentsUsage: without a verb the usage goes to stderr, nothing to
// stdout.
func TestNoArgumentsUsage(t *testing.T) {
	code, stdout, stderr := run(t)
	if code != exitUsage || stdout != "" || !strings.Contains(stderr, "Available Commands:") || !strings.Contains(stderr, "run ") {
		t.Fatalf("exit %d, stdout %q, stderr:\n%s", code, stdout, stderr)
	}
}

// TestExitCodeMapping: the codes come from the error types, also when the
// errors are wrapped, never from the messages.
func TestExitCodeMapping(t *testing.T) {
	wrap := func(err error) error { return fmt.Errorf("outer: %w", err) }
	tests := []struct {
		name string
		err  error
		want int
	}{
		{"nil", nil, exitOK},
		{"plain error", errors.New("unknown command (just a message)"), exitError},
		{"no documents", wrap(fmt.Errorf("formats: %w in x", formats.ErrNoDocuments)), exitError},
		{"nothing released", wrap(engine.ErrNothingReleased), exitError},
		{"usage", usageError{errors.New("x")}, exitUsage},
		{"wrapped usage", wrap(usageError{errors.New("x")}), exitUsage},
		{"partial", partialError{"x"}, exitPartial},
		{"wrapped partial", wrap(partialError{"x"}), exitPartial},
		{"engine interrupted", wrap(fmt.Errorf("%w: %w", engine.ErrInterrupted, context.Canceled)), exitInterrupted},
		{"bare interrupted", engine.ErrInterrupted, exitInterrupted},
		{"context canceled", wrap(context.Canceled), exitInterrupted},
		{"interrupted message", interruptedError{msg: "m", err: context.Canceled}, exitInterrupted},
		{"interrupted beats usage", usageError{context.Canceled}, exitInterrupted},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := exitCode(tt.err); got != tt.want {
				t.Fatalf("exitCode(%v) = %d, want %d", tt.err, got, tt.want)
			}
		})
	}
}

// TestToggleExclusionsExitZero: a reviewed run whose only exclusions are
// the reviewer's part_of_corpus = 0 rows exits 0 and counts them on stdout.
func TestToggleExclusionsExitZero(t *testing.T) {
	in := copySamples(t, 1)
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
	r := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(b, []byte("\ufeff"))))
	if bytes.Count(b[:bytes.IndexByte(b, '\n')], []byte(";")) > 0 {
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
	if col < 0 || len(rows) != 4 {
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
	toggle := filepath.Join(t.TempDir(), "corpus_documents.csv")
	if err := os.WriteFile(toggle, buf.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := run(t, "run", "--mode", "gemtex", "--seed", "1", "--toggle", toggle, "--out", t.TempDir(), in)
	if code != exitOK {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	if !strings.Contains(stdout, "not released (toggle): 1 documents") || strings.Contains(stderr, "excluded:") {
		t.Fatalf("stdout:\n%s\nstderr:\n%s", stdout, stderr)
	}
}

// TestPartialRunNamesDocumentsByID: excluded documents make exit code 3
// and are named on stderr by public id, never by file name.
func TestPartialRunNamesDocumentsByID(t *testing.T) {
	zip := testutil.Shared(t, testutil.ProjectZip)
	code, stdout, stderr := run(t, "run", "--mode", "gemtex", "--seed", "1", "--out", t.TempDir(), zip)
	if code != exitPartial {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if strings.Count(stderr, "excluded: ") == 0 {
		t.Fatalf("stderr: %s", stderr)
	}
	for _, line := range strings.Split(stderr, "\n") {
		if rest, ok := strings.CutPrefix(line, "excluded: "); ok && !strings.Contains(rest, "/doc-") {
			t.Errorf("excluded line without public id: %q", line)
		}
	}
	for _, name := range []string{"alpenwirt", "busfahrerin", "weitsprung", "minister", "gesetzes"} {
		if strings.Contains(stderr, name) || strings.Contains(stdout, name) {
			t.Errorf("output names document %s", name)
		}
	}
}

// TestProgressLines: when stderr is not a terminal, every phase of run,
// qc, inspect and audit gets a start and a summary line, with counts and
// never a document name.
func TestProgressLines(t *testing.T) {
	in := copySamples(t, 2)
	out := t.TempDir()
	tests := []struct {
		name  string
		args  []string
		lines []string
	}{
		{"run", []string{"run", "--seed", "1", "--out", out, in}, []string{
			"read: started", "read: 12 files",
			"write: started (6 documents)", "write: 6 documents, audit passed"}},
		{"qc", []string{"qc", "--out", t.TempDir(), in}, []string{"read: started", "read: 12 files", "qc: started (6 documents)", "qc: 6 documents"}},
		{"inspect", []string{"inspect", in}, []string{"read: started", "read: 12 files"}},
		// the public run folder the run above wrote (found when it runs)
		{"audit", []string{"audit", "--input", in, "PUBLIC"}, []string{"read: 12 files", "audit: started", "audit: 6 files", "0 with original PII"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.args[len(tt.args)-1] == "PUBLIC" {
				dirs, _ := filepath.Glob(filepath.Join(out, "public", "public-*"))
				if len(dirs) != 1 {
					t.Fatalf("public run folders: %v", dirs)
				}
				tt.args[len(tt.args)-1] = dirs[0]
			}
			code, _, stderr := run(t, tt.args...)
			if code != exitOK {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			for _, l := range tt.lines {
				if !strings.Contains(stderr, l) {
					t.Errorf("stderr lacks %q:\n%s", l, stderr)
				}
			}
			for _, name := range []string{"befund", "entlassbrief", "kurzbrief", "batch0"} {
				if strings.Contains(stderr, name) {
					t.Errorf("stderr names %q:\n%s", name, stderr)
				}
			}
		})
	}
}

// TestHelpHasExamples: every verb's --help keeps its examples.
func TestHelpHasExamples(t *testing.T) {
	for _, c := range newRootCmd().Commands() {
		if c.Name() == "help" || c.Name() == "completion" {
			continue
		}
		if c.Example == "" {
			t.Errorf("%s has no examples", c.Name())
		}
		code, stdout, stderr := run(t, c.Name(), "--help")
		if code != exitOK || !strings.Contains(stdout, "Examples:") {
			t.Errorf("%s --help: exit %d, stdout:\n%s\nstderr:\n%s", c.Name(), code, stdout, stderr)
		}
	}
}

// TestOsmbuildEmptyWritesNothing: an extract without admin areas fails
// with errEmptyPack, leaves an existing OUT as it was and no temporary
// file; --allow-empty writes the pack.
func TestOsmbuildEmptyWritesNothing(t *testing.T) {
	in := noAdminOSM(t)
	dir := t.TempDir()
	out := filepath.Join(dir, "x.pack")
	if err := os.WriteFile(out, []byte("old pack"), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	err := runOsmbuild(context.Background(), in, osmbuildOptions{out: out}, &stdout, &stderr)
	if !errors.Is(err, errEmptyPack) || exitCode(err) != exitError {
		t.Fatalf("err = %v", err)
	}
	if b, _ := os.ReadFile(out); string(b) != "old pack" {
		t.Fatalf("OUT was replaced")
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Fatalf("left behind: %v", entries)
	}
	if err := runOsmbuild(context.Background(), in, osmbuildOptions{out: out, allowEmpty: true}, &stdout, &stderr); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(out); string(b) == "old pack" {
		t.Fatalf("--allow-empty did not write the pack")
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Fatalf("left behind: %v", entries)
	}
}

// TestDuplicateNamesOneLine: documents of one name share their public id;
// stderr names that id once, with the count, not once per document.
func TestDuplicateNamesOneLine(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "p")
	os.MkdirAll(dir, 0o755)
	os.WriteFile(filepath.Join(dir, "x.jsonl"), []byte(`{"id":"a","text":"Herr Meier kam.","spans":[{"begin":5,"end":10,"kind":"NAME_PATIENT"}]}
{"id":"a","text":"Frau Kunz kam.","spans":[{"begin":5,"end":9,"kind":"NAME_PATIENT"}]}
`), 0o644)
	os.WriteFile(filepath.Join(dir, "y.jsonl"), []byte(`{"id":"c","text":"Herr Lenz kam.","spans":[{"begin":5,"end":9,"kind":"NAME_PATIENT"}]}
`), 0o644)
	code, _, stderr := run(t, "run", "--seed", "1", "--out", filepath.Join(t.TempDir(), "out"), dir)
	if code != exitPartial {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if n := strings.Count(stderr, "excluded: p/doc-"); n != 1 || !strings.Contains(stderr, "(2 documents of this name)") {
		t.Fatalf("%d excluded lines:\n%s", n, stderr)
	}
}

func TestGCProfile(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want gctune.Profile
	}{
		{[]string{"run", "--mode", "x", "in"}, gctune.Corpus},
		{[]string{"qc", "in"}, gctune.Corpus},
		{[]string{"inspect", "in"}, gctune.Corpus},
		{[]string{"audit", "out"}, gctune.Corpus},
		{[]string{"verify", "out"}, gctune.Corpus},
		{[]string{"annotate", "in", "--out", "o"}, gctune.Corpus},
		{[]string{"recommend"}, gctune.Default},
		{[]string{"osmbuild", "de.pbf", "-o", "de.pack"}, gctune.Default},
		{[]string{"serve"}, gctune.Default},
		{[]string{"geo", "info", "run"}, gctune.Default}, // the verb is the first word only
		{[]string{"--help"}, gctune.Default},
		{nil, gctune.Default},
		// as cobra finds the verb (review): flags before it, and a flag's
		// value that is a verb's name
		{[]string{"--mode", "x", "run", "in"}, gctune.Corpus},
		{[]string{"-j", "2", "run", "in"}, gctune.Corpus},
		{[]string{"--out", "run", "osmbuild", "in.pbf", "-o", "x.pack"}, gctune.Default},
		{[]string{"-o", "qc", "serve"}, gctune.Default},
		{[]string{"help", "run"}, gctune.Default},
	} {
		if got := gcProfile(tc.args); got != tc.want {
			t.Errorf("gcProfile(%q) = %v, want %v", tc.args, got, tc.want)
		}
	}
}
