// Package testutil holds helpers shared by tests: locating the repository
// root and the reference data in ../shared, and golden-file comparison with
// an -update flag.
package testutil
