package names

import (
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"unicode"

	"github.com/surrogator/surrogator/data"
	corpus "github.com/surrogator/surrogator/internal/letters"
	"github.com/surrogator/surrogator/internal/testutil"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/fictive"
	"github.com/surrogator/surrogator/surrogator/kinds"
	"github.com/surrogator/surrogator/surrogator/norm"
)

// issue25Seeds is how many scope keys every issue 25 property is checked
// with.
const issue25Seeds = 20

func issue25Scope(i int) *fictive.Scope {
	return fictive.NewScope([]byte("issue25-" + strconv.Itoa(i)))
}

// runDefault surrogates every name and title span of d with the embedded
// resources (the lists the product ships), "" for other kinds.
func runDefault(t testing.TB, d *document.Document, scope *fictive.Scope) []string {
	t.Helper()
	st := &fictive.DocState{}
	out := make([]string, len(d.Spans))
	for i, s := range d.Spans {
		if !s.Kind.IsName() && s.Kind != kinds.NameTitle {
			continue
		}
		g, err := testGenerators.Lookup(s.Kind)
		if err != nil {
			t.Fatal(err)
		}
		ctx := &fictive.Context{Kind: s.Kind, Doc: d, Span: i, Scope: scope, DocScope: scope, State: st, Res: data.Default()}
		v, err := g(ctx.Original(), ctx)
		if err != nil {
			t.Fatalf("span %d (%s): %v", i, s.Kind, err)
		}
		out[i] = v
	}
	return out
}

// foreignTitleWords are title words of foreign degrees (Czech/Slovak,
// Austrian, Anglo-American, GDR-era science doctorate): never in the
// surrogate of a domestic title.
var foreignTitleWords = regexp.MustCompile(`(?i)\b(MUDr|MDDr|CSc|DrSc|PhD|Ph\.\s?D|univ|scient|sc\.\s?med|nat\.\s?med|BScMed|BMed|MMed)\b`)

// titleDiscipline reduces a title to its disciplines and number: "med"
// (physician), "dent", "vet", "medsci" (rer. medic. and its variants),
// "nat", "phil", "psych" …, and "pl" for the plural "Drs."/"Dres.".
func titleDiscipline(t string) string {
	k := titleKey(t)
	var out []string
	for _, c := range titleComponents(t) {
		if c.class.name == "medsci" {
			out = append(out, "medsci")
			k = strings.Replace(k, titleKey(t[c.begin:c.end]), "", 1)
		}
	}
	for _, d := range []string{"dent", "vet", "psych", "päd", "rernat", "phil", "habil", "hc", "drs", "dres", "ing", "jur", "dipl"} {
		if strings.Contains(k, d) {
			out = append(out, d)
			k = strings.ReplaceAll(k, d, "")
		}
	}
	if strings.Contains(k, "med") {
		out = append(out, "med")
	}
	return strings.Join(out, ",")
}

// checkTitle reports what is wrong with the surrogate s of a domestic
// title o: another rank, a foreign degree, another discipline or number,
// or a role word not kept verbatim.
func checkTitle(res *data.Resources, o, s string) string {
	if r1, ok := res.TitleRank(o); ok {
		if r2, ok2 := res.TitleRank(s); !ok2 || r1 != r2 {
			return "rank changed"
		}
	}
	if !foreignTitleWords.MatchString(o) && foreignTitleWords.MatchString(s) {
		return "foreign degree"
	}
	if titleDiscipline(o) != titleDiscipline(s) {
		return "discipline or number changed (" + titleDiscipline(o) + " → " + titleDiscipline(s) + ")"
	}
	for _, w := range strings.Fields(o) {
		if hospitalRoles[strings.ToLower(strings.Trim(w, ",;:"))] && !strings.Contains(s, w) {
			return "role " + w + " lost"
		}
	}
	return ""
}

// hospitalRoles are roles and ranks that may stand inside a title or name
// span; they are not PII and stay as written.
var hospitalRoles = map[string]bool{
	"oa": true, "oä": true, "ca": true, "cä": true, "fa": true, "fä": true, "aa": true, "aä": true, "loa": true,
	"sr.": true, "schw.": true, "schwester": true, "pfleger": true, "pflegerin": true, "hebamme": true,
	"stationsarzt": true, "stationsärztin": true, "chefarzt": true, "chefärztin": true, "oberarzt": true,
	"oberärztin": true, "assistenzarzt": true, "assistenzärztin": true, "facharzt": true, "fachärztin": true,
}

// TestTitles: a title keeps rank, discipline, number and origin,
// roles in the span stay; over 20 seeds.
func TestTitles(t *testing.T) {
	res := data.Default()
	domestic := []string{"Dr.", "Dr. med.", "Dr.med.", "DR. MED.", "Dr. med. dent.", "Dr. rer. nat.", "Prof.",
		"Prof. Dr.", "Prof. Dr. med.", "PD Dr.", "PD Dr. med.", "Priv.-Doz. Dr. med.", "apl. Prof. Dr. med.",
		"Dr. h. c.", "Dr. med. habil.", "Dipl.-Psych.", "Dipl.-Med.", "M.Sc.", "B.Sc.", "Drs.", "Dres.",
		"OA Dr. med.", "CA Prof. Dr.", "OÄ Dr.", "FA Dr. med.", "Chefarzt Prof. Dr. med.", "Dr. rer. medic.",
		"DR. RER. MEDIC.", "Dr.rer.medic.", "Univ.-Prof. Dr. med.", "PD", "Priv.-Doz.", "Dr. phil.", "Dr.in"}
	for seed := range issue25Seeds {
		for _, o := range domestic {
			d, _ := buildLetter(t, "Brief von [[T|"+o+"]] [[D|Meier]].")
			s := runDefault(t, d, issue25Scope(seed))[0]
			if why := checkTitle(res, o, s); why != "" {
				t.Errorf("seed %d: %q → %q: %s", seed, o, s, why)
			}
		}
	}
	// the ones without a same-rank, same-discipline alternative stay
	for _, o := range []string{"Dr. med.", "Dr.", "Drs.", "Dr. med. dent.", "Dipl.-Psych.", "Prof. Dr. med.", "OA Dr. med.", "MUDr.", "PhD"} {
		d, _ := buildLetter(t, "[[T|"+o+"]] [[D|Meier]]")
		if s := runDefault(t, d, issue25Scope(0))[0]; s != o {
			t.Errorf("%q → %q, want it kept", o, s)
		}
	}
}

// TestRolesInNameSpans: roles annotated inside a name span stay,
// and give the gender ("Sr. Hildegard" is a nursing sister).
func TestRolesInNameSpans(t *testing.T) {
	res := data.Default()
	for _, tc := range []struct{ markup, role string }{
		{"Visite mit [[D|Sr. Hildegard]].", "Sr."},
		{"Visite mit [[D|Schwester Hildegard]].", "Schwester"},
		{"Rücksprache mit [[D|OA Müller]].", "OA"},
		{"Rücksprache mit [[D|OÄ Dr. Müller]].", "OÄ"},
		{"Übergabe an [[D|Pfleger Thomas]].", "Pfleger"},
		{"Geburt mit [[D|Hebamme Schulz]].", "Hebamme"},
		{"Unterschrift [[D|Stationsarzt Dr. Kurz]].", "Stationsarzt"},
	} {
		for seed := range issue25Seeds {
			d, _ := buildLetter(t, tc.markup)
			s := runDefault(t, d, issue25Scope(seed))[0]
			if !strings.HasPrefix(s, tc.role+" ") || s == d.SpanText(0) {
				t.Fatalf("seed %d: %q → %q", seed, d.SpanText(0), s)
			}
			if tc.role == "Sr." || tc.role == "Schwester" {
				if first := strings.Fields(s)[1]; res.GenderOfFirstName(first) != data.Female {
					t.Fatalf("seed %d: %q → %q: not a woman's name", seed, d.SpanText(0), s)
				}
			}
		}
	}
}

// TestAbbreviations: abbreviated first names map to listed German
// abbreviations that agree with the person's surrogate first name; compound
// initials follow the surrogate compound; particles are no initials.
func TestAbbreviations(t *testing.T) {
	for seed := range issue25Seeds {
		d, _ := buildLetter(t, "Herr [[P|Christian Meier]] kam. [[P|Chr. Meier]] unterschrieb. Frau [[P|Kath. Vogt]].")
		out := runDefault(t, d, issue25Scope(seed))
		first := strings.Fields(out[0])[0]
		abbr := strings.Fields(out[1])[0]
		if abbrevName(first) != abbr {
			t.Errorf("seed %d: %q and %q: %q does not abbreviate %q", seed, out[0], out[1], abbr, first)
		}
		if a := strings.Fields(out[2])[0]; !knownAbbrev(a) || a == "Kath." {
			t.Errorf("seed %d: %q → %q", seed, d.SpanText(2), out[2])
		}

		d, _ = buildLetter(t, "Herr [[P|Karl-Heinz Schulze]] kam. [[P|K.-H. Schulze]] und [[D|H.-J. Wolf]].")
		out = runDefault(t, d, issue25Scope(seed))
		full := strings.Fields(out[0])[0]
		if data.Default().GenderOfFirstName(full) != data.Male || !strings.Contains(full, "-") {
			t.Errorf("seed %d: %q → %q: not a listed male compound", seed, d.SpanText(0), out[0])
		}
		ps := strings.Split(full, "-")
		want := string([]rune(ps[0])[:1]) + ".-" + string([]rune(ps[1])[:1]) + "."
		if got := strings.Fields(out[1])[0]; got != want {
			t.Errorf("seed %d: %q with %q → %q, want %q", seed, d.SpanText(1), out[0], got, want)
		}
		if got := strings.Fields(out[2])[0]; !compoundInitialsListed(got) || got == "H.-J." {
			t.Errorf("seed %d: %q → %q", seed, d.SpanText(2), out[2])
		}

		d, _ = buildLetter(t, "Tochter [[R|Sabine M.]] kam; [[Rf0|Sabine Müller]] ist die Tochter.")
		out = runDefault(t, d, issue25Scope(seed))
		if a, b := strings.Fields(out[0]), strings.Fields(out[1]); a[0] != b[0] || a[1] != string([]rune(b[1])[:1])+"." {
			t.Errorf("seed %d: %q / %q", seed, out[0], out[1])
		}

		d, _ = buildLetter(t, "Konsil [[D|Th. v. d. Brelie]].")
		s := runDefault(t, d, issue25Scope(seed))[0]
		if f := strings.Fields(s); len(f) != 4 || f[1] != "v." || f[2] != "d." || !knownAbbrev(f[0]) {
			t.Errorf("seed %d: %q → %q", seed, d.SpanText(0), s)
		}
	}
}

// compoundInitialsListed reports whether initials such as "H.-P." are the
// initials of a listed compound first name.
func compoundInitialsListed(s string) bool {
	res := data.Default()
	for _, list := range [][]string{res.FemaleFirst, res.MaleFirst} {
		for _, n := range list {
			ps := strings.Split(n, "-")
			if len(ps) != 2 {
				continue
			}
			if s == string([]rune(ps[0])[:1])+".-"+string([]rune(ps[1])[:1])+"." {
				return true
			}
		}
	}
	return false
}

// familyOf is the origin family of a name word of a surrogate ("de" for
// German names).
func familyOf(o string) string {
	if f, ok := originFamily[o]; ok {
		return f
	}
	return o
}

// surrogateOrigins returns the origins of the listed first names and
// surnames of a surrogate name (words the lists do not know are skipped).
func surrogateOrigins(s string) (firsts, surs []string) {
	res := data.Default()
	o := data.NameOrigins()
	prev := ""
	for _, w := range strings.FieldsFunc(s, func(c rune) bool { return !unicode.IsLetter(c) && c != '-' }) {
		afterParticle := particles[strings.ToLower(prev)] || articleAbbrevs[strings.ToLower(prev)]
		prev = w
		if afterParticle {
			continue // "de Witt", "van den Bosch": the particle's names (TestOrigin)
		}
		for _, p := range strings.Split(w, "-") {
			switch {
			case res.IsFirstName(p) && !res.IsSurname(p):
				firsts = append(firsts, familyOf(o.Of(listedSpelling(p))))
			case res.IsSurname(p) && !res.IsFirstName(p):
				surs = append(surs, familyOf(o.Of(listedSpelling(p))))
			}
		}
	}
	return firsts, surs
}

// listedSpelling returns the lists' spelling of a name written in another
// case ("MÜLLER" → "Müller").
func listedSpelling(w string) string {
	spellingOnce.Do(func() {
		res := data.Default()
		spelling = map[string]string{}
		for _, list := range [][]string{res.FemaleFirst, res.MaleFirst, res.UnisexFirst, res.Surnames} {
			for _, n := range list {
				if _, ok := spelling[norm.FoldName(n)]; !ok {
					spelling[norm.FoldName(n)] = n
				}
			}
		}
	})
	if n, ok := spelling[norm.FoldName(w)]; ok {
		return n
	}
	return w
}

var (
	spellingOnce sync.Once
	spelling     map[string]string
)

// TestOrigin: a person's surrogate name parts come from one origin
// (family), the origin of the original is kept, particles keep their
// origin, and common German names are common.
func TestOrigin(t *testing.T) {
	o := data.NameOrigins()
	type want struct {
		markup string
		origin string // family of the surrogate words, "" any single one
	}
	cases := []want{
		{"Patient [[Pm0|Mehmet Yılmaz]].", "mena"},
		{"Patient [[Pm0|Metin Heil]], später Herr [[P|Heil]].", "de"}, // a listed German surname decides
		{"Patient [[Pm0|Metin Kaplanoğlu]], später Herr [[P|Kaplanoğlu]].", "mena"},
		{"Patientin [[Pf0|Rania Al-Masri]], Herr [[Pm0|Karim Al-Masri]].", "mena"},
		{"Patientin [[Pf0|Katarzyna Kowalczyk]].", "slav"},
		{"Patient [[Pm0|Giuseppe Rossi]].", "rom"},
		{"Patientin [[Pf0|Anna Müller]].", "de"},
		{"Patient [[Pm0|Wolfgang Schneider]].", "de"},
		{"Patientin [[Pf0|Lotte Bauer]].", "de"},
		{"Patient [[Pm0|Tarek Emil Haddad]].", "mena"},
		{"Patient [[Pm0|Van Minh Nguyen]], [[P|NGUYEN, Van Minh]].", "vi"},
		// an -ow surname with a listed German first name is a German place
		// name (Hagenow, Bülow), a listed Russian one or -owa stays Slavic
		{"Patientin [[Pf0|Dorothea Lenz-Hagenow]], später Frau [[P|Lenz-Hagenow]].", "de"},
		{"Patient [[Pm0|Klaus Bülow]].", "de"},
		{"Patientin [[Pf0|Anna Iwanowa]].", "slav"},
		{"Patient [[Pm0|Sergej Petrow]].", "slav"},
	}
	german := 0
	for seed := range issue25Seeds {
		for _, c := range cases {
			d, _ := buildLetter(t, c.markup)
			out := runDefault(t, d, issue25Scope(seed))
			for i := range d.Spans {
				firsts, surs := surrogateOrigins(out[i])
				all := append(firsts, surs...)
				for _, f := range all {
					if f != all[0] {
						t.Errorf("seed %d: %q → %q mixes origins %v", seed, d.SpanText(i), out[i], all)
						break
					}
				}
				if len(all) > 0 && all[0] != c.origin {
					t.Errorf("seed %d: %q → %q: origin %s, want %s", seed, d.SpanText(i), out[i], all[0], c.origin)
				}
				if c.origin == "de" && len(all) > 0 && all[0] == "de" {
					german++
				}
			}
		}
	}
	// particles: a German particle takes a German surname, van a Dutch one
	for seed := range issue25Seeds {
		d, _ := buildLetter(t, "Patientin [[Pf0|Ursula von der Leyen]], Konsil [[Dm0|Pieter van Dijk]], Frau [[P|DE KRISTEN]].")
		out := runDefault(t, d, issue25Scope(seed))
		ws := strings.Fields(out[0])
		if ws[1] != "von" || ws[2] != "der" || o.Of(ws[3]) != "de" || !data.Default().IsSurname("von "+ws[3]) && !data.Default().IsSurname("von der "+ws[3]) && !data.Default().IsSurname("zu "+ws[3]) {
			t.Errorf("seed %d: %q → %q", seed, d.SpanText(0), out[0])
		}
		ws = strings.Fields(out[1])
		if ws[1] != "van" || o.Of(listedSpelling("van "+ws[2])) != "nl" && !strings.HasPrefix(listedSpelling(ws[2]), "") {
			t.Errorf("seed %d: %q → %q", seed, d.SpanText(1), out[1])
		}
		if ws := strings.Fields(out[2]); ws[0] != "DE" || ws[1] != strings.ToUpper(ws[1]) {
			t.Errorf("seed %d: %q → %q", seed, d.SpanText(2), out[2])
		}
	}
	t.Logf("German originals kept German in %d name spans", german)
}

// TestInitials: single initials follow German first-letter
// frequencies: only Q, X and Y map to Q, X or Y.
func TestInitials(t *testing.T) {
	lx := lexiconOf(data.Default())
	for seed := range 200 {
		perm := lx.letterPerm(issue25Scope(seed))
		for l := byte('A'); l <= 'Z'; l++ {
			rare := strings.IndexByte("QXY", l) >= 0
			if m := perm[l]; rare != (strings.IndexByte("QXY", m) >= 0) {
				t.Fatalf("seed %d: %c → %c", seed, l, m)
			}
		}
	}
}

// corpusDocs are the shared GraSCCo letters and the INCEpTION export's
// documents.
func corpusDocs(t *testing.T) []*document.Document {
	var out []*document.Document
	for _, f := range append(testutil.GrasccoCAS(t), testutil.ProjectCAS(t)...) {
		out = append(out, testutil.Doc(t, f))
	}
	return out
}

// abbrevRe finds abbreviated first names (two to seven letters and a dot)
// at the start of a name surrogate word.
var abbrevRe = regexp.MustCompile(`^\p{Lu}\p{Ll}{1,6}\.$`)

// checkDoc checks the issue 25 properties of one surrogated document and
// returns how many spans it checked.
func checkDoc(t *testing.T, d *document.Document, out []string, label string) int {
	res := data.Default()
	n := 0
	for i, s := range d.Spans {
		o := d.SpanText(i)
		switch {
		case s.Kind == kinds.NameTitle:
			n++
			if why := checkTitle(res, o, out[i]); why != "" {
				t.Errorf("%s: title %q → %q: %s", label, o, out[i], why)
			}
		case s.Kind.IsName():
			n++
			ow, sw := strings.Fields(o), strings.Fields(out[i])
			for k, w := range ow {
				lw := strings.ToLower(strings.Trim(w, ",;:()"))
				if hospitalRoles[lw] && (k >= len(sw) || sw[k] != w) {
					t.Errorf("%s: role %q of %q lost in %q", label, w, o, out[i])
				}
			}
			for k, w := range sw {
				if k < len(ow) && ow[k] == w {
					continue // kept word (particle, salutation, role, title)
				}
				if abbrevRe.MatchString(w) && !knownAbbrev(w) && !titleLike(w) {
					t.Errorf("%s: %q → %q: invented abbreviation %q", label, o, out[i], w)
				}
			}
			firsts, surs := surrogateOrigins(out[i])
			if len(firsts) > 0 && len(surs) > 0 && !slices.Contains(surs, firsts[0]) {
				t.Errorf("%s: %q → %q: origins %v / %v", label, o, out[i], firsts, surs)
			}
		}
	}
	return n
}

func titleLike(w string) bool {
	return lexiconOf(data.Default()).isTitle(w)
}

// TestCorpusProperties: the properties of this file over the shared GraSCCo
// letters and the INCEpTION export, 20 seeds.
func TestCorpusProperties(t *testing.T) {
	docs := corpusDocs(t)
	total := 0
	for seed := range issue25Seeds {
		for di, d := range docs {
			out := runDefault(t, d, issue25Scope(seed))
			total += checkDoc(t, d, out, "seed "+strconv.Itoa(seed)+" doc "+strconv.Itoa(di))
		}
	}
	t.Logf("%d documents × %d seeds: %d name and title spans checked", len(docs), issue25Seeds, total)
	if total == 0 {
		t.Error("no spans checked")
	}
}

// TestLetters: the issue 25 properties over the project's realistic
// letters (testdata/letters-src, dev and heldout), 20 seeds.
func TestLetters(t *testing.T) {
	var docs []*document.Document
	for _, set := range []string{"dev", "heldout"} {
		ls, err := corpus.Load(filepath.Join(testutil.RepoRoot(t), "testdata", "letters-src", set))
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range ls {
			docs = append(docs, l.Document())
		}
	}
	if len(docs) == 0 {
		t.Fatal("no letters")
	}
	total := 0
	for seed := range issue25Seeds {
		for di, d := range docs {
			out := runDefault(t, d, issue25Scope(seed))
			total += checkDoc(t, d, out, "seed "+strconv.Itoa(seed)+" letter "+strconv.Itoa(di))
		}
	}
	t.Logf("%d letters × %d seeds: %d name and title spans checked", len(docs), issue25Seeds, total)
}

// TestRoleNounAfterName: an unlisted first name whose gender nothing
// before the span shows takes it from the role noun after it ("Mirjam
// Schätzle, Fachärztin für …"); a role noun that names the next person
// ("…, Oberarzt Dr. Kunz") tells nothing.
func TestRoleNounAfterName(t *testing.T) {
	res := data.Default()
	for _, tc := range []struct {
		markup string
		want   data.Gender
	}{
		{"i. A. [[D|Mirjam Schätzle]], Fachärztin für Psychiatrie und Psychotherapie", data.Female},
		{"gez. [[D|Bendix Aschauer]], Facharzt für Innere Medizin", data.Male},
		{"[[D|Ilvy Brandner]], Oberärztin der Klinik", data.Female},
	} {
		for seed := range issue25Seeds {
			d, _ := buildLetter(t, tc.markup)
			if g := res.GenderOfFirstName(strings.Fields(d.SpanText(0))[0]); g != data.Unknown {
				t.Fatalf("%q is listed (%v): the case tests nothing", d.SpanText(0), g)
			}
			s := runDefault(t, d, issue25Scope(seed))[0]
			if g := res.GenderOfFirstName(strings.Fields(s)[0]); g != tc.want {
				t.Fatalf("seed %d: %q → %q: %v, want %v", seed, d.SpanText(0), s, g, tc.want)
			}
		}
	}
}
