package plan

import (
	"cmp"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/surrogator/surrogator/surrogator/age"
	"github.com/surrogator/surrogator/surrogator/audit"
	"github.com/surrogator/surrogator/surrogator/dates"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/fictive"
	"github.com/surrogator/surrogator/surrogator/kinds"
	"github.com/surrogator/surrogator/surrogator/norm"
)

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
	dd.padUnshown(d, padded, unpadded)
	dd.placeYearless(d)
	dd.findPieces(d)
	dd.ageRule(d, horizon)
	return dd
}

// padUnshown pads a date whose padding the span does not show as a date
// joined to it by a dash or "bis" ("07/63" – "12/63" annotated apart),
// else as the document (padded and unpadded fields counted over it).
func (dd *docDates) padUnshown(d *document.Document, padded, unpadded int) {
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
}

// placeYearless gives a yearless date the year of the nearest date with
// a year (the least span index at equal distance; a birth date says
// nothing about the letter's year): the candidates by position, the first
// index of each, searched instead of scanned for every yearless date
// (quadratic: 78 % of a fictive run of a 52 MB letter). Placing a
// yearless date in a year keeps it yearless, so the candidates stay.
func (dd *docDates) placeYearless(d *document.Document) {
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
		if best := nearestAnchor(anchors, d.Spans[i].Begin); best >= 0 {
			dd.expr[i] = closestInYear(e, dd.expr[best].Time())
		}
	}
}

// nearestAnchor returns the span index of the anchor nearest to byte
// offset b (the lesser index at equal distance), -1 when there is none.
func nearestAnchor(anchors []dateAnchor, b int) int {
	k, _ := slices.BinarySearchFunc(anchors, b, func(a dateAnchor, t int) int { return cmp.Compare(a.begin, t) })
	best, dist := -1, 0
	if k < len(anchors) {
		best, dist = anchors[k].j, anchors[k].begin-b
	}
	if k > 0 {
		if dl := b - anchors[k-1].begin; best < 0 || dl < dist || dl == dist && anchors[k-1].j < best {
			best = anchors[k-1].j
		}
	}
	return best
}

// closestInYear places yearless date e in the year of ref or a year next
// to it, whichever is closest to ref.
func closestInYear(e *dates.Expr, ref time.Time) *dates.Expr {
	var pick *dates.Expr
	var gap time.Duration
	for _, y := range []int{ref.Year() - 1, ref.Year(), ref.Year() + 1} {
		c := e.InYear(y)
		g := c.Time().Sub(ref).Abs()
		if pick == nil || g < gap {
			pick, gap = c, g
		}
	}
	return pick
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
		if rounded && kinds.RulesOf(r.Kind).LifeDate {
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
