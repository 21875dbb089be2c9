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
		v = memoPick(ctx.Scope, fictive.NSZip, code, func() [][]string { return zipTiers(ctx, g, p) })
	}
	return original[:b] + v + original[e:], nil
}

// zipTiers returns the candidate postcodes for a ZIP of place p: the
// postcodes of p's surrogate municipality, then unassigned codes of the
// same postal areas (first three digits). Without a place, the postcodes
// of a random municipality.
func zipTiers(ctx *fictive.Context, g Gazetteer, p *place) [][]string {
	var own []string
	var sid int
	ok := false
	if p != nil {
		sid, _, ok = surrogatePlace(ctx, g, p)
	}
	if ok {
		own = g.Postcodes(sid)
	} else {
		for _, id := range g.Candidates("", minClass, maxClass) {
			own = append(own, g.Postcodes(id)...)
		}
	}
	if !ok || len(own) == 0 {
		return [][]string{own}
	}
	inOwn := map[string]bool{}
	for _, c := range own {
		inOwn[c] = true
	}
	var area []string
	seen := map[string]bool{}
	for _, c := range own {
		if len(c) != 5 || seen[c[:3]] {
			continue
		}
		seen[c[:3]] = true
		for n := 0; n < 100; n++ {
			cand := fmt.Sprintf("%s%02d", c[:3], n)
			if inOwn[cand] {
				continue
			}
			if oid, taken := g.ByPostcode(cand); taken && (!ok || oid != sid) {
				continue // another municipality's code
			}
			area = append(area, cand)
		}
	}
	return [][]string{own, area}
}
