package zipread

import (
	"archive/zip"
	"bytes"
	"errors"
	"fmt"
	"testing"
)

func zipWith(t *testing.T, n int, comment string) []byte {
	var b bytes.Buffer
	w := zip.NewWriter(&b)
	for i := 0; i < n; i++ {
		f, err := w.Create(fmt.Sprintf("e%05d.json", i))
		if err != nil {
			t.Fatal(err)
		}
		f.Write([]byte("{}"))
	}
	if err := w.SetComment(comment); err != nil {
		t.Fatal(err)
	}
	w.Close()
	return b.Bytes()
}

// TestDeclaredEntries: the entry count is read from the end record (also
// behind a comment that holds a fake record), and an over-full zip is
// refused with ErrTooManyEntries.
func TestDeclaredEntries(t *testing.T) {
	fake := "PK\x05\x06" + string(make([]byte, 6)) + "\xff\x7f" + string(make([]byte, 10)) + " more words" // claims 32767 entries
	for _, tt := range []struct {
		n       int
		comment string
	}{{0, ""}, {3, ""}, {70, "a comment"}, {5, fake}} {
		data := zipWith(t, tt.n, tt.comment)
		got, ok := declaredEntries(bytes.NewReader(data), int64(len(data)))
		if !ok || got != tt.n {
			t.Errorf("%d entries, comment %q: got %d %v", tt.n, tt.comment, got, ok)
		}
		_, err := Open(bytes.NewReader(data), int64(len(data)), Limits{MaxEntries: 60})
		if tt.n > 60 != errors.Is(err, ErrTooManyEntries) {
			t.Errorf("%d entries: %v", tt.n, err)
		}
	}
	if _, ok := declaredEntries(bytes.NewReader([]byte("not a zip")), 9); ok {
		t.Error("count read from garbage")
	}
}

// TestOpenStreamsWithinTotal: Open is not held to MaxEntry but stops at
// MaxTotal.
func TestOpenStreamsWithinTotal(t *testing.T) {
	var b bytes.Buffer
	w := zip.NewWriter(&b)
	f, _ := w.Create("big.jsonl")
	f.Write(bytes.Repeat([]byte("x\n"), 4096))
	w.Close()
	a, err := Open(bytes.NewReader(b.Bytes()), int64(b.Len()), Limits{MaxEntry: 100, MaxTotal: 5000})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.ReadFile("big.jsonl"); !errors.Is(err, ErrEntryTooLarge) {
		t.Fatalf("ReadFile: %v", err)
	}
	rc, err := a.Open("big.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	_, err = out.ReadFrom(rc)
	if !errors.Is(err, ErrArchiveTooLarge) || out.Len() != 5000 {
		t.Fatalf("streamed %d bytes, %v", out.Len(), err)
	}
}
