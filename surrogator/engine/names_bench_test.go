package engine

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
	"unicode/utf8"
)

// The many-names benchmark (issue 26, finding 7: planning was quadratic in
// the distinct names of one letter): ONE letter with N distinct patient
// names, each mode run in a child process of the test binary
// (TestLargeBenchChild) so that its peak RSS is its own:
//
//	SURROGATOR_BENCH_NAMES=10000,100000,1000000 go test -run '^$' -bench BenchmarkManyNames -benchtime 1x -timeout 60m ./surrogator/engine/
//
// It reports seconds, CPU seconds, peak RSS and the ratios of each mode's
// wall and CPU time to mode x's on the same letter (fictive must stay
// within 3×).
// SURROGATOR_BENCH_MODES=x,fictive runs only those modes.
// SURROGATOR_BENCH_CPUPROF=DIR writes a CPU profile of each child
// (names-<mode>-<N>.cpu.pprof).

// manyNamesLetter writes one JSON Lines letter with n distinct person
// names (NAME_PATIENT, "Vorname Nachname" after Herr or Frau) to file and
// returns its text size in bytes. The surnames are made of syllables, each
// distinct and of at least 4 letters: every one is a name word the
// surrogates must avoid.
func manyNamesLetter(b *testing.B, file string, n int) int {
	cons := "bdfghklmnprstwz"
	vow := "aeiou"
	var syl []string
	for _, c := range cons {
		for _, v := range vow {
			syl = append(syl, string(c)+string(v))
		}
	}
	ends := []string{"berg", "mann", "er", "hoff", "feld", "inger", "stein", "bach"}
	firstF := []string{"Anna", "Greta", "Hedwig", "Ilse", "Marlene", "Sophie", "Ursula", "Frieda"}
	firstM := []string{"Anton", "Bernd", "Claus", "Dieter", "Ernst", "Friedrich", "Gustav", "Heinrich"}
	var text strings.Builder
	type span struct {
		Begin int    `json:"begin"`
		End   int    `json:"end"`
		Kind  string `json:"kind"`
	}
	spans := make([]span, 0, n)
	runes := 0
	write := func(s string) {
		text.WriteString(s)
		runes += utf8.RuneCountInString(s)
	}
	write("Arztbrief\n\n")
	for i := range n {
		k := i
		s := syl[k%len(syl)]
		k /= len(syl)
		s += syl[k%len(syl)]
		k /= len(syl)
		s += syl[k%len(syl)] + ends[(k/len(syl))%len(ends)]
		surname := strings.ToUpper(s[:1]) + s[1:]
		sal, first := "Herr", firstM[i%len(firstM)]
		if i%2 == 1 {
			sal, first = "Frau", firstF[i%len(firstF)]
		}
		write(sal + " ")
		begin := runes
		write(first + " " + surname)
		spans = append(spans, span{begin, runes, "NAME_PATIENT"})
		write(" wurde untersucht.\n")
	}
	line, err := json.Marshal(map[string]any{"id": fmt.Sprintf("names-%d.txt", n), "text": text.String(), "spans": spans})
	if err != nil {
		b.Fatal(err)
	}
	fh, err := os.Create(file)
	if err != nil {
		b.Fatal(err)
	}
	w := bufio.NewWriter(fh)
	w.Write(line)
	w.WriteString("\n")
	if err := w.Flush(); err != nil {
		b.Fatal(err)
	}
	if err := fh.Close(); err != nil {
		b.Fatal(err)
	}
	return text.Len()
}

// namesSizes reads SURROGATOR_BENCH_NAMES (default 10000,100000,1000000).
func namesSizes() []int {
	s := os.Getenv("SURROGATOR_BENCH_NAMES")
	if s == "" {
		s = "10000,100000,1000000"
	}
	var out []int
	for _, f := range strings.Split(s, ",") {
		if n, err := strconv.Atoi(strings.TrimSpace(f)); err == nil && n > 0 {
			out = append(out, n)
		}
	}
	return out
}

// namesModes reads SURROGATOR_BENCH_MODES (default x,entity,gemtex,fictive;
// x first: the ratios are to it).
func namesModes() []Mode {
	s := os.Getenv("SURROGATOR_BENCH_MODES")
	if s == "" {
		s = "x,entity,gemtex,fictive"
	}
	var out []Mode
	for _, f := range strings.Split(s, ",") {
		out = append(out, Mode(strings.TrimSpace(f)))
	}
	return out
}

// BenchmarkManyNames reports, per number of names and mode (x, entity,
// gemtex, fictive): seconds, peak RSS, and seconds relative to mode x.
func BenchmarkManyNames(b *testing.B) {
	if runtime.GOOS != "linux" {
		b.Skip("peak RSS from rusage: Linux only")
	}
	root := b.TempDir()
	cpuDir := os.Getenv("SURROGATOR_BENCH_CPUPROF")
	for _, n := range namesSizes() {
		file := filepath.Join(root, fmt.Sprintf("names-%d.jsonl", n))
		textBytes := manyNamesLetter(b, file, n)
		var xSeconds, xCPU float64
		for _, mode := range namesModes() {
			b.Run(fmt.Sprintf("%d/%s", n, mode), func(b *testing.B) {
				for range b.N {
					out := filepath.Join(root, "out")
					cmd := exec.Command(os.Args[0], "-test.run=^TestLargeBenchChild$", "-test.count=1", "-test.v", "-test.timeout=0")
					cmd.Env = append(os.Environ(), largeChildEnv+"="+string(mode)+" "+file+" "+out, "GOMAXPROCS=2")
					if cpuDir != "" {
						cmd.Args = append(cmd.Args, "-test.cpuprofile="+filepath.Join(cpuDir, fmt.Sprintf("names-%s-%d.cpu.pprof", mode, n)))
					}
					start := time.Now()
					outb, err := cmd.CombinedOutput()
					d := time.Since(start).Seconds()
					os.RemoveAll(out)
					if err != nil {
						b.Fatalf("%s: %v\n%s", mode, err, outb)
					}
					if !regexp.MustCompile(`peak-live \d+`).Match(outb) {
						b.Fatalf("%s: the child did not finish:\n%s", mode, outb)
					}
					cpu := (cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()).Seconds()
					if mode == ModeX {
						xSeconds, xCPU = d, cpu
					}
					rss := cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss * 1024
					b.ReportMetric(d, "s")
					b.ReportMetric(float64(rss)/1e6, "peakRSS-MB")
					b.ReportMetric(float64(textBytes)/1e6, "text-MB")
					b.ReportMetric(cpu, "cpu-s")
					if xSeconds > 0 {
						// wall time and CPU time (user + system; on a shared
						// machine the steadier figure) relative to mode x
						b.ReportMetric(d/xSeconds, "x-ratio")
						b.ReportMetric(cpu/xCPU, "cpu-x-ratio")
					}
				}
			})
		}
		os.Remove(file)
	}
}
