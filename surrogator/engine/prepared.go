package engine

import (
	"context"
	"errors"
	"fmt"

	"github.com/surrogator/surrogator/surrogator/output"
	"github.com/surrogator/surrogator/surrogator/qc"
)

// Close releases what the plan keeps on disk (the QC spool). A plan
// cannot be written after Close.
func (p *Plan) Close() error {
	p.closed = true
	if p.spool == nil {
		return nil
	}
	return p.spool.Close()
}

// ProjectQC summarises the quality control of one project.
type ProjectQC struct {
	Project string
	// Documents were read (duplicate names excluded); Proposed of them
	// QC proposes for release; Unreadable inputs could not be read.
	Documents, Proposed, Unreadable int
	// Suspects is the number of suspected unannotated PII, found in
	// SuspectDocuments documents.
	Suspects, SuspectDocuments int
}

// QCSummary summarises the quality control of every project, in reading
// order.
func (p *Plan) QCSummary() []ProjectQC {
	out := make([]ProjectQC, len(p.runs))
	for i, pr := range p.runs {
		s := ProjectQC{Project: pr.name, Documents: len(pr.docs), Unreadable: unreadable(pr.in)}
		for i := range pr.docs {
			d := &pr.docs[i]
			if d.part {
				s.Proposed++
			}
			if d.suspects > 0 {
				s.Suspects += int(d.suspects)
				s.SuspectDocuments++
			}
		}
		out[i] = s
	}
	return out
}

// WriteQC writes the QC reports of every project into l.QC(project)
// (private), the files Write writes, without a run; the context stops it
// (ErrInterrupted), leaving no half-written file.
func (p *Plan) WriteQC(ctx context.Context, l output.Layout) error {
	if p.closed {
		return errors.New("engine: the plan was closed")
	}
	for _, pr := range p.runs {
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("%w: %w", ErrInterrupted, err)
		}
		if err := pr.qc.WriteContext(ctx, l.QC(pr.name)); err != nil {
			if ctx.Err() != nil {
				return fmt.Errorf("%w: %w", ErrInterrupted, ctx.Err())
			}
			return fmt.Errorf("engine: %w", err)
		}
	}
	return nil
}

// Documents counts the documents of the plan (readable, duplicates
// excluded).
func (p *Plan) Documents() int { return p.total }

// SetToggle sets the reviewer's release decisions (nil: QC's proposal).
// Every row must name a document of the run: a typo must not silently
// turn a release into "not listed". Options.ToggleFile should name the
// file it came from, for run.json and provenance.json.
func (p *Plan) SetToggle(t *qc.Toggle) error {
	if t != nil {
		names := map[string][]string{}
		for _, pr := range p.runs {
			for i := range pr.docs {
				names[pr.name] = append(names[pr.name], pr.docs[i].name)
			}
			for _, e := range pr.in.Errors { // unreadable, but a document all the same
				if e.Document != "" {
					names[pr.name] = append(names[pr.name], e.Document)
				}
			}
		}
		if err := t.ValidateRun(names); err != nil {
			return fmt.Errorf("engine: toggle file: %w", err)
		}
	}
	p.opts.Toggle = t
	return nil
}

// inputsID lists what identifies the plan's inputs in the run
// fingerprint: the paths, and the digests of held inputs.
func (p *Plan) inputsID() []string {
	ids := append([]string(nil), p.paths...)
	for i := range ids {
		ids[i] = mustAbs(ids[i])
	}
	for _, f := range p.held {
		ids = append(ids, f.Path+" "+f.SHA256)
	}
	return ids
}
