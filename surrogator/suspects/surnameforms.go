package suspects

import "strings"

// ---- feminine forms of Slavic surnames ----
//
// The surname list holds the masculine form of Polish, Czech and Russian
// surnames ("Wiśniewski", "Novák", "Iwanow"); a woman bears the feminine
// one ("Wiśniewska", "Nováková", "Iwanowa"). feminineSurnames returns the
// feminine forms of a folded surname, which the lexicon lists as surnames
// too (unless they are words of another class).
func feminineSurnames(f string) []string {
	switch {
	case strings.HasSuffix(f, "ski"), strings.HasSuffix(f, "cki"), strings.HasSuffix(f, "dzki"):
		return []string{f[:len(f)-1] + "a"}
	case strings.HasSuffix(f, "sky"), strings.HasSuffix(f, "cky"):
		return []string{f[:len(f)-1] + "a"} // Czech "Dvorský" → "Dvorská" (folded)
	case strings.HasSuffix(f, "ow"), strings.HasSuffix(f, "ew"), strings.HasSuffix(f, "ov"), strings.HasSuffix(f, "ev"),
		strings.HasSuffix(f, "in") && len(f) > 5:
		return []string{f + "a"}
	case strings.HasSuffix(f, "ak"), strings.HasSuffix(f, "ek"), strings.HasSuffix(f, "ik"):
		return []string{f + "ova"} // Czech "Novák" → "Nováková" (folded: "novakova")
	}
	return nil
}
