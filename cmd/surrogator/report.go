package main

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/spf13/cobra"
	"github.com/surrogator/surrogator/surrogator/engine"
)

// reportFlags are --quiet and --json of the verbs that summarise a run.
type reportFlags struct {
	quiet, json bool
}

func (r *reportFlags) register(c *cobra.Command) {
	c.Flags().BoolVarP(&r.quiet, "quiet", "q", false, "print no progress and no summary (errors and excluded documents still go to stderr)")
	c.Flags().BoolVar(&r.json, "json", false, "print the summary as one JSON object on stdout (progress stays on stderr unless --quiet)")
}

// progressTo is where progress lines go: nowhere with --quiet.
func (r *reportFlags) progressTo(stderr io.Writer) io.Writer {
	if r.quiet {
		return io.Discard
	}
	return stderr
}

// writeJSON writes v as one indented JSON object and a newline.
func writeJSON(w io.Writer, v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "%s\n", b)
	return err
}

// runSummary is the JSON summary of a run (--json): no document names,
// documents by project and public id.
type runSummary struct {
	Run         string           `json:"run"`
	Status      string           `json:"status"` // complete, partial
	Public      string           `json:"public"`
	Private     string           `json:"private"`
	Decision    string           `json:"decision"` // toggle, QC proposal
	AuditHits   int              `json:"audit_hits"`
	Projects    []projectSummary `json:"projects"`
	NotReleased []docRef         `json:"not_released"`
	Excluded    []docRef         `json:"excluded"`
}

type projectSummary struct {
	Project     string `json:"project"`
	Released    int    `json:"released"`
	Excluded    int    `json:"excluded"`
	Quarantined int    `json:"quarantined"`
}

type docRef struct {
	Project string `json:"project"`
	DocID   string `json:"docid"`
	Reason  string `json:"reason,omitempty"`
}

// reportRunJSON prints the run's summary as JSON on stdout and, like
// reportRun, names excluded documents on stderr and returns a
// partialError for exclusions other than the release decision.
func reportRunJSON(w, stderr io.Writer, res *engine.Result, decision string) error {
	s := runSummary{Run: res.RunKey, Status: "complete", Public: res.PublicRoot, Private: res.PrivateRoot,
		Decision: decision, AuditHits: res.AuditHits, Projects: []projectSummary{}, NotReleased: []docRef{}, Excluded: []docRef{}}
	if res.Partial() {
		s.Status = "partial"
	}
	for _, p := range res.Projects {
		s.Projects = append(s.Projects, projectSummary{p.Project, p.Released, p.Excluded, p.Quarantined})
	}
	for _, e := range res.Excluded {
		if e.Reason == engine.ReasonNotReleased {
			s.NotReleased = append(s.NotReleased, docRef{Project: e.Project, DocID: e.DocID})
		} else {
			s.Excluded = append(s.Excluded, docRef{e.Project, e.DocID, e.Reason})
		}
	}
	if err := writeJSON(w, s); err != nil {
		return err
	}
	return reportRun(io.Discard, stderr, res, decision)
}
