package webapp

import (
	"io/fs"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

func TestPickLang(t *testing.T) {
	for _, c := range []struct{ header, want string }{
		{"", langEN},
		{"de", langDE},
		{"de-DE,de;q=0.9,en-US;q=0.8,en;q=0.7", langDE},
		{"en-US,en;q=0.9,de;q=0.8", langEN},
		{"fr-FR,fr;q=0.9,de;q=0.5", langDE},
		{"fr-FR,fr;q=0.9", langEN},
		{"en;q=0.5,DE-at;q=0.6", langDE},
		{"de;q=0,en;q=0.1", langEN},
		{"de;q=abc", langEN},
		{"*", langEN},
		{",;,;q=", langEN},
	} {
		if got := pickLang(c.header); got != c.want {
			t.Errorf("pickLang(%q) = %s, want %s", c.header, got, c.want)
		}
	}
}

// templateKeys are the texts the templates translate ({{T "…"}}).
func templateKeys(t *testing.T) []string {
	t.Helper()
	lit := regexp.MustCompile("\\{\\{T (\"(?:[^\"\\\\]|\\\\.)*\"|`[^`]*`)\\}\\}")
	var keys []string
	err := fs.WalkDir(assets, "assets/templates", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(assets, p)
		if err != nil {
			return err
		}
		for _, m := range lit.FindAllStringSubmatch(string(b), -1) {
			k := strings.Trim(m[1], "`")
			if strings.HasPrefix(m[1], `"`) {
				if k, err = strconv.Unquote(m[1]); err != nil {
					t.Fatalf("%s: %s: %v", p, m[1], err)
				}
			}
			keys = append(keys, k)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return keys
}

// TestGermanCatalogComplete: every text of the templates, every message
// and explanation the code writes has a German translation with the same
// format verbs.
func TestGermanCatalogComplete(t *testing.T) {
	keys := templateKeys(t)
	if len(keys) < 100 {
		t.Fatalf("only %d translatable texts found in the templates", len(keys))
	}
	keys = append(keys, msgCSRF, msgOrigin, msgHost, msgSlow, "Not found.", "Signed out", "Nothing was loaded.",
		"None of the uploaded files holds a readable document, so no project was created.", "wrong annotation (no kind)", "wrong annotation “%s”",
		"A run releases %d of the %d documents.", "Partial:", "Complete: every document meant for release was released.",
		"wrong annotations", "unreadable", "unsafe", "quarantined by the leak audit", "quarantined by the audit",
		runRunning, runComplete, runPartial, runFailed, "contains OTHER annotations", "contains wrong annotations (empty, NONE or unknown kind)",
		"no PII annotation found (release it in the toggle file only if the text has none)", "Projects", "Pull from INCEpTION", "Download private files", "Delete the project", "Delete the run",
		(&docFact{}).never(), (&docFact{Readable: true, Flags: []string{"wrong_annotation"}}).never())
	for _, w := range flagWords {
		keys = append(keys, w)
	}
	verbs := regexp.MustCompile(`%[a-z]`)
	for _, k := range keys {
		de, ok := german[collapse(k)]
		if !ok {
			t.Errorf("no German for %q", k)
			continue
		}
		if a, b := strings.Join(verbs.FindAllString(k, -1), ""), strings.Join(verbs.FindAllString(de, -1), ""); a != b {
			t.Errorf("%q: verbs %s, German %q has %s", k, a, de, b)
		}
	}
	// the plural variants of the explanations are all there
	tr := translator(langDE)
	for n := range 3 {
		for _, s := range []string{releaseWords(tr, []qcView{{Docs: []docRow{{Never: "x"}, {Never: "x"}}}}, 2+2*n, n, n == 1),
			runWords(tr, runRunning, nil), runWords(tr, runFailed, nil), unreadableMessage(tr, n+1)} {
			if strings.Contains(s, "document") || strings.Contains(s, "released") || strings.Contains(s, "were") {
				t.Errorf("English left in %q", s)
			}
		}
	}
}

// TestGermanUI: the browser's language chooses the UI: German pages for
// de, English for en or a language the UI lacks.
func TestGermanUI(t *testing.T) {
	a := newApp(t, Config{})
	a.login()
	resp := a.upload(a.csrf(), [][2]string{{"letters.jsonl", twoLetters}})
	pid := strings.TrimPrefix(resp.Header.Get("Location"), "/p/")
	get := func(path, lang string) (string, http.Header) {
		req, _ := http.NewRequest(http.MethodGet, a.ts.URL+path, nil)
		req.Header.Set("Accept-Language", lang)
		resp, err := a.client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		return text(bodyOf(resp)), resp.Header
	}
	for _, c := range []struct {
		lang, path string
		want       []string
		not        []string
	}{
		{"de-DE,de;q=0.9,en;q=0.5", "/", []string{"Projekt laden", "Geladene Projekte", "Abmelden"}, []string{"Load a project"}},
		{"de", "/p/" + pid, []string{"Qualitätskontrolle", "Ein Lauf gibt 2 der 2 Dokumente frei.", "Anzahl je Art", "freigegeben"}, []string{"Counts per kind", "A run releases"}},
		{"de", "/p/" + pid + "/run", []string{"Surrogierung starten", "Datumsverschiebung"}, []string{"Date shift"}},
		{"de", "/p/nope", []string{"Nicht gefunden."}, []string{"Not found."}},
		{"en-US,en;q=0.9", "/", []string{"Load a project"}, []string{"Projekt laden"}},
		{"fr", "/p/" + pid, []string{"Quality control", "A run releases 2 of the 2 documents."}, []string{"Qualitätskontrolle"}},
	} {
		body, h := get(c.path, c.lang)
		for _, w := range c.want {
			if !strings.Contains(body, w) {
				t.Errorf("%s %s: lacks %q", c.lang, c.path, w)
			}
		}
		for _, w := range c.not {
			if strings.Contains(body, w) {
				t.Errorf("%s %s: shows %q", c.lang, c.path, w)
			}
		}
		if want := pickLang(c.lang); h.Get("Content-Language") != want || !strings.Contains(h.Get("Vary"), "Accept-Language") {
			t.Errorf("%s %s: Content-Language %q, Vary %q", c.lang, c.path, h.Get("Content-Language"), h.Get("Vary"))
		}
	}
}
