package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestAuditMappingDates (issue 25): the standalone audit with a nested
// mapping.json passes a fictive run of the sample letters and catches a
// date original more specific than a year planted in a public letter.
func TestAuditMappingDates(t *testing.T) {
	out := t.TempDir()
	if code, _, stderr := run(t, "run", "--seed", "3", "--out", out, samples(t)); code != exitOK {
		t.Fatalf("run: exit %d: %s", code, stderr)
	}
	pubs, _ := filepath.Glob(filepath.Join(out, "public", "public-*", "sample-letters"))
	maps, _ := filepath.Glob(filepath.Join(out, "private", "private-*", "sample-letters", "mapping.json"))
	if len(pubs) != 1 || len(maps) != 1 {
		t.Fatalf("public %v, mapping %v", pubs, maps)
	}
	public := filepath.Dir(pubs[0])
	if code, stdout, stderr := run(t, "audit", "--mapping", maps[0], public); code != exitOK {
		t.Fatalf("audit of a clean run: exit %d: %s %s", code, stdout, stderr)
	}
	// plant a date original of one letter in its own public text
	var m map[string]struct {
		DocID       string                       `json:"docid"`
		Annotations map[string]map[string]string `json:"annotations"`
	}
	b, err := os.ReadFile(maps[0])
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	planted := ""
	for _, d := range m {
		for _, orig := range d.Annotations["DATE"] {
			if strings.Count(orig, ".") == 2 && planted == "" {
				f := filepath.Join(pubs[0], d.DocID+".txt")
				text, err := os.ReadFile(f)
				if err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(f, append(text, []byte("\nKontrolle am "+orig+".\n")...), 0o600); err != nil {
					t.Fatal(err)
				}
				planted = f
			}
		}
	}
	if planted == "" {
		t.Fatal("no full date in the sample letters")
	}
	code, stdout, _ := run(t, "audit", "--mapping", maps[0], public)
	if code != exitError || !strings.Contains(stdout, "LEAK "+planted) {
		t.Fatalf("planted date: exit %d: %s", code, stdout)
	}
}
