// Package geo reads and writes the surrogator geodata pack: one versioned,
// checksummed, memory-mappable file holding the German admin hierarchy
// (admin_level 2–10 with names, population, official keys and polygons),
// postcodes and named streets per municipality, and candidate pools of
// facility names (healthcare, organisations, other places) with an
// embeddings section filled by the embed package, their facility labels,
// and (format 1.1) the pool report: what the build's pool cleaning kept
// and dropped per pool, class and reason.
//
// The on-disk layout is specified in FORMAT.md; format.go holds every
// constant of it and reader.go is the one place that decodes it, checking
// every offset, length and index before use, so a truncated or hostile
// file yields an error, never a panic.
//
// A Pack is immutable after Open and safe for concurrent use; queries do no
// I/O (the file is memory-mapped on Linux and read into memory elsewhere).
// Data derived from OpenStreetMap carries the attribution
// "© OpenStreetMap contributors" (Attribution), stored in the header.
package geo
