package qc

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestToggleFileHygiene: a toggle file must be a regular file of bounded
// size (a FIFO would hang, /dev/zero exhaust memory), and a header that
// names a column twice is an error, never "last column wins" (review of
// issue 9, defects 8 and 9).
func TestToggleFileHygiene(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo.csv")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	zero := filepath.Join(dir, "zero.csv")
	if err := os.Symlink("/dev/zero", zero); err != nil {
		t.Fatal(err)
	}
	dup := filepath.Join(dir, "dup.csv")
	os.WriteFile(dup, []byte("Document,Part_Of_Corpus,document\na.txt,1,b.txt\n"), 0o600)
	for _, tc := range []struct{ path, want string }{
		{fifo, "not a regular file"},
		{zero, "not a regular file"},
		{dup, `column "document" appears twice`},
	} {
		done := make(chan error, 1)
		go func() { _, err := ReadToggle(tc.path); done <- err }()
		select {
		case err := <-done:
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("%s: err %v, want %q", filepath.Base(tc.path), err, tc.want)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("%s: ReadToggle hangs", filepath.Base(tc.path))
		}
	}
}
