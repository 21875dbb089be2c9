package formats

import (
	"errors"
	"io"
	"runtime"
	"strings"
	"testing"
	"time"
)

// hugeLine is a JSON Lines stream made on the fly: one line of n bytes
// (a document whose text is n-30 letters, with a secret word in it),
// then a short document. Nothing of it is held in memory.
type hugeLine struct {
	n, off int64
	tail   string
}

func newHugeLine(n int64) *hugeLine {
	return &hugeLine{n: n, tail: `{"id":"next","text":"Brief an Frau Albers."}` + "\n"}
}

const hugeHead = `{"id":"huge","text":"Geheimname `

func (h *hugeLine) Read(p []byte) (int, error) {
	total := h.n + 1 + int64(len(h.tail))
	if h.off >= total {
		return 0, io.EOF
	}
	w := 0
	for w < len(p) && h.off < total {
		switch o := h.off; {
		case o < int64(len(hugeHead)):
			w += copy(p[w:], hugeHead[o:])
			h.off += int64(len(hugeHead)) - o
			continue
		case o < h.n-2:
			k := min(int64(len(p)-w), h.n-2-o)
			for i := range k {
				p[w+int(i)] = 'a'
			}
			w += int(k)
			h.off += k
			continue
		case o < h.n+1:
			c := copy(p[w:], (`"}` + "\n")[o-(h.n-2):])
			w += c
			h.off += int64(c)
		default:
			c := copy(p[w:], h.tail[o-(h.n+1):])
			w += c
			h.off += int64(c)
		}
	}
	return w, nil
}

// TestJSONLHugeLineStreamed: a 100 MB JSON Lines line over the limit is
// skipped without being held past the limit or parsed, reported by line
// number without its content, and the next line is read (issue 26,
// finding 8: it cost 600 MB RSS and 14 s).
func TestJSONLHugeLineStreamed(t *testing.T) {
	if testing.Short() {
		t.Skip("streams 200 MB")
	}
	for _, tc := range []struct {
		max, allocs int64 // the limit, the bytes the read may allocate
	}{
		{1 << 20, 4 << 20},
		{DefaultMaxDocBytes, 3 * DefaultMaxDocBytes},
	} {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		start := time.Now()
		var docs []string
		errs := decodeJSONL(newHugeLine(100<<20), tc.max, func(d jsonlDoc) bool {
			docs = append(docs, d.doc.Name)
			return true
		})
		took := time.Since(start)
		runtime.ReadMemStats(&after)
		if len(docs) != 1 || docs[0] != "next" {
			t.Errorf("max %d: documents %q, want the line after the huge one", tc.max, docs)
		}
		if len(errs) != 1 || errs[0].line != 1 || !errors.Is(errs[0].err, ErrTooLarge) ||
			!strings.HasPrefix(errs[0].err.Error(), "jsonl: line 1 exceeds --max-doc-bytes") || strings.Contains(errs[0].err.Error(), "Geheim") {
			t.Errorf("max %d: errors %v, want line 1 over the limit without its content", tc.max, errs)
		}
		if a := int64(after.TotalAlloc - before.TotalAlloc); a > tc.allocs {
			t.Errorf("max %d: reading past a 100 MB line allocated %d MB, want ≤ %d MB", tc.max, a>>20, tc.allocs>>20)
		}
		t.Logf("max %d MiB: %.2fs, %d MB allocated", tc.max>>20, took.Seconds(), (after.TotalAlloc-before.TotalAlloc)>>20)
	}
}
