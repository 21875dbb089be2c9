// Package inception reads INCEpTION project exports (.zip): the curated CAS
// of each document (curation/<doc>/CURATION_USER.{json,xmi}) when present,
// else the single annotator's CAS (annotation/<doc>/<user>.{json,xmi}) or
// the one chosen with Options.Annotator; document states come from
// exportedproject.json.
//
// The zip is read defensively: entry names that are absolute or climb out
// with ".." are refused, non-UTF-8 (CP437) names are decoded, and inflation
// is bounded per entry and in total so that a zip bomb fails cleanly.
package inception
