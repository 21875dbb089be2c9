package location

import (
	_ "embed"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/surrogator/surrogator/embed"
	"github.com/surrogator/surrogator/surrogator/fictive"
	fac "github.com/surrogator/surrogator/surrogator/fictive/facility"
	"github.com/surrogator/surrogator/surrogator/norm"
)

// Roles within a facility type (issue 24, the blind reading's tells): a
// type keeps what a reader sees, a role what the institution does for the
// patient. A district's Betreuungsstelle and a Polizeiinspektion are both
// authorities, a landlord's housing company and a sheltered workshop both
// companies, a Betreuungsverein and a sports club both associations; a
// surrogate that swaps them gives the letter away. roles.tsv names the
// roles of a class by the words of the name (and, for a name that shows
// none, by the sentence before it: "Vermieter ist die …"), and the
// templates of each role with the towns that can have such an
// institution (size, state, kreisfrei or not). The template path draws
// from the role's templates, the pools path rejects candidates of another
// role, and an office of a district is named after the surrogate's
// district ("Betreuungsbehörde des Landkreises Emsland").

//go:embed roles.tsv
var rolesTSV string

//go:embed insurers_open.tsv
var insurersOpenTSV string

// roleKey is one key of a role row: where 'i', 'p', 's' or 'w' (as the
// taxonomy's rules) and a folded key, several words joined by blanks.
type roleKey struct {
	where byte
	key   string
}

// roleRule is an R row.
type roleRule struct {
	role  string
	class fac.Class
	keys  []roleKey
	dflt  bool
}

// roleCue is a C row: folded words or phrases before the span.
type roleCue struct {
	role string
	cues []string
}

// roleTemplate is a T row.
type roleTemplate struct {
	role           string
	minPop, maxPop int
	flag           string // "kf", "lk", "bz", "gm" or ""
	states         []string
	tpl            string
}

// roleLexicon is roles.tsv parsed.
type roleLexicon struct {
	rules      []roleRule
	cues       []roleCue
	classOf    map[string]fac.Class // role → class
	templates  map[string][]string  // role → templates, in file order
	byTemplate map[string]roleTemplate
	// keep are the roles of K rows (ownWording)
	keep map[string]bool
	// areas are the A rows: area → districts
	areas map[string]map[string]bool
	// open is insurers_open.tsv: official name → states ("*" every, empty closed)
	open map[string][]string
}

// roles returns the embedded role lexicon, parsed once (immutable; a
// malformed embedded file is a build defect that TestRoleLexicon reports).
var roles = sync.OnceValue(func() *roleLexicon {
	l, err := parseRoles(rolesTSV, insurersOpenTSV)
	if err != nil {
		panic(err)
	}
	return l
})

// parseRoles reads roles.tsv and insurers_open.tsv.
func parseRoles(src, open string) (*roleLexicon, error) {
	l := &roleLexicon{classOf: map[string]fac.Class{}, templates: map[string][]string{}, byTemplate: map[string]roleTemplate{}, open: map[string][]string{}, areas: map[string]map[string]bool{}, keep: map[string]bool{}}
	for n, line := range strings.Split(src, "\n") {
		if line = strings.TrimRight(line, "\r"); line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		bad := func(why string) error { return fmt.Errorf("location: roles.tsv:%d: %s", n+1, why) }
		switch {
		case f[0] == "R" && len(f) == 4:
			c, ok := fac.ParseClass(f[2])
			if !ok {
				return nil, bad("unknown class " + f[2])
			}
			if old, ok := l.classOf[f[1]]; ok && old != c {
				return nil, bad("role " + f[1] + " of two classes")
			}
			l.classOf[f[1]] = c
			r := roleRule{role: f[1], class: c}
			for _, k := range strings.Fields(f[3]) {
				if k == "*" {
					r.dflt = true
					continue
				}
				if len(k) < 3 || k[1] != ':' || !strings.ContainsRune("ipsw", rune(k[0])) {
					return nil, bad("key " + k)
				}
				r.keys = append(r.keys, roleKey{k[0], strings.ReplaceAll(k[2:], "_", " ")})
			}
			l.rules = append(l.rules, r)
		case f[0] == "K" && len(f) == 2:
			if _, ok := l.classOf[f[1]]; !ok {
				return nil, bad("K row of unknown role " + f[1])
			}
			l.keep[f[1]] = true
		case f[0] == "A" && len(f) == 3:
			l.areas[f[1]] = map[string]bool{}
			for _, d := range strings.Split(f[2], ",") {
				l.areas[f[1]][d] = true
			}
		case f[0] == "C" && len(f) == 3:
			if _, ok := l.classOf[f[1]]; !ok {
				return nil, bad("cue of unknown role " + f[1])
			}
			c := roleCue{role: f[1]}
			for _, w := range strings.Fields(f[2]) {
				c.cues = append(c.cues, strings.ReplaceAll(w, "_", " "))
			}
			l.cues = append(l.cues, c)
		case f[0] == "T" && len(f) == 7:
			if _, ok := l.classOf[f[1]]; !ok {
				return nil, bad("template of unknown role " + f[1])
			}
			lo, err1 := strconv.Atoi(f[2])
			hi, err2 := strconv.Atoi(f[3])
			if err1 != nil || err2 != nil {
				return nil, bad("population bounds")
			}
			t := roleTemplate{role: f[1], minPop: lo, maxPop: hi, tpl: f[6]}
			switch f[4] {
			case "kf", "lk", "bz", "gm":
				t.flag = f[4]
			case "-":
			default:
				return nil, bad("flag " + f[4])
			}
			if f[5] != "-" {
				t.states = strings.Split(f[5], ",")
				for _, st := range t.states {
					if _, area, ok := strings.Cut(st, ":"); ok && l.areas[strings.TrimPrefix(area, "!")] == nil {
						return nil, bad("unknown area " + area + " (its A row must come first)")
					}
				}
			}
			if _, dup := l.byTemplate[t.tpl]; dup {
				// one template may serve two size bands ("Stadt {city}"):
				// the bands are joined
				old := l.byTemplate[t.tpl]
				if old.role != t.role || old.flag != t.flag || strings.Join(old.states, ",") != strings.Join(t.states, ",") {
					return nil, bad("template " + t.tpl + " twice with other constraints")
				}
				old.minPop = min(old.minPop, t.minPop)
				if old.maxPop == 0 || t.maxPop == 0 {
					old.maxPop = 0
				} else {
					old.maxPop = max(old.maxPop, t.maxPop)
				}
				l.byTemplate[t.tpl] = old
				continue
			}
			l.byTemplate[t.tpl] = t
			l.templates[t.role] = append(l.templates[t.role], t.tpl)
		default:
			return nil, bad("want R ROLE CLASS KEYS, C ROLE CUES or T ROLE MINPOP MAXPOP FLAGS STATES TEMPLATE")
		}
	}
	for _, line := range strings.Split(open, "\n") {
		if line = strings.TrimRight(line, "\r"); line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, states, ok := strings.Cut(line, "\t")
		if !ok {
			return nil, fmt.Errorf("location: insurers_open.tsv: %q: want NAME<TAB>STATES", line)
		}
		switch states {
		case "-":
			l.open[name] = nil
		default:
			l.open[name] = strings.Split(states, ",")
		}
	}
	return l, nil
}

// roleWords are the folded words of a name after the taxonomy's
// expansion, joined and framed by blanks.
func roleWords(name string) (words []string, joined string) {
	words = embed.Fold(fac.Expand(name))
	return words, " " + strings.Join(words, " ") + " "
}

func (k roleKey) matches(words []string, joined string) bool {
	if strings.Contains(k.key, " ") {
		switch k.where {
		case 'w':
			return strings.Contains(joined, " "+k.key+" ")
		case 'p':
			return strings.Contains(joined, " "+k.key)
		case 's':
			return strings.Contains(joined, k.key+" ")
		}
		return strings.Contains(joined, k.key)
	}
	for _, w := range words {
		switch k.where {
		case 'i':
			if strings.Contains(w, k.key) {
				return true
			}
		case 'p':
			if strings.HasPrefix(w, k.key) {
				return true
			}
		case 's':
			if strings.HasSuffix(w, k.key) {
				return true
			}
		case 'w':
			if w == k.key {
				return true
			}
		}
	}
	return false
}

// roleOf returns the role a name of class c shows ("" none: the class has
// no roles), the class's default role when it shows no other.
func roleOf(name string, c fac.Class) string {
	l := roles()
	words, joined := roleWords(name)
	dflt := ""
	for _, r := range l.rules {
		if r.class != c {
			continue
		}
		if r.dflt && dflt == "" {
			dflt = r.role
		}
		for _, k := range r.keys {
			if k.matches(words, joined) {
				return r.role
			}
		}
	}
	return dflt
}

// roleShown reports whether the name's own words show role r (not only
// the class default).
func roleShown(name string, c fac.Class) bool {
	l := roles()
	words, joined := roleWords(name)
	for _, r := range l.rules {
		if r.class != c {
			continue
		}
		for _, k := range r.keys {
			if k.matches(words, joined) {
				return true
			}
		}
	}
	return false
}

// originalRole is the role of an original of class c: the role its words
// show, else the one the sentence before it gives ("Vermieter ist die
// [[Lindner GmbH]]"), else the class's default.
func originalRole(core string, c fac.Class, before string) string {
	r := roleOf(core, c)
	if r == "" || roleShown(core, c) || before == "" {
		return r
	}
	_, joined := roleWords(before)
	// the nearest cue wins: the last one in the text before the span
	best, at := "", -1
	for _, cue := range roles().cues {
		if roles().classOf[cue.role] != c {
			continue
		}
		for _, w := range cue.cues {
			if i := strings.LastIndex(joined, " "+w+" "); i > at {
				best, at = cue.role, i
			}
		}
	}
	if best != "" {
		return best
	}
	return r
}

// roleTemplates returns the templates of role r (nil: the role has none).
func roleTemplates(r string) []string {
	if r == "" {
		return nil
	}
	return roles().templates[r]
}

// roleConstraint returns the constraint row of a template of roles.tsv.
func roleConstraint(tpl string) (roleTemplate, bool) {
	t, ok := roles().byTemplate[tpl]
	return t, ok
}

// roleFits reports whether a role template can name an institution of
// municipality id (its size, state and district status).
func roleFits(g Gazetteer, t roleTemplate, id int) bool {
	pl := g.Place(id)
	if t.minPop > 0 && pl.Population < t.minPop || t.maxPop > 0 && pl.Population >= t.maxPop {
		return false
	}
	if len(t.states) > 0 {
		ok := false
		for _, s := range t.states {
			s, area, hasArea := strings.Cut(s, ":")
			if stateKey(s) != stateKey(pl.State) {
				continue
			}
			if !hasArea {
				ok = true
				continue
			}
			d, _ := districtName(g, id)
			in := roles().areas[strings.TrimPrefix(area, "!")][d]
			ok = ok || in != strings.HasPrefix(area, "!")
		}
		if !ok {
			return false
		}
	}
	bezirk := strings.HasPrefix(strings.TrimSpace(pl.District), "Bezirk ")
	if t.flag == "bz" && !bezirk || t.flag == "gm" && bezirk {
		return false
	}
	if strings.Contains(t.tpl, "{dgen}") || strings.Contains(t.tpl, "{kreis}") || t.flag == "kf" || t.flag == "lk" {
		d, kreisfrei := districtName(g, id)
		if d == "" || t.flag == "kf" && !kreisfrei || t.flag == "lk" && kreisfrei {
			return false
		}
		if strings.Contains(t.tpl, "{dgen}") && districtGenitive(g, id) == "" {
			return false
		}
	}
	return true
}

// districtGenitive is the genitive phrase of municipality id's district
// as an office's name writes it: "des Landkreises Osnabrück", "des
// Kreises Wesel", "des Erzgebirgskreises", "der Region Hannover", "der
// Stadt Emden" for a kreisfreie Stadt ("" when the gazetteer does not
// know the district or its form).
func districtGenitive(g Gazetteer, id int) string {
	d, kreisfrei := districtName(g, id)
	if d == "" {
		return ""
	}
	if kreisfrei {
		return "der Stadt " + facilityTown(g, g.Place(id).Name, nil)
	}
	for _, p := range []struct{ prefix, gen string }{
		{"Landkreis ", "des Landkreises "}, {"Kreis ", "des Kreises "}, {"Rhein-Kreis ", "des Rhein-Kreises "}, {"Region ", "der Region "},
		{"Städteregion ", "der Städteregion "}, {"Regionalverband ", "des Regionalverbands "},
	} {
		if rest, ok := strings.CutPrefix(d, p.prefix); ok {
			return p.gen + rest
		}
	}
	if !strings.Contains(d, " ") && strings.HasSuffix(d, "kreis") {
		return "des " + d + "es" // "des Erzgebirgskreises", "des Rhein-Sieg-Kreises"
	}
	if st := g.Place(id).State; st != "" {
		if rest, ok := strings.CutPrefix(d, st+" "); ok {
			return "des Bezirksamts " + rest // a district of Berlin or Hamburg
		}
	}
	return ""
}

// fillRoleDistrict fills a template's {dgen} and {kreis} for municipality
// id (the other placeholders stay).
func fillRoleDistrict(g Gazetteer, tpl string, id int) string {
	if id < 0 || !strings.Contains(tpl, "{dgen}") && !strings.Contains(tpl, "{kreis}") {
		return tpl
	}
	d, _ := districtName(g, id)
	tpl = strings.ReplaceAll(tpl, "{dgen}", districtGenitive(g, id))
	if st := g.Place(id).State; st != "" {
		if rest, ok := strings.CutPrefix(d, st+" "); ok {
			d = rest
		}
	}
	for _, p := range []string{"Region ", "Städteregion ", "Regionalverband "} {
		d = strings.TrimPrefix(d, p) // "Sparkasse Hannover", not "Sparkasse Region Hannover"
	}
	return strings.ReplaceAll(tpl, "{kreis}", facilityTown(g, kreisName(d), nil))
}

// roleFilter keeps the templates of role r among templates (their own
// role read from the template filled with neutral words); all when none
// has it or r is "".
func roleFilter(r string, templates []string, gc *geoCache) []string {
	if r == "" {
		return templates
	}
	var out []string
	for _, t := range templates {
		if roleOf(templateFill.Replace(t), templateClass(gc, t)) == r {
			out = append(out, t)
		}
	}
	if len(out) == 0 {
		return templates
	}
	return out
}

// insurerOpen reports whether a statutory insurer of the register takes
// members in state st ("" unknown: only one open nationwide): an insurer
// insurers_open.tsv does not list is open to everyone, a regional body
// (an AOK: its STATE in the register) only in the states it covers.
func insurerOpen(e regEntry, st string) bool {
	states, listed := roles().open[e.Name]
	if !listed {
		return e.State == "" || st == "" || covers(e, st)
	}
	for _, s := range states {
		if s == "*" || st != "" && stateKey(s) == stateKey(st) {
			return true
		}
	}
	return false
}

// beforeSpan is the text before the context's span (n bytes at most; ""
// without a document).
func beforeSpan(ctx *fictive.Context, n int) string {
	if ctx == nil || ctx.Doc == nil {
		return ""
	}
	return ctx.Before(n)
}

// withRole narrows a class's templates to the original's role: the role's
// own templates when roles.tsv has them, else the class's templates that
// show the role (all when none does).
func withRole(r string, templates []string, gc *geoCache) []string {
	if rt := roleTemplates(r); len(rt) > 0 {
		return rt
	}
	return roleFilter(r, templates, gc)
}

// roleOffice names the office of role r of municipality id from the
// role's templates (authority.go): one that fits the town, of a head
// gender the article before the span takes, preferably with the
// original's head word ("Betreuungsstelle …" stays a Betreuungsstelle);
// ok false when the role has no template the town can have.
func roleOffice(ctx *fictive.Context, g Gazetteer, f facility, core string, id int) (string, bool) {
	var fit []string
	for _, t := range roleTemplates(f.role) {
		rc, _ := roleConstraint(t)
		if !roleFits(g, rc, id) {
			continue
		}
		if f.genders != 0 && !f.genders.Has(fac.HeadGender(templateFill.Replace(t))) {
			continue
		}
		fit = append(fit, t)
	}
	if len(fit) == 0 {
		return "", false
	}
	head := func(s string) string {
		w := embed.Fold(s)
		if len(w) == 0 {
			return ""
		}
		return w[0]
	}
	var same []string
	for _, t := range fit {
		if head(t) == head(core) {
			same = append(same, t)
		}
	}
	if len(same) > 0 {
		fit = same
	}
	r := ctx.Scope.Rand("location.role.office", norm.Fold(core))
	t := fillRoleDistrict(g, fit[r.Intn(len(fit))], id)
	return strings.ReplaceAll(t, "{city}", facilityTown(g, g.Place(id).Name, allowed(ctx.Scope))), true
}

// roleUsesDistrict reports whether a role's templates name the district.
func roleUsesDistrict(r string) bool {
	for _, t := range roleTemplates(r) {
		if strings.Contains(t, "{dgen}") || strings.Contains(t, "{kreis}") {
			return true
		}
	}
	return false
}

// ownWording is the original's own wording with its town replaced by the
// surrogate town, for a role of a K row ("Selbsthilfegruppe Rheuma
// Rottenburg" → "Selbsthilfegruppe Rheuma Waldkirch": the group's topic,
// the counselling's carrier stay), when the original names one town and
// nothing else of its own (no person, no other proper noun); ok false
// otherwise.
func ownWording(g Gazetteer, f facility, core, town string) (string, bool) {
	if !roles().keep[f.role] || len(f.cities) != 1 || len(f.persons) > 0 || town == "" {
		return "", false
	}
	v := placeCity(g, core, town)
	if v == core {
		return "", false
	}
	own := map[string]bool{}
	for _, w := range embed.Fold(town) {
		own[w] = true
	}
	for _, w := range fac.ProperNouns(v) {
		if !own[w] {
			return "", false
		}
	}
	if c := fac.Classify(v); c != fac.Classify(core) || roleOf(v, c) != f.role {
		return "", false
	}
	return v, true
}
