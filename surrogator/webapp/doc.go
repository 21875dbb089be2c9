// Package webapp is the local web app of `surrogator serve` (SPEC §8): a
// server-rendered application (html/template, a little vanilla JavaScript,
// every asset embedded) to load projects (upload of an INCEpTION export
// zip, CAS JSON/XMI, BRAT or JSON Lines files), review their quality
// control (counts per kind, flagged documents with reasons, documents with
// their PII spans highlighted by kind), decide the release per document
// (persisted as the project's toggle file, the format qc.ReadToggle reads),
// run the surrogation with live progress, compare original and surrogate
// side by side and download the public zip.
//
// Memory: a loaded project's inputs are read once and every document is
// checked as it is read; the server keeps per document only a few hundred
// bytes (its name, where it was read, the figures the lists show), the QC
// reports wait in a sealed spool file (qc.Spool), and a page that shows
// one document reads that document again from its stored input
// (formats.ReadDocument). What the server holds does not grow with the
// documents' size (see loaded.go).
//
// Security model: the server binds to loopback by default and refuses a
// non-loopback address unless a password or a fixed token is configured
// (CheckAddr). Every request needs a session: the random startup token in
// the printed URL (or the password on the login page) sets an HttpOnly,
// SameSite=Strict cookie. Every state-changing request carries a CSRF
// token bound to the session (403 without). Responses carry a strict
// Content-Security-Policy (no inline script or style, nothing from other
// origins), no-store and a same-origin referrer policy. Uploads are size-limited, stored
// under generated ids (original file names are kept only in the private
// data folder's project.json) and never used as paths; URLs name documents
// by index, never by name. The server log names the method, the route
// pattern and the status only. The data folder is 0700, its files 0600.
//
// Private files (mapping, key) leave the server only through an explicit
// POST with a confirmation; originals are shown only in the reviewer's
// views, never in anything public.
package webapp
