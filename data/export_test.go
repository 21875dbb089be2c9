package data

import "slices"

// Names returns the listed names (unordered).
func (o *Origins) Names() []string {
	out := make([]string, 0, len(o.of))
	for n := range o.of {
		out = append(out, n)
	}
	return out
}

// Names returns the tagged names (unordered).
func (c *Cohorts) Names() []string {
	out := make([]string, 0, len(c.spans))
	for n := range c.spans {
		out = append(out, n)
	}
	return out
}

// TemplatePlaceholders returns the placeholders used by tpl, in order of
// first appearance.
func TemplatePlaceholders(tpl string) []string {
	var out []string
	FillTemplate(tpl, func(p string) string {
		if !slices.Contains(out, p) {
			out = append(out, p)
		}
		return ""
	})
	return out
}
