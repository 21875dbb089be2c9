// Package aero is a client for INCEpTION's remote API (AERO v1, under
// <INCEpTION URL>/api/aero/v1): it lists the projects the user manages,
// lists a project's documents with their states, fetches a document's
// curated annotations (user CURATION_USER) or one annotator's annotations
// in a CAS format, and downloads a whole project export. The results feed
// package formats: a fetched CAS JSON or XMI is the bytes of one document,
// and a project export is the zip that formats.Scan (a Source with Data, or
// zipread.Open over a bytes.Reader) reads.
//
//	c, err := aero.New(aero.Config{BaseURL: "https://inception.example.org/", Username: u, Password: p})
//	projects, err := c.Projects(ctx)
//	docs, err := c.Documents(ctx, projects[0].ID)
//	f, err := c.Curation(ctx, projects[0].ID, docs[0].ID, aero.FormatJSONCAS)
//	var zip bytes.Buffer
//	n, err := c.ExportProject(ctx, projects[0].ID, aero.FormatJSONCAS, &zip)
//
// # The API as INCEpTION serves it
//
// Every JSON answer is an envelope {"messages":[{"level","message"}],
// "body":…}; errors come as an envelope without body and an HTTP status
// (401 wrong credentials, 403 missing role, 404 unknown project or
// document, 400/409/415 refused input, 500 a server exception). Listings
// are not paginated: one answer holds all projects or all documents. The
// curation, annotation and export endpoints answer with the file itself
// (application/octet-stream or application/zip). A project export is
// synchronous: the server builds the whole zip before the first byte, so
// it can take minutes on a large project.
//
// # Safety
//
// Credentials live only in the Client (memory); they are sent as HTTP
// Basic authentication and never appear in an error. Plain http is refused
// except to a loopback host (Config.AllowInsecureHTTP overrides it), and
// redirects are not followed, so the password never goes to another
// address. Errors name the operation and the HTTP status, never the URL, a
// user, project or document name, or the server's own message (see
// StatusError.Messages). Every call takes a context; Config sets a
// per-request timeout and a size limit per kind of answer. Only GET is
// used, and a GET is retried a bounded number of times, with backoff, on
// network failures before an answer and on 429/502/503/504; a download
// into a writer is not retried once a byte has been written.
//
// # Manual check against a real INCEpTION
//
// The tests use an in-process fake server that follows the published API,
// package aerotest (other packages' tests may use it too:
// aerotest.FromExport serves an INCEpTION export zip as its server would).
// To check against a real instance (e.g. the INCEpTION Docker image):
//
//  1. Enable the remote API: add remote-api.enabled=true to
//     settings.properties (in the INCEpTION home, e.g. /export in the
//     Docker image) and restart. HTTP Basic authentication is on by
//     default (remote-api.http-basic.enabled).
//  2. As an administrator, create a user (e.g. "surrogator") under
//     Administration → Users with the roles ROLE_USER and ROLE_REMOTE, and
//     give it the MANAGER role in each project to pull (Project settings →
//     Users); every AERO call needs the manager role, or ROLE_ADMIN.
//  3. Check the API: <URL>/swagger-ui.html lists the operations, and
//     curl -u surrogator <URL>/api/aero/v1/projects answers with the
//     envelope above (401 for a wrong password, 403 without ROLE_REMOTE).
//  4. Run the client against it: SURROGATOR_AERO_URL, SURROGATOR_AERO_USER
//     and SURROGATOR_AERO_PASSWORD set (SURROGATOR_AERO_PROJECT=<id> to
//     pick a project, SURROGATOR_AERO_INSECURE=1 for plain http to another
//     host), go test -v -run 'TestLiveServer$' ./surrogator/inception/aero/
//     checks that a wrong password gives ErrUnauthorized, lists the
//     projects and documents, fetches one curated CAS JSON and reads it,
//     and downloads the project export into a private temporary directory
//     and reads it with package formats. It logs counts, states, sizes and
//     times only, never a name or a text, and is skipped when the
//     variables are unset. TestLiveServerOnFake runs the same check against
//     the fake serving the shared export.
package aero
