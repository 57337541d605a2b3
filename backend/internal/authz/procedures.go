package authz

import (
	"slices"
	"strings"

	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"
)

// Procedures lists the Connect procedure name ("/package.Service/Method") of every method of
// every service in files whose package is atelier.*, sorted. It takes the registry rather than
// importing the generated code, which a domain package may not: the caller passes
// protoregistry.GlobalFiles, filled by the generated packages it imports anyway to serve them.
func Procedures(files *protoregistry.Files) []string {
	var out []string
	files.RangeFiles(func(fd protoreflect.FileDescriptor) bool {
		if !strings.HasPrefix(string(fd.Package()), "atelier.") {
			return true
		}
		services := fd.Services()
		for i := range services.Len() {
			sd := services.Get(i)
			methods := sd.Methods()
			for j := range methods.Len() {
				out = append(out, "/"+string(sd.FullName())+"/"+string(methods.Get(j).Name()))
			}
		}
		return true
	})
	slices.Sort(out)
	return out
}
