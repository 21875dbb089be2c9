// Command surrogator de-identifies annotated German clinical letters: it
// checks the annotations (qc), replaces every PII span (run), audits the
// public output (audit), builds geodata packs from OpenStreetMap (osmbuild,
// geo) and serves a local web app (serve).
//
// Exit codes (SPEC §8): 0 success, every document done and audited; 1 error,
// nothing usable written; 2 usage; 3 partial, some documents excluded and
// named on stderr; 130 interrupted (Ctrl-C or SIGTERM), nothing partial left
// public. The codes are decided here only, from typed errors.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"strings"
	"syscall"

	"github.com/surrogator/surrogator/internal/gctune"
	"github.com/surrogator/surrogator/surrogator/engine"
)

// Exit codes (SPEC §8).
const (
	exitOK          = 0
	exitError       = 1
	exitUsage       = 2
	exitPartial     = 3
	exitInterrupted = 130
)

// version is set with -ldflags "-X main.version=…" (make build); a plain
// `go build` in a git checkout gets the module version Go stamps from the
// commit (buildVersion).
var version = "dev"

// buildVersion returns v, or for "dev" the main module's version that Go
// records from version control (v0.0.0-<time>-<commit>), when it has one.
func buildVersion(v string) string {
	if v != "dev" {
		return v
	}
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		return bi.Main.Version
	}
	return v
}

// usageError marks errors in how the command was called (exit 2).
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

// partialError marks work that finished but excluded documents (exit 3).
type partialError struct{ msg string }

func (e partialError) Error() string { return e.msg }

// interruptedError is a verb's own one-line account of an interruption; it
// wraps the error that stopped the work (exit 130).
type interruptedError struct {
	msg string
	err error
}

func (e interruptedError) Error() string { return e.msg }
func (e interruptedError) Unwrap() error { return e.err }

// exitCode maps an error to the exit code of SPEC §8.
func exitCode(err error) int {
	var u usageError
	var p partialError
	switch {
	case err == nil:
		return exitOK
	case errors.Is(err, engine.ErrInterrupted), errors.Is(err, context.Canceled):
		// checked first: an interrupted run is never "partial"
		return exitInterrupted
	case errors.As(err, &u):
		return exitUsage
	case errors.As(err, &p):
		return exitPartial
	}
	return exitError
}

// message is the line main prints for err on stderr: plain words, the
// chain of package prefixes (engine: qc: toggle: …) only with --debug.
func message(err error, debug bool) string {
	var ie interruptedError
	if errors.As(err, &ie) {
		return ie.msg
	}
	if exitCode(err) == exitInterrupted {
		return "interrupted: stopped before the work was done; nothing was published"
	}
	if debug {
		return "surrogator: " + err.Error()
	}
	return "surrogator: " + plain(err.Error())
}

// plain drops the context prefixes that wrapping stacks on an error's
// first line: a one-word lower-case segment ("engine: ", "qc: ",
// "toggle: ") and a segment the next one starts with ("toggle file: toggle
// file rejected"). The last segment and the lines after the first stay.
func plain(msg string) string {
	first, rest, multi := strings.Cut(msg, "\n")
	segs := strings.Split(first, ": ")
	var words []string
	for i, s := range segs {
		if i == len(segs)-1 || !isWord(s) {
			words = append(words, s)
		}
	}
	var keep []string
	for i, s := range words {
		if i < len(words)-1 && strings.HasPrefix(strings.ToLower(words[i+1]), strings.ToLower(s)) {
			continue
		}
		keep = append(keep, s)
	}
	out := strings.Join(keep, ": ")
	if multi {
		out += "\n" + rest
	}
	return out
}

// isWord reports whether s is one lower-case ASCII word (a package name).
func isWord(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if (r < 'a' || r > 'z') && (r < '0' || r > '9') {
			return false
		}
	}
	return true
}

// execute runs the command line args with ctx and returns the exit code.
func execute(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	root := newRootCmd()
	root.SetArgs(args)
	root.SetOut(stdout)
	root.SetErr(stderr)
	err := root.ExecuteContext(ctx)
	if err != nil {
		debug, _ := root.PersistentFlags().GetBool("debug")
		fmt.Fprintln(stderr, message(err, debug))
	}
	return exitCode(err)
}

// gcProfile is the collector's profile for a command line: Corpus for
// the verbs that stream a corpus (annotate too), Default for the others (osmbuild builds
// a large heap, serve waits between requests). The verb is found as cobra
// finds it (flags may come before it).
func gcProfile(args []string) gctune.Profile {
	c, _, err := newRootCmd().Find(args)
	if err != nil || c == nil {
		return gctune.Default
	}
	for c.HasParent() && c.Parent().HasParent() {
		c = c.Parent() // the verb under the root
	}
	switch c.Name() {
	case "run", "qc", "inspect", "audit", "verify", "annotate":
		return gctune.Corpus
	}
	return gctune.Default
}

func main() {
	// The first Ctrl-C or SIGTERM cancels ctx: the verb stops, leaves
	// nothing partial looking final and exits 130. A second one while it
	// shuts down exits at once.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	go func() {
		<-sigs // the first signal, also seen by ctx
		fmt.Fprintln(os.Stderr, "interrupting: cleaning up (press Ctrl-C again to quit at once)")
		<-sigs
		fmt.Fprintln(os.Stderr, "interrupted again: quit at once; nothing was published")
		os.Exit(exitInterrupted)
	}()
	version = buildVersion(version)
	gctune.Tune(gcProfile(os.Args[1:]))
	code := execute(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}
