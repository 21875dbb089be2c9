package fictive

import (
	"fmt"
	"sync"

	"github.com/surrogator/surrogator/data"
	"github.com/surrogator/surrogator/surrogator/dates"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/fictive/facility"
	"github.com/surrogator/surrogator/surrogator/kinds"
)

// DocState is per-document state shared by the generators of one document:
// the date shift and free-form values generators keep (e.g. the document's
// location tree). Values is keyed by generator-chosen names.
type DocState struct {
	// DateShift is the document's date shift in days (0 = disabled).
	DateShift int
	// Dates, when not nil, holds dates.Parse of the text of every date
	// span (DATE, DATE_BIRTH, DATE_DEATH) that parses, by span index, as
	// the engine parsed them for planning: generators read them instead
	// of parsing the spans again. nil: generators parse the spans.
	Dates map[int]*dates.Expr
	// DateMoves holds, for birth dates moved by the age rule (SPEC §5),
	// the days they move besides DateShift, by span index: a generator
	// that spells a person's birth date (a pension insurance number)
	// reads the surrogate birth date as original + move + DateShift.
	DateMoves map[int]int
	mu        sync.Mutex
	values    map[string]any
	planned   map[int]string
}

// SetPlanned records the surrogate planned for span i, so that generators
// of later planning phases can follow it (an e-mail host derived from the
// surrogate of the facility it spells).
func (d *DocState) SetPlanned(i int, surrogate string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.planned == nil {
		d.planned = map[int]string{}
	}
	d.planned[i] = surrogate
}

// Planned returns the surrogate planned for span i; ok is false when the
// span is not planned yet (or the planner records none).
func (d *DocState) Planned(i int) (string, bool) {
	d.mu.Lock()
	defer d.mu.Unlock()
	v, ok := d.planned[i]
	return v, ok
}

// Value returns the state stored under name, creating it with mk on first
// use.
func (d *DocState) Value(name string, mk func() any) any {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.values == nil {
		d.values = map[string]any{}
	}
	v, ok := d.values[name]
	if !ok {
		v = mk()
		d.values[name] = v
	}
	return v
}

// Context is what a generator knows when it replaces one span.
type Context struct {
	Kind kinds.Kind
	// Doc is the (normalised) document; Doc.Spans[Span] is the span.
	Doc  *document.Document
	Span int
	// Scope is the consistency scope (the document's, or the corpus').
	Scope *Scope
	// DocScope is always the document's own scope (for per-document
	// choices such as the location tree even in corpus scope).
	DocScope *Scope
	State    *DocState
	Res      *data.Resources
	// Geo is the geodata source for addresses and every generator that
	// names a place (facilities, phone area codes, e-mail hosts, URLs);
	// nil selects the embedded default gazetteer.
	Geo Geodata
	// NameWord, when not nil, reports a candidate name part (a first name
	// or surname the name generator draws) that must not be used: one that
	// could rebuild an original person name of the run, in corpus scope
	// any name word of the run (audit.NameWords). Drawn per part, a name
	// surrogate would otherwise recompose another person's name and the
	// leak audit would quarantine the letter.
	NameWord func(candidate string) bool
	// ReplaceState is the --replace-state policy: LOCATION_STATE spans are
	// replaced and every place below a state is sampled inside the
	// replacement (default: states, countries and city-states are kept).
	ReplaceState bool
	// Pools are the run's facility candidate pools for the five-stage
	// semantic method of the facility generator (engine.Options.Pools);
	// nil: the facility generator's templates.
	Pools *facility.Pools
}

// Place describes one municipality of a Geodata source (for a city-state,
// also one of its districts).
type Place struct {
	Name     string // official name, e.g. "Frankfurt am Main"
	State    string // full German name of the Land
	District string // Landkreis or kreisfreie Stadt
	// Population is the number of inhabitants (0 when unknown).
	Population int
}

// Geodata is the one geographic interface of the fictive generators:
// municipalities by place id, their state, size, streets, postcodes and
// phone area codes. It is implemented by the embedded gazetteer
// (location.NewEmbedded) and by a geodata pack (fictive/geopack). Ids are
// opaque, non-negative and stable for the lifetime of the value; every
// decision after resolution is made on ids, never by looking a name up
// again. Implementations must be safe for concurrent use.
type Geodata interface {
	// Lookup finds the most populous municipality of a name, case- and
	// umlaut-insensitively; a short name ("Frankfurt", "Halle") finds the
	// most populous municipality it abbreviates.
	Lookup(name string) (id int, ok bool)
	// Resolve returns every municipality of that name (the ambiguous
	// case: one name in several states), most populous first.
	Resolve(name string) []int
	// ByPostcode finds the most populous municipality owning a postcode.
	ByPostcode(code string) (id int, ok bool)
	// PostcodeOwners returns every municipality owning a postcode.
	PostcodeOwners(code string) []int
	// Place returns the facts of municipality id.
	Place(id int) Place
	// Candidates returns the municipalities of state (full name; "" for
	// every state) whose size class lies in [lo, hi], in a stable order.
	Candidates(state string, lo, hi int) []int
	// Streets returns the street names of municipality id (may be empty).
	Streets(id int) []string
	// Postcodes returns the postcodes of municipality id.
	Postcodes(id int) []string
	// AreaCode returns the telephone area code of municipality id without
	// the trunk 0 ("341"), "" when unknown.
	AreaCode(id int) string
	// States returns the full names of the states (Länder).
	States() []string
}

// Original returns the span text.
func (c *Context) Original() string { return c.Doc.SpanText(c.Span) }

// Before returns up to n bytes of text before the span (at a rune start).
func (c *Context) Before(n int) string {
	s := c.Doc.Spans[c.Span]
	b := s.Begin - n
	if b < 0 {
		b = 0
	}
	for b < s.Begin && !startsRune(c.Doc.Text[b]) {
		b++
	}
	return c.Doc.Text[b:s.Begin]
}

// After returns up to n bytes of text after the span.
func (c *Context) After(n int) string {
	s := c.Doc.Spans[c.Span]
	e := s.End + n
	if e > len(c.Doc.Text) {
		e = len(c.Doc.Text)
	}
	for e > s.End && e < len(c.Doc.Text) && !startsRune(c.Doc.Text[e]) {
		e--
	}
	return c.Doc.Text[s.End:e]
}

func startsRune(b byte) bool { return b&0xC0 != 0x80 }

// Generator produces the surrogate of one span. It must never return the
// original and must draw all randomness from ctx.Scope / ctx.DocScope.
type Generator func(original string, ctx *Context) (string, error)

// Generators is the table of fictive generators of one run, by kind.
// The engine builds it from its options (names.Install, location.Install,
// contact.Install); there is no process-wide registry.
type Generators map[kinds.Kind]Generator

// Add installs g as the generator of the given kinds, replacing earlier
// ones.
func (t Generators) Add(g Generator, ks ...kinds.Kind) {
	for _, k := range ks {
		t[k] = g
	}
}

// Lookup returns the generator of k.
func (t Generators) Lookup(k kinds.Kind) (Generator, error) {
	g, ok := t[k]
	if !ok {
		return nil, fmt.Errorf("fictive: no generator for %s", k)
	}
	return g, nil
}
