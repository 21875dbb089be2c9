package facility

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"unicode/utf8"

	"github.com/surrogator/surrogator/embed"
	"github.com/surrogator/surrogator/geo"
	"github.com/surrogator/surrogator/surrogator/fictive/facility/taxonomy"
)

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
		if !taxonomy.TypeWord(w) {
			e.proper = append(e.proper, w)
		}
	}
	e.skel = taxonomy.Skeleton(e.words)
}

// entryMeta is what the k-NN stage needs of every entry; the rest of an
// Entry (its name's words) is derived on demand for the few entries a
// query looks at.
type entryMeta struct {
	pool   geo.PoolKind
	class  Class
	byName bool
	gender Gender
}

func metaOf(e *Entry) entryMeta {
	return entryMeta{pool: e.Pool, class: e.Class, byName: e.ByName, gender: e.Gender}
}

// Pools are the candidate names with their classes and int8 embeddings.
// A Pools value is immutable and safe for concurrent use. Pools read from
// a pack (FromPack) refer to the pack's memory and must not be used after
// the pack is closed.
type Pools struct {
	meta []entryMeta
	// name returns the name of entry i; vec its int8 vector (aliasing the
	// pack or the embedded matrix).
	name func(i int) string
	vec  func(i int) embed.Vec
	dim  int
	// entries caches the derived entries (words, proper nouns, skeleton)
	// the queries have looked at.
	entries []atomic.Pointer[Entry]
	emb     embed.Embedder
	counts  [NumClasses]int // entries offered per class (ByName)
	// byClass holds, per class, the vectors of the entries that may be
	// sampled (ByName) and their entry indexes: the k-NN scans only the
	// original's class. Each is built on the first query of its class, so
	// a run pays (in time and memory) only for the classes it meets.
	byClass [NumClasses]lazyIndex
	// Labels tells where the classes came from: "pack" (stored labels),
	// "classified" (computed at load).
	labels string
}

type lazyIndex struct {
	once sync.Once
	ci   classIndex
	err  error
}

type classIndex struct {
	mat  *embed.Matrix
	rows []int
}

// Len returns the number of entries.
func (p *Pools) Len() int { return len(p.meta) }

// Entry returns entry i.
func (p *Pools) Entry(i int) Entry { return *p.entry(i) }

// entry returns the derived entry i, computing and caching it on first use.
func (p *Pools) entry(i int) *Entry {
	if e := p.entries[i].Load(); e != nil {
		return e
	}
	m := p.meta[i]
	e := &Entry{Name: p.name(i), Pool: m.pool, Class: m.class, ByName: m.byName, Gender: m.gender}
	e.prepare()
	p.entries[i].CompareAndSwap(nil, e)
	return p.entries[i].Load()
}

// Embedder returns the embedder the pool vectors were computed with.
func (p *Pools) Embedder() embed.Embedder { return p.emb }

// LabelSource tells where the entries' classes came from: "pack" when
// they were read from the pack's pool-labels section, "classified" when
// they were computed when the pools were loaded.
func (p *Pools) LabelSource() string { return p.labels }

// Count returns the number of entries of class c that may be sampled.
func (p *Pools) Count(c Class) int {
	if c >= NumClasses {
		return 0
	}
	return p.counts[c]
}

func newEntry(name, category string, k geo.PoolKind, fallback Class) Entry {
	words := embed.Fold(EmbedText(name))
	m := taxonomy.ClassifyEntry(name, category, fallback)
	e := Entry{Name: name, Pool: k, Class: m.Class, ByName: m.ByName, Gender: m.Gender, words: words}
	e.prepare()
	return e
}

// newPools counts the classes of meta; the class indexes are built lazily.
func newPools(meta []entryMeta, name func(int) string, vec func(int) embed.Vec, dim int, emb embed.Embedder, labels string) *Pools {
	p := &Pools{meta: meta, name: name, vec: vec, dim: dim, emb: emb, labels: labels,
		entries: make([]atomic.Pointer[Entry], len(meta))}
	for _, m := range meta {
		if m.byName && m.class < NumClasses {
			p.counts[m.class]++
		}
	}
	return p
}

// classIndex returns the index of class c, building it on first use.
func (p *Pools) classIndex(c Class) (*classIndex, error) {
	li := &p.byClass[c]
	li.once.Do(func() {
		ci := classIndex{mat: embed.NewMatrix(p.dim, p.counts[c]), rows: make([]int, 0, p.counts[c])}
		for i, m := range p.meta {
			if !m.byName || m.class != c {
				continue
			}
			if err := ci.mat.Add(p.vec(i)); err != nil {
				li.err = fmt.Errorf("facility: %w", err)
				return
			}
			ci.rows = append(ci.rows, i)
		}
		li.ci = ci
	})
	return &li.ci, li.err
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
	meta := make([]entryMeta, len(entries))
	for i := range entries {
		entries[i].prepare()
		texts[i] = EmbedText(entries[i].Name)
		meta[i] = metaOf(&entries[i])
	}
	m, err := embed.EmbedQuantized(ctx, emb, texts, 512)
	if err != nil {
		return nil, fmt.Errorf("facility: embedding pools: %w", err)
	}
	p := newPools(meta, func(i int) string { return entries[i].Name }, m.Row, emb.Dim(), emb, "classified")
	for i := range entries {
		p.entries[i].Store(&entries[i])
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
//
// Nothing is copied or derived per entry beyond its class: the classes
// come from the pack's pool labels when their version is this taxonomy's
// (LabelVersion), else they are classified here (packs written before
// the labels existed, or with another taxonomy); names, words and vectors
// are read from the pack when a query needs them. The pools refer to the
// pack, which must stay open while they are used.
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
	// global entry index → (pool, index in pool)
	var starts [geo.NumPools + 1]int
	for k := geo.PoolKind(0); k < geo.NumPools; k++ {
		starts[k+1] = starts[k] + p.Pool(k).Len()
	}
	locate := func(i int) (geo.PoolKind, int) {
		k := geo.PoolKind(0)
		for k+1 < geo.NumPools && i >= starts[k+1] {
			k++
		}
		return k, i - starts[k]
	}
	meta := make([]entryMeta, starts[geo.NumPools])
	source := "pack"
	if v, ok := p.LabelVersion(); ok && v == LabelVersion() {
		for i := range meta {
			k, j := locate(i)
			l, _ := p.Pool(k).Label(j)
			if Class(l.Class) >= NumClasses || Gender(l.Gender) > Plural || l.Flags&^taxonomy.LabelByName != 0 {
				return nil, fmt.Errorf("facility: pool label %d out of range (class %d, flags %d, gender %d)", i, l.Class, l.Flags, l.Gender)
			}
			meta[i] = entryMeta{pool: k, class: Class(l.Class), byName: l.Flags&taxonomy.LabelByName != 0, gender: Gender(l.Gender)}
		}
	} else {
		source = "classified"
		ms := make([]taxonomy.Meta, len(meta))
		taxonomy.ClassifyAll(len(meta), func(i int) taxonomy.Meta {
			k, j := locate(i)
			e := p.Pool(k).Entry(j)
			return taxonomy.ClassifyEntry(e.Name, e.Category, Unknown)
		}, ms)
		for i, m := range ms {
			k, _ := locate(i)
			meta[i] = entryMeta{pool: k, class: m.Class, byName: m.ByName, gender: m.Gender}
		}
	}
	for k := geo.PoolKind(0); k < geo.NumPools; k++ {
		if n := p.Pool(k).Len(); n > 0 {
			if _, _, ok := p.Pool(k).Int8Vector(0); !ok {
				return nil, ErrNoEmbeddings
			}
		}
	}
	name := func(i int) string {
		k, j := locate(i)
		return p.Pool(k).Entry(j).Name
	}
	vec := func(i int) embed.Vec {
		k, j := locate(i)
		q, s, _ := p.Pool(k).Int8Vector(j)
		return embed.Vec{Q: q, Scale: s}
	}
	return newPools(meta, name, vec, info.Dims, emb, source), nil
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
