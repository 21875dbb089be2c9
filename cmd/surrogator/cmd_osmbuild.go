package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/surrogator/surrogator/geo"
	"github.com/surrogator/surrogator/osmbuild"
)

// osmbuildOptions are the flags of osmbuild.
type osmbuildOptions struct {
	out        string
	workers    int
	stats      bool
	allowEmpty bool
	// emb is --embedder/--model; noEmbed is --no-embeddings.
	emb     embedderFlags
	noEmbed bool
	// dropped is --dropped FILE: the pool candidates the cleaning dropped.
	dropped string
}

// newOsmbuildCmd builds the osmbuild command.
func newOsmbuildCmd() *cobra.Command {
	var o osmbuildOptions
	c := &cobra.Command{
		Use:   "osmbuild IN -o OUT.pack",
		Short: "Build a geodata pack from an OpenStreetMap extract",
		Long: `osmbuild reads an OpenStreetMap extract (.osm.pbf, .osm, .osm.gz, .osm.bz2) in
three passes (relations, ways, needed nodes) and writes one memory-mappable
geodata pack: admin areas with polygons, postcodes and streets per
municipality, and facility candidate pools. Data © OpenStreetMap contributors.

An extract without admin areas or municipalities gives no usable pack: it is
an error (exit 1, nothing written) unless --allow-empty says that such a pack
is intended (tests, tiny extracts). OUT is replaced only by a complete pack.`,
		Example: `  surrogator osmbuild germany-latest.osm.pbf -o germany.pack
  surrogator osmbuild region.osm.gz -o region.pack --workers 2 --stats
  surrogator osmbuild tiny-test.osm -o tiny.pack --allow-empty
  surrogator osmbuild region.osm.pbf -o region.pack --embedder onnx --model minilm-onnx/   (binary built with -tags onnx)`,
		Args: exactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if o.out == "" {
				return usageError{errors.New("missing -o OUT.pack")}
			}
			return runOsmbuild(cmd.Context(), args[0], o, cmd.OutOrStdout(), cmd.ErrOrStderr())
		},
	}
	c.Flags().StringVarP(&o.out, "out", "o", "", "pack file to write")
	outputAlias(c, &o.out)
	c.Flags().IntVar(&o.workers, "workers", 0, "PBF decoding goroutines (default: number of CPUs)")
	c.Flags().BoolVar(&o.stats, "stats", false, "print per-pass timings and build statistics")
	c.Flags().StringVar(&o.emb.name, "embedder", "builtin", "embedder of the facility pools stored in the pack: builtin (pure Go, stored with the pack) or onnx")
	c.Flags().StringVar(&o.emb.model, "model", "", "with --embedder onnx: directory with model.onnx and tokenizer.json")
	c.Flags().BoolVar(&o.noEmbed, "no-embeddings", false, "leave the pack's embeddings section empty (facility surrogates then come from templates or --pools)")
	c.Flags().StringVar(&o.dropped, "dropped", "", "write the pool candidates the cleaning dropped to FILE (TSV: reason, pool, OSM tag, name, class)")
	c.Flags().BoolVar(&o.allowEmpty, "allow-empty", false, "write a pack even when the input has no admin areas or municipalities (for tests and tiny extracts)")
	return c
}

// errEmptyPack is the error of an extract that gives no usable pack.
var errEmptyPack = errors.New("no usable pack")

func runOsmbuild(ctx context.Context, in string, o osmbuildOptions, stdout, stderr io.Writer) error {
	if ctx == nil {
		ctx = context.Background()
	}
	// The build is sized for ≤ 4 GB; a soft limit makes the GC work harder
	// before the heap gets there (GOMEMLIMIT overrides).
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(3 << 30)
	}
	opts := osmbuild.Options{Workers: o.workers, Version: version, NoEmbeddings: o.noEmbed}
	if !o.noEmbed {
		emb, closeEmb, err := o.emb.open()
		if err != nil {
			return err
		}
		defer closeEmb()
		opts.Embedder = emb
	}
	if v := os.Getenv("SOURCE_DATE_EPOCH"); v != "" {
		sec, err := strconv.ParseInt(v, 10, 64)
		if err != nil || sec < 0 {
			return usageError{fmt.Errorf("SOURCE_DATE_EPOCH must be seconds since 1970 (got %q)", v)}
		}
		opts.SourceDate = time.Unix(sec, 0).UTC()
	}
	var dropped []osmbuild.Dropped
	if o.dropped != "" {
		opts.OnDrop = func(d osmbuild.Dropped) { dropped = append(dropped, d) }
	}
	pr := newProgress(stderr, osmUnits)
	opts.Progress = func(pass string, done, total int64) { pr.Update(pass, done, total) }
	t0 := time.Now()
	// Build into a temporary file beside OUT: OUT is replaced only by a
	// complete, usable pack (not by an empty one, nor when interrupted).
	out := o.out
	tmp, err := os.CreateTemp(filepath.Dir(out), ".osmbuild-*.pack")
	if err != nil {
		return fmt.Errorf("osmbuild: %w", err)
	}
	tmp.Close()
	defer os.Remove(tmp.Name()) // no-op once renamed
	st, err := osmbuild.Build(ctx, in, tmp.Name(), opts)
	if err != nil {
		pr.End("stopped")
		if ctx.Err() != nil {
			return interruptedError{msg: fmt.Sprintf("interrupted: %s was not written", out), err: err}
		}
		return err
	}
	if !o.allowEmpty && (st.Areas == 0 || st.Municipalities == 0) {
		pr.End("stopped") // no "done" before the refusal
		what := "no admin areas (boundary=administrative relations)"
		if st.Areas > 0 {
			what = fmt.Sprintf("%d admin areas but no municipality (admin_level 8, a city-state's districts, or a place node with population)", st.Areas)
		}
		return fmt.Errorf("osmbuild: %s: %s: %w; %s not written (--allow-empty writes it anyway, for tests and tiny extracts)",
			in, what, errEmptyPack, out)
	}
	pr.End("")
	if err := os.Rename(tmp.Name(), out); err != nil {
		return fmt.Errorf("osmbuild: %w", err)
	}
	fmt.Fprintf(stdout, "wrote %s: %d bytes, %d areas (%d municipalities, %d incomplete), %d postcodes, %d streets, pools %d/%d/%d in %.1fs\n",
		out, st.PackBytes, st.Areas, st.Municipalities, st.IncompleteAreas, st.Postcodes, st.Streets,
		st.Pools[geo.PoolHealthcare], st.Pools[geo.PoolOrganisation], st.Pools[geo.PoolOther], time.Since(t0).Seconds())
	if st.Embedder != "" {
		fmt.Fprintf(stdout, "pool embeddings: %s\n", st.Embedder)
	}
	var parts []string
	for r := osmbuild.Reason(1); r < osmbuild.NumReasons; r++ {
		if n := st.Dropped[r]; n > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", r, n))
		}
	}
	if len(parts) > 0 {
		fmt.Fprintf(stdout, "pool cleaning dropped: %s (surrogator geo info shows them per class)\n", strings.Join(parts, ", "))
	}
	if o.dropped != "" {
		if err := writeDropped(o.dropped, dropped); err != nil {
			return err
		}
	}
	fmt.Fprintf(stdout, "%s\n", geo.Attribution)
	if o.stats {
		for _, p := range st.Passes {
			fmt.Fprintf(stdout, "pass %-9s %8.2fs %12d bytes %10d objects\n", p.Name, p.Duration.Seconds(), p.Bytes, p.Objects)
		}
		fmt.Fprintf(stdout, "sorted=%v admin=%d postal=%d (incomplete %d) ways=%d nodes=%d missing-nodes=%d broken-rings=%d parent-by-key=%d unparented=%d place-areas=%d dropped-person-names=%d\n",
			st.Sorted, st.AdminRelations, st.PostalRelations, st.IncompletePostal, st.NeededWays, st.NeededNodes,
			st.MissingNodes, st.BrokenRings, st.ParentByKey, st.Unparented, st.PlaceNodeAreas, st.DroppedPersonNames)
		if len(st.IncompleteIDs) > 0 {
			fmt.Fprintf(stdout, "incomplete relations: %v\n", st.IncompleteIDs)
		}
	}
	return nil
}

// writeDropped writes the dropped pool candidates as TSV (0600: the
// names are public OSM data, but some are persons' names).
func writeDropped(path string, ds []osmbuild.Dropped) error {
	osmbuild.SortDropped(ds)
	var b strings.Builder
	b.WriteString("reason\tpool\ttag\tname\tclass\n")
	for _, d := range ds {
		fmt.Fprintf(&b, "%s\t%s\t%s\t%s\t%s\n", d.Reason, d.Pool, d.Category, strings.ReplaceAll(d.Name, "\t", " "), d.Class)
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o600); err != nil {
		return fmt.Errorf("osmbuild: --dropped: %w", err)
	}
	return nil
}
