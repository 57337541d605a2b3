package api

import (
	"errors"
	"fmt"
	"unicode/utf8"

	"connectrpc.com/connect"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/protobuf/reflect/protoreflect"
)

// Every string that arrives from outside passes one rule before any service sees it, whatever
// its field, transport or route: it is valid UTF-8, holds no NUL (PostgreSQL refuses U+0000 in
// text, and a NUL cut short in one system but not another makes two readings of one value), and
// no invisible format characters that make text display other than it reads — the bidirectional
// controls behind "Trojan Source" spoofing (U+202E turns "gpj.exe" into "exe.jpg"), zero-width
// spaces and other deprecated or invisible format marks. The zero-width joiner and non-joiner
// (U+200D, U+200C) stay: emoji sequences and several scripts need them.
//
// The rule is written once here rather than per field so that a field added to the contract
// tomorrow is covered without anyone remembering to.

// reasonInvalidText is the ErrorInfo reason of a string refused by the rule.
const reasonInvalidText = "invalid_text"

// forbiddenRune reports whether r may not appear in any request string, and names it.
func forbiddenRune(r rune) (string, bool) {
	switch {
	case r == 0:
		return "a NUL character", true
	case r == 0x061C, r == 0x200E, r == 0x200F, // Arabic letter mark, LRM, RLM
		r >= 0x202A && r <= 0x202E, // LRE, RLE, PDF, LRO, RLO
		r >= 0x2066 && r <= 0x2069: // LRI, RLI, FSI, PDI
		return fmt.Sprintf("an invisible text-direction character (U+%04X)", r), true
	case r == 0x200B, // zero-width space
		r >= 0x2060 && r <= 0x2064,   // word joiner, invisible operators
		r >= 0x206A && r <= 0x206F,   // deprecated format characters
		r == 0xFEFF,                  // zero-width no-break space (byte-order mark)
		r >= 0xFFF9 && r <= 0xFFFB,   // interlinear annotation
		r >= 0xE0000 && r <= 0xE007F: // tag characters
		return fmt.Sprintf("an invisible formatting character (U+%04X)", r), true
	}
	return "", false
}

// checkText reports the first forbidden character of s, if any.
func checkText(s string) (string, bool) {
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size <= 1 {
			return "invalid UTF-8", true
		}
		if what, bad := forbiddenRune(r); bad {
			return what, true
		}
		i += size
	}
	return "", false
}

// checkMessageText walks every string of msg — nested messages, lists and map keys and values
// included — and refuses the request at the first forbidden character, naming the field.
func checkMessageText(msg protoreflect.Message) error {
	field, what, bad := findBadText(msg, "")
	if !bad {
		return nil
	}
	message := fmt.Sprintf("%s: contains %s", field, what)
	ce := connect.NewError(connect.CodeInvalidArgument, errors.New(message))
	if d, err := connect.NewErrorDetail(&errdetails.BadRequest{FieldViolations: []*errdetails.BadRequest_FieldViolation{{
		Field: field, Description: "contains " + what,
	}}}); err == nil {
		ce.AddDetail(d)
	}
	return withReason(ce, reasonInvalidText, map[string]string{"field": field})
}

func findBadText(msg protoreflect.Message, prefix string) (field, what string, bad bool) {
	msg.Range(func(fd protoreflect.FieldDescriptor, v protoreflect.Value) bool {
		path := string(fd.Name())
		if prefix != "" {
			path = prefix + "." + path
		}
		switch {
		case fd.IsList():
			list := v.List()
			for i := 0; i < list.Len() && !bad; i++ {
				field, what, bad = checkValue(fd, list.Get(i), fmt.Sprintf("%s[%d]", path, i))
			}
		case fd.IsMap():
			v.Map().Range(func(k protoreflect.MapKey, mv protoreflect.Value) bool {
				if ks, ok := k.Interface().(string); ok {
					if w, b := checkText(ks); b {
						field, what, bad = path, w, true
						return false
					}
				}
				field, what, bad = checkValue(fd.MapValue(), mv, fmt.Sprintf("%s[%q]", path, k.String()))
				return !bad
			})
		default:
			field, what, bad = checkValue(fd, v, path)
		}
		return !bad
	})
	return field, what, bad
}

func checkValue(fd protoreflect.FieldDescriptor, v protoreflect.Value, path string) (string, string, bool) {
	switch fd.Kind() {
	case protoreflect.StringKind:
		if w, bad := checkText(v.String()); bad {
			return path, w, true
		}
	case protoreflect.MessageKind, protoreflect.GroupKind:
		return findBadText(v.Message(), path)
	}
	return "", "", false
}
