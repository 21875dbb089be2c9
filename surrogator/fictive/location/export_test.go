package location

import (
	"strings"

	"github.com/surrogator/surrogator/surrogator/fictive"
	fac "github.com/surrogator/surrogator/surrogator/fictive/facility"
)

// Hooks for the external tests (package location_test), which run the
// contact generators with these (contact imports location).

// SpanPlace returns the municipality span i of ctx's document belongs to
// in the document's location tree and the id of its surrogate (ok false
// when the span has no resolved German place or it was not decided).
func SpanPlace(ctx *fictive.Context, i int) (orig, sur int, ok bool) {
	p := treeOf(ctx).placeAt(i)
	if p == nil || !p.resolved || p.foreign != "" {
		return -1, -1, false
	}
	if p.resolved && isCityStateMain(gazetteerOf(ctx), p.id) && !ctx.ReplaceState {
		return p.id, p.id, true // kept by the state policy
	}
	s := memoID(ctx, p.key)
	return p.id, s, s >= 0
}

// DocNames reports whether the document writes municipality id (a CITY
// or ZIP span, or a phone or fax with its area code).
func DocNames(ctx *fictive.Context, id int) bool {
	t := treeOf(ctx)
	g := gazetteerOf(ctx)
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.named[id] || g.AreaCode(id) != "" && t.areas[g.AreaCode(id)]
}

// OriginalSeat returns the seat of the institution a facility span's
// original names (a register entry's seat, or the town in the name of a
// unique type), -1 when none; text is the span's text, article the
// article before it.
func OriginalSeat(ctx *fictive.Context, text, article string) int {
	g, res := gazetteerOf(ctx), resOf(ctx)
	reg := registerOf(res)
	nom := fac.Nominative(strings.TrimSpace(text), article)
	f := analyse(g, res, ctx.Kind, nom)
	m, ok := reg.match(g, nom, fac.Classify(nom), f)
	if !ok || m.prefix != "" {
		return -1
	}
	switch {
	case m.entry >= 0:
		return seatIDOf(g, reg.entries[m.entry])
	case len(f.cities) > 0:
		return f.cities[0].id
	}
	return -1
}

// SurrogateSeat returns the seat of the register institution a facility
// surrogate names (-1 none).
func SurrogateSeat(ctx *fictive.Context, text, article string) int {
	g, res := gazetteerOf(ctx), resOf(ctx)
	reg := registerOf(res)
	if e := institutionOf(reg, fac.Nominative(strings.TrimSpace(text), article)); e >= 0 {
		return seatIDOf(g, reg.entries[e])
	}
	return -1
}

// CityID resolves a CITY span's text ("04103 Leipzig", "Leipzigs",
// "Dresdner") in ctx's gazetteer, preferring the namesake in state.
func CityID(ctx *fictive.Context, text, state string) (int, bool) {
	g := gazetteerOf(ctx)
	if _, rest, ok := splitZipCity(text); ok {
		text = rest
	}
	r := resolveCity(g, strings.TrimSpace(text))
	if !r.ok {
		return -1, false
	}
	for _, id := range resolveIDs(g, r.base) {
		if g.Place(id).State == state {
			return id, true
		}
	}
	return r.id, true
}

// Geo returns ctx's gazetteer.
func Geo(ctx *fictive.Context) fictive.Geodata { return gazetteerOf(ctx) }

// IsCityState reports a city-state used as a city (Berlin, Hamburg,
// Bremen).
func IsCityState(g fictive.Geodata, id int) bool { return isCityStateMain(g, id) }

// GermanAreaCode extracts the area code of a German phone number.
func GermanAreaCode(s string) string { return germanAreaCode(s) }

// SeatAlternatives returns the spellings of every register institution of
// the class of a facility span's original seated at municipality y (the
// original itself left out): what could have stood in y.
func SeatAlternatives(ctx *fictive.Context, text, article string, y int) [][]string {
	g, res := gazetteerOf(ctx), resOf(ctx)
	reg := registerOf(res)
	nom := fac.Nominative(strings.TrimSpace(text), article)
	m, ok := reg.match(g, nom, fac.Classify(nom), analyse(g, res, ctx.Kind, nom))
	if !ok {
		return nil
	}
	var out [][]string
	for _, i := range reg.byClass[m.class] {
		if i != m.entry && seatIDOf(g, reg.entries[i]) == y {
			out = append(out, reg.entries[i].forms)
		}
	}
	return out
}

// AvoidWindows reports whether avoid reports a run of whole words of v.
func AvoidWindows(avoid func(string) bool, v string) bool { return avoidWindows(avoid, v) }

// NameTowns returns the municipalities named inside a facility name
// (the analysis the generator makes).
//
// baseOnly keeps only names written in their base form (a surrogate's
// "Hauskrankenpflege Straubinger" names no town).
func NameTowns(ctx *fictive.Context, text string, baseOnly bool) []int {
	g, res := gazetteerOf(ctx), resOf(ctx)
	var out []int
	for _, c := range treeOf(ctx).localCities(g, analyse(g, res, ctx.Kind, strings.TrimSpace(text)).cities) {
		if !baseOnly || c.form.kind == formBase {
			out = append(out, c.id)
		}
	}
	return out
}

// TreeSurrogate returns the surrogate id of the document's place with
// municipality id (-1 when the tree has none or it is undecided; the id
// itself for a kept city-state).
func TreeSurrogate(ctx *fictive.Context, id int) int {
	t := treeOf(ctx)
	t.mu.Lock()
	p := t.byID[id]
	t.mu.Unlock()
	if p == nil {
		return -1
	}
	if isCityStateMain(gazetteerOf(ctx), id) && !ctx.ReplaceState {
		return id
	}
	return memoID(ctx, p.key)
}

// DistrictOf returns the district (Landkreis) of municipality id as an
// office names it ("Landkreis Meißen" → "Meißen"), "" for a kreisfreie
// Stadt.
func DistrictOf(g fictive.Geodata, id int) string {
	d, kreisfrei := districtName(g, id)
	if kreisfrei {
		return ""
	}
	return kreisName(d)
}
