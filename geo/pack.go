package geo

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/tidwall/rtree"
	"golang.org/x/text/unicode/norm"
)

// Pack is an opened geodata pack. It is immutable and safe for concurrent
// use; Close releases the mapping (no method may be called afterwards).
type Pack struct {
	r       *raw
	release func() error
	size    int64

	areas      []Area
	names      map[string][]AreaID
	muniTree   rtree.RTreeG[AreaID]
	areaTree   rtree.RTreeG[AreaID]
	munis      []AreaID
	byState    map[AreaID]*[NumSizeClasses][]AreaID
	allBySize  [NumSizeClasses][]AreaID
	byPostcode map[string][]AreaID
}

// Open maps the pack at path and validates it completely (header, every
// section checksum and every index).
func Open(path string) (*Pack, error) {
	data, release, err := readFile(path)
	if err != nil {
		return nil, fmt.Errorf("geo: open %s: %w", filepath.Base(path), err)
	}
	p, err := load(data)
	if err != nil {
		release()
		return nil, fmt.Errorf("geo: open %s: %w", filepath.Base(path), err)
	}
	p.release = release
	return p, nil
}

// Parse validates an in-memory pack (which must stay unmodified while the
// Pack is used).
func Parse(data []byte) (*Pack, error) {
	p, err := load(data)
	if err != nil {
		return nil, err
	}
	p.release = func() error { return nil }
	return p, nil
}

// Close releases the pack's memory mapping.
func (p *Pack) Close() error {
	if p.release == nil {
		return nil
	}
	err := p.release()
	p.release = nil
	if err != nil {
		return fmt.Errorf("geo: close: %w", err)
	}
	return nil
}

func load(data []byte) (*Pack, error) {
	r, err := parse(data)
	if err != nil {
		return nil, err
	}
	p := &Pack{r: r, size: int64(len(data)), names: map[string][]AreaID{},
		byState: map[AreaID]*[NumSizeClasses][]AreaID{}, byPostcode: map[string][]AreaID{}}
	p.areas = make([]Area, r.nAreas)
	for i := range p.areas {
		rec := r.areas[i*areaRecordSize:]
		a := Area{
			ID:         AreaID(i),
			Name:       r.str(le.Uint32(rec[arName:])),
			NameDe:     r.str(le.Uint32(rec[arNameDe:])),
			Key:        r.str(le.Uint32(rec[arKey:])),
			Level:      int(rec[arLevel]),
			Flags:      AreaFlags(rec[arFlags]),
			Population: int64(le.Uint32(rec[arPopulation:])),
			Parent:     NoArea,
			Rings:      int(le.Uint32(rec[arRingCount:])),
		}
		if par := le.Uint32(rec[arParent:]); par != noIndex {
			a.Parent = AreaID(par)
		}
		v := func(o int) int32 { return int32(le.Uint32(rec[o:])) }
		a.BBox = BBox{Point{v(arBBox), v(arBBox + 4)}, Point{v(arBBox + 8), v(arBBox + 12)}}
		a.Label = Point{v(arLabel), v(arLabel + 4)}
		p.areas[i] = a
		for _, n := range []string{a.Name, a.NameDe} {
			if k := Fold(n); k != "" && (len(p.names[k]) == 0 || p.names[k][len(p.names[k])-1] != a.ID) {
				p.names[k] = append(p.names[k], a.ID)
			}
		}
		if a.Rings > 0 && !a.BBox.Empty() {
			mn, mx := rect(a.BBox)
			p.areaTree.Insert(mn, mx, a.ID)
			if a.IsMunicipality() {
				p.muniTree.Insert(mn, mx, a.ID)
			}
		}
	}
	for i := range p.areas {
		a := &p.areas[i]
		if !a.IsMunicipality() {
			continue
		}
		p.munis = append(p.munis, a.ID)
		c := SizeClassOf(a.Population)
		p.allBySize[c] = append(p.allBySize[c], a.ID)
		st := p.stateOf(a.ID)
		if st != NoArea {
			m := p.byState[st]
			if m == nil {
				m = new([NumSizeClasses][]AreaID)
				p.byState[st] = m
			}
			m[c] = append(m[c], a.ID)
		}
	}
	// Postcodes of an area belong to its municipality (the area itself or
	// its nearest municipal ancestor).
	for i := range p.areas {
		m, ok := p.Municipality(AreaID(i))
		if !ok {
			continue
		}
		for _, pc := range p.Postcodes(AreaID(i)) {
			l := p.byPostcode[pc]
			if !containsID(l, m.ID) {
				p.byPostcode[pc] = append(l, m.ID)
			}
		}
	}
	for _, l := range p.byPostcode {
		sort.Slice(l, func(i, j int) bool {
			a, b := p.areas[l[i]], p.areas[l[j]]
			if a.Population != b.Population {
				return a.Population > b.Population
			}
			return a.ID < b.ID
		})
	}
	return p, nil
}

// distinct counts the distinct string indices of a list section.
func distinct(l []byte) int {
	seen := map[uint32]bool{}
	for i := 0; i+4 <= len(l); i += 4 {
		seen[le.Uint32(l[i:])] = true
	}
	return len(seen)
}

func containsID(l []AreaID, id AreaID) bool {
	for _, x := range l {
		if x == id {
			return true
		}
	}
	return false
}

func rect(b BBox) (mn, mx [2]float64) {
	return [2]float64{float64(b.Min.Lon), float64(b.Min.Lat)}, [2]float64{float64(b.Max.Lon), float64(b.Max.Lat)}
}

func (p *Pack) stateOf(id AreaID) AreaID {
	for cur := id; cur != NoArea; cur = p.areas[cur].Parent {
		if p.areas[cur].Level == 4 {
			return cur
		}
	}
	return NoArea
}

// Info summarises a pack.
type Info struct {
	Version        string
	Attribution    string
	Size           int64
	Meta           [][2]string
	Areas          int
	ByLevel        map[int]int
	Municipalities int
	Postcodes      int // distinct postcodes
	StreetEntries  int // street names summed over areas
	Pools          [NumPools]int
	Embeddings     EmbeddingInfo
	// Parsed from the well-known meta keys (zero when absent).
	Source      string
	InputSHA256 string
	InputSize   int64
	Built       time.Time
	BuiltFrom   string
	Generator   string
}

// EmbeddingInfo describes the embeddings section; Dims 0 means empty.
type EmbeddingInfo struct {
	Version uint32
	Dims    int
	Type    EmbeddingType
	// Embedder and EmbedderVersion come from the embedder section (empty
	// when the pack has none).
	Embedder, EmbedderVersion string
}

// Info returns a summary of the pack.
func (p *Pack) Info() Info {
	in := Info{
		Version:        fmt.Sprintf("%d.%d", p.r.major, p.r.minor),
		Attribution:    p.r.attribution,
		Size:           p.size,
		Areas:          len(p.areas),
		ByLevel:        map[int]int{},
		Municipalities: len(p.munis),
		Postcodes:      distinct(p.r.postcodes),
		StreetEntries:  len(p.r.streets) / 4,
		Embeddings:     p.EmbeddingInfo(),
	}
	for i := 4; i+8 <= len(p.r.meta); i += 8 {
		k, v := p.r.str(le.Uint32(p.r.meta[i:])), p.r.str(le.Uint32(p.r.meta[i+4:]))
		in.Meta = append(in.Meta, [2]string{k, v})
		switch k {
		case MetaSource:
			in.Source = v
		case MetaInputSHA256:
			in.InputSHA256 = v
		case MetaInputSize:
			in.InputSize, _ = strconv.ParseInt(v, 10, 64)
		case MetaBuilt:
			in.Built, _ = time.Parse(time.RFC3339, v)
		case MetaBuiltFrom:
			in.BuiltFrom = v
		case MetaGenerator:
			in.Generator = v
		}
	}
	for _, a := range p.areas {
		in.ByLevel[a.Level]++
	}
	for k := range in.Pools {
		in.Pools[k] = len(p.r.pools[k]) / poolRecordSize
	}
	return in
}

// NumAreas returns the number of areas; ids are 0..NumAreas()-1.
func (p *Pack) NumAreas() int { return len(p.areas) }

// Area returns the area id (ok false when id is out of range).
func (p *Pack) Area(id AreaID) (Area, bool) {
	if id < 0 || int(id) >= len(p.areas) {
		return Area{}, false
	}
	return p.areas[id], true
}

// Ancestors returns the parents of id, nearest first.
func (p *Pack) Ancestors(id AreaID) []Area {
	if _, ok := p.Area(id); !ok {
		return nil
	}
	var out []Area
	for cur := p.areas[id].Parent; cur != NoArea; cur = p.areas[cur].Parent {
		out = append(out, p.areas[cur])
	}
	return out
}

// Contains reports whether outer is a (transitive) parent of inner.
func (p *Pack) Contains(outer, inner AreaID) bool {
	if _, ok := p.Area(inner); !ok {
		return false
	}
	for cur := p.areas[inner].Parent; cur != NoArea; cur = p.areas[cur].Parent {
		if cur == outer {
			return true
		}
	}
	return false
}

// Municipality returns id itself when it is a municipality, else its
// nearest municipal ancestor.
func (p *Pack) Municipality(id AreaID) (Area, bool) {
	if _, ok := p.Area(id); !ok {
		return Area{}, false
	}
	for cur := id; cur != NoArea; cur = p.areas[cur].Parent {
		if p.areas[cur].IsMunicipality() {
			return p.areas[cur], true
		}
	}
	return Area{}, false
}

// State returns the admin_level 4 area containing id (or id itself).
func (p *Pack) State(id AreaID) (Area, bool) {
	if _, ok := p.Area(id); !ok {
		return Area{}, false
	}
	if s := p.stateOf(id); s != NoArea {
		return p.areas[s], true
	}
	return Area{}, false
}

// ringsContain applies the even-odd rule over the rings of area id.
func (p *Pack) ringsContain(id AreaID, pt Point) bool {
	rec := p.r.areas[int(id)*areaRecordSize:]
	st, n := le.Uint32(rec[arRingStart:]), le.Uint32(rec[arRingCount:])
	in := false
	for i := st; i < st+n; i++ {
		rr := p.r.rings[i*ringRecordSize:]
		ps, pn := le.Uint32(rr), le.Uint32(rr[4:])
		if pointInRing(p.r.points[ps:ps+pn], pt) {
			in = !in
		}
	}
	return in
}

// RingPoints returns the rings of area id (views into the pack; do not
// modify).
func (p *Pack) RingPoints(id AreaID) []Ring {
	if _, ok := p.Area(id); !ok {
		return nil
	}
	rec := p.r.areas[int(id)*areaRecordSize:]
	st, n := le.Uint32(rec[arRingStart:]), le.Uint32(rec[arRingCount:])
	out := make([]Ring, 0, n)
	for i := st; i < st+n; i++ {
		rr := p.r.rings[i*ringRecordSize:]
		ps, pn := le.Uint32(rr), le.Uint32(rr[4:])
		out = append(out, Ring{Inner: le.Uint32(rr[8:])&ringInner != 0, Points: p.r.points[ps : ps+pn : ps+pn]})
	}
	return out
}

// MunicipalityAt returns the municipality whose polygon contains the
// point (degrees); where polygons overlap the smallest one wins.
func (p *Pack) MunicipalityAt(lat, lon float64) (Area, bool) {
	pt := PointDeg(lat, lon)
	best, bestSize := NoArea, int64(-1)
	q := [2]float64{float64(pt.Lon), float64(pt.Lat)}
	p.muniTree.Search(q, q, func(_, _ [2]float64, id AreaID) bool {
		if p.ringsContain(id, pt) {
			b := p.areas[id].BBox
			sz := (int64(b.Max.Lat) - int64(b.Min.Lat)) * (int64(b.Max.Lon) - int64(b.Min.Lon))
			if best == NoArea || sz < bestSize || sz == bestSize && id < best {
				best, bestSize = id, sz
			}
		}
		return true
	})
	if best == NoArea {
		return Area{}, false
	}
	return p.areas[best], true
}

// AreasAt returns every area whose polygon contains the point, ordered
// by admin level (outermost first).
func (p *Pack) AreasAt(lat, lon float64) []Area {
	pt := PointDeg(lat, lon)
	q := [2]float64{float64(pt.Lon), float64(pt.Lat)}
	var out []Area
	p.areaTree.Search(q, q, func(_, _ [2]float64, id AreaID) bool {
		if p.ringsContain(id, pt) {
			out = append(out, p.areas[id])
		}
		return true
	})
	sort.Slice(out, func(i, j int) bool {
		if out[i].Level != out[j].Level {
			return out[i].Level < out[j].Level
		}
		return out[i].ID < out[j].ID
	})
	return out
}

// SampleMunicipality draws a municipality of the state (an admin_level 4
// area; NoArea for the whole pack) in the size class, falling back to the
// nearest non-empty class. ok is false when the state has none.
func (p *Pack) SampleMunicipality(state AreaID, class SizeClass, rng *rand.Rand) (Area, bool) {
	var classes *[NumSizeClasses][]AreaID
	if state == NoArea {
		classes = &p.allBySize
	} else if classes = p.byState[state]; classes == nil {
		return Area{}, false
	}
	class = min(max(class, 0), NumSizeClasses-1)
	for d := SizeClass(0); d < NumSizeClasses; d++ {
		for _, c := range []SizeClass{class - d, class + d} {
			if c < 0 || c >= NumSizeClasses {
				continue
			}
			if l := classes[c]; len(l) > 0 {
				return p.areas[l[rng.IntN(len(l))]], true
			}
		}
	}
	return Area{}, false
}

func (p *Pack) list(id AreaID, sec []byte, off int) []string {
	if _, ok := p.Area(id); !ok {
		return nil
	}
	rec := p.r.areas[int(id)*areaRecordSize:]
	st, n := le.Uint32(rec[off:]), le.Uint32(rec[off+4:])
	if n == 0 {
		return nil
	}
	out := make([]string, n)
	for i := range out {
		out[i] = p.r.str(le.Uint32(sec[4*(int(st)+i):]))
	}
	return out
}

// Streets returns the named streets of an area (sorted).
func (p *Pack) Streets(id AreaID) []string { return p.list(id, p.r.streets, arStStart) }

// Postcodes returns the postcodes of an area (sorted).
func (p *Pack) Postcodes(id AreaID) []string { return p.list(id, p.r.postcodes, arPCStart) }

// MunicipalitiesForPostcode returns the municipalities having the
// postcode, most populous first.
func (p *Pack) MunicipalitiesForPostcode(code string) []Area {
	var out []Area
	for _, id := range p.byPostcode[strings.TrimSpace(code)] {
		out = append(out, p.areas[id])
	}
	return out
}

// MunicipalityForPostcode returns the most populous municipality having
// the postcode.
func (p *Pack) MunicipalityForPostcode(code string) (Area, bool) {
	l := p.byPostcode[strings.TrimSpace(code)]
	if len(l) == 0 {
		return Area{}, false
	}
	return p.areas[l[0]], true
}

// ResolveHint narrows Resolve: Parent names an enclosing area, Postcode
// a postcode of the place (or of a municipality inside it).
type ResolveHint struct{ Parent, Postcode string }

// Resolve finds areas named name (name or name:de, compared after Fold).
// Hints that match at least one candidate filter the result; results are
// ordered municipalities first, then by population (descending), then id.
func (p *Pack) Resolve(name string, hint ResolveHint) []Area {
	ids := p.names[Fold(name)]
	if len(ids) == 0 {
		return nil
	}
	cand := append([]AreaID(nil), ids...)
	if h := Fold(hint.Parent); h != "" {
		parents := p.names[h]
		cand = filter(cand, func(id AreaID) bool {
			for _, par := range parents {
				if p.Contains(par, id) {
					return true
				}
			}
			return false
		})
	}
	if pc := strings.TrimSpace(hint.Postcode); pc != "" {
		munis := p.byPostcode[pc]
		cand = filter(cand, func(id AreaID) bool {
			for _, m := range munis {
				if m == id || p.Contains(id, m) || p.Contains(m, id) {
					return true
				}
			}
			return false
		})
	}
	out := make([]Area, len(cand))
	for i, id := range cand {
		out[i] = p.areas[id]
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.IsMunicipality() != b.IsMunicipality() {
			return a.IsMunicipality()
		}
		if a.Population != b.Population {
			return a.Population > b.Population
		}
		return a.ID < b.ID
	})
	return out
}

// filter keeps the ids satisfying keep, or all of them when none does.
func filter(ids []AreaID, keep func(AreaID) bool) []AreaID {
	var out []AreaID
	for _, id := range ids {
		if keep(id) {
			out = append(out, id)
		}
	}
	if len(out) == 0 {
		return ids
	}
	return out
}

// Fold normalises a place name for comparison: lower case, umlauts and ß
// expanded (ä→ae, ß→ss), other diacritics removed, punctuation and
// whitespace runs collapsed to one space.
func Fold(s string) string {
	var b strings.Builder
	pending := false
	for _, r := range norm.NFC.String(s) {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			pending = true
			continue
		}
		if pending && b.Len() > 0 {
			b.WriteByte(' ')
		}
		pending = false
		switch r = unicode.ToLower(r); r {
		case 'ä':
			b.WriteString("ae")
		case 'ö':
			b.WriteString("oe")
		case 'ü':
			b.WriteString("ue")
		case 'ß':
			b.WriteString("ss")
		default:
			if r < 0x80 {
				b.WriteRune(r)
				continue
			}
			for _, d := range norm.NFD.String(string(r)) {
				if !unicode.Is(unicode.Mn, d) {
					b.WriteRune(d)
				}
			}
		}
	}
	return b.String()
}
