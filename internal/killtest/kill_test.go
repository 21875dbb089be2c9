package killtest

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/surrogator/surrogator/internal/testutil"
)

// surnames invents n distinct surnames from syllables (no real persons).
func surnames(r *rand.Rand, n int) []string {
	a := []string{"Quor", "Bral", "Wend", "Olb", "Tremm", "Zasch", "Glin", "Pruv", "Kess", "Darm", "Fulg", "Hirn"}
	b := []string{"vald", "richt", "elbrok", "mayer", "sten", "wick", "hausk", "dorp", "linger", "quist"}
	c := []string{"", "sen", "er", "ow", "ak", "is"}
	d := []string{"", "berg", "hoff", "mann", "feld", "ingk", "au", "ruth"}
	if n > len(a)*len(b)*len(c)*len(d) {
		panic("killtest: not enough syllables for distinct surnames")
	}
	seen := map[string]bool{}
	var out []string
	for len(out) < n {
		s := a[r.Intn(len(a))] + b[r.Intn(len(b))] + c[r.Intn(len(c))] + d[r.Intn(len(d))]
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

type span struct {
	Begin int    `json:"begin"`
	End   int    `json:"end"`
	Kind  string `json:"kind"`
}

type doc struct {
	ID    string `json:"id"`
	Text  string `json:"text"`
	Spans []span `json:"spans"`
}

const filler = "Die Patientin berichtet über zunehmende Belastungsdyspnoe seit mehreren Wochen. " +
	"Laborchemisch fanden sich erhöhte Entzündungsparameter, die unter Therapie rückläufig waren. "

// corpus writes files × perFile letters; all but every tenth repeat the
// annotated surname unannotated, so the audit must quarantine them.
func corpus(t *testing.T, dir string, files, perFile int) map[string]bool {
	r := rand.New(rand.NewSource(1))
	names := surnames(r, files*perFile)
	originals := map[string]bool{}
	for f := 0; f < files; f++ {
		fh, err := os.Create(filepath.Join(dir, fmt.Sprintf("batch%d.jsonl", f)))
		if err != nil {
			t.Fatal(err)
		}
		w := bufio.NewWriter(fh)
		for i := 0; i < perFile; i++ {
			name := names[f*perFile+i]
			originals[strings.ToLower(name)] = true
			pre := "Wir berichten über Herrn "
			text := pre + name + ". " + strings.Repeat(filler, 12)
			if i%10 != 0 {
				text += "Herr " + name + " wurde entlassen."
			}
			b := utf8.RuneCountInString(pre)
			line, _ := json.Marshal(doc{ID: fmt.Sprintf("L%05d", f*perFile+i), Text: text,
				Spans: []span{{Begin: b, End: b + utf8.RuneCountInString(name), Kind: "NAME_PATIENT"}}})
			w.Write(line)
			w.WriteByte('\n')
		}
		if err := w.Flush(); err != nil {
			t.Fatal(err)
		}
		fh.Close()
	}
	return originals
}

// check asserts the invariants over OUT after a run stopped, however.
// It returns how many public files it saw.
func check(t *testing.T, out string, originals map[string]bool) (files int) {
	t.Helper()
	pub := filepath.Join(out, "public")
	ents, _ := os.ReadDir(pub)
	for _, e := range ents {
		name := e.Name()
		if strings.HasPrefix(name, "public-") && !strings.HasSuffix(name, ".partial") {
			run := strings.TrimPrefix(name, "public-")
			b, err := os.ReadFile(filepath.Join(out, "private", "private-"+run, "run.json"))
			var st struct {
				Status string `json:"status"`
			}
			if err != nil || json.Unmarshal(b, &st) != nil || st.Status != "complete" {
				t.Errorf("final public folder %s without a complete run.json (%v, %q)", name, err, st.Status)
			}
		}
	}
	filepath.WalkDir(pub, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || d.Name() == "MANIFEST.sha256" {
			return nil
		}
		files++
		b, _ := os.ReadFile(p)
		for _, w := range strings.FieldsFunc(string(b), func(r rune) bool { return !unicode.IsLetter(r) }) {
			if originals[strings.ToLower(w)] {
				t.Errorf("public file %s holds an original", p)
				return nil
			}
		}
		return nil
	})
	return files
}

func exitCode(err error) int {
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		if st, ok := ee.Sys().(syscall.WaitStatus); ok && st.Signaled() {
			return -int(st.Signal())
		}
		return ee.ExitCode()
	}
	if err != nil {
		return -1000
	}
	return 0
}

// The corpus: files × perFile letters, one in ten clean.
const (
	files   = 3
	perFile = 400
	clean   = files * perFile / 10
)

func TestKillAnyMoment(t *testing.T) {
	if os.Getenv("SURROGATOR_KILLTEST") == "" {
		t.Skip("set SURROGATOR_KILLTEST=1 (make test-kill) to run the kill test")
	}
	root := testutil.RepoRoot(t)
	tmp := t.TempDir()
	bin := filepath.Join(tmp, "surrogator")
	build := exec.Command("go", "build", "-o", bin, "./cmd/surrogator")
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	in := filepath.Join(tmp, "letters")
	os.MkdirAll(in, 0o755)
	originals := corpus(t, in, files, perFile)
	key := filepath.Join(tmp, "key")
	args := func(out string) []string {
		return []string{"run", "--mode", "fictive", "--seed", "1", "--key-file", key, "--workers", "2", "--out", out, in}
	}

	// an uninterrupted run: how long a run takes, and that it ends partial
	// (quarantines) with a final public folder
	ref := filepath.Join(tmp, "ref")
	t0 := time.Now()
	err := exec.Command(bin, args(ref)...).Run()
	full := time.Since(t0)
	if c := exitCode(err); c != 3 {
		t.Fatalf("reference run: exit %d, want 3 (quarantined documents)", c)
	}
	if n := check(t, ref, originals); n != clean {
		t.Fatalf("reference run published %d files, want %d", n, clean)
	}
	t.Logf("uninterrupted run: %v", full.Round(time.Millisecond))

	// kills at spread moments over [0, 1.1 × full], all into one OUT, so
	// that each run takes over the one killed before it
	out := filepath.Join(tmp, "out")
	const kills = 24
	r := rand.New(rand.NewSource(time.Now().UnixNano()))
	sawPartial, killed := 0, 0
	for i, tries := 0, 0; i < kills; {
		at := time.Duration((float64(i) + r.Float64()) / kills * 1.1 * float64(full))
		cmd := exec.Command(bin, args(out)...)
		// its own temporary folder: a killed run must leave nothing in it
		// (the QC spool has no name)
		runTmp := filepath.Join(tmp, fmt.Sprintf("tmp%d-%d", i, tries))
		os.MkdirAll(runTmp, 0o700)
		cmd.Env = append(os.Environ(), "TMPDIR="+runTmp)
		started := time.Now()
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case err := <-done:
			// the machine got faster (shared CI): spread the later kills
			// over the run time seen now
			if d := time.Since(started); d < full {
				full = d
			}
			t.Logf("kill %d at %v: the run had ended (exit %d); run time now %v", i, at.Round(time.Millisecond), exitCode(err), full.Round(time.Millisecond))
			// the same moment of the spread again, at the run time seen
			// now (a warm machine runs several times faster than the
			// reference run), at most three times
			if tries++; tries >= 3 {
				i, tries = i+1, 0
			}
		case <-time.After(at):
			cmd.Process.Signal(syscall.SIGKILL)
			<-done
			killed++
			i, tries = i+1, 0
		}
		parts, _ := filepath.Glob(filepath.Join(out, "public", "public-*.partial"))
		if len(parts) > 0 {
			sawPartial++
		}
		check(t, out, originals)
		if left, _ := os.ReadDir(runTmp); len(left) != 0 {
			t.Errorf("kill %d left %d file(s) in its temporary folder", i, len(left))
		}
	}
	t.Logf("%d runs killed at spread moments (%d left a partial public folder)", killed, sawPartial)
	if killed < 20 {
		t.Fatalf("only %d kills landed inside a run", killed)
	}
	// the same command again completes the interrupted run
	err = exec.Command(bin, args(out)...).Run()
	if c := exitCode(err); c != 3 {
		t.Fatalf("final run: exit %d, want 3", c)
	}
	if n := check(t, out, originals); n < clean {
		t.Fatalf("after the final run %d public files, want ≥ %d", n, clean)
	}
	if parts, _ := filepath.Glob(filepath.Join(out, "public", "public-*.partial")); len(parts) != 0 {
		t.Fatalf("partial folders left after the completing run: %v", parts)
	}
}
