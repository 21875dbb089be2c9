package main

import (
	"fmt"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"

	"github.com/surrogator/surrogator/osmbuild/synth"
)

// newSynthOSMCmd builds the hidden synth-osm command (benchmark input).
func newSynthOSMCmd() *cobra.Command {
	var (
		scale   float64
		seed    uint64
		out     string
		raw     bool
		level   int
		workers int
	)
	cmd := &cobra.Command{
		Use:    "synth-osm --scale S --seed N -o FILE.osm.pbf",
		Short:  "Write a synthetic Germany as OSM PBF (for benchmarks)",
		Hidden: true,
		Long: `synth-osm writes a deterministic synthetic Germany (16 states, districts,
municipalities with shared boundary ways, postcodes, streets, addresses,
POIs and noise) as an OSM PBF file. --scale 1.0 has Germany's size
(about 430 M nodes, 75 M ways, 0.8 M relations); everything scales linearly.`,
		Example: `  surrogator synth-osm --scale 0.01 --seed 1 -o /tmp/de-0.01.osm.pbf`,
		Args:    exactArgs(0),
		RunE: func(cmd *cobra.Command, args []string) error {
			if out == "" {
				return usageError{fmt.Errorf("-o FILE is required")}
			}
			if !(scale > 0 && scale <= 2) {
				return usageError{fmt.Errorf("--scale %v out of range (0, 2]", scale)}
			}
			if level < 0 || level > 9 {
				return usageError{fmt.Errorf("--zlib-level %d out of range 1..9", level)}
			}
			opt := synth.Options{Scale: scale, Seed: seed, Raw: raw, Level: level, Workers: workers}
			var bar *progressbar.ProgressBar
			if isTerminal(cmd.ErrOrStderr()) {
				bar = progressbar.NewOptions64(-1, progressbar.OptionSetWriter(cmd.ErrOrStderr()),
					progressbar.OptionSetDescription("synth nodes"), progressbar.OptionShowCount(),
					progressbar.OptionThrottle(200*time.Millisecond))
				opt.Progress = func(p synth.Progress) {
					bar.Describe("synth " + p.Phase)
					_ = bar.Set64(p.Entities)
				}
			}
			start := time.Now()
			st, err := synth.GenerateFile(cmd.Context(), out, opt)
			if bar != nil {
				_ = bar.Finish()
				fmt.Fprintln(cmd.ErrOrStderr())
			}
			if err != nil {
				return err
			}
			fmt.Fprintf(cmd.OutOrStdout(), "%s: %d nodes, %d ways, %d relations, %.1f MB in %.1fs\n",
				out, st.Nodes, st.Ways, st.Relations, float64(st.Bytes)/1e6, time.Since(start).Seconds())
			return nil
		},
	}
	f := cmd.Flags()
	f.Float64Var(&scale, "scale", 0.01, "size relative to Germany (0 < S ≤ 2)")
	f.Uint64Var(&seed, "seed", 1, "random seed; the same seed gives the same bytes")
	f.StringVarP(&out, "out", "o", "", "output .osm.pbf file")
	outputAlias(cmd, &out)
	f.BoolVar(&raw, "raw", false, "write uncompressed blobs")
	f.IntVar(&level, "zlib-level", 0, "zlib level 1..9 (0: 1)")
	f.IntVar(&workers, "workers", 0, "compression goroutines (0: GOMAXPROCS)")
	return cmd
}
