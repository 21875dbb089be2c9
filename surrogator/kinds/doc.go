// Package kinds defines the GeMTeX PII kinds (SPEC §2), their accepted
// aliases and the rules table (rules.go: RulesOf, Table) that says for
// every kind whether it is replaced or kept by default, whether the leak
// audit searches its originals, which QC flag it raises, its display group,
// its rank when partially overlapping spans are merged, whether a span
// naming a city-state counts as a state, whether it names a facility and
// whether QC's suspects detector searches repeats of its text. Audit,
// planning, QC, the suspects detector and the web app read the table
// instead of naming kinds. Adding a kind is its constant and its row, both
// in rules.go, and (when it is replaced in the fictive mode) its generator
// in the Install table of a fictive generator package (docs/internals.md).
package kinds
