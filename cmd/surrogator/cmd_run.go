package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
	"github.com/surrogator/surrogator/data"
	"github.com/surrogator/surrogator/surrogator/engine"
	"github.com/surrogator/surrogator/surrogator/qc"
)

type runOptions struct {
	in         inputFlags
	mode       string
	toggle     string
	seed       int64
	scope      string
	keyFile    string
	dateShift  int
	shiftRange string
	geodata    string
	workers    int
	out        string
	resources  string
}

func init() {
	register(func() *cobra.Command {
		var o runOptions
		c := &cobra.Command{
			Use:   "run PATH...",
			Short: "Replace every PII span and write public texts and private keys",
			Long: `run reads the inputs, runs quality control, and replaces every PII span of the
released documents according to --mode:

  x        every letter and digit of a span becomes X
  entity   a span becomes its kind (NAME_PATIENT)
  gemtex   [** KIND KEY **]; birth/death dates → first day of their quarter,
           other dates shifted by the document's shift
  fictive  realistic fictitious surrogates

Public texts go to OUT/public/public-<run>/<project>/<docid>.txt; the surrogate
CAS files, mapping.json, mapping_flat.json, QC reports and run.json go to
OUT/private/private-<run>/ (0700/0600). Every public file is leak-audited.
Exit code 3 means some documents were excluded or quarantined (named on stderr).`,
			Example: `  surrogator run --mode fictive --seed 7 --out out export.zip
  surrogator run --mode gemtex --toggle corpus_documents.csv export.zip
  surrogator run --mode fictive --scope corpus --key-file ~/.surrogator.key batch1/ batch2.zip`,
			Args: minArgs(1),
			RunE: func(cmd *cobra.Command, args []string) error {
				return runRun(cmd, o, args)
			},
		}
		o.in.register(c)
		f := c.Flags()
		f.StringVarP(&o.mode, "mode", "m", "fictive", "x, entity, gemtex or fictive")
		f.StringVar(&o.toggle, "toggle", "", "edited corpus_documents.csv/.xlsx: the release decision")
		f.Int64Var(&o.seed, "seed", 0, "seed for a reproducible run (default: random, recorded in run.json)")
		f.StringVar(&o.scope, "scope", "document", "consistency scope: document or corpus")
		f.StringVar(&o.keyFile, "key-file", "", "secret key file (created 0600 when absent); corpus scope across runs")
		f.IntVar(&o.dateShift, "date-shift", 0, "fixed date shift in days (0 keeps dates as written); default random per document")
		f.StringVar(&o.shiftRange, "date-shift-range", "14:365", "range of the random shift in days, MIN:MAX (sign random)")
		f.StringVar(&o.geodata, "geodata", "", "geodata pack from 'surrogator osmbuild' (default: embedded gazetteer)")
		f.IntVarP(&o.workers, "workers", "j", runtime.NumCPU(), "parallel workers")
		f.StringVarP(&o.out, "out", "o", "out", "output directory")
		f.StringVar(&o.resources, "resources", "", "directory with name lists/gazetteer replacing or extending the embedded ones")
		return c
	})
}

func runRun(cmd *cobra.Command, o runOptions, args []string) error {
	mode, err := engine.ParseMode(o.mode)
	if err != nil {
		return usageError{err}
	}
	opts := engine.Options{
		Mode: mode, Scope: engine.Scope(o.scope), Seed: o.seed, SeedSet: cmd.Flags().Changed("seed"),
		DateShift: o.dateShift, DateShiftSet: cmd.Flags().Changed("date-shift"),
		Workers: o.workers, Out: o.out, Input: o.in.options(), Version: version,
	}
	if o.scope != "document" && o.scope != "corpus" {
		return usageError{fmt.Errorf("--scope must be document or corpus")}
	}
	if _, err := fmt.Sscanf(o.shiftRange, "%d:%d", &opts.DateShiftMin, &opts.DateShiftMax); err != nil {
		return usageError{fmt.Errorf("--date-shift-range must be MIN:MAX")}
	}
	if o.toggle != "" {
		t, err := qc.ReadToggle(o.toggle)
		if err != nil {
			return err
		}
		opts.Toggle = t
	}
	if o.keyFile != "" {
		k, err := engine.LoadKey(o.keyFile)
		if err != nil {
			return err
		}
		opts.Key, opts.KeyFile = k, o.keyFile
	}
	if o.resources != "" {
		r, err := data.Load(o.resources)
		if err != nil {
			return err
		}
		opts.Resources = r
	}
	if o.geodata != "" {
		closeGeo, err := attachGeodata(&opts, o.geodata)
		if err != nil {
			return err
		}
		defer closeGeo()
	}
	stderr := cmd.ErrOrStderr()
	if stderrIsTerminal() {
		var bar *progressbar.ProgressBar
		opts.Progress = func(done, total int) {
			if bar == nil {
				bar = progressbar.NewOptions(total, progressbar.OptionSetWriter(os.Stderr), progressbar.OptionSetDescription("surrogating"),
					progressbar.OptionClearOnFinish())
			}
			bar.Set(done)
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	res, err := engine.Run(ctx, args, opts)
	if err != nil {
		return err
	}
	return reportRun(cmd.OutOrStdout(), stderr, res)
}

func reportRun(w, stderr io.Writer, res *engine.Result) error {
	for _, p := range res.Projects {
		fmt.Fprintf(w, "%s: %d released, %d excluded, %d quarantined\n", p.Project, p.Released, p.Excluded, p.Quarantined)
	}
	fmt.Fprintf(w, "public:  %s\nprivate: %s\n", res.PublicRoot, res.PrivateRoot)
	if !res.Partial() {
		return nil
	}
	for _, e := range res.Excluded {
		// documents are named by project and public id (names are PII);
		// the reason is a category, the detail stays in run.json
		fmt.Fprintf(stderr, "excluded: %s/%s: %s\n", e.Project, e.DocID, e.Reason)
	}
	return partialError{fmt.Sprintf("%d document(s) excluded; details in %s/run.json", len(res.Excluded), res.PrivateRoot)}
}
