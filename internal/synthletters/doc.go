// Package synthletters generates synthetic German clinical letters of
// GraSCCo size (≈ 3,000 characters, ≈ 25 PII spans, tokens and sentences)
// as UIMA CAS JSON, deterministically from a seed, for benchmarks.
package synthletters
