package engine

// The fictive generators register themselves with package fictive.
import (
	_ "github.com/surrogator/surrogator/surrogator/fictive/contact"
	_ "github.com/surrogator/surrogator/surrogator/fictive/location"
	_ "github.com/surrogator/surrogator/surrogator/fictive/names"
)
