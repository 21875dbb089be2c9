package cas

// ForgetPlacement drops the placement Extract cached for Rebase (tests).
func ForgetPlacement(l *Layers) { l.of, l.onSofa = nil, nil }

// PlacementCached reports whether Rebase will use Extract's placement.
func PlacementCached(l *Layers) bool { return l.placedStill() }
