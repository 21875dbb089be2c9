package main

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/surrogator/surrogator/surrogator/engine"
)

// TestKeyFileChecks: run refuses a damaged key file and one that group or
// others may read (unless --key-insecure-perms), reads an old-format key
// with a warning on stderr (its fingerprint, never the key), for
// --key-file and for the output folder's key (issue 26, finding 6).
func TestKeyFileChecks(t *testing.T) {
	dir := t.TempDir()
	key := bytes.Repeat([]byte{0x3e, 0xc1}, 16)
	good := engine.EncodeKey(key)
	flipped := bytes.Clone(good)
	flipped[30] ^= 0x01
	oldHex := []byte(hex.EncodeToString(key) + "\n")
	write := func(name string, b []byte, mode os.FileMode) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, b, mode); err != nil {
			t.Fatal(err)
		}
		os.Chmod(p, mode)
		return p
	}
	for i, tc := range []struct {
		name    string
		content []byte
		mode    os.FileMode
		flags   []string
		want    int
		msg     string
	}{
		{"good", good, 0o600, nil, exitOK, ""},
		{"truncated to 20 bytes", good[:20], 0o600, nil, exitError, "the key file is damaged"},
		{"old format truncated to 20 bytes", oldHex[:20], 0o600, nil, exitError, "the key file is damaged"},
		{"one byte flipped", flipped, 0o600, nil, exitError, "checksum does not match"},
		{"readable by others", good, 0o644, nil, exitError, "--key-insecure-perms"},
		{"readable by others, accepted", good, 0o644, []string{"--key-insecure-perms"}, exitOK, ""},
		{"old format", oldHex, 0o600, nil, exitOK, "warning: key file " + filepath.Join(dir, "k6.key") + " is in the old format"},
	} {
		p := write("k"+string(rune('0'+i))+".key", tc.content, tc.mode)
		args := append([]string{"run", "--mode", "x", "--seed", "1", "--key-file", p, "-o", filepath.Join(dir, "o"+string(rune('0'+i)))}, tc.flags...)
		code, _, errs := run(t, append(args, samples(t))...)
		if code != tc.want || !strings.Contains(errs, tc.msg) {
			t.Errorf("%s: exit %d, want %d with %q\n%s", tc.name, code, tc.want, tc.msg, errs)
		}
		if strings.Contains(errs, hex.EncodeToString(key)[:16]) {
			t.Errorf("%s: stderr shows the key", tc.name)
		}
	}
	// the output folder's key: the same checks, the warning after the run
	out := filepath.Join(dir, "out")
	os.MkdirAll(filepath.Join(out, "private"), 0o700)
	okf := filepath.Join(out, "private", "surrogator.key")
	os.WriteFile(okf, oldHex, 0o600)
	code, _, errs := run(t, "run", "--mode", "x", "--seed", "1", "-o", out, samples(t))
	if code != exitOK || !strings.Contains(errs, "warning: key file "+okf+" is in the old format") || !strings.Contains(errs, engine.KeyFingerprint(key)) {
		t.Errorf("old output folder key: exit %d\n%s", code, errs)
	}
	os.Chmod(okf, 0o640)
	if code, _, errs := run(t, "run", "--mode", "x", "--seed", "2", "-o", out, samples(t)); code != exitError || !strings.Contains(errs, "accessible to group or others") {
		t.Errorf("output folder key 0640: exit %d\n%s", code, errs)
	}
	if code, _, errs := run(t, "run", "--mode", "x", "--seed", "2", "--key-insecure-perms", "-o", out, samples(t)); code != exitOK {
		t.Errorf("output folder key 0640 with --key-insecure-perms: exit %d\n%s", code, errs)
	}
}

// TestFailedRunReason: a failed run's run.json says why (class and
// message, no document name), not only "failed" (issue 26, finding 8).
func TestFailedRunReason(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	code, _, errs := run(t, "run", "--mode", "x", "-o", out, unreadableLetters(t))
	if code != exitError {
		t.Fatalf("exit %d\n%s", code, errs)
	}
	var rj struct {
		Status string `json:"status"`
		Error  struct {
			Class, Message string
		} `json:"error"`
	}
	if err := json.Unmarshal([]byte(runJSON(t, out)), &rj); err != nil {
		t.Fatal(err)
	}
	if rj.Status != "failed" || rj.Error.Class != "nothing-released" || !strings.Contains(rj.Error.Message, "no document could be published") {
		t.Errorf("run.json: status %q, error %+v", rj.Status, rj.Error)
	}
	for _, name := range []string{"a.json", "b.json"} {
		if strings.Contains(rj.Error.Message, name) {
			t.Errorf("the reason names a document: %q", rj.Error.Message)
		}
	}
}
