package contact

import (
	"math/rand"
	"strconv"
	"strings"

	"github.com/surrogator/surrogator/surrogator/fictive"
)

// Phone numbers of one institution share prefixes: one area code and
// exchange, consecutive extensions ("0761 270-34010", fax "0761
// 270-34011", "0761 270-34099"). phoneSurrogate maps the subscriber part
// digit by digit with an offset that depends only on the original area
// code and the digits before it (a keyed, prefix-preserving map): two
// numbers that share a prefix share the surrogate of that prefix, numbers
// that differ in one digit differ in that digit, and consecutive
// extensions stay consecutive (modulo 10). The map is a bijection for
// each area code, so two originals never get one surrogate, and the same
// number written another way ("0761/27034010", "+49 761 270-34010") gets
// the same digits.

// phoneSurrogate renders the surrogate of the parsed number p written as
// original: the area code follows the location tree (phoneArea), the
// subscriber digits keep their count and the shared prefixes.
func phoneSurrogate(ctx *fictive.Context, original string, p phone) string {
	na := phoneArea(ctx, p)
	area := p.national[:p.areaLen]
	if na == "" {
		na = area // no area code (local number) or none could be drawn
	}
	base := phoneKey(phone{country: p.country, national: area})
	attempt := 0
	v := ctx.Scope.Memo(NSPhone, phoneKey(p), func(_ *rand.Rand) string {
		attempt++
		v := na + mapDigits(ctx, base, p.national[p.areaLen:], groupStarts(original, p), attempt)
		if v == p.national || avoided(ctx, renderPhoneArea(original, p, v, len(na))) {
			return ""
		}
		return v
	})
	if !strings.HasPrefix(v, na) || len(v)-len(na) != len(p.national)-p.areaLen {
		// Memo had to suffix a value (a tiny space): draw the digits again
		v = na + mapDigits(ctx, base, p.national[p.areaLen:], groupStarts(original, p), maxMapAttempt)
	}
	return renderPhoneArea(original, p, v, len(na))
}

// maxMapAttempt salts the digit map when Memo could not store a value.
const maxMapAttempt = 1 << 20

// mapDigits maps the subscriber digits sub: digit i moves by an offset
// drawn from (base, sub[:i], attempt). A digit 1–9 that starts the
// subscriber number or one of its written groups (starts: positions in
// sub) becomes another of 1–9 (no subscriber number or extension gains a
// leading 0: "270-65910" never becomes "602-08483"); attempt 1 is the shared map, a
// later attempt (a collision or an avoided value) salts it.
func mapDigits(ctx *fictive.Context, base, sub string, starts map[int]bool, attempt int) string {
	salt := ""
	if attempt > 1 {
		salt = strconv.Itoa(attempt)
	}
	out := make([]byte, len(sub))
	for i := 0; i < len(sub); i++ {
		r := ctx.Scope.Rand(NSPhoneDigit, base, sub[:i], salt)
		d := int(sub[i] - '0')
		if (i == 0 || starts[i]) && d >= 1 {
			out[i] = byte('1' + (d-1+1+r.Intn(8))%9) // never itself, never 0: 1–9 → 1–9
			continue
		}
		out[i] = byte('0' + (d+r.Intn(10))%10)
	}
	return string(out)
}

// groupStarts returns the positions in the subscriber digits of p (after
// the area code) where the written form original starts a digit group.
func groupStarts(original string, p phone) map[int]bool {
	subStart := len(p.prefix) + p.areaLen
	out := map[int]bool{}
	n := 0
	for _, g := range digitGroups(original) {
		if k := n - subStart; k > 0 && k < len(p.national)-p.areaLen {
			out[k] = true
		}
		n += len(g.digits)
	}
	return out
}
