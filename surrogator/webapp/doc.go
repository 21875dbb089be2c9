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
// (CheckAddr). It answers only to the host names it knows (localhost,
// 127.0.0.1, [::1], the host of its address and the connection's own
// address, on its port, and Config.AllowHosts): any other Host gets 421,
// so a page under another name cannot reach it by DNS rebinding. Every
// request needs a session: the random startup token in the printed URL
// (or the password on the login page) sets an HttpOnly, SameSite=Strict
// cookie; sessions end after an idle time and an absolute time, at most
// MaxSessions live (the oldest ends), and "Sign out" ends one. One gate
// (gate.go) checks every request that is not GET or HEAD before it is
// routed, whatever its content type: its Origin (or Referer) must be the
// server's own when present, and it must carry the session's CSRF token
// in the X-CSRF-Token header or as the first field of a urlencoded or
// multipart form (read through a bounded peek; the handler gets the whole
// body again); handlers never see an unchecked request. A request body
// must arrive at a minimum rate (Config.MinRate over RateWindow), not
// within one fixed time, so that large uploads work and trickling clients
// are cut off. Responses carry a strict Content-Security-Policy (no
// inline script or style, nothing from other origins), no-store and a
// same-origin referrer policy. Uploads are size-limited, stored
// under generated ids (original file names are kept only in the private
// data folder's project.json) and never used as paths; URLs name documents
// by index, never by name. The server log names the method, the route
// pattern and the status only. Everything in the data folder is 0700/0600,
// the runs' public folders included.
//
// The UI speaks English and German, chosen from Accept-Language (i18n.go).
//
// Private files (mapping, key, surrogate CAS, QC reports) leave the
// server only through an explicit POST with a confirmation; originals are
// shown only in the reviewer's views, never in anything public. Projects
// and runs can be deleted (POST with a confirmation; files removed).
package webapp
