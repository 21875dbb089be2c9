// Package synth writes a deterministic synthetic Germany as an OSM PBF
// file, for benchmarking osmbuild at Germany scale without a 4.5 GB
// download.
//
// The file is streamed: a Plan holds only per-area data (states,
// districts, municipalities, postal areas; about 2 MB at S = 1); nodes are
// never held. Generate makes three passes (nodes, ways, relations) over the
// same deterministic content, each pass writing only its entity type, so
// the output is sorted by type then id (Sort.Type_then_ID). Blocks hold at
// most 8000 entities, DenseNodes with delta-coded ids/lat/lon, DenseInfo
// (version, timestamp, changeset; no user names, like the public Geofabrik
// extracts), ways with delta-coded refs and relations with delta-coded
// member ids; zlib compression (level 1 by default) runs on a worker pool
// and the output order is kept. The bytes are written by osmbuild/pbf
// (BlockEncoder, Writer), the package osmbuild reads them with. The same seed and scale give the same
// bytes. At S = 0.1 (44 M nodes, 7.5 M ways, 352 MB) generation takes
// ≈ 9.5 s CPU (≈ 6–10 s wall on two cores) with 43 MB peak RSS.
//
// # Geometry
//
// Germany's bounding box is divided into a grid of municipality cells with
// jittered vertices. 16 states (admin_level 4) are 4×4 blocks of cells,
// split into KX×KY districts (6) of MX×MY municipalities (8). Every grid
// edge is two boundary ways (split at its midpoint) with 20–120 nodes each
// and a smooth wiggle; the edge between two neighbours is one pair of ways
// used by both relations and by every enclosing level, so a municipality
// ring has 8 ways and 170–970 nodes. Some states have Regierungsbezirke
// (5) and Verwaltungsgemeinschaften/Ämter (7, pairs of neighbours); cities
// (population ≥ 60,000, at least two) are split by four spoke ways into
// halves (9) and quadrants (10). Germany itself is admin_level 2. Names,
// population, de:amtlicher_gemeindeschluessel and de:regionalschluessel
// are consistent across levels; each municipality has a place=* node that
// is the relation's admin_centre. Postal areas (boundary=postal_code) are
// a municipality, two neighbours, or a city quadrant; addr:postcode of
// addressed objects agrees with the postal area they lie in.
//
// # Composition
//
// Content scales linearly with S; per-municipality shares follow
// population^0.85 (land use, noise and hamlets half by area). Counts at
// S = 1.0 (CategoryName in parentheses):
//
//	category                                        S = 1.0   nodes each
//	buildings, no address (building)             35,000,000   4–9 (ring)
//	buildings with addr:* (addr-building)        15,000,000   4–9
//	address nodes (addr-node)                     3,000,000   1
//	named highway ways (named-highway)            1,200,000   6–18, chained per street
//	other highway ways (highway)                 11,000,000   3–14, half chained
//	landuse/natural areas (landuse)               6,000,000   5–12
//	multipolygon relations (multipolygon)           500,000   + 2 untagged member ways
//	barrier/power/waterway ways (linear)          5,600,000   2–5
//	healthcare POIs (healthcare)                     90,000   hospitals as building ways
//	office/craft/club/industrial (organisation)     300,000   1
//	amenity/shop/tourism/leisure (other-poi)      1,500,000   1
//	tagged noise nodes: trees, lamps… (noise-node) 5,500,000  1
//	untagged stand-alone nodes (orphan-node)        500,000   1
//	place=hamlet/locality… (hamlet)                  50,000   1
//	turn restrictions (restriction)                 200,000   relation
//	bus/hiking/bicycle routes (route)                80,000   relation
//
// Structure at S = 1.0: 16 states, 400 districts (5 × 5 per state),
// 11,200 municipalities (4 × 7 per district, cells ≈ 8 km × 6 km),
// 8 Regierungsbezirke, ≈ 850 Verwaltungsgemeinschaften, ≈ 300 cities with
// levels 9/10, ≈ 8,150 postal codes, ≈ 3.2 M boundary nodes. States stay
// 16; the grid per state and per district (each at least 2 cells, chosen
// to come closest to 400·S districts and 11,000·S municipalities) scales
// with S. Measured at S = 1.0 (seed 1): 440,959,925 nodes, 74,849,281
// ways, 802,593 relations, 3.49 GB, written in 96 s CPU with 54 MB peak
// RSS; osmium fileinfo -e and check-refs accept it. TestScalesLinearly
// checks the per-S increments against 430 M / 75 M / 0.8 M.
//
// Names are generated German-looking names (no real places or persons are
// meant); state names and AGS codes are Germany's. The facility POIs cover
// the classes the facility surrogates keep: hospitals (general, specialist,
// psychiatric, rehab, university, heart centre), practices by speciality
// (healthcare:speciality with a matching name), dentists, therapists,
// pharmacies, laboratories, care homes and services, insurers and pension
// carriers, courts and authorities, associations, companies, schools,
// universities, baths, parks; and, as real extracts do, candidates the
// pool cleaning must drop (practices named after their doctor, parking,
// fuel, brand-only supermarkets, recycling yards).
package synth
