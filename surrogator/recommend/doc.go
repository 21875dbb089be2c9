// Package recommend turns the QC detector (package suspects) into a
// pre-annotator: it predicts PII spans for a document and adds them to a
// CAS as predictions on a requested layer and feature, the way INCEpTION's
// external-recommender protocol expects them (feature
// inception_internal_predicted, <feature>_score and
// <feature>_score_explanation when the type system declares them).
//
// Server answers the protocol's two requests, POST /<name>/predict and
// POST /<name>/train, statelessly: no document is stored or logged.
// Predictor is the part shared with the annotate command, which writes
// pre-annotated copies of input files.
package recommend
