//go:build unix

package engine

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"

	"github.com/surrogator/surrogator/surrogator/formats"
)

// TestReviewPrepareStopsAtSpoolFailure: when the spool cannot be written
// (disk full, file size limit), Prepare fails cleanly with no original in
// the error — and it stops there. Today the workers record the first
// error and go on: every later report is QC'd and sealed again at the
// offset (nonce) where the failed one was (see qc's
// TestReviewSpoolNonceNotReusedAfterFailedWrite), and the whole corpus is
// still read before the run is refused.
//
// The file size limit holds for the whole test process, and `go test`
// without -count=1 logs the test's file accesses to a file of its own
// (-test.testlogfile) that the limit would cut: then the test runs itself
// in a child process without that log.
func TestReviewPrepareStopsAtSpoolFailure(t *testing.T) {
	if f := flag.Lookup("test.testlogfile"); f != nil && f.Value.String() != "" {
		cmd := exec.Command(os.Args[0], "-test.run=^TestReviewPrepareStopsAtSpoolFailure$", "-test.count=1", "-test.v")
		out, err := cmd.CombinedOutput()
		if err == nil && strings.Contains(string(out), "--- SKIP") {
			t.Skipf("child skipped:\n%s", out)
		}
		if err != nil || !strings.Contains(string(out), "--- PASS") {
			t.Fatalf("child: %v\n%s", err, out)
		}
		return
	}
	in := filepath.Join(t.TempDir(), "letters")
	const n = 400
	for i := 0; i < n; i++ {
		d := filepath.Join(in, fmt.Sprintf("d%03d", i))
		os.MkdirAll(d, 0o755)
		text := fmt.Sprintf("Herr Zyxwabel%03d kam am 01.02.2020 in die Klinik.\n", i)
		ann := fmt.Sprintf("T1\tNAME_PATIENT 5 16\tZyxwabel%03d\nT2\tDATE 24 34\t01.02.2020\n", i)
		os.WriteFile(filepath.Join(d, "letter.txt"), []byte(text), 0o644)
		os.WriteFile(filepath.Join(d, "letter.ann"), []byte(ann), 0o644)
	}
	tmp := t.TempDir()
	var mu sync.Mutex
	read := 0
	opts := Options{Mode: ModeX, Key: []byte("k"), Out: filepath.Join(t.TempDir(), "out"), TempDir: tmp, Workers: 2,
		Progress: func(p Progress) {
			mu.Lock()
			if p.Phase == "read" && p.Done > read {
				read = p.Done
			}
			mu.Unlock()
		}}

	var old syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_FSIZE, &old); err != nil {
		t.Skip(err)
	}
	lim := old
	lim.Cur = 2048 // a few reports fit
	if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &lim); err != nil {
		t.Skip(err)
	}
	p, err := Prepare(context.Background(), []formats.Source{{Path: in}}, opts)
	syscall.Setrlimit(syscall.RLIMIT_FSIZE, &old)
	if err == nil {
		defer p.Close()
		t.Fatalf("Prepare succeeded with a spool that cannot be written (%d documents, spool %d bytes, read %d)", p.Documents(), p.spool.Size(), read)
	}
	if !errors.Is(err, syscall.EFBIG) {
		t.Errorf("error %v does not wrap the write error", err)
	}
	if strings.Contains(err.Error(), "Zyxwabel") {
		t.Errorf("error names an original: %v", err)
	}
	if ents, _ := os.ReadDir(tmp); len(ents) != 0 {
		t.Errorf("spool left in TempDir: %d entries", len(ents))
	}
	if _, err := os.Stat(opts.Out); !os.IsNotExist(err) {
		t.Errorf("output folder created (%v)", err)
	}
	mu.Lock()
	defer mu.Unlock()
	if read > n {
		t.Fatalf("pass 1 read %d of %d files after the spool had failed (a few reports fit in 2 KiB): it must stop at the first spool error", read, 2*n)
	}
}
