package suspects

import (
	"regexp"
	"regexp/syntax"
	"unicode/utf8"
)

// firstRunes is the set of runes a match of an expression can start with,
// read off its compiled program: an anchored expression is not run at a
// position whose rune starts no match (Go's backtracker tries every
// branch of an alternation there before it fails).
type firstRunes struct {
	// all: the empty string may match (or the program could not be
	// read): any position may start a match
	all bool
	// low answers for the runes below lowRunes, insts for the others
	low   [lowRunes]bool
	insts []*syntax.Inst
}

// lowRunes covers ASCII, Latin-1 and Latin Extended-A/B, the runes of
// German text.
const lowRunes = 0x250

// firstRunesOf returns the first runes of re's matches.
func firstRunesOf(re *regexp.Regexp) *firstRunes {
	f := &firstRunes{}
	p, err := syntax.Parse(re.String(), syntax.Perl)
	if err != nil {
		f.all = true
		return f
	}
	prog, err := syntax.Compile(p.Simplify())
	if err != nil {
		f.all = true
		return f
	}
	seen := make([]bool, len(prog.Inst))
	var walk func(pc uint32)
	walk = func(pc uint32) {
		if seen[pc] || f.all {
			return
		}
		seen[pc] = true
		i := &prog.Inst[pc]
		switch i.Op {
		case syntax.InstAlt, syntax.InstAltMatch:
			walk(i.Out)
			walk(i.Arg)
		case syntax.InstCapture, syntax.InstNop, syntax.InstEmptyWidth:
			// an empty-width assertion may hold: the runes after it
			walk(i.Out)
		case syntax.InstMatch:
			f.all = true
		case syntax.InstFail:
		case syntax.InstRune, syntax.InstRune1, syntax.InstRuneAny, syntax.InstRuneAnyNotNL:
			f.insts = append(f.insts, i)
		default:
			f.all = true
		}
	}
	walk(uint32(prog.Start))
	if f.all {
		return f
	}
	for c := rune(0); c < lowRunes; c++ {
		f.low[c] = f.matchRune(c)
	}
	return f
}

func (f *firstRunes) matchRune(c rune) bool {
	for _, i := range f.insts {
		if i.MatchRune(c) {
			return true
		}
	}
	return false
}

// may reports whether a match may start at the start of s (any s that
// is empty: the expression decides).
func (f *firstRunes) may(s string) bool {
	if f.all || s == "" {
		return true
	}
	c := rune(s[0])
	if c >= utf8.RuneSelf {
		c, _ = utf8.DecodeRuneInString(s)
	}
	if c < lowRunes {
		return f.low[c]
	}
	return f.matchRune(c)
}
