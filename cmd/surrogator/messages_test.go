package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestPlainMessage(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"engine: toggle file: qc: toggle: toggle file rejected: rows naming no document (1 problem):\n  line 2: no document",
			"toggle file rejected: rows naming no document (1 problem):\n  line 2: no document"},
		{"geo: open x.pack: geo: malformed pack: bad magic", "open x.pack: malformed pack: bad magic"},
		{"engine: formats: no documents found in in/", "no documents found in in/"},
		{"--scope must be document or corpus", "--scope must be document or corpus"},
		{"verify: 2 output file(s) differ", "2 output file(s) differ"},
		{"read: EOF", "EOF"},
		{"eof", "eof"}, // the last segment always stays
		{"key file: key file too short", "key file too short"},
	} {
		if got := plain(tc.in); got != tc.want {
			t.Errorf("plain(%q)\n= %q\nwant %q", tc.in, got, tc.want)
		}
	}
	err := fmt.Errorf("engine: toggle file: %w", errors.New("qc: toggle: toggle file rejected"))
	if got := message(err, false); got != "surrogator: toggle file rejected" {
		t.Errorf("message: %q", got)
	}
	if got := message(err, true); got != "surrogator: engine: toggle file: qc: toggle: toggle file rejected" {
		t.Errorf("message --debug: %q", got)
	}
}

// TestMessagesOnTheCommandLine: what main prints has no package chain
// (with --debug it has), qc and run refuse an output folder they cannot
// make before reading anything, and duplicate names are named as the
// reason on stderr when nothing could be published.
func TestMessagesOnTheCommandLine(t *testing.T) {
	in := copySamples(t, 1)
	bad := filepath.Join(t.TempDir(), "toggle.csv")
	os.WriteFile(bad, []byte("document,part_of_corpus\nnot-a-letter.txt,1\n"), 0o600)
	code, _, stderr := run(t, "run", "--toggle", bad, "--out", t.TempDir(), in)
	if code != exitError || !strings.Contains(stderr, "\nsurrogator: toggle file rejected") || strings.Contains(stderr, "engine:") {
		t.Errorf("exit %d: %s", code, stderr)
	}
	if _, _, stderr := run(t, "run", "--debug", "--toggle", bad, "--out", t.TempDir(), in); !strings.Contains(stderr, "engine: ") {
		t.Errorf("--debug: %s", stderr)
	}

	file := filepath.Join(t.TempDir(), "a-file")
	os.WriteFile(file, nil, 0o600)
	for _, verb := range []string{"qc", "run"} {
		code, _, stderr := run(t, verb, "--out", filepath.Join(file, "out"), in)
		if code != exitError || strings.Contains(stderr, "read:") || !strings.Contains(stderr, "output folder") {
			t.Errorf("%s into an impossible folder: exit %d: %s", verb, code, stderr)
		}
	}

	dup := writeFiles(t, map[string]string{
		"p/x.jsonl": `{"id":"a","text":"Herr Meier kam.","spans":[{"begin":5,"end":10,"kind":"NAME_PATIENT"}]}` + "\n",
		"p/y.jsonl": `{"id":"a","text":"Herr Lenz kam.","spans":[{"begin":5,"end":9,"kind":"NAME_PATIENT"}]}` + "\n",
	})
	code, _, stderr = run(t, "run", "--seed", "1", "--out", t.TempDir(), dup)
	if code != exitError || !strings.Contains(stderr, ": duplicate document name") || strings.Contains(stderr, "Meier") || strings.Contains(stderr, "x.jsonl") {
		t.Errorf("duplicates: exit %d: %s", code, stderr)
	}
}
