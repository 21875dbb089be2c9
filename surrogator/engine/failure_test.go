package engine

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"syscall"
	"testing"
)

// TestFailureOf: the reason a failed run's run.json gives is a class and a
// message without originals or paths (issue 26, finding 8).
func TestFailureOf(t *testing.T) {
	original := func(s string) bool { return strings.Contains(s, "Wendelmuth") }
	for _, tc := range []struct {
		err         error
		class, msg  string
		mustNotHold string
	}{
		{fmt.Errorf("engine: %w", ErrNothingReleased), "nothing-released", "no document could be published", ""},
		{fmt.Errorf("%w: %w", ErrInterrupted, context.Canceled), "interrupted", "interrupted", ""},
		{fmt.Errorf("qc: %w", &os.PathError{Op: "write", Path: "/daten/Wendelmuth_Brief/corpus_details.csv", Err: syscall.ENOSPC}), "disk-full", "write: no space left on device", "Wendelmuth"},
		{&os.LinkError{Op: "rename", Old: "/a/Wendelmuth", New: "/b", Err: syscall.EACCES}, "permission", "rename: permission denied", "Wendelmuth"},
		{&os.SyscallError{Syscall: "fsync", Err: syscall.EIO}, "io", "fsync: input/output error", ""},
		{fmt.Errorf("%w: the name of input project 1 (its folder or zip) contains an original PII string of its documents: rename it", ErrUnsafeProjectName), "input", "rename it", ""},
		{errors.New("engine: input changed during the run: a document name of project 1 was read twice: run again"), "error", "read twice", ""},
		{errors.New("fictive: no surrogate for Wendelmuth"), "error", "withheld", "Wendelmuth"},
	} {
		f := failureOf(tc.err, original)
		if f.Class != tc.class || !strings.Contains(f.Message, tc.msg) || (tc.mustNotHold != "" && strings.Contains(f.Message, tc.mustNotHold)) {
			t.Errorf("%v: %+v, want class %s with %q", tc.err, f, tc.class, tc.msg)
		}
	}
	if f := failureOf(errors.New("engine: x"), nil); f.Message != "engine: x" {
		t.Errorf("without originals: %+v", f)
	}
}
