package names

import (
	"github.com/surrogator/surrogator/data"
	"github.com/surrogator/surrogator/surrogator/age"
	"github.com/surrogator/surrogator/surrogator/dates"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/fictive"
	"github.com/surrogator/surrogator/surrogator/kinds"
)

// patientBirthYear returns the (shifted) birth year of the document's
// patient, or 0 when the document tells none: from the first DATE_BIRTH
// that writes a year, else from the highest AGE and the latest dated span
// (issue 12: first names are drawn for the birth cohort). It is cached in
// the DocState when there is one.
func patientBirthYear(ctx *fictive.Context) int {
	if ctx.State == nil {
		return birthYearOf(ctx.Doc, 0, nil)
	}
	return ctx.State.Value("names.birthyear", func() any { return birthYearOf(ctx.Doc, ctx.State.DateShift, ctx.State.Dates) }).(int)
}

// birthYearOf is patientBirthYear of d under shift; parsed, when not nil,
// holds the date spans as dates.Parse parses them (fictive.DocState.Dates).
func birthYearOf(d *document.Document, shift int, parsed map[int]*dates.Expr) int {
	parse := func(i int) (*dates.Expr, bool) {
		if parsed != nil {
			e, ok := parsed[i]
			return e, ok
		}
		e, err := dates.Parse(d.SpanText(i))
		return e, err == nil
	}
	ageYears, latest := -1, 0
	for i, s := range d.Spans {
		switch {
		case s.Kind == kinds.DateBirth:
			if e, ok := parse(i); ok && e.HasYear() {
				return e.Time().AddDate(0, 0, shift).Year()
			}
		case s.Kind == kinds.Age:
			ageYears = max(ageYears, age.Value(d.SpanText(i)))
		case s.Kind.IsDate():
			if e, ok := parse(i); ok && e.HasYear() {
				latest = max(latest, e.Time().AddDate(0, 0, shift).Year())
			}
		}
	}
	if ageYears >= 0 && latest > 0 {
		return latest - min(ageYears, age.Cap)
	}
	return 0
}

// nearCohortYears is how far from the birth year a tagged name's decades
// may end for the name to be drawn before the untagged names.
const nearCohortYears = 10

// cohortPool narrows a first-name pool to the birth cohort: names tagged
// for the birth year first, else the names tagged for the nearest year
// within nearCohortYears (a patient born 1949 whose letter has no name
// tagged for the 1940s gets "Frank", common from 1950, rather than an
// untagged "Fynn": the table does not list every modern spelling), else
// names that fit it (untagged ones fit every year); the pool itself when
// none fits or the year is unknown.
func cohortPool(pool []string, year int) []string {
	if year == 0 || len(pool) == 0 {
		return pool
	}
	c := data.FirstNameCohorts()
	var tagged, fit []string
	for _, n := range pool {
		if c.Fits(n, year) {
			fit = append(fit, n)
			if c.Tagged(n) {
				tagged = append(tagged, n)
			}
		}
	}
	if len(tagged) > 0 {
		return tagged
	}
	for k := 1; k <= nearCohortYears; k++ {
		for _, n := range pool {
			if c.Tagged(n) && (c.Fits(n, year-k) || c.Fits(n, year+k)) {
				tagged = append(tagged, n)
			}
		}
		if len(tagged) > 0 {
			return tagged
		}
	}
	if len(fit) > 0 {
		return fit
	}
	return pool
}
