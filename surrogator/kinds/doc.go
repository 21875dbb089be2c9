// Package kinds defines the GeMTeX PII kinds (SPEC §2), their accepted
// aliases and the rules table (rules.go: RulesOf, Table) that says for
// every kind whether it is replaced or kept by default, whether the leak
// audit searches its originals, which QC flag it raises, its display group
// and its rank when partially overlapping spans are merged. Adding a kind
// is a constant in kinds.go and a row in rules.go (and, for the fictive
// mode, its generator).
package kinds
