package main

import (
	"fmt"
	"runtime"

	"github.com/spf13/cobra"
)

func newVersionCmd() *cobra.Command {
	return &cobra.Command{
		Use:     "version",
		Short:   "Print the version",
		Example: `  surrogator version`,
		Args:    exactArgs(0),
		RunE: func(cmd *cobra.Command, args []string) error {
			fmt.Fprintln(cmd.OutOrStdout(), versionLine())
			return nil
		},
	}
}

// versionLine is what `surrogator version` and `surrogator --version`
// print.
func versionLine() string {
	return fmt.Sprintf("surrogator %s (%s, %s/%s)", version, runtime.Version(), runtime.GOOS, runtime.GOARCH)
}
