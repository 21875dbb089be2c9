// Package readmetest runs the README's commands on a fresh clone.
package readmetest

import (
	"archive/zip"
	"bufio"
	"context"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/surrogator/surrogator/internal/testutil"
)

// blockRE finds the README's shell blocks marked for this test:
// ```sh readme-test=PHASE … ```.
var blockRE = regexp.MustCompile("(?ms)^```sh readme-test=([a-z]+)\n(.*?)^```")

// Blocks returns the marked blocks of a README by phase, in order.
func blocks(readme string) map[string]string {
	out := map[string]string{}
	for _, m := range blockRE.FindAllStringSubmatch(readme, -1) {
		out[m[1]] += m[2]
	}
	return out
}

// goEnv is the go command's setting of name in this process (the clone's
// commands get the same caches with a HOME of their own).
func goEnv(t *testing.T, name string) string {
	t.Helper()
	b, err := exec.Command("go", "env", name).Output()
	if err != nil {
		t.Skipf("go env %s: %v", name, err)
	}
	return strings.TrimSpace(string(b))
}

// TestREADMECommands clones the repository (its committed state) into a
// temporary folder and runs the README's marked blocks there as printed:
// set-up (build, --version, make demo), the first real run on an export
// (the shared INCEpTION export, else the sample letters zipped), the web
// app (started, its URL awaited, stopped with Ctrl-C), and the air-gapped
// build (make vendor from the module cache, make build-vendored with
// GOPROXY=off and -mod=vendor). It skips without git, or when the module
// cache cannot serve every module without network.
func TestREADMECommands(t *testing.T) {
	if testing.Short() {
		t.Skip("clones the repository and builds it twice (minutes)")
	}
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("needs git")
	}
	if _, err := exec.LookPath("make"); err != nil {
		t.Skip("needs make")
	}
	root := testutil.RepoRoot(t)
	work := t.TempDir()
	clone := filepath.Join(work, "surrogator")
	if out, err := exec.Command("git", "clone", "--quiet", root, clone).CombinedOutput(); err != nil {
		t.Skipf("git clone of %s: %v\n%s", root, err, out)
	}
	home := filepath.Join(work, "home")
	os.Mkdir(home, 0o700)
	env := append(os.Environ(),
		"HOME="+home, "GOPROXY=off", "GOFLAGS=-mod=mod", "GOTOOLCHAIN=local",
		"GOCACHE="+goEnv(t, "GOCACHE"), "GOMODCACHE="+goEnv(t, "GOMODCACHE"), "GOPATH="+goEnv(t, "GOPATH"))
	sh := func(ctx context.Context, script string) *exec.Cmd {
		c := exec.CommandContext(ctx, "bash", "-euo", "pipefail", "-c", script)
		c.Dir, c.Env = clone, env
		c.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
		c.Cancel = func() error { return syscall.Kill(-c.Process.Pid, syscall.SIGKILL) }
		return c
	}
	// every module from the cache, no network: else the air-gapped
	// promise cannot be checked here
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	if out, err := sh(ctx, "go mod download").CombinedOutput(); err != nil {
		t.Skipf("needs a module cache that serves every module without network: %v\n%s", err, out)
	}

	readme, err := os.ReadFile(filepath.Join(clone, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	b := blocks(string(readme))
	for _, phase := range []string{"setup", "use", "serve", "airgap"} {
		if strings.TrimSpace(b[phase]) == "" {
			t.Fatalf("README has no block marked readme-test=%s", phase)
		}
	}
	exportZip(t, filepath.Join(clone, "export.zip"))

	run := func(phase string, limit time.Duration, check func(out string) error) {
		t.Helper()
		ctx, cancel := context.WithTimeout(context.Background(), limit)
		defer cancel()
		start := time.Now()
		out, err := sh(ctx, b[phase]).CombinedOutput()
		t.Logf("%s: %.1fs", phase, time.Since(start).Seconds())
		if err != nil {
			t.Fatalf("README %s block: %v (limit %s)\n%s\n--- output:\n%s", phase, err, limit, b[phase], out)
		}
		if check != nil {
			if err := check(string(out)); err != nil {
				t.Errorf("README %s block: %v\n%s", phase, err, out)
			}
		}
	}
	version := func(out string) error {
		if !regexp.MustCompile(`(?m)^surrogator \S+ \(go`).MatchString(out) || strings.Contains(out, "surrogator dev ") {
			return errors.New("--version prints no version")
		}
		return nil
	}
	run("setup", 5*time.Minute, func(out string) error {
		if err := version(out); err != nil {
			return err
		}
		if !strings.Contains(out, "one de-identified letter") {
			return errors.New("make demo printed no letter")
		}
		return nil
	})
	run("use", 2*time.Minute, func(out string) error {
		if !regexp.MustCompile(`(?m)^doc-[0-9a-f]+\.txt$`).MatchString(out) && !strings.Contains(out, ".txt") {
			return errors.New("no public text listed")
		}
		return nil
	})
	serve(t, sh, b["serve"])
	run("airgap", 6*time.Minute, version)
	if _, err := os.Stat(filepath.Join(clone, "vendor", "modules.txt")); err != nil {
		t.Errorf("make vendor left no vendor/: %v", err)
	}
}

// serve runs each command of the serve block until it prints the web
// app's URL, then stops it with Ctrl-C (SIGINT) as a user would.
func serve(t *testing.T, sh func(context.Context, string) *exec.Cmd, block string) {
	t.Helper()
	for _, line := range strings.Split(block, "\n") {
		if line = strings.TrimSpace(line); line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		c := sh(ctx, "exec "+line)
		stdout, err := c.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		c.Stderr = io.Discard
		if err := c.Start(); err != nil {
			t.Fatal(err)
		}
		found := make(chan bool, 1)
		go func() {
			s := bufio.NewScanner(stdout)
			ok := false
			for s.Scan() {
				if strings.Contains(s.Text(), "http://127.0.0.1:") && strings.Contains(s.Text(), "token=") {
					ok = true
					break
				}
			}
			found <- ok
			io.Copy(io.Discard, stdout)
		}()
		ok := <-found
		syscall.Kill(-c.Process.Pid, syscall.SIGINT)
		err = c.Wait()
		cancel()
		if !ok {
			t.Errorf("README serve block %q printed no URL with a token (%v)", line, err)
		} else if err != nil {
			t.Errorf("README serve block %q: after Ctrl-C: %v", line, err)
		}
	}
}

// exportZip puts an INCEpTION export at path: the shared one, else the
// repository's sample letters zipped (a project of BRAT files).
func exportZip(t *testing.T, path string) {
	t.Helper()
	if p, ok := testutil.SharedPath(t, testutil.ProjectZip); ok {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	zw := zip.NewWriter(f)
	src := filepath.Join(testutil.RepoRoot(t), "testdata", "sample-letters")
	ents, err := os.ReadDir(src)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		b, err := os.ReadFile(filepath.Join(src, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		w, err := zw.Create(e.Name())
		if err != nil {
			t.Fatal(err)
		}
		w.Write(b)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	f.Close()
}

func TestBlocks(t *testing.T) {
	got := blocks("x\n```sh readme-test=use\na\nb\n```\n```sh\nc\n```\n```sh readme-test=use\nd\n```\n")
	if got["use"] != "a\nb\nd\n" || len(got) != 1 {
		t.Errorf("%q", got)
	}
}
