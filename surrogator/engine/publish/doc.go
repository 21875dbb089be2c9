// Package publish writes the files of a run (SPEC §8): one document's
// public text, staged in the private run folder, read back and leak-audited
// before it is renamed into the partial public folder (a hit keeps it in
// quarantine), and its private CAS, encoded in pieces and digested on the
// way; the digest log of the files written, for provenance; the mapping
// files, streamed document by document; and the run folder's lock, run
// key and recovery of earlier runs (a complete run left partial is
// finalized, an interrupted one of the same fingerprint taken over).
//
// It writes what a plan.Doc describes and decides nothing about
// replacements; the engine orders the steps and records the run.
package publish
