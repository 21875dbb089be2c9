package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/surrogator/surrogator/surrogator/engine"
	"github.com/surrogator/surrogator/surrogator/formats"
	"github.com/surrogator/surrogator/surrogator/output"
	"github.com/surrogator/surrogator/surrogator/runspec"
)

type runOptions struct {
	in      inputFlags
	mode    string
	toggle  string
	seed    int64
	scope   string
	keyFile string
	// keyInsecure: --key-insecure-perms
	keyInsecure bool
	dateShift   int
	shiftRange  string
	geodata     string
	workers     int
	out         string
	resources   string
	// pools (--pools) and emb (--embedder, --model): facility candidates.
	pools string
	emb   embedderFlags
	// replaceState is bound by --replace-state.
	replaceState bool
	// suspects is bound by --suspects.
	suspects string
	// report: --quiet and --json
	report reportFlags
}

// newRunCmd builds the run command.
func newRunCmd() *cobra.Command { return newRunCmdFor(&runOptions{}) }

// newRunCmdFor builds the run command with its flags bound to o.
func newRunCmdFor(o *runOptions) *cobra.Command {
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
OUT/private/private-<run>/ (0700/0600). Every public text is leak-audited
before it is published; the public folder gets its final name only when the
run is complete.

Progress goes to stderr: bars on a terminal, else one line when a phase starts
and one when it ends, for the two phases: read (pass 1 reads and checks every
input) and write (pass 2 plans, writes and audits every document). --quiet
prints neither, nor the summary on stdout (errors and excluded documents
still go to stderr); --json prints the summary as one JSON object on stdout
(run, status, folders, per project counts, documents kept out and excluded
by project and public id).

The secret key (--key-file, else OUT/private/surrogator.key, created once per
output folder) keys document ids and surrogates; --seed only drives the random
choices and is no secret. The same inputs, --seed and key give byte-identical
outputs; keep the key file to reproduce a run (surrogator verify). A key file
with a damaged checksum, or that group or others may access (unless
--key-insecure-perms), is refused.

An interrupted run (Ctrl-C, SIGTERM, kill) never leaves a public folder that
looks final; running the same command again into the same --out completes it.

Exit codes: 0 every released document written and audited (documents kept
out by the toggle file or QC's proposal are listed by public id on stdout and
in run.json; a document the toggle file keeps out is the curator's decision
even when its annotations are wrong); 1 error, nothing usable written (also:
no documents found, every document unreadable, an output folder that cannot
be written); 2 usage; 3 partial, some documents excluded as unreadable,
unsafe or quarantined (named by public id on stderr, with the reason); 130
interrupted (Ctrl-C, SIGTERM): nothing was published, re-run the same
command to redo it.`,
		Example: `  surrogator run --mode fictive --seed 7 --out out export.zip
  surrogator run --mode gemtex --toggle corpus_documents.csv export.zip
  surrogator run --mode fictive --scope corpus --key-file ~/.surrogator.key batch1/ batch2.zip`,
		Args: minArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runRun(cmd, *o, args)
		},
	}
	o.in.register(c)
	f := c.Flags()
	f.StringVarP(&o.mode, "mode", "m", "fictive", "x, entity, gemtex or fictive")
	f.StringVar(&o.toggle, "toggle", "", "edited corpus_documents.csv/.xlsx: the release decision")
	f.Int64Var(&o.seed, "seed", 0, "seed of the random choices, not a secret (default: random, recorded in run.json); a reproducible run needs --seed and the same key")
	f.StringVar(&o.scope, "scope", "document", "consistency scope: document or corpus")
	f.StringVar(&o.keyFile, "key-file", "", "secret key file (created 0600 when absent; default: OUT/private/surrogator.key); corpus scope across runs")
	f.BoolVar(&o.keyInsecure, "key-insecure-perms", false, "accept a key file that group or others may read or write (refused otherwise, as ssh does)")
	f.IntVar(&o.dateShift, "date-shift", 0, "fixed date shift in days (0 keeps dates as written); default random per document")
	f.StringVar(&o.shiftRange, "date-shift-range", "14:365", "range of the random shift in days, MIN:MAX (sign random)")
	f.StringVar(&o.geodata, "geodata", "", "geodata pack from 'surrogator osmbuild' (default: embedded gazetteer)")
	f.BoolVar(&o.replaceState, "replace-state", false, "replace LOCATION_STATE spans (and Berlin/Hamburg/Bremen used as cities) and sample every place below a state inside its replacement (default: states and countries are kept)")
	f.StringVar(&o.suspects, "suspects", engine.SuspectsReport, "suspected unannotated PII (QC suspects.csv): report (list only) or exclude (keep such documents out until the toggle file releases them)")
	f.IntVarP(&o.workers, "workers", "j", runtime.NumCPU(), "parallel workers")
	f.StringVarP(&o.out, "out", "o", "out", "output directory")
	f.StringVar(&o.resources, "resources", "", "directory with name lists/gazetteer replacing or extending the embedded ones")
	f.StringVar(&o.pools, "pools", "", "directory of plain facility name lists (*.txt, one name a line) for the semantic facility method when the --geodata pack carries no embedded pools (default: templates)")
	f.StringVar(&o.emb.name, "embedder", "builtin", "embedder of the facility pools: builtin or onnx (must match the pack's)")
	f.StringVar(&o.emb.model, "model", "", "with --embedder onnx: directory with model.onnx and tokenizer.json")
	o.report.register(c)
	return c
}

// spec turns the run command's flags into the run's specification: every
// flag that changes the output has its place here (TestRunFlagsRecorded).
func (o runOptions) spec(cmd *cobra.Command) (runspec.Spec, error) {
	mode, err := engine.ParseMode(o.mode)
	if err != nil {
		return runspec.Spec{}, usageError{err}
	}
	suspects, err := engine.ParseSuspects(o.suspects)
	if err != nil {
		return runspec.Spec{}, usageError{err}
	}
	if o.scope != "document" && o.scope != "corpus" {
		return runspec.Spec{}, usageError{fmt.Errorf("--scope must be document or corpus")}
	}
	lo, hi, err := parseShiftRange(o.shiftRange)
	if err != nil {
		return runspec.Spec{}, usageError{err}
	}
	model, err := o.emb.check()
	if err != nil {
		return runspec.Spec{}, err
	}
	rec := o.in.spec()
	rec.Mode, rec.Scope = string(mode), o.scope
	rec.DateShift, rec.DateShiftSet, rec.DateShiftMin, rec.DateShiftMax = o.dateShift, cmd.Flags().Changed("date-shift"), lo, hi
	rec.Workers, rec.ReplaceState, rec.Suspects = o.workers, o.replaceState, suspects
	rec.ToggleFile, rec.ResourcesDir, rec.GeodataFile, rec.PoolsDir, rec.ModelDir = o.toggle, o.resources, o.geodata, o.pools, model
	return runspec.Spec{Options: rec, Seed: o.seed, SeedSet: cmd.Flags().Changed("seed"), KeyFile: o.keyFile, KeyInsecurePerms: o.keyInsecure}, nil
}

func runRun(cmd *cobra.Command, o runOptions, args []string) error {
	spec, err := o.spec(cmd)
	if err != nil {
		return err
	}
	if err := checkOut(o.out); err != nil {
		return err
	}
	ctx := cmd.Context()
	if ctx == nil {
		ctx = context.Background()
	}
	runEnv := env
	runEnv.Warn = func(w string) { fmt.Fprintln(cmd.ErrOrStderr(), "warning:", w) }
	opts, closeRun, err := runspec.Open(ctx, spec, runEnv)
	if err != nil {
		return err
	}
	defer closeRun()
	opts.Out, opts.Version = o.out, version
	opts.Input.SkipDirs = []string{o.out}
	pr := newProgress(o.report.progressTo(cmd.ErrOrStderr()), runUnits)
	opts.Progress = func(p engine.Progress) { pr.Update(p.Phase, int64(p.Done), int64(p.Total)) }
	opts.Input.Progress = func(files int) { pr.Update("read", int64(files), 0) }
	started := time.Now()
	res, err := engine.Run(ctx, args, opts)
	if err != nil {
		pr.End("stopped")
		if exitCode(err) == exitInterrupted {
			return interruptedRun(o.out, res, started, err)
		}
		if errors.Is(err, engine.ErrNothingReleased) {
			// every document unreadable, unsafe or quarantined: say where
			// the reasons are (run.json names the documents; stderr must not)
			if private, _ := unfinishedRun(o.out, started); private != "" {
				printExcluded(cmd.ErrOrStderr(), recordedExclusions(private))
				return fmt.Errorf("%w; the reasons are in %s", err, filepath.Join(private, "run.json"))
			}
		}
		return err
	}
	if res.KeyWarning != "" {
		fmt.Fprintln(cmd.ErrOrStderr(), "warning:", res.KeyWarning)
	}
	audit := "audit passed"
	if res.AuditHits > 0 {
		audit = fmt.Sprintf("audit found %d original PII string(s), documents quarantined", res.AuditHits)
	}
	pr.End(audit)
	decision := "toggle"
	if o.toggle == "" {
		decision = "QC proposal"
	}
	if o.report.json {
		return reportRunJSON(cmd.OutOrStdout(), cmd.ErrOrStderr(), res, decision)
	}
	w := cmd.OutOrStdout()
	if o.report.quiet {
		w = io.Discard
	}
	return reportRun(w, cmd.ErrOrStderr(), res, decision)
}

// runUnits are the units of engine.Progress phases.
var runUnits = map[string]string{"read": "files", "qc": "projects", "plan": "documents", "write": "documents"}

// reportRun prints the outcome: per project counts and the folders on
// stdout, excluded documents (by public id, never by name) on stderr. It
// returns a partialError when documents were excluded for other reasons
// than the release decision (decision: "toggle" or "QC proposal").
// maxExcludedLines bounds the excluded documents named one per line on
// stderr; the rest are counted (run.json lists them all).
const maxExcludedLines = 200

func reportRun(w, stderr io.Writer, res *engine.Result, decision string) error {
	for _, p := range res.Projects {
		fmt.Fprintf(w, "%s: %d released, %d excluded, %d quarantined\n", p.Project, p.Released, p.Excluded, p.Quarantined)
	}
	if n := res.NotReleased(); n > 0 {
		// by public id (names are PII), bounded like the excluded lines
		fmt.Fprintf(w, "not released (%s): %d documents (listed here by public id, in run.json and the QC reports)\n", decision, n)
		i := 0
		for _, e := range res.Excluded {
			if e.Reason != engine.ReasonNotReleased {
				continue
			}
			if i == maxExcludedLines {
				fmt.Fprintf(w, "  … %d more\n", n-maxExcludedLines)
				break
			}
			fmt.Fprintf(w, "  %s/%s\n", e.Project, e.DocID)
			i++
		}
	}
	fmt.Fprintf(w, "public:  %s\nprivate: %s\n", res.PublicRoot, res.PrivateRoot)
	if !res.Partial() {
		return nil
	}
	n := printExcluded(stderr, res.Excluded)
	return partialError{fmt.Sprintf("%d document(s) excluded; details in %s", n, filepath.Join(res.PrivateRoot, "run.json"))}
}

// printExcluded names the documents excluded for other reasons than the
// release decision on stderr, one line each, and returns their number.
func printExcluded(stderr io.Writer, excluded []engine.Excluded) int {
	// documents are named by project and public id (names are PII); the
	// reason is a category, the detail stays in run.json. Documents of one
	// name share their id (duplicate names are all excluded): one line
	// each id, with the count. A huge corpus must not flood the terminal.
	type line struct{ project, id, reason string }
	var lines []line
	count := map[line]int{}
	n := 0
	byReason := map[string]int{}
	for _, e := range excluded {
		if e.Reason == engine.ReasonNotReleased {
			continue
		}
		reason := e.Reason
		if strings.HasPrefix(e.Detail, formats.ErrDuplicateName.Error()) {
			// the detail names the other files (private); its category
			// is what the reader needs
			reason += ": duplicate document name (rename the documents, or give each copy its own folder)"
		}
		l := line{e.Project, e.DocID, reason}
		if count[l] == 0 {
			lines = append(lines, l)
		}
		count[l]++
		byReason[e.Reason]++
		n++
	}
	for i, l := range lines {
		if i == maxExcludedLines {
			reasons := make([]string, 0, len(byReason))
			for r, c := range byReason {
				reasons = append(reasons, fmt.Sprintf("%d %s", c, r))
			}
			sort.Strings(reasons)
			fmt.Fprintf(stderr, "excluded: … %d more (%s in all); every one is listed in run.json\n", len(lines)-maxExcludedLines, strings.Join(reasons, ", "))
			break
		}
		if c := count[l]; c > 1 {
			fmt.Fprintf(stderr, "excluded: %s/%s: %s (%d documents of this name)\n", l.project, l.id, l.reason, c)
		} else {
			fmt.Fprintf(stderr, "excluded: %s/%s: %s\n", l.project, l.id, l.reason)
		}
	}
	return n
}

// recordedExclusions reads the excluded documents of a run from its
// run.json (nil when it cannot).
func recordedExclusions(private string) []engine.Excluded {
	b, err := os.ReadFile(filepath.Join(private, "run.json"))
	if err != nil {
		return nil
	}
	var rec struct {
		Excluded []engine.Excluded `json:"excluded"`
	}
	if json.Unmarshal(b, &rec) != nil {
		return nil
	}
	return rec.Excluded
}

// interruptedRun words the one line an interrupted run ends with: where its
// incomplete folders are (found in res when the engine returns one, else as
// the newest run folder in OUT that is not complete) and what to do.
func interruptedRun(out string, res *engine.Result, started time.Time, err error) error {
	var private, public string
	if res != nil && res.PrivateRoot != "" {
		private, public = res.PrivateRoot, res.PublicRoot+output.PartialSuffix
	} else {
		private, public = unfinishedRun(out, started)
	}
	where := ""
	switch {
	case private != "" && dirExists(public):
		where = fmt.Sprintf("; the incomplete run is in %s and %s", public, private)
	case private != "":
		where = fmt.Sprintf("; the incomplete run is in %s", private)
	}
	return interruptedError{msg: "interrupted: nothing was published" + where + "; re-run the same command to redo it", err: err}
}

// unfinishedRun finds the private folder of the run this process was doing:
// the newest OUT/private/private-<run> changed since started whose run.json
// is not complete, and that run's partial public folder.
func unfinishedRun(out string, started time.Time) (private, public string) {
	dirs, _ := filepath.Glob(filepath.Join(out, "private", "private-*"))
	var best time.Time
	for _, d := range dirs {
		fi, err := os.Stat(filepath.Join(d, "run.json"))
		if err != nil || fi.ModTime().Before(started.Add(-time.Second)) || fi.ModTime().Before(best) {
			continue
		}
		b, err := os.ReadFile(filepath.Join(d, "run.json"))
		if err != nil {
			continue
		}
		var st struct {
			Status string `json:"status"`
		}
		if json.Unmarshal(b, &st) != nil || st.Status == engine.StatusComplete {
			continue
		}
		best, private = fi.ModTime(), d
		public = filepath.Join(out, "public", "public-"+strings.TrimPrefix(filepath.Base(d), "private-")) + output.PartialSuffix
	}
	return private, public
}

func dirExists(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.IsDir()
}

// parseShiftRange parses --date-shift-range MIN:MAX (days, 1 ≤ MIN ≤ MAX).
func parseShiftRange(s string) (lo, hi int, err error) {
	a, b, ok := strings.Cut(s, ":")
	if ok {
		lo, err = strconv.Atoi(strings.TrimSpace(a))
		if err == nil {
			hi, err = strconv.Atoi(strings.TrimSpace(b))
		}
	}
	if !ok || err != nil || lo < 1 || hi < lo {
		return 0, 0, fmt.Errorf("--date-shift-range must be MIN:MAX days with 1 <= MIN <= MAX (got %q)", s)
	}
	return lo, hi, nil
}
