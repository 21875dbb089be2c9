package main

import (
	"fmt"
	"os"
	"runtime"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/cobra/doc"
	"github.com/spf13/pflag"
)

// newDocsCmd builds the hidden `surrogator gen-docs`: the command reference
// as Markdown (docs/cli/, `make docs`) or man pages, from the commands'
// own help texts.
func newDocsCmd() *cobra.Command {
	var out string
	var man bool
	c := &cobra.Command{
		Use:     "gen-docs --out DIR [--man]",
		Short:   "Write the command reference (Markdown, or man pages with --man)",
		Hidden:  true,
		Example: "  surrogator gen-docs --out docs/cli\n  surrogator gen-docs --man --out /usr/local/share/man/man1",
		Args:    exactArgs(0),
		RunE: func(cmd *cobra.Command, args []string) error {
			if out == "" {
				return usageError{fmt.Errorf("--out DIR is required")}
			}
			if err := os.MkdirAll(out, 0o755); err != nil {
				return err
			}
			root := cmd.Root()
			root.DisableAutoGenTag = true // no date: the reference is committed
			portableDefaults(root)
			if man {
				return doc.GenManTree(root, &doc.GenManHeader{Title: "SURROGATOR", Section: "1", Source: "surrogator " + version}, out)
			}
			return doc.GenMarkdownTree(root, out)
		},
	}
	c.Flags().StringVarP(&out, "out", "o", "", "folder to write into")
	c.Flags().BoolVar(&man, "man", false, "write man pages (section 1) instead of Markdown")
	return c
}

// portableDefaults words the defaults that depend on the machine (the
// number of CPUs, the home folder) the same on every machine, so that
// the committed reference does not change with where it was generated.
func portableDefaults(c *cobra.Command) {
	home, _ := os.UserHomeDir()
	cpus := strconv.Itoa(runtime.NumCPU())
	c.Flags().VisitAll(func(f *pflag.Flag) {
		switch {
		case f.Name == "workers" && f.DefValue == cpus:
			f.DefValue = "number of CPUs"
		case home != "" && strings.HasPrefix(f.DefValue, home+string(os.PathSeparator)):
			f.DefValue = "~" + strings.TrimPrefix(f.DefValue, home)
		}
	})
	for _, s := range c.Commands() {
		portableDefaults(s)
	}
}
