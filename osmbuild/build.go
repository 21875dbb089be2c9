package osmbuild

import (
	"context"
	"fmt"
	"path/filepath"
	"runtime"
	"strconv"
	"time"

	"github.com/paulmach/osm"
	"github.com/surrogator/surrogator/data"
	"github.com/surrogator/surrogator/embed"
	"github.com/surrogator/surrogator/geo"
	"github.com/surrogator/surrogator/surrogator/fictive/facility/taxonomy"
)

// Options configure Build.
type Options struct {
	// Workers is the number of PBF decoding goroutines (default: the
	// number of CPUs).
	Workers int
	// Progress, if set, is called from Build's goroutine with the pass
	// name ("index", "relations", "ways", "nodes", "assemble", "embed",
	// "write")
	// and input bytes done of total.
	Progress func(pass string, done, total int64)
	// SourceDate is the build time to record when the input carries no
	// timestamp of its own (the caller reads SOURCE_DATE_EPOCH); zero
	// omits it. The wall clock is never recorded, so the same input,
	// options and Version always give a byte-identical pack.
	SourceDate time.Time
	// Version is the surrogator version recorded in the generator meta.
	Version string
	// Embedder computes the pool embeddings (nil: the built-in hashed
	// embedder, its IDF counted over the pack's pool names and stored in
	// the pack); NoEmbeddings leaves the embeddings section empty.
	Embedder     embed.Embedder
	NoEmbeddings bool
	// Names is the person-name lexicon of the pool cleaning (clean.go;
	// nil: the embedded one, data.Default).
	Names *data.Resources
	// OnDrop, if set, is called from Build's goroutine with every
	// distinct pool candidate the cleaning dropped.
	OnDrop func(Dropped)
}

// PassStat describes one pass over the input.
type PassStat struct {
	Name     string
	Bytes    int64 // input bytes read (PBF: only the selected blocks)
	Objects  int64 // objects delivered after filtering
	Duration time.Duration
}

// Stats summarise a build. Relation ids are OSM ids (public data).
type Stats struct {
	Sorted             bool // PBF header declared Sort.Type_then_ID
	Passes             []PassStat
	AdminRelations     int
	PostalRelations    int
	NeededWays         int
	NeededNodes        int
	MissingNodes       int // needed nodes absent from the input
	Areas              int
	ByLevel            map[int]int
	Municipalities     int
	PlaceNodeAreas     int
	IncompleteAreas    int     // admin relations whose rings did not all close
	IncompleteIDs      []int64 // their relation ids (first 100)
	BrokenRings        int
	ParentByKey        int
	Unparented         int // areas other than level 2 without parent
	IncompletePostal   int
	Streets            int // distinct (area, street) pairs
	Postcodes          int // distinct (area, postcode) pairs
	Pools              [geo.NumPools]int
	Embedder           string // name and version of the pool embeddings ("" none)
	DroppedPersonNames int    // = Dropped[ReasonPerson]
	// Dropped counts the pool entries dropped by each cleaning rule, and
	// PoolReport what was kept and dropped per pool and class (also
	// stored in the pack, geo section 35).
	Dropped    [NumReasons]int
	PoolReport []geo.PoolCount
	PackBytes  int64
	// InputSHA256 and InputSize identify the input file; both are stored
	// in the pack.
	InputSHA256 string
	InputSize   int64
	// Built is the recorded build time (zero: omitted) and BuiltFrom its
	// origin (BuiltFromReplication, BuiltFromXML, BuiltFromSourceDate).
	Built     time.Time
	BuiltFrom string
}

// Build reads the OSM file in and writes a geo pack to out.
func Build(ctx context.Context, in, out string, opts Options) (Stats, error) {
	if opts.Workers <= 0 {
		opts.Workers = runtime.NumCPU()
	}
	if opts.Progress == nil {
		opts.Progress = func(string, int64, int64) {}
	}
	st := Stats{ByLevel: map[int]int{}}
	// The input digest is computed alongside the passes (one more
	// sequential read, mostly from the page cache).
	hctx, cancelHash := context.WithCancel(ctx)
	defer cancelHash()
	type digest struct {
		sum  string
		size int64
		err  error
	}
	hashed := make(chan digest, 1)
	go func() {
		sum, size, err := hashFile(hctx, in)
		hashed <- digest{sum, size, err}
	}()
	t0 := time.Now()
	opts.Progress("index", 0, 1)
	src, err := openSource(in, opts.Workers)
	if err != nil {
		return st, fmt.Errorf("osmbuild: %s: %w", filepath.Base(in), err)
	}
	defer src.Close()
	opts.Progress("index", 1, 1)
	if src.pbf != nil {
		st.Sorted = src.pbf.sorted
		st.Passes = append(st.Passes, PassStat{Name: "index", Duration: time.Since(t0)})
	}
	c := newCollector()
	c.names, c.onDrop, c.workers = opts.Names, opts.OnDrop, opts.Workers
	for p := passRelations; p <= passNodes; p++ {
		if err := c.run(ctx, src, p, opts, &st); err != nil {
			return st, fmt.Errorf("osmbuild: %s: %s pass: %w", filepath.Base(in), passNames[p], err)
		}
	}
	t1 := time.Now()
	opts.Progress("assemble", 0, 1)
	b := c.assemble(&st)
	d := <-hashed
	if d.err != nil {
		return st, fmt.Errorf("osmbuild: %s: %w", filepath.Base(in), d.err)
	}
	st.InputSHA256, st.InputSize = d.sum, d.size
	st.Built, st.BuiltFrom = buildTime(src)
	if st.Built.IsZero() && !opts.SourceDate.IsZero() {
		st.Built, st.BuiltFrom = opts.SourceDate.UTC(), BuiltFromSourceDate
	}
	setMeta(b, filepath.Base(in), st, opts.Version)
	opts.Progress("assemble", 1, 1)
	st.Passes = append(st.Passes, PassStat{Name: "assemble", Duration: time.Since(t1)})
	if !opts.NoEmbeddings {
		te := time.Now()
		opts.Progress("embed", 0, 1)
		var entries [geo.NumPools][]geo.PoolEntry
		n := 0
		for k := range entries {
			entries[k] = b.PoolEntries(geo.PoolKind(k))
			n += len(entries[k])
		}
		if n > 0 {
			e, err := taxonomy.PackEmbeddings(ctx, entries, opts.Embedder)
			if err != nil {
				return st, fmt.Errorf("osmbuild: %w", err)
			}
			b.SetEmbeddings(e)
			st.Embedder = e.Embedder + " " + e.EmbedderVersion
		}
		opts.Progress("embed", 1, 1)
		st.Passes = append(st.Passes, PassStat{Name: "embed", Objects: int64(n), Duration: time.Since(te)})
	}
	t2 := time.Now()
	opts.Progress("write", 0, 1)
	n, err := b.WriteFile(out)
	if err != nil {
		return st, fmt.Errorf("osmbuild: %w", err)
	}
	opts.Progress("write", 1, 1)
	st.PackBytes = n
	st.Passes = append(st.Passes, PassStat{Name: "write", Bytes: n, Duration: time.Since(t2)})
	return st, nil
}

// run performs one pass.
func (c *collector) run(ctx context.Context, src *source, p passKind, opts Options, st *Stats) error {
	t0 := time.Now()
	if err := c.prepare(p, st); err != nil {
		return err
	}
	name := passNames[p]
	var n int64
	handle := func(o osm.Object) {
		switch o := o.(type) {
		case *osm.Relation:
			c.relation(o)
		case *osm.Way:
			c.way(o)
		case *osm.Node:
			c.node(o)
		}
		n++
	}
	if src.pbf != nil {
		sel, need := src.pbf.ways, c.ways
		switch p {
		case passNodes:
			sel, need = src.pbf.nodes, c.nodes
		case passRelations:
			sel, need = src.pbf.rels, nil
		}
		var total int64
		for _, i := range sel {
			total += src.pbf.blobs[i].size
		}
		opts.Progress(name, 0, total)
		if err := src.pbf.scanFast(ctx, sel, opts.Workers, p, need, c.filters(p), handle,
			func(done int64) { opts.Progress(name, done, total) }); err != nil {
			return err
		}
		st.Passes = append(st.Passes, PassStat{Name: name, Bytes: total, Objects: n, Duration: time.Since(t0)})
		return nil
	}
	sc, done, total, err := src.scan(ctx, p, opts.Workers, c.filters(p))
	if err != nil {
		return err
	}
	defer sc.Close()
	opts.Progress(name, 0, total)
	for sc.Scan() {
		handle(sc.Object())
		if n&4095 == 0 {
			opts.Progress(name, done(), total)
			if err := ctx.Err(); err != nil {
				return err
			}
		}
	}
	if err := sc.Err(); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	opts.Progress(name, total, total)
	st.Passes = append(st.Passes, PassStat{Name: name, Bytes: total, Objects: n, Duration: time.Since(t0)})
	return nil
}

// setMeta records the pack's provenance in the order FORMAT.md lists.
func setMeta(b *geo.Builder, source string, st Stats, version string) {
	b.SetMeta(geo.MetaSource, source)
	b.SetMeta(geo.MetaInputSHA256, st.InputSHA256)
	b.SetMeta(geo.MetaInputSize, strconv.FormatInt(st.InputSize, 10))
	if !st.Built.IsZero() {
		b.SetMeta(geo.MetaBuilt, st.Built.UTC().Format(time.RFC3339))
		b.SetMeta(geo.MetaBuiltFrom, st.BuiltFrom)
	}
	gen := "surrogator osmbuild"
	if version != "" {
		gen += " " + version
	}
	b.SetMeta(geo.MetaGenerator, gen)
}
