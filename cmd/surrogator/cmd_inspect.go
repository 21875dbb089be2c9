package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/formats"
	"github.com/surrogator/surrogator/surrogator/kinds"
	"github.com/surrogator/surrogator/surrogator/suspects"
)

type inspectOptions struct {
	in       inputFlags
	json     bool
	showText bool
}

// newInspectCmd builds the inspect command.
func newInspectCmd() *cobra.Command {
	var o inspectOptions
	c := &cobra.Command{
		Use:   "inspect PATH...",
		Short: "Show projects, documents and annotation counts of inputs",
		Long: `inspect reads INCEpTION exports, CAS JSON/XMI, BRAT and JSON Lines inputs and
lists, per project and document, its name, state, length, spans per kind, wrong
annotations, overlaps and suspects (text outside the annotations that looks like
PII the annotators missed; see 'surrogator qc'). No span text is printed unless
--show-text is given; then annotations are listed as "  KIND  text" and
suspects marked "? KIND  text  (suspect: rule)". Unreadable documents are
listed with their errors.

inspect is for the curator's private desk: it prints document names, which
(like GraSCCo's) may be patient names. Do not paste its output where the
public output goes.

Exit codes: 0 inputs listed; 1 error (also: no documents found, none
readable); 2 usage; 130 interrupted.`,
		Example: `  surrogator inspect export.zip
  surrogator inspect --json letters/ > inventory.json`,
		Args: minArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runInspect(cmd.Context(), cmd.OutOrStdout(), cmd.ErrOrStderr(), o, args)
		},
	}
	o.in.register(c)
	c.Flags().BoolVar(&o.json, "json", false, "print JSON")
	c.Flags().BoolVar(&o.showText, "show-text", false, "include span texts (original PII!)")
	return c
}

type inspectSpan struct {
	Kind  string `json:"kind"`
	Label string `json:"label"`
	Begin int    `json:"begin"`
	End   int    `json:"end"`
	Text  string `json:"text,omitempty"`
}

type inspectDoc struct {
	Name      string             `json:"name"`
	State     string             `json:"state,omitempty"`
	Annotator string             `json:"annotator,omitempty"`
	Source    string             `json:"source"`
	Format    string             `json:"format"`
	Length    int                `json:"length"`
	Spans     int                `json:"spans"`
	Counts    map[string]int     `json:"counts"`
	Wrong     int                `json:"wrong_annotations"`
	Overlaps  int                `json:"overlaps"`
	Problems  []document.Problem `json:"problems,omitempty"`
	SpanList  []inspectSpan      `json:"span_list,omitempty"`
	// Suspects counts suspected unannotated PII; SuspectList (with
	// --show-text) lists them with byte offsets like SpanList.
	Suspects    int              `json:"suspects"`
	SuspectList []inspectSuspect `json:"suspect_list,omitempty"`
}

type inspectSuspect struct {
	Kind  string `json:"kind"`
	Rule  string `json:"rule"`
	Begin int    `json:"begin"`
	End   int    `json:"end"`
	Text  string `json:"text"`
}

type inspectProject struct {
	Project   string       `json:"project"`
	Title     string       `json:"title,omitempty"`
	Path      string       `json:"path"`
	Documents []inspectDoc `json:"documents"`
	Errors    []string     `json:"errors,omitempty"`
}

func runInspect(ctx context.Context, w, stderr io.Writer, o inspectOptions, paths []string) error {
	// one document at a time: only its summary is kept
	det := suspects.New(suspects.Options{})
	byProject := map[*formats.Project]*inspectProject{}
	scanned, err := scanInputs(ctx, newProgress(stderr, docUnits), paths, o.in.options(), func(p *formats.Project, d *document.Document) error {
		ip := byProject[p]
		if ip == nil {
			ip = &inspectProject{Documents: []inspectDoc{}}
			byProject[p] = ip
		}
		c := strings.Clone // the summary outlives the document
		id := inspectDoc{Name: c(d.Name), State: c(d.State), Annotator: c(d.Annotator), Source: c(d.Source), Format: string(d.Format),
			Length: len([]rune(d.Text)), Spans: len(d.Spans), Counts: map[string]int{}}
		for k, n := range d.Count() {
			if k == "" {
				continue
			}
			id.Counts[string(k)] = n
		}
		for _, pr := range d.Problems {
			if pr.Kind == document.ProblemWrongAnnotation {
				id.Wrong++
			} else {
				id.Overlaps++
			}
			id.Problems = append(id.Problems, pr)
		}
		found := det.DetectDocument(d)
		id.Suspects = len(found)
		if o.showText {
			for i, s := range d.Spans {
				id.SpanList = append(id.SpanList, inspectSpan{Kind: string(s.Kind), Label: s.Label, Begin: s.Begin, End: s.End, Text: strings.Clone(d.SpanText(i))})
			}
			for _, s := range found {
				id.SuspectList = append(id.SuspectList, inspectSuspect{Kind: string(s.Kind), Rule: s.Rule, Begin: s.Begin, End: s.End, Text: strings.Clone(d.Text[s.Begin:s.End])})
			}
		}
		ip.Documents = append(ip.Documents, id)
		return nil
	})
	if err != nil {
		return err
	}
	var out []inspectProject
	for _, p := range scanned {
		ip := byProject[p]
		if ip == nil {
			ip = &inspectProject{Documents: []inspectDoc{}}
		}
		ip.Project, ip.Title, ip.Path = p.Name, p.Title, p.Path
		for _, e := range p.Errors {
			ip.Errors = append(ip.Errors, e.Error())
		}
		out = append(out, *ip)
	}
	readable := 0
	for _, p := range out {
		readable += len(p.Documents)
	}
	// nothing readable (an empty zip in a folder, only broken files) is
	// an error, as for qc and run
	var none error
	if readable == 0 {
		none = fmt.Errorf("no readable documents in %s", strings.Join(paths, ", "))
	}
	if o.json {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		if err := enc.Encode(out); err != nil {
			return err
		}
		return none
	}
	tw := tabwriter.NewWriter(w, 2, 4, 2, ' ', 0)
	for _, p := range out {
		title := ""
		if p.Title != "" {
			title = " (" + p.Title + ")"
		}
		fmt.Fprintf(tw, "project %s%s: %d documents, %d errors\n", p.Project, title, len(p.Documents), len(p.Errors))
		fmt.Fprintln(tw, "  document\tstate\tlength\tspans\twrong\toverlaps\tsuspects\tper kind")
		for _, d := range p.Documents {
			fmt.Fprintf(tw, "  %s\t%s\t%d\t%d\t%d\t%d\t%d\t%s\n", d.Name, orDash(d.State), d.Length, d.Spans, d.Wrong, d.Overlaps, d.Suspects, countsString(d.Counts))
			for _, s := range d.SpanList {
				fmt.Fprintf(tw, "      %s\t%q\n", s.Kind, s.Text)
			}
			for _, s := range d.SuspectList {
				fmt.Fprintf(tw, "    ? %s\t%q\t(suspect: %s)\n", s.Kind, s.Text, s.Rule)
			}
		}
		for _, e := range p.Errors {
			fmt.Fprintf(tw, "  error: %s\n", e)
		}
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	return none
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func countsString(m map[string]int) string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	order := map[string]int{}
	for i, k := range kinds.All {
		order[string(k)] = i
	}
	sort.Slice(ks, func(i, j int) bool { return order[ks[i]] < order[ks[j]] })
	var parts []string
	for _, k := range ks {
		parts = append(parts, fmt.Sprintf("%s=%d", k, m[k]))
	}
	return strings.Join(parts, " ")
}
