package location

import (
	"fmt"
	"math/rand"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/surrogator/surrogator/surrogator/fictive"
)

// generateZip replaces a LOCATION_ZIP span: the postcode digits become a
// postcode of the surrogate municipality of the ZIP's own place (a tree
// node, followed by id); prefixes ("D-", "A-") and other characters are
// kept. A four-digit (Austrian, Swiss, Liechtenstein) code gets four
// random digits: those postal systems are outside the gazetteer.
func generateZip(original string, ctx *fictive.Context) (string, error) {
	b, e := digitRun(original)
	if b < 0 {
		if v, ok := groupedZip(original, ctx); ok {
			return v, nil
		}
		return "", fmt.Errorf("location: ZIP span without a 4- or 5-digit postcode")
	}
	code := original[b:e]
	g := gazetteerOf(ctx)
	p := treeOf(ctx).placeAt(ctx.Span)
	var v string
	if len(code) == 4 {
		v = ctx.Scope.Memo(fictive.NSZip, code, func(r *rand.Rand) string {
			return strconv.Itoa(1000 + r.Intn(9000))
		})
	} else {
		v = pickZip(ctx, g, p, code)
	}
	return original[:b] + v + original[e:], nil
}

// pickZip returns the surrogate of the five-digit postcode code of place p
// (memoised in fictive.NSZip under zipKey): a free postcode of p's
// surrogate municipality (zipTiers; distinct originals get distinct
// codes). Only when every postcode of the surrogate is taken already by
// other postcodes of the same original place (the state has fewer than 20
// candidates with as many postcodes as the letter writes, see
// candidateTiers) does the code share one of them, rather than take a
// code of another municipality or an invented one (SPEC §6: the ZIP is
// one of the municipality's postcodes): originals of one place then
// merge, which reveals nothing and contradicts nothing.
func pickZip(ctx *fictive.Context, g Gazetteer, p *place, code string) string {
	key := zipKey(code, p)
	if v, ok := ctx.Scope.Peek(fictive.NSZip, key); ok {
		return v
	}
	if v, ok := sharedOwnCode(ctx, g, p, code); ok {
		ctx.Scope.Set(fictive.NSZip, key, v)
		return v
	}
	return memoPick(ctx.Scope, fictive.NSZip, key, func() [][]string { return zipTiers(ctx, g, p, code) })
}

// sharedOwnCode returns a postcode of p's surrogate already given to
// another original postcode of p, when the surrogate has no free one.
func sharedOwnCode(ctx *fictive.Context, g Gazetteer, p *place, code string) (string, bool) {
	if p == nil {
		return "", false
	}
	sid, _, ok := surrogatePlace(ctx, g, p)
	if !ok {
		return "", false
	}
	own := withoutCode(g.Postcodes(sid), code)
	if len(own) == 0 {
		return "", false
	}
	avoided := func(c string) bool { return ctx.Scope.Avoid != nil && ctx.Scope.Avoid(c) }
	taken := takenValues(ctx.Scope, fictive.NSZip)
	for _, c := range own {
		if !taken[c] && !avoided(c) {
			return "", false // a free one: the ordinary draw takes it
		}
	}
	var origCodes []string
	if p.resolved {
		origCodes = g.Postcodes(p.id)
	}
	var shared []string
	for k, v := range ctx.Scope.Entries(fictive.NSZip) {
		oc, _, _ := strings.Cut(k, "|")
		if oc == code || zipKey(oc, p) != k || !(slices.Contains(p.zips, oc) || slices.Contains(origCodes, oc)) {
			continue // not a postcode of this place
		}
		if slices.Contains(own, v) && !avoided(v) && !slices.Contains(shared, v) {
			shared = append(shared, v)
		}
	}
	if len(shared) == 0 {
		return "", false
	}
	slices.Sort(shared)
	return shared[ctx.Scope.Rand("location.zipshare", zipKey(code, p)).Intn(len(shared))], true
}

// zipKey is the consistency key of a postcode: the code, and the place's
// key when the code has a place (one postcode of two namesakes' documents
// in corpus scope must follow each one's own surrogate).
func zipKey(code string, p *place) string {
	if p == nil || !strings.Contains(p.key, "|") {
		return code
	}
	return code + "|" + p.key
}

// zipTiers returns the candidate postcodes for a ZIP of place p: only
// real postcodes, never invented ones. First the postcodes of p's
// surrogate municipality; when the gazetteer knows none for it (a pack
// municipality without postal data) or they are used up, those of the
// surrogate's state, then any. Without a place, those of any municipality.
func zipTiers(ctx *fictive.Context, g Gazetteer, p *place, orig string) [][]string {
	state := ""
	var own []string
	if p != nil {
		sid, _, ok := surrogatePlace(ctx, g, p)
		if ok {
			own = withoutCode(g.Postcodes(sid), orig)
			state = g.Place(sid).State
		}
	}
	taken := takenValues(ctx.Scope, fictive.NSZip)
	for _, c := range own {
		if !taken[c] && (ctx.Scope.Avoid == nil || !ctx.Scope.Avoid(c)) {
			return [][]string{own} // the wider tiers are not needed
		}
	}
	var inState, all []string
	for _, id := range g.Candidates("", minClass, maxClass) {
		pcs := g.Postcodes(id)
		all = append(all, pcs...)
		if state != "" && g.Place(id).State == state {
			inState = append(inState, pcs...)
		}
	}
	if len(own) > 0 {
		// nearest codes first: the neighbouring postal areas
		ref, _ := strconv.Atoi(own[0])
		dist := func(c string) int {
			n, _ := strconv.Atoi(c)
			if n > ref {
				return n - ref
			}
			return ref - n
		}
		sort.SliceStable(inState, func(i, j int) bool { return dist(inState[i]) < dist(inState[j]) })
		return [][]string{own, inState[:min(len(inState), 5)], inState, withoutCode(all, orig), lastResort(g, orig)}
	}
	// The state's and then any postcodes only serve when the surrogate's
	// own are used up by other originals (Memo never lets two share one).
	return [][]string{own, withoutCode(inState, orig), withoutCode(all, orig), lastResort(g, orig)}
}

func withoutCode(codes []string, orig string) []string {
	out := make([]string, 0, len(codes))
	for _, c := range codes {
		if c != orig {
			out = append(out, c)
		}
	}
	return out
}

// lastResort returns well-formed codes of the original's postal zone
// (first digit) that the gazetteer assigns to no municipality: only a
// tiny custom gazetteer whose every real postcode is used up reaches it,
// so that a ZIP surrogate is still five digits and unique.
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

// groupedPostcode matches a foreign postcode written in two groups, with a
// country prefix or not: "326 00" (Czechia, Slovakia), "00-950" (Poland),
// "CZ-326 00", "1234 AB" (the Netherlands), "SW1A 1AA" (the United
// Kingdom).
var groupedPostcode = regexp.MustCompile(`^((?:[A-Z]{1,3}-)?)([0-9A-Z]{2,4}[- ][0-9A-Z]{2,3})$`)

// groupedZip replaces a foreign postcode written in groups (no run of 4 or
// 5 digits): outside the gazetteer, like a four-digit code, so each digit
// becomes a random digit and each letter a random capital letter, the
// country prefix and the separator kept (memoised per postcode). A span
// with fewer than two digits or five characters is no postcode
// (false).
func groupedZip(original string, ctx *fictive.Context) (string, bool) {
	s := strings.TrimSpace(original)
	m := groupedPostcode.FindStringSubmatch(s)
	if m == nil {
		return "", false
	}
	digits, alnum := 0, 0
	for _, c := range m[2] {
		if c >= '0' && c <= '9' {
			digits++
		}
		if c != ' ' && c != '-' {
			alnum++
		}
	}
	if digits < 2 || alnum < 5 {
		return "", false
	}
	lead := original[:strings.Index(original, s)]
	tail := original[len(lead)+len(s):]
	v := ctx.Scope.Memo(fictive.NSZip, "grouped:"+m[2], func(r *rand.Rand) string {
		var b strings.Builder
		for _, c := range m[2] {
			switch {
			case c >= '0' && c <= '9':
				b.WriteByte(byte('0' + r.Intn(10)))
			case c >= 'A' && c <= 'Z':
				b.WriteByte(byte('A' + r.Intn(26)))
			default:
				b.WriteRune(c)
			}
		}
		return b.String()
	})
	return lead + m[1] + v + tail, true
}
