// Package kinds defines the GeMTeX PII kinds (SPEC §2), their accepted
// aliases and the risk order used to merge partially overlapping spans.
package kinds
