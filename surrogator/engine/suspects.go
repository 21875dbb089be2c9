package engine

import (
	"fmt"
	"strings"

	"github.com/surrogator/surrogator/surrogator/qc"
)

// Suspect policies (Options.Suspects, run --suspects).
const (
	// SuspectsReport lists suspects in QC; the release decision is QC's
	// proposal or the toggle file, as without suspects.
	SuspectsReport = "report"
	// SuspectsExclude keeps a document with suspects out of the run
	// unless the toggle file releases it (part_of_corpus 1). A released
	// document is replaced as annotated: suspects are never replaced.
	SuspectsExclude = "exclude"
)

// ParseSuspects validates a suspect policy ("" means report).
func ParseSuspects(s string) (string, error) {
	switch p := strings.ToLower(strings.TrimSpace(s)); p {
	case "", SuspectsReport:
		return SuspectsReport, nil
	case SuspectsExclude:
		return SuspectsExclude, nil
	}
	return "", fmt.Errorf("engine: unknown suspects policy %q (report, exclude)", s)
}

// suspectDecision returns why the suspect policy holds a document back
// (category and detail, no PII: the detail counts the suspects), or "".
// The toggle file is the curator's decision: a document it lists is never
// held back here (listed with 1 it is released, with 0 or unlisted decide
// excludes it anyway). An unknown policy holds back (fail safe).
func suspectDecision(suspects int, t *qc.Toggle, project, doc, policy string) (reason, detail string) {
	if suspects == 0 {
		return "", ""
	}
	p, err := ParseSuspects(policy)
	if err != nil {
		return ReasonNotReleased, "unknown --suspects policy: held back"
	}
	if p == SuspectsReport {
		return "", ""
	}
	if t != nil {
		if _, listed := t.Decision(project, doc); listed {
			return "", ""
		}
	}
	return ReasonNotReleased, fmt.Sprintf("--suspects exclude: %d suspected unannotated PII in QC %s; annotate them, or release the document in the toggle file",
		suspects, qc.FileSuspects)
}
