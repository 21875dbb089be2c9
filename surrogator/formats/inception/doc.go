// Package inception reads INCEpTION project exports (.zip): the curated CAS
// of each document (curation/<doc>/CURATION_USER.{json,xmi}) when present,
// else the single annotator's CAS (annotation/<doc>/<user>.{json,xmi}) or
// the one chosen with Options.Annotator; document states come from
// exportedproject.json.
//
// The zip is opened with package zipread (names checked and decoded,
// inflation bounded); this package reads the export's layout.
package inception
