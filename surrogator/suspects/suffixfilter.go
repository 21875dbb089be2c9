package suspects

// suffixFilter answers quickly whether a folded word may end in one of a
// list of suffixes (of three bytes or more): a bit per hash of the last
// three bytes, as the facility heads' headEndBits.
type suffixFilter [4096 / 64]uint64

func newSuffixFilter(lists ...[]string) *suffixFilter {
	f := new(suffixFilter)
	for _, l := range lists {
		for _, s := range l {
			if len(s) >= 3 {
				b := headEndBit(end3(s))
				f[b/64] |= 1 << (b % 64)
			}
		}
	}
	return f
}

// may: f may end in a listed suffix (false only when it does not).
func (sf *suffixFilter) may(f string) bool {
	if len(f) < 3 {
		return false
	}
	b := headEndBit(end3(f))
	return sf[b/64]&(1<<(b%64)) != 0
}
