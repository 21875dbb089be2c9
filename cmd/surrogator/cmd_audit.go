package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"

	"github.com/spf13/cobra"
	"github.com/surrogator/surrogator/surrogator/audit"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/fictive/location"
	"github.com/surrogator/surrogator/surrogator/formats"
	"github.com/surrogator/surrogator/surrogator/output"
)

type auditOptions struct {
	in         inputFlags
	mappings   []string
	inputs     []string
	quarantine string
	// replaceState mirrors the run's --replace-state: states and
	// city-states were replaced, so their originals are searched for.
	replaceState bool
}

// newAuditCmd builds the audit command.
func newAuditCmd() *cobra.Command {
	var o auditOptions
	c := &cobra.Command{
		Use:   "audit PUBLIC_DIR",
		Short: "Check public files for original PII strings",
		Long: `audit searches every .txt file below PUBLIC_DIR for every original PII string
(names, locations, IDs, contacts, OTHER, and from a nested mapping.json each
letter's own dates more specific than a year; case-insensitive, white space
normalised, at least two letters or digits). Originals come from mapping files
(--mapping, nested or flat; a mapping in private-<run>/<project>/ applies to
PUBLIC_DIR/<project>/) or from the source inputs (--input, for x and entity
runs). Files with hits are listed by path; with --quarantine they are moved
there (0600).

Exit codes: 0 no original found; 1 originals found (or an error); 2 usage;
3 originals found and the files moved to --quarantine; 130 interrupted.`,
		Example: `  surrogator audit out/public/public-20260101-120000-ab12 --mapping out/private/private-20260101-120000-ab12/export/mapping.json
  surrogator audit out/public/public-20260101-120000-ab12 --input export.zip`,
		Args: exactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runAudit(cmd.Context(), cmd.OutOrStdout(), cmd.ErrOrStderr(), o, args[0])
		},
	}
	o.in.register(c)
	c.Flags().StringArrayVar(&o.mappings, "mapping", nil, "mapping.json or mapping_flat.json (repeatable)")
	c.Flags().StringArrayVar(&o.inputs, "input", nil, "source inputs to take originals from (repeatable)")
	c.Flags().StringVar(&o.quarantine, "quarantine", "", "move files with hits into this private directory")
	c.Flags().BoolVar(&o.replaceState, "replace-state", false, "the run replaced states (run --replace-state): search for state and city-state originals too")
	return c
}

func isCityState(t string) bool { return location.CityStateOf(t) != "" }

func runAudit(ctx context.Context, w, stderr io.Writer, o auditOptions, dir string) error {
	if len(o.mappings) == 0 && len(o.inputs) == 0 {
		return usageError{fmt.Errorf("give --mapping or --input")}
	}
	pr := newProgress(stderr, docUnits)
	// originals per project directory ("" = every project)
	byProject := map[string]*audit.Matcher{}
	// dates per document of a nested mapping, by project folder: a date
	// is searched for in its own letter only (audit.DateDir)
	dateDocs := map[string]map[string]audit.DateDoc{}
	get := func(p string) *audit.Matcher {
		if byProject[p] == nil {
			byProject[p] = audit.NewMatcher()
			if o.replaceState {
				byProject[p].AuditCityStates()
			}
		}
		return byProject[p]
	}
	for _, mp := range o.mappings {
		data, err := os.ReadFile(mp)
		if err != nil {
			return err
		}
		groups, err := audit.OriginalsFromMapping(data)
		if err != nil {
			return err
		}
		for proj, origs := range groups {
			if proj == "" {
				proj = filepath.Base(filepath.Dir(mp))
				if _, err := os.Stat(filepath.Join(dir, proj)); err != nil {
					proj = ""
				}
			}
			for _, s := range origs {
				get(proj).Add(s)
			}
		}
		dd, err := audit.DateDocsFromMapping(data)
		if err != nil {
			return err
		}
		if len(dd) > 0 {
			proj := filepath.Base(filepath.Dir(mp))
			if _, err := os.Stat(filepath.Join(dir, proj)); err != nil {
				proj = ""
			}
			get(proj) // audited below even without other originals
			dateDocs[proj] = dd
		}
	}
	if len(o.inputs) > 0 {
		// one document at a time: only the originals are kept
		_, err := scanInputs(ctx, pr, o.inputs, o.in.options(), func(p *formats.Project, d *document.Document) error {
			for i, s := range d.Spans {
				if s.Kind == "" || audit.AuditedSpan(s.Kind, d.SpanText(i), o.replaceState, isCityState) {
					get(p.Name).Add(d.SpanText(i))
				}
			}
			return nil
		})
		if err != nil {
			return err
		}
	}
	var findings []audit.Finding
	var missing []string // projects without a folder below dir
	checked := 0
	pr.Update("audit", 0, 0)
	for proj, m := range byProject {
		if err := ctx.Err(); err != nil {
			pr.End("stopped")
			return interruptedError{msg: "interrupted: the audit did not finish; nothing was moved", err: err}
		}
		root := dir
		if proj != "" {
			root = filepath.Join(dir, proj)
			if _, err := os.Stat(root); err != nil {
				missing = append(missing, proj)
				continue
			}
		}
		f, n, err := audit.Dir(root, m)
		if err != nil {
			return err
		}
		if dd := dateDocs[proj]; len(dd) > 0 {
			df, err := audit.DateDir(root, dd)
			if err != nil {
				return err
			}
			f = mergeFindings(f, df)
		}
		findings = append(findings, f...)
		checked += n
		pr.Update("audit", int64(checked), 0)
	}
	pr.End(fmt.Sprintf("%d with original PII", len(findings)))
	sort.Strings(missing)
	for _, p := range missing {
		// a project's originals are looked for in the folder of its name
		fmt.Fprintf(stderr, "audit: no folder %s for the input project %s: its originals were not looked for\n", filepath.Join(dir, p), p)
	}
	if len(findings) == 0 && checked == 0 {
		// nothing checked is no pass
		return fmt.Errorf("audit checked no file: give the public run folder (public-<run>), whose subfolders are the projects")
	}
	if len(findings) == 0 {
		fmt.Fprintf(w, "audit passed: %d file checks, no original PII found\n", checked)
		return nil
	}
	for _, f := range findings {
		fmt.Fprintf(w, "LEAK %s: %d original PII string(s)\n", f.File, f.Hits)
		if o.quarantine != "" {
			b, err := os.ReadFile(f.File)
			if err != nil {
				return err
			}
			if err := output.WritePrivate(filepath.Join(o.quarantine, filepath.Base(f.File)), b); err != nil {
				return err
			}
			if err := os.Remove(f.File); err != nil {
				return err
			}
		}
	}
	msg := fmt.Sprintf("audit failed: %d file(s) contain original PII", len(findings))
	if o.quarantine != "" {
		return partialError{msg + "; moved to " + o.quarantine}
	}
	return fmt.Errorf("%s", msg)
}

// mergeFindings adds the hits of b to those of a, file by file, sorted by
// path.
func mergeFindings(a, b []audit.Finding) []audit.Finding {
	hits := map[string]int{}
	for _, f := range append(a, b...) {
		hits[f.File] += f.Hits
	}
	out := make([]audit.Finding, 0, len(hits))
	for f, h := range hits {
		out = append(out, audit.Finding{File: f, Hits: h})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].File < out[j].File })
	return out
}
