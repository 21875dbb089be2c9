package engine

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"

	"github.com/surrogator/surrogator/data"
	"github.com/surrogator/surrogator/internal/letters"
	"github.com/surrogator/surrogator/internal/testutil"
	"github.com/surrogator/surrogator/surrogator/audit"
	"github.com/surrogator/surrogator/surrogator/dates"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/engine/plan"
	"github.com/surrogator/surrogator/surrogator/fictive/contact"
	"github.com/surrogator/surrogator/surrogator/kinds"
)

// issue25Docs returns the documents of the shared corpora (GraSCCo, the
// INCEpTION test project) and of the project's realistic letters, each as
// a function that builds a fresh copy (planning takes a document apart).
func issue25Docs(t *testing.T) map[string]func() *document.Document {
	out := map[string]func() *document.Document{}
	for _, f := range append(testutil.GrasccoCAS(t), testutil.ProjectCAS(t)...) {
		out["shared/"+f.Name] = func() *document.Document { return testutil.Doc(t, f) }
	}
	for _, set := range []string{"dev", "heldout"} {
		dir := filepath.Join(testutil.RepoRoot(t), "testdata", "letters-src", set)
		if _, err := os.Stat(dir); err != nil {
			continue
		}
		ls, err := letters.Load(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range ls {
			out["letters/"+set+"/"+l.Name] = func() *document.Document {
				d := l.Document()
				d.Normalize()
				return d
			}
		}
	}
	return out
}

var (
	rvnrShape  = regexp.MustCompile(`^[0-9]{8}[A-Z][0-9]{3}$`)
	kvnrShape  = regexp.MustCompile(`^[A-Z][0-9]{9}$`)
	courtShape = regexp.MustCompile(`^(?:[A-Z]{1,2} )?[0-9]{1,3} ((?:[IVXLC]+|[A-Z][A-Za-z]{0,3})) [0-9]{1,6}/([0-9]{2})$`)
)

func compact(s string) string {
	return strings.Map(func(r rune) rune {
		if r < 128 && (unicode.IsLetter(r) || unicode.IsDigit(r)) {
			return r
		}
		return -1
	}, s)
}

// TestDatesIDsProperty: over 20 seeds and every
// document of the shared corpora and the realistic letters, in fictive
// mode (dates also in gemtex mode):
//
//   - no DATE span more specific than a bare year is published unchanged;
//   - a date range keeps its written form (dates.Shape);
//   - the leak audit's date check quarantines no document of a normal run;
//   - every pension insurance number, health insurance number, LANR and
//     IK validates; a pension insurance number spells its person's
//     surrogate birth date and surname initial where the letter shows the
//     person; a court file number keeps its register;
//   - phone and fax numbers of one area code and exchange keep sharing both.
func TestDatesIDsProperty(t *testing.T) {
	if testing.Short() {
		t.Skip("20 seeds over every letter")
	}
	docs := issue25Docs(t)
	if len(docs) < 20 {
		t.Skipf("needs ../shared and testdata/letters-src (%d documents)", len(docs))
	}
	res := data.Default()
	isName := func(s string) bool { return res.IsSurname(s) || res.IsFirstName(s) }
	var st struct{ dates, specific, ranges, rvnr, rvnrDate, rvnrInitial, kvnr, lanrIK, court, phonePairs, quarantined int }
	excluded := map[string]bool{}
	names := make([]string, 0, len(docs))
	for n := range docs {
		names = append(names, n)
	}
	for seed := 1; seed <= 20; seed++ {
		for _, name := range names {
			for _, mode := range []Mode{ModeFictive, ModeGemtex} {
				d := docs[name]()
				if d.HasWrong() {
					continue // excluded before planning (QC)
				}
				o := Options{Mode: mode, Seed: int64(seed), SeedSet: true, Key: []byte(fmt.Sprintf("issue-25-%d", seed))}
				if err := o.defaults(); err != nil {
					t.Fatal(err)
				}
				dp := startedPlanner(&o, isName, nil).Plan(d, "x")
				if dp.Reason != "" {
					// another area's defect (reported by its own tests):
					// this test checks what a planned letter publishes
					excluded[name+": "+dp.Reason] = true
					continue
				}
				fail := func(format string, a ...any) {
					t.Helper()
					t.Errorf("%s seed %d %s (shift %d): %s", name, seed, mode, dp.Shift, fmt.Sprintf(format, a...))
				}
				orig := func(i int) string { return dp.Reps[i].Original }
				shown := func(i int) string {
					s := dp.Reps[i].Surrogate
					if m := gemtexDate.FindStringSubmatch(s); mode == ModeGemtex && m != nil {
						return m[2]
					}
					return s
				}
				for i, s := range d.Spans {
					if !s.Kind.IsDate() || dp.Reps[i].Kept {
						continue
					}
					st.dates++
					if mode == ModeGemtex && s.Kind != kinds.Date {
						continue // birth and death: the quarter's first day
					}
					if audit.DateAudited(orig(i)) {
						st.specific++
						if strings.EqualFold(strings.Join(strings.Fields(shown(i)), " "), strings.Join(strings.Fields(orig(i)), " ")) {
							fail("DATE %q published unchanged", orig(i))
						}
					}
					if e, err := dates.Parse(orig(i)); err == nil {
						if _, _, ok := e.Range(); ok {
							st.ranges++
							if dates.Shape(orig(i)) != dates.Shape(shown(i)) {
								fail("range %q → %q loses its written form", orig(i), shown(i))
							}
						}
					}
				}
				edits := append([]document.Edit(nil), dp.Edits...)
				nd, err := d.Apply(edits)
				if err != nil {
					t.Fatal(err)
				}
				if h := plan.DateLeaks(nd.Text, nd, dp.Reps, dp.RoundedDates); len(h) > 0 {
					st.quarantined++
					fail("the date audit finds %d hits", len(h))
				}
				if mode != ModeFictive {
					continue
				}
				checkIDs(t, d, dp, fail, &st.rvnr, &st.rvnrDate, &st.rvnrInitial, &st.kvnr, &st.lanrIK, &st.court)
				st.phonePairs += checkPhonePrefixes(d, dp, fail)
			}
		}
	}
	t.Logf("%d documents × 20 seeds: %d date spans (%d more specific than a year, %d ranges), %d pension numbers (%d with the person's birth date, %d with the person's initial), %d health insurance numbers, %d LANR/IK, %d court file numbers, %d phone pairs sharing a prefix, %d documents quarantined by dates",
		len(docs), st.dates, st.specific, st.ranges, st.rvnr, st.rvnrDate, st.rvnrInitial, st.kvnr, st.lanrIK, st.court, st.phonePairs, st.quarantined)
	for r := range excluded {
		t.Logf("not planned: %s", r)
	}
	if len(excluded) > len(docs)/4 {
		t.Fatalf("%d plans excluded", len(excluded))
	}
	if st.specific == 0 || st.ranges == 0 {
		t.Fatal("no dates checked")
	}
	if len(docs) > 30 && (st.rvnr == 0 || st.rvnrDate == 0 || st.rvnrInitial == 0 || st.kvnr == 0 || st.court == 0 || st.phonePairs == 0) {
		t.Fatal("the letters' structured IDs were not checked")
	}
}

// checkIDs checks the structured IDs of one fictive plan.
func checkIDs(t *testing.T, d *document.Document, dp *plan.Doc, fail func(string, ...any), rvnr, rvnrDate, rvnrInitial, kvnr, lanrIK, court *int) {
	t.Helper()
	for i, s := range d.Spans {
		if s.Kind != kinds.ID {
			continue
		}
		o, sur := dp.Reps[i].Original, dp.Reps[i].Surrogate
		co, cs := compact(o), compact(sur)
		// a pension or health insurance number is written in blank-separated
		// groups at most (contact.classify): "A-2024/01187" (an admission
		// number) or "H18833/24-14" (a tissue block) only compact to the shape
		blanks := co == strings.Join(strings.Fields(o), "")
		switch {
		case blanks && rvnrShape.MatchString(co) && co[2:4] <= "31" && co[4:6] >= "01" && co[4:6] <= "12" && co[2:4] >= "01":
			*rvnr++
			if !contact.ValidRVNR(sur) {
				fail("pension number %q → %q does not validate", o, sur)
				continue
			}
			if (co[9] < '5') != (cs[9] < '5') {
				fail("pension number %q → %q changes the sex of the serial", o, sur)
			}
			// the person's birth date
			for j, b := range d.Spans {
				if b.Kind != kinds.DateBirth {
					continue
				}
				e, err := dates.Parse(d.SpanText(j))
				if err != nil || e.Precision() != dates.Day || !e.HasYear() || e.Time().Format("020106") != co[2:8] {
					continue
				}
				es, err := dates.Parse(dp.Reps[j].Surrogate)
				if err != nil {
					continue
				}
				*rvnrDate++
				if es.Time().Format("020106") != cs[2:8] {
					fail("pension number %q → %q, birth date %q → %q: the number does not spell the surrogate birth date", o, sur, d.SpanText(j), dp.Reps[j].Surrogate)
				}
				break
			}
			// the person's surname initial
			for j, nm := range d.Spans {
				if nm.Kind != kinds.NamePatient || !hasInitial(d.SpanText(j), co[8]) {
					continue
				}
				*rvnrInitial++
				if !hasInitial(dp.Reps[j].Surrogate, cs[8]) {
					fail("pension number %q → %q, patient %q → %q: the letter is not the surrogate's initial", o, sur, d.SpanText(j), dp.Reps[j].Surrogate)
				}
				break
			}
		case blanks && kvnrShape.MatchString(co):
			*kvnr++
			if !contact.ValidKVNR(sur) {
				fail("health insurance number %q → %q does not validate", o, sur)
			}
		case len(co) == 9 && strings.Trim(co, "0123456789") == "" && (contact.ValidLANR(co) || contact.ValidIK(co)) &&
			!strings.Contains(d.Text[max(0, s.Begin-12):s.Begin], "BSNR"): // a BSNR has no check digit
			*lanrIK++
			if !contact.ValidLANR(cs) && !contact.ValidIK(cs) {
				fail("LANR/IK %q → %q does not validate", o, sur)
			}
		case courtShape.MatchString(o):
			*court++
			mo, ms := courtShape.FindStringSubmatch(o), courtShape.FindStringSubmatch(sur)
			if ms == nil || ms[1] != mo[1] {
				fail("court file number %q → %q loses its register", o, sur)
			}
		}
	}
}

// hasInitial reports whether a word of s (a surname part) starts with the
// letter l (accents removed).
func hasInitial(s string, l byte) bool {
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) }) {
		if len([]rune(w)) > 1 && contact.AsciiInitial(w) == l {
			return true
		}
	}
	return false
}

// digitGroups returns the digit runs of s.
func digitGroupsOf(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return r < '0' || r > '9' })
}

// subscriberGroups returns the digit groups of a phone number after its
// area code: after a ")" or "/" closing a pair-written area ("(0 52 31)
// 72-14 10"), else after the first group.
func subscriberGroups(s string) []string {
	if i := strings.IndexAny(s, ")/"); i >= 0 && len(digitGroupsOf(s[:i])) > 1 && strings.HasPrefix(digitGroupsOf(s[:i])[0], "0") {
		return digitGroupsOf(s[i:])
	}
	if g := digitGroupsOf(s); len(g) > 1 {
		return g[1:]
	}
	return nil
}

// checkPhonePrefixes checks that German phone and fax numbers of a letter
// written with one area code and exchange ("0341 97-12345", "0341
// 97-12346") keep sharing both; it returns the pairs checked.
func checkPhonePrefixes(d *document.Document, dp *plan.Doc, fail func(string, ...any)) int {
	var idx []int
	for i, s := range d.Spans {
		if s.Kind == kinds.ContactPhone || s.Kind == kinds.ContactFax {
			if g := digitGroupsOf(dp.Reps[i].Original); len(g) >= 3 && strings.HasPrefix(g[0], "0") {
				idx = append(idx, i)
			}
		}
	}
	pairs := 0
	for a := range idx {
		for b := a + 1; b < len(idx); b++ {
			i, j := idx[a], idx[b]
			oi, oj := digitGroupsOf(dp.Reps[i].Original), digitGroupsOf(dp.Reps[j].Original)
			if oi[0] != oj[0] || oi[1] != oj[1] || dp.Reps[i].Original == dp.Reps[j].Original {
				continue
			}
			pairs++
			si, sj := digitGroupsOf(dp.Reps[i].Surrogate), digitGroupsOf(dp.Reps[j].Surrogate)
			if len(si) < 2 || len(sj) < 2 || si[0] != sj[0] || si[1] != sj[1] {
				fail("%q and %q share area and exchange, %q and %q do not", dp.Reps[i].Original, dp.Reps[j].Original, dp.Reps[i].Surrogate, dp.Reps[j].Surrogate)
			}
			// the subscriber's groups (after the area code: after a ")" or
			// "/" that closes it, "(0 52 31) 72-14 10", else after the
			// first group) keep their lengths
			os, ss := subscriberGroups(dp.Reps[i].Original), subscriberGroups(dp.Reps[i].Surrogate)
			for k := 0; k < len(os) && k < len(ss); k++ {
				if len(os[k]) != len(ss[k]) || len(os) != len(ss) {
					fail("%q → %q: a digit group changes its length", dp.Reps[i].Original, dp.Reps[i].Surrogate)
				}
			}
		}
	}
	return pairs
}
