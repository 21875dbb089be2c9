package engine

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode"

	"github.com/surrogator/surrogator/data"
	"github.com/surrogator/surrogator/internal/letters"
	"github.com/surrogator/surrogator/internal/testutil"
	"github.com/surrogator/surrogator/surrogator/kinds"
)

// asciiWords splits s into lower-case ASCII words (umlauts as ae/oe/ue,
// ß as ss).
func asciiWords(s string) []string {
	r := strings.NewReplacer("ä", "ae", "ö", "oe", "ü", "ue", "Ä", "ae", "Ö", "oe", "Ü", "ue", "ß", "ss", "é", "e", "è", "e")
	return strings.FieldsFunc(strings.ToLower(r.Replace(s)), func(c rune) bool { return !(c >= 'a' && c <= 'z') })
}

// deriveGeneric are words of facility names that name no facility (the
// test's own short list, independent of the generator's).
var deriveGeneric = map[string]bool{
	"klinikum": true, "klinik": true, "kliniken": true, "krankenhaus": true, "universitaetsklinikum": true, "uniklinikum": true,
	"uniklinik": true, "praxis": true, "zentrum": true, "labor": true, "fuer": true, "und": true, "der": true, "die": true,
	"das": true, "des": true, "dem": true, "den": true, "am": true, "im": true, "an": true, "med": true, "dres": true,
	"gmbh": true, "ggmbh": true, "radiologie": true, "kardiologie": true, "innere": true, "medizin": true, "reha": true,
	"pathologie": true, "hausarzt": true, "hausarztpraxis": true, "gemeinschaftspraxis": true, "universitaet": true,
	"rehaklinik": true, "fachklinik": true, "pflegedienst": true, "sozialstation": true, "apotheke": true, "diakonie": true,
	"sankt": true, "ambulanz": true, "ambulante": true, "ambulanter": true, "deutsche": true, "deutschen": true,
	"rentenversicherung": true, "kinder": true, "jugendmedizin": true, "gesundheit": true, "nord": true, "sued": true,
	"psychiatrie": true, "psychotherapie": true, "psychosomatik": true, "medizinischer": true, "dienst": true, "helios": true,
	"unfall": true, "hilfe": true,
	// states: kept by the state policy (SPEC §5), they link nothing
	"bayern": true, "sachsen": true, "hessen": true, "niedersachsen": true, "thueringen": true, "brandenburg": true,
	"saarland": true, "westfalen": true, "nordrhein": true, "rheinland": true, "pfalz": true, "holstein": true,
	"schleswig": true, "mecklenburg": true, "vorpommern": true, "anhalt": true, "baden": true, "wuerttemberg": true,
}

// townCodes are vehicle registration codes of towns the dev letters name
// (the test's own list, independent of the generator's table).
var townCodes = map[string]string{
	"bamberg": "BA", "paderborn": "PB", "gelsenkirchen": "GE", "dresden": "DD", "hamburg": "HH", "siegen": "SI",
	"erlangen": "ER", "bayreuth": "BT", "rosenheim": "RO", "hameln": "HM",
	"schwerin": "SN", "landshut": "LA", "rendsburg": "RD", "uelzen": "UE", "minden": "MI",
}

// TestContactDerivedProperty: over 10 seeds and every dev letter, an
// e-mail address or URL whose host or local part spells a distinctive word
// of a facility of the same letter (or a surname of one of its persons)
// never spells that word in its surrogate, and is derived from the
// surrogate: it spells a word of that span's surrogate (a facility's name
// word or capitals, a person's surname); an ID whose letter prefix is the
// registration code of a town the letter names never keeps that code.
func TestContactDerivedProperty(t *testing.T) {
	if testing.Short() {
		t.Skip("10 seeds over every dev letter")
	}
	dir := filepath.Join(testutil.RepoRoot(t), "testdata", "letters-src", "dev")
	if _, err := os.Stat(dir); err != nil {
		t.Skip("needs testdata/letters-src/dev")
	}
	ls, err := letters.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	res := data.Default()
	isName := func(s string) bool { return res.IsSurname(s) || res.IsFirstName(s) }
	var checked, facs, persons, ids int
	for seed := 1; seed <= 10; seed++ {
		for _, l := range ls {
			d := l.Document()
			d.Normalize()
			if d.HasWrong() {
				continue
			}
			o := Options{Mode: ModeFictive, Seed: int64(seed), SeedSet: true, Key: []byte(fmt.Sprintf("issue-24-%d", seed))}
			if err := o.defaults(); err != nil {
				t.Fatal(err)
			}
			dp := startedPlanner(&o, isName, nil).Plan(d, "x")
			if dp.Reason != "" {
				continue // another area's defect, reported by its own tests
			}
			// IDs whose letter prefix is the registration code of a town of
			// the letter never keep it
			for i, s := range d.Spans {
				if s.Kind != kinds.ID {
					continue
				}
				o := dp.Reps[i].Original
				for j, c := range d.Spans {
					if c.Kind != kinds.LocationCity && !kinds.RulesOf(c.Kind).Facility {
						continue
					}
					for _, w := range asciiWords(dp.Reps[j].Original) {
						code := townCodes[w]
						// one letter: a court register ("L 4 R 561/20") as often as a town
						if len(code) < 2 || !strings.HasPrefix(o, code) || len(o) <= len(code) || strings.IndexByte("- /", o[len(code)]) < 0 {
							continue
						}
						ids++
						if strings.HasPrefix(dp.Reps[i].Surrogate, code+o[len(code):len(code)+1]) {
							t.Errorf("%s seed %d: ID %q → %q keeps the code of %q", l.Name, seed, o, dp.Reps[i].Surrogate, w)
						}
					}
				}
			}
			for i, s := range d.Spans {
				if s.Kind != kinds.ContactEmail && s.Kind != kinds.ContactURL {
					continue
				}
				orig, sur := dp.Reps[i].Original, strings.ToLower(dp.Reps[i].Surrogate)
				// the host and local part only: a URL path may name anything
				addr := orig
				if k := strings.Index(addr, "://"); k >= 0 {
					addr = addr[k+3:]
				}
				if k := strings.IndexByte(addr, '/'); k >= 0 {
					addr = addr[:k]
				}
				surAddr := sur
				if k := strings.Index(surAddr, "://"); k >= 0 {
					surAddr = surAddr[k+3:]
				}
				if k := strings.IndexByte(surAddr, '/'); k >= 0 {
					surAddr = surAddr[:k]
				}
				compactAddr := strings.Join(asciiWords(addr), "")
				compactSur := strings.Join(asciiWords(surAddr), "")
				// the letter's towns follow the location tree (the town
				// rule), not a facility: a bare town word links nothing
				towns := map[string]bool{}
				for j, c := range d.Spans {
					if c.Kind == kinds.LocationCity {
						for _, w := range asciiWords(dp.Reps[j].Original) {
							towns[w] = true
							if len(w) >= 5 && strings.Contains(compactAddr, w) && strings.Contains(compactSur, w) && !strings.Contains(strings.Join(asciiWords(dp.Reps[j].Surrogate), ""), w) {
								t.Errorf("%s seed %d: %q → %q still spells the town %q", l.Name, seed, orig, sur, w)
							}
						}
					}
				}
				// the facilities whose distinctive words the address spells most
				var best []int
				bestN, bestWord := 0, ""
				for j, f := range d.Spans {
					if !kinds.RulesOf(f.Kind).Facility || dp.Reps[j].Kept {
						continue
					}
					n, word := 0, ""
					for _, w := range asciiWords(dp.Reps[j].Original) {
						if len(w) >= 5 && !deriveGeneric[w] && !towns[w] && strings.Contains(compactAddr, w) {
							n++
							word = w
						}
					}
					switch {
					case n > bestN:
						best, bestN, bestWord = []int{j}, n, word
					case n == bestN && n > 0:
						best = append(best, j)
					}
				}
				if len(best) > 0 {
					facs++
					checked++
					derived, derivable, spells := false, false, true
					for _, j := range best {
						subWords := asciiWords(dp.Reps[j].Surrogate)
						if strings.Contains(strings.Join(subWords, ""), bestWord) {
							spells = false // the surrogate itself spells it
						}
						var initials strings.Builder
						for _, w := range subWords {
							if deriveGeneric[w] || len(w) < 3 {
								continue
							}
							derivable = true
							initials.WriteByte(w[0])
							if strings.Contains(surAddr, w) {
								derived = true
							}
						}
						for _, w := range strings.Fields(dp.Reps[j].Surrogate) {
							w = strings.ToLower(strings.Trim(w, ".,()–-"))
							if n := len(w); n >= 2 && n <= 6 && strings.ToUpper(w) != w && strings.Contains(surAddr, w) {
								derived = true
							}
						}
						if initials.Len() >= 2 && strings.Contains(surAddr, initials.String()) {
							derived = true
						}
					}
					if spells && strings.Contains(compactSur, bestWord) {
						t.Errorf("%s seed %d: %q → %q still spells %q", l.Name, seed, orig, sur, bestWord)
					}
					if derivable && !derived {
						t.Errorf("%s seed %d: %q spells facility %q, but %q spells nothing of its surrogate %q",
							l.Name, seed, orig, dp.Reps[best[0]].Original, sur, dp.Reps[best[0]].Surrogate)
					}
					continue
				}
				for j, p := range d.Spans {
					if !p.Kind.IsName() || p.Kind == kinds.NameUsername || p.Kind == kinds.NameTitle || dp.Reps[j].Kept {
						continue
					}
					ow, sw := asciiWords(dp.Reps[j].Original), asciiWords(dp.Reps[j].Surrogate)
					if len(ow) == 0 || len(sw) == 0 {
						continue
					}
					surname := ow[len(ow)-1]
					if len(surname) < 4 || !strings.Contains(compactAddr, surname) || unicode.IsUpper(rune(dp.Reps[j].Original[0])) == false {
						continue
					}
					persons++
					checked++
					sub := sw[len(sw)-1]
					if strings.Contains(surAddr, surname) && sub != surname {
						t.Errorf("%s seed %d: %q → %q still spells the surname %q", l.Name, seed, orig, sur, surname)
					}
					plain := strings.NewReplacer("ae", "a", "oe", "o", "ue", "u").Replace(sub)
					if !strings.Contains(surAddr, sub) && !strings.Contains(surAddr, plain) {
						t.Errorf("%s seed %d: %q spells %q, but %q does not spell its surrogate %q", l.Name, seed, orig, dp.Reps[j].Original, sur, dp.Reps[j].Surrogate)
					}
					break
				}
			}
		}
	}
	t.Logf("%d letters × 10 seeds: %d addresses checked (%d spelling a facility, %d a person), %d IDs with a town's code", len(ls), checked, facs, persons, ids)
	if len(ls) > 30 && (facs == 0 || ids == 0) {
		t.Fatal("no address spelling a facility, or no ID with a town's code, was checked")
	}
}
