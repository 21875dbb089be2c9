package webapp

import (
	"fmt"
	"html/template"
	"strings"

	"github.com/surrogator/surrogator/surrogator/qc"
)

// pages are the page templates; each is parsed with layout.html.
var pages = []string{"home", "login", "error", "project", "doc", "run", "result", "compare", "private", "inception", "delete"}

// funcs are the template functions of a language (T translates an
// English text).
func funcs(lang string) template.FuncMap {
	tr := translator(lang)
	flag := func(kind string) string { return tr(flagLabel(kind)) }
	return template.FuncMap{
		"T":         tr,
		"join":      strings.Join,
		"kindLabel": func(kind string) string { return kindLabelIn(tr, kind) },
		"flagLabel": flag,
		"flagLabels": func(fs []string) string {
			out := make([]string, len(fs))
			for i, f := range fs {
				out[i] = flag(f)
			}
			return strings.Join(out, ", ")
		},
		"add": func(a, b int) int { return a + b },
		"dict3": func(pid string, row docRow, csrf string) toggleData {
			return toggleData{PID: pid, Row: row, CSRF: csrf}
		},
		"pct": func(a, b int) string {
			if b == 0 {
				return "0"
			}
			return fmt.Sprintf("%.0f", float64(a)*100/float64(b))
		},
	}
}

// parseTemplates parses every page for every UI language.
func parseTemplates() (map[string]map[string]*template.Template, error) {
	out := map[string]map[string]*template.Template{}
	for _, lang := range langs {
		out[lang] = map[string]*template.Template{}
		for _, name := range pages {
			t, err := template.New(name).Funcs(funcs(lang)).ParseFS(assets, "assets/templates/layout.html", "assets/templates/partials.html", "assets/templates/"+name+".html")
			if err != nil {
				return nil, fmt.Errorf("webapp: template %s: %w", name, err)
			}
			out[lang][name] = t
		}
	}
	return out, nil
}

// toggleData is the toggle form's data.
type toggleData struct {
	PID  string
	Row  docRow
	CSRF string
}

// flagWords are the QC flag kinds in words.
var flagWords = map[string]string{
	qc.FlagAge:            "age over 89",
	qc.FlagProfession:     "profession",
	qc.FlagOther:          "OTHER annotation",
	qc.FlagLocationOther:  "LOCATION_OTHER annotation",
	qc.FlagDateBirthCount: "more than one birth date",
	qc.FlagUnparseable:    "date not understood",
	qc.FlagWrong:          "wrong annotation",
	qc.FlagOverlap:        "overlapping annotations",
	qc.FlagReadError:      "not readable",
	qc.FlagNoPHI:          "no PII annotation",
	qc.FlagKeptPlace:      "country or state kept as written",
}

// flagLabel is a QC flag kind in words (an unknown kind as it is).
func flagLabel(kind string) string {
	if w, ok := flagWords[kind]; ok {
		return w
	}
	return strings.ReplaceAll(kind, "_", " ")
}

// kindLabelIn is a span kind for the pages in the language of tr: a wrong
// annotation (qc counts it as WRONG:<label>) in words, a kind of the
// scheme as it is.
func kindLabelIn(tr func(string) string, kind string) string {
	label, ok := strings.CutPrefix(kind, "WRONG:")
	if !ok {
		return kind
	}
	if label == "" {
		return tr("wrong annotation (no kind)")
	}
	return fmt.Sprintf(tr("wrong annotation “%s”"), label)
}
