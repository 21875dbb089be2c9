package kinds

// Kept reports whether the kind is kept as written by default (whatever
// the value; see KeepUpToMaxAge for AGE).
func (r Rules) Kept() bool { return r.Default != Replace }

// Table returns the rules of every kind in specification order (a copy;
// for the tests).
func Table() []Rules { return append([]Rules(nil), rules...) }
