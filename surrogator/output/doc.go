// Package output owns the output layout of SPEC §5 and how files are
// written: private directories 0700 and files 0600, public files written
// atomically (temporary file + rename) so that an interrupted run leaves no
// partial public file.
//
//	OUT/public/public-<run>/<project>/<docid>.txt
//	OUT/private/private-<run>/<project>/{cas/,mapping.json,mapping_flat.json,quality_control/}
//	OUT/private/private-<run>/run.json
package output
