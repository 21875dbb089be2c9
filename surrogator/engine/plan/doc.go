// Package plan decides the replacement of every PII span of one document
// before anything is written (SPEC §5–6): which span keeps its text
// (kinds.Rules, the state policy), the surrogate of each other span in the
// run's mode, the document's date shift and date rules (yearless dates,
// padding, the age rule, ranges annotated in pieces), and the edits of
// the text around a span that follow it (weekdays, genitive endings,
// holiday prepositions).
//
// A Planner plans the documents of a run one at a time in reading order,
// so that consistency scopes and collisions are the same whatever the
// worker count; spans are planned in the kinds' planning phases
// (kinds.Rules.Phase), so that the surrogates other generators reuse exist
// first. The engine builds the Config from its Options; package publish
// writes what a Doc describes.
package plan
