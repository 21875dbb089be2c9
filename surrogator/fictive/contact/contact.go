package contact

import (
	"errors"
	"math/rand"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/surrogator/surrogator/surrogator/fictive"
	"github.com/surrogator/surrogator/surrogator/fictive/location"
	"github.com/surrogator/surrogator/surrogator/kinds"
	"github.com/surrogator/surrogator/surrogator/norm"
)

// Namespaces of the consistency scope owned by this package.
const (
	NSID         = "id"          // folded ID → surrogate ID
	NSIBAN       = "iban"        // compact IBAN → compact surrogate IBAN
	NSBIC        = "bic"         // BIC → surrogate BIC
	NSPhone      = "phone"       // "+49:<national number>" → surrogate national number (phone and fax)
	NSPhoneArea  = "phone-area"  // "+49:<area code>" → surrogate area code
	NSPhoneDigit = "phone-digit" // "+49:<area>:<subscriber prefix>" → a digit offset (see phoneSurrogate)
	NSEmail      = "email"       // folded address → surrogate address
	NSURL        = "url"         // folded URL → surrogate URL
	NSUsername   = "username"    // folded user name → surrogate user name
)

// Install adds the ID, user-name, phone, fax, e-mail, URL and age
// generators to a run's table.
func Install(t fictive.Generators) {
	t.Add(ID, kinds.ID)
	t.Add(Username, kinds.NameUsername)
	t.Add(Phone, kinds.ContactPhone, kinds.ContactFax)
	t.Add(Email, kinds.ContactEmail)
	t.Add(URL, kinds.ContactURL)
	t.Add(Age, kinds.Age)
}

var (
	errNoScope = errors.New("contact: context without scope")
	errEmpty   = errors.New("contact: empty original")
	errNoAlnum = errors.New("contact: original has no letters or digits to replace")
)

func check(original string, ctx *fictive.Context) error {
	if ctx == nil || ctx.Scope == nil {
		return errNoScope
	}
	if strings.TrimSpace(original) == "" {
		return errEmpty
	}
	for _, c := range original {
		if unicode.IsLetter(c) || unicode.IsDigit(c) {
			return nil
		}
	}
	return errNoAlnum
}

// avoided wraps Scope.Avoid for a rendered value.
func avoided(ctx *fictive.Context, v string) bool {
	return ctx.Scope.Avoid != nil && ctx.Scope.Avoid(v)
}

// knownPrefixes are leading letter groups of IDs that identify nobody and
// are kept: country codes and common labels.
var knownPrefixes = map[string]bool{
	"DE": true, "AT": true, "CH": true, "KV": true, "IK": true, "ID": true, "PID": true, "FID": true,
	"NR": true, "BSNR": true, "LANR": true, "VNR": true, "FALL": true, "PAT": true,
}

// idPrefix returns the length in bytes of a kept prefix of s: a known
// letter group followed by a non-letter and further letters or digits.
func idPrefix(s string) int {
	i := 0
	for i < len(s) && ((s[i] >= 'A' && s[i] <= 'Z') || (s[i] >= 'a' && s[i] <= 'z')) {
		i++
	}
	if i == 0 || i == len(s) || !knownPrefixes[strings.ToUpper(s[:i])] {
		return 0
	}
	if c, _ := utf8.DecodeRuneInString(s[i:]); unicode.IsLetter(c) {
		return 0
	}
	for _, c := range s[i:] {
		if unicode.IsLetter(c) || unicode.IsDigit(c) {
			return i
		}
	}
	return 0
}

// ID is the generator of kind ID: IBAN, BIC or character-class pattern.
func ID(original string, ctx *fictive.Context) (string, error) {
	if err := check(original, ctx); err != nil {
		return "", err
	}
	label, value := splitLabel(original)
	if ibanWritten(value) {
		c := compactIBAN(value)
		v := ctx.Scope.Memo(NSIBAN, c, func(r *rand.Rand) string {
			v := newIBANLike(c, r)
			if avoided(ctx, renderLike(value, v)) {
				return ""
			}
			return v
		})
		return label + renderLike(value, v), nil
	}
	if isBIC(value) {
		group := ibanGroupOf(ctx)
		return label + ctx.Scope.Memo(NSBIC, value, func(r *rand.Rand) string {
			v := newBICLike(value, r)
			if value[4:6] == "DE" {
				v = germanBIC(value, group, r)
			}
			if avoided(ctx, v) {
				return ""
			}
			return v
		}), nil
	}
	if v, ok := structuredID(original, ctx); ok {
		return v, nil
	}
	n := idPrefix(original)
	key := norm.Fold(original)
	attempt := 0
	var links *idLinks
	if n == 0 {
		links = linksOf(ctx) // a town's or facility's letters (kfz.go)
	}
	v := ctx.Scope.Memo(NSID, key, func(r *rand.Rand) string {
		// Memo compares lower-cased values with the key; white-space
		// variants must be rejected here.
		attempt++
		mo, mn := original, n
		if links != nil {
			if p, c, ok := links.linkedPrefix(original, r); ok {
				mo, mn = p+original[c:], len(p)
			}
		}
		if v := genericID(mo, mn, ctx, r, attempt > 4); norm.Fold(v) != key {
			return v
		}
		return ""
	})
	return reshape(original, v), nil
}

// memoPlan memoises the rendering of p under (ns, folded original),
// escalating the rendering level when a result collides or equals the
// original.
func memoPlan(ctx *fictive.Context, ns, original string, p plan) string {
	key := norm.Fold(original)
	attempt := 0
	v := ctx.Scope.Memo(ns, key, func(r *rand.Rand) string {
		level := min(attempt, 2)
		attempt++
		out := p.render(r, level)
		for level < 2 && norm.Fold(out) == key {
			level++
			out = p.render(r, level)
		}
		if norm.Fold(out) == key || avoided(ctx, out) {
			return ""
		}
		return out
	})
	return reshape(original, v)
}

// Username is the generator of NAME_USERNAME.
func Username(original string, ctx *fictive.Context) (string, error) {
	if err := check(original, ctx); err != nil {
		return "", err
	}
	lx := newLexicon(ctx)
	p := planTokens(original, lx, tokenOpts{})
	markPersons(p, lx) // "AS/kl": the signing doctor's surrogate initials
	p = append(p, part{kind: pExtra})
	return memoPlan(ctx, NSUsername, original, p), nil
}

// Email is the generator of CONTACT_EMAIL.
func Email(original string, ctx *fictive.Context) (string, error) {
	if err := check(original, ctx); err != nil {
		return "", err
	}
	lx := newLexicon(ctx)
	p, ok := planEmail(original, lx)
	if !ok {
		// not an address: keep its shape
		p = append(planTokens(original, lx, tokenOpts{ascii: true}), part{kind: pExtra})
	}
	return memoPlan(ctx, NSEmail, original, p), nil
}

// URL is the generator of CONTACT_URL.
func URL(original string, ctx *fictive.Context) (string, error) {
	if err := check(original, ctx); err != nil {
		return "", err
	}
	lx := newLexicon(ctx)
	return memoPlan(ctx, NSURL, original, planURL(original, lx)), nil
}

// Phone is the generator of CONTACT_PHONE and CONTACT_FAX.
func Phone(original string, ctx *fictive.Context) (string, error) {
	if err := check(original, ctx); err != nil {
		return "", err
	}
	p, ok := parsePhone(original)
	if !ok || p.national == "" {
		// no digits (or only a prefix): keep the letter pattern
		key := norm.Fold(original)
		v := ctx.Scope.Memo(NSPhone, key, func(r *rand.Rand) string {
			if v := randomLike(original, r); norm.Fold(v) != key {
				return v
			}
			return ""
		})
		return reshape(original, v), nil
	}
	return phoneSurrogate(ctx, original, p), nil
}

// phoneArea returns the scope's surrogate of the area code of p ("" when
// p has none).
func phoneArea(ctx *fictive.Context, p phone) (na string) {
	if p.areaLen == 0 {
		return ""
	}
	area := p.national[:p.areaLen]
	if p.country != "49" && p.areaLen == 1 {
		return area // a one-digit foreign prefix (Dutch mobile 6) names no place
	}
	key := "+" + p.country + ":" + area
	if p.country == "49" && !isMobile(area) && !isService(area) {
		// A landline follows the location tree: the area code of the
		// surrogate of its place (address block, else the place with that
		// code). Set, not Memo: two places may share a code.
		if v, ok := ctx.Scope.Peek(NSPhoneArea, key); ok {
			na = v
		} else if code, ok := location.AreaCodeSurrogate(ctx, area); ok && len(code) < len(p.national)-1 {
			ctx.Scope.Set(NSPhoneArea, key, code)
			na = code
		}
		if na != "" {
			return na
		}
	}
	attempt := 0
	na = ctx.Scope.Memo(NSPhoneArea, key, func(r *rand.Rand) string {
		attempt++
		v := newArea(p, r, attempt)
		if v == area && !isService(area) {
			return ""
		}
		return v
	})
	if len(na) != len(area) {
		return ""
	}
	return na
}
