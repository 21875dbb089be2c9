package engine

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/surrogator/surrogator/surrogator/qc"
)

func TestParseSuspects(t *testing.T) {
	for in, want := range map[string]string{"": SuspectsReport, "report": SuspectsReport, "EXCLUDE": SuspectsExclude, " exclude ": SuspectsExclude} {
		if got, err := ParseSuspects(in); err != nil || got != want {
			t.Errorf("%q: %q %v, want %q", in, got, err, want)
		}
	}
	if _, err := ParseSuspects("drop"); err == nil {
		t.Error("unknown policy accepted")
	}
}

func TestSuspectDecision(t *testing.T) {
	dir := t.TempDir()
	tf := filepath.Join(dir, "toggle.csv")
	if err := os.WriteFile(tf, []byte("document,part_of_corpus\nreleased.txt,1\nheld.txt,0\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	tg, err := qc.ReadToggle(tf)
	if err != nil {
		t.Fatal(err)
	}
	with, without := 1, 0
	cases := []struct {
		name   string
		q      int
		t      *qc.Toggle
		doc    string
		policy string
		held   bool
	}{
		{"report keeps the decision", with, nil, "a.txt", "", false},
		{"report explicit", with, nil, "a.txt", SuspectsReport, false},
		{"exclude holds back", with, nil, "a.txt", SuspectsExclude, true},
		{"exclude without suspects", without, nil, "a.txt", SuspectsExclude, false},
		{"exclude, released in the toggle file", with, tg, "released.txt", SuspectsExclude, false},
		{"exclude, listed 0: the toggle decides", with, tg, "held.txt", SuspectsExclude, false},
		{"exclude, not listed", with, tg, "other.txt", SuspectsExclude, true},
		{"unknown policy fails safe", with, nil, "a.txt", "drop", true},
	}
	for _, c := range cases {
		reason, detail := suspectDecision(c.q, c.t, "p", c.doc, c.policy)
		if (reason != "") != c.held {
			t.Errorf("%s: reason %q, held %v", c.name, reason, c.held)
		}
		if strings.Contains(detail, "secret-text") {
			t.Errorf("%s: detail leaks suspect text", c.name)
		}
	}
}
