package location

import (
	"fmt"
	"math/rand"
	"strconv"

	"github.com/surrogator/surrogator/surrogator/fictive"
)

// generateZip replaces a LOCATION_ZIP span: the postcode digits become a
// postcode of the surrogate municipality of the ZIP's own municipality;
// prefixes ("D-", "A-") and other characters are kept.
func generateZip(original string, ctx *fictive.Context) (string, error) {
	b, e := digitRun(original)
	if b < 0 {
		return "", fmt.Errorf("location: ZIP span without a 4- or 5-digit postcode")
	}
	code := original[b:e]
	g := gazetteerOf(ctx)
	var p *place
	if ctx.Doc != nil {
		p = treeOf(ctx).of[ctx.Span]
	}
	var v string
	if len(code) == 4 {
		// Austrian, Swiss, Liechtenstein codes: outside the gazetteer.
		v = ctx.Scope.Memo(fictive.NSZip, code, func(r *rand.Rand) string {
			return strconv.Itoa(1000 + r.Intn(9000))
		})
	} else {
		v = memoPick(ctx.Scope, fictive.NSZip, code, func() [][]string { return zipTiers(ctx, g, p, code) })
	}
	return original[:b] + v + original[e:], nil
}

// zipTiers returns the candidate postcodes for a ZIP of place p: the
// postcodes of p's surrogate municipality, then unassigned codes of the
// same postal areas (first three digits); when the gazetteer has no
// postcode for it, unassigned codes of the postal areas of its state, then
// of any municipality. Without a place, the postcodes of any municipality
// first. orig is the original code (its first digits seed the last
// resort).
func zipTiers(ctx *fictive.Context, g Gazetteer, p *place, orig string) [][]string {
	var own []string
	var sid int
	ok := false
	if p != nil {
		sid, _, ok = surrogatePlace(ctx, g, p)
	}
	allCodes := func() []string {
		var all []string
		for _, id := range g.Candidates("", minClass, maxClass) {
			all = append(all, g.Postcodes(id)...)
		}
		return all
	}
	if !ok {
		all := allCodes()
		return [][]string{all, areaCodes(g, all, -1), lastResort(g, orig)}
	}
	own = g.Postcodes(sid)
	tiers := [][]string{own, areaCodes(g, own, sid)}
	if len(own) == 0 {
		var state []string
		for _, id := range g.Candidates(g.Place(sid).State, minClass, maxClass) {
			state = append(state, g.Postcodes(id)...)
		}
		tiers = append(tiers, areaCodes(g, state, sid), areaCodes(g, allCodes(), sid))
	}
	return append(tiers, lastResort(g, orig))
}

// areaCodes returns the codes of the postal areas (first three digits) of
// codes that belong to no municipality other than owner (-1: to none).
func areaCodes(g Gazetteer, codes []string, owner int) []string {
	in := map[string]bool{}
	for _, c := range codes {
		in[c] = true
	}
	var out []string
	seen := map[string]bool{}
	for _, c := range codes {
		if len(c) != 5 || seen[c[:3]] {
			continue
		}
		seen[c[:3]] = true
		for n := 0; n < 100; n++ {
			cand := fmt.Sprintf("%s%02d", c[:3], n)
			if in[cand] {
				continue
			}
			if oid, taken := g.ByPostcode(cand); taken && oid != owner {
				continue // another municipality's code
			}
			out = append(out, cand)
		}
	}
	return out
}

// lastResort returns well-formed codes of the original's postal zone
// (first digit) that the gazetteer assigns to no municipality, so that a
// ZIP surrogate is always five digits even with an empty gazetteer.
func lastResort(g Gazetteer, orig string) []string {
	zone := "0"
	if len(orig) == 5 {
		zone = orig[:1]
	}
	var out []string
	for n := 1001; n < 10000; n += 97 {
		c := fmt.Sprintf("%s%04d", zone, n)
		if _, taken := g.ByPostcode(c); !taken && c != orig {
			out = append(out, c)
		}
	}
	return out
}
