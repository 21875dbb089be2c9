// Command surrogator de-identifies annotated German clinical letters: it
// checks the annotations (qc), replaces every PII span (run), audits the
// public output (audit), builds geodata packs from OpenStreetMap (osmbuild,
// geo) and serves a local web app (serve).
//
// Exit codes: 0 success; 1 error; 2 usage; 3 partial (some documents
// excluded and named on stderr).
package main

import (
	"errors"
	"fmt"
	"os"
	"strings"
)

// Exit codes (SPEC §8).
const (
	exitOK      = 0
	exitError   = 1
	exitUsage   = 2
	exitPartial = 3
)

// version is set with -ldflags "-X main.version=…".
var version = "dev"

// usageError marks errors in how the command was called.
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

// partialError marks a run that finished but excluded documents.
type partialError struct{ msg string }

func (e partialError) Error() string { return e.msg }

func exitCode(err error) int {
	if err == nil {
		return exitOK
	}
	var u usageError
	if errors.As(err, &u) {
		return exitUsage
	}
	var p partialError
	if errors.As(err, &p) {
		return exitPartial
	}
	// cobra's own errors for unknown commands and flags
	if m := err.Error(); strings.HasPrefix(m, "unknown command") || strings.HasPrefix(m, "unknown flag") ||
		strings.HasPrefix(m, "unknown shorthand flag") || strings.HasPrefix(m, "required flag") {
		return exitUsage
	}
	return exitError
}

func main() {
	root := newRootCmd()
	err := root.Execute()
	if err != nil {
		fmt.Fprintln(os.Stderr, "surrogator:", err)
	}
	os.Exit(exitCode(err))
}
