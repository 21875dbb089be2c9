package formats

import (
	"errors"

	"github.com/surrogator/surrogator/surrogator/document"
)

func decodeJSONL(data []byte) ([]*document.Document, []error) {
	return nil, []error{errors.New("JSON Lines reader not available yet")}
}
