package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
	"github.com/surrogator/surrogator/geo"
	"github.com/surrogator/surrogator/osmbuild"
)

func init() {
	register(func() *cobra.Command {
		var out string
		var workers int
		var stats bool
		c := &cobra.Command{
			Use:   "osmbuild IN -o OUT.pack",
			Short: "Build a geodata pack from an OpenStreetMap extract",
			Long: `osmbuild reads an OpenStreetMap extract (.osm.pbf, .osm, .osm.gz, .osm.bz2) in
three passes (relations, ways, needed nodes) and writes one memory-mappable
geodata pack: admin areas with polygons, postcodes and streets per
municipality, and facility candidate pools. Data © OpenStreetMap contributors.`,
			Example: `  surrogator osmbuild germany-latest.osm.pbf -o germany.pack
  surrogator osmbuild region.osm.gz -o region.pack --workers 2 --stats`,
			Args: exactArgs(1),
			RunE: func(cmd *cobra.Command, args []string) error {
				if out == "" {
					return usageError{errors.New("missing -o OUT.pack")}
				}
				return runOsmbuild(cmd.Context(), args[0], out, workers, stats, cmd.OutOrStdout(), os.Stderr, stderrIsTerminal())
			},
		}
		c.Flags().StringVarP(&out, "output", "o", "", "pack file to write")
		c.Flags().IntVar(&workers, "workers", 0, "PBF decoding goroutines (default: number of CPUs)")
		c.Flags().BoolVar(&stats, "stats", false, "print per-pass timings and build statistics")
		return c
	})
}

func runOsmbuild(ctx context.Context, in, out string, workers int, stats bool, stdout, stderr io.Writer, bars bool) error {
	if ctx == nil {
		ctx = context.Background()
	}
	// The build is sized for ≤ 4 GB; a soft limit makes the GC work harder
	// before the heap gets there (GOMEMLIMIT overrides).
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(3 << 30)
	}
	opts := osmbuild.Options{Workers: workers}
	var bar *progressbar.ProgressBar
	var cur string
	if bars {
		opts.Progress = func(pass string, done, total int64) {
			if pass != cur {
				if bar != nil {
					bar.Finish()
					fmt.Fprintln(stderr)
				}
				cur = pass
				bar = progressbar.NewOptions64(total, progressbar.OptionSetWriter(stderr),
					progressbar.OptionSetDescription(fmt.Sprintf("%-9s", pass)), progressbar.OptionShowBytes(true),
					progressbar.OptionSetWidth(30), progressbar.OptionThrottle(100*time.Millisecond))
			}
			bar.Set64(done)
		}
	}
	t0 := time.Now()
	st, err := osmbuild.Build(ctx, in, out, opts)
	if bar != nil {
		bar.Finish()
		fmt.Fprintln(stderr)
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "wrote %s: %d bytes, %d areas (%d municipalities, %d incomplete), %d postcodes, %d streets, pools %d/%d/%d in %.1fs\n",
		out, st.PackBytes, st.Areas, st.Municipalities, st.IncompleteAreas, st.Postcodes, st.Streets,
		st.Pools[geo.PoolHealthcare], st.Pools[geo.PoolOrganisation], st.Pools[geo.PoolOther], time.Since(t0).Seconds())
	fmt.Fprintf(stdout, "%s\n", geo.Attribution)
	if stats {
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
