package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"

	"github.com/spf13/cobra"
	"github.com/surrogator/surrogator/surrogator/verify"
)

type verifyFlags struct {
	keyFile     string
	keyInsecure bool
	workers     int
	workDir     string
}

// newVerifyCmd builds `surrogator verify`.
func newVerifyCmd() *cobra.Command {
	var f verifyFlags
	c := &cobra.Command{
		Use:   "verify PRIVATE_RUN_DIR [INPUT...]",
		Short: "Re-run a recorded run and check that every output file is identical",
		Long: `verify reads PRIVATE_RUN_DIR/provenance.json, re-runs the engine with the
recorded inputs (or the INPUTs given, in the same order), options, seed and
key into a temporary folder, and compares the SHA-256 of every public and
private output file with the record. Differences are listed by public
document id (public texts) and by path relative to the private run folder.

The key is --key-file, else the recorded key file, else the output folder
key beside the run (OUT/private/surrogator.key); verify never creates one.
The run is opened from the record as 'surrogator run' opens it: the inputs,
toggle, key, geodata pack, facility pools, embedder and model, date shifts,
state and suspects policy and input limits recorded there. Any of them that
changed since is named (input, toggle, key, geodata, pools, model, embedder,
options).
Exit code 0: the recorded inputs gave identical outputs; 1: an input or an
output differs (or an error).`,
		Example: `  surrogator verify out/private/private-20260101-120000-ab12
  surrogator verify --key-file ~/.surrogator.key out/private/private-20260101-120000-ab12 export.zip`,
		Args: minArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
			defer stop()
			return runVerify(ctx, args[0], args[1:], f, cmd.OutOrStdout())
		},
	}
	c.Flags().StringVar(&f.keyFile, "key-file", "", "key file of the run (default: recorded, else OUT/private/surrogator.key)")
	c.Flags().BoolVar(&f.keyInsecure, "key-insecure-perms", false, "accept a key file that group or others may read or write")
	c.Flags().IntVarP(&f.workers, "workers", "j", 0, "parallel workers (default: as recorded; the output must not depend on it)")
	c.Flags().StringVar(&f.workDir, "work-dir", "", "folder for the re-run, kept afterwards (default: a temporary folder, removed)")
	return c
}

func runVerify(ctx context.Context, runDir string, inputs []string, f verifyFlags, w io.Writer) error {
	rep, err := verify.Run(ctx, runDir, verify.Config{KeyFile: f.keyFile, KeyInsecurePerms: f.keyInsecure, Inputs: inputs, Workers: f.workers,
		WorkDir: f.workDir, Version: version, Env: env})
	if err != nil {
		return err
	}
	if rep.KeyWarning != "" {
		fmt.Fprintln(w, "warning:", rep.KeyWarning)
	}
	for _, d := range rep.Diffs {
		fmt.Fprintln(w, d.String())
	}
	if rep.Reproduced() {
		fmt.Fprintf(w, "identical: %d public and %d private files match the record\n", len(rep.Recorded.Public), len(rep.Recorded.Private))
		return nil
	}
	if rep.Identical() {
		areas := map[string]bool{}
		var names []string
		for _, d := range rep.Inputs {
			if !areas[d.Area] {
				areas[d.Area] = true
				names = append(names, d.Area)
			}
		}
		return fmt.Errorf("verify: the outputs match, but the run's inputs differ from the record (%s)", strings.Join(names, ", "))
	}
	docs := 0
	for _, d := range rep.Outputs {
		if d.DocID != "" {
			docs++
		}
	}
	return fmt.Errorf("verify: %d output file(s) differ (%d public document(s))", len(rep.Outputs), docs)
}
