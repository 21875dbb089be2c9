package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/formats"
	"github.com/surrogator/surrogator/surrogator/kinds"
	"github.com/surrogator/surrogator/surrogator/output"
	"github.com/surrogator/surrogator/surrogator/recommend"
	"github.com/surrogator/surrogator/surrogator/suspects"
)

type annotateOptions struct {
	in       inputFlags
	out      string
	minScore float64
	kindMin  []string
}

// newAnnotateCmd builds the annotate command.
func newAnnotateCmd() *cobra.Command {
	var o annotateOptions
	c := &cobra.Command{
		Use:   "annotate INPUT... --out DIR",
		Short: "Write pre-annotated copies of the inputs (PII predictions added)",
		Long: `annotate adds the QC detector's PII predictions to every document of the
inputs and writes each in its own format below DIR/<project>/: CAS JSON as CAS
JSON, XMI as XMI (TypeSystem.xml beside it), the documents of an INCEpTION
export as CAS JSON (import them as initial annotations), JSON Lines as JSON
Lines, BRAT as .txt + .ann. Existing annotations are kept; a prediction never
overlaps one. Predictions are marked so that a curator can tell them apart:
the Boolean feature ` + recommend.MarkFeature + ` and the score ` + recommend.ScoreFeature + ` on the PHI
type of a CAS, a "` + recommend.MarkFeature + `" field (the score) on a JSON Lines span, an
AnnotatorNotes line on a BRAT span.

The output holds the original texts: it is private (folders 0700, files
0600). Only counts are printed.`,
		Example: `  surrogator annotate letters/ --out preannotated/
  surrogator annotate export.zip --out preannotated/ --min-score 0.9`,
		Args: minArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runAnnotate(cmd.Context(), cmd.OutOrStdout(), o, args)
		},
	}
	o.in.register(c)
	c.Flags().StringVarP(&o.out, "out", "o", "", "output folder (private; created, must be empty)")
	c.Flags().Float64Var(&o.minScore, "min-score", 0, "drop predictions whose score (the rule's measured precision) is below this")
	c.Flags().StringArrayVar(&o.kindMin, "min-score-kind", nil, "per-kind threshold KIND=SCORE (repeatable), e.g. PROFESSION=0.9")
	return c
}

func runAnnotate(ctx context.Context, stdout io.Writer, o annotateOptions, inputs []string) error {
	if o.out == "" {
		return usageError{errors.New("--out is required")}
	}
	if o.minScore < 0 || o.minScore > 1 {
		return usageError{errors.New("--min-score must be between 0 and 1")}
	}
	kindMin, err := parseKindMin(o.kindMin)
	if err != nil {
		return err
	}
	if ents, err := os.ReadDir(o.out); err == nil && len(ents) > 0 {
		return usageError{fmt.Errorf("--out %s is not empty", o.out)}
	}
	if err := output.MkdirPrivate(o.out); err != nil {
		return err
	}
	if ctx == nil {
		ctx = context.Background()
	}
	p := recommend.NewPredictor(suspects.New(suspects.Options{}))
	p.MinScore = o.minScore
	p.KindMin = kindMin
	opt := o.in.options(o.out)
	// CAS JSON is written back by adding the predictions to the input's
	// bytes (casjson.Original), not by decoding and encoding the CAS
	opt.KeepOriginal = true
	appended := map[string]*output.PrivateFile{}
	defer func() {
		for _, f := range appended {
			f.Abort()
		}
	}()
	shared := map[string][]byte{}
	docs, preds := 0, 0
	byKind := map[string]int{}
	visit := func(proj *formats.Project, d *document.Document) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		a, err := p.Annotate(d, opt.PHI)
		if err != nil {
			return fmt.Errorf("annotate: document %d of project %d: %w", docs+1, 1, err)
		}
		dir := filepath.Join(o.out, safeSegment(proj.Name))
		for _, out := range a.Outputs {
			path := filepath.Join(dir, filepath.FromSlash(out.Rel))
			if out.Shared {
				// the folder's TypeSystem.xml: written once
				if last, ok := shared[path]; ok && bytes.Equal(last, out.Data) {
					continue
				}
				shared[path] = out.Data
			}
			if !out.Append {
				// not synced one by one: the run syncs once at the end
				if err := output.WritePrivateBulk(path, out.Data); err != nil {
					return err
				}
				continue
			}
			f := appended[path]
			if f == nil {
				if f, err = output.CreatePrivate(path); err != nil {
					return err
				}
				appended[path] = f
			}
			if _, err := f.Write(out.Data); err != nil {
				return err
			}
		}
		docs++
		preds += len(a.Predictions)
		for _, q := range a.Predictions {
			byKind[string(q.Kind)]++
		}
		p.Release(a) // written: the buffers serve the next documents
		return nil
	}
	projs, err := formats.Scan(ctx, formats.PathSources(inputs), opt, visit)
	if err != nil {
		return err
	}
	paths := make([]string, 0, len(appended))
	for p := range appended {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for _, p := range paths {
		if err := appended[p].Commit(); err != nil {
			return err
		}
		delete(appended, p)
	}
	if err := output.SyncFS(o.out); err != nil {
		return err
	}
	unreadable := 0
	for _, pr := range projs {
		unreadable += len(pr.Errors)
	}
	var ks []string
	for k := range byKind {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	var parts []string
	for _, k := range ks {
		parts = append(parts, fmt.Sprintf("%s %d", k, byKind[k]))
	}
	fmt.Fprintf(stdout, "annotate: %d documents, %d predictions, written below %s\n", docs, preds, o.out)
	if len(parts) > 0 {
		fmt.Fprintf(stdout, "  by kind: %s\n", strings.Join(parts, ", "))
	}
	if unreadable > 0 {
		return partialError{fmt.Sprintf("annotate: %d inputs could not be read (run 'surrogator inspect' on them)", unreadable)}
	}
	return nil
}

// safeSegment makes a project name one path segment.
func safeSegment(s string) string {
	s = strings.NewReplacer("/", "_", "\\", "_").Replace(s)
	if s == "" || s == "." || s == ".." {
		return "project"
	}
	return s
}

// parseKindMin reads --min-score-kind values KIND=SCORE.
func parseKindMin(vals []string) (map[kinds.Kind]float64, error) {
	if len(vals) == 0 {
		return nil, nil
	}
	out := map[kinds.Kind]float64{}
	for _, v := range vals {
		k, sc, ok := strings.Cut(v, "=")
		kind, valid := kinds.Parse(k)
		f, err := strconv.ParseFloat(strings.TrimSpace(sc), 64)
		if !ok || !valid || err != nil || f < 0 || f > 1 {
			return nil, usageError{fmt.Errorf("--min-score-kind %q: want KIND=SCORE with a GeMTeX kind and a score from 0 to 1", v)}
		}
		out[kind] = f
	}
	return out, nil
}
