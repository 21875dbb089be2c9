package qc

import (
	"context"
	"fmt"
	"hash/fnv"
	"math/bits"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/surrogator/surrogator/surrogator/age"
	"github.com/surrogator/surrogator/surrogator/dates"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/formats"
	"github.com/surrogator/surrogator/surrogator/kinds"
	"github.com/surrogator/surrogator/surrogator/suspects"
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

// Flag kinds. Those a kind's spans raise are the kinds rules table's
// (kinds.Rules.QCFlag).
const (
	FlagAge            = kinds.QCAgeOver89
	FlagProfession     = kinds.QCProfession
	FlagOther          = kinds.QCOther
	FlagLocationOther  = kinds.QCLocationOther
	FlagDateBirthCount = "date_birth_count"
	FlagUnparseable    = kinds.QCUnparseableDate
	FlagWrong          = "wrong_annotation"
	FlagOverlap        = "overlap"
	FlagReadError      = "read_error"
	// FlagNoPHI marks a document in which no PII annotation was found:
	// a PHI layer that was not exported or is named otherwise
	// (--phi-type, --phi-feature) must not let a letter through as it is.
	FlagNoPHI = "no_phi_annotations"
	// FlagKeptPlace lists LOCATION_COUNTRY and LOCATION_STATE spans: kept
	// as written by default (SPEC §6 state policy; --replace-state
	// replaces states) and exempt from the leak audit.
	FlagKeptPlace = kinds.QCKeptPlace
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
	// Suspects is text outside the annotations that looks like PII
	// (private: holds original text). Suspects do not change
	// PartOfCorpus; run --suspects exclude does.
	Suspects []Suspect `json:"suspects"`
	// SuspectOffsets names the unit of the suspects' offsets: the input's
	// own convention ("utf16" for CAS JSON and XMI, "codepoint" for JSON
	// Lines, BRAT and text).
	SuspectOffsets string `json:"suspect_offsets,omitempty"`
}

// Suspect is suspected unannotated PII (issue 15).
type Suspect struct {
	// Begin and End are offsets in the input's convention (Doc.SuspectOffsets).
	Begin int `json:"begin"`
	End   int `json:"end"`
	// Kind is the guessed PII kind.
	Kind string `json:"kind"`
	// Rule names the detector rule (no PII).
	Rule string `json:"rule"`
	// Text is the original text (private output only).
	Text string `json:"text"`
}

// Offset units of Doc.SuspectOffsets.
const (
	OffsetsUTF16     = "utf16"
	OffsetsCodePoint = "codepoint"
)

// OffsetUnit returns the offset convention of a document's source format:
// UTF-16 code units for CAS JSON and XMI (UIMA), code points otherwise.
func OffsetUnit(f document.Format) string {
	if f == document.FormatCASJSON || f == document.FormatXMI {
		return OffsetsUTF16
	}
	return OffsetsCodePoint
}

// findSuspects runs the detector and converts its byte offsets into the
// source's convention.
func findSuspects(d *document.Document, det *suspects.Detector) ([]Suspect, string) {
	unit := OffsetUnit(d.Format)
	found := det.DetectDocument(d)
	out := make([]Suspect, 0, len(found))
	if len(found) == 0 {
		return out, unit
	}
	ix := document.NewIndex(d.Text)
	conv := ix.ToCodePoint
	if unit == OffsetsUTF16 {
		conv = ix.ToUTF16
	}
	for _, s := range found {
		out = append(out, Suspect{Begin: conv(s.Begin), End: conv(s.End), Kind: string(s.Kind), Rule: s.Rule, Text: d.Text[s.Begin:s.End]})
	}
	return out, unit
}

// Project is the quality control of one project.
type Project struct {
	Project string `json:"project"`
	Title   string `json:"title,omitempty"`
	// Docs holds the documents' reports in memory. A spooled project
	// (AssembleSpooled) keeps the reports of its readable documents in a
	// Spool and Docs holds only those of the documents that could not be
	// read: Len, Each and Load see them all.
	Docs []*Doc `json:"documents"`
	// Stats maps kind → annotation count, distinct originals and documents.
	Stats []Stat `json:"statistics"`

	spool *Spool
	refs  []Ref // the spooled reports, before Docs
}

// Len is the number of documents of the report.
func (p *Project) Len() int { return len(p.refs) + len(p.Docs) }

// Each hands every document's report to fn, in order (a spooled report is
// read back for the call).
func (p *Project) Each(fn func(*Doc) error) error {
	for _, r := range p.refs {
		d, err := p.spool.Get(r)
		if err != nil {
			return err
		}
		if err := fn(d); err != nil {
			return err
		}
	}
	for _, d := range p.Docs {
		if err := fn(d); err != nil {
			return err
		}
	}
	return nil
}

// eachOf is Each over the documents in set (positions in Each's order),
// stopping when ctx is done.
func (p *Project) eachOf(ctx context.Context, set docSet, fn func(*Doc) error) error {
	for w, word := range set {
		for word != 0 {
			i := w*64 + bits.TrailingZeros64(word)
			word &= word - 1
			if err := ctx.Err(); err != nil {
				return err
			}
			var d *Doc
			if i < len(p.refs) {
				var err error
				if d, err = p.spool.Get(p.refs[i]); err != nil {
					return err
				}
			} else if i-len(p.refs) < len(p.Docs) {
				d = p.Docs[i-len(p.refs)]
			} else {
				return fmt.Errorf("qc: document %d of %d: the report changed while it was written", i, p.Len())
			}
			if err := fn(d); err != nil {
				return err
			}
		}
	}
	return nil
}

// Load returns the report with every document in memory.
func (p *Project) Load() (*Project, error) {
	if p.spool == nil {
		return p, nil
	}
	out := &Project{Project: p.Project, Title: p.Title, Stats: p.Stats, Docs: make([]*Doc, 0, p.Len())}
	err := p.Each(func(d *Doc) error {
		out.Docs = append(out.Docs, d)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
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

// Check runs quality control on one document with a suspect detector
// over the embedded resources. Checking many documents, use CheckWith and
// one detector (building one compiles its patterns).
func Check(d *document.Document) *Doc {
	return CheckWith(d, suspects.New(suspects.Options{}))
}

// CheckWith runs quality control on one document; det finds suspected
// unannotated PII (nil: a detector over the embedded resources).
func CheckWith(d *document.Document, det *suspects.Detector) *Doc {
	if det == nil {
		det = suspects.New(suspects.Options{})
	}
	sus, unit := findSuspects(d, det)
	return check(d, sus, unit)
}

func check(d *document.Document, sus []Suspect, unit string) *Doc {
	q := &Doc{
		Document: d.Name, State: d.State, Source: d.Source,
		Length: utf8.RuneCountInString(d.Text), Spans: len(d.Spans),
		Counts: map[string]int{}, Distinct: map[string][]string{}, Readable: true,
	}
	distinct := map[string]map[string]bool{}
	keptOut := false // a span whose kind keeps the document out (OTHER)
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
		if s.Kind == kinds.DateBirth {
			q.DateBirths++
		}
		switch flag := kinds.RulesOf(s.Kind).QCFlag; flag {
		case FlagAge:
			if v := AgeValue(text); v > age.Max {
				q.Flags = append(q.Flags, Flag{Kind: FlagAge, Span: i, Label: label, Text: text, Detail: "age " + strconv.Itoa(v) + " > 89"})
			}
		case FlagProfession, FlagOther, FlagLocationOther:
			q.Flags = append(q.Flags, Flag{Kind: flag, Span: i, Label: label, Text: text})
			keptOut = keptOut || flag == FlagOther
		case FlagKeptPlace:
			q.Flags = append(q.Flags, Flag{Kind: FlagKeptPlace, Span: i, Label: label, Text: text,
				Detail: "kept as written (state policy); --replace-state replaces states"})
		case FlagUnparseable:
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
	q.Suspects, q.SuspectOffsets = sus, unit
	q.PartOfCorpus = true
	if keptOut {
		q.PartOfCorpus = false
		q.Reasons = append(q.Reasons, "contains OTHER annotations")
	}
	if d.HasWrong() {
		q.PartOfCorpus = false
		q.Reasons = append(q.Reasons, "contains wrong annotations (empty, NONE or unknown kind)")
	}
	if len(d.Spans) == 0 && len(d.Problems) == 0 {
		q.Flags = append(q.Flags, Flag{Kind: FlagNoPHI, Span: -1,
			Detail: "no PII annotation found: check the PHI layer (--phi-type, --phi-feature) and that the document was annotated"})
		q.PartOfCorpus = false
		q.Reasons = append(q.Reasons, "no PII annotation found (release it in the toggle file only if the text has none)")
	}
	q.detach()
	return q
}

// detach copies every string the report holds out of the document's
// text and input bytes: a report outlives its document (the engine keeps
// it for the whole run), and a substring would keep the whole text alive.
func (q *Doc) detach() {
	c := strings.Clone
	q.Document, q.State, q.Source = c(q.Document), c(q.State), c(q.Source)
	for k, vs := range q.Distinct {
		for i := range vs {
			vs[i] = c(vs[i])
		}
		q.Distinct[k] = vs
	}
	for i := range q.Flags {
		f := &q.Flags[i]
		f.Label, f.Text, f.Detail = c(f.Label), c(f.Text), c(f.Detail)
	}
	for i := range q.Suspects {
		q.Suspects[i].Text = c(q.Suspects[i].Text)
	}
}

// RunWith checks every document of a project, including those that could
// not be read (listed with part_of_corpus 0), with the given suspect
// detector (for example one built over the run's resources and geodata
// pack; nil: a detector over the embedded resources).
func RunWith(p *formats.Project, det *suspects.Detector) *Project {
	if det == nil {
		det = suspects.New(suspects.Options{})
	}
	// the detector is the expensive part of QC: run it on every CPU
	type found struct {
		sus  []Suspect
		unit string
	}
	res := make([]found, len(p.Documents))
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < min(runtime.GOMAXPROCS(0), len(p.Documents)); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				res[i].sus, res[i].unit = findSuspects(p.Documents[i], det)
			}
		}()
	}
	for i := range p.Documents {
		next <- i
	}
	close(next)
	wg.Wait()
	docs := make([]*Doc, len(p.Documents))
	for i, d := range p.Documents {
		docs[i] = check(d, res[i].sus, res[i].unit)
	}
	return Assemble(p.Name, p.Title, docs, p.Errors)
}

// Assemble builds a project's report from its documents checked one by one
// (CheckWith, in reading order) and its read errors (listed after them
// with part_of_corpus 0), as RunWith does.
func Assemble(name, title string, docs []*Doc, errs []*formats.DocError) *Project {
	out := &Project{Project: name, Title: title, Docs: append(docs, errorDocs(errs)...)}
	var t tally
	for _, d := range out.Docs {
		t.add(d)
	}
	out.Stats = t.stats()
	return out
}

// AssembleSpooled is Assemble over reports kept in sp (refs in reading
// order): the statistics are computed reading them back one at a time.
func AssembleSpooled(name, title string, sp *Spool, refs []Ref, errs []*formats.DocError) (*Project, error) {
	out := &Project{Project: name, Title: title, Docs: errorDocs(errs), spool: sp, refs: refs}
	var t tally
	if err := out.Each(func(d *Doc) error { t.add(d); return nil }); err != nil {
		return nil, err
	}
	out.Stats = t.stats()
	return out, nil
}

// errorDocs reports the documents that could not be read.
func errorDocs(errs []*formats.DocError) []*Doc {
	var out []*Doc
	for _, e := range errs {
		name := e.Document
		if name == "" {
			name = e.File
		}
		out = append(out, &Doc{Document: name, Source: e.File, Counts: map[string]int{}, Distinct: map[string][]string{}, Suspects: []Suspect{},
			Flags:   []Flag{{Kind: FlagReadError, Span: -1, Detail: e.Err.Error()}},
			Reasons: []string{"could not be read: " + e.Err.Error()}})
	}
	return out
}

// tally adds up the statistics of a project's documents. Distinct
// originals are counted by a 64-bit hash of their lower case, so that the
// tally stays small.
type tally struct {
	ann, ndoc map[string]int
	dist      map[string]map[uint64]struct{}
}

func (t *tally) add(d *Doc) {
	if t.ann == nil {
		t.ann, t.ndoc, t.dist = map[string]int{}, map[string]int{}, map[string]map[uint64]struct{}{}
	}
	for k, n := range d.Counts {
		t.ann[k] += n
		t.ndoc[k]++
		if t.dist[k] == nil {
			t.dist[k] = map[uint64]struct{}{}
		}
		for _, v := range d.Distinct[k] {
			h := fnv.New64a()
			h.Write([]byte(strings.ToLower(v)))
			t.dist[k][h.Sum64()] = struct{}{}
		}
	}
}

func (t *tally) stats() []Stat {
	var out []Stat
	for _, k := range kinds.All {
		out = append(out, Stat{Kind: string(k), Annotations: t.ann[string(k)], Distinct: len(t.dist[string(k)]), Documents: t.ndoc[string(k)]})
	}
	var wrong []string
	for k := range t.ann {
		if strings.HasPrefix(k, "WRONG:") {
			wrong = append(wrong, k)
		}
	}
	sort.Strings(wrong)
	for _, k := range wrong {
		out = append(out, Stat{Kind: k, Annotations: t.ann[k], Distinct: len(t.dist[k]), Documents: t.ndoc[k]})
	}
	return out
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
