package names

import (
	"fmt"
	"math/rand"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/fictive"
	"github.com/surrogator/surrogator/surrogator/norm"
)

// NSTitle is the scope namespace of title surrogates: the draws of a
// title component come from Scope.Rand(NSTitle, key) with key the
// person's surname and the component's class, or the class and the
// component's titleKey when no person is known.
const NSTitle = "title"

// titleVariant is one written form of a title component and how often
// German clinical letters use it (a relative weight within its class).
type titleVariant struct {
	text   string
	weight int
}

// titleClass is a title component whose written forms are interchangeable:
// the same rank, discipline, number and origin, only the spelling or the
// awarding faculty's name differs. match returns the end of a component of
// the class starting at t[0] (0: none).
type titleClass struct {
	name     string
	variants []titleVariant
	match    func(t string) int
}

// titleClasses are the only title components Title rewrites (see the
// package documentation: every other title word is kept as written).
//
//   - "PD" and "Priv.-Doz." are not a class: they are two spellings of
//     the same venia legendi, not two titles, and the rank has no other
//     title, so a redrawn spelling hides nothing and only tells the
//     surrogate apart ("PD Dr." → "Priv.-Doz. Dr."); both stay as written;
//   - "Dr. rer. medic.", "Dr. rer. med.", "Dr. sc. hum.", "Dr. rer. hum."
//     and "Dr. med. sci." are the doctorate in medical sciences of a
//     non-physician (which faculty awards which name is a hint to the
//     university, so it is redrawn).
var titleClasses = []titleClass{
	{name: "medsci", variants: []titleVariant{{"Dr. rer. medic.", 25}, {"Dr. rer. med.", 35}, {"Dr. sc. hum.", 25},
		{"Dr. rer. hum.", 10}, {"Dr. med. sci.", 5}}, match: matchMedSci},
}

// titleTokens splits t into words (letters) and the dots, hyphens and
// blanks between them, as byte offsets: [begin, end) of each word.
func titleTokens(t string) [][2]int {
	var out [][2]int
	i := 0
	for i < len(t) {
		c, n := utf8.DecodeRuneInString(t[i:])
		if !unicode.IsLetter(c) {
			i += n
			continue
		}
		j := i + n
		for j < len(t) {
			c2, n2 := utf8.DecodeRuneInString(t[j:])
			if !unicode.IsLetter(c2) {
				break
			}
			j += n2
		}
		out = append(out, [2]int{i, j})
		i = j
	}
	return out
}

// matchWords matches the lower-case words ws at the start of t, separated
// only by dots, hyphens and blanks (and a dot after the last word when t
// has one), returning the end of the match or 0.
func matchWords(t string, ws ...string) int {
	toks := titleTokens(t)
	if len(toks) < len(ws) || toks[0][0] != 0 {
		return 0
	}
	for k, w := range ws {
		if strings.ToLower(t[toks[k][0]:toks[k][1]]) != w {
			return 0
		}
		if k > 0 && strings.Trim(t[toks[k-1][1]:toks[k][0]], ". \t"+hyphens) != "" {
			return 0
		}
	}
	end := toks[len(ws)-1][1]
	if end < len(t) && t[end] == '.' {
		end++
	}
	return end
}

func matchMedSci(t string) int {
	for _, ws := range [][]string{{"dr", "rer", "medic"}, {"dr", "rer", "med"}, {"dr", "sc", "hum"},
		{"dr", "rer", "hum"}, {"dr", "med", "sci"}} {
		if e := matchWords(t, ws...); e > 0 {
			return e
		}
	}
	return 0
}

// titleComponent is a rewritable component found in a title span.
type titleComponent struct {
	begin, end int
	class      *titleClass
}

// titleComponents finds the components of titleClasses in t, left to
// right, at word starts.
func titleComponents(t string) []titleComponent {
	var out []titleComponent
	for _, tok := range titleTokens(t) {
		if len(out) > 0 && tok[0] < out[len(out)-1].end {
			continue
		}
		for ci := range titleClasses {
			if e := titleClasses[ci].match(t[tok[0]:]); e > 0 {
				out = append(out, titleComponent{begin: tok[0], end: tok[0] + e, class: &titleClasses[ci]})
				break
			}
		}
	}
	return out
}

// draw picks a variant by weight.
func (c *titleClass) draw(rng *rand.Rand) string {
	total := 0
	for _, v := range c.variants {
		total += v.weight
	}
	n := rng.Intn(total)
	for _, v := range c.variants {
		if n < v.weight {
			return v.text
		}
		n -= v.weight
	}
	return c.variants[len(c.variants)-1].text
}

// Title is the fictive generator of NAME_TITLE spans (see the package
// documentation): roles and ranks in the span ("OA", "Chefarzt"), and
// every title word that has no same-rank, same-discipline, same-number
// alternative, are kept as written; the components of titleClasses are
// redrawn by frequency, once per person, in the original's style. The
// result may equal the original.
func Title(original string, ctx *fictive.Context) (string, error) {
	if ctx == nil || ctx.Scope == nil || ctx.Res == nil {
		return "", fmt.Errorf("names: title: incomplete context")
	}
	if titleKey(original) == "" {
		return "", fmt.Errorf("names: title span %d holds no letters", ctx.Span)
	}
	comps := titleComponents(original)
	if len(comps) == 0 {
		return original, nil
	}
	person := ""
	if ctx.Doc != nil && ctx.Span >= 0 && ctx.Span < len(ctx.Doc.Spans) {
		person = titlePersons(ctx).of[ctx.Span]
	}
	var b strings.Builder
	last := 0
	for _, c := range comps {
		b.WriteString(original[last:c.begin])
		comp := original[c.begin:c.end]
		key := c.class.name + "|" + titleKey(comp)
		if person != "" {
			key = "person|" + person + "|" + c.class.name
		}
		v := c.class.draw(ctx.Scope.Rand(NSTitle, key))
		if !strings.ContainsAny(comp, " \t\n") && gluedDot(comp) {
			v = strings.ReplaceAll(v, ". ", ".") // "Dr.rer.medic." → "Dr.sc.hum."
		}
		// capitals when the span is written in capitals; an acronym
		// alone ("PD") says nothing
		if isUpperWord(original) && letterCount(original) >= 3 {
			v = strings.ToUpper(v)
		}
		b.WriteString(v)
		last = c.end
	}
	b.WriteString(original[last:])
	return b.String(), nil
}

// titleIndex maps the title spans of a document to their persons
// (titlePerson), computed once per document: a letter with thousands of
// titles must not scan every span for every title.
type titleIndex struct {
	of map[int]string // title span → person ("" none)
}

const stateTitles = "names.titles"

func titlePersons(ctx *fictive.Context) *titleIndex {
	build := func() any {
		ix := &titleIndex{of: map[int]string{}}
		if ctx.Doc == nil {
			return ix
		}
		sorted := inTextOrder(ctx.Doc)
		for j, sp := range ctx.Doc.Spans {
			if sp.Kind == ctx.Kind { // the title spans
				ix.of[j] = titlePerson(ctx.Doc, j, sorted)
			}
		}
		return ix
	}
	if ctx.State == nil {
		return build().(*titleIndex)
	}
	return ctx.State.Value(stateTitles, build).(*titleIndex)
}

// titlePerson returns the folded surname of the person a title span
// belongs to: the name span right after it (only white space between, as
// in "Dr. [Meier]") or, for a title after the name ("Meier, PhD"), right
// before it; "" when there is none.
func titlePerson(d *document.Document, i int, sorted bool) string {
	t := d.Spans[i]
	best, gap := -1, 4
	for _, j := range nearSpans(d, i, gap, sorted) {
		s := d.Spans[j]
		if !s.Kind.IsName() {
			continue
		}
		var between string
		switch {
		case s.Begin >= t.End:
			between = d.Text[t.End:s.Begin]
		case s.End <= t.Begin:
			between = d.Text[s.End:t.Begin]
		default:
			continue
		}
		// the length first: the text to a far name must not be scanned
		// for every title (quadratic in a large letter)
		if len(between) < gap && strings.TrimLeft(between, " \t,") == "" {
			best, gap = j, len(between)
		}
	}
	if best < 0 {
		return ""
	}
	f := strings.Fields(norm.NameKey(d.SpanText(best), nil))
	if len(f) == 0 {
		return ""
	}
	return strings.Trim(f[len(f)-1], "'’.")
}

// inTextOrder reports whether a document's spans are in text order and do
// not overlap (as normalised documents are).
func inTextOrder(d *document.Document) bool {
	for j := 1; j < len(d.Spans); j++ {
		if d.Spans[j-1].End > d.Spans[j].Begin {
			return false
		}
	}
	return true
}

// nearSpans returns the indices of the spans that may lie within gap
// bytes of span i: its neighbours while they are that close when the
// spans are in text order (sorted), else every span.
func nearSpans(d *document.Document, i, gap int, sorted bool) []int {
	if !sorted {
		all := make([]int, len(d.Spans))
		for j := range all {
			all[j] = j
		}
		return all
	}
	t := d.Spans[i]
	var out []int
	for j := i - 1; j >= 0 && d.Spans[j].End > t.Begin-gap; j-- {
		out = append(out, j)
	}
	for j := i + 1; j < len(d.Spans) && d.Spans[j].Begin < t.End+gap; j++ {
		out = append(out, j)
	}
	return out
}

// titleWords splits a title into lower-case words at spaces, dots and
// hyphens.
func titleWords(t string) []string {
	return strings.FieldsFunc(strings.ToLower(t), func(c rune) bool {
		return unicode.IsSpace(c) || c == '.' || strings.ContainsRune(hyphens, c)
	})
}

// prenominalWords start titles written before the name; other titles
// (PhD, MBA, M.Sc., BScN) follow it.
var prenominalWords = map[string]bool{
	"dr": true, "drs": true, "dres": true, "prof": true, "pd": true, "priv": true, "privdoz": true, "doz": true,
	"dipl": true, "univ": true, "apl": true, "stud": true, "cand": true, "mag": true, "mudr": true, "mddr": true,
	"o": true, "em": true, "ing": true,
}

func prenominal(t string) bool {
	w := titleWords(t)
	return len(w) > 0 && prenominalWords[w[0]]
}

// feminineTitle reports a gendered title such as "Dr.in" or "Prof.in".
func feminineTitle(t string) bool {
	for _, w := range titleWords(t) {
		if w == "in" {
			return true
		}
	}
	return false
}

// gluedDot reports a dot directly followed by a letter ("Dr.med.").
func gluedDot(s string) bool {
	prevDot := false
	for _, c := range s {
		if prevDot && unicode.IsLetter(c) {
			return true
		}
		prevDot = c == '.'
	}
	return false
}
