package main

import (
	"github.com/spf13/cobra"
	"github.com/surrogator/surrogator/surrogator/cas"
	"github.com/surrogator/surrogator/surrogator/formats"
)

// inputFlags are the flags every verb that reads inputs shares.
type inputFlags struct {
	phiType, phiFeature, annotator, typeSystem string
}

func (f *inputFlags) register(c *cobra.Command) {
	c.Flags().StringVar(&f.phiType, "phi-type", "", "PHI annotation type (full name or short name; default: short name PHI)")
	c.Flags().StringVar(&f.phiFeature, "phi-feature", "kind", "feature holding the PII kind")
	c.Flags().StringVar(&f.annotator, "annotator", "", "annotator whose CAS to read when a document is not curated")
	c.Flags().StringVar(&f.typeSystem, "typesystem", "", "TypeSystem.xml for XMI files without one beside them")
}

func (f *inputFlags) options() formats.Options {
	return formats.Options{
		PHI:        cas.PHIConfig{Type: f.phiType, Feature: f.phiFeature},
		Annotator:  f.annotator,
		TypeSystem: f.typeSystem,
	}
}
