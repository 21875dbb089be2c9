package plan

import (
	"cmp"
	"fmt"
	"hash/maphash"
	"math/rand"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/surrogator/surrogator/surrogator/age"
	"github.com/surrogator/surrogator/surrogator/audit"
	"github.com/surrogator/surrogator/surrogator/dates"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/fictive"
	"github.com/surrogator/surrogator/surrogator/fictive/facility"
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

// keepAge reports whether an AGE span stays as written (no age above 89;
// the one rule of package age).
func keepAge(s string) bool { return !age.Over(s) }

// capAge writes every age above 89 in an AGE span as 90 in its written
// form (digits or number words).
func capAge(s string) string { return age.Apply(s) }

// mask replaces every letter and digit with X.
func mask(s string) string {
	var b strings.Builder
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteByte('X')
		} else {
			b.WriteRune(r)
		}
	}
	return b.String()
}

const gemtexLetters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"

// gemtexKey draws a key of the form [A-Z]{2}[0-9][A-Z]{2}[0-9].
func gemtexKey(r *rand.Rand) string {
	b := []byte{
		gemtexLetters[r.Intn(26)], gemtexLetters[r.Intn(26)], byte('0' + r.Intn(10)),
		gemtexLetters[r.Intn(26)], gemtexLetters[r.Intn(26)], byte('0' + r.Intn(10)),
	}
	return string(b)
}

// GemtexKeyPattern matches gemtex keys.
var GemtexKeyPattern = regexp.MustCompile(`^[A-Z]{2}[0-9][A-Z]{2}[0-9]$`)

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

// docShift decides the date shift of a document.
func (p *Planner) docShift(d *document.Document, docScope *fictive.Scope) int {
	o := &p.cfg
	if o.DateShiftSet {
		return o.DateShift
	}
	r := docScope.Rand("dateshift")
	if o.Scope == ScopeCorpus {
		if m := patientMaterial(d, p.isName); m != "" {
			r = p.corpus.Rand("dateshift", m)
		}
	}
	n := o.DateShiftMin + r.Intn(o.DateShiftMax-o.DateShiftMin+1)
	if r.Intn(2) == 0 {
		n = -n
	}
	return n
}

// patientMaterial identifies the patient of a letter for a corpus-scope
// date shift: surname of the most complete NAME_PATIENT mention plus the
// birth date (ISO), so that a patient's letters share one shift.
func patientMaterial(d *document.Document, isName func(string) bool) string {
	name, birth := "", ""
	for i, s := range d.Spans {
		switch s.Kind {
		case kinds.NamePatient:
			k := norm.NameKey(d.SpanText(i), isName)
			if len(k) > len(name) {
				name = k
			}
		case kinds.DateBirth:
			if birth == "" {
				if e, err := dates.Parse(d.SpanText(i)); err == nil {
					birth = e.Time().Format("2006-01-02")
				}
			}
		}
	}
	if name == "" {
		return ""
	}
	f := strings.Fields(name)
	return f[len(f)-1] + "|" + birth
}

// Plan computes every replacement of one document.
func (p *Planner) Plan(d *document.Document, docID string) *Doc {
	o := &p.cfg
	dp := &Doc{Doc: d, DocID: docID, Parts: NameParts(d, p.seed), RoundedDates: o.Mode == ModeGemtex}
	docScope := fictive.NewScope(o.docKey(d.Project, d.Name))
	// the run's originals and the document's name words: v is split
	// into words once for both
	docScope.Avoid = p.Avoider(dp.Parts)
	scope := docScope
	if o.Scope == ScopeCorpus {
		scope = p.corpus
	}
	dp.Shift = p.docShift(d, docScope)
	var horizon time.Time
	if o.Scope == ScopeCorpus && p.horizon != nil {
		horizon = p.horizon[patientMaterial(d, p.isName)]
	}
	dd := prepareDates(d, horizon)
	dp.Shift = dd.clampShift(dp.Shift)
	if !o.DateShiftSet {
		dp.Shift = dd.avoidSameDay(dp.Shift)
	}
	isName := p.docIsName(d)
	state := &fictive.DocState{DateShift: dp.Shift, Dates: dd.parsed, DateMoves: dd.moves}
	reps := make([]Replacement, len(d.Spans))
	for n, i := range planOrder(d) {
		if n%64 == 63 && p.stop != nil {
			if err := p.stop(); err != nil {
				dp.Reason = "interrupted"
				dp.Stopped = err
				return dp
			}
		}
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
		case s.Kind == kinds.Age: // > 89 in gemtex and fictive
			rep.Surrogate = capAge(orig)
			rep.MapKey = rep.Surrogate
		case o.Mode == ModeGemtex:
			err = p.gemtex(&rep, d, scope, dp.Shift, dd, i, isName)
		default:
			err = p.fictive(&rep, d, i, scope, docScope, state, dp.Shift, dd)
		}
		if err != nil {
			dp.Reason = fmt.Sprintf("span %d (%s): %v", i, s.Kind, err)
			return dp
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
		reps[i] = rep
		if rep.Surrogate != orig {
			dp.Edits = append(dp.Edits, document.Edit{Begin: s.Begin, End: s.End, Text: rep.Surrogate})
		}
		// a holiday that became a part of a month loses its preposition
		if s.Kind.IsDate() && o.Mode == ModeFictive && rep.Shifted {
			holidayPrepositionEdit(dp, d, i, dd.parsed[i], rep.Surrogate)
		}
		// weekday words next to a shifted full date follow it
		if s.Kind.IsDate() && dp.Shift != 0 && !rep.Kept && (o.Mode == ModeFictive || o.Mode == ModeGemtex) {
			p.weekday(dp, d, i, dd.parsed[i], dd.move(i))
		}
		// a genitive ending just outside a name or city follows it
		if o.Mode == ModeFictive && !rep.Kept && (s.Kind.IsName() || s.Kind == kinds.LocationCity) {
			genitiveOutside(dp, d, i, rep.Surrogate)
		}
	}
	dp.Reps = reps
	if o.Scope != ScopeCorpus {
		dp.NameFallbacks = docScope.Count(names.NSFallback)
	}
	return dp
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

func (p *Planner) gemtex(rep *Replacement, d *document.Document, scope *fictive.Scope, shift int, dd *docDates, i int, isName func(string) bool) error {
	k := rep.Kind
	if k == kinds.Date && shift != 0 {
		if v, ok := dd.piece(d, i, shift); ok {
			rep.MapKey = v
			rep.Surrogate = "[** " + string(k) + " " + v + " **]"
			return nil
		}
	}
	if k == kinds.DateBirth || k == kinds.DateDeath || k == kinds.Date {
		if e := dd.expr[i]; e != nil {
			var shown string
			switch {
			case k != kinds.Date:
				// birth and death on the document's timeline: shifted
				// (and moved by the age rule), then rounded to the quarter
				shown = e.ShiftQuarterStart(dd.move(i) + shift)
			case shift == 0:
				shown = rep.Original
			default:
				shown = e.Shift(shift)
			}
			rep.MapKey = shown
			rep.Surrogate = "[** " + string(k) + " " + shown + " **]"
			return nil
		}
	}
	key := scope.Memo("gemtex|"+norm.Group(k), norm.Key(k, rep.Original, isName), gemtexKey)
	rep.MapKey = key
	rep.Surrogate = "[** " + string(k) + " " + key + " **]"
	return nil
}

func (p *Planner) fictive(rep *Replacement, d *document.Document, i int, scope, docScope *fictive.Scope, state *fictive.DocState, shift int, dd *docDates) error {
	k := rep.Kind
	if k.IsDate() {
		e, move := dd.expr[i], dd.move(i)
		if shift == 0 && move == 0 {
			rep.Kept, rep.Surrogate = true, rep.Original
			return nil
		}
		if v, ok := dd.piece(d, i, move+shift); ok {
			rep.Surrogate, rep.Shifted = v, true
			return nil
		}
		if e != nil {
			rep.Surrogate, rep.Shifted = e.Shift(move+shift), true
			if rep.Surrogate == rep.Original && e.Specific() {
				// clamped to no shift at all (a two-digit year at the edge
				// of its century): a date more specific than a year is
				// never published as written
				rep.Surrogate, rep.Shifted = dates.Fallback(rep.Original, docScope.Rand("datefallback", strconv.Itoa(i))), false
			}
		} else {
			rep.Surrogate = dates.Fallback(rep.Original, docScope.Rand("datefallback", strconv.Itoa(i)))
		}
		return nil
	}
	if ph := kinds.RulesOf(k).Placeholder; ph != "" {
		rep.Surrogate = ph // no generator draws the kind (OTHER)
		return nil
	}
	ctx := &fictive.Context{Kind: k, Doc: d, Span: i, Scope: scope, DocScope: docScope, State: state, Res: p.cfg.Resources, Geo: p.cfg.Geo, ReplaceState: p.cfg.ReplaceState}
	if p.names != nil {
		// Drawn part by part, a name could rebuild another original name
		// of the run. Document scope: no drawn part is the key word of an
		// original (its surname), so no original can be recomposed; the
		// generator's document filter keeps the letter's own name words
		// out. Corpus scope has no document filter (a surrogate must not
		// depend on the letter drawing it first), so every name word of
		// the run is kept out. Every kind gets it: a facility named after
		// a person draws that surname in the person names' namespace.
		ctx.NameWord = p.names.Key
		if p.cfg.Scope == ScopeCorpus {
			ctx.NameWord = p.names.Any
		}
	}
	if p.cfg.Pools != nil && state != nil && (k == kinds.LocationHospital || k == kinds.LocationOrganization || k == kinds.LocationOther) {
		state.Value(facility.StateKey, func() any { return p.cfg.Pools }) // the facility generator's pools
	}
	g, err := p.cfg.Generators.Lookup(k)
	if err != nil {
		rep.Surrogate = fallback(k, rep.Original, scope, &p.cfg)
		return nil
	}
	s, err := g(rep.Original, ctx)
	if err != nil {
		return err
	}
	if strings.TrimSpace(s) == "" && strings.TrimSpace(rep.Original) != "" {
		s = fallback(k, rep.Original, scope, &p.cfg) // the generator had nothing
	}
	rep.Surrogate = s
	if k == kinds.NameTitle && s == rep.Original {
		// a title without a same-rank, same-discipline alternative
		// stays as written (names.Title, issue 25): kept, not masked
		rep.Kept = true
	}
	return nil
}

// fallback is the simple generator for kinds without a registered one: a
// list value for names and places, else the character-class pattern.
func fallback(k kinds.Kind, orig string, scope *fictive.Scope, o *Config) string {
	res := o.Resources
	return scope.Memo("fallback|"+norm.Group(k), norm.Key(k, orig, nil), func(r *rand.Rand) string {
		switch {
		case k.IsName() && len(res.Surnames) > 0:
			return res.Surnames[r.Intn(len(res.Surnames))]
		case k == kinds.LocationCity && len(res.Municipalities) > 0:
			return res.Municipalities[r.Intn(len(res.Municipalities))].Name
		}
		return patternLike(orig, r)
	})
}

// patternLike keeps the character classes of s with random characters.
func patternLike(s string, r *rand.Rand) string {
	var b strings.Builder
	for _, c := range s {
		switch {
		case unicode.IsDigit(c):
			b.WriteByte(byte('0' + r.Intn(10)))
		case unicode.IsUpper(c):
			b.WriteByte(byte('A' + r.Intn(26)))
		case unicode.IsLower(c):
			b.WriteByte(byte('a' + r.Intn(26)))
		default:
			b.WriteRune(c)
		}
	}
	return b.String()
}

// docDates is what planning needs to know about the dates of one
// document before any is replaced.
type docDates struct {
	// expr holds every parsed date span, prepared for rendering: a date
	// without a year anchored in the year of the nearest full date, and
	// fields whose padding the span does not show in the document's style.
	expr map[int]*dates.Expr
	// parsed holds every date span as dates.Parse returns it (expr's
	// preparations clone): weekday reads the date as written, and
	// parsing each span once is a good part of planning's CPU.
	parsed map[int]*dates.Expr
	// moves holds, for DATE_BIRTH spans moved by the age rule, the days
	// they move before the document's shift.
	moves map[int]int
	// pieces holds the dates annotated as two spans (see datepieces.go).
	pieces map[int]datePiece
}

func (dd *docDates) move(i int) int { return dd.moves[i] }

// prepareDates parses the dates of d and applies the document-wide date
// rules of SPEC §5–6 (issue 12):
//
//   - a date without a year takes the year of the nearest date that
//     writes one, birth dates aside (by position in the text; of that
//     year and its neighbours the one closest to it), so shifting it
//     crosses the right February and keeps its distance to its neighbours;
//   - a two-digit day or month whose padding the span does not show
//     (11/28) follows the document: padded when the document writes more
//     padded fields (01/26) than unpadded ones (1/26), else unpadded;
//   - the age rule: when the patient is older than 89 at the latest date
//     of the document (from the earliest day a DATE_BIRTH allows to the
//     last day any date of the document allows), every DATE_BIRTH is
//     moved to 90 years before that latest day, so no age above 90 can be
//     computed from the published dates (AGE spans are capped to 90 by
//     package age).
//
// horizon, when not zero, is a later date the patient reaches in another
// letter of the run (corpus scope): the age rule then decides on it, so
// that all letters of one patient publish one birth date and none lets a
// reader combine a kept birth date with a later letter.
// clampShift returns the largest shift of the same sign (else of the
// other sign) that keeps every date of the document in its window — a
// two-digit year in its century, a year in its number of digits. Clamping
// each date on its own would move dates unequally and could change their
// order; clamping the document's shift moves them all alike. The
// intervals all contain 0, so the order of clamping does not matter.
func (dd *docDates) clampShift(shift int) int {
	clamp := func(s int) int {
		for _, e := range dd.expr {
			s = e.ClampShift(s)
		}
		return s
	}
	if c := clamp(shift); c != 0 || shift == 0 {
		if c == shift {
			return c
		}
		if o := clamp(-shift); abs(o) > abs(c) {
			return o
		}
		return c
	}
	return clamp(-shift)
}

// avoidSameDay moves a drawn shift one day towards 0 while it would put a
// date without a year on its own day and month (365 days on "19.7."):
// such a date is never published as written (dates.Expr.Shift shows the
// next day), which would cost its distance to its neighbours a day.
func (dd *docDates) avoidSameDay(shift int) int {
	for range 3 {
		same := false
		for _, e := range dd.expr {
			if e.HasYear() || e.Precision() != dates.DayMonth {
				continue
			}
			t := e.Time()
			if u := t.AddDate(0, 0, shift); u.Month() == t.Month() && u.Day() == t.Day() {
				same = true
				break
			}
		}
		if !same || abs(shift) <= 1 {
			return shift
		}
		if shift > 0 {
			shift--
		} else {
			shift++
		}
	}
	return shift
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// dateAnchor is a date with a year at byte offset begin, span index j.
type dateAnchor struct{ begin, j int }

func prepareDates(d *document.Document, horizon time.Time) *docDates {
	dd := &docDates{expr: map[int]*dates.Expr{}, parsed: map[int]*dates.Expr{}}
	padded, unpadded := 0, 0
	for i, s := range d.Spans {
		if !s.Kind.IsDate() {
			continue
		}
		e, err := dates.Parse(d.SpanText(i))
		if err != nil {
			continue
		}
		dd.expr[i], dd.parsed[i] = e, e
		pd, up := e.Padding()
		padded, unpadded = padded+pd, unpadded+up
	}
	// a date whose padding the span does not show follows a date joined
	// to it by a dash or "bis" ("07/63" – "12/63" annotated apart), else
	// the document
	for i, e := range dd.expr {
		if pd, up := e.Padding(); pd+up == 0 {
			if pd, up := dd.neighbourPadding(d, i); pd != up {
				dd.expr[i] = e.WithPadding(pd > up)
				continue
			}
			if padded+unpadded > 0 {
				dd.expr[i] = e.WithPadding(padded > unpadded)
			}
		}
	}
	// a yearless date takes its year from the nearest date with a year
	// (the least span index at equal distance; a birth date says nothing
	// about the letter's year): the candidates by position, the first
	// index of each, searched instead of scanned for every yearless date
	// (quadratic: 78 % of a fictive run of a 52 MB letter). Placing a
	// yearless date in a year keeps it yearless, so the candidates stay.
	anchors := make([]dateAnchor, 0, len(dd.expr))
	for j, f := range dd.expr {
		if f.HasYear() && d.Spans[j].Kind != kinds.DateBirth {
			anchors = append(anchors, dateAnchor{d.Spans[j].Begin, j})
		}
	}
	slices.SortFunc(anchors, func(a, b dateAnchor) int { return cmp.Or(cmp.Compare(a.begin, b.begin), cmp.Compare(a.j, b.j)) })
	anchors = slices.CompactFunc(anchors, func(a, b dateAnchor) bool { return a.begin == b.begin })
	for i, e := range dd.expr {
		if e.HasYear() {
			continue
		}
		b := d.Spans[i].Begin
		k, _ := slices.BinarySearchFunc(anchors, b, func(a dateAnchor, t int) int { return cmp.Compare(a.begin, t) })
		best, dist := -1, 0
		if k < len(anchors) {
			best, dist = anchors[k].j, anchors[k].begin-b
		}
		if k > 0 {
			if dl := b - anchors[k-1].begin; best < 0 || dl < dist || dl == dist && anchors[k-1].j < best {
				best, dist = anchors[k-1].j, dl
			}
		}
		if best < 0 {
			continue
		}
		ref := dd.expr[best].Time()
		var pick *dates.Expr
		var gap time.Duration
		for _, y := range []int{ref.Year() - 1, ref.Year(), ref.Year() + 1} {
			c := e.InYear(y)
			g := c.Time().Sub(ref).Abs()
			if pick == nil || g < gap {
				pick, gap = c, g
			}
		}
		dd.expr[i] = pick
	}
	dd.findPieces(d)
	dd.ageRule(d, horizon)
	return dd
}

// DateLeaks audits the published text of a document for its own date
// originals more specific than a year (audit.DateLeaks): nd is the
// document after replacement, whose spans cover the surrogates. Dates
// kept as written (--date-shift 0) are not searched for. rounded (gemtex
// mode) says that birth and death dates show the first day of their
// shifted quarter: one that was such a first day may show itself, which
// tells no more than the quarter (SPEC §5), so there it is no leak.
func DateLeaks(text string, nd *document.Document, reps []Replacement, rounded bool) []audit.Hit {
	var originals []string
	var regions []audit.DateRegion
	seen := map[string]bool{}
	for _, r := range reps {
		if !r.Kind.IsDate() || r.Kept {
			continue
		}
		s := nd.Spans[r.Span]
		region := audit.DateRegion{Begin: s.Begin, End: s.End, Original: r.Original}
		if rounded && r.Kind != kinds.Date {
			region.Original = ""
		}
		regions = append(regions, region)
		if !seen[r.Original] && audit.DateAudited(r.Original) {
			seen[r.Original] = true
			originals = append(originals, r.Original)
		}
	}
	return audit.DateLeaks(text, originals, regions)
}

// rangeJoin matches what may stand between the two dates of a range
// annotated as two spans: blanks, a dash or "bis".
var rangeJoin = regexp.MustCompile(`^\s*(?:[-–—]|bis)?\s*$`)

// neighbourPadding returns the padding shown (see dates.Expr.Padding) by
// the date spans right before and after span i that are joined to it as a
// range ("07/63-12/63" annotated as two spans).
func (dd *docDates) neighbourPadding(d *document.Document, i int) (padded, unpadded int) {
	s := d.Spans[i]
	// spans are sorted by position (document.Normalize): the neighbours
	// in the text are the spans next to i
	for _, j := range [2]int{i - 1, i + 1} {
		if j < 0 || j >= len(d.Spans) {
			continue
		}
		o, e := d.Spans[j], dd.parsed[j]
		if e == nil {
			continue
		}
		var gap string
		switch {
		case o.End <= s.Begin && s.Begin-o.End <= 6:
			gap = d.Text[o.End:s.Begin]
		case o.Begin >= s.End && o.Begin-s.End <= 6:
			gap = d.Text[s.End:o.Begin]
		default:
			continue
		}
		if rangeJoin.MatchString(gap) {
			pd, up := e.Padding()
			padded, unpadded = padded+pd, unpadded+up
		}
	}
	return padded, unpadded
}

// latest is the last day the dated spans of the document (with a year)
// allow, zero when there is none.
func (dd *docDates) latest() time.Time {
	var l time.Time
	for _, e := range dd.expr {
		if e.HasYear() {
			if _, last := e.Bounds(); last.After(l) {
				l = last
			}
		}
	}
	return l
}

// collectHorizons records, for corpus scope, the latest date of every
// patient over docs (all documents of the run), keyed like the patient's
// date shift; plan then applies the age rule per patient. The engine calls
// it once before planning; without it the rule decides per letter.
func (p *Planner) collectHorizons(docs []*document.Document) {
	if p.horizon == nil {
		p.horizon = map[string]time.Time{}
	}
	for _, d := range docs {
		m := patientMaterial(d, p.isName)
		if m == "" {
			continue
		}
		if l := prepareDates(d, time.Time{}).latest(); l.After(p.horizon[m]) {
			p.horizon[m] = l
		}
	}
}

// ageRule moves the birth dates of a patient older than 89 (see
// prepareDates).
func (dd *docDates) ageRule(d *document.Document, horizon time.Time) {
	birth, latest := time.Time{}, horizon
	var births []int
	for i, e := range dd.expr {
		if !e.HasYear() {
			continue // no reader computes an age from a date without a year
		}
		first, last := e.Bounds()
		if d.Spans[i].Kind == kinds.DateBirth {
			births = append(births, i)
			if birth.IsZero() || first.Before(birth) {
				birth = first
			}
		}
		if last.After(latest) {
			latest = last
		}
	}
	if len(births) == 0 || age.Years(birth, latest) <= age.Max {
		return
	}
	target := latest.AddDate(-age.Cap, 0, 0)
	dd.moves = map[int]int{}
	for _, i := range births {
		dd.moves[i] = int(target.Sub(dd.expr[i].Time()).Hours() / 24)
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
