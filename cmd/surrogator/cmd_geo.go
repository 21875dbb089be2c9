package main

import (
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/surrogator/surrogator/geo"
)

// newGeoCmd builds the geo command group.
func newGeoCmd() *cobra.Command {
	return func() *cobra.Command {
		c := &cobra.Command{
			Use:     "geo",
			Short:   "Inspect a geodata pack (info, lookup, sample)",
			Example: geoExamples,
		}
		c.AddCommand(&cobra.Command{
			Use:     "info PACK",
			Short:   "Print the pack's version, attribution and contents",
			Example: "  surrogator geo info helgoland.pack",
			Args:    exactArgs(1),
			RunE: func(cmd *cobra.Command, args []string) error {
				return runGeoInfo(args[0], cmd.OutOrStdout())
			},
		})
		var lf lookupFlags
		lookup := &cobra.Command{
			Use:   "lookup PACK [NAME]",
			Short: "Resolve a place name (or a point with --at) to areas",
			Long: `lookup prints the areas named NAME, with their enclosing areas, postcodes and
streets. Names compare without regard to case, umlauts (ü = ue) and
punctuation; when no area has exactly that name, the areas whose name starts
with it are listed (at most --limit). --at LAT,LON lists the areas that contain
the point, else those whose boundary passes within --tolerance km of it.`,
			Example: `  surrogator geo lookup helgoland.pack helgoland
  surrogator geo lookup helgoland.pack Helgo
  surrogator geo lookup helgoland.pack Helgoland --parent "Kreis Pinneberg"
  surrogator geo lookup helgoland.pack --at 54.18,7.88`,
			Args: minArgs(1),
			RunE: func(cmd *cobra.Command, args []string) error {
				if len(args) > 2 || (len(args) == 2) == (lf.at != "") {
					return usageError{errors.New("give either NAME or --at LAT,LON")}
				}
				name := ""
				if len(args) == 2 {
					name = args[1]
				}
				return runGeoLookup(args[0], name, lf, cmd.OutOrStdout())
			},
		}
		lookup.Flags().StringVar(&lf.parent, "parent", "", "name of an enclosing area")
		lookup.Flags().StringVar(&lf.postcode, "postcode", "", "postcode of the place")
		lookup.Flags().StringVar(&lf.at, "at", "", "point LAT,LON in degrees")
		lookup.Flags().BoolVar(&lf.streets, "streets", false, "list all streets")
		lookup.Flags().Float64Var(&lf.tolerance, "tolerance", 2, "with --at: km around the point searched when no area contains it")
		lookup.Flags().IntVar(&lf.limit, "limit", 20, "most areas listed for a name prefix")
		c.AddCommand(lookup)
		var sf sampleFlags
		sample := &cobra.Command{
			Use:   "sample PACK",
			Short: "Draw municipalities of a state and size class",
			Long: `sample draws -n distinct municipalities of a state and size class that have
postcodes and streets (the places a surrogate address can come from), taking
the nearest size classes when the class has too few. Fewer come back, with a
note on stderr, only when the pack has no more.`,
			Example: `  surrogator geo sample bayreuth.pack -n 3 --seed 1
  surrogator geo sample bayreuth.pack --state Bayern --size town -n 2`,
			Args: exactArgs(1),
			RunE: func(cmd *cobra.Command, args []string) error {
				return runGeoSample(args[0], sf, cmd.OutOrStdout(), cmd.ErrOrStderr())
			},
		}
		sample.Flags().StringVar(&sf.state, "state", "", "state (admin_level 4) name; default: whole pack")
		sample.Flags().StringVar(&sf.size, "size", "village", "size class: village (<5k), town (<20k), smallcity (<100k), city (<500k), metropolis")
		sample.Flags().IntVarP(&sf.n, "n", "n", 5, "number of samples")
		sample.Flags().Uint64Var(&sf.seed, "seed", 1, "random seed")
		c.AddCommand(sample)
		return c
	}()
}

type lookupFlags struct {
	parent, postcode, at string
	streets              bool
	tolerance            float64
	limit                int
}

// geoExamples work on packs built from the shared extracts (the test runs
// them): helgoland.pack from OSMoGrid__helgoland.pbf, bayreuth.pack from
// graphhopper__north-bayreuth.osm.gz.
const geoExamples = `  surrogator osmbuild ../shared/osm/OSMoGrid__helgoland.pbf -o helgoland.pack
  surrogator geo info helgoland.pack
  surrogator geo lookup helgoland.pack helgo
  surrogator geo lookup helgoland.pack Helgoland --parent "Kreis Pinneberg"
  surrogator geo lookup helgoland.pack --at 54.18,7.88
  surrogator osmbuild ../shared/osm/graphhopper__north-bayreuth.osm.gz -o bayreuth.pack
  surrogator geo sample bayreuth.pack --state Bayern -n 3 --seed 1`

type sampleFlags struct {
	state, size string
	n           int
	seed        uint64
}

func runGeoInfo(path string, w io.Writer) error {
	p, err := geo.Open(path)
	if err != nil {
		return err
	}
	defer p.Close()
	in := p.Info()
	fmt.Fprintf(w, "pack format %s, %d bytes\n%s\n", in.Version, in.Size, in.Attribution)
	if in.InputSHA256 != "" {
		fmt.Fprintf(w, "input: %s, %d bytes, sha256 %s\n", in.Source, in.InputSize, in.InputSHA256)
	}
	if !in.Built.IsZero() {
		fmt.Fprintf(w, "built: %s (from %s)\n", in.Built.Format(time.RFC3339), in.BuiltFrom)
	}
	for _, kv := range in.Meta {
		switch kv[0] {
		case geo.MetaInputSHA256, geo.MetaInputSize, geo.MetaBuilt, geo.MetaBuiltFrom:
			continue
		case geo.MetaSource:
			if in.InputSHA256 != "" {
				continue
			}
		}
		fmt.Fprintf(w, "%s: %s\n", kv[0], kv[1])
	}
	var levels []int
	for l := range in.ByLevel {
		levels = append(levels, l)
	}
	sort.Ints(levels)
	var parts []string
	for _, l := range levels {
		parts = append(parts, fmt.Sprintf("%d:%d", l, in.ByLevel[l]))
	}
	fmt.Fprintf(w, "areas: %d (by admin_level %s), municipalities: %d\n", in.Areas, strings.Join(parts, " "), in.Municipalities)
	fmt.Fprintf(w, "postcodes: %d distinct, street entries: %d\n", in.Postcodes, in.StreetEntries)
	fmt.Fprintf(w, "pools: healthcare %d, organisation %d, other %d\n",
		in.Pools[geo.PoolHealthcare], in.Pools[geo.PoolOrganisation], in.Pools[geo.PoolOther])
	printPoolReport(p, w)
	if in.Embeddings.Dims == 0 {
		fmt.Fprintln(w, "embeddings: none")
	} else {
		fmt.Fprintf(w, "embeddings: version %d, %d dims, type %d\n", in.Embeddings.Version, in.Embeddings.Dims, in.Embeddings.Type)
		if in.Embeddings.Embedder != "" {
			fmt.Fprintf(w, "embedder: %s %s\n", in.Embeddings.Embedder, in.Embeddings.EmbedderVersion)
		}
	}
	return nil
}

// printPoolReport prints what osmbuild kept and dropped per pool and
// class, with the drop reasons (pack section 35, format 1.1).
func printPoolReport(p *geo.Pack, w io.Writer) {
	rows, ok := p.PoolReport()
	if !ok {
		fmt.Fprintln(w, "pool cleaning: not recorded (pack format 1.0 or not written by osmbuild)")
		return
	}
	type line struct {
		kept, edited, dropped int
		reasons               map[string]int
	}
	total := map[string]int{}
	for k := geo.PoolKind(0); k < geo.NumPools; k++ {
		byClass := map[string]*line{}
		var classes []string
		for _, r := range rows {
			if r.Pool != k {
				continue
			}
			l := byClass[r.Class]
			if l == nil {
				l = &line{reasons: map[string]int{}}
				byClass[r.Class] = l
				classes = append(classes, r.Class)
			}
			switch {
			case r.Kept:
				l.kept += r.Count
				if r.Reason != "" {
					l.edited += r.Count
				}
			default:
				l.dropped += r.Count
				l.reasons[r.Reason] += r.Count
				total[r.Reason] += r.Count
			}
		}
		if len(classes) == 0 {
			continue
		}
		sort.Strings(classes)
		fmt.Fprintf(w, "pool %s: class, kept, dropped (by reason)\n", k)
		for _, c := range classes {
			l := byClass[c]
			fmt.Fprintf(w, "  %-24s %6d %6d", c, l.kept, l.dropped)
			if l.dropped > 0 {
				fmt.Fprintf(w, "  %s", reasonList(l.reasons))
			}
			if l.edited > 0 {
				fmt.Fprintf(w, "  (%d kept with a person removed)", l.edited)
			}
			fmt.Fprintln(w)
		}
	}
	fmt.Fprintf(w, "pool cleaning dropped: %s\n", reasonList(total))
}

// reasonList renders reason counts, largest first ("person 8, parking 3").
func reasonList(m map[string]int) string {
	if len(m) == 0 {
		return "none"
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if m[keys[i]] != m[keys[j]] {
			return m[keys[i]] > m[keys[j]]
		}
		return keys[i] < keys[j]
	})
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s %d", k, m[k])
	}
	return strings.Join(parts, ", ")
}

func describeArea(p *geo.Pack, a geo.Area, streets bool, w io.Writer) {
	var chain []string
	for _, anc := range p.Ancestors(a.ID) {
		chain = append(chain, fmt.Sprintf("%s (%d)", anc.Name, anc.Level))
	}
	lat, lon := a.Label.Deg()
	fmt.Fprintf(w, "#%d %s  level %d  key %q  population %d  at %.5f,%.5f", a.ID, a.Name, a.Level, a.Key, a.Population, lat, lon)
	var fl []string
	for _, f := range []struct {
		f geo.AreaFlags
		s string
	}{{geo.FlagMunicipality, "municipality"}, {geo.FlagPlaceNode, "place-node"}, {geo.FlagIncomplete, "incomplete"}, {geo.FlagParentByKey, "parent-by-key"}} {
		if a.Flags&f.f != 0 {
			fl = append(fl, f.s)
		}
	}
	if len(fl) > 0 {
		fmt.Fprintf(w, "  [%s]", strings.Join(fl, ","))
	}
	fmt.Fprintln(w)
	if len(chain) > 0 {
		fmt.Fprintf(w, "   in: %s\n", strings.Join(chain, " < "))
	}
	if pcs := p.Postcodes(a.ID); len(pcs) > 0 {
		fmt.Fprintf(w, "   postcodes: %s\n", strings.Join(pcs, " "))
	}
	if sts := p.Streets(a.ID); len(sts) > 0 {
		if !streets && len(sts) > 10 {
			fmt.Fprintf(w, "   streets (%d): %s, …\n", len(sts), strings.Join(sts[:10], ", "))
		} else {
			fmt.Fprintf(w, "   streets (%d): %s\n", len(sts), strings.Join(sts, ", "))
		}
	}
}

func runGeoLookup(path, name string, f lookupFlags, w io.Writer) error {
	p, err := geo.Open(path)
	if err != nil {
		return err
	}
	defer p.Close()
	if f.at != "" {
		lat, lon, err := parseLatLon(f.at)
		if err != nil {
			return usageError{err}
		}
		near := p.AreasNear(lat, lon, f.tolerance)
		if len(near) == 0 {
			return fmt.Errorf("no area contains %s or lies within %g km of it", f.at, f.tolerance)
		}
		for _, a := range near {
			if a.Km > 0 {
				fmt.Fprintf(w, "(%.1f km from %s)\n", a.Km, f.at)
			}
			describeArea(p, a.Area, f.streets, w)
		}
		return nil
	}
	areas := p.Resolve(name, geo.ResolveHint{Parent: f.parent, Postcode: f.postcode})
	if len(areas) == 0 {
		areas = p.Search(name, f.limit)
		if len(areas) == 0 {
			return fmt.Errorf("no area named %q or starting with it", name)
		}
		fmt.Fprintf(w, "no area is named %q; %d start with it:\n", name, len(areas))
	}
	for _, a := range areas {
		describeArea(p, a, f.streets, w)
	}
	return nil
}

func parseLatLon(s string) (float64, float64, error) {
	a, b, ok := strings.Cut(s, ",")
	lat, err1 := strconv.ParseFloat(strings.TrimSpace(a), 64)
	lon, err2 := strconv.ParseFloat(strings.TrimSpace(b), 64)
	if !ok || err1 != nil || err2 != nil || lat < -90 || lat > 90 || lon < -180 || lon > 180 {
		return 0, 0, fmt.Errorf("--at wants LAT,LON in degrees")
	}
	return lat, lon, nil
}

// stateAGS is the first two digits of the municipality key (AGS) of each
// state, by folded name.
var stateAGS = map[string]string{
	"schleswig holstein": "01", "hamburg": "02", "niedersachsen": "03", "bremen": "04",
	"nordrhein westfalen": "05", "hessen": "06", "rheinland pfalz": "07", "baden wuerttemberg": "08",
	"bayern": "09", "saarland": "10", "berlin": "11", "brandenburg": "12",
	"mecklenburg vorpommern": "13", "sachsen": "14", "sachsen anhalt": "15", "thueringen": "16",
}

var sizeNames = map[string]geo.SizeClass{
	"village": geo.SizeVillage, "town": geo.SizeTown, "smallcity": geo.SizeSmallCity,
	"city": geo.SizeCity, "metropolis": geo.SizeMetropolis,
}

func runGeoSample(path string, f sampleFlags, w, stderr io.Writer) error {
	class, ok := sizeNames[strings.ToLower(f.size)]
	if !ok {
		return usageError{fmt.Errorf("unknown --size %q (village, town, smallcity, city, metropolis)", f.size)}
	}
	if f.n < 1 {
		return usageError{fmt.Errorf("-n must be at least 1")}
	}
	p, err := geo.Open(path)
	if err != nil {
		return err
	}
	defer p.Close()
	state, agsPrefix := geo.NoArea, ""
	if f.state != "" {
		for _, a := range p.Resolve(f.state, geo.ResolveHint{}) {
			if a.Level == 4 {
				state = a.ID
				break
			}
		}
		if state == geo.NoArea {
			// a regional extract without its state's boundary: the
			// state's part of the municipality key (AGS)
			if agsPrefix = stateAGS[geo.Fold(f.state)]; agsPrefix == "" {
				return fmt.Errorf("no state named %q in the pack", f.state)
			}
		}
	}
	rng := rand.New(rand.NewPCG(f.seed, 0x9e3779b97f4a7c15))
	addressable := func(a geo.Area) bool {
		return strings.HasPrefix(a.Key, agsPrefix) && len(p.Postcodes(a.ID)) > 0 && len(p.Streets(a.ID)) > 0
	}
	got := p.SampleMunicipalities(state, class, f.n, rng, addressable)
	if len(got) == 0 {
		return errors.New("no municipality with postcodes and streets to sample")
	}
	for _, a := range got {
		fmt.Fprintf(w, "%s\tpopulation %d\tpostcodes %s\tstreets %d\n", a.Name, a.Population, strings.Join(p.Postcodes(a.ID), " "), len(p.Streets(a.ID)))
	}
	if len(got) < f.n {
		fmt.Fprintf(stderr, "only %d municipalities with postcodes and streets in the pack\n", len(got))
	}
	return nil
}
