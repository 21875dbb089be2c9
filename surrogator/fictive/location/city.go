package location

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/surrogator/surrogator/data"
	"github.com/surrogator/surrogator/surrogator/fictive"
	"github.com/surrogator/surrogator/surrogator/norm"
)

// splitSpace splits s into leading white space, the trimmed core and
// trailing white space.
func splitSpace(s string) (lead, core, trail string) {
	core = strings.TrimLeft(s, " \t\r\n\u00a0\u200b")
	lead = s[:len(s)-len(core)]
	t := strings.TrimRight(core, " \t\r\n\u00a0\u200b")
	return lead, t, core[len(t):]
}

// placeOf returns the tree place of the context's span, or a place built
// from text when the span is not part of the tree.
func placeOf(ctx *fictive.Context, g Gazetteer, text string) *place {
	if ctx.Doc != nil {
		if p := treeOf(ctx).of[ctx.Span]; p != nil {
			return p
		}
	}
	return newPlace(g, resolveCity(g, text))
}

// newPlace builds a place outside the document tree.
func newPlace(g Gazetteer, r resolvedName) *place {
	p := &place{name: r, key: norm.Fold(r.base)}
	if r.ok {
		pl := g.Place(r.id)
		p.resolved, p.id, p.state, p.class = true, r.id, pl.State, SizeClass(pl.Population)
	}
	return p
}

// citySurrogate returns the surrogate municipality name of p, memoised in
// fictive.NSCity under p.key: a municipality of the same state and a
// similar size class (any state for an unknown place).
func citySurrogate(ctx *fictive.Context, g Gazetteer, p *place) string {
	// Never choose a municipality that is itself an original of the scope.
	except := map[string]bool{}
	for k := range ctx.Scope.Entries(fictive.NSCity) {
		except[k] = true
	}
	v := memoPickExcept(ctx.Scope, fictive.NSCity, p.key, func() [][]string {
		var tiers [][]string
		switch {
		case !p.resolved && p.state != "":
			tiers = names(g, municipalityTiers(g, p.state, p.class, -1))
		case !p.resolved:
			tiers = names(g, municipalityTiers(g, "", 0, -1))
		default:
			tiers = names(g, municipalityTiers(g, p.state, p.class, p.id))
		}
		// A small geodata extract runs out of municipalities: the embedded
		// gazetteer's, same state first, keep the surrogates unique.
		if _, isEmbedded := g.(*embedded); !isEmbedded {
			emb := NewEmbedded(resOf(ctx))
			tiers = append(tiers, names(emb, municipalityTiers(emb, p.state, p.class, -1))...)
		}
		return tiers
	}, except, p.name.base)
	// Hosts and e-mail addresses spell umlauts as ae/oe/ue: make the
	// surrogate findable under that spelling as well.
	if alias := asciiFold(p.key); alias != p.key {
		if _, ok := ctx.Scope.Peek(fictive.NSCity, alias); !ok {
			ctx.Scope.Set(fictive.NSCity, alias, v)
		}
	}
	return v
}

// asciiFold transliterates German umlauts and ß: "münchen" → "muenchen".
func asciiFold(s string) string {
	return strings.NewReplacer("ä", "ae", "ö", "oe", "ü", "ue", "ß", "ss", "Ä", "Ae", "Ö", "Oe", "Ü", "Ue").Replace(s)
}

// surrogatePlace returns the gazetteer id of p's surrogate municipality.
func surrogatePlace(ctx *fictive.Context, g Gazetteer, p *place) (int, string, bool) {
	name := citySurrogate(ctx, g, p)
	id, ok := g.Lookup(name)
	return id, name, ok
}

// generateCity replaces a LOCATION_CITY span.
func generateCity(original string, ctx *fictive.Context) (string, error) {
	lead, core, trail := splitSpace(original)
	if core == "" {
		return "", fmt.Errorf("location: empty city span")
	}
	g := gazetteerOf(ctx)
	p := placeOf(ctx, g, core)
	prefix := ""
	if _, rest, ok := splitZipCity(core); ok {
		// "04103 Leipzig" in one span: the postcode follows the city.
		b, e := digitRun(core)
		code := core[b:e]
		v := code
		if len(code) == 5 {
			v = memoPick(ctx.Scope, fictive.NSZip, code, func() [][]string { return zipTiers(ctx, g, p, code) })
		}
		prefix = core[:b] + v + core[e:len(core)-len(rest)]
		core = rest
	}
	rn := resolveCity(g, core)
	form := rn.form
	if !rn.ok && form.kind == formBase && ctx.Doc != nil && looksAdjective(core, ctx.After(40)) {
		// An unknown place used as an adjective ("Musterstädter Klinik").
		form.kind = formAdjective
	}
	out := prefix + render(citySurrogate(ctx, g, p), form)
	if data.Fold(out) == data.Fold(prefix+core) {
		return "", fmt.Errorf("location: city surrogate equals the original")
	}
	return lead + out + trail, nil
}

// City returns the surrogate of a municipality named inside another span
// (an e-mail or URL host, a facility name), creating it on first use
// exactly as the LOCATION_CITY generator would, so that "uni-leipzig.de"
// and "Leipzig" agree in whatever order the spans come. name may be
// written in any case or with ae/oe/ue for umlauts, as a genitive or as
// an inhabitant adjective; the result is the surrogate's base name. It
// reports false when name is not a municipality of the gazetteer.
func City(ctx *fictive.Context, name string) (string, bool) {
	if ctx == nil || ctx.Scope == nil {
		return "", false
	}
	g := gazetteerOf(ctx)
	r := resolveCity(g, name)
	if !r.ok {
		return "", false
	}
	return citySurrogate(ctx, g, newPlace(g, r)), true
}

// looksAdjective reports whether an unknown place name is written as an
// inhabitant adjective: it ends in "er" and a capitalised noun follows.
func looksAdjective(name, after string) bool {
	l := strings.ToLower(name)
	if !strings.HasSuffix(l, "er") || utf8.RuneCountInString(name) < 5 || strings.ContainsAny(name, " -") {
		return false
	}
	after = strings.TrimLeft(after, " \u00a0")
	r, _ := utf8.DecodeRuneInString(after)
	return unicode.IsUpper(r)
}
