package webapp

import (
	"fmt"
	"html/template"
	"strings"
)

// pages are the page templates; each is parsed with layout.html.
var pages = []string{"home", "login", "error", "project", "doc", "run", "result", "compare", "private", "inception"}

var funcs = template.FuncMap{
	"join": strings.Join,
	"add":  func(a, b int) int { return a + b },
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

func parseTemplates() (map[string]*template.Template, error) {
	out := map[string]*template.Template{}
	for _, name := range pages {
		t, err := template.New(name).Funcs(funcs).ParseFS(assets, "assets/templates/layout.html", "assets/templates/partials.html", "assets/templates/"+name+".html")
		if err != nil {
			return nil, fmt.Errorf("webapp: template %s: %w", name, err)
		}
		out[name] = t
	}
	return out, nil
}

// toggleData is the toggle form's data.
type toggleData struct {
	PID  string
	Row  docRow
	CSRF string
}
