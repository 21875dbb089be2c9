package engine

import (
	"context"
	"math/big"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/surrogator/surrogator/data"
	"github.com/surrogator/surrogator/internal/testutil"
	"github.com/surrogator/surrogator/surrogator/cas"
	"github.com/surrogator/surrogator/surrogator/dates"
	"github.com/surrogator/surrogator/surrogator/document"
	"github.com/surrogator/surrogator/surrogator/formats"
	"github.com/surrogator/surrogator/surrogator/formats/casjson"
	"github.com/surrogator/surrogator/surrogator/kinds"
)

var ibanRe = regexp.MustCompile(`^[A-Z]{2}[0-9]{2}[A-Z0-9 ]{11,}$`)

func ibanValid(s string) bool {
	s = strings.ReplaceAll(s, " ", "")
	r := s[4:] + s[:4]
	var num strings.Builder
	for _, c := range r {
		if c >= 'A' && c <= 'Z' {
			num.WriteString(big.NewInt(int64(c - 'A' + 10)).String())
		} else {
			num.WriteRune(c)
		}
	}
	n, ok := new(big.Int).SetString(num.String(), 10)
	return ok && new(big.Int).Mod(n, big.NewInt(97)).Int64() == 1
}

// TestFictiveAcceptance checks fictive mode on the shared corpora (issue 5).
func TestFictiveAcceptance(t *testing.T) {
	zipPath := testutil.Shared(t, zipRel)
	grascco := testutil.Shared(t, "corpora/grascco-pii")
	inputs, err := formats.Scan(context.Background(), formats.PathSources([]string{zipPath, grascco}), formats.Options{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	res := runOnce(t, []string{zipPath, grascco}, Options{Mode: ModeFictive, Seed: 5, SeedSet: true, Workers: 2})
	if res.AuditHits != 0 {
		t.Fatalf("audit hits %d", res.AuditHits)
	}
	r := data.Default()
	var genderChecked, datePairs, ibans, spans int
	for _, p := range inputs {
		for _, d := range p.Documents {
			b, err := os.ReadFile(filepath.Join(res.PrivateRoot, p.Name, "cas", strings.TrimSuffix(d.Name, filepath.Ext(d.Name))+".json"))
			if os.IsNotExist(err) {
				continue
			}
			if err != nil {
				t.Fatal(err)
			}
			sd, err := casjson.Read(b, cas.PHIConfig{})
			if err != nil {
				t.Fatal(err)
			}
			sd.Normalize()
			if len(sd.Spans) != len(d.Spans) {
				t.Fatalf("%s: span count differs", d.Name)
			}
			type dt struct{ orig, sur *dates.Expr }
			var full []dt
			for i, s := range d.Spans {
				orig, sur := d.SpanText(i), sd.SpanText(i)
				spans++
				if !mayStay(s.Kind, orig) && orig == sur {
					t.Errorf("%s span %d (%s): surrogate equals original", d.Name, i, s.Kind)
				}
				switch {
				case s.Kind.IsName():
					genderChecked += checkGender(t, r, d, i, sur)
				case s.Kind.IsDate():
					eo, err := dates.Parse(orig)
					if err != nil {
						continue
					}
					if dates.Shape(orig) != dates.Shape(sur) {
						t.Errorf("%s span %d: date shape %q → %q", d.Name, i, dates.Shape(orig), dates.Shape(sur))
					}
					es, err := dates.Parse(sur)
					if err != nil {
						t.Errorf("%s span %d: surrogate date does not parse", d.Name, i)
						continue
					}
					if eo.Precision() == dates.Day && !eo.Repaired {
						full = append(full, dt{eo, es})
					}
				case s.Kind == kinds.ID && ibanRe.MatchString(orig) && ibanValid(orig):
					ibans++
					if !ibanValid(sur) {
						t.Errorf("%s span %d: surrogate IBAN fails mod 97", d.Name, i)
					}
				}
			}
			for a := range full {
				for b := a + 1; b < len(full); b++ {
					do := full[b].orig.Time().Sub(full[a].orig.Time())
					ds := full[b].sur.Time().Sub(full[a].sur.Time())
					datePairs++
					if do != ds {
						t.Errorf("%s: date distance %v became %v", d.Name, do, ds)
					}
				}
			}
		}
	}
	t.Logf("%d spans, %d gendered names, %d date pairs, %d IBANs checked", spans, genderChecked, datePairs, ibans)
	if genderChecked == 0 || datePairs < 100 || ibans == 0 {
		t.Fatal("acceptance checks did not run")
	}
}

var salutation = regexp.MustCompile(`(?:^|\s)(Frau|Herrn?|Hr\.|Fr\.)\s*$`)

// checkGender: a name after Frau/Herr (or starting with it) keeps the
// gender of its salutation, judged by the surrogate's first name where it
// has one from the lists.
func checkGender(t *testing.T, r *data.Resources, d *document.Document, i int, sur string) int {
	s := d.Spans[i]
	orig := d.SpanText(i)
	before := d.Text[max(0, s.Begin-12):s.Begin]
	m := salutation.FindStringSubmatch(before)
	sal := ""
	if m != nil {
		sal = m[1]
	} else if f := strings.Fields(orig); len(f) > 1 && (f[0] == "Frau" || f[0] == "Herr" || f[0] == "Herrn") {
		sal = f[0]
	}
	if sal == "" {
		return 0
	}
	want := data.Male
	if strings.HasPrefix(sal, "Fr") {
		want = data.Female
	}
	for _, w := range strings.Fields(sur) {
		w = strings.Trim(w, ",.")
		if g := r.GenderOfFirstName(w); g != data.Unknown {
			if g != want {
				t.Errorf("%s span %d: %s name got a %v first name", d.Name, i, sal, g)
			}
			return 1
		}
	}
	return 1 // surname only: gender cannot change
}
