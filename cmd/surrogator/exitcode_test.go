package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/surrogator/surrogator/internal/testutil"
	"github.com/surrogator/surrogator/surrogator/engine"
)

// TestSharedExportToggleExit: on the shared INCEpTION export with the
// toggle file qc writes (its two documents with wrong annotations are 0),
// every exclusion is the curator's decision: exit 0, the documents listed
// by public id on stdout and in run.json. Releasing a document with wrong
// annotations in the toggle file makes it an exclusion by failure: exit 3,
// named on stderr (issue 29).
func TestSharedExportToggleExit(t *testing.T) {
	zip := testutil.Shared(t, testutil.ProjectZip)
	qcOut := t.TempDir()
	if code, _, stderr := run(t, "qc", "--out", qcOut, zip); code != exitOK {
		t.Fatalf("qc: exit %d: %s", code, stderr)
	}
	found, _ := filepath.Glob(filepath.Join(qcOut, "private", "private-*", "*", "quality_control", "corpus_documents.csv"))
	if len(found) != 1 {
		t.Fatalf("corpus_documents.csv: %v", found)
	}
	toggle := found[0]

	out := filepath.Join(t.TempDir(), "out")
	code, stdout, stderr := run(t, "run", "--seed", "1", "--toggle", toggle, "--out", out, zip)
	if code != exitOK || strings.Contains(stderr, "excluded:") {
		t.Fatalf("qc's toggle file: exit %d\n%s%s", code, stdout, stderr)
	}
	ids := regexp.MustCompile(`(?m)^  project-deid-test-data-1/doc-[0-9a-f]+$`).FindAllString(stdout, -1)
	if len(ids) != 5 || !strings.Contains(stdout, "not released (toggle): 5 documents") {
		t.Fatalf("stdout lists %d documents:\n%s", len(ids), stdout)
	}
	runs, _ := filepath.Glob(filepath.Join(out, "private", "private-*", "run.json"))
	if len(runs) != 1 {
		t.Fatalf("run.json: %v", runs)
	}
	b, err := os.ReadFile(runs[0])
	if err != nil {
		t.Fatal(err)
	}
	var rec struct {
		Excluded []engine.Excluded `json:"excluded"`
	}
	if err := json.Unmarshal(b, &rec); err != nil {
		t.Fatal(err)
	}
	wrong := 0
	for _, e := range rec.Excluded {
		if e.Reason != engine.ReasonNotReleased || !strings.Contains(stdout, "/"+e.DocID+"\n") {
			t.Errorf("run.json: %s/%s %q (%s)", e.Project, e.DocID, e.Reason, e.Detail)
		}
		if strings.Contains(e.Detail, "annotations are wrong") {
			wrong++
		}
	}
	if len(rec.Excluded) != 5 || wrong != 2 {
		t.Errorf("run.json: %d excluded, %d of them with wrong annotations; want 5 and 2", len(rec.Excluded), wrong)
	}

	// every document released by the curator: the two with wrong
	// annotations are excluded by failure
	all, err := os.ReadFile(toggle)
	if err != nil {
		t.Fatal(err)
	}
	all = regexp.MustCompile(`(?m),0,(\d+)\r?$`).ReplaceAll(all, []byte(",1,$1"))
	released := filepath.Join(t.TempDir(), "corpus_documents.csv")
	if err := os.WriteFile(released, all, 0o600); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr = run(t, "run", "--seed", "1", "--toggle", released, "--out", filepath.Join(t.TempDir(), "out"), zip)
	if code != exitPartial || strings.Count(stderr, ": wrong annotations") != 2 || bytes.Contains(all, []byte(",0,")) {
		t.Fatalf("all released: exit %d\n%s%s", code, stdout, stderr)
	}
}
