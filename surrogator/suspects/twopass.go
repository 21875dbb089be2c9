package suspects

import "github.com/surrogator/surrogator/surrogator/document"

// DetectWithRepeats is Detect(text, spans) followed by
// DetectRepeats(text, more(first)) over one tokenization of text (a
// pre-annotator's second pass treats the first pass's suspects as
// annotated): the same suspects as the two calls, for about a tenth less
// work. more receives the first pass's suspects and returns the spans of
// the second pass; it is not called when there are none (repeats is then
// nil).
func (d *Detector) DetectWithRepeats(text string, spans []document.Span, more func(first []Suspect) []document.Span) (first, repeats []Suspect) {
	r := d.runs.Get().(*run)
	r.reset(d, text, spans)
	r.tokenize()
	first = r.detect(spans)
	if len(first) > 0 {
		seen := more(first)
		r.reset(d, text, seen) // keeps the tokens
		r.repeats(seen)
		repeats = r.result()
	}
	r.reset(nil, "", nil) // keep no text in the pool
	d.runs.Put(r)
	return first, repeats
}
