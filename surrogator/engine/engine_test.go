package engine

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/surrogator/surrogator/surrogator/fictive/location"

	"github.com/surrogator/surrogator/internal/testutil"
	"github.com/surrogator/surrogator/surrogator/cas"
	"github.com/surrogator/surrogator/surrogator/dates"
	"github.com/surrogator/surrogator/surrogator/formats"
	"github.com/surrogator/surrogator/surrogator/formats/casjson"
	"github.com/surrogator/surrogator/surrogator/kinds"
	"github.com/surrogator/surrogator/surrogator/qc"
)

const zipRel = "corpora/inception-projects/project-deid-test-data-1.zip"

var excludedDocs = []string{"alpenwirt.txt", "minister_angehörige.txt", "weitsprung.txt", "busfahrerin.txt", "gesetzesnennung.txt"}

// testKey is the secret key of tests that compute document ids.
var testKey = []byte("test key: 0123456789abcdef")

func fixedNow() time.Time { return time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC) }

func runOnce(t *testing.T, paths []string, o Options) *Result {
	t.Helper()
	if o.Out == "" {
		o.Out = t.TempDir()
	}
	o.Now = fixedNow
	res, err := Run(context.Background(), paths, o)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// TestModesOnSharedCorpora: every PHI span except AGE ≤ 89 and PROFESSION
// is changed, the audit passes, output CAS annotations cover the
// surrogates, and excluded documents have no public text.
func TestModesOnSharedCorpora(t *testing.T) {
	zipPath := testutil.Shared(t, zipRel)
	grascco := testutil.Shared(t, "corpora/grascco-pii")
	inputs, err := formats.Scan(context.Background(), formats.PathSources([]string{zipPath, grascco}), formats.Options{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	orig := map[string]map[string][]string{} // project → doc → span texts
	for _, p := range inputs {
		orig[p.Name] = map[string][]string{}
		for _, d := range p.Documents {
			for i := range d.Spans {
				orig[p.Name][d.Name] = append(orig[p.Name][d.Name], d.SpanText(i))
			}
		}
	}
	gemtexSpan := regexp.MustCompile(`^\[\*\* ([A-Z_]+) ([A-Z]{2}[0-9][A-Z]{2}[0-9]) \*\*\]$`)
	for _, mode := range []Mode{ModeX, ModeEntity, ModeGemtex, ModeFictive} {
		t.Run(string(mode), func(t *testing.T) {
			out := t.TempDir()
			res := runOnce(t, []string{zipPath, grascco}, Options{Mode: mode, Seed: 42, SeedSet: true, Key: testKey, Out: out, Workers: 2})
			if res.AuditHits != 0 {
				t.Fatalf("audit hits: %d (%+v)", res.AuditHits, res.Excluded)
			}
			if len(res.Excluded) != 5 {
				t.Fatalf("excluded %+v", res.Excluded)
			}
			for _, name := range excludedDocs {
				id := DocID(testKey, "project-deid-test-data-1", name)
				if _, err := os.Stat(filepath.Join(res.PublicRoot, "project-deid-test-data-1", id+".txt")); !os.IsNotExist(err) {
					t.Errorf("public text of excluded %s exists", name)
				}
			}
			checked := 0
			for _, p := range inputs {
				for _, d := range p.Documents {
					casPath := filepath.Join(res.PrivateRoot, p.Name, "cas", strings.TrimSuffix(d.Name, filepath.Ext(d.Name))+".json")
					data, err := os.ReadFile(casPath)
					if os.IsNotExist(err) {
						continue // excluded
					}
					if err != nil {
						t.Fatal(err)
					}
					sd, err := casjson.Read(data, cas.PHIConfig{})
					if err != nil {
						t.Fatal(err)
					}
					sd.Normalize()
					pub, err := os.ReadFile(filepath.Join(res.PublicRoot, p.Name, DocID(testKey, p.Name, d.Name)+".txt"))
					if err != nil {
						t.Fatal(err)
					}
					if string(pub) != sd.Text {
						t.Fatalf("%s: public text differs from surrogate CAS sofa", d.Name)
					}
					if strings.Contains(string(pub), d.Name) {
						t.Errorf("public text holds the file name")
					}
					want := orig[p.Name][d.Name]
					if len(sd.Spans) != len(want) {
						t.Fatalf("%s: %d spans in surrogate CAS, want %d", d.Name, len(sd.Spans), len(want))
					}
					for i, s := range sd.Spans {
						got := sd.SpanText(i)
						if mode == ModeFictive && mayStay(s.Kind, want[i]) && got == want[i] {
							continue
						}
						kept := s.Kind == kinds.Profession || (s.Kind == kinds.Age && qc.AgeValue(want[i]) <= 89) ||
							location.KeptByPolicy(s.Kind, want[i], false) // state policy (SPEC §6)
						if kept {
							if got != want[i] {
								t.Errorf("%s span %d (%s) should be kept", d.Name, i, s.Kind)
							}
							continue
						}
						if got == want[i] {
							t.Errorf("%s span %d (%s) unchanged", d.Name, i, s.Kind)
						}
						switch mode {
						case ModeEntity:
							if got != string(s.Kind) {
								t.Errorf("%s span %d: entity %q", d.Name, i, got)
							}
						case ModeX:
							if strings.Trim(got, "X") != "" && regexp.MustCompile(`[\p{L}\p{N}]`).MatchString(strings.ReplaceAll(got, "X", "")) {
								t.Errorf("%s span %d: x mode left letters", d.Name, i)
							}
						case ModeGemtex:
							if s.Kind == kinds.Age {
								break
							}
							if s.Kind.IsDate() {
								if !strings.HasPrefix(got, "[** "+string(s.Kind)+" ") || !strings.HasSuffix(got, " **]") {
									t.Errorf("%s span %d: gemtex date %q", d.Name, i, got)
								}
								break
							}
							m := gemtexSpan.FindStringSubmatch(got)
							if m == nil || m[1] != string(s.Kind) {
								t.Errorf("%s span %d: gemtex %q", d.Name, i, got)
							}
						}
						checked++
					}
				}
			}
			if checked < 150 {
				t.Fatalf("only %d spans checked", checked)
			}
			hasMapping := fileExists(filepath.Join(res.PrivateRoot, "grascco-pii", "mapping.json"))
			if hasMapping != (mode == ModeGemtex || mode == ModeFictive) {
				t.Errorf("mapping.json present=%v in mode %s", hasMapping, mode)
			}
			assertPerms(t, res.PrivateRoot)
		})
	}
}

// mayStay reports spans whose fictive surrogate may equal the original:
// kept kinds, and dates coarser than a day that the shift leaves in place.
func mayStay(k kinds.Kind, orig string) bool {
	if k == kinds.Profession || (k == kinds.Age && qc.AgeValue(orig) <= 89) || location.KeptByPolicy(k, orig, false) ||
		k == kinds.NameTitle { // a title without a same-rank alternative stays (issue 25)
		return true
	}
	if !k.IsDate() {
		return false
	}
	e, err := dates.Parse(orig)
	return err == nil && e.Precision() != dates.Day
}

func fileExists(p string) bool { _, err := os.Stat(p); return err == nil }

func assertPerms(t *testing.T, root string) {
	t.Helper()
	filepath.Walk(root, func(p string, fi os.FileInfo, err error) error {
		if err != nil {
			t.Fatal(err)
		}
		want := os.FileMode(0o600)
		if fi.IsDir() {
			want = 0o700
		}
		if fi.Mode().Perm() != want {
			t.Errorf("%s: mode %v, want %v", p, fi.Mode().Perm(), want)
		}
		return nil
	})
}

func TestGemtexDates(t *testing.T) {
	zipPath := testutil.Shared(t, zipRel)
	res := runOnce(t, []string{zipPath}, Options{Mode: ModeGemtex, Seed: 1, SeedSet: true, DateShift: 10, DateShiftSet: true})
	m := readMapping(t, filepath.Join(res.PrivateRoot, "project-deid-test-data-1", "mapping.json"))
	v := m["verstorben.txt"].Annotations
	if v["DATE_BIRTH"]["01.04.2023"] != "01.06.2023" {
		t.Errorf("DATE_BIRTH mapping %v", v["DATE_BIRTH"])
	}
	if v["DATE"]["26.02.2025"] != "16.02.2025" {
		t.Errorf("DATE mapping %v", v["DATE"])
	}
	for k, vals := range v {
		if strings.HasPrefix(k, "NAME") {
			for key := range vals {
				if !GemtexKeyPattern.MatchString(key) {
					t.Errorf("key %q", key)
				}
			}
		}
	}
}

type docMapping struct {
	FilenameOrig string                       `json:"filename_orig"`
	DocID        string                       `json:"docid"`
	Annotations  map[string]map[string]string `json:"annotations"`
}

func readMapping(t *testing.T, p string) map[string]docMapping {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]docMapping
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// surrogateOf finds the surrogate of an original in a document's mapping.
func surrogateOf(m map[string]docMapping, doc, kind, original string) string {
	for s, o := range m[doc].Annotations[kind] {
		if o == original {
			return s
		}
	}
	return ""
}

// TestDeterminism: the same inputs, seed and key give byte-identical
// outputs (run key and timestamps aside) for 1 and 8 workers.
func TestDeterminism(t *testing.T) {
	zipPath := testutil.Shared(t, zipRel)
	grascco := testutil.Shared(t, "corpora/grascco-pii")
	key := []byte("0123456789abcdef0123456789abcdef")
	for _, mode := range []Mode{ModeGemtex, ModeFictive} {
		for _, scope := range []Scope{ScopeDocument, ScopeCorpus} {
			a := runOnce(t, []string{zipPath, grascco}, Options{Mode: mode, Scope: scope, Seed: 7, SeedSet: true, Key: key, Workers: 1})
			b := runOnce(t, []string{zipPath, grascco}, Options{Mode: mode, Scope: scope, Seed: 7, SeedSet: true, Key: key, Workers: 8})
			fa, fb := tree(t, filepath.Dir(filepath.Dir(a.PublicRoot))), tree(t, filepath.Dir(filepath.Dir(b.PublicRoot)))
			if len(fa) != len(fb) || len(fa) < 40 {
				t.Fatalf("%s/%s: %d vs %d files", mode, scope, len(fa), len(fb))
			}
			for name, da := range fa {
				if strings.HasSuffix(name, "run.json") || strings.HasSuffix(name, "provenance.json") {
					continue // run key, times, worker count
				}
				if !bytes.Equal(da, fb[name]) {
					t.Errorf("%s/%s: %s differs between 1 and 8 workers", mode, scope, name)
				}
			}
		}
	}
}

// tree maps relative paths (run key removed) to contents.
func tree(t *testing.T, root string) map[string][]byte {
	out := map[string][]byte{}
	runKey := regexp.MustCompile(`(public|private)-\d{8}-\d{6}-[a-z0-9]{4}`)
	filepath.Walk(root, func(p string, fi os.FileInfo, err error) error {
		if err != nil || fi.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		b, _ := os.ReadFile(p)
		out[runKey.ReplaceAllString(rel, "$1-RUN")] = b
		return nil
	})
	return out
}

// TestCorpusScopeLeipzig: with --scope corpus and one key, Leipzig gets
// the same surrogate in three documents and in a later run over a subset.
func TestCorpusScopeLeipzig(t *testing.T) {
	zipPath := testutil.Shared(t, zipRel)
	dir := t.TempDir()
	keyFile := filepath.Join(dir, "sub", "key")
	key, err := LoadKey(keyFile)
	if err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(keyFile); err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("key file: %v %v", err, fi)
	}
	key2, err := LoadKey(keyFile)
	if err != nil || !bytes.Equal(key, key2) {
		t.Fatal("key not re-read")
	}
	for _, mode := range []Mode{ModeFictive, ModeGemtex} {
		res := runOnce(t, []string{zipPath}, Options{Mode: mode, Scope: ScopeCorpus, Key: key, Seed: 1, SeedSet: true})
		m := readMapping(t, filepath.Join(res.PrivateRoot, "project-deid-test-data-1", "mapping.json"))
		var subs []string
		for _, doc := range []string{"contact.txt", "rechnung.txt", "rotes_haus.txt"} {
			subs = append(subs, surrogateOf(m, doc, "LOCATION_CITY", "Leipzig"))
		}
		if subs[0] == "" || subs[0] != subs[1] || subs[1] != subs[2] {
			t.Fatalf("%s: Leipzig → %q", mode, subs)
		}
		// a second run over a subset, another seed, same key
		tg := filepath.Join(dir, "toggle.csv")
		os.WriteFile(tg, []byte("document,part_of_corpus\nrechnung.txt,1\n"), 0o600)
		toggle, err := qc.ReadToggle(tg)
		if err != nil {
			t.Fatal(err)
		}
		res2 := runOnce(t, []string{zipPath}, Options{Mode: mode, Scope: ScopeCorpus, Key: key, Seed: 99, SeedSet: true, Toggle: toggle})
		m2 := readMapping(t, filepath.Join(res2.PrivateRoot, "project-deid-test-data-1", "mapping.json"))
		if len(m2) != 1 {
			var names []string
			for k := range m2 {
				names = append(names, k)
			}
			sort.Strings(names)
			t.Fatalf("subset run released %v", names)
		}
		if got := surrogateOf(m2, "rechnung.txt", "LOCATION_CITY", "Leipzig"); got != subs[0] {
			t.Fatalf("%s: subset run Leipzig → %q, first run %q", mode, got, subs[0])
		}
	}
}
