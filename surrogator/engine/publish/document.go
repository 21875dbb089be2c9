package publish

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"io"
	"path/filepath"
	"sync"

	"github.com/surrogator/surrogator/surrogator/audit"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/engine/plan"
	"github.com/surrogator/surrogator/surrogator/formats/casjson"
	"github.com/surrogator/surrogator/surrogator/output"
)

// Project is what writing the documents of one project needs: its name
// (its folders), its originals (the leak audit's matcher) and the CAS
// buffers its workers share.
type Project struct {
	Name    string
	Matcher *audit.Matcher
	casBufs sync.Pool // *[]byte: Write's CAS buffers (casBuffer)
}

// maxPooledCAS is the largest buffer Project.casBufs keeps for the
// next document: one giant document must not hold its buffer for the rest
// of the run.
const maxPooledCAS = 4 << 20

// casBuffer returns a buffer to encode a private CAS into and the function
// that gives it back: a project's CAS files (each ~1.8x its input) would
// otherwise be allocated and cleared anew for every document.
func (pr *Project) casBuffer() (*[]byte, func()) {
	bp, _ := pr.casBufs.Get().(*[]byte)
	if bp == nil {
		bp = new([]byte)
	}
	return bp, func() {
		if cap(*bp) > maxPooledCAS {
			*bp = nil
		}
		pr.casBufs.Put(bp)
	}
}

// Outcome is what writing one document gave: an error (the document is
// excluded as unsafe), the leak audit's hits (it is quarantined) or the
// digests of the files written.
type Outcome struct {
	Err     error
	Hits    int
	Digests *Outputs // of the files written (nil: none)
}

// Write applies the plan, stages the public text in the private run
// folder, audits the staged bytes as they are on disk and publishes them
// only when the audit finds no original; a hit keeps the text in the
// private quarantine and nothing of it reaches public/.
func (pr *Project) Write(l output.Layout, dp *plan.Doc) Outcome {
	// the text is not needed any more; its CAS becomes the surrogate's
	defer func() { dp.Doc = &document.Document{Name: dp.Doc.Name} }()
	nd, err := dp.Doc.ApplyInPlace(dp.Edits)
	if err != nil {
		return Outcome{Err: fmt.Errorf("unsafe: %v", err)}
	}
	// verify: every replaced span covers exactly its surrogate
	for i, r := range dp.Reps {
		if nd.SpanText(r.Span) != r.Surrogate {
			return Outcome{Err: fmt.Errorf("unsafe: span %d does not cover its surrogate after replacement", i)}
		}
	}
	text := []byte(nd.Text)
	staged, err := output.Stage(l.Staging(), text)
	if err != nil {
		return Outcome{Err: err}
	}
	written, err := staged.Bytes()
	if err != nil || !bytes.Equal(written, text) {
		staged.Discard()
		return Outcome{Err: fmt.Errorf("audit: staged file does not read back as written")}
	}
	// the run's originals count in full where they are this document's
	// own; another letter's word or short code only where it stands as PII
	// (audit.OtherDocuments); the document's name words always
	hits := audit.OtherDocuments(string(written), audit.FindAll(string(written), pr.Matcher), ownOriginals(dp.Reps), drawnRanges(nd, dp.Reps))
	hits = append(hits, audit.FindAll(string(written), dp.Parts)...)
	hits = audit.Outside(hits, keptRanges(nd, dp.Reps))
	hits = append(hits, plan.DateLeaks(string(written), nd, dp.Reps, dp.RoundedDates)...)
	if len(hits) > 0 {
		staged.Discard()
		q := filepath.Join(l.Private(pr.Name), "quarantine", dp.DocID+".txt")
		if err := output.WritePrivateBulk(q, written); err != nil {
			return Outcome{Err: err, Hits: len(hits)}
		}
		return Outcome{Hits: len(hits)}
	}
	// the private CAS is encoded as it is written, in pieces of at most
	// about maxPooledCAS (a letter's in one), and digested on the way: a
	// large document's encoding (≈ 27 bytes per byte of text with a token
	// layer) is never held whole beside its CAS
	casPath := filepath.Join(l.Private(pr.Name), "cas", dp.CASName)
	bp, put := pr.casBuffer()
	defer put()
	h := sha256.New()
	casSize := 0
	err = output.WritePrivateBulkFunc(casPath, func(w io.Writer) error {
		write := func(p []byte) error {
			h.Write(p)
			casSize += len(p)
			_, err := w.Write(p)
			return err
		}
		rest, err := casjson.EncodeCAS((*bp)[:0], casjson.CAS(nd), maxPooledCAS, write)
		if err != nil {
			return err
		}
		*bp = rest
		return write(rest)
	})
	if err != nil {
		staged.Discard()
		return Outcome{Err: err}
	}
	var casDigest [32]byte
	h.Sum(casDigest[:0])
	textPath := filepath.Join(l.PublicPartial(pr.Name), dp.DocID+".txt")
	if err := staged.Publish(textPath); err != nil {
		return Outcome{Err: err}
	}
	// digested here, on the workers, from the bytes written (the text as
	// read back): provenance need not read the files again
	return Outcome{Digests: &Outputs{cas: casDigest, casSize: casSize, casPath: casPath,
		text: digestOf(written), textSize: len(written), textPath: textPath}}
}

// keptRanges returns the ranges of nd's spans published as written by
// rule (plan.Replacement.Kept), which the leak audit exempts (audit.Outside).
func keptRanges(nd *document.Document, reps []plan.Replacement) [][2]int {
	var kept [][2]int
	for _, r := range reps {
		if r.Kept && r.Span < len(nd.Spans) {
			kept = append(kept, [2]int{nd.Spans[r.Span].Begin, nd.Spans[r.Span].End})
		}
	}
	return kept
}

// drawnRanges returns the ranges of the document's replaced spans in the
// public text: surrogates the run drew.
func drawnRanges(nd *document.Document, reps []plan.Replacement) [][2]int {
	var drawn [][2]int
	for _, r := range reps {
		if !r.Kept && r.Span < len(nd.Spans) {
			drawn = append(drawn, [2]int{nd.Spans[r.Span].Begin, nd.Spans[r.Span].End})
		}
	}
	return drawn
}

// ownOriginals returns a matcher of the document's own audited originals.
func ownOriginals(reps []plan.Replacement) *audit.Matcher {
	m := audit.NewMatcher()
	for _, r := range reps {
		if audit.Audited(r.Kind) {
			m.Add(r.Original)
		}
	}
	return m
}
