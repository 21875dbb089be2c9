package qc

import (
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/surrogator/surrogator/surrogator/age"
	"github.com/surrogator/surrogator/surrogator/dates"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/formats"
	"github.com/surrogator/surrogator/surrogator/kinds"
)

// Flag is one finding a reviewer should look at.
type Flag struct {
	// Kind is the flag's class: age_over_89, profession, other,
	// location_other, date_birth_count, unparseable_date,
	// wrong_annotation, overlap, read_error, kept_place.
	Kind string `json:"kind"`
	// Span is the span index in the document, or -1.
	Span int `json:"span"`
	// Label is the PII kind or raw label involved.
	Label string `json:"label,omitempty"`
	// Text is the original text (private output only).
	Text   string `json:"text,omitempty"`
	Detail string `json:"detail,omitempty"`
}

// Flag kinds.
const (
	FlagAge            = "age_over_89"
	FlagProfession     = "profession"
	FlagOther          = "other"
	FlagLocationOther  = "location_other"
	FlagDateBirthCount = "date_birth_count"
	FlagUnparseable    = "unparseable_date"
	FlagWrong          = "wrong_annotation"
	FlagOverlap        = "overlap"
	FlagReadError      = "read_error"
	// FlagKeptPlace lists LOCATION_COUNTRY and LOCATION_STATE spans: kept
	// as written by default (SPEC §6 state policy; --replace-state
	// replaces states) and exempt from the leak audit.
	FlagKeptPlace = "kept_place"
)

// Doc is the quality control of one document.
type Doc struct {
	Document string `json:"document"`
	State    string `json:"state,omitempty"`
	Source   string `json:"source,omitempty"`
	// Length is the text length in characters (code points).
	Length int            `json:"length"`
	Spans  int            `json:"spans"`
	Counts map[string]int `json:"counts"`
	// Distinct maps kind → sorted distinct originals.
	Distinct     map[string][]string `json:"distinct"`
	DateBirths   int                 `json:"date_births"`
	Flags        []Flag              `json:"flags"`
	PartOfCorpus bool                `json:"part_of_corpus"`
	// Reasons explains a 0 in part_of_corpus.
	Reasons []string `json:"reasons,omitempty"`
	// Readable is false for documents that could not be read.
	Readable bool `json:"readable"`
}

// Project is the quality control of one project.
type Project struct {
	Project string `json:"project"`
	Title   string `json:"title,omitempty"`
	Docs    []*Doc `json:"documents"`
	// Stats maps kind → annotation count, distinct originals and documents.
	Stats []Stat `json:"statistics"`
}

// Stat is one row of statistics.csv.
type Stat struct {
	Kind        string `json:"kind"`
	Annotations int    `json:"annotations"`
	Distinct    int    `json:"distinct"`
	Documents   int    `json:"documents"`
}

// AgeValue returns the age in years an AGE span states (the largest one,
// digits or number words, see package age), or -1.
func AgeValue(s string) int { return age.Value(s) }

// Check runs quality control on one document.
func Check(d *document.Document) *Doc {
	q := &Doc{
		Document: d.Name, State: d.State, Source: d.Source,
		Length: utf8.RuneCountInString(d.Text), Spans: len(d.Spans),
		Counts: map[string]int{}, Distinct: map[string][]string{}, Readable: true,
	}
	distinct := map[string]map[string]bool{}
	for i, s := range d.Spans {
		text := d.SpanText(i)
		label := string(s.Kind)
		if s.Kind == "" {
			label = "WRONG:" + s.Label
		}
		q.Counts[label]++
		if distinct[label] == nil {
			distinct[label] = map[string]bool{}
		}
		distinct[label][text] = true
		switch s.Kind {
		case kinds.Age:
			if v := AgeValue(text); v > age.Max {
				q.Flags = append(q.Flags, Flag{Kind: FlagAge, Span: i, Label: label, Text: text, Detail: "age " + strconv.Itoa(v) + " > 89"})
			}
		case kinds.Profession:
			q.Flags = append(q.Flags, Flag{Kind: FlagProfession, Span: i, Label: label, Text: text})
		case kinds.Other:
			q.Flags = append(q.Flags, Flag{Kind: FlagOther, Span: i, Label: label, Text: text})
		case kinds.LocationOther:
			q.Flags = append(q.Flags, Flag{Kind: FlagLocationOther, Span: i, Label: label, Text: text})
		case kinds.LocationCountry, kinds.LocationState:
			q.Flags = append(q.Flags, Flag{Kind: FlagKeptPlace, Span: i, Label: label, Text: text,
				Detail: "kept as written (state policy); --replace-state replaces states"})
		case kinds.DateBirth:
			q.DateBirths++
		}
		if s.Kind.IsDate() {
			if e, err := dates.Parse(text); err != nil {
				q.Flags = append(q.Flags, Flag{Kind: FlagUnparseable, Span: i, Label: label, Text: text})
			} else if e.Repaired {
				q.Flags = append(q.Flags, Flag{Kind: FlagUnparseable, Span: i, Label: label, Text: text, Detail: "impossible date; shape kept with a valid value"})
			}
		}
	}
	for k, set := range distinct {
		for v := range set {
			q.Distinct[k] = append(q.Distinct[k], v)
		}
		sort.Strings(q.Distinct[k])
	}
	if q.DateBirths != 1 {
		q.Flags = append(q.Flags, Flag{Kind: FlagDateBirthCount, Span: -1, Label: string(kinds.DateBirth),
			Detail: strconv.Itoa(q.DateBirths) + " DATE_BIRTH annotations"})
	}
	for _, p := range d.Problems {
		text := ""
		if p.Begin >= 0 && p.End <= len(d.Text) && p.Begin <= p.End {
			text = d.Text[p.Begin:p.End]
		}
		switch p.Kind {
		case document.ProblemWrongAnnotation:
			q.Flags = append(q.Flags, Flag{Kind: FlagWrong, Span: p.Span, Label: p.Label, Text: text, Detail: p.Detail})
		default:
			q.Flags = append(q.Flags, Flag{Kind: FlagOverlap, Span: p.Span, Label: p.Label, Text: text, Detail: string(p.Kind) + ": " + p.Detail})
		}
	}
	q.PartOfCorpus = true
	if q.Counts[string(kinds.Other)] > 0 {
		q.PartOfCorpus = false
		q.Reasons = append(q.Reasons, "contains OTHER annotations")
	}
	if d.HasWrong() {
		q.PartOfCorpus = false
		q.Reasons = append(q.Reasons, "contains wrong annotations (empty, NONE or unknown kind)")
	}
	return q
}

// Run checks every document of a project, including those that could not
// be read (listed with part_of_corpus 0).
func Run(p *formats.Project) *Project {
	out := &Project{Project: p.Name, Title: p.Title}
	for _, d := range p.Documents {
		out.Docs = append(out.Docs, Check(d))
	}
	for _, e := range p.Errors {
		name := e.Document
		if name == "" {
			name = e.File
		}
		out.Docs = append(out.Docs, &Doc{Document: name, Source: e.File, Counts: map[string]int{}, Distinct: map[string][]string{},
			Flags:   []Flag{{Kind: FlagReadError, Span: -1, Detail: e.Err.Error()}},
			Reasons: []string{"could not be read: " + e.Err.Error()}})
	}
	out.Stats = stats(out.Docs)
	return out
}

func stats(docs []*Doc) []Stat {
	ann := map[string]int{}
	dist := map[string]map[string]bool{}
	ndoc := map[string]int{}
	for _, d := range docs {
		for k, n := range d.Counts {
			ann[k] += n
			ndoc[k]++
			if dist[k] == nil {
				dist[k] = map[string]bool{}
			}
			for _, v := range d.Distinct[k] {
				dist[k][strings.ToLower(v)] = true
			}
		}
	}
	var out []Stat
	for _, k := range kinds.All {
		out = append(out, Stat{Kind: string(k), Annotations: ann[string(k)], Distinct: len(dist[string(k)]), Documents: ndoc[string(k)]})
	}
	var wrong []string
	for k := range ann {
		if strings.HasPrefix(k, "WRONG:") {
			wrong = append(wrong, k)
		}
	}
	sort.Strings(wrong)
	for _, k := range wrong {
		out = append(out, Stat{Kind: k, Annotations: ann[k], Distinct: len(dist[k]), Documents: ndoc[k]})
	}
	return out
}

// Included reports the documents QC proposes for release.
func (p *Project) Included() map[string]bool {
	m := map[string]bool{}
	for _, d := range p.Docs {
		m[d.Document] = d.PartOfCorpus
	}
	return m
}

// FlagsOf returns a document's flags of one kind.
func (d *Doc) FlagsOf(kind string) []Flag {
	var out []Flag
	for _, f := range d.Flags {
		if f.Kind == kind {
			out = append(out, f)
		}
	}
	return out
}
