package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"github.com/surrogator/surrogator/surrogator/cas"
	"github.com/surrogator/surrogator/surrogator/formats"
	"github.com/surrogator/surrogator/surrogator/provenance"
)

// inputFlags are the flags every verb that reads inputs shares.
type inputFlags struct {
	phiType, phiFeature, annotator, typeSystem string
	maxDocBytes, maxZipBytes                   byteSize
	maxZipEntries                              int
}

func (f *inputFlags) register(c *cobra.Command) {
	c.Flags().StringVar(&f.phiType, "phi-type", "", "PHI annotation type (full name or short name; default: short name PHI)")
	c.Flags().StringVar(&f.phiFeature, "phi-feature", "kind", "feature holding the PII kind")
	c.Flags().StringVar(&f.annotator, "annotator", "", "annotator whose CAS to read when a document is not curated")
	c.Flags().StringVar(&f.typeSystem, "typesystem", "", "TypeSystem.xml for XMI files without one beside them")
	f.maxDocBytes = formats.DefaultMaxDocBytes
	f.maxZipBytes = formats.DefaultMaxZipBytes
	c.Flags().Var(&f.maxDocBytes, "max-doc-bytes", "largest input file, zip entry or JSON Lines line (e.g. 64MiB, 1GiB); a larger one is an error for that document")
	c.Flags().Var(&f.maxZipBytes, "max-zip-bytes", "most bytes inflated from one zip in all")
	c.Flags().IntVar(&f.maxZipEntries, "max-zip-entries", formats.DefaultMaxZipEntries, "most entries of one zip; a zip with more is one error")
}

// options returns the reading options; out, when set, is the run's output
// folder, which the walker never enters.
func (f *inputFlags) options(out ...string) formats.Options {
	return formats.Options{
		PHI:           cas.PHIConfig{Type: f.phiType, Feature: f.phiFeature},
		Annotator:     f.annotator,
		TypeSystem:    f.typeSystem,
		MaxDocBytes:   int64(f.maxDocBytes),
		MaxZipBytes:   int64(f.maxZipBytes),
		MaxZipEntries: f.maxZipEntries,
		SkipDirs:      out,
	}
}

// spec returns the reading options as a run's specification records them
// (runspec.Spec): run and qc open their inputs with them.
func (f *inputFlags) spec() provenance.Options {
	in := f.options()
	return provenance.Options{PHIType: in.PHI.Type, PHIFeature: in.PHI.Feature, Annotator: in.Annotator, TypeSystem: in.TypeSystem,
		MaxDocBytes: in.MaxDocBytes, MaxZipBytes: in.MaxZipBytes, MaxZipEntries: in.MaxZipEntries}
}

// byteSize is a size flag: a number of bytes with an optional binary unit
// (B, K/KB/KiB, M/MB/MiB, G/GB/GiB, T/TB/TiB; case-insensitive, all
// powers of 1024).
type byteSize int64

func (b *byteSize) String() string { return formats.HumanBytes(int64(*b)) }

func (b *byteSize) Type() string { return "size" }

func (b *byteSize) Set(s string) error {
	n, err := parseByteSize(s)
	if err != nil {
		return err
	}
	*b = byteSize(n)
	return nil
}

func parseByteSize(s string) (int64, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	i := 0
	for i < len(t) && (t[i] >= '0' && t[i] <= '9' || t[i] == '.') {
		i++
	}
	num, unit := t[:i], strings.TrimSpace(t[i:])
	mult := map[string]float64{"": 1, "b": 1,
		"k": 1 << 10, "kb": 1 << 10, "kib": 1 << 10,
		"m": 1 << 20, "mb": 1 << 20, "mib": 1 << 20,
		"g": 1 << 30, "gb": 1 << 30, "gib": 1 << 30,
		"t": 1 << 40, "tb": 1 << 40, "tib": 1 << 40}[unit]
	v, err := strconv.ParseFloat(num, 64)
	if err != nil || mult == 0 || v <= 0 || v*mult >= 1<<62 {
		return 0, fmt.Errorf("invalid size %q: want a positive number of bytes with an optional unit (KiB, MiB, GiB)", s)
	}
	return int64(v * mult), nil
}

// outputAlias adds --output, the old spelling of --out, as a hidden alias
// bound to the same value (scripts written for it keep working).
func outputAlias(c *cobra.Command, out *string) {
	c.Flags().StringVar(out, "output", "", "old spelling of --out")
	_ = c.Flags().MarkHidden("output")
}

// sizeFlag makes an int64 byte-count flag accept sizes with units (64MiB)
// as well as plain bytes, as --max-doc-bytes does: every verb takes sizes
// the same way (applied by newRootCmd to each verb's max-* int64 flags).
type sizeFlag struct{ pflag.Value }

func (s sizeFlag) Type() string { return "size" }

func (s sizeFlag) Set(v string) error {
	n, err := parseByteSize(v)
	if err != nil {
		return err
	}
	return s.Value.Set(strconv.FormatInt(n, 10))
}

// sizeUnits wraps every int64 flag of c and its subcommands whose name
// starts with max- and is a byte count (…-upload, …-bytes) in sizeFlag.
func sizeUnits(c *cobra.Command) {
	c.Flags().VisitAll(func(f *pflag.Flag) {
		if f.Value.Type() == "int64" && strings.HasPrefix(f.Name, "max-") &&
			(strings.HasSuffix(f.Name, "-upload") || strings.HasSuffix(f.Name, "-bytes")) {
			if n, err := strconv.ParseInt(f.DefValue, 10, 64); err == nil {
				f.DefValue = formats.HumanBytes(n)
			}
			f.Value = sizeFlag{f.Value}
			f.Usage = strings.TrimSuffix(f.Usage, " in bytes") + " (bytes, or with a unit: 512MiB, 2GiB)"
		}
	})
	for _, s := range c.Commands() {
		sizeUnits(s)
	}
}
