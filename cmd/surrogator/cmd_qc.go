package main

import (
	"fmt"
	"io"
	"math/rand"
	"time"

	"github.com/spf13/cobra"
	"github.com/surrogator/surrogator/surrogator/formats"
	"github.com/surrogator/surrogator/surrogator/output"
	"github.com/surrogator/surrogator/surrogator/qc"
)

type qcOptions struct {
	in  inputFlags
	out string
}

func init() {
	register(func() *cobra.Command {
		var o qcOptions
		c := &cobra.Command{
			Use:   "qc PATH...",
			Short: "Check annotations and write quality-control reports (private)",
			Long: `qc checks the PII annotations of every project and writes, per project, into
OUT/private/private-<run>/<project>/quality_control/: corpus_details.csv,
statistics.csv, corpus_documents.csv, quality_control.json, quality_control.xlsx
and report.md. Edit corpus_documents.csv (part_of_corpus 0/1) and pass it to
'surrogator run --toggle' to decide which documents are released.`,
			Example: `  surrogator qc --out out export.zip
  surrogator run --mode fictive --toggle out/private/private-*/export/quality_control/corpus_documents.csv export.zip`,
			Args: minArgs(1),
			RunE: func(cmd *cobra.Command, args []string) error {
				return runQC(cmd.OutOrStdout(), o, args)
			},
		}
		o.in.register(c)
		c.Flags().StringVarP(&o.out, "out", "o", "out", "output directory")
		return c
	})
}

func runQC(w io.Writer, o qcOptions, paths []string) error {
	projs, err := formats.Read(paths, o.in.options())
	if err != nil {
		return err
	}
	l := output.Layout{Out: o.out, Run: output.RunKey(time.Now(), rand.New(rand.NewSource(time.Now().UnixNano())))}
	for _, p := range projs {
		q := qc.Run(p)
		dir := l.QC(p.Name)
		if err := q.Write(dir); err != nil {
			return err
		}
		inc := 0
		for _, d := range q.Docs {
			if d.PartOfCorpus {
				inc++
			}
		}
		fmt.Fprintf(w, "%s: %d documents, %d proposed for release; reports in %s\n", p.Name, len(q.Docs), inc, dir)
	}
	return nil
}
