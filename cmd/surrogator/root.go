package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"
	"golang.org/x/term"
)

// commands is the complete list of verbs, in the order of --help. Each
// cmd_<verb>.go file builds its command; nothing registers itself.
func commands() []*cobra.Command {
	return []*cobra.Command{
		newInspectCmd(),
		newQCCmd(),
		newRunCmd(),
		newAuditCmd(),
		newOsmbuildCmd(),
		newGeoCmd(),
		newVerifyCmd(),
		newServeCmd(),
		newRecommendCmd(),
		newAnnotateCmd(),
		newVersionCmd(),
		newSynthOSMCmd(), // hidden: synthetic OSM input for benchmarks
		newDocsCmd(),     // hidden: the command reference (docs/cli)
	}
}

func newRootCmd() *cobra.Command {
	root := &cobra.Command{
		Use:   "surrogator",
		Short: "De-identify annotated German clinical documents",
		Long: `surrogator checks INCEpTION PII annotations, replaces every PII span with a
mask, a keyed placeholder or a realistic fictitious surrogate, writes the
de-identified texts to a public folder and the key to a private one.

Exit codes: 0 success; 1 error (nothing usable written); 2 usage;
3 partial (some documents excluded, named on stderr); 130 interrupted.`,
		SilenceUsage:  true,
		SilenceErrors: true,
		Version:       version,
	}
	root.PersistentFlags().Bool("debug", false, "print errors with their full chain of causes (package prefixes)")
	// --version prints what `surrogator version` prints
	root.SetVersionTemplate(versionLine() + "\n")
	// flag errors of every command (unknown flag, missing or bad value)
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		return usageError{fmt.Errorf("%w\nsee '%s --help'", err, c.CommandPath())}
	})
	root.AddCommand(commands()...)
	sizeUnits(root)
	// help for an unknown topic is a usage error too (cobra's help command
	// prints the root's usage and exits 0)
	root.SetHelpCommand(&cobra.Command{
		Use:   "help [command]",
		Short: "Help about any command",
		RunE: func(c *cobra.Command, args []string) error {
			cmd, rest, err := c.Root().Find(args)
			if err != nil || len(rest) > 0 {
				return usageError{fmt.Errorf("unknown help topic %q; see '%s --help'", strings.Join(args, " "), c.Root().CommandPath())}
			}
			return cmd.Help()
		},
	})
	// The root and command groups (geo) run only to refuse: no verb at all
	// or an unknown one is a usage error (cobra would print help and exit 0,
	// or return an untyped error).
	groups := []*cobra.Command{root}
	for len(groups) > 0 {
		c := groups[0]
		groups = groups[1:]
		if c == root || (c.HasSubCommands() && !c.Runnable()) {
			c.Args = cobra.ArbitraryArgs
			c.RunE = groupRun
			c.SuggestionsMinimumDistance = 2
		}
		groups = append(groups, c.Commands()...)
	}
	return root
}

// groupRun is the RunE of the root and of command groups: it is reached
// only without a known subcommand.
func groupRun(cmd *cobra.Command, args []string) error {
	if len(args) == 0 {
		cmd.SetOut(cmd.ErrOrStderr()) // usage goes to stderr
		_ = cmd.Usage()
		return usageError{fmt.Errorf("no command given; see '%s --help'", cmd.CommandPath())}
	}
	msg := fmt.Sprintf("unknown command %q for %q", args[0], cmd.CommandPath())
	if s := cmd.SuggestionsFor(args[0]); len(s) > 0 {
		msg += "; did you mean " + strings.Join(s, " or ") + "?"
	}
	return usageError{fmt.Errorf("%s\nsee '%s --help'", msg, cmd.CommandPath())}
}

// minArgs and exactArgs wrap cobra's validators so that their errors are
// usage errors (exit 2).
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

// isTerminal tells whether w is a terminal (progress bars are drawn only
// there).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}
