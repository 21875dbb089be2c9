package main

import (
	"bytes"
	"testing"
	"time"
)

// TestProgressPrinter: off a terminal, a phase prints one line when it
// starts and one summary when it ends (a new phase or End ends it).
func TestProgressPrinter(t *testing.T) {
	tests := []struct {
		name string
		run  func(p *progress)
		want string
	}{
		{"nothing", func(p *progress) { p.End("x") }, ""},
		{"unknown total", func(p *progress) {
			p.Update("read", 0, 0)
			p.Update("read", 7, 0)
			p.Update("read", 14, 0)
			p.End("")
		}, "read: started\nread: 14 files in 1.0s\n"},
		{"phases", func(p *progress) {
			p.Update("read", 3, 0)
			p.Update("plan", 1, 2)
			p.Update("plan", 2, 2)
			p.Update("write", 2, 2)
			p.End("audit passed")
		}, "read: started\nread: 3 files in 1.0s\nplan: started (2 documents)\nplan: 2 documents in 1.0s\n" +
			"write: started (2 documents)\nwrite: 2 documents, audit passed in 1.0s\n"},
		{"unitless phase", func(p *progress) {
			p.Update("assemble", 0, 1)
			p.Update("assemble", 1, 1)
			p.Update("index", 0, 1)
			p.End("stopped")
		}, "assemble: started\nassemble: done in 1.0s\nindex: started\nindex: stopped in 1.0s\n"},
		{"unknown phase", func(p *progress) { p.Update("sort", 5, 5); p.End("") }, "sort: started (5 items)\nsort: 5 items in 1.0s\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var buf bytes.Buffer
			p := newProgress(&buf, map[string]string{"read": "files", "plan": "documents", "write": "documents", "assemble": noCount, "index": noCount})
			if p.bars {
				t.Fatal("bars on a buffer")
			}
			clock := time.Unix(0, 0)
			p.now = func() time.Time { clock = clock.Add(time.Second); return clock }
			tt.run(p)
			if got := buf.String(); got != tt.want {
				t.Fatalf("got:\n%s\nwant:\n%s", got, tt.want)
			}
		})
	}
	var nilp *progress
	nilp.Update("read", 1, 1) // a nil printer is silent
	nilp.End("")
}
