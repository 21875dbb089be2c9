package main

import (
	"fmt"
	"os"

	"github.com/spf13/cobra"
	"golang.org/x/term"
)

// subcommands are registered by the cmd_<verb>.go files in init.
var subcommands []func() *cobra.Command

func register(f func() *cobra.Command) { subcommands = append(subcommands, f) }

func newRootCmd() *cobra.Command {
	root := &cobra.Command{
		Use:   "surrogator",
		Short: "De-identify annotated German clinical documents",
		Long: `surrogator checks INCEpTION PII annotations, replaces every PII span with a
mask, a keyed placeholder or a realistic fictitious surrogate, writes the
de-identified texts to a public folder and the key to a private one.`,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		return usageError{fmt.Errorf("%w\nsee '%s --help'", err, c.CommandPath())}
	})
	for _, f := range subcommands {
		root.AddCommand(f())
	}
	return root
}

// exactArgs etc. wrap cobra's validators so that their errors are usage
// errors (exit 2).
func minArgs(n int) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if err := cobra.MinimumNArgs(n)(cmd, args); err != nil {
			return usageError{err}
		}
		return nil
	}
}

func exactArgs(n int) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if err := cobra.ExactArgs(n)(cmd, args); err != nil {
			return usageError{err}
		}
		return nil
	}
}

// stderrIsTerminal tells whether progress bars should be drawn.
func stderrIsTerminal() bool { return term.IsTerminal(int(os.Stderr.Fd())) }
