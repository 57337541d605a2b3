// Command openapi-binary-bodies corrects what protoc-gen-openapi writes for a request whose
// body is a google.api.HttpBody (an image upload): it documents the body as a JSON string, while
// the REST route takes the raw bytes of any content type. `just gen` runs it on the generated
// documents, so the fix is part of generation and the drift check, never a hand edit.
//
// Usage: openapi-binary-bodies FILE...
package main

import (
	"bytes"
	"fmt"
	"os"
	"regexp"
)

// jsonStringBody is a request body documented as a JSON string. No message of the contract is a
// bare string, so only HttpBody fields are written this way.
var jsonStringBody = regexp.MustCompile(`(?m)^( +requestBody:\n +content:\n)( +)application/json:\n( +schema:\n)( +)type: string\n`)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: openapi-binary-bodies FILE...")
		os.Exit(2)
	}
	for _, path := range os.Args[1:] {
		if err := fix(path); err != nil {
			fmt.Fprintln(os.Stderr, "openapi-binary-bodies:", err)
			os.Exit(1)
		}
	}
}

func fix(path string) error {
	doc, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	out := jsonStringBody.ReplaceAll(doc, []byte("${1}${2}application/octet-stream:\n${3}${4}type: string\n${4}format: binary\n"))
	if bytes.Equal(out, doc) {
		return nil
	}
	return os.WriteFile(path, out, 0o644)
}
