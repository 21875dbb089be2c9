package webapp

import (
	"net/http"
	"sort"
	"strconv"
	"strings"
)

// The UI speaks English and German, chosen per request from the
// browser's Accept-Language. Texts are written in English in the
// templates and the code; German is looked up in a catalog keyed by the
// English text (whitespace collapsed). A text missing from the catalog
// stays English (TestGermanCatalogComplete finds them).

// Languages of the UI.
const (
	langEN = "en"
	langDE = "de"
)

var langs = []string{langEN, langDE}

// pickLang chooses the UI language from an Accept-Language header: the
// supported language with the highest weight (ties: the first listed),
// English when none is.
func pickLang(header string) string {
	type cand struct {
		lang string
		q    float64
		pos  int
	}
	var cs []cand
	for i, part := range strings.Split(header, ",") {
		tag, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		q := 1.0
		for _, p := range strings.Split(params, ";") {
			if v, ok := strings.CutPrefix(strings.TrimSpace(p), "q="); ok {
				f, err := strconv.ParseFloat(v, 64)
				if err != nil || f < 0 || f > 1 {
					f = 0
				}
				q = f
			}
		}
		primary, _, _ := strings.Cut(strings.ToLower(strings.TrimSpace(tag)), "-")
		if q > 0 && (primary == langDE || primary == langEN) {
			cs = append(cs, cand{primary, q, i})
		}
	}
	if len(cs) == 0 {
		return langEN
	}
	sort.SliceStable(cs, func(i, j int) bool { return cs[i].q > cs[j].q })
	return cs[0].lang
}

// langOf is the UI language of a request.
func langOf(r *http.Request) string { return pickLang(r.Header.Get("Accept-Language")) }

// translator returns the function that translates an English text.
func translator(lang string) func(string) string {
	if lang != langDE {
		return func(s string) string { return s }
	}
	return func(s string) string {
		if t, ok := german[collapse(s)]; ok {
			return t
		}
		return s
	}
}

// collapse joins runs of white space into one space.
func collapse(s string) string { return strings.Join(strings.Fields(s), " ") }
