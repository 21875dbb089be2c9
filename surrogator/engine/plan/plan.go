package plan

import (
	"fmt"
	"hash/maphash"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/surrogator/surrogator/surrogator/audit"
	"github.com/surrogator/surrogator/surrogator/dates"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/fictive"
	"github.com/surrogator/surrogator/surrogator/fictive/location"
	"github.com/surrogator/surrogator/surrogator/fictive/names"
	"github.com/surrogator/surrogator/surrogator/kinds"
	"github.com/surrogator/surrogator/surrogator/norm"
)

// Replacement is the decision for one span.
type Replacement struct {
	Span      int
	Kind      kinds.Kind
	Original  string
	Surrogate string
	// MapKey is the mapping key (surrogate, gemtex key or shown date);
	// empty when the span is kept or the mode keeps no mapping.
	MapKey string
	Kept   bool
	// Shifted marks a date moved by the document's shift: at year or month
	// precision it may legitimately read as before ("2033" + 100 days).
	Shifted bool
}

// Doc is everything decided for one document before it is written.
type Doc struct {
	Doc   *document.Document
	DocID string
	Shift int
	Edits []document.Edit
	Reps  []Replacement
	// Reason, when not empty, excludes the document (no PII: span index,
	// kind and the generator's error).
	Reason string
	// CASName is the private CAS file name (unique within the project;
	// the engine gives it).
	CASName string
	// Stopped is set when planning was interrupted (the run stops).
	Stopped error
	// Parts finds the words of the document's own person names (surnames,
	// first names) that identify a person on their own: a public text that
	// repeats one unannotated is quarantined, and surrogates avoid them.
	Parts *audit.Matcher
	// RoundedDates: birth and death dates show their quarter's first day
	// (gemtex mode; see DateLeaks)
	RoundedDates bool
	// NameFallbacks counts the name parts whose surrogate was composed
	// because the lists were exhausted (document scope; see
	// names.NSFallback).
	NameFallbacks int
}

// Avoider is the Avoid of a scope: v holds an original of any project of
// the run, or a word of parts (a document's own name words; nil in corpus
// scope). v is split into words once for all of them.
func (p *Planner) Avoider(parts *audit.Matcher) func(v string) bool {
	ms := p.avoid[:len(p.avoid):len(p.avoid)]
	if parts != nil {
		ms = append(ms, parts)
	}
	return func(v string) bool { return audit.ContainsAny(v, ms...) }
}

// Planner plans the documents of a run, one at a time in reading order
// (consistency scopes and collisions are deterministic whatever the
// worker count). It is not safe for concurrent use.
type Planner struct {
	cfg    Config         // set by Start
	corpus *fictive.Scope // corpus scope (used when Scope == corpus)
	// avoid holds the originals of the run, one matcher per project (the
	// audit's own, not a copy): surrogates must contain none of them
	avoid  []*audit.Matcher
	seed   maphash.Seed // of the run's matchers (NameParts)
	names  *audit.NameWords
	isName func(string) bool
	// stop, when set, is checked while a document is planned: a very large
	// letter must not hold up an interruption until it is done.
	stop func() error
	// horizon holds, in corpus scope, the latest date of each patient
	// (patientMaterial) over the run, so the age rule decides per patient,
	// not per letter (see collectHorizons).
	horizon map[string]time.Time
}

// Plan computes every replacement of one document: its date shift and
// dates first, then each span in planning order (planOrder), with the
// edits of the text around a span that follow its replacement.
func (p *Planner) Plan(d *document.Document, docID string) *Doc {
	o := &p.cfg
	dp := &Doc{Doc: d, DocID: docID, Parts: NameParts(d, p.seed), RoundedDates: o.Mode == ModeGemtex}
	docScope := fictive.NewScope(o.docKey(d.Project, d.Name))
	// the run's originals and the document's name words: v is split
	// into words once for both
	docScope.Avoid = p.Avoider(dp.Parts)
	g := &docPlanning{p: p, d: d, dp: dp, scope: docScope, docScope: docScope}
	if o.Scope == ScopeCorpus {
		g.scope = p.corpus
	}
	dp.Shift, g.dd = p.timeline(d, docScope)
	g.isName = p.docIsName(d)
	g.state = &fictive.DocState{DateShift: dp.Shift, Dates: g.dd.parsed, DateMoves: g.dd.moves}
	reps := make([]Replacement, len(d.Spans))
	for n, i := range planOrder(d) {
		if n%64 == 63 && p.stop != nil {
			if err := p.stop(); err != nil {
				dp.Reason = "interrupted"
				dp.Stopped = err
				return dp
			}
		}
		rep, err := g.replace(i)
		if err != nil {
			dp.Reason = fmt.Sprintf("span %d (%s): %v", i, d.Spans[i].Kind, err)
			return dp
		}
		reps[i] = rep
		g.state.SetPlanned(i, rep.Surrogate)
		g.follow(i, rep)
	}
	dp.Reps = reps
	if o.Scope != ScopeCorpus {
		dp.NameFallbacks = docScope.Count(names.NSFallback)
	}
	return dp
}

// timeline decides the date shift of a document and prepares its dates:
// the shift drawn (docShift) is clamped so that every date stays in its
// window, and moved off a yearless date's own day.
func (p *Planner) timeline(d *document.Document, docScope *fictive.Scope) (int, *docDates) {
	o := &p.cfg
	shift := p.docShift(d, docScope)
	var horizon time.Time
	if o.Scope == ScopeCorpus && p.horizon != nil {
		horizon = p.horizon[patientMaterial(d, p.isName)]
	}
	dd := prepareDates(d, horizon)
	shift = dd.clampShift(shift)
	if !o.DateShiftSet {
		shift = dd.avoidSameDay(shift)
	}
	return shift, dd
}

// docPlanning is the planning of one document under way.
type docPlanning struct {
	p               *Planner
	d               *document.Document
	dp              *Doc
	scope, docScope *fictive.Scope // scope: the document's, or the corpus's
	dd              *docDates
	isName          func(string) bool // docIsName
	state           *fictive.DocState
}

// replace decides the replacement of span i: kept, or its surrogate in
// the run's mode; an original is never published unchanged.
func (g *docPlanning) replace(i int) (Replacement, error) {
	o, d := &g.p.cfg, g.d
	s := d.Spans[i]
	orig := d.SpanText(i)
	rep := Replacement{Span: i, Kind: s.Kind, Original: orig}
	var err error
	switch {
	case s.Kind == "":
		err = fmt.Errorf("wrong annotation")
	case kinds.RulesOf(s.Kind).KeptAsWritten(orig, o.ReplaceState, keepAge):
		rep.Kept, rep.Surrogate = true, orig
	case location.KeptByPolicy(s.Kind, orig, o.ReplaceState):
		rep.Kept, rep.Surrogate = true, orig
	case o.Mode == ModeX:
		rep.Surrogate = mask(orig)
	case o.Mode == ModeEntity:
		rep.Surrogate = string(s.Kind)
	case kinds.RulesOf(s.Kind).Default == kinds.KeepUpToMaxAge: // an age > 89 in gemtex and fictive
		rep.Surrogate = capAge(orig)
		rep.MapKey = rep.Surrogate
	case o.Mode == ModeGemtex:
		err = g.p.gemtex(&rep, d, g.scope, g.dp.Shift, g.dd, i, g.isName)
	default:
		err = g.p.fictive(&rep, d, i, g.scope, g.docScope, g.state, g.dp.Shift, g.dd)
	}
	if err != nil {
		return rep, err
	}
	if !rep.Kept && !rep.Shifted && rep.Surrogate == orig && orig != "" {
		// never publish an original unchanged
		rep.Surrogate = mask(orig)
		if rep.Surrogate == orig {
			rep.Surrogate = "[" + string(s.Kind) + "]"
		}
	}
	if !rep.Kept && (o.Mode == ModeGemtex || o.Mode == ModeFictive) && rep.MapKey == "" {
		rep.MapKey = rep.Surrogate
	}
	return rep, nil
}

// follow adds the edit of span i and those of the text around it that
// follow its replacement: a holiday's preposition, a weekday word, a
// genitive ending.
func (g *docPlanning) follow(i int, rep Replacement) {
	o, d, dp := &g.p.cfg, g.d, g.dp
	s := d.Spans[i]
	if rep.Surrogate != rep.Original {
		dp.Edits = append(dp.Edits, document.Edit{Begin: s.Begin, End: s.End, Text: rep.Surrogate})
	}
	// a holiday that became a part of a month loses its preposition
	if s.Kind.IsDate() && o.Mode == ModeFictive && rep.Shifted {
		holidayPrepositionEdit(dp, d, i, g.dd.parsed[i], rep.Surrogate)
	}
	// weekday words next to a shifted full date follow it
	if s.Kind.IsDate() && dp.Shift != 0 && !rep.Kept && (o.Mode == ModeFictive || o.Mode == ModeGemtex) {
		g.p.weekday(dp, d, i, g.dd.parsed[i], g.dd.move(i))
	}
	// a genitive ending just outside a name or city follows it
	if o.Mode == ModeFictive && !rep.Kept && kinds.RulesOf(s.Kind).Genitive {
		genitiveOutside(dp, d, i, rep.Surrogate)
	}
}

// planOrder returns the span indices in generation order: by the kinds'
// planning phase (kinds.Rules.Phase: names and titles, then places, then
// everything else, and last the kinds that spell those), stable within a
// phase, so text order decides there. Replacements still apply at their
// own positions.
//
// A stable sort by phase is the spans of the first phase in text order,
// then those of the next, …: one pass per phase instead of a sort that
// computes the phase of both sides of every comparison.
func planOrder(d *document.Document) []int {
	order := make([]int, 0, len(d.Spans))
	phases := make([]kinds.Phase, len(d.Spans))
	first, last := kinds.Phase(0), kinds.Phase(0)
	for i, s := range d.Spans {
		phases[i] = kinds.RulesOf(s.Kind).Phase
		first, last = min(first, phases[i]), max(last, phases[i])
	}
	for ph := first; ph <= last; ph++ {
		for i, p := range phases {
			if p == ph {
				order = append(order, i)
			}
		}
	}
	return order
}

// genitiveOutside fixes a genitive ending that the annotation left outside
// the span: "Albers" + "'" becomes "Koch" + "s", "Müller" + "s" becomes
// "Weiß" + "'" (German: an apostrophe after s, ß, x, z, tz, ce).
func genitiveOutside(dp *Doc, d *document.Document, i int, sur string) {
	s := d.Spans[i]
	text := d.Text
	if s.End >= len(text) || sur == "" {
		return
	}
	r, n := utf8.DecodeRuneInString(text[s.End:])
	end := s.End + n
	if end < len(text) {
		if next, _ := utf8.DecodeRuneInString(text[end:]); unicode.IsLetter(next) || unicode.IsDigit(next) {
			return // not an ending: the word goes on
		}
	}
	last, _ := utf8.DecodeLastRuneInString(sur)
	if !unicode.IsLetter(last) {
		return
	}
	isSibilant := func(w string) bool {
		l, _ := utf8.DecodeLastRuneInString(w)
		return strings.ContainsRune("sßxzSẞXZ", l) || strings.HasSuffix(strings.ToLower(w), "ce")
	}
	sibilant := isSibilant(sur)
	origSibilant := isSibilant(text[s.Begin:s.End])
	var repl string
	switch {
	case (r == '\'' || r == '’') && origSibilant && !sibilant:
		repl = "s"
		if unicode.IsUpper(last) {
			repl = "S"
		}
	case (r == 's' || r == 'S') && !origSibilant && sibilant:
		repl = "'"
	default:
		return
	}
	for _, o := range d.Spans {
		if s.End < o.End && end > o.Begin {
			return
		}
	}
	for _, e := range dp.Edits {
		if s.End < e.End && end > e.Begin {
			return
		}
	}
	dp.Edits = append(dp.Edits, document.Edit{Begin: s.End, End: end, Text: repl})
}

// weekday adds an edit for a weekday word right next to span i; e is
// the span's text as parsed (nil when it is no date), before
// prepareDates prepared it.
func (p *Planner) weekday(dp *Doc, d *document.Document, i int, e *dates.Expr, move int) {
	if e == nil || e.Precision() != dates.Day {
		return
	}
	s := d.Spans[i]
	b, en, ok := dates.WeekdayAround(d.Text, s.Begin, s.End)
	if !ok || b >= en {
		return
	}
	for _, o := range d.Spans {
		if b < o.End && en > o.Begin {
			return // part of an annotation: handled there
		}
	}
	for _, ed := range dp.Edits {
		if b < ed.End && en > ed.Begin {
			return
		}
	}
	t := e.Time().AddDate(0, 0, move+dp.Shift) // a birth date moved by the age rule moves its weekday too
	w := dates.Weekday(t, d.Text[b:en])
	if w != "" && w != d.Text[b:en] {
		dp.Edits = append(dp.Edits, document.Edit{Begin: b, End: en, Text: w})
	}
}

// docIsName is the name test for consistency keys of one document: a
// listed name, or a word of the document's name spans (ß/SS folded) that
// is not itself the genitive of another one ("KÄSSMANNS" next to
// "Käßmann"), so that StripGenitive finds the genitive of names the lists
// do not know.
//
// The document's words are collected on the first call: only gemtex keys
// ask (fictive, x and entity plans never do).
func (p *Planner) docIsName(d *document.Document) func(string) bool {
	var words map[string]bool
	collect := func() {
		words = map[string]bool{}
		for i, s := range d.Spans {
			if !s.Kind.IsName() {
				continue
			}
			for _, w := range strings.FieldsFunc(d.SpanText(i), func(r rune) bool {
				return unicode.IsSpace(r) || r == ',' || r == ';' || r == '/'
			}) {
				if w = strings.TrimRight(w, "'’."); utf8.RuneCountInString(w) > 1 {
					words[norm.FoldName(w)] = true
				}
			}
		}
	}
	listed := func(w string) bool { return p.isName != nil && p.isName(w) }
	genitiveOf := func(f string) bool {
		for _, suf := range []string{"s", "ens"} {
			if st, ok := strings.CutSuffix(f, suf); ok && st != "" && (words[st] || listed(st)) {
				return true
			}
		}
		return false
	}
	return func(w string) bool {
		if listed(w) {
			return true
		}
		if words == nil {
			collect()
		}
		f := norm.FoldName(w)
		return words[f] && !genitiveOf(f)
	}
}
