package suspects

import (
	"strings"

	"github.com/surrogator/surrogator/data"
	"github.com/surrogator/surrogator/surrogator/kinds"
)

// ---- ages written in words ----
//
// "die vierzehnjährige Jugendliche", "Die Einundneunzigjährige",
// "eine fünfzig-jährige Patientin", "Fünfzig jähriger Mann", "achtzig
// Jahre alt": the guideline annotates the number alone (AGE). A duration
// ("eine dreijährige Ausbildung", "fünfjährige Überlebensrate") is no age:
// the word after an adjective must name a person (Patientin, Frau, Mann,
// Jugendliche, Versicherter, an occupation or a name), or the age stands
// alone as a noun ("Die Vierzehnjährige") or before "alt".

// ageWordPersons are nouns of a person after an age adjective.
var ageWordPersons = wordSet(`Patient Patientin Pat Frau Mann Herr Junge Mädchen Jugendliche Jugendlicher Jugendlichen
	Kind Säugling Kleinkind Schüler Schülerin Versicherte Versicherter Versicherten Rentner Rentnerin Bewohnerin
	Bewohner Klägerin Kläger Betroffene Betroffener Betroffenen Angeklagte Angeklagter Probandin Proband Dame Herrn
	Witwe Witwer Rehabilitandin Rehabilitand Klientin Klient Erstgebärende Zweitgebärende Gravida Primipara Frühgeborene
	Senior Seniorin Studentin Student`)

func (r *run) ageWords() {
	toks := r.tokens
	for i := range toks {
		t := &toks[i]
		if t.runes < 4 || t.is(shHasDigit) {
			continue
		}
		// folded: "vierzehnjaehrige", "fuenfzig jaehrige" (a hyphen folds
		// to a blank)
		num := ""
		if len(t.f) > len("jaehrig") {
			if k := strings.Index(t.f, "jaehrig"); k > 0 && ageSuffix(t.f[k:]) {
				num = strings.TrimSuffix(t.f[:k], " ")
			}
		}
		b := t.b
		if num == "" {
			// "Fünfzig jähriger", "achtzig Jahre alt"
			if i+1 >= len(toks) {
				continue
			}
			n := &toks[i+1]
			if n.f == "" || n.f[0] != 'j' { // "jaehrig…", "jahre(n)"
				continue
			}
			isSuffix := ageSuffix(n.f)
			alt := (n.f == "jahre" || n.f == "jahren") && i+2 < len(toks) && toks[i+2].s == "alt"
			if !isSuffix && !alt || !r.near(t, n, false) {
				continue
			}
			if _, ok := numberWord(t.f); !ok {
				continue
			}
			if alt {
				r.add(b, t.e, kinds.Age, "age-word", prioDate)
				continue
			}
			if r.agePerson(i+1, n) {
				r.add(b, t.e, kinds.Age, "age-word", prioDate)
			}
			continue
		}
		if _, ok := numberWord(num); !ok || !r.agePerson(i, t) {
			continue
		}
		// the number's end in the text: as many runes as the folded number
		// has (no umlaut folds inside a number word but "ü" in "fünf")
		e := b + numberEnd(t.s, num)
		r.add(b, e, kinds.Age, "age-word", prioDate)
	}
}

// ageSuffix: f is a folded age adjective ending ("jaehrige", "jaehrig").
func ageSuffix(f string) bool {
	switch f {
	case "jaehrig", "jaehrige", "jaehriger", "jaehrigen", "jaehriges", "jaehrigem":
		return true
	}
	return false
}

// numberEnd returns the byte length in s of the number word whose folded
// form is num (folding writes "ü" as "ue" and "ß" as "ss").
func numberEnd(s, num string) int {
	n := 0
	for i, c := range s {
		if n >= len(num) {
			return i
		}
		switch c {
		case 'ä', 'ö', 'ü', 'Ä', 'Ö', 'Ü', 'ß':
			n += 2
		default:
			n++
		}
	}
	return len(s)
}

// agePerson: the age adjective at token i names a person's age: a person
// noun, an occupation or a name follows, or it is a noun itself ("Die
// Vierzehnjährige").
func (r *run) agePerson(i int, adj *token) bool {
	if upperFirst(adj.s) && (i == 0 || !r.near(&r.tokens[i-1], adj, false) || r.tokens[i-1].cls&cCommon != 0) {
		if i+1 >= len(r.tokens) || !r.near(adj, &r.tokens[i+1], false) || !r.tokens[i+1].is(shUpper) {
			return true // "Die Vierzehnjährige wurde …"
		}
	}
	if i+1 >= len(r.tokens) || !r.near(adj, &r.tokens[i+1], false) {
		return false
	}
	n := &r.tokens[i+1]
	return ageWordPersons[n.f] || r.occOf(n) != 0 || n.cls&(cFirst|cSurname) != 0 && n.is(shUpper)
}

// numberWord parses a German number word from 1 to 119 ("vierzehn",
// "einundneunzig", "hundertzwei").
var (
	numberUnits = map[string]int{"ein": 1, "eins": 1, "eine": 1, "zwei": 2, "drei": 3, "vier": 4, "fuenf": 5, "sechs": 6,
		"sieben": 7, "acht": 8, "neun": 9}
	numberTeens = map[string]int{"zehn": 10, "elf": 11, "zwoelf": 12, "dreizehn": 13, "vierzehn": 14, "fuenfzehn": 15,
		"sechzehn": 16, "siebzehn": 17, "achtzehn": 18, "neunzehn": 19}
	numberTens = map[string]int{"zwanzig": 20, "dreissig": 30, "vierzig": 40, "fuenfzig": 50, "sechzig": 60, "siebzig": 70,
		"achtzig": 80, "neunzig": 90}
)

func numberWord(w string) (int, bool) {
	w = data.Fold(w)
	units, teens, tens := numberUnits, numberTeens, numberTens
	base := 0
	if rest, ok := strings.CutPrefix(w, "hundert"); ok {
		base, w = 100, strings.TrimPrefix(rest, "und")
		if w == "" {
			return 100, true
		}
	} else if rest, ok := strings.CutPrefix(w, "einhundert"); ok {
		base, w = 100, strings.TrimPrefix(rest, "und")
		if w == "" {
			return 100, true
		}
	}
	if n, ok := units[w]; ok && w != "eine" {
		return base + n, true
	}
	if n, ok := teens[w]; ok {
		return base + n, true
	}
	if n, ok := tens[w]; ok {
		return base + n, true
	}
	if k := strings.Index(w, "und"); k > 0 {
		u, ok1 := units[w[:k]]
		t, ok2 := tens[w[k+3:]]
		if ok1 && ok2 && w[:k] != "eins" && w[:k] != "eine" {
			return base + t + u, true
		}
	}
	return 0, false
}
