package plan

import (
	"math/rand"
	"regexp"
	"strconv"
	"strings"
	"unicode"

	"github.com/surrogator/surrogator/surrogator/age"
	"github.com/surrogator/surrogator/surrogator/dates"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/fictive"
	"github.com/surrogator/surrogator/surrogator/kinds"
	"github.com/surrogator/surrogator/surrogator/norm"
)

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

func (p *Planner) gemtex(rep *Replacement, d *document.Document, scope *fictive.Scope, shift int, dd *docDates, i int, isName func(string) bool) error {
	k := rep.Kind
	if k.IsDate() && !kinds.RulesOf(k).LifeDate && shift != 0 {
		if v, ok := dd.piece(d, i, shift); ok {
			rep.MapKey = v
			rep.Surrogate = "[** " + string(k) + " " + v + " **]"
			return nil
		}
	}
	if k.IsDate() {
		if e := dd.expr[i]; e != nil {
			var shown string
			switch {
			case kinds.RulesOf(k).LifeDate:
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
		fictiveDate(rep, d, i, docScope, shift, dd)
		return nil
	}
	if ph := kinds.RulesOf(k).Placeholder; ph != "" {
		rep.Surrogate = ph // no generator draws the kind (OTHER)
		return nil
	}
	ctx := &fictive.Context{Kind: k, Doc: d, Span: i, Scope: scope, DocScope: docScope, State: state, Res: p.cfg.Resources, Geo: p.cfg.Geo, ReplaceState: p.cfg.ReplaceState, Pools: p.cfg.Pools}
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
	if s == rep.Original && kinds.RulesOf(k).KeptWhenUnchanged {
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

// fictiveDate shifts date span i by the document's shift (and a birth
// date's move by the age rule) in its written form; a date that does not
// parse gets a date of its shape (dates.Fallback).
func fictiveDate(rep *Replacement, d *document.Document, i int, docScope *fictive.Scope, shift int, dd *docDates) {
	e, move := dd.expr[i], dd.move(i)
	if shift == 0 && move == 0 {
		rep.Kept, rep.Surrogate = true, rep.Original
		return
	}
	if v, ok := dd.piece(d, i, move+shift); ok {
		rep.Surrogate, rep.Shifted = v, true
		return
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
}
