package facility

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"hash/crc32"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/surrogator/surrogator/embed"
	"github.com/surrogator/surrogator/geo"
)

// HashedConfig is the built-in embedder's configuration for facility
// names: IDF power ½, so that rare fragments of proper nouns weigh less
// against the type words ("klinik", "praxis") that the method must keep.
var HashedConfig = embed.HashedConfig{IDFPower: 0.5}

// EmbedText is the text embedded for a name, for pool entries and
// originals alike: the name with its abbreviations expanded (stage 1).
func EmbedText(name string) string { return Expand(name) }

// NewHashed returns the built-in embedder with document frequencies over
// the embedding texts of names.
func NewHashed(names []string) (*embed.Hashed, error) {
	texts := make([]string, len(names))
	for i, n := range names {
		texts[i] = EmbedText(n)
	}
	h, err := embed.NewHashed(HashedConfig, texts)
	if err != nil {
		return nil, fmt.Errorf("facility: %w", err)
	}
	return h, nil
}

// Entry is one candidate of the pools.
type Entry struct {
	Name   string
	Pool   geo.PoolKind
	Class  Class
	ByName bool // the name itself shows the class
	Gender Gender
	words  []string // folded words of the expanded name
	proper []string // those outside the domain vocabulary
	skel   string   // skeleton(words)
}

// prepare fills the derived fields.
func (e *Entry) prepare() {
	if e.words == nil {
		e.words = embed.Fold(EmbedText(e.Name))
	}
	e.proper = e.proper[:0]
	for _, w := range e.words {
		if !typeWord(w) {
			e.proper = append(e.proper, w)
		}
	}
	e.skel = skeleton(e.words)
}

// Pools are the candidate names with their classes and int8 embeddings.
// A Pools value is immutable and safe for concurrent use.
type Pools struct {
	entries []Entry
	emb     embed.Embedder
	// byClass holds, per class, the vectors of the entries that may be
	// sampled (ByName) and their entry indexes: the k-NN scans only the
	// original's class.
	byClass [NumClasses]classIndex
	counts  [NumClasses]int // entries offered per class (ByName)
}

type classIndex struct {
	mat  *embed.Matrix
	rows []int
}

// Len returns the number of entries.
func (p *Pools) Len() int { return len(p.entries) }

// Entry returns entry i.
func (p *Pools) Entry(i int) Entry { return p.entries[i] }

// Embedder returns the embedder the pool vectors were computed with.
func (p *Pools) Embedder() embed.Embedder { return p.emb }

// Count returns the number of entries of class c that may be sampled.
func (p *Pools) Count(c Class) int {
	if c >= NumClasses {
		return 0
	}
	return p.counts[c]
}

func newEntry(name, category string, k geo.PoolKind, fallback Class) Entry {
	words := embed.Fold(EmbedText(name))
	c, byName := classifyTagged(words, category)
	// A pool name is offered by its name only when its own words show the
	// class without the expansion of ambiguous abbreviations ("Drehkreuz
	// TK" is no health insurer), and agree with the expanded reading.
	if byName && classifyFolded(embed.Fold(name)) != c {
		byName = false
	}
	if c == Unknown && fallback != Unknown {
		c = fallback
	}
	e := Entry{Name: name, Pool: k, Class: c, ByName: byName, Gender: HeadGender(name), words: words}
	e.prepare()
	return e
}

// index splits the matrix m (one row per entry) by class.
func (p *Pools) index(m *embed.Matrix) error {
	for _, e := range p.entries {
		if e.ByName {
			p.counts[e.Class]++
		}
	}
	for c := range p.byClass {
		p.byClass[c].mat = embed.NewMatrix(m.Dim(), p.counts[c])
	}
	for i, e := range p.entries {
		if !e.ByName {
			continue
		}
		ci := &p.byClass[e.Class]
		if err := ci.mat.Add(m.Row(i)); err != nil {
			return fmt.Errorf("facility: %w", err)
		}
		ci.rows = append(ci.rows, i)
	}
	return nil
}

// Build embeds entries with emb (nil: the built-in embedder over the
// entries' names) into new Pools.
func Build(ctx context.Context, entries []Entry, emb embed.Embedder) (*Pools, error) {
	if emb == nil {
		names := make([]string, len(entries))
		for i, e := range entries {
			names[i] = e.Name
		}
		h, err := NewHashed(names)
		if err != nil {
			return nil, err
		}
		emb = h
	}
	texts := make([]string, len(entries))
	for i := range entries {
		entries[i].prepare()
		texts[i] = EmbedText(entries[i].Name)
	}
	m, err := embed.EmbedQuantized(ctx, emb, texts, 512)
	if err != nil {
		return nil, fmt.Errorf("facility: embedding pools: %w", err)
	}
	p := &Pools{entries: entries, emb: emb}
	if err := p.index(m); err != nil {
		return nil, err
	}
	return p, nil
}

// listKinds maps the base names of the shared plain name lists to their
// pool and the class assumed when a name shows none.
var listKinds = map[string]struct {
	pool geo.PoolKind
	def  Class
}{
	"Combined_healthcare_facilities.txt":             {geo.PoolHealthcare, Unknown},
	"Krankenhaus.txt":                                {geo.PoolHealthcare, Hospital},
	"Krankenkasse.txt":                               {geo.PoolOrganisation, Insurer},
	"organizations_office_craft_club_industrial.txt": {geo.PoolOrganisation, Unknown},
	"location_other_osm_primary_map_features.txt":    {geo.PoolOther, Unknown},
}

// ReadLists reads plain name lists (one name a line, UTF-8) from the *.txt
// files of dir into entries, in file-name order, dropping blank lines and
// repeated names. A file's pool follows its name: names containing
// "health", "kranken" or "klinik" are healthcare, "organi" or "kasse"
// organisation, anything else other.
func ReadLists(dir string) ([]Entry, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.txt"))
	if err != nil {
		return nil, fmt.Errorf("facility: pools: %w", err)
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("facility: pools: no *.txt name lists in %s", dir)
	}
	sort.Strings(files)
	seen := map[string]bool{}
	var out []Entry
	for _, f := range files {
		base := filepath.Base(f)
		lk, ok := listKinds[base]
		if !ok {
			l := strings.ToLower(base)
			switch {
			case strings.Contains(l, "kasse"):
				lk.pool, lk.def = geo.PoolOrganisation, Insurer
			case strings.Contains(l, "health"), strings.Contains(l, "kranken"), strings.Contains(l, "klinik"):
				lk.pool = geo.PoolHealthcare
			case strings.Contains(l, "organi"):
				lk.pool = geo.PoolOrganisation
			default:
				lk.pool = geo.PoolOther
			}
		}
		if err := readList(f, func(name string) {
			name = stripTagSuffix(name)
			if name != "" && !seen[name] {
				seen[name] = true
				out = append(out, newEntry(name, "", lk.pool, lk.def))
			}
		}); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func readList(path string, add func(string)) error {
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("facility: pools: %w", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	line := 0
	for sc.Scan() {
		line++
		s := strings.TrimSpace(strings.TrimPrefix(sc.Text(), "\ufeff"))
		if s == "" {
			continue
		}
		if !validUTF8(s) {
			return fmt.Errorf("facility: pools: %s line %d: not UTF-8", filepath.Base(path), line)
		}
		add(s)
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("facility: pools: %s: %w", filepath.Base(path), err)
	}
	return nil
}

// FromLists builds pools from the plain name lists of dir with emb (nil:
// the built-in embedder over these names).
func FromLists(ctx context.Context, dir string, emb embed.Embedder) (*Pools, error) {
	entries, err := ReadLists(dir)
	if err != nil {
		return nil, err
	}
	return Build(ctx, entries, emb)
}

// ErrNoEmbeddings is returned by FromPack for a pack without embeddings.
var ErrNoEmbeddings = errors.New("facility: the geodata pack carries no pool embeddings (rebuild it with this version of 'surrogator osmbuild')")

// FromPack reads the pools and their vectors from a pack. emb nil rebuilds
// the embedder stored in the pack (the built-in one); a given embedder
// must be the one the pack was embedded with (name and version), else the
// vectors would not be comparable and FromPack fails with a message that
// names both.
func FromPack(p *geo.Pack, emb embed.Embedder) (*Pools, error) {
	info := p.EmbeddingInfo()
	if info.Dims == 0 || info.Type != geo.EmbedInt8 {
		return nil, ErrNoEmbeddings
	}
	if info.Embedder == "" {
		return nil, fmt.Errorf("facility: the pack's embeddings name no embedder (rebuild it with this version of 'surrogator osmbuild')")
	}
	if emb == nil {
		if info.Embedder != "hashed" {
			return nil, fmt.Errorf("facility: the pack was embedded with %s %s: run with --embedder %s --model DIR", info.Embedder, info.EmbedderVersion, info.Embedder)
		}
		h, err := embed.UnmarshalHashed(p.EmbedderModel())
		if err != nil {
			return nil, fmt.Errorf("facility: the pack's built-in embedder: %w", err)
		}
		emb = h
	}
	if emb.Name() != info.Embedder || emb.Version() != info.EmbedderVersion || emb.Dim() != info.Dims {
		return nil, fmt.Errorf("facility: embedder mismatch: the pack was embedded with %s %s (%d dims), this run uses %s %s (%d dims); run with the pack's embedder or rebuild the pack with --embedder %s",
			info.Embedder, info.EmbedderVersion, info.Dims, emb.Name(), emb.Version(), emb.Dim(), emb.Name())
	}
	var entries []Entry
	var data []int8
	var scales []float32
	for k := geo.PoolKind(0); k < geo.NumPools; k++ {
		pl := p.Pool(k)
		for i := 0; i < pl.Len(); i++ {
			e := pl.Entry(i)
			entries = append(entries, newEntry(e.Name, e.Category, k, Unknown))
		}
		d, s, ok := pl.Vectors()
		if !ok {
			return nil, ErrNoEmbeddings
		}
		data, scales = append(data, d...), append(scales, s...)
	}
	m, err := embed.MatrixFrom(info.Dims, data, scales)
	if err != nil {
		return nil, fmt.Errorf("facility: pack vectors: %w", err)
	}
	out := &Pools{entries: entries, emb: emb}
	if err := out.index(m); err != nil {
		return nil, err
	}
	return out, nil
}

// PackEmbeddings embeds the pool names of a pack being built (names[k][i]
// is entry i of pool k) with emb (nil: the built-in embedder over all these
// names) and returns the embeddings section, naming the embedder and, for
// the built-in one, carrying it as the model blob.
func PackEmbeddings(ctx context.Context, names [geo.NumPools][]string, emb embed.Embedder) (*geo.Embeddings, error) {
	if emb == nil {
		var all []string
		for _, n := range names {
			all = append(all, n...)
		}
		h, err := NewHashed(all)
		if err != nil {
			return nil, err
		}
		emb = h
	}
	e := &geo.Embeddings{Dims: emb.Dim(), Type: geo.EmbedInt8, Embedder: emb.Name(), EmbedderVersion: emb.Version(),
		Version: crc32.ChecksumIEEE([]byte(emb.Name() + " " + emb.Version()))}
	if h, ok := emb.(*embed.Hashed); ok {
		b, err := h.MarshalBinary()
		if err != nil {
			return nil, fmt.Errorf("facility: %w", err)
		}
		e.Model = b
	}
	for k, ns := range names {
		texts := make([]string, len(ns))
		for i, n := range ns {
			texts[i] = EmbedText(n)
		}
		// quantised batch by batch: a Germany-sized build never holds the
		// float32 vectors of all entries
		e.Q[k], e.Scale[k] = make([][]int8, 0, len(texts)), make([]float32, 0, len(texts))
		for start := 0; start < len(texts); start += 512 {
			vs, err := emb.Embed(ctx, texts[start:min(start+512, len(texts))])
			if err != nil {
				return nil, fmt.Errorf("facility: embedding pool %s: %w", geo.PoolKind(k), err)
			}
			for _, v := range vs {
				q := embed.Quantize(v)
				e.Q[k], e.Scale[k] = append(e.Q[k], q.Q), append(e.Scale[k], q.Scale)
			}
		}
	}
	return e, nil
}

func validUTF8(s string) bool { return utf8.ValidString(s) && !strings.ContainsRune(s, 0) }

// NewEntry classifies a pool entry by its name and OSM category
// (key=value, "" none).
func NewEntry(name, category string, pool geo.PoolKind) Entry {
	return newEntry(name, category, pool, Unknown)
}

// stripTagSuffix removes the OSM tag values some list entries carry after
// " / " ("Elisabeth-Kinderkrankenhaus / paediatrics"): lower-case ASCII
// words, which are no part of the name.
func stripTagSuffix(name string) string {
	for {
		i := strings.LastIndex(name, " / ")
		if i <= 0 {
			return name
		}
		tail := name[i+3:]
		for _, r := range tail {
			if !(r >= 'a' && r <= 'z' || r == '_' || r == ' ' || r == ';' || r == ',') {
				return name
			}
		}
		name = strings.TrimSpace(name[:i])
	}
}
