package main

import (
	"bufio"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// buildBinary builds the surrogator binary into a temporary folder.
func buildBinary(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "surrogator")
	cmd := exec.Command("go", "build", "-o", bin, ".")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// startRun starts the binary and returns a channel that gets every stderr
// line, closed at EOF.
func startRun(t *testing.T, bin string, args ...string) (*exec.Cmd, <-chan string) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill() })
	lines := make(chan string, 100)
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			lines <- sc.Text()
		}
	}()
	return cmd, lines
}

// waitLine reads lines until one starts with prefix; it returns every line
// read.
func waitLine(t *testing.T, lines <-chan string, prefix string) []string {
	t.Helper()
	var got []string
	timeout := time.After(3 * time.Minute)
	for {
		select {
		case l, ok := <-lines:
			if !ok {
				t.Fatalf("stderr ended before %q:\n%s", prefix, strings.Join(got, "\n"))
			}
			got = append(got, l)
			if strings.HasPrefix(l, prefix) {
				return got
			}
		case <-timeout:
			t.Fatalf("no %q line after 3 minutes:\n%s", prefix, strings.Join(got, "\n"))
		}
	}
}

func drain(lines <-chan string) []string {
	var got []string
	for l := range lines {
		got = append(got, l)
	}
	return got
}

func exitStatus(t *testing.T, err error) int {
	t.Helper()
	var ee *exec.ExitError
	if err == nil {
		return 0
	}
	if !errors.As(err, &ee) {
		t.Fatal(err)
	}
	return ee.ExitCode() // -1 when killed by a signal
}

// finalPublic lists OUT/public/public-<run> folders that look final (no
// .partial suffix).
func finalPublic(t *testing.T, out string) []string {
	t.Helper()
	dirs, err := filepath.Glob(filepath.Join(out, "public", "public-*"))
	if err != nil {
		t.Fatal(err)
	}
	var final []string
	for _, d := range dirs {
		if !strings.HasSuffix(d, ".partial") {
			final = append(final, d)
		}
	}
	return final
}

// TestInterruptBinary runs the real binary on a few hundred letters,
// signals it in the middle of a phase and checks exit code 130, the one
// line that says so, and that no public folder looks final. Re-running the
// same command completes the run.
func TestInterruptBinary(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and runs it on 300 letters")
	}
	bin := buildBinary(t)
	in := copySamples(t, 100) // 300 letters
	tests := []struct {
		name  string
		at    string // send the signals when this line appears
		sigs  []syscall.Signal
		rerun bool
	}{
		{"SIGINT while writing", "write: started", []syscall.Signal{syscall.SIGINT}, true},
		{"SIGTERM while reading (pass 1)", "read: started", []syscall.Signal{syscall.SIGTERM}, false},
		{"second SIGINT quits at once", "write: started", []syscall.Signal{syscall.SIGINT, syscall.SIGINT}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, stderr string
			var args []string
			var code int
			// the second SIGINT must land while the run cleans up; on a
			// quiet machine the cleanup may be over first (the run then
			// ends as after one signal): try again, at most three times
			for attempt := 1; ; attempt++ {
				out = filepath.Join(t.TempDir(), "out")
				args = []string{"run", "--mode", "fictive", "--seed", "3", "-j", "1", "--out", out, in}
				cmd, lines := startRun(t, bin, args...)
				got := waitLine(t, lines, tt.at)
				for i, s := range tt.sigs {
					if err := cmd.Process.Signal(s); err != nil && !(i > 0 && errors.Is(err, os.ErrProcessDone)) {
						t.Fatal(err)
					}
					if i == 0 && len(tt.sigs) > 1 {
						got = append(got, waitLine(t, lines, "interrupting:")...)
					}
				}
				got = append(got, drain(lines)...)
				code = exitStatus(t, cmd.Wait())
				stderr = strings.Join(got, "\n")
				late := len(tt.sigs) > 1 && strings.Contains(stderr, "interrupted: nothing was published") &&
					!strings.Contains(stderr, "interrupted again")
				if !late || attempt == 3 {
					break
				}
				t.Logf("attempt %d: the cleanup ended before the second signal; again", attempt)
			}
			if code != exitInterrupted {
				t.Fatalf("exit %d, want %d; stderr:\n%s", code, exitInterrupted, stderr)
			}
			want := "interrupted: nothing was published"
			if len(tt.sigs) > 1 {
				want = "interrupted again: quit at once"
			}
			if !strings.Contains(stderr, want) {
				t.Fatalf("stderr lacks %q:\n%s", want, stderr)
			}
			if f := finalPublic(t, out); len(f) > 0 {
				t.Fatalf("interrupted run left final-looking public folders %v", f)
			}
			private, _ := filepath.Glob(filepath.Join(out, "private", "private-*"))
			if tt.at == "read: started" && len(private) != 0 {
				// pass 1 reads and checks; it writes nothing
				t.Fatalf("interrupted while reading, yet run folders %v exist", private)
			}
			if len(tt.sigs) == 1 && tt.at != "read: started" {
				// the message names the private folder of the run
				if len(private) != 1 || !strings.Contains(stderr, private[0]) {
					t.Fatalf("message does not name the run folder %v:\n%s", private, stderr)
				}
			}
			if !tt.rerun {
				return
			}
			re := exec.Command(bin, args...)
			reOut, err := re.CombinedOutput()
			if c := exitStatus(t, err); c != exitOK {
				t.Fatalf("re-run: exit %d:\n%s", c, reOut)
			}
			final := finalPublic(t, out)
			if len(final) != 1 {
				t.Fatalf("re-run: public folders %v", final)
			}
			n, _ := filepath.Glob(filepath.Join(final[0], "*", "*.txt"))
			if len(n) != 300 {
				t.Fatalf("re-run published %d texts, want 300", len(n))
			}
			if _, err := os.Stat(final[0] + ".partial"); err == nil {
				t.Fatalf("partial folder left beside %s", final[0])
			}
		})
	}
}
