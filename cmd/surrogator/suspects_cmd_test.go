package main

import (
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// suspectLetters: an invented BRAT letter whose annotated surname repeats
// unannotated, next to an unannotated date.
func suspectLetters(t *testing.T) string {
	text := "Grüße an Frau Wendelmuth. Frau Wendelmuth kam am 12.03.2021.\n"
	return writeFiles(t, map[string]string{
		"brief.txt": text,
		"brief.ann": "T1\tNAME_PATIENT 14 24\tWendelmuth\n",
	})
}

func TestInspectCountsSuspectsWithoutText(t *testing.T) {
	dir := suspectLetters(t)
	code, out, errs := run(t, "inspect", "--json", dir)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var projs []struct {
		Documents []struct {
			Suspects    int               `json:"suspects"`
			SuspectList []json.RawMessage `json:"suspect_list"`
		} `json:"documents"`
	}
	if err := json.Unmarshal([]byte(out), &projs); err != nil || len(projs) != 1 || len(projs[0].Documents) != 1 {
		t.Fatalf("%v: %s", err, out)
	}
	if d := projs[0].Documents[0]; d.Suspects != 2 || d.SuspectList != nil {
		t.Errorf("suspects %d, list %v (texts only with --show-text)", d.Suspects, d.SuspectList)
	}
	code, out, _ = run(t, "inspect", dir)
	if code != 0 || strings.Contains(out, "12.03.2021") || !strings.Contains(out, "suspects") {
		t.Errorf("inspect table: exit %d, suspect column or leaked text:\n%s", code, out)
	}
	code, out, _ = run(t, "inspect", "--show-text", dir)
	if code != 0 || !strings.Contains(out, `? DATE`) || !strings.Contains(out, "(suspect: date)") {
		t.Errorf("inspect --show-text marks no suspect:\n%s", out)
	}
}

func TestQCWritesSuspectsPrivately(t *testing.T) {
	dir := suspectLetters(t)
	out := filepath.Join(t.TempDir(), "out")
	code, stdout, stderr := run(t, "qc", "--out", out, dir)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if strings.Contains(stdout+stderr, "12.03.2021") || !strings.Contains(stdout, "2 suspected unannotated PII in 1 documents") {
		t.Errorf("stdout/stderr: %q %q", stdout, stderr)
	}
	files, _ := filepath.Glob(filepath.Join(out, "private", "*", "*", "quality_control", "suspects.csv"))
	if len(files) != 1 {
		t.Fatalf("suspects.csv: %v", files)
	}
	if fi, err := os.Stat(files[0]); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("suspects.csv mode: %v %v", fi.Mode(), err)
	}
	f, _ := os.Open(files[0])
	rows, err := csv.NewReader(f).ReadAll()
	f.Close()
	if err != nil || len(rows) != 3 {
		t.Fatalf("%v %q", err, rows)
	}
	// BRAT: code points ("Grüße" is 5 code points, 6 bytes)
	want := [][]string{{"document", "begin", "end", "kind", "text"},
		{"brief.txt", "31", "41", "NAME_PATIENT", "Wendelmuth"}, {"brief.txt", "49", "59", "DATE", "12.03.2021"}}
	for i := range want {
		if strings.Join(rows[i], ",") != strings.Join(want[i], ",") {
			t.Errorf("row %d: %q, want %q", i, rows[i], want[i])
		}
	}
}
