package main

import (
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"
)

// progress shows the phases of long work on stderr. On a terminal each
// phase gets a progress bar described by the phase's name; elsewhere (logs,
// pipes, CI) one line when a phase starts and one when it ends. The summary
// line ("read: 14000 files in 12.3s") is printed in both cases. Only phase
// names and counts are shown, never names or text from the inputs.
//
// Update may be called from several goroutines.
type progress struct {
	mu    sync.Mutex
	w     io.Writer
	bars  bool
	units map[string]string // unit of each phase's counts; default "items"
	bytes map[string]bool   // phases counting bytes (shown humanised on bars)
	now   func() time.Time

	phase       string
	done, total int64
	start       time.Time
	bar         *progressbar.ProgressBar
}

// newProgress returns a printer writing to w; bars are drawn only when w is
// a terminal.
func newProgress(w io.Writer, units map[string]string) *progress {
	return &progress{w: w, bars: isTerminal(w), units: units, now: time.Now}
}

// noCount is the unit of phases whose counts mean nothing to a reader
// (0 of 1 steps): their lines show the phase and the time only.
const noCount = "-"

// Units of the phases the verbs report.
var (
	// engine.Progress phases and the input reader
	docUnits = map[string]string{"read": "files", "qc": "documents", "plan": "documents", "write": "documents", "audit": "files"}
	// osmbuild passes
	osmUnits = map[string]string{"index": noCount, "relations": "bytes", "ways": "bytes", "nodes": "bytes", "assemble": noCount, "write": noCount}
)

func (p *progress) unit(phase string) string {
	if u := p.units[phase]; u != "" {
		return u
	}
	return "items"
}

// Update reports that phase has done units of total (total ≤ 0: not known
// yet). A phase other than the current one ends the current one.
func (p *progress) Update(phase string, done, total int64) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if phase != p.phase {
		p.endLocked("")
		p.phase, p.start, p.done, p.total = phase, p.now(), 0, 0
		if p.bars {
			max := total
			if max <= 0 {
				max = -1 // spinner until the total is known
			}
			p.bar = progressbar.NewOptions64(max, progressbar.OptionSetWriter(p.w),
				progressbar.OptionSetDescription(fmt.Sprintf("%-9s", phase)), progressbar.OptionSetWidth(30),
				progressbar.OptionShowCount(), progressbar.OptionShowBytes(p.unit(phase) == "bytes"),
				progressbar.OptionThrottle(100*time.Millisecond), progressbar.OptionClearOnFinish())
		} else if total > 0 && p.unit(phase) != noCount {
			fmt.Fprintf(p.w, "%s: started (%d %s)\n", phase, total, p.unit(phase))
		} else {
			fmt.Fprintf(p.w, "%s: started\n", phase)
		}
	}
	if p.bar != nil {
		if total > 0 && total != p.total {
			p.bar.ChangeMax64(total)
		}
		_ = p.bar.Set64(done)
	}
	p.done, p.total = done, total
}

// End ends the current phase; extra is appended to its summary line
// ("audit passed"). Without a current phase it does nothing.
func (p *progress) End(extra string) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.endLocked(extra)
}

func (p *progress) endLocked(extra string) {
	if p.phase == "" {
		return
	}
	if p.bar != nil {
		_ = p.bar.Finish()
		_ = p.bar.Clear()
		p.bar = nil
	}
	line := fmt.Sprintf("%s: %d %s", p.phase, p.done, p.unit(p.phase))
	switch {
	case p.unit(p.phase) == noCount && extra != "":
		line = p.phase + ": " + extra
	case p.unit(p.phase) == noCount:
		line = p.phase + ": done"
	case extra != "":
		line += ", " + extra
	}
	fmt.Fprintf(p.w, "%s in %.1fs\n", line, p.now().Sub(p.start).Seconds())
	p.phase = ""
}
