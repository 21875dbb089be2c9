package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/surrogator/surrogator/internal/testutil"
)

func run(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	root := newRootCmd()
	var out, errb bytes.Buffer
	root.SetOut(&out)
	root.SetErr(&errb)
	root.SetArgs(args)
	err := root.Execute()
	if err != nil {
		errb.WriteString(err.Error())
	}
	return exitCode(err), out.String(), errb.String()
}

func TestExitCodes(t *testing.T) {
	samples := filepath.Join(testutil.RepoRoot(t), "testdata", "sample-letters")
	tests := []struct {
		name string
		args []string
		want int
	}{
		{"version", []string{"version"}, exitOK},
		{"unknown verb", []string{"bogus"}, exitUsage},
		{"unknown flag", []string{"run", "--bogus", samples}, exitUsage},
		{"missing args", []string{"run"}, exitUsage},
		{"bad mode", []string{"run", "--mode", "nope", samples}, exitUsage},
		{"bad scope", []string{"run", "--scope", "world", samples}, exitUsage},
		{"missing input", []string{"inspect", filepath.Join(t.TempDir(), "none")}, exitError},
		{"audit without originals", []string{"audit", t.TempDir()}, exitUsage},
		{"demo run", []string{"run", "--seed", "1", "--out", t.TempDir(), samples}, exitOK},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got, _, errs := run(t, tt.args...); got != tt.want {
				t.Fatalf("exit %d, want %d (%s)", got, tt.want, errs)
			}
		})
	}
}

// TestPartialRunNamesDocumentsByID: excluded documents make exit code 3
// and are named on stderr by public id, never by file name.
func TestPartialRunNamesDocumentsByID(t *testing.T) {
	zip := testutil.Shared(t, testutil.ProjectZip)
	root := newRootCmd()
	var out, errb bytes.Buffer
	root.SetOut(&out)
	root.SetErr(&errb)
	root.SetArgs([]string{"run", "--mode", "gemtex", "--seed", "1", "--out", t.TempDir(), zip})
	err := root.Execute()
	if exitCode(err) != exitPartial {
		t.Fatalf("exit %d (%v)", exitCode(err), err)
	}
	stderr := errb.String()
	if strings.Count(stderr, "excluded: ") != 5 {
		t.Fatalf("stderr: %s", stderr)
	}
	for _, name := range []string{"alpenwirt", "busfahrerin", "weitsprung", "minister", "gesetzes"} {
		if strings.Contains(stderr, name) || strings.Contains(out.String(), name) {
			t.Errorf("output names document %s", name)
		}
	}
}
