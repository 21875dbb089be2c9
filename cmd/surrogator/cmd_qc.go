package main

import (
	"context"
	"fmt"
	"io"
	"math/rand"
	"time"

	"github.com/spf13/cobra"
	"github.com/surrogator/surrogator/surrogator/formats"
	"github.com/surrogator/surrogator/surrogator/output"
	"github.com/surrogator/surrogator/surrogator/qc"
	"github.com/surrogator/surrogator/surrogator/suspects"
)

type qcOptions struct {
	in  inputFlags
	out string
}

// newQCCmd builds the qc command.
func newQCCmd() *cobra.Command {
	var o qcOptions
	c := &cobra.Command{
		Use:   "qc PATH...",
		Short: "Check annotations and write quality-control reports (private)",
		Long: `qc checks the PII annotations of every project and writes, per project, into
OUT/private/private-<run>/<project>/quality_control/: corpus_details.csv,
statistics.csv, corpus_documents.csv, quality_control.json, quality_control.xlsx,
report.md and suspects.csv. Edit corpus_documents.csv (part_of_corpus 0/1) and
pass it to 'surrogator run --toggle' to decide which documents are released.

suspects.csv (document,begin,end,kind,text) lists text outside the annotations
that looks like PII the annotators missed: names, absolute dates, ages, phone
and fax numbers, e-mail, URLs, IBAN/BIC, labelled IDs, postcode and place,
street and house number, facility names. Offsets are UTF-16 code units for CAS
JSON and XMI, code points for JSON Lines, BRAT and text. corpus_documents.csv
counts them per document (column suspects, ignored by --toggle). Suspects do
not change part_of_corpus; 'run --suspects exclude' keeps documents with
suspects out until the toggle file releases them. Suspect texts are original
PII: they are written to the private QC files only.

Exit codes: 0 every document read and checked; 1 error (also: no documents
found, no document readable); 2 usage; 3 some documents unreadable (listed
with the reason in the reports); 130 interrupted.`,
		Example: `  surrogator qc --out out export.zip
  surrogator run --mode fictive --toggle out/private/private-*/export/quality_control/corpus_documents.csv export.zip`,
		Args: minArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runQC(cmd.Context(), cmd.OutOrStdout(), cmd.ErrOrStderr(), o, args)
		},
	}
	o.in.register(c)
	c.Flags().StringVarP(&o.out, "out", "o", "out", "output directory")
	return c
}

func runQC(ctx context.Context, w, stderr io.Writer, o qcOptions, paths []string) error {
	pr := newProgress(stderr, docUnits)
	opt := o.in.options(o.out) // never read the reports back
	projs, err := readInputs(ctx, pr, paths, opt)
	if err != nil {
		return err
	}
	l := output.Layout{Out: o.out, Run: output.RunKey(time.Now(), rand.New(rand.NewSource(time.Now().UnixNano())))}
	if err := l.MarkOut(); err != nil {
		return err
	}
	total, readable, unreadable := 0, 0, 0
	for _, p := range projs {
		total += len(p.Documents) + len(p.Errors)
	}
	done := 0
	det := suspects.New(suspects.Options{}) // one per command: it compiles its patterns
	for _, p := range projs {
		if err := ctx.Err(); err != nil {
			pr.End("stopped")
			return interruptedError{msg: fmt.Sprintf("interrupted: the QC reports in %s are incomplete; re-run the command", l.PrivateRoot()), err: err}
		}
		pr.Update("qc", int64(done), int64(total))
		q := qc.RunWith(p, det)
		dir := l.QC(p.Name)
		if err := q.Write(dir); err != nil {
			return err
		}
		done += len(p.Documents) + len(p.Errors)
		pr.Update("qc", int64(done), int64(total))
		readable += len(p.Documents)
		unreadable += unreadableCount(p)
		inc, sus, susDocs := 0, 0, 0
		for _, d := range q.Docs {
			if d.PartOfCorpus {
				inc++
			}
			if len(d.Suspects) > 0 {
				sus += len(d.Suspects)
				susDocs++
			}
		}
		pr.End("")
		fmt.Fprintf(w, "%s: %d documents, %d proposed for release, %d unreadable, %d suspected unannotated PII in %d documents (%s); reports in %s\n",
			p.Name, len(p.Documents), inc, unreadableCount(p), sus, susDocs, qc.FileSuspects, dir)
	}
	switch {
	case readable == 0:
		return fmt.Errorf("no readable document in %d input(s): %d unreadable, reasons in the QC reports in %s",
			len(paths), unreadable, l.PrivateRoot())
	case unreadable > 0:
		return partialError{fmt.Sprintf("%d document(s) unreadable; reasons in the QC reports in %s", unreadable, l.PrivateRoot())}
	}
	return nil
}

// unreadableCount counts a project's unreadable documents and files,
// including those only counted in its summarising error.
func unreadableCount(p *formats.Project) int {
	n := len(p.Errors) + p.ErrorsOmitted
	if p.ErrorsOmitted > 0 {
		n-- // the summarising error itself
	}
	return n
}

// readInputs reads paths with the read phase on pr. Reading publishes
// nothing, so a cancelled ctx returns at once (the reader, which takes no
// context, is left to the process's exit).
func readInputs(ctx context.Context, pr *progress, paths []string, opt formats.Options) ([]*formats.Project, error) {
	if ctx == nil {
		ctx = context.Background()
	}
	if err := ctx.Err(); err != nil {
		return nil, interruptedError{msg: "interrupted before reading the inputs; nothing was written", err: err}
	}
	pr.Update("read", 0, 0)
	opt.Progress = func(files int) { pr.Update("read", int64(files), 0) }
	type result struct {
		projs []*formats.Project
		err   error
	}
	ch := make(chan result, 1)
	go func() {
		projs, err := formats.Read(paths, opt)
		ch <- result{projs, err}
	}()
	select {
	case r := <-ch:
		if r.err != nil {
			pr.End("stopped")
			return nil, r.err
		}
		pr.End("")
		return r.projs, nil
	case <-ctx.Done():
		pr.End("stopped")
		return nil, interruptedError{msg: "interrupted while reading the inputs; nothing was written", err: ctx.Err()}
	}
}
