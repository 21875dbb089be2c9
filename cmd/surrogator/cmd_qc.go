package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand"
	"time"

	"github.com/spf13/cobra"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/engine"
	"github.com/surrogator/surrogator/surrogator/formats"
	"github.com/surrogator/surrogator/surrogator/output"
	"github.com/surrogator/surrogator/surrogator/qc"
	"github.com/surrogator/surrogator/surrogator/runspec"
)

type qcOptions struct {
	in     inputFlags
	out    string
	report reportFlags
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
	o.report.register(c)
	return c
}

func runQC(ctx context.Context, w, stderr io.Writer, o qcOptions, paths []string) error {
	if ctx == nil {
		ctx = context.Background()
	}
	if err := checkOut(o.out); err != nil {
		return err
	}
	pr := newProgress(o.report.progressTo(stderr), docUnits)
	// pass 1 of a run: every document read once, checked and let go; the
	// per-document reports wait in a sealed spool, so memory does not grow
	// with the corpus
	// the run's specification opened as run opens it (runspec.Open), for
	// QC only: the plan never reads the reports back
	opts, closeRun, err := runspec.Open(ctx, runspec.Spec{Options: o.in.spec(), QCOnly: true}, env)
	if err != nil {
		return err
	}
	defer closeRun()
	opts.Out, opts.Input.SkipDirs = o.out, []string{o.out}
	opts.Input.Progress = func(files int) { pr.Update("read", int64(files), 0) }
	pr.Update("read", 0, 0)
	plan, err := engine.Prepare(ctx, formats.PathSources(paths), opts)
	if err != nil {
		pr.End("stopped")
		if errors.Is(err, engine.ErrInterrupted) {
			return interruptedError{msg: "interrupted while reading the inputs; nothing was written", err: err}
		}
		return err
	}
	defer plan.Close()
	pr.End("")
	l := output.Layout{Out: o.out, Run: output.RunKey(time.Now(), rand.New(rand.NewSource(time.Now().UnixNano())))}
	if err := l.MarkOut(); err != nil {
		return err
	}
	// the documents were checked while they were read; the reports are
	// written now
	pr.Update("qc", 0, int64(plan.Documents()))
	err = plan.WriteQC(ctx, l)
	pr.Update("qc", int64(plan.Documents()), int64(plan.Documents()))
	pr.End("")
	if err != nil {
		if errors.Is(err, engine.ErrInterrupted) {
			return interruptedError{msg: fmt.Sprintf("interrupted: the QC reports in %s are incomplete; re-run the command", l.PrivateRoot()), err: err}
		}
		return err
	}
	readable, unreadable := 0, 0
	type projectJSON struct {
		Project          string `json:"project"`
		Documents        int    `json:"documents"`
		Proposed         int    `json:"proposed"`
		Unreadable       int    `json:"unreadable"`
		Suspects         int    `json:"suspects"`
		SuspectDocuments int    `json:"suspect_documents"`
		Reports          string `json:"reports"`
	}
	summary := struct {
		Run      string        `json:"run"`
		Private  string        `json:"private"`
		Projects []projectJSON `json:"projects"`
	}{Run: l.Run, Private: l.PrivateRoot(), Projects: []projectJSON{}}
	for _, s := range plan.QCSummary() {
		readable += s.Documents
		unreadable += s.Unreadable
		summary.Projects = append(summary.Projects, projectJSON{s.Project, s.Documents, s.Proposed, s.Unreadable, s.Suspects, s.SuspectDocuments, l.QC(s.Project)})
		if !o.report.quiet && !o.report.json {
			fmt.Fprintf(w, "%s: %d documents, %d proposed for release, %d unreadable, %d suspected unannotated PII in %d documents (%s); reports in %s\n",
				s.Project, s.Documents, s.Proposed, s.Unreadable, s.Suspects, s.SuspectDocuments, qc.FileSuspects, l.QC(s.Project))
		}
	}
	if o.report.json && readable > 0 {
		if err := writeJSON(w, summary); err != nil {
			return err
		}
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

// scanInputs hands every document of paths to visit, one at a time, with
// the read phase on pr (formats.Scan: nothing is held).
func scanInputs(ctx context.Context, pr *progress, paths []string, opt formats.Options, visit func(*formats.Project, *document.Document) error) ([]*formats.Project, error) {
	if ctx == nil {
		ctx = context.Background()
	}
	pr.Update("read", 0, 0)
	opt.Progress = func(files int) { pr.Update("read", int64(files), 0) }
	projs, err := formats.Scan(ctx, formats.PathSources(paths), opt, visit)
	switch {
	case ctx.Err() != nil:
		pr.End("stopped")
		return nil, interruptedError{msg: "interrupted while reading the inputs; nothing was written", err: ctx.Err()}
	case err != nil:
		pr.End("stopped")
		return nil, err
	}
	pr.End("")
	return projs, nil
}
