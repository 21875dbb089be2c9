// Package geopack adapts a geodata pack (package geo, built by
// surrogator osmbuild) to the location generators' Gazetteer, so that
// fictive addresses use real municipalities, their streets and postcodes.
package geopack
