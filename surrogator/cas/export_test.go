package cas

import "github.com/surrogator/surrogator/surrogator/document"

// ForgetPlacement drops the placement Extract cached for Rebase (tests).
func ForgetPlacement(l *Layers) { l.of, l.onSofa, l.onSofaAt, l.sofaRaw = nil, nil, nil, nil }

// PlacementCached reports whether Rebase will use Extract's placement.
func PlacementCached(l *Layers) bool { return l.placedStill() }

// ExtractReference is Extract as it was at commit c7d9d5b (reference_test.go).
func ExtractReference(c *CAS, cfg PHIConfig) (*Extracted, error) { return extractReference(c, cfg) }

// ReferenceLayers returns l re-basing (in place or on a copy) as Rebase
// did at commit c7d9d5b.
func ReferenceLayers(l *Layers) document.Layers { return referenceLayers{l} }

// OnSofa returns the placement Extract cached: per annotation on the
// sofa its index in CAS.FS and its UTF-16 and byte offsets.
func OnSofa(l *Layers) [][5]int {
	out := make([][5]int, len(l.onSofa))
	for k, a := range l.onSofa {
		i := l.onSofaAt[k]
		if a.fs != l.CAS.FS[i] {
			panic("cas: cached placement out of date")
		}
		out[k] = [5]int{i, a.b16, a.e16, a.b, a.e}
	}
	return out
}
