// Package layering holds the test of the module's declared layer order:
// every package belongs to a layer, and no package imports one from a
// layer above its own (layering_test.go declares the layers and the
// allowed exceptions, each naming its issue).
package layering
