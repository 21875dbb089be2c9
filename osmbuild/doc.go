// Package osmbuild turns an OpenStreetMap extract (.osm.pbf, .osm,
// .osm.gz, .osm.bz2) into a geo pack (see geo/FORMAT.md).
//
// The build reads the input in three passes and never holds all nodes:
//
//  1. relations: boundary=administrative (admin_level 2–11) and
//     boundary=postal_code, with their member way ids and label nodes;
//  2. ways: member ways of those relations (node lists), named highways,
//     objects with addr:street/addr:postcode and named POI ways (one
//     representative node each);
//  3. nodes: coordinates of exactly the nodes needed by pass 2, kept in a
//     compact sorted id set with parallel coordinate arrays, plus place,
//     POI and address nodes.
//
// For PBF input the blob framing is indexed first (headers only); when the
// file declares Sort.Type_then_ID the node/way/relation boundaries are
// found by binary search, so passes 1 and 2 decompress no node blobs and
// pass 3 no way or relation blobs. Unsorted files are classified blob by
// blob and stay correct, only slower.
//
// Rings are assembled from member ways (any direction, shared ways,
// several rings); relations whose rings do not close are reported in
// Stats and placed in the hierarchy by their official keys
// (de:amtlicher_gemeindeschluessel / de:regionalschluessel prefixes) or by
// a place node of the same name. Parents are found by containment of a
// representative interior point in the smallest enclosing polygon.
//
// Named POIs become candidate surrogates for facilities (pools healthcare,
// organisation, other) after the cleaning of clean.go: junk, parking,
// fuel, infrastructure, address, brand-only, person, type-only and
// misleading names are dropped (a person segment is cut where the rest
// still names something). Stats.Dropped and the pack's pool report
// (section 35) count kept and dropped entries per pool, class and reason;
// Options.OnDrop receives every dropped candidate.
package osmbuild
