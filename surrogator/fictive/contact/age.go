package contact

import (
	"github.com/surrogator/surrogator/surrogator/age"
	"github.com/surrogator/surrogator/surrogator/fictive"
)

// Age is the generator of AGE: the one AGE rule of package age, so an age
// above 89 written in digits ("93", "93,5", "93 J.", "93-jährige") or as a
// German number word (also in compounds such as "dreiundneunzigjährige")
// becomes 90 in the same written form; the rest of the span is kept. A span
// without such an age is returned unchanged.
func Age(original string, ctx *fictive.Context) (string, error) {
	_ = ctx
	return age.Apply(original), nil
}
