package main

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/surrogator/surrogator/surrogator/engine"
)

// TestReportRunBounded: a run with many excluded documents names the first
// maxExcludedLines on stderr and counts the rest by reason; reviewer
// decisions are never listed as failures.
func TestReportRunBounded(t *testing.T) {
	for _, n := range []int{1, maxExcludedLines, maxExcludedLines + 57} {
		res := &engine.Result{PublicRoot: "pub", PrivateRoot: "priv"}
		for i := 0; i < n; i++ {
			reason := "quarantined"
			if i%3 == 0 {
				reason = "unreadable"
			}
			res.Excluded = append(res.Excluded, engine.Excluded{Project: "p", DocID: fmt.Sprintf("doc-%06d", i), Reason: reason})
		}
		res.Excluded = append(res.Excluded, engine.Excluded{Project: "p", DocID: "doc-x", Reason: engine.ReasonNotReleased})
		var out, errb bytes.Buffer
		err := reportRun(&out, &errb, res, "toggle")
		var pe partialError
		if !errors.As(err, &pe) {
			t.Fatalf("n=%d: err %v, want partial", n, err)
		}
		lines := strings.Split(strings.TrimSpace(errb.String()), "\n")
		want := n
		if n > maxExcludedLines {
			want = maxExcludedLines + 1
			if last := lines[len(lines)-1]; !strings.Contains(last, fmt.Sprintf("%d more", n-maxExcludedLines)) || !strings.Contains(last, "unreadable") {
				t.Fatalf("summary line %q", last)
			}
		}
		if len(lines) != want {
			t.Fatalf("n=%d: %d stderr lines, want %d", n, len(lines), want)
		}
		if strings.Contains(errb.String(), "doc-x") {
			t.Fatal("a reviewer's decision listed as an exclusion")
		}
	}
}

func TestParseShiftRange(t *testing.T) {
	for _, tc := range []struct {
		in     string
		lo, hi int
		ok     bool
	}{
		{"14:365", 14, 365, true}, {"1:1", 1, 1, true}, {" 5 : 10 ", 5, 10, true},
		{"300:10", 0, 0, false}, {"-5:10", 0, 0, false}, {"0:10", 0, 0, false},
		{"5:10xyz", 0, 0, false}, {"5", 0, 0, false}, {"a:b", 0, 0, false}, {"", 0, 0, false},
	} {
		lo, hi, err := parseShiftRange(tc.in)
		if (err == nil) != tc.ok || lo != tc.lo || hi != tc.hi {
			t.Errorf("parseShiftRange(%q) = %d, %d, %v", tc.in, lo, hi, err)
		}
	}
}
