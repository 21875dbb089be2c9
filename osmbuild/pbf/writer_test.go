package pbf

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

type failWriter struct{ after int }

var errDisk = errors.New("disk full")

func (w *failWriter) Write(p []byte) (int, error) {
	if w.after <= 0 {
		return 0, errDisk
	}
	w.after--
	return len(p), nil
}

func TestWriterErrors(t *testing.T) {
	for _, lvl := range []int{-1, 10} {
		if _, err := NewWriter(&bytes.Buffer{}, WriterOptions{Level: lvl}); err == nil || !strings.HasPrefix(err.Error(), "pbf: ") {
			t.Errorf("level %d: %v", lvl, err)
		}
	}
	if _, err := NewWriter(&bytes.Buffer{}, WriterOptions{Raw: true, Level: 42}); err != nil {
		t.Errorf("raw ignores the level: %v", err)
	}
	// The underlying writer fails on the second block: Close reports it,
	// and a later WriteBlock returns it too.
	w, err := NewWriter(&failWriter{after: 1}, WriterOptions{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	enc := NewBlockEncoder()
	for i := range 3 {
		enc.AddNode(int64(i), 0, 0, nil, Info{})
		_ = w.WriteBlock(TypeData, enc.Encode(w.Buffer()))
	}
	if err := w.Close(); !errors.Is(err, errDisk) {
		t.Fatalf("Close = %v, want the write error", err)
	}
	if err := w.WriteBlock(TypeData, nil); err == nil {
		t.Error("WriteBlock after Close: no error")
	}
	if w.Blocks() != 2 || w.Written() == 0 {
		t.Errorf("Blocks %d Written %d", w.Blocks(), w.Written())
	}
	// A block over the blob limit is refused.
	w, _ = NewWriter(&bytes.Buffer{}, WriterOptions{Raw: true})
	_ = w.WriteBlock(TypeData, make([]byte, MaxBlobSize+1))
	if err := w.Close(); err == nil || !strings.Contains(err.Error(), "blob limit") {
		t.Errorf("oversized block: %v", err)
	}
}

// TestAppendFrameLayout pins the frame bytes of a tiny raw block: length
// prefix, BlobHeader{type, datasize}, Blob{raw}.
func TestAppendFrameLayout(t *testing.T) {
	got, err := AppendFrame(nil, TypeData, []byte{0xAA}, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := []byte{0, 0, 0, 11, 0x0a, 7, 'O', 'S', 'M', 'D', 'a', 't', 'a', 0x18, 3, 0x0a, 1, 0xAA}
	if !bytes.Equal(got, want) {
		t.Errorf("frame % x\nwant  % x", got, want)
	}
}
