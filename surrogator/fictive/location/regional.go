package location

import (
	"strings"

	"github.com/surrogator/surrogator/surrogator/fictive"
	fac "github.com/surrogator/surrogator/surrogator/fictive/facility"
	"github.com/surrogator/surrogator/surrogator/kinds"
)

// Regional bodies and accident insurers (issue 24, the blind reading's
// tells).
//
// A regional body (an AOK, a Medizinischer Dienst, a regional carrier of
// the Deutsche Rentenversicherung, an Unfallkasse, a Kassenärztliche
// Vereinigung, a Landesärztekammer, a state office for social affairs or
// for Beihilfe) serves the insured of one state. Its surrogate belongs to
// the state the letter's surrogate places are in: the original body's
// state under the default state policy (states are kept, and so is the
// relation between the body's state and the patient's), its surrogate
// with --replace-state. Where the kept state has fewer than
// minRegisterChoice other bodies of the family that the run may use (one
// AOK per state, and the original is never its own surrogate; two would
// swap and point back to the original's region), it is drawn nationwide
// (SPEC §6 wants a real institution; issue 24: a stateless spelling was a
// tell): a body serving every state (a statutory insurer open where the
// patient lives, DRV Bund), else one of the family in another state; the
// family's stateless spelling ("AOK", "Medizinischer Dienst") remains only
// when the register has none free. Nationwide bodies (Ersatzkassen, DRV
// Bund, Knappschaft, Berufsgenossenschaften) are unaffected. A court of the
// letter's state is treated alike (courtChoice).
//
// An accident insurer's surrogate fits the work the letter describes: a
// Berufsgenossenschaft covers one industry, so another one would name
// another trade ("BGN" for a nurse). The original's own industry is what
// the letter says about that mention; its surrogate is the public accident
// insurer (Unfallkasse) of the surrogate state where that industry is also
// public work (health care, administration, construction), the federal
// one for administration and transport, else (a letter naming no work)
// another Berufsgenossenschaft, else the stateless "Berufsgenossenschaft".
// An Unfallkasse becomes another public insurer of the state, else the
// Berufsgenossenschaft of a profession the letter names, else the public
// insurer of another state. Never the original, never an industry the
// letter's professions contradict.

// regionalClasses are the classes whose register entries with a state
// serve that state only.
func regionalClass(c fac.Class) bool {
	return c == fac.InsurerStatutory || c == fac.PensionCarrier || c == fac.AccidentInsurer || c == fac.AuthorityOther || c == fac.Association
}

// alsoCovers lists the further states of bodies that serve several (the
// register's STATE column holds the seat's).
var alsoCovers = map[string][]string{
	"AOK PLUS":                                       {"Thüringen"},
	"AOK Nordost":                                    {"Berlin", "Mecklenburg-Vorpommern"},
	"AOK NordWest":                                   {"Schleswig-Holstein"},
	"AOK Rheinland/Hamburg":                          {"Hamburg"},
	"AOK Rheinland-Pfalz/Saarland":                   {"Saarland"},
	"Medizinischer Dienst Nord":                      {"Schleswig-Holstein"},
	"Medizinischer Dienst Berlin-Brandenburg":        {"Berlin"},
	"Deutsche Rentenversicherung Nord":               {"Hamburg", "Mecklenburg-Vorpommern"},
	"Deutsche Rentenversicherung Mitteldeutschland":  {"Thüringen", "Sachsen-Anhalt"},
	"Deutsche Rentenversicherung Berlin-Brandenburg": {"Berlin"},
	"Deutsche Rentenversicherung Oldenburg-Bremen":   {"Bremen"},
	"Unfallkasse Nord":                               {"Hamburg"},
	"Landessozialgericht Niedersachsen-Bremen":       {"Bremen"},
	"Landessozialgericht Berlin-Brandenburg":         {"Berlin"},
	"Oberverwaltungsgericht Berlin-Brandenburg":      {"Brandenburg"},
	"Landesarbeitsgericht Berlin-Brandenburg":        {"Brandenburg"},
}

// covers reports whether register entry e serves state st.
func covers(e regEntry, st string) bool {
	if stateKey(e.State) == stateKey(st) {
		return true
	}
	for _, o := range alsoCovers[e.Name] {
		if stateKey(o) == stateKey(st) {
			return true
		}
	}
	return false
}

// regionalFamily returns the family of a regional body: of register
// entry i, or of the original m names without an entry ("MDK", "AOK",
// "Landesamt für Besoldung und Versorgung"); "" when it is none.
func regionalFamily(m regMatch, reg *register) string {
	if !regionalClass(m.class) {
		return ""
	}
	if m.entry >= 0 {
		e := reg.entries[m.entry]
		if e.State == "" || e.Country != "" {
			return "" // nationwide, or foreign
		}
	}
	name := m.tail
	if m.entry >= 0 {
		name = reg.entries[m.entry].Name
	}
	l := strings.ToLower(name)
	switch {
	case strings.Contains(l, "berufsgenossenschaft") || strings.HasPrefix(l, "bg ") || l == "bg":
		return "" // nationwide
	case beihilfeOffice(l):
		return "beihilfe"
	case m.class == fac.AccidentInsurer:
		return "unfallkasse"
	}
	switch f := family(m, reg); f {
	case "aok", "medizinischer", "rentenversicherung", "landesamt", "kassenärztliche", "ärztekammer":
		if f == "rentenversicherung" && m.entry < 0 && !strings.EqualFold(strings.TrimSpace(m.tail), "DRV") && !strings.EqualFold(strings.TrimSpace(m.tail), "Deutsche Rentenversicherung") {
			return "" // a carrier the register does not know
		}
		return f
	}
	if strings.Contains(l, "sozialverband") || strings.Contains(l, "kommunalverband") || strings.Contains(l, "familie und soziales") {
		return "landesamt"
	}
	return ""
}

// beihilfeOffice reports a state office that pays civil servants' Beihilfe
// (lower-case name).
func beihilfeOffice(l string) bool {
	for _, w := range []string{"beihilfe", "besoldung", "bezüge", "landesamt für finanzen", "landesamts für finanzen"} {
		if strings.Contains(l, w) {
			return true
		}
	}
	return false
}

// entryFamily is regionalFamily of register entry i.
func entryFamily(reg *register, i int) string {
	e := reg.entries[i]
	return regionalFamily(regMatch{entry: i, class: e.class, tail: e.Name}, reg)
}

// genericForms are the stateless spellings of a family, official name
// first, then its abbreviation: a surrogate that names no state.
var genericForms = map[string][]string{
	"aok":                  {"AOK", "Allgemeine Ortskrankenkasse"},
	"medizinischer":        {"Medizinischer Dienst", "MD"},
	"rentenversicherung":   {"Deutsche Rentenversicherung", "DRV"},
	"unfallkasse":          {"Unfallkasse", "Landesunfallkasse", "Gemeinde-Unfallversicherungsverband"},
	"berufsgenossenschaft": {"Berufsgenossenschaft", "BG"},
	"landesamt":            {"Versorgungsamt", "Versorgungsverwaltung", "Landesversorgungsamt", "Kommunaler Sozialverband"},
	"beihilfe":             {"Beihilfestelle", "Bezügestelle", "Beihilfeamt"},
	"kassenärztliche":      {"Kassenärztliche Vereinigung", "KV"},
	"ärztekammer":          {"Landesärztekammer", "Ärztekammer"},
	// courts by their kind word (courtChoice): the kind alone names no
	// court ("Klage beim Sozialgericht")
	"amtsgericht":            {"Amtsgericht"},
	"familiengericht":        {"Familiengericht", "Amtsgericht"},
	"betreuungsgericht":      {"Betreuungsgericht", "Amtsgericht"},
	"landgericht":            {"Landgericht", "LG"},
	"oberlandesgericht":      {"Oberlandesgericht", "OLG"},
	"sozialgericht":          {"Sozialgericht", "SG"},
	"landessozialgericht":    {"Landessozialgericht", "LSG"},
	"verwaltungsgericht":     {"Verwaltungsgericht", "VG"},
	"oberverwaltungsgericht": {"Oberverwaltungsgericht", "OVG"},
	"verwaltungsgerichtshof": {"Verwaltungsgerichtshof", "VGH"},
	"arbeitsgericht":         {"Arbeitsgericht", "ArbG"},
	"landesarbeitsgericht":   {"Landesarbeitsgericht", "LAG"},
}

// isGeneric reports a generic family spelling.
func isGeneric(v string) bool {
	for _, fs := range genericForms {
		for _, f := range fs {
			if f == v {
				return true
			}
		}
	}
	return false
}

// genericFor returns the family's stateless spelling that fits genders
// (0: any), the original's form (an abbreviation for an acronym original)
// and ok (not the original, not a value of the project to avoid, not
// taken): "" when none does.
func genericFor(fam string, m regMatch, genders fac.GenderSet, ok func(string) bool) string {
	forms := genericForms[fam]
	if len(forms) == 0 {
		return ""
	}
	ordered := forms
	if first := strings.Fields(m.tail); m.form == formAbbr || m.form == formShort && len(first) > 0 && acronymLike(first[0]) {
		// an acronym original: the acronym first
		ordered = nil
		for _, f := range forms {
			if acronymLike(f) {
				ordered = append(ordered, f)
			}
		}
		for _, f := range forms {
			if !acronymLike(f) {
				ordered = append(ordered, f)
			}
		}
	}
	for _, f := range ordered {
		if formKey(f) == formKey(m.tail) || !ok(f) {
			continue
		}
		if genders != 0 && !genders.Has(fac.HeadGender(f)) {
			continue
		}
		return f
	}
	return ""
}

// docState is the state the document's places are in: its first place's
// (nil tree or no place: ""), under --replace-state the surrogate of it.
func docState(ctx *fictive.Context, g Gazetteer) string {
	t := treeOf(ctx)
	t.mu.Lock()
	st := ""
	if t.first != nil {
		st = t.first.state
	}
	t.mu.Unlock()
	if st == "" && len(t.states) > 0 {
		st = t.states[0]
	}
	return st
}

// targetState is the state a regional body of state st (the original's;
// "" unknown: the document's) is replaced in.
func targetState(ctx *fictive.Context, g Gazetteer, st string) string {
	if st == "" {
		st = docState(ctx, g)
	}
	if st == "" {
		return ""
	}
	if ctx.ReplaceState {
		return stateSurrogate(ctx, g, stateMention{state: st})
	}
	return st
}

// Industries of the statutory accident insurance.
const (
	indNone         = ""
	indHealth       = "health"
	indAdmin        = "admin"
	indConstruction = "construction"
	indMetal        = "metal"
	indFood         = "food"
	indTrade        = "trade"
	indTransport    = "transport"
	indEnergy       = "energy"
	indRaw          = "raw"
	indPublic       = "public"
	indFire         = "fire"
)

// insurerIndustries are the name words of the accident insurers' industries.
var insurerIndustries = []struct{ word, ind string }{
	{"feuerwehr", indFire}, {"gesundheitsdienst", indHealth}, {"bgw", indHealth},
	{"verwaltungs-berufsgenossenschaft", indAdmin}, {"vbg", indAdmin},
	{"bauwirtschaft", indConstruction}, {"bg bau", indConstruction},
	{"holz und metall", indMetal}, {"bghm", indMetal}, {"nahrungsmittel", indFood}, {"bgn", indFood},
	{"handel", indTrade}, {"bghw", indTrade}, {"verkehr", indTransport}, {"energie", indEnergy}, {"etem", indEnergy},
	{"rohstoffe", indRaw}, {"rci", indRaw}, {"bund und bahn", indAdmin},
	{"unfallkasse", indPublic}, {"unfallversicherung", indPublic}, {"guv", indPublic}, {"kuvb", indPublic},
}

// insurerIndustry is the industry an accident insurer's name shows.
func insurerIndustry(name string) string {
	l := strings.ToLower(fac.Expand(name))
	for _, w := range insurerIndustries {
		if strings.Contains(l, w.word) {
			return w.ind
		}
	}
	return indNone
}

// professionIndustries map profession words to the industry whose insurer
// covers them (lower-case substrings, most specific first).
var professionIndustries = []struct{ word, ind string }{
	{"verwaltung", indAdmin}, {"büro", indAdmin}, {"bank", indAdmin}, {"versicherung", indAdmin}, {"sachbearbeit", indAdmin},
	{"informatik", indAdmin}, {"steuer", indAdmin}, {"zeitarbeit", indAdmin},
	{"pfleg", indHealth}, {"kranken", indHealth}, {"ärzt", indHealth}, {"arzt", indHealth}, {"hebamme", indHealth},
	{"therapeut", indHealth}, {"medizinische fachangestellte", indHealth}, {"mfa", indHealth}, {"apothek", indHealth},
	{"heilerzieh", indHealth}, {"sozialarbeit", indHealth}, {"sozialpädagog", indHealth}, {"friseur", indHealth},
	{"rettungs", indHealth}, {"notfallsanit", indHealth}, {"erzieher", indHealth},
	{"maurer", indConstruction}, {"bauarbeit", indConstruction}, {"dachdecker", indConstruction}, {"zimmerer", indConstruction},
	{"gerüst", indConstruction}, {"fliesen", indConstruction}, {"maler", indConstruction}, {"gebäudereinig", indConstruction},
	{"straßenbau", indConstruction}, {"bauhelfer", indConstruction}, {"polier", indConstruction},
	{"schlosser", indMetal}, {"schweiß", indMetal}, {"mechatronik", indMetal}, {"mechaniker", indMetal}, {"tischler", indMetal},
	{"schreiner", indMetal}, {"metall", indMetal}, {"dreher", indMetal}, {"zerspan", indMetal},
	{"koch", indFood}, {"köchin", indFood}, {"bäcker", indFood}, {"fleischer", indFood}, {"metzger", indFood},
	{"kellner", indFood}, {"gastronom", indFood}, {"hotel", indFood}, {"konditor", indFood},
	{"verkäufer", indTrade}, {"einzelhandel", indTrade}, {"kassierer", indTrade}, {"lager", indTrade}, {"kommissionier", indTrade},
	{"kraftfahrer", indTransport}, {"lkw", indTransport}, {"busfahrer", indTransport}, {"zusteller", indTransport}, {"taxi", indTransport},
	{"elektrik", indEnergy}, {"elektronik", indEnergy}, {"drucker", indEnergy}, {"textil", indEnergy},
	{"chemikant", indRaw}, {"bergmann", indRaw}, {"bergbau", indRaw},
	{"lehrer", indPublic}, {"studienrat", indPublic}, {"studienrät", indPublic}, {"beamt", indPublic},
	{"feuerwehr", indFire},
}

// letterIndustries returns the industries of the professions the document
// names (PROFESSION spans), in text order.
func letterIndustries(ctx *fictive.Context) []string {
	if ctx.Doc == nil {
		return nil
	}
	var out []string
	for i, s := range ctx.Doc.Spans {
		if s.Kind != kinds.Profession {
			continue
		}
		l := strings.ToLower(ctx.Doc.SpanText(i))
		for _, p := range professionIndustries {
			if strings.Contains(l, p.word) {
				if !containsString(out, p.ind) {
					out = append(out, p.ind)
				}
				break
			}
		}
	}
	return out
}

func containsString(s []string, v string) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

// publicWork are the industries whose work is also done for public
// employers, insured by the state's Unfallkasse.
var publicWork = map[string]bool{indHealth: true, indAdmin: true, indConstruction: true, indPublic: true, indFire: true}

// regionalChoice is the pool of a regional body or accident insurer
// original: register entries that fit the surrogate state and the letter's
// work, best first (the caller draws from the first non-empty tier), and
// the family whose stateless spelling stands in when every tier is empty.
// ok is false for an original this rule does not cover.
func regionalChoice(ctx *fictive.Context, g Gazetteer, reg *register, m regMatch, usable func(int) bool) (tiers [][]int, generic string, ok bool) {
	if m.class == fac.AccidentInsurer {
		return accidentChoice(ctx, g, reg, m, usable)
	}
	fam := regionalFamily(m, reg)
	if fam == "" {
		return nil, "", false
	}
	st := ""
	if m.entry >= 0 {
		st = reg.entries[m.entry].State
	}
	target := targetState(ctx, g, st)
	if target == "" {
		return nil, "", false
	}
	var same []int
	for _, i := range reg.byClass[m.class] {
		if usable(i) && entryFamily(reg, i) == fam && covers(reg.entries[i], target) {
			same = append(same, i)
		}
	}
	if m.entry >= 0 && stateKey(target) == stateKey(st) && len(same) < minRegisterChoice {
		// the state kept and too few others of the family there: one of
		// them would point back to the original's region ("AOK NordWest"
		// and "AOK Rheinland/Hamburg" would swap): the stateless spelling
		same = nil
	}
	// then a body that serves every state: a nationwide carrier (DRV
	// Bund, Knappschaft-Bahn-See), a statutory insurer open where the
	// patient lives (an Ersatzkasse for an AOK); then one of the family in
	// another state (issue 24: a stateless spelling names no institution,
	// SPEC §6 wants a real one, drawn nationwide where the state has too
	// few to hide the original)
	var nationwide, elsewhere []int
	for _, i := range reg.byClass[m.class] {
		if !usable(i) || reg.entries[i].Country != "" {
			continue
		}
		switch e := reg.entries[i]; {
		case e.State == "" && (m.class == fac.InsurerStatutory || family(regMatch{entry: i}, reg) == fam):
			nationwide = append(nationwide, i)
		case e.State != "" && m.class != fac.InsurerStatutory && entryFamily(reg, i) == fam && !covers(e, target):
			elsewhere = append(elsewhere, i)
		}
	}
	return [][]int{same, nationwide, elsewhere}, fam, true
}

// accidentChoice is regionalChoice for an accident insurer.
func accidentChoice(ctx *fictive.Context, g Gazetteer, reg *register, m regMatch, usable func(int) bool) ([][]int, string, bool) {
	name := m.tail
	st := ""
	if m.entry >= 0 {
		name = reg.entries[m.entry].Name
		st = reg.entries[m.entry].State
	}
	own := insurerIndustry(name)
	if own == indNone && m.entry < 0 {
		return nil, "", false
	}
	target := targetState(ctx, g, st)
	jobs := letterIndustries(ctx)
	// the letter's professions all fit public work: an Unfallkasse does not
	// contradict them
	jobsPublic := true
	for _, j := range jobs {
		jobsPublic = jobsPublic && (publicWork[j] || j == indTrade || j == indFood || j == indTransport)
	}
	var publicInState, federal, byJob []int
	for _, i := range reg.byClass[fac.AccidentInsurer] {
		if !usable(i) {
			continue
		}
		e := reg.entries[i]
		ind := insurerIndustry(e.Name)
		switch {
		case ind == indPublic && e.State != "" && target != "" && covers(e, target):
			publicInState = append(publicInState, i)
		case ind == indAdmin && e.State == "" && strings.Contains(strings.ToLower(e.Name), "bund und bahn"):
			federal = append(federal, i)
		case e.State == "" && ind != indPublic && ind != indFire && ind != indNone && containsString(jobs, ind) && ind != own:
			byJob = append(byJob, i)
		}
	}
	if own == indPublic && m.entry >= 0 && stateKey(target) == stateKey(st) && len(publicInState) < minRegisterChoice {
		publicInState = nil // another of the state would point back (two GUVs swap)
	}
	if own == indPublic {
		// an Unfallkasse: another public insurer of the state, else the
		// industry's of a profession the letter names, else the public
		// insurer of another state (issue 24: a real one, drawn
		// nationwide where the state has too few)
		var elsewhere []int
		for _, i := range reg.byClass[fac.AccidentInsurer] {
			if e := reg.entries[i]; usable(i) && insurerIndustry(e.Name) == indPublic && e.State != "" && e.Country == "" && (target == "" || !covers(e, target)) {
				elsewhere = append(elsewhere, i)
			}
		}
		return [][]int{publicInState, firstJob(reg, byJob, jobs), elsewhere}, "unfallkasse", true
	}
	if own == indFire {
		return [][]int{publicInState}, "unfallkasse", true
	}
	var tiers [][]int
	if publicWork[own] && jobsPublic {
		tiers = append(tiers, publicInState)
	}
	if (own == indAdmin || own == indTransport) && jobsPublic {
		tiers = append(tiers, federal)
	}
	if len(jobs) == 0 && m.entry >= 0 {
		// the letter names no work: any other Berufsgenossenschaft
		// contradicts none (a real one, not the stateless spelling)
		var other []int
		for _, i := range reg.byClass[fac.AccidentInsurer] {
			if ind := insurerIndustry(reg.entries[i].Name); usable(i) && reg.entries[i].State == "" && reg.entries[i].Country == "" &&
				ind != indPublic && ind != indFire && ind != indNone && ind != own {
				other = append(other, i)
			}
		}
		tiers = append(tiers, other)
	}
	return tiers, "berufsgenossenschaft", true
}

// regionalKey is what a regional body's or accident insurer's surrogate
// depends on besides the original, for its memo key: the surrogate state
// of a body named without one, the document's state and professions for an
// accident insurer ("" otherwise).
func regionalKey(ctx *fictive.Context, g Gazetteer, reg *register, m regMatch) string {
	if m.class == fac.AccidentInsurer {
		st := ""
		if m.entry >= 0 {
			st = reg.entries[m.entry].State
		}
		return "|" + stateKey(targetState(ctx, g, st)) + "|" + strings.Join(letterIndustries(ctx), ",")
	}
	if m.entry < 0 && regionalFamily(m, reg) != "" {
		return "|" + stateKey(targetState(ctx, g, ""))
	}
	return ""
}

// firstJob keeps the insurers of the letter's first profession that has
// one.
func firstJob(reg *register, pool []int, jobs []string) []int {
	for _, j := range jobs {
		var out []int
		for _, i := range pool {
			if insurerIndustry(reg.entries[i].Name) == j {
				out = append(out, i)
			}
		}
		if len(out) > 0 {
			return out
		}
	}
	return nil
}

// genericTail reports a family's stateless spelling, alone or after the
// head of a longer name ("Pflegekasse bei der AOK").
func genericTail(s string) bool {
	if isGeneric(s) {
		return true
	}
	for _, fs := range genericForms {
		for _, f := range fs {
			// declined after the link word ("Pflegekasse bei der
			// Allgemeinen Ortskrankenkasse")
			for _, a := range []string{"", "der", "des", "dem", "den"} {
				if strings.HasSuffix(s, " "+fac.Decline(f, a)) {
					return true
				}
			}
		}
	}
	return false
}

// Courts of the letter's state (the blind reading's "SG Trier" for a
// patient in Halle): a court of the state the letter's places are in is a
// regional body too. Its surrogate is a court of the same branch and level
// serving the state the letter's surrogate places are in; where that state
// is kept and has fewer than minRegisterChoice others of the level (one
// Landessozialgericht, Oberlandesgericht or Landesarbeitsgericht per
// state, three Sozialgerichte in Saxony), the kind alone ("Sozialgericht",
// "LSG"), which names no court and no state. A court of another state
// than the letter's, and a federal court, follow the register rule.

// courtWords map the court words of an original, long and abbreviated, to
// their genericForms key (longest first where one contains another).
var courtWords = []struct{ word, key string }{
	{"landessozialgericht", "landessozialgericht"}, {"lsg", "landessozialgericht"},
	{"landesarbeitsgericht", "landesarbeitsgericht"}, {"lag", "landesarbeitsgericht"},
	{"oberverwaltungsgericht", "oberverwaltungsgericht"}, {"ovg", "oberverwaltungsgericht"},
	{"verwaltungsgerichtshof", "verwaltungsgerichtshof"}, {"vgh", "verwaltungsgerichtshof"},
	{"oberlandesgericht", "oberlandesgericht"}, {"olg", "oberlandesgericht"}, {"kammergericht", "oberlandesgericht"},
	{"sozialgericht", "sozialgericht"}, {"sg", "sozialgericht"},
	{"verwaltungsgericht", "verwaltungsgericht"}, {"vg", "verwaltungsgericht"},
	{"arbeitsgericht", "arbeitsgericht"}, {"arbg", "arbeitsgericht"},
	{"familiengericht", "familiengericht"}, {"famg", "familiengericht"},
	{"betreuungsgericht", "betreuungsgericht"},
	{"landgericht", "landgericht"}, {"lg", "landgericht"},
	{"amtsgericht", "amtsgericht"}, {"ag", "amtsgericht"},
}

// courtKind is the genericForms key of a court's spelling ("" none): the
// original's own word first ("Familiengericht Leipzig", matched to the
// Amtsgericht, stays a Familiengericht).
func courtKind(name string) string {
	for _, w := range strings.Fields(strings.ToLower(name)) {
		w = strings.Trim(w, ",.()")
		for _, c := range courtWords {
			if w == c.word || len(c.word) > 4 && strings.HasSuffix(w, c.word) {
				return c.key
			}
		}
	}
	return ""
}

// courtChoice is the pool of a court original of the letter's state: the
// courts of its branch and level serving the surrogate state (nil when
// they would point back), the genericForms key of its kind, and ok (false:
// the register rule applies).
func courtChoice(ctx *fictive.Context, g Gazetteer, reg *register, m regMatch, usable func(int) bool) (pool []int, kind string, ok bool) {
	if !m.class.Court() || m.class == fac.CourtOther {
		return nil, "", false
	}
	kind = courtKind(m.tail)
	st := ""
	if m.entry >= 0 {
		e := reg.entries[m.entry]
		if e.State == "" || e.Country != "" {
			return nil, "", false // a federal or foreign court
		}
		st = e.State
		if kind == "" {
			kind = courtKind(e.Name)
		}
	}
	letter := docState(ctx, g)
	if st != "" && !covers(reg.entries[m.entry], letter) && namesState(ctx, g, st) {
		letter = st // the state of another place the letter names (the patient's, the letterhead's)
	}
	if letter == "" || kind == "" || st != "" && !covers(reg.entries[m.entry], letter) {
		return nil, "", false
	}
	target := targetState(ctx, g, letter)
	lv := courtLevel(m, reg)
	for _, i := range reg.byClass[m.class] {
		if usable(i) && courtLevelOf(reg.entries[i].Name) == lv && covers(reg.entries[i], target) {
			pool = append(pool, i)
		}
	}
	if stateKey(target) == stateKey(letter) && len(pool) < minRegisterChoice {
		// the kept state has too few: one of them would point back; a
		// court of its branch and level in another state (issue 24: the
		// kind alone names no court), seated in its own town
		pool = nil
		for _, i := range reg.byClass[m.class] {
			if e := reg.entries[i]; usable(i) && e.State != "" && e.Country == "" && courtLevelOf(e.Name) == lv && !covers(e, target) &&
				(kind == "" || courtKind(e.Name) == kind || m.entry >= 0 && courtKind(e.Name) == courtKind(reg.entries[m.entry].Name)) {
				pool = append(pool, i)
			}
		}
	}
	return pool, kind, true
}

// namesState reports whether a CITY or ZIP span of the document names a
// municipality of state st.
func namesState(ctx *fictive.Context, g Gazetteer, st string) bool {
	t := treeOf(ctx)
	t.mu.Lock()
	defer t.mu.Unlock()
	for id := range t.named {
		if stateKey(g.Place(id).State) == stateKey(st) {
			return true
		}
	}
	return false
}

// courtKey is courtChoice's part of the memo key: the letter's surrogate
// state.
func courtKey(ctx *fictive.Context, g Gazetteer, reg *register, m regMatch) string {
	if !m.class.Court() || m.class == fac.CourtOther {
		return ""
	}
	st := docState(ctx, g)
	if m.entry >= 0 && reg.entries[m.entry].State != "" && namesState(ctx, g, reg.entries[m.entry].State) {
		st = reg.entries[m.entry].State
	}
	return "|court|" + stateKey(targetState(ctx, g, st))
}

// courtSpelling renders a court kind's stateless spelling (memoised for
// the institution's first spelling) in this spelling's form: the
// abbreviation for an abbreviated original ("SG Halle" → "SG"), the word
// for a written-out one ("Sozialgericht Halle" → "Sozialgericht").
func courtSpelling(name string, m regMatch, genders fac.GenderSet) string {
	forms := genericForms[courtKind(name)]
	if !m.class.Court() || len(forms) < 2 {
		return name
	}
	abbr := m.form == formAbbr
	if f := strings.Fields(m.tail); len(f) > 0 && acronymLike(f[0]) {
		abbr = true
	}
	if acronymLike(name) == abbr {
		return name
	}
	for _, f := range forms {
		if acronymLike(f) == abbr && courtKind(f) == courtKind(name) && (genders == 0 || genders.Has(fac.HeadGender(f))) {
			return f
		}
	}
	return name
}
