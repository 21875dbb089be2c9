package taxonomy

import (
	"slices"
	"strings"
	"unicode"
)

// Context of a name that does not show its type.
//
// Many clinics are named after a place, a founder or a carrier and show
// no type: "Park-Krankenhaus Leipzig", "Klinik Höhenried", "Klinikum
// Schloß Winnenden" (a psychiatric hospital, a rehab clinic). A reader
// knows the type from the sentence ("qualifizierter Entzug im …", "die
// Anschlussheilbehandlung in der …") or from the department named under
// a letterhead. RefineByContext reads the same cues; names whose words
// show a type keep it, and so do general hospitals (a "Städtisches
// Klinikum" with a psychiatric department stays a hospital).

// contextCues are folded word stems in the sentence around a span and
// the class they show. Stems are matched at word starts.
var contextCues = []struct {
	stem  string
	class Class
	whole bool // the whole word, not a word start ("kur", not "kurzen")
}{
	{"psychiatr", Psychiatry, false}, {"entgiftung", Psychiatry, false}, {"entzug", Psychiatry, false},
	{"institutsambulanz", Psychiatry, false}, {"psychkg", Psychiatry, false}, {"unterbringung", Psychiatry, false},
	{"suchtmedizin", Psychiatry, false}, {"psychose", Psychiatry, false}, {"schizophren", Psychiatry, false},
	{"rehabilitation", Rehab, false}, {"reha", Rehab, true}, {"rehaklinik", Rehab, false}, {"anschlussheilbehandlung", Rehab, false},
	{"ahb", Rehab, true}, {"heilverfahren", Rehab, false}, {"entwoehnung", Rehab, false}, {"kur", Rehab, true},
	{"kurklinik", Rehab, false}, {"schwimm", Bath, false}, {"sauna", Bath, true}, {"badebetrieb", Bath, false},
}

// detox are the cues of a detoxification, which a general hospital
// ("Heinrich-Braun-Klinikum") does as well as a psychiatric one.
var detox = map[string]bool{"entgiftung": true, "entzug": true, "suchtmedizin": true}

// maxCueDistance bounds how far (in bytes of folded words) a cue may be
// from the span.
const maxCueDistance = 120

// acuteHeads are heads that name an acute hospital, never a rehab clinic
// ("Klinikum", "Krankenhaus", "Kliniken", "Hospital").
var acuteHeads = []string{"klinikum", "krankenhaus", "kliniken", "hospital", "spital"}

// generalHospital are word stems of general hospitals: their type is
// "hospital" whatever the sentence treats there.
var generalHospital = []string{"staedtisch", "kreis", "stadt", "kommunal", "allgemein", "universitaet", "uniklinik",
	"kliniken", "zentralklinik", "bundeswehr", "helios", "vivantes", "sana", "asklepios klinik", "notfall"}

// RefineByContext returns the class of a name given the sentence around
// it (before and after: the text next to the span). def is the class of a
// name that shows none (the span kind's default). A clinic whose name
// shows no speciality becomes psychiatric or rehab by the cue nearest to
// the span; a place whose name shows nothing becomes a bath; any other
// name keeps its class.
func RefineByContext(name string, def Class, before, after string) Class {
	c := Classify(name)
	unknown := c == Unknown
	if unknown {
		if hb := HeadBefore(before); hb != Unknown && (hb != Church || saintName(name)) {
			return hb // "Pflegeheim [Haus Abendsonne]", "der Gemeinde [St. Jakobus]"
		}
		c = def
	}
	switch {
	case c == Hospital || c == SpecialistClinic:
	case c == Park && unknown:
	case c == Association:
		return carrierService(name, before, after)
	default:
		return c
	}
	words := classWords(Expand(name))
	joined := " " + strings.Join(words, " ") + " "
	for _, g := range generalHospital {
		if i := strings.Index(joined, " "+g); i >= 0 {
			if g != "kreis" && g != "stadt" {
				return c
			}
			// "Kreisklinik", "Stadtkrankenhaus", "Kreis- und
			// Stadtkrankenhaus"; not a town ("Kreischa", "Stadtallendorf")
			rest := joined[i+1+len(g):]
			rest = rest[:strings.IndexByte(rest, ' ')]
			if rest == "" || slices.ContainsFunc(acuteHeads, func(h string) bool { return strings.HasPrefix(rest, h) }) ||
				strings.HasPrefix(rest, "klinik") {
				return c
			}
		}
	}
	if kept := withoutPlaces(words); len(kept) == 1 && (kept[0] == "klinikum" || kept[0] == "krankenhaus") && len(words) > 1 {
		return c // "Klinikum Nürnberg": a town's hospital, whatever department writes
	}
	bw := " " + strings.Join(classWords(clauseBefore(before)), " ") + " "
	aw := " " + strings.Join(classWords(clauseAfter(after)), " ") + " "
	acute := false
	for _, h := range acuteHeads {
		acute = acute || strings.Contains(joined, h)
	}
	// a Klinikum is a general hospital unless a psychiatric cue proper
	// says otherwise: detoxification is done on its medical wards too
	klinikum := strings.Contains(joined, "klinikum") && !strings.Contains(joined, "fachklinikum")
	best, bestDist := c, maxCueDistance+1
	for _, cue := range contextCues {
		if !fitsClass(c, cue.class) || cue.class == Rehab && acute || klinikum && detox[cue.stem] {
			continue
		}
		pat := " " + cue.stem
		if cue.whole {
			pat += " "
		}
		if i := strings.LastIndex(bw, pat); i >= 0 {
			if d := len(bw) - i; d < bestDist {
				best, bestDist = cue.class, d
			}
		}
		if i := strings.Index(aw, pat); i >= 0 {
			if d := i + 1; d < bestDist {
				best, bestDist = cue.class, d
			}
		}
	}
	return best
}

// welfareCarriers are folded word starts of the welfare carriers whose
// name often stands for their care service ("Arbeitgeber: Diakonie
// Stiftung Salem, ambulanter Pflegedienst").
var welfareCarriers = []string{"diakonie", "diakonisch", "caritas", "arbeiterwohlfahrt", "awo", "drk", "rotes", "johanniter",
	"malteser", "volkssolidaritaet", "samariter", "asb", "paritaetisch"}

// careCues are the folded words of an apposition after a carrier's name
// that make it the carrier's care service.
var careCues = []string{"pflegedienst", "ambulanter pflegedienst", "ambulante pflege", "sozialstation", "grundpflege",
	"behandlungspflege", "haeusliche pflege", "haeuslichen pflege", "diakoniestation", "pflegedienstes"}

// carrierService returns CareService for an association named by a
// welfare carrier alone ("Diakonie Stiftung Salem", "Caritas Minden")
// that an apposition right after it calls a care service ("…, ambulanter
// Pflegedienst"); Association otherwise ("der Pflegedienst der
// Volkssolidarität X" names the carrier).
func carrierService(name, before, after string) Class {
	words := classWords(Expand(name))
	if !slices.ContainsFunc(words, func(w string) bool {
		return slices.ContainsFunc(welfareCarriers, func(c string) bool { return strings.HasPrefix(w, c) })
	}) {
		return Association
	}
	for _, w := range words {
		if r := classifyWords([]string{w}); r != Unknown && r != Association {
			return Association // the name shows a service of its own ("Caritas-Suchtberatung")
		}
		if strings.Contains(w, "beratung") || strings.Contains(w, "hilfe") || strings.Contains(w, "verein") {
			return Association
		}
	}
	// only an apposition right after the name: "der Pflegedienst der
	// [Volkssolidarität]" names the carrier, not the service
	if !strings.HasPrefix(strings.TrimLeft(after, " "), ",") {
		return Association
	}
	aw := " " + strings.Join(classWords(clauseAfter(strings.TrimLeft(after, " ,"))), " ") + " "
	for _, c := range careCues {
		for _, pre := range []string{" ", " ambulanter ", " ambulante ", " mobiler ", " mobile "} {
			if strings.HasPrefix(aw, pre+c+" ") {
				return CareService
			}
		}
	}
	return Association
}

// fitsClass reports whether a cue's class can refine a name of class c:
// a clinic becomes psychiatric or rehab, a place a bath; a name that
// shows nothing may become any.
func fitsClass(c, cue Class) bool {
	switch c {
	case Hospital, SpecialistClinic:
		return cue == Psychiatry || cue == Rehab
	case Park:
		return cue == Bath
	}
	return false
}

// clauseBefore is the end of the text before a span from the last
// sentence end or line break on (the period of an abbreviation, "z. B."
// or "ggf.", ends no sentence).
func clauseBefore(s string) string {
	for end := len(s); end > 0; {
		i := strings.LastIndexAny(s[:end], ".!?\n")
		if i < 0 {
			break
		}
		if s[i] == '.' && abbrevPeriod(s, i) {
			end = i
			continue
		}
		return s[i+1:]
	}
	return s
}

// abbrevPeriod reports whether the period at s[i] ends an abbreviation:
// a word of one or two letters ("z. B.", "u. a.", "d. h.") or a listed
// one ("ggf.", "bzw.", "ca.").
func abbrevPeriod(s string, i int) bool {
	j := i
	for j > 0 && unicode.IsLetter(rune(s[j-1])) {
		j--
	}
	w := strings.ToLower(s[j:i])
	return w != "" && len(w) <= 2 || abbrevWords[w]
}

// abbrevWords are abbreviations written with a period inside a sentence.
var abbrevWords = map[string]bool{"bzw": true, "ggf": true, "evtl": true, "ca": true, "vgl": true, "inkl": true, "usw": true,
	"dr": true, "prof": true, "med": true, "nr": true, "str": true, "sog": true, "max": true, "min": true, "tgl": true}

// clauseAfter is the text after a span up to the sentence end; a span
// that ends its line (a letterhead) reads the next line too, which names
// the department ("Klinik für Psychiatrie …").
func clauseAfter(s string) string {
	if strings.HasPrefix(strings.TrimLeft(s, " \t"), "\n") {
		s = strings.TrimLeft(s, " \t")[1:]
		if i := strings.IndexAny(s, "\n"); i >= 0 {
			return s[:i]
		}
		return s
	}
	for from := 0; from < len(s); {
		i := strings.IndexAny(s[from:], ".!?\n")
		if i < 0 {
			break
		}
		if i += from; s[i] == '.' && abbrevPeriod(s, i) {
			from = i + 1
			continue
		}
		return s[:i]
	}
	return s
}

// HeadBefore returns the class of the type noun written right before a
// span whose name shows no type of its own ("Pflegeheim [Haus
// Abendsonne]", "SAPV-Team [Oberlausitz]", "der Gemeinde [St. Jakobus]"),
// Unknown when the word before is no capitalised type noun or the span
// does not follow it on the same line after one blank.
func HeadBefore(before string) Class {
	if !strings.HasSuffix(before, " ") || strings.HasSuffix(before, "  ") {
		return Unknown
	}
	f := strings.Fields(before[strings.LastIndexByte(before, '\n')+1:])
	if len(f) == 0 {
		return Unknown
	}
	w := f[len(f)-1]
	if r := []rune(w); !unicode.IsUpper(r[0]) || strings.ContainsAny(w, ",;:.()") {
		return Unknown
	}
	if c, ok := headNouns[strings.ToLower(w)]; ok {
		return c
	}
	if fw := classWords(w); PersonNoun(w) || len(fw) > 0 && medicalWord(fw, len(fw)-1) {
		// "Chefarzt [HBK Singen]": a person's title; "Neurochirurgie
		// [HBK Singen]": the department of the facility named
		return Unknown
	}
	c := Classify(w)
	if c.Unique() {
		return Unknown // "Amtsgericht [Leipzig]" names a place, not an institution
	}
	return c
}

// headNouns are type nouns before a bare name that Classify does not read
// alone.
var headNouns = map[string]Class{"gemeinde": Church, "pfarrei": Church, "kirchengemeinde": Church}

// nameMarkers start the proper names of facilities ("Haus Linde", "St.
// Marien", "Villa Sonnenschein").
var nameMarkers = map[string]bool{"Haus": true, "St.": true, "Sankt": true, "Villa": true, "Hof": true, "Heilig": true,
	"Heilige": true, "Maria": true, "Am": true, "An": true, "Zum": true, "Zur": true, "Stift": true}

// BareName returns a surrogate of class c without the type noun it starts
// with when the rest is a name that shows no type ("Pflegeheim Haus
// Linde" → "Haus Linde"), so that it can follow the original's type noun
// in the text; s itself otherwise.
func BareName(s string, c Class) string {
	f := strings.Fields(s)
	for k := 1; k <= 2 && k < len(f); k++ {
		head, rest := strings.Join(f[:k], " "), strings.Join(f[k:], " ")
		if r, l := []rune(rest), []rune(f[k-1]); !unicode.IsUpper(r[0]) || !unicode.IsUpper(l[0]) || Classify(head) != c || Classify(rest) != Unknown {
			continue
		}
		if !nameMarkers[f[k]] {
			continue // "Kirchgemeinde Görlitz": a place alone is no name of the facility
		}
		return rest
	}
	return s
}

// saintName reports a name that starts like a parish's ("St. Jakobus",
// "Heilig Kreuz"): after "Gemeinde" it is a church's; a place is the
// municipality's.
func saintName(name string) bool {
	f := strings.Fields(name)
	return len(f) > 0 && (f[0] == "St." || f[0] == "Sankt" || f[0] == "Heilig" || f[0] == "Heilige" || f[0] == "Hl." || f[0] == "Maria" || f[0] == "Christus")
}
